"""A Dungeon Game's morale check for monsters, as a pure rule: a d20 against 10 + Level."""

from __future__ import annotations

MORALE_DIE = 20  # rolled as written, whatever the die-size dial says
MORALE_BASE = 10


def morale_result(roll: int, level: int) -> str:
    """"holds" under 10 + Level, "rallies" on exactly 10 + Level, "flees" above it. From Level
    11 on, 10 + Level is past the die: such a monster rallies on a 20 and never flees."""
    mark = min(MORALE_BASE + level, MORALE_DIE)
    if roll < mark:
        return "holds"
    return "rallies" if roll == mark else "flees"
