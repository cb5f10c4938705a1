"""Dice pools and roll events (Fungeon "Materials", "Narrating"; Donjon's die-size dial).

Every die in a game has the same number of sides. In each roll event every seat involved swaps
one of its dice for its Thwack-O die (only one per seat per event, even when it rolls for a hero
and for a trap); the seat whose Thwack-O die shows the highest face narrates the event."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from game.core.kept import KeptAnswers
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


class Pools(Sequence[Pool]):
    """A roll event's pools, each `Pool` made when first read. A fight reads only the owners and
    the sorted dice (`painful_conflict` takes them from here), and only the roll panel reads the
    pools themselves, so a game that is not drawn (autoplay, the balance lab) never makes them.
    Reads as the tuple of the pools: indexing, slicing, equality, hashing and repr are its."""

    __slots__ = ("owners", "seats", "dice", "faces", "_pools")

    def __init__(self, owners: Sequence[str], seats: Sequence[int], dice: Sequence[list[int]],
                 faces: Sequence[int]) -> None:
        self.owners = owners  # pool i's owner, seat, dice (highest first; never changed once rolled)
        self.seats = seats
        self.dice = dice
        self.faces = faces  # and its Thwack-O die's face, 0 if it holds none (every face is at least 1)
        self._pools: tuple[Pool, ...] | None = None

    def made(self) -> tuple[Pool, ...]:
        """The pools (made on the first call, then kept)."""
        pools = self._pools
        if pools is None:
            pools = self._pools = tuple([
                new_record(Pool, (owner, seat, tuple(dice), dice.index(face) if face else -1))
                for owner, seat, dice, face in zip(self.owners, self.seats, self.dice, self.faces, strict=True)])
        return pools

    def __len__(self) -> int:
        return len(self.owners)

    def __getitem__(self, index):  # noqa: ANN001, ANN204 - an int or a slice, as a tuple's
        return self.made()[index]

    def __iter__(self) -> Iterator[Pool]:
        return iter(self.made())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Pools):
            other = other.made()
        return self.made() == other if isinstance(other, tuple) else NotImplemented

    def __hash__(self) -> int:
        return hash(self.made())

    def __repr__(self) -> str:
        return repr(self.made())


class RollEvent(NamedTuple):
    """A whole roll event: every pool, the die size, and the narrating seat (NO_SEAT if no seat
    rolled a Thwack-O die)."""

    sides: int
    pools: Sequence[Pool]  # a `Pools` from `roll_event`
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


# kept per category order (a game has a handful): roll events break narrator ties again and again
_SEAT_RANKS = KeptAnswers(seat_ranks, 1 << 8)


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
    first rolled, which the sort moves). The narrator is kept as the pools are rolled: the highest
    Thwack-O face so far, an equal face going to the seat that `narrates_before` the other."""
    if not requests:
        return new_record(RollEvent, (sides, Pools((), (), (), ()), NO_SEAT))
    faces: list[int] = []  # each pool's Thwack-O face, 0 if it holds none
    carry = faces.append
    marked: list[int] = []  # the seats whose Thwack-O die is rolled
    told_by, top = NO_SEAT, 0  # the narrator so far and its face (every face is at least 1)
    rank: dict[int, int] | None = None  # seat -> place in `seat_order`, found at a first tie
    # (zip's strict=True costs about 0.3 µs a call, here where its lengths are equal by construction)
    owners, seats, counts = zip(*requests)  # noqa: B905 - every request is a 3-field PoolRequest
    rows = stream.dice_rows(counts, sides)
    for seat, dice in zip(seats, rows):  # noqa: B905 - a row per count
        first = dice[0] if dice and seat != NO_SEAT and seat not in marked else 0
        dice.sort()  # a fresh list of the stream's: sorted in place, high to low
        dice.reverse()  # (cheaper than sort's keyword argument)
        carry(first)
        if not first:
            continue
        marked.append(seat)
        if first > top:
            told_by, top = seat, first
        elif first == top:  # a tie: the earlier seat in the category order
            if rank is None:
                rank = _SEAT_RANKS[seat_order if type(seat_order) is tuple else tuple(seat_order)]
            if narrates_before(seat, told_by, rank):
                told_by = seat
    return new_record(RollEvent, (sides, Pools(owners, seats, rows, faces), told_by))
