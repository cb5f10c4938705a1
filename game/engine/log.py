"""The game's log and roll records: what the log screen and the roll panel draw. The log only
ever appends (screen readers follow the newest line)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.rules.dice import Pool


@dataclass(frozen=True, slots=True)
class LogLine:
    turn: int
    text: str
    narrator: int = -1  # the seat credited with the line (-1: the game itself)
    kind: str = "info"  # info, combat, trap, loot, hallway, danger, narration


@dataclass(frozen=True, slots=True)
class RollRecord:
    """One roll event as the roll panel draws it: pools (highest first), names and seats of
    their owners, for a painful conflict the winner of each rank, and the narrating seat."""

    turn: int
    kind: str  # "annoy", "pain" or "check" (one die against a mark: a morale check)
    title: str
    pools: Sequence[Pool]  # a roll event's `Pools`: each pool made when first drawn
    names: tuple[str, ...]
    rank_winners: tuple[int, ...] = ()  # index of the winning pool per rank, -1 for none
    successes: tuple[bool, ...] = ()  # annoy: per resister pool (pools[1:])
    narrator: int = -1
    # a fight's pools that had no one to hit as it was rolled (their won ranks hurt nobody), and
    # of those the monsters already fleeing (which strike no one): what the panel says of them
    unplaced: tuple[int, ...] = ()
    fleeing: tuple[int, ...] = ()
    # a fight's empty pools, of those who were in it but rolled nothing, and why ("held")
    idle: tuple[tuple[int, str], ...] = ()
    # a fight's pools whose owner fell during it, each with the first rank its dice no longer
    # counted at (a creature at 0 Hits dies at once: its later dice count 0)
    fell: tuple[tuple[int, int], ...] = ()

    @property
    def came_to_something(self) -> bool:
        """Whether the roll had an outcome to tell: an annoying conflict or a check always ends
        one way or the other; a painful conflict only when a rank went to a pool with someone to
        hit (every rank tied, or won only by those with no one in reach, hurt nobody)."""
        if self.kind != "pain":
            return True
        return any(w >= 0 and w not in self.unplaced for w in self.rank_winners)
