"""Designer numbers for `python main.py bench` (DESIGN.md §8): how fast the table builds rooms."""

from __future__ import annotations

import time

from game.benchmarks.measure import Result
from game.core.dials import Dials
from game.core.rng import Streams
from game.core.seats import parse_seats
from game.designers.generate import generate_rooms, static_party
from game.designers.hallway import roll_off
from game.designers.room_design import design_room
from game.designers.table import designers_for

PARTY = (2, 3, 5)
FLOOR = 4
PLANS = 32


def bench_rooms_designed(n: int) -> float:
    """Rooms designed per second: a Hallway roll-off and all three designers spending their
    budgets in full, with names, for the party 2, 3, 5 on Floor 4. The rooms' shapes are rolled
    beforehand (shaping is mapgen's number), one fresh seed per room."""
    designers = designers_for(parse_seats("human,ai,ai"))
    dials = Dials()
    plans = [d.plan for d in generate_rooms(0, PARTY, FLOOR, PLANS, designers, dials)]
    party = [h.sheet for h in static_party(0, PARTY)]
    start = time.perf_counter()
    for i in range(n):
        streams = Streams(i)
        rolloff = roll_off(designers, dials.die, streams.get("hallway", FLOOR, 1))
        design_room(streams, FLOOR, 1, party, designers, rolloff, dials, plan=plans[i % PLANS])
    return n / (time.perf_counter() - start)


def bench_rooms_generated(n: int) -> float:
    """Rooms per second through the whole of `generate`: shaping included."""
    designers = designers_for(parse_seats("human,ai,ai"))
    start = time.perf_counter()
    done = 0
    seed = 0
    while done < n:
        done += len(generate_rooms(seed, PARTY, FLOOR, 8, designers, Dials()))
        seed += 1
    return done / (time.perf_counter() - start)


def bench(quick: bool) -> list:
    designed = bench_rooms_designed(500 if quick else 5000)
    generated = bench_rooms_generated(80 if quick else 800)
    return [
        Result(
            "rooms designed/s (3 designers, party 2,3,5, floor 4)",
            designed,
            "/s",
            ">= 2000",
            designed >= 2000,
        ),
        Result(
            "rooms generated/s (shaped + designed)", generated, "/s", "", None, "includes mapgen's shape_room"
        ),
    ]
