"""A Dungeon Game's morale check for monsters, as a pure rule: a d20 against 10 + Level."""

from __future__ import annotations

MORALE_DIE = 20  # rolled as written, whatever the die-size dial says
MORALE_BASE = 10


def morale_mark(level: int) -> int:
    """The roll a monster of `level` rallies on: 10 + Level, or the die's top from Level 11 on
    (past the die, such a monster rallies on a 20 and never flees)."""
    return min(MORALE_BASE + level, MORALE_DIE)


def morale_result(roll: int, level: int) -> str:
    """"holds" under `morale_mark`, "rallies" on exactly it, "flees" above it."""
    mark = morale_mark(level)
    if roll < mark:
        return "holds"
    return "rallies" if roll == mark else "flees"
