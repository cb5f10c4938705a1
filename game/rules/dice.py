"""Dice pools and roll events (Fungeon "Materials", "Narrating"; Donjon's die-size dial).

Every die in a game has the same number of sides. In each roll event every seat involved swaps
one of its dice for its Thwack-O die (only one per seat per event, even when it rolls for a hero
and for a trap); the seat whose Thwack-O die shows the highest face narrates the event."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from game.core.rng import Stream

NO_SEAT = -1


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
    best_seat, best_key = NO_SEAT, None
    rank = {seat: i for i, seat in enumerate(seat_order)}
    for pool in pools:
        if pool.thwacko < 0:
            continue
        key = (-pool.dice[pool.thwacko], rank.get(pool.seat, len(rank) + pool.seat))
        if best_key is None or key < best_key:
            best_seat, best_key = pool.seat, key
    return best_seat


def roll_event(
    stream: Stream, sides: int, requests: Sequence[PoolRequest], seat_order: Sequence[int] = ()
) -> RollEvent:
    """Roll every request's dice. The first pool of each seat that has any dice carries that
    seat's Thwack-O die (it replaces a regular die, so it is simply one of the rolled dice)."""
    pools: list[Pool] = []
    seats_done: set[int] = set()
    new_pool = tuple.__new__  # Pool(...) without NamedTuple's Python-level __new__: many per second
    for (owner, seat, _), rolled in zip(requests, stream.dice_rows([r[2] for r in requests], sides), strict=True):
        if not rolled:  # no dice (a count of 0 or less rolls an empty row)
            pools.append(new_pool(Pool, (owner, seat, (), -1)))
            continue
        dice = sorted(rolled, reverse=True)
        thwacko = -1
        if seat != NO_SEAT and seat not in seats_done:
            seats_done.add(seat)
            thwacko = dice.index(rolled[0])
        pools.append(new_pool(Pool, (owner, seat, tuple(dice), thwacko)))
    return RollEvent(sides, tuple(pools), narrator(pools, seat_order) if seats_done else NO_SEAT)
