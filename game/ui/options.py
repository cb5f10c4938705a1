"""The player's options: one TOML file in the user config directory, written atomically.

A file that cannot be read as TOML is moved aside as ``options.toml.bad`` (``.bad.2`` and so on:
an earlier copy is never overwritten) and the defaults are used, with one line saying so. The
file is read bounded (a regular file of at most MAX_BYTES), and every value is checked against
its type: a TOML date or a nested table where a name was expected is named and dropped, never
carried into a later save it would break. A single bad value falls back to its default and is named in
that line; the rest of the file still counts. Keys this version does not know are kept and
written back, so options of other parts of the game (and of newer versions) survive a save.

The directory is `core.paths.config_dir`: platformdirs' user config directory for "masterless",
``$MASTERLESS_HOME/config``, or the directory named by ``MASTERLESS_CONFIG_DIR`` (tests, portable
installs).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from game.core import paths
from game.core.errors import FileProblem, printable
from game.core.file_guard import MiB, read_bounded, set_aside
from game.core.paths import atomic_write

APP_NAME = "masterless"
OPTIONS_FILE = "options.toml"

COLOR_MODE_CHOICES = ("auto", "truecolor", "256", "16", "none")
PALETTE_CHOICES = ("default", "colorblind", "high_contrast")
GLYPH_CHOICES = ("auto", "unicode", "ascii")
KEY_LAYOUT_CHOICES = ("arrows+numpad+vi", "arrows+numpad", "arrows+vi", "arrows")
ESC_DELAY_CHOICES = (0, 10, 25, 50, 100)
MAX_BYTES = MiB  # an options file is a few hundred bytes


@dataclass(frozen=True)
class Options:
    """Every option the front end knows. ``keys`` holds only the actions the player rebound."""

    color_mode: str = "auto"
    palette: str = "default"
    glyphs: str = "auto"
    key_layout: str = "arrows+numpad+vi"
    esc_delay_ms: int = 10
    hide_seed: bool = False
    hallway_after_room: bool = True
    keys: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)

    def with_changes(self, **changes: Any) -> Options:
        return replace(self, **changes)


CHOICES: dict[str, tuple[Any, ...]] = {
    "color_mode": COLOR_MODE_CHOICES,
    "palette": PALETTE_CHOICES,
    "glyphs": GLYPH_CHOICES,
    "key_layout": KEY_LAYOUT_CHOICES,
    "esc_delay_ms": ESC_DELAY_CHOICES,
    "hide_seed": (False, True),
    "hallway_after_room": (True, False),
}


@dataclass(frozen=True)
class LoadedOptions:
    options: Options
    path: Path
    problem: str | None = None  # one line for the player, or None when all was well


def config_dir(env: Mapping[str, str] | None = None) -> Path:
    """`core.paths.config_dir`: MASTERLESS_CONFIG_DIR, else MASTERLESS_HOME/config, else the
    platform's (one rule for every file the game keeps)."""
    return paths.config_dir(env)


def options_path(env: Mapping[str, str] | None = None) -> Path:
    return config_dir(env) / OPTIONS_FILE


# -- reading --------------------------------------------------------------------------------


def options_from_mapping(data: Mapping[str, Any]) -> tuple[Options, list[str]]:
    """Build Options from parsed TOML; returns the options and a list of complaints."""
    complaints: list[str] = []
    values: dict[str, Any] = {}
    known = [f.name for f in fields(Options) if f.name not in ("keys", "extra")]  # in order: the complaints' too
    for name in known:
        if name not in data:
            continue
        value = data[name]
        choices = CHOICES[name]
        if (isinstance(value, bool) != isinstance(choices[0], bool) or not isinstance(value, str | int)
                or value not in choices):
            shown = ", ".join(str(c).lower() if isinstance(c, bool) else str(c) for c in choices)
            value_text = printable(repr(value))[:40]
            complaints.append(f"{name} = {value_text} is not one of {shown}")
            continue
        values[name] = value
    keys: dict[str, tuple[str, ...]] = {}
    raw_keys = data.get("keys", {})
    if not isinstance(raw_keys, Mapping):
        complaints.append("[keys] should be a table of action = [\"key\", ...]")
        raw_keys = {}
    for action, bound in raw_keys.items():
        if isinstance(bound, str):
            bound = [bound]
        if not (isinstance(bound, list) and bound and all(isinstance(k, str) and k for k in bound)):
            complaints.append(f"keys.{printable(str(action))} should be a list of key names")
            continue
        keys[str(action)] = tuple(bound)
    extra = {}
    for k, v in data.items():
        if k in known or k == "keys":
            continue
        if _writable(v):
            extra[k] = v
        else:
            complaints.append(f"{printable(str(k))} holds a value the options file does not keep (a date or time)")
    return Options(**values, keys=keys, extra=extra), complaints


