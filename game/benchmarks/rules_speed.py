"""Speed of the tabletop rules: painful conflicts rolled and resolved (DESIGN.md §8)."""

from __future__ import annotations

import time

from game.benchmarks.measure import Result, rate
from game.core.rng import Stream
from game.rules.conflict_batch import painful_conflicts, roll_events
from game.rules.conflicts import painful_conflict
from game.rules.dice import PoolRequest, roll_event


def bench(quick: bool) -> list[Result]:
    """Painful conflicts per second, 5 participants of 6 dice, each from the same hits: the
    engine's own path (`roll_event` then `painful_conflict`, one conflict at a time with its
    full records: the sorted dice, Thwack-O faces and narrator, each rank's values, winner and
    target, the damage and Hits; the dice drawn ahead in numpy by the stream; each `Pool` made
    when first read, as in a fight, where only the roll panel reads them), the resolution alone on
    pre-rolled pools, and numpy blocks (`rules.conflict_batch`: the same dice and damage, as
    arrays, for Monte Carlo over fights)."""
    stream = Stream(1)
    owners = [f"p{i}" for i in range(5)]
    requests = [PoolRequest(o, i, 6) for i, o in enumerate(owners)]
    seat_order = (3, 1, 0, 4, 2)  # the room's category order, as the engine passes it (narrator ties)
    targets = {o: [x for x in owners if x != o] for o in owners}
    hits = {o: 10_000 for o in owners}

    def rolled() -> None:
        painful_conflict(roll_event(stream, 6, requests, seat_order).pools, targets, hits)

    pools = roll_event(stream, 6, requests, seat_order).pools

    def resolved() -> None:
        painful_conflict(pools, targets, hits)

    seconds = 0.5 if quick else 2.0
    rate(rolled, seconds / 5)  # not counted: the kept rank winners and the dice look-ahead fill once a process
    with_rolls = rate(rolled, seconds)
    alone = rate(resolved, seconds)
    batched = batched_rate(stream, requests, targets, hits, seconds)
    return [
        Result("painful conflicts/s, engine path (5x6 dice, rolled + resolved)", with_rolls, "/s", ">= 100000",
               with_rolls >= 100_000,
               "one at a time with full records (each Pool made when first read), as a fight rolls them"),
        Result("painful conflicts/s, engine path (resolution only)", alone, "/s", "", None,
               "on pre-rolled pools: the share of the line above that is the rule itself"),
        Result("painful conflicts/s, numpy blocks (5x6 dice, rolled + resolved)", batched, "/s", ">= 100000",
               batched >= 100_000, f"blocks of {BLOCK:,}: the same dice, damage and Hits as arrays, no records"),
    ]


BLOCK = 10_000


def batched_rate(stream: Stream, requests: list[PoolRequest], targets: dict[str, list[str]], hits: dict[str, int],
                 seconds: float) -> float:
    """Conflicts per second rolled and resolved `BLOCK` at a time (a Monte Carlo over fights)."""
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        painful_conflicts(roll_events(stream, 6, requests, BLOCK), targets, hits)
        done += BLOCK
    return done / (time.perf_counter() - start)
