"""Loading the TOML content of `data/` (and the game's own `assets/`), with errors that name
the file and the key.

Parsing that TOML was most of a new game's set-up (about 20 ms of a 430 ms start), so each
file's parse is kept the way Python keeps bytecode: beside it, in `__pycache__`, as marshal
data, together with the digest of the exact bytes it was parsed from. A kept parse is used only
when that digest matches the file as it is now. When the cache cannot be read or written
(read-only install, full disk, PYTHONDONTWRITEBYTECODE), the file is just parsed; tomllib itself
is loaded only then.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import marshal
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.errors import DataError, FileProblem
from game.core.file_guard import MiB, read_bounded
from game.core.paths import atomic_write

DATA_DIR = Path(__file__).resolve().parents[2] / "data"
MAX_CONTENT_BYTES = 16 * MiB  # a content file, or its kept parse: the largest is tens of kilobytes


@functools.cache
def load(name: str) -> dict[str, Any]:
    """The parsed `data/<name>.toml` (cached: content never changes while the game runs)."""
    path = DATA_DIR / f"{name}.toml"
    return parse_kept(path)


def kept_parse_path(path: Path) -> Path:
    """Where the parse of `path` is kept (marshal's format belongs to the Python that wrote it)."""
    return path.parent / "__pycache__" / f"{path.name}.{sys.implementation.cache_tag}.marshal"


def parse_kept(path: Path) -> dict[str, Any]:
    """`path` parsed as TOML, from the kept parse when it was made from these very bytes. Bad
    TOML is a DataError naming the file; a file that cannot be read (missing, a pipe or a device
    in its place, which would be waited on for ever, or too large) is a FileProblem naming it."""
    data = read_bounded(path, MAX_CONTENT_BYTES, "data file")
    digest = hashlib.blake2b(data, digest_size=16).digest()
    kept = kept_parse_path(path)
    try:  # bounded, and never a pipe or a device: one in its place would be waited on for ever
        kept_digest, parsed = marshal.loads(read_bounded(kept, MAX_CONTENT_BYTES, "kept parse"))
        if kept_digest == digest and isinstance(parsed, dict):
            return parsed
    except (FileProblem, EOFError, ValueError, TypeError):  # none kept yet, or not one we wrote
        pass
    import tomllib  # start-up: only a file without a kept parse is parsed

    try:
        parsed = tomllib.loads(data.decode())
    except UnicodeDecodeError as exc:  # a damaged or foreign file: one line, not an internal error
        raise DataError(f"{path}: is not UTF-8 text (byte {data[exc.start]:#04x} at {exc.start})") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: {exc}") from None
    if not sys.dont_write_bytecode:  # OSError: read-only or full; ValueError: a date, which marshal cannot keep
        with contextlib.suppress(OSError, ValueError):
            # shared: two copies starting at once each keep theirs, and a killed one's temp file is swept
            atomic_write(kept, marshal.dumps((digest, parsed)), durable=False, shared=True)
    return parsed


def require(table: dict[str, Any], key: str, kind: type, where: str) -> Any:
    """`table[key]`, checked to be of `kind`, or a DataError naming `where.key`."""
    if key not in table:
        raise DataError(f"{where}: missing key '{key}'")
    value = table[key]
    if not isinstance(value, kind):
        raise DataError(f"{where}.{key}: expected {kind.__name__}, got {type(value).__name__}")
    return value


@dataclass(frozen=True, slots=True)
class Trait:
    name: str
    types: tuple[str, ...]
    actions: tuple[str, ...]
    attack: str | None
    hinders_types: tuple[str, ...] = ()  # a negative trait: rolls against these Types lose a die
    hinders_actions: tuple[str, ...] = ()
    highest: str = ""  # the words at the top degree where English does not say "the most <trait>"


@dataclass(frozen=True, slots=True)
class Traits:
    traits: dict[str, Trait]
    races: dict[str, tuple[str, ...]]
    classes: dict[str, tuple[tuple[str, ...], str]]
    degrees: tuple[str, ...]
    types: tuple[str, ...]
    attack_types: tuple[str, ...]
    ranged_types: frozenset[str]  # attack Types that reach across a room
    from_afar: dict[str, str]  # a ranged Type -> what its blow from afar does in the log ("shoots")
    flaws: dict[str, str] = field(default_factory=dict)  # race -> the negative trait all its members carry

    def describe(self, chosen: tuple[str, ...]) -> list[str]:
        """'very strong', 'cunning': each distinct trait with its degree (times picked)."""
        out = []
        for t in dict.fromkeys(chosen):
            degree = min(chosen.count(t), len(self.degrees)) - 1
            highest = self.traits[t].highest if t in self.traits else ""
            if highest and degree == len(self.degrees) - 1:
                out.append(highest)  # the book's "the [trait]est": "the strongest", not "the most strong"
            else:
                out.append(f"{self.degrees[degree]} {t.replace('_', ' ')}".strip())
        return out


@functools.cache
def traits() -> Traits:
    """Races, classes, traits and Types, validated against each other."""
    raw = load("traits")
    types_raw = require(load("types"), "types", dict, "types.toml")
    types = tuple(sorted(types_raw))
    attack_types = tuple(sorted(t for t, v in types_raw.items() if v.get("attack")))
    ranged_types = frozenset(t for t, v in types_raw.items() if v.get("ranged"))
    from_afar = {t: str(v.get("from_afar", "shoots")) for t, v in sorted(types_raw.items()) if v.get("ranged")}
    table = {}
    for name, body in sorted(require(raw, "traits", dict, "traits.toml").items()):
        where = f"traits.toml traits.{name}"
        for key in ("types", "actions"):
            for value in body.get(key, []):
                if key == "types" and value not in types_raw:
                    raise DataError(f"{where}.types: unknown Type '{value}'")
        attack = body.get("attack")
        if attack is not None and attack not in attack_types:
            raise DataError(f"{where}.attack: '{attack}' is not an attack Type")
        table[name] = Trait(name, tuple(body.get("types", [])), tuple(body.get("actions", [])), attack,
                            tuple(body.get("hinders_types", [])), tuple(body.get("hinders_actions", [])),
                            body.get("highest", ""))
    races = {}
    for race, names in sorted(require(raw, "races", dict, "traits.toml").items()):
        for t in names:
            if t not in table:
                raise DataError(f"traits.toml races.{race}: unknown trait '{t}'")
        races[race] = tuple(names)
    classes = {}
    for klass, body in sorted(require(raw, "classes", dict, "traits.toml").items()):
        where = f"traits.toml classes.{klass}"
        names = require(body, "traits", list, where)
        for t in names:
            if t not in table:
                raise DataError(f"{where}.traits: unknown trait '{t}'")
        attack = require(body, "attack", str, where)
        if attack not in attack_types:
            raise DataError(f"{where}.attack: '{attack}' is not an attack Type")
        classes[klass] = (tuple(names), attack)
    flaws = dict(sorted(raw.get("flaws", {}).items()))
    for race, flaw in flaws.items():
        if race not in races or flaw not in table:
            raise DataError(f"traits.toml flaws.{race}: unknown race or trait '{flaw}'")
    return Traits(table, races, classes, tuple(raw.get("degrees", [""])), types, attack_types, ranged_types,
                  from_afar, flaws)
