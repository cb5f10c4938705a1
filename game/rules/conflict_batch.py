"""Many painful conflicts at once, in numpy: the same participants rolling `n` times in a row from
one stream, then each conflict resolved rank by rank, exactly as `roll_event` followed by
`painful_conflict` would one at a time (the same dice, Thwack-O dice, narrators, damage and
Hits). For Monte Carlo over fights (how deadly is this room?) and the rules benchmark; the
engine, which rolls one conflict per action, keeps the scalar functions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from game.core.rng import Stream
from game.core.rng_blocks import dice_block
from game.rules.dice import NO_SEAT, PoolRequest


@dataclass(frozen=True)
class RolledBlock:
    """`n` roll events: dice[e, p] is pool p's dice in event e, highest first, 0 past its count;
    thwacko[e, p] the value of its Thwack-O die (0 if it has none); narrator[e] the seat."""

    owners: tuple[str, ...]
    dice: np.ndarray  # (n, pools, depth) int64
    thwacko: np.ndarray  # (n, pools) int64
    narrator: np.ndarray  # (n,) int64


def roll_events(stream: Stream, sides: int, requests: Sequence[PoolRequest], n: int,
                seat_order: Sequence[int] = ()) -> RolledBlock:
    """`n` successive `roll_event(stream, sides, requests, seat_order)` calls at once."""
    pools = len(requests)
    rolling = [i for i, r in enumerate(requests) if r.count > 0]
    depth = max((r.count for r in requests), default=0)
    dice = np.zeros((n, pools, depth), dtype=np.int64)
    thwacko = np.zeros((n, pools), dtype=np.int64)
    if rolling and n > 0:
        counts = np.tile([requests[i].count for i in rolling], n)
        rows = dice_block(stream, counts, sides).reshape(n, len(rolling), -1)
        width = min(rows.shape[2], depth)
        dice[:, rolling, :width] = -np.sort(-rows[:, :, :width], axis=2)
        seats_done: set[int] = set()
        for j, i in enumerate(rolling):  # a seat's first pool with dice carries its Thwack-O die
            seat = requests[i].seat
            if seat != NO_SEAT and seat not in seats_done:
                seats_done.add(seat)
                thwacko[:, i] = rows[:, j, 0]
    return RolledBlock(tuple(r.owner for r in requests), dice, thwacko,
                       narrators(thwacko, [r.seat for r in requests], seat_order))


def narrators(thwacko: np.ndarray, seats: Sequence[int], seat_order: Sequence[int]) -> np.ndarray:
    """Per event, the seat of the highest Thwack-O die; ties to the seat earliest in `seat_order`,
    then by seat number (as `dice.narrator`)."""
    rank = {seat: i for i, seat in enumerate(seat_order)}
    tiebreak = np.array([rank.get(s, len(rank) + s) for s in seats], dtype=np.int64)
    if not len(seats):
        return np.full(len(thwacko), NO_SEAT, dtype=np.int64)
    # one key per pool: higher face first, then the earlier seat; pools with no Thwack-O never win
    key = np.where(thwacko > 0, thwacko * 1_000_000 - tiebreak[None, :], -1)
    best = np.argmax(key, axis=1)
    seat_of = np.array(seats, dtype=np.int64)
    return np.where(key.max(axis=1) >= 0, seat_of[best], NO_SEAT)


@dataclass(frozen=True)
class PainBlock:
    """`n` painful conflicts resolved: damage[e, p, v] points pool p dealt to names[v] in event e;
    hits[e, v] the Hits of names[v] after event e (for the damageable names, those in `hits`)."""

    names: tuple[str, ...]
    damage: np.ndarray  # (n, pools, names) int64
    hits: np.ndarray  # (n, names) int64


def painful_conflicts(block: RolledBlock, targets: Mapping[str, Sequence[str]],
                      hits: Mapping[str, int]) -> PainBlock:
    """`painful_conflict(pools, targets, hits)` for every event of `block`, each starting from the
    same `hits`: rank by rank, the single highest die deals one damage to the first of its
    targets still standing, and a creature at 0 Hits rolls empty dice from then on."""
    owners = block.owners
    names = tuple(dict.fromkeys([*owners, *hits, *(t for ts in targets.values() for t in ts)]))
    where = {name: i for i, name in enumerate(names)}
    n, pools, depth = block.dice.shape
    damageable = np.array([name in hits for name in names])
    left = np.tile(np.array([hits.get(name, 0) for name in names], dtype=np.int64), (n, 1))
    order = max((len(targets.get(o, ())) for o in owners), default=0)
    choice = np.full((pools, max(order, 1)), -1, dtype=np.int64)  # each pool's targets, in order
    for p, owner in enumerate(owners):
        for k, victim in enumerate(targets.get(owner, ())):
            choice[p, k] = where[victim]
    pool_names = np.array([where[o] for o in owners], dtype=np.int64)
    owner_damageable = damageable[pool_names] if pools else np.zeros(0, dtype=bool)
    damage = np.zeros((n, pools, len(names)), dtype=np.int64)
    events = np.arange(n)
    for r in range(depth):
        alive = ~owner_damageable[None, :] | (left[:, pool_names] > 0)
        values = np.where(alive, block.dice[:, :, r], 0)
        top = values.max(axis=1)
        at_top = values == top[:, None]
        winner = np.argmax(at_top, axis=1)
        won = (top > 0) & (at_top.sum(axis=1) == 1)
        candidates = choice[winner]  # (n, order)
        safe = np.where(candidates >= 0, candidates, 0)
        standing = (candidates >= 0) & damageable[safe] & (left[events[:, None], safe] > 0)
        hit = won & standing.any(axis=1)
        victim = safe[events, np.argmax(standing, axis=1)]
        e, w, v = events[hit], winner[hit], victim[hit]
        left[e, v] -= 1
        damage[e, w, v] += 1
    return PainBlock(names, damage, np.where(damageable[None, :], left, 0))
