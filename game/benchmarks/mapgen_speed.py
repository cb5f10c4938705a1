"""Timing room generation, for `python main.py bench` (DESIGN.md §8). Not a test: no asserts."""

from __future__ import annotations

import statistics
import time

from game.benchmarks.measure import Result, p99
from game.core.rng import Streams
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


def bench_floor_generation(n: int, *, seed: int = 1000) -> list[float]:
    """Seconds to build each of `n` whole floors: the entrance, then every cell unfolded through
    the exits (secret passages where the floor closes up)."""
    names = sorted(themes())
    out = []
    for i in range(n):
        t0 = time.perf_counter()
        floor = Floor.new(Streams(seed + i), 1, names[i % len(names)])
        while True:
            exits = floor.exits()
            if exits:
                floor.unfold(exits[0][2], exits[0][3])
            elif all(r.mapped for r in floor.cells.values()) or floor.open_secret_passage() is None:
                break
        out.append(time.perf_counter() - t0)
    return out


def bench(quick: bool) -> list:
    """For `python main.py bench`: room and floor generation, median and p99."""

    bench_room_generation(20)  # warm the table and theme caches
    rooms = bench_room_generation(200 if quick else 2000)
    floors = bench_floor_generation(5 if quick else 40)
    room_ms, floor_ms = statistics.median(rooms) * 1000, statistics.median(floors) * 1000
    return [
        Result("room generated + carved (median)", room_ms, "ms", "<= 5", room_ms <= 5,
               f"p99 {p99(rooms) * 1000:.2f} ms over {len(rooms)} rooms"),
        Result("whole floor of 28 rooms (median)", floor_ms, "ms", "", None,
               f"p99 {p99(floors) * 1000:.1f} ms over {len(floors)} floors"),
    ]
