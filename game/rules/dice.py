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
    told_by, top = NO_SEAT, None
    rank = seat_ranks(seat_order)
    for p in pools:
        if p.thwacko >= 0:
            face = p.dice[p.thwacko]
            if top is None or face > top:
                told_by, top = p.seat, face
            elif face == top and narrates_before(p.seat, told_by, rank):
                told_by = p.seat
    return told_by


def seat_ranks(seat_order: Sequence[int]) -> dict[int, int]:
    """Each seat's place in a room's category order, for `narrates_before`."""
    return {seat: i for i, seat in enumerate(seat_order)}


class _SeatRanks(dict[tuple[int, ...], dict[int, int]]):
    """A category order -> its `seat_ranks`, kept (up to `LIMIT` orders; a game has a handful)
    because roll events break narrator ties again and again in the same rooms. Only read."""

    LIMIT = 1 << 8

    def __missing__(self, seat_order: tuple[int, ...]) -> dict[int, int]:
        rank = seat_ranks(seat_order)
        if len(self) < self.LIMIT:
            self[seat_order] = rank
        return rank


_SEAT_RANKS = _SeatRanks()


def narrates_before(seat: int, other: int, rank: dict[int, int]) -> bool:
    """Whether `seat` narrates rather than `other` when their Thwack-O faces tie: the earlier
    in the category order (`seat_ranks`); seats not in it come after, by number."""
    after = len(rank)
    return rank.get(seat, after + seat) < rank.get(other, after + other)


def roll_event(
    stream: Stream, sides: int, requests: Sequence[PoolRequest], seat_order: Sequence[int] = ()
) -> RollEvent:
    """Roll every request's dice. The first pool of each seat that has any dice carries that
    seat's Thwack-O die (it replaces a regular die, so it is simply one of the rolled dice: the
    first rolled, which the sort moves). The narrator is kept as the pools are made: the highest
    Thwack-O face so far, an equal face going to the seat that `narrates_before` the other."""
    if not requests:
        return new_record(RollEvent, (sides, (), NO_SEAT))
    make = new_record
    pool_type = Pool
    pools: list[Pool] = []
    append = pools.append
    marked: list[int] = []  # the seats whose Thwack-O die is rolled
    told_by, top = NO_SEAT, 0  # the narrator so far and its face (every face is at least 1)
    rank: dict[int, int] | None = None  # seat -> place in `seat_order`, made at a first tie
    # (zip's strict=True costs about 0.3 µs a call, here where its lengths are equal by construction)
    owners, seats, counts = zip(*requests)  # noqa: B905 - every request is a 3-field PoolRequest
    for owner, seat, dice in zip(owners, seats, stream.dice_rows(counts, sides)):  # noqa: B905 - a row per count
        if not dice:  # no dice (a count of 0 or less rolls an empty row)
            append(make(pool_type, (owner, seat, (), -1)))
            continue
        first = dice[0]
        dice.sort()  # a fresh list of the stream's: sorted in place, high to low
        dice.reverse()  # (cheaper than sort's keyword argument)
        if seat == NO_SEAT or seat in marked:
            append(make(pool_type, (owner, seat, tuple(dice), -1)))
            continue
        marked.append(seat)
        append(make(pool_type, (owner, seat, tuple(dice), dice.index(first))))
        if first > top:
            told_by, top = seat, first
        elif first == top:  # a tie: the earlier seat in the category order
            if rank is None:
                rank = _SEAT_RANKS[seat_order if type(seat_order) is tuple else tuple(seat_order)]
            if narrates_before(seat, told_by, rank):
                told_by = seat
    return new_record(RollEvent, (sides, tuple(pools), told_by))