def _writable(value: Any, depth: int = 0) -> bool:
    """Whether `dump_toml` can write `value` back (options of newer versions survive a save)."""
    if depth > 8:
        return False
    if isinstance(value, bool | int | float | str):
        return True
    if isinstance(value, list):
        return all(_writable(v, depth + 1) for v in value)
    if isinstance(value, Mapping):
        return all(_writable(v, depth + 1) for v in value.values())
    return False


def load_options(path: Path | None = None) -> LoadedOptions:
    """Read the options file; never raises for a bad file (see the module docstring)."""
    path = options_path() if path is None else path
    if not path.exists() and not path.is_symlink():
        return LoadedOptions(Options(), path)
    import tomllib  # start-up: loaded only when there is an options file to read

    try:
        text = read_bounded(path, MAX_BYTES, "options file").decode("utf-8-sig")  # -sig: as Notepad saves it
        data = tomllib.loads(text)
    except FileProblem as exc:  # not a regular file, too large: left where it is
        return LoadedOptions(Options(), path, f"could not read the options file: {exc}; using defaults")
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError) as exc:
        bad = set_aside(path)
        kept = f"kept it as {printable(str(bad))}" if bad is not None else "could not move it aside"
        why = "not UTF-8" if isinstance(exc, UnicodeDecodeError) else printable(str(exc))
        return LoadedOptions(Options(), path, f"options file {printable(str(path))} is corrupt ({why}); {kept}; "
                                              "using defaults")
    options, complaints = options_from_mapping(data)
    problem = None
    if complaints:
        problem = f"options file {path}: {'; '.join(complaints)}; using the default there"
    return LoadedOptions(options, path, problem)


# -- writing --------------------------------------------------------------------------------


def _toml_key(key: str) -> str:
    if key and all(c.isalnum() or c in "-_" for c in key):
        return key
    return _toml_value(key)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        out = ['"']
        for ch in value:
            if ch == '"':
                out.append('\\"')
            elif ch == "\\":
                out.append("\\\\")
            elif ord(ch) < 32 or ord(ch) == 127:
                out.append(f"\\u{ord(ch):04x}")
            else:
                out.append(ch)
        out.append('"')
        return "".join(out)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_toml_key(str(k))} = {_toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {type(value).__name__} to TOML")


def dump_toml(data: Mapping[str, Any], _prefix: str = "") -> str:
    """A small TOML writer for what options hold: scalars, lists, and tables of those."""
    lines: list[str] = []
    tables: list[tuple[str, Mapping[str, Any]]] = []
    for key, value in data.items():
        if isinstance(value, Mapping):
            tables.append((key, value))
        else:
            lines.append(f"{_toml_key(str(key))} = {_toml_value(value)}")
    for key, table in tables:
        name = f"{_prefix}{_toml_key(str(key))}"
        body = dump_toml(table, name + ".")
        lines.append("")
        lines.append(f"[{name}]")
        if body:
            lines.append(body)
    return "\n".join(lines).strip("\n")


def options_to_toml(options: Options) -> str:
    data: dict[str, Any] = {
        "color_mode": options.color_mode,
        "palette": options.palette,
        "glyphs": options.glyphs,
        "key_layout": options.key_layout,
        "esc_delay_ms": options.esc_delay_ms,
        "hide_seed": options.hide_seed,
        "hallway_after_room": options.hallway_after_room,
    }
    data.update({k: v for k, v in options.extra.items() if not isinstance(v, Mapping)})
    data.update({k: v for k, v in options.extra.items() if isinstance(v, Mapping)})
    data["keys"] = {action: list(keys) for action, keys in sorted(options.keys.items())}
    header = (
        "# Masterless options. Edit while the game is closed, or use the options screen.\n"
        "# [keys] lists only the actions you rebound: action = [\"key\", ...].\n"
    )
    return header + dump_toml(data) + "\n"


def save_options(options: Options, path: Path | None = None) -> Path:
    path = options_path() if path is None else path
    atomic_write(path, options_to_toml(options).encode("utf-8"), shared=True)  # a crash leaves the old file or the new
    return path
