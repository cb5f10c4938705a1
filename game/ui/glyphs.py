"""Glyph sets: one character per thing on screen, from ``assets/glyphs/<set>.toml``.

Two sets: ``unicode`` and ``ascii``. Neither holds a character of ambiguous East Asian width
(box drawing, most arrows and blocks are ambiguous, so a CJK-configured terminal would draw
them two cells wide and break every line), nor a wide or combining one; ``ascii`` is printable
ASCII only.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache

from game.core.content import parse_kept
from game.core.errors import DataError
from game.ui.palette import ASSETS

GLYPH_DIR = ASSETS / "glyphs"
GLYPH_SETS = ("unicode", "ascii")

# Every role a glyph set must define: what the front end draws itself. The map's tiles are drawn
# from the theme (data/themes.toml); the demo room draws a few of them from here.
GLYPH_ROLES: dict[str, str] = {
    "floor": "room floor",
    "wall": "wall",
    "door_closed": "closed door",
    "stairs_down": "downward stair",
    "entrance": "the dungeon's entrance",
    "hero": "a hero",
    "monster": "a monster without a letter of its own",
    "trap": "a found trap",
    "treasure": "treasure on the ground",
    "chest": "chest",
    "fountain": "fountain",
    "selector": "the selected menu entry",
    "more_above": "more text above",
    "more_below": "more text below",
    "die_thwacko": "marks a Thwack-O die",
    "rank_winner": "marks the winner of a rank",
}


def is_single_width(char: str) -> bool:
    """True for one printable character that every terminal draws one cell wide."""
    if len(char) != 1:
        return False
    if unicodedata.category(char)[0] in ("C", "M", "Z") and char != " ":
        return False
    return unicodedata.east_asian_width(char) in ("N", "Na", "H")


@dataclass(frozen=True)
class Glyphs:
    """A glyph set: ``glyphs["wall"]`` is a one-character string, ``glyphs.code("wall")`` its codepoint."""

    name: str
    chars: dict[str, str]

    def __getitem__(self, role: str) -> str:
        return self.chars[role]

    def code(self, role: str) -> int:
        return ord(self.chars[role])


@cache
def load_glyphs(name: str) -> Glyphs:
    if name not in GLYPH_SETS:
        raise DataError(f"unknown glyph set {name!r}: choose one of {', '.join(GLYPH_SETS)}")
    path = GLYPH_DIR / f"{name}.toml"
    raw = parse_kept(path).get("glyphs", {})  # a file that cannot be read is a FileProblem naming it
    missing = [role for role in GLYPH_ROLES if role not in raw]
    if missing:
        raise DataError(f"{path}: missing glyphs {', '.join(missing)}")
    for role, char in raw.items():
        if not (isinstance(char, str) and is_single_width(char)):
            raise DataError(f"{path}: glyphs.{role} = {char!r} is not one single-width character")
        if name == "ascii" and not (32 <= ord(char) < 127):
            raise DataError(f"{path}: glyphs.{role} = {char!r} is not printable ASCII")
    return Glyphs(name, dict(raw))
