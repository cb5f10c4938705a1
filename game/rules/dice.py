"""Dice pools and roll events (Fungeon "Materials", "Narrating"; Donjon's die-size dial).

Every die in a game has the same number of sides. In each roll event every seat involved swaps
one of its dice for its Thwack-O die (only one per seat per event, even when it rolls for a hero
and for a trap); the seat whose Thwack-O die shows the highest face narrates the event."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from game.core.rng import Stream

NO_SEAT = -1
new_record = tuple.__new__  # a NamedTuple made without its Python-level __new__: many per second


class PoolRequest(NamedTuple):
    """Who rolls how many dice: `owner` names the participant ("hero:2", "trap:7"), `seat` the
    player at the table who rolls for it (NO_SEAT when nobody does)."""

    owner: str
    seat: int
    count: int


class Pool(NamedTuple):
    """One participant's rolled dice, sorted highest first. `thwacko` is the index of the seat's
    Thwack-O die in `dice`, or -1 if this pool holds none. (A NamedTuple: conflicts make many.)"""

    owner: str
    seat: int
    dice: tuple[int, ...]
    thwacko: int = -1

    @property
    def highest(self) -> int:
        """The highest die, or 0 for an empty pool (an "empty die" counts as zero)."""
        return self.dice[0] if self.dice else 0


class RollEvent(NamedTuple):
    """A whole roll event: every pool, the die size, and the narrating seat (NO_SEAT if no seat
    rolled a Thwack-O die)."""

    sides: int
    pools: tuple[Pool, ...]
    narrator: int

    def pool(self, owner: str) -> Pool:
        for p in self.pools:
            if p.owner == owner:
                return p
        raise KeyError(owner)


def make_pool(owner: str, seat: int, rolled: Sequence[int], thwacko_value: int | None) -> Pool:
    """A pool from raw dice in roll order; `thwacko_value` marks one die of that value as the
    Thwack-O (the first such die after sorting)."""
    dice = tuple(sorted(rolled, reverse=True))
    index = dice.index(thwacko_value) if thwacko_value is not None else -1
    return Pool(owner, seat, dice, index)


def narrator(pools: Sequence[Pool], seat_order: Sequence[int]) -> int:
    """The seat whose Thwack-O die shows the highest face; ties go to the seat earliest in this
    room's category order (DESIGN.md §2). Seats not in `seat_order` come after, by number."""
    marked = [p for p in pools if p.thwacko >= 0]
    if not marked:
        return NO_SEAT
    return thwacko_narrator([p.dice[p.thwacko] for p in marked], [p.seat for p in marked], seat_order)


def thwacko_narrator(faces: list[int], seats: list[int], seat_order: Sequence[int]) -> int:
    """`narrator` from the Thwack-O faces and their seats, in pool order (at least one)."""
    top = max(faces)
    if faces.count(top) == 1:
        return seats[faces.index(top)]
    tied = [seat for face, seat in zip(faces, seats, strict=True) if face == top]
    if not seat_order:  # every seat ranks by its number
        return min(tied)
    rank = {seat: i for i, seat in enumerate(seat_order)}
    after = len(rank)
    return min(tied, key=lambda seat: rank.get(seat, after + seat))  # the first of equals, as pools go


def roll_event(
    stream: Stream, sides: int, requests: Sequence[PoolRequest], seat_order: Sequence[int] = ()
) -> RollEvent:
    """Roll every request's dice. The first pool of each seat that has any dice carries that
    seat's Thwack-O die (it replaces a regular die, so it is simply one of the rolled dice: the
    first rolled, which the sort moves)."""
    if not requests:
        return new_record(RollEvent, (sides, (), NO_SEAT))
    owners, seats, counts = zip(*requests, strict=True)
    pools: list[Pool] = []
    append = pools.append
    faces: list[int] = []  # each Thwack-O die's face, and its seat, in pool order
    marked: list[int] = []
    for owner, seat, dice in zip(owners, seats, stream.dice_rows(counts, sides), strict=True):
        if not dice:  # no dice (a count of 0 or less rolls an empty row)
            append(new_record(Pool, (owner, seat, (), -1)))
            continue
        first = dice[0]
        dice.sort()  # a fresh list of the stream's: sorted in place, high to low
        dice.reverse()  # (cheaper than sort's keyword argument)
        if seat != NO_SEAT and seat not in marked:
            faces.append(first)
            marked.append(seat)
            append(new_record(Pool, (owner, seat, tuple(dice), dice.index(first))))
        else:
            append(new_record(Pool, (owner, seat, tuple(dice), -1)))
    told_by = thwacko_narrator(faces, marked, seat_order) if marked else NO_SEAT
    return new_record(RollEvent, (sides, tuple(pools), told_by))
