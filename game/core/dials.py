"""The dials of DESIGN.md §3: every optional rule in one value, stored in the recording header
and shown on the character sheet. `--dial name=value` and the options screen both land here."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields, replace

from game.core.errors import UsageError

DIE_SIZES = (4, 6, 8, 10, 12, 20)  # the die sizes Donjon plays with

SERIOUSNESS = ("over-the-top", "goofy", "light", "grim", "gritty", "rust-and-blood")


@dataclass(frozen=True, slots=True)
class Dials:
    die: int = 6  # Donjon: every die in the game has this many sides
    seriousness: int = 3  # Donjon: 1 over-the-top ... 6 rust-and-blood
    # Donjon's Law of Successes. Off by default: its extra Pain dice on a lost conflict change the
    # Pain pools Fungeon prices traps and abilities by (DESIGN.md: dials on where they keep Fungeon).
    successes: bool = False
    design: str = "auto"  # ask | auto: does a human seat build the rooms it wins?
    morale: bool = True  # A Dungeon Game
    surprise: bool = True
    wandering: bool = True
    reactions: bool = True
    light: bool = True
    narration_prompts: bool = True  # hot-seat: ask the narrating human for a line
    theme: str = "catacombs"

    def as_dict(self) -> dict[str, object]:
        return asdict(self)

    def describe(self) -> list[str]:
        """One line per dial for the hero sheet and the options screen."""
        out = []
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "die":
                value = f"d{value}"
            elif f.name == "seriousness":
                value = f"{value} ({SERIOUSNESS[value - 1]})"
            elif isinstance(value, bool):
                value = "on" if value else "off"
            out.append(f"{f.name}: {value}")
        return out


THEMES = ("catacombs", "forest", "tower", "necropolis", "caverns")
_TRUE = {"on", "yes", "true", "1"}
_FALSE = {"off", "no", "false", "0"}


def set_dial(dials: Dials, name: str, text: str) -> Dials:
    """`dials` with `name` set from its text form, or a UsageError saying what is allowed."""
    known = {f.name: f for f in fields(Dials)}
    if name not in known:
        raise UsageError(f"unknown dial '{name}' (dials: {', '.join(sorted(known))})")
    current = getattr(dials, name)
    text = text.strip().lower()
    if isinstance(current, bool):
        if text not in _TRUE | _FALSE:
            raise UsageError(f"dial {name} is on or off, not '{text}'")
        return replace(dials, **{name: text in _TRUE})
    if name == "die":
        value = text.removeprefix("d")
        if not value.isdigit() or int(value) not in DIE_SIZES:
            raise UsageError(f"dial die must be one of {', '.join(map(str, DIE_SIZES))}, not '{text}'")
        return replace(dials, die=int(value))
    if name == "seriousness":
        if not text.isdigit() or not 1 <= int(text) <= 6:
            raise UsageError(f"dial seriousness is 1 to 6, not '{text}'")
        return replace(dials, seriousness=int(text))
    if name == "design":
        if text not in ("ask", "auto"):
            raise UsageError(f"dial design is ask or auto, not '{text}'")
        return replace(dials, design=text)
    if name == "theme":
        if text not in THEMES:
            raise UsageError(f"dial theme is one of {', '.join(THEMES)}, not '{text}'")
        return replace(dials, theme=text)
    raise UsageError(f"dial {name} cannot be set")  # pragma: no cover - every field is handled


def parse_dials(pairs: Iterable[tuple[str, str]], base: Dials | None = None) -> Dials:
    """`--dial name=value ...` on `base`; a dial given twice with two values is a UsageError
    (one of them would be dropped unsaid)."""
    dials = base or Dials()
    given: dict[str, Dials] = {}
    for name, value in pairs:
        dials = set_dial(dials, name, value)
        set_alone = set_dial(Dials(), name, value)
        if name in given and given[name] != set_alone:
            raise UsageError(f"--dial {name} is given twice, with two values: give it once")
        given[name] = set_alone
    return dials


def dials_from_dict(data: dict[str, object]) -> Dials:
    """Dials from a recording header; unknown keys are refused by the caller's version check."""
    known = {f.name for f in fields(Dials)}
    return Dials(**{k: v for k, v in data.items() if k in known})  # type: ignore[arg-type]
