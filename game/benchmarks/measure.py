"""What every benchmark reports (a Result with its target) and the timing helpers they share."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class Result:
    name: str
    value: float | None
    unit: str
    target: str = ""
    met: bool | None = None
    detail: str = ""


def rate(func: Callable[[], object], seconds: float, windows: int = 5) -> float:
    """Calls per second of `func` over about `seconds`: the best of `windows` equal windows. As
    `timeit` advises for small code, the fastest window is the code's speed; a slower one is the
    machine's other work getting in its way (a mean over one long window counts that work too)."""
    best = 0.0
    for _ in range(windows):
        calls, start = 0, time.perf_counter()
        deadline = start + seconds / windows
        while True:
            func()
            calls += 1
            if calls % 64 == 0 and time.perf_counter() >= deadline:
                break
        best = max(best, calls / (time.perf_counter() - start))
    return best


def timings(func: Callable[[], object], repeats: int) -> list[float]:
    """Seconds of each of `repeats` calls."""
    out = []
    for _ in range(repeats):
        start = time.perf_counter()
        func()
        out.append(time.perf_counter() - start)
    return out


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]


