"""What a run scores: one number, made the same way for the end screen, the morgue file, the
high-score list and the per-seed tables, so no two of them can disagree.

DESIGN.md §2 makes the score the value banked, "with deepest floor and rooms cleared beside it".
Decision (issue 14: three finished runs all scored 0, a run that reached Floor 6 and fell scored
the same as one that never went in): the score counts what the run achieved, in three parts:
- brought home: the value banked in town, less the trade value of the kits the heroes set out
  with (engine.kits), never below 0: selling the kit back is no achievement; a party that falls
  banks nothing, the dungeon keeps its loot;
- depth: DEPTH_POINTS for each floor reached below the entrance floor;
- rooms: ROOM_POINTS for each room cleared.
A quest's reward is paid into the purse, so it is part of what is banked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.sentences import plural
from game.engine.kits import kits_issued

if TYPE_CHECKING:
    from game.engine.game import Game

DEPTH_POINTS = 10  # about what three rooms' treasure fetches in town on the floors a run reaches
ROOM_POINTS = 2


@dataclass(frozen=True, slots=True)
class ScoreParts:
    banked: int  # the value banked in town (0 for a party that never came home)
    kits: int  # the trade value of every kit handed out
    floors: int  # floors reached below the entrance floor
    rooms: int  # rooms cleared

    @property
    def brought_home(self) -> int:
        return max(0, self.banked - self.kits)

    @property
    def total(self) -> int:
        return self.brought_home + DEPTH_POINTS * self.floors + ROOM_POINTS * self.rooms

    def words(self) -> str:
        """'banked 14 less the kits' 8: 6; 1 floor below the entrance: 10; 3 rooms cleared: 6'
        (the kits are not named when nothing was banked; "2 less 4: 0" says it stops at 0)."""
        if self.banked == 0:
            home = "nothing banked: 0"
        elif self.kits:
            home = f"banked {self.banked} less the kits' {self.kits}: {self.brought_home}" + (
                " (never below 0)" if self.banked < self.kits else "")
        else:
            home = f"banked {self.banked}"
        depth = f"{plural(self.floors, 'floor')} below the entrance: {DEPTH_POINTS * self.floors}"
        rooms = f"{plural(self.rooms, 'room')} cleared: {ROOM_POINTS * self.rooms}"
        return f"{home}; {depth}; {rooms}"


def score_parts(game: Game) -> ScoreParts:
    s = game.stats
    return ScoreParts(s.banked, kits_issued(game), max(0, s.deepest_floor - game.dungeon.entrance_floor),
                      s.rooms_cleared)


def score(game: Game) -> int:
    """The run's score (see the module's docstring)."""
    return score_parts(game).total
