"""Design files: what a designer built, kept as a small TOML file that can be shared (issue 18).

A design holds one category of a room or several: traps (each with the action that springs it:
open, search, walk or use), monsters with their special abilities, treasure (hidden in furniture
or lying in the open), every piece with the name it was given. Nothing in the file is trusted:
on load every piece is priced again and checked by the same rules the room builder keeps
(`RoomBuilder.violations`), and a file that breaks one is refused whole, naming the piece, the
rule and its reason. Whether a design fits a room (its budget, the Floor, the party's weapons)
is decided when a designer draws it (`design_library`).

The same plain data (`design_to_data`) goes into recordings, so a replay never needs the folder.
Files are read with tomllib and written by `design_writing` (hand-formatted: flat and small).

Example::
    name = "Gnawed Larder"
    by = "Ann"

    # traps: 4 points
    [[traps]]
    name = "Loose Shelf"
    on = "search"
    type = "crushing"
    annoy = 2
    pain = 3
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.content import traits
from game.core.errors import FileProblem, printable
from game.core.file_guard import MiB, read_bounded
from game.designers.builder import Purchase, RoomBuilder
from game.mapgen import tables
from game.mapgen.plan import Spot
from game.rules.costs import monster_cost, trap_cost, treasure_cost
from game.rules.purchases import Ability, Monster, Trap, Treasure

CATEGORIES = ("traps", "monsters", "treasure")
ACTIONS = ("open", "search", "walk", "use")
NAME_LIMIT = 40
MAX_DESIGN_BYTES = MiB  # a design is a few hundred bytes
TEXT_LIMIT = 200
# One stand-in spot per action, for the rules that ask where a piece sits: a trap on its action's
# spot, a hidden item in a spot that holds treasure (the real spots are chosen when it is drawn).
_SPOTS = (Spot(0, 0, "open", "door", True), Spot(1, 0, "search", "chest", True), Spot(2, 0, "walk", "floor"),
          Spot(3, 0, "use", "lever"))

_TOP = {"name", "by", "about", *CATEGORIES}
_TRAP = {"name", "on", "host", "kind", "type", "annoy", "pain", "guards_treasure", "unlimited", "universal",
         "continuous"}
_MONSTER = {"name", "level", "type", "abilities"}
_ABILITY = {"name", "type", "annoy", "pain", "resist", "hold", "continuous", "universal"}
_ITEM = {"name", "hidden", "fancy", "value", "heal", "annoy", "pain", "universal", "type"}


@dataclass(frozen=True, slots=True)
class DesignTrap:
    """A trap and where it goes: a spot whose action is `on` (and whose host is `host`, if that
    room has one); `kind` is its row of the trap catalogue, if the designer chose one."""

    trap: Trap
    on: str
    host: str = ""
    kind: str = ""


@dataclass(frozen=True, slots=True)
class DesignTreasure:
    """An item of treasure, hidden in furniture that can hold it or lying in the open."""

    item: Treasure
    hidden: bool = True


@dataclass(frozen=True, slots=True)
class SavedDesign:
    """A design as loaded and checked. A category it does not cover is None."""

    name: str
    traps: tuple[DesignTrap, ...] | None = None
    monsters: tuple[Monster, ...] | None = None
    treasure: tuple[DesignTreasure, ...] | None = None
    by: str = ""
    about: str = ""

    def covers(self, category: str) -> bool:
        return getattr(self, category) is not None

    def cost(self, category: str) -> int:
        """The points this design spends on `category`, priced by the rules (0 if it has none)."""
        if category == "traps":
            return sum(trap_cost(t.trap) for t in self.traps or ())
        if category == "monsters":
            return sum(monster_cost(m) for m in self.monsters or ())
        return sum(treasure_cost(i.item) for i in self.treasure or ())


class DesignProblem(FileProblem):
    """A design file that cannot be used (exit 3): what, where, and the rule it breaks."""


# ----- reading --------------------------------------------------------------------------------------
def _refuse(where: str, what: str, rule: str, reason: str) -> DesignProblem:
    return DesignProblem(f"{where}: {what} breaks the rule '{rule}': {reason}")


def _keys(table: Any, allowed: set[str], where: str, what: str) -> Mapping[str, Any]:
    if not isinstance(table, dict):
        raise _refuse(where, what, "format", "expected a table of keys")
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise _refuse(where, what, "format", f"unknown key '{unknown[0]}' (known: {', '.join(sorted(allowed))})")
    return table


def _get(table: Mapping[str, Any], key: str, kind: type, default: Any, where: str, what: str) -> Any:
    value = table.get(key, default)
    if kind is int and isinstance(value, bool) or not isinstance(value, kind):
        raise _refuse(where, what, "format", f"'{key}' must be {_KIND_WORDS[kind]}")
    if kind is str and len(value) > (TEXT_LIMIT if key == "about" else NAME_LIMIT):
        raise _refuse(where, what, "format", f"'{key}' is too long")
    if kind is str and not value.isprintable():  # a friend's file: its names go raw to the screen and the log
        raise _refuse(where, what, "format", f"'{key}' must be plain text, not control characters")
    if kind is int and not 0 <= value <= 99:
        raise _refuse(where, what, "format", f"'{key}' must be a whole number from 0 to 99")
    return value


_KIND_WORDS = {int: "a whole number", bool: "true or false", str: "text", list: "a list"}


def _label(category: str, index: int, name: str) -> str:
    noun = {"traps": "trap", "monsters": "monster", "treasure": "item"}[category]
    return f"{noun} {index + 1}" + (f" ({name})" if name else "")


def _trap(raw: Any, i: int, where: str) -> DesignTrap:
    what = _label("traps", i, raw.get("name", "") if isinstance(raw, dict) else "")
    t = _keys(raw, _TRAP, where, what)
    on = _get(t, "on", str, "", where, what)
    if on not in ACTIONS:
        raise _refuse(where, what, "spot", f"'on' names the action that springs it: one of {', '.join(ACTIONS)}")
    trap = Trap(_get(t, "type", str, "", where, what), _get(t, "annoy", int, 2, where, what),
                _get(t, "pain", int, 0, where, what), _get(t, "guards_treasure", bool, False, where, what),
                _get(t, "unlimited", bool, False, where, what), _get(t, "universal", bool, False, where, what),
                _get(t, "continuous", bool, False, where, what), _get(t, "name", str, "", where, what))
    return DesignTrap(trap, on, _get(t, "host", str, "", where, what), _get(t, "kind", str, "", where, what))


def _monster(raw: Any, i: int, where: str) -> Monster:
    what = _label("monsters", i, raw.get("name", "") if isinstance(raw, dict) else "")
    m = _keys(raw, _MONSTER, where, what)
    abilities = []
    for j, a_raw in enumerate(_get(m, "abilities", list, [], where, what)):
        a_what = f"{what}, ability {j + 1}"
        a = _keys(a_raw, _ABILITY, where, a_what)
        resist = _get(a, "resist", list, [], where, a_what)
        if not all(isinstance(r, str) for r in resist):
            raise _refuse(where, a_what, "format", "'resist' is a list of Types")
        abilities.append(Ability(_get(a, "type", str, "", where, a_what), _get(a, "annoy", int, 2, where, a_what),
                                 _get(a, "pain", int, 0, where, a_what), tuple(resist),
                                 _get(a, "hold", bool, False, where, a_what),
                                 _get(a, "continuous", bool, False, where, a_what),
                                 _get(a, "universal", bool, False, where, a_what),
                                 _get(a, "name", str, "", where, a_what)))
    return Monster(_get(m, "level", int, 1, where, what), _get(m, "type", str, "claws", where, what),
                   tuple(abilities), _get(m, "name", str, "", where, what))


def _item(raw: Any, i: int, where: str) -> DesignTreasure:
    what = _label("treasure", i, raw.get("name", "") if isinstance(raw, dict) else "")
    t = _keys(raw, _ITEM, where, what)
    item = Treasure(_get(t, "fancy", bool, False, where, what), _get(t, "value", int, 0, where, what),
                    _get(t, "heal", int, 0, where, what), _get(t, "annoy", int, 0, where, what),
                    _get(t, "pain", int, 0, where, what), _get(t, "universal", bool, False, where, what),
                    _get(t, "type", str, "", where, what), _get(t, "name", str, "", where, what))
    return DesignTreasure(item, _get(t, "hidden", bool, True, where, what))


def _check_rules(category: str, pieces: Sequence[Any], where: str) -> None:
    """Every rule of the room builder, for each piece (the Floor and the party come later)."""
    builder = RoomBuilder(category, 0, 1, traits().attack_types, _SPOTS)
    for i, piece in enumerate(pieces):
        if category == "traps":
            purchase = Purchase(piece.trap, ACTIONS.index(piece.on))
            if piece.trap.type and piece.kind and not _kind_fits(piece):
                raise _refuse(where, _label(category, i, piece.trap.name), "kind",
                              f"the trap kind '{piece.kind}' is not one of the catalogue's, or not on '{piece.on}'")
        elif category == "monsters":
            purchase = Purchase(piece)
            if piece.type not in traits().types:
                raise _refuse(where, _label(category, i, piece.name), "type", f"there is no Type called {piece.type}")
        else:
            purchase = Purchase(piece.item, 1 if piece.hidden else -1)
        broken = builder.violations(purchase)
        if broken:
            name = purchase.item.name
            raise _refuse(where, _label(category, i, name), broken[0].rule, broken[0].reason)


def _kind_fits(piece: DesignTrap) -> bool:
    kind = tables.traps().get(piece.kind)
    return kind is not None and piece.on in kind.sits_on


def parse_design(data: Any, where: str) -> SavedDesign:
    """A design from its plain data (a TOML file's or a recording's), checked by the rules;
    DesignProblem (exit 3) naming `where`, the piece, the rule and its reason."""
    top = _keys(data, _TOP, where, "the design")
    name = _get(top, "name", str, "", where, "the design").strip()
    if not name:
        raise _refuse(where, "the design", "name", "a design needs a name (name = \"...\")")
    parts: dict[str, Any] = {}
    for category, read in (("traps", _trap), ("monsters", _monster), ("treasure", _item)):
        if category not in top:
            continue
        raw = top[category]
        if not isinstance(raw, list) or not raw:
            raise _refuse(where, category, "format", f"[[{category}]] lists at least one piece")
        pieces = tuple(read(r, i, where) for i, r in enumerate(raw))
        _check_rules(category, pieces, where)
        parts[category] = pieces
    if not parts:
        raise _refuse(where, "the design", "empty", "it has no traps, monsters or treasure")
    return SavedDesign(name, parts.get("traps"), parts.get("monsters"), parts.get("treasure"),
                       _get(top, "by", str, "", where, "the design"), _get(top, "about", str, "", where, "the design"))


def read_design(path: Path) -> SavedDesign:
    try:  # bounded (issue 17): a regular file of at most MAX_DESIGN_BYTES, never a FIFO or /dev/zero
        data = tomllib.loads(read_bounded(path, MAX_DESIGN_BYTES, "design file").decode("utf-8-sig"))  # Notepad's too
    except FileProblem as exc:
        raise DesignProblem(str(exc)) from None
    except (tomllib.TOMLDecodeError, RecursionError) as exc:
        raise DesignProblem(f"{printable(str(path))}: is not readable TOML ({exc})") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DesignProblem(f"{printable(str(path))}: cannot be read ({exc})") from None
    return parse_design(data, str(path))


def load_designs(folder: str | Path) -> tuple[SavedDesign, ...]:
    """Every `*.toml` design in `folder`, in file-name order (the order draws are made in). One
    broken file refuses the whole folder: a table never plays with half of what it was given. So
    does anything else named like a design (a folder, a pipe, a link to nothing), named in the
    refusal; a pipe is never waited on. A hidden name that is not a regular file (the link an
    editor leaves as `.#a.toml` while a.toml is open) is left alone."""
    root = Path(folder)
    if not root.is_dir():
        raise DesignProblem(f"{root}: is not a folder of design files")
    try:  # not glob: it takes a folder it may not read for an empty one
        names = os.listdir(root)
    except OSError as exc:
        raise DesignProblem(f"{printable(str(root))}: cannot be read ({exc.strerror or exc})") from None
    named = [root / n for n in names if n.endswith(".toml")]
    files = sorted(p for p in named if not p.name.startswith(".") or p.is_file())
    if not files:
        raise DesignProblem(f"{root}: holds no design files (*.toml)")
    designs = tuple(read_design(p) for p in files)
    check_unique(designs, str(root))
    return designs


def check_unique(designs: Sequence[SavedDesign], where: str) -> None:
    """Designs are named in `generate --json` and in the log: two with one name would be mixed up."""
    seen: set[str] = set()
    for d in designs:
        if d.name in seen:
            raise _refuse(where, f"the design '{d.name}'", "name", "two designs have this name")
        seen.add(d.name)


# ----- writing ----------------------------------------------------------------------------------------
def design_to_data(design: SavedDesign) -> dict[str, Any]:
    """The design as plain data (the TOML file's tables), defaults left out."""
    out: dict[str, Any] = {"name": design.name}
    if design.by:
        out["by"] = design.by
    if design.about:
        out["about"] = design.about
    if design.traps is not None:
        out["traps"] = [_trap_data(t) for t in design.traps]
    if design.monsters is not None:
        out["monsters"] = [_monster_data(m) for m in design.monsters]
    if design.treasure is not None:
        out["treasure"] = [_item_data(i) for i in design.treasure]
    return out


def _trimmed(pairs: Sequence[tuple[str, Any, Any]]) -> dict[str, Any]:
    """(key, value, default): keys whose value is not the default (names always kept when set)."""
    return {k: v for k, v, default in pairs if v != default}


def _trap_data(t: DesignTrap) -> dict[str, Any]:
    x = t.trap
    return _trimmed((("name", x.name, ""), ("on", t.on, None), ("host", t.host, ""), ("kind", t.kind, ""),
                     ("type", x.type, None), ("annoy", x.annoy, None), ("pain", x.pain, None),
                     ("guards_treasure", x.guards_treasure, False), ("unlimited", x.unlimited, False),
                     ("universal", x.universal, False), ("continuous", x.continuous, False)))


def _ability_data(a: Ability) -> dict[str, Any]:
    return _trimmed((("name", a.name, ""), ("type", a.type, None), ("annoy", a.annoy, None), ("pain", a.pain, None),
                     ("resist", list(a.resist), []), ("hold", a.hold, False), ("continuous", a.continuous, False),
                     ("universal", a.universal, False)))


def _monster_data(m: Monster) -> dict[str, Any]:
    out = _trimmed((("name", m.name, ""), ("level", m.level, None), ("type", m.type, None)))
    if m.abilities:
        out["abilities"] = [_ability_data(a) for a in m.abilities]
    return out


def _item_data(i: DesignTreasure) -> dict[str, Any]:
    x = i.item
    return _trimmed((("name", x.name, ""), ("hidden", i.hidden, None), ("fancy", x.fancy, None),
                     ("value", x.value, 0), ("heal", x.heal, 0), ("annoy", x.annoy, 0), ("pain", x.pain, 0),
                     ("universal", x.universal, False), ("type", x.type, "")))


def designs_from_data(items: Any, where: str) -> tuple[SavedDesign, ...]:
    """The designs a recording carries (a list of `design_to_data` tables), each checked as a
    file would be: a recording is a file from elsewhere too."""
    if not isinstance(items, list) or len(items) > 1000:
        raise DesignProblem(f"{where}: its designs are damaged (expected a list of designs)")
    designs = tuple(parse_design(d, f"{where}: design {i + 1}") for i, d in enumerate(items))
    check_unique(designs, where)
    return designs
