"""Timing room generation, for `python main.py bench` (DESIGN.md §8). Not a test: no asserts."""

from __future__ import annotations

import time

from game.engine.rng import Streams
from game.mapgen.floor import Floor
from game.mapgen.themes import themes


def bench_room_generation(n: int, *, seed: int = 0) -> list[float]:
    """Seconds to shape and carve each of `n` rooms, walking fresh floors (every theme in turn)
    through their exits as a party would. Floors and tables are loaded before timing starts."""
    names = sorted(themes())
    out: list[float] = []
    floor_no = 0
    while len(out) < n:
        floor = Floor.new(Streams(seed + floor_no), 1, names[floor_no % len(names)])
        floor_no += 1
        while len(out) < n:
            exits = floor.exits()
            if not exits:
                break
            _, _, cell, side = exits[0]
            t0 = time.perf_counter()
            floor.unfold(cell, side)
            out.append(time.perf_counter() - t0)
    return out
