"""`python main.py bench`: one honest benchmark of everything a player feels (DESIGN.md §8).

Each measurement is repeated until stable and reported with its target. Measurements of parts
that are not built yet are listed as pending, never silently skipped. Timings are printed,
never asserted: machines differ."""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass

from game.errors import MasterlessError


@dataclass
class Result:
    name: str
    value: float | None
    unit: str
    target: str = ""
    met: bool | None = None
    detail: str = ""


def rate(func: Callable[[], object], seconds: float) -> float:
    """Calls per second of `func`, run for about `seconds`."""
    calls, start = 0, time.perf_counter()
    deadline = start + seconds
    while True:
        func()
        calls += 1
        if calls % 64 == 0 and time.perf_counter() >= deadline:
            break
    return calls / (time.perf_counter() - start)


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


def bench_painful_conflicts(quick: bool) -> list[Result]:
    """Painful conflicts per second, 5 participants of 6 dice: rolled and resolved, and resolved
    alone (the rule itself, on pre-rolled pools)."""
    from game.engine.rng import Stream
    from game.rules.conflicts import painful_conflict
    from game.rules.dice import PoolRequest, roll_event

    stream = Stream(1)
    owners = [f"p{i}" for i in range(5)]
    requests = [PoolRequest(o, i, 6) for i, o in enumerate(owners)]
    targets = {o: [x for x in owners if x != o] for o in owners}
    hits = {o: 10_000 for o in owners}

    def rolled() -> None:
        painful_conflict(roll_event(stream, 6, requests).pools, targets, hits)

    pools = roll_event(stream, 6, requests).pools

    def resolved() -> None:
        painful_conflict(pools, targets, hits)

    seconds = 0.5 if quick else 2.0
    with_rolls = rate(rolled, seconds)
    alone = rate(resolved, seconds)
    return [
        Result("painful conflicts/s (5x6 dice, rolled + resolved)", with_rolls, "/s", ">= 100000",
               with_rolls >= 100_000),
        Result("painful conflicts/s (resolution only)", alone, "/s", ">= 100000", alone >= 100_000),
    ]


# name -> (module:function) returning list[Result]; each takes `quick`.
MEASUREMENTS: list[tuple[str, str]] = [
    ("rules", "game.bench:bench_painful_conflicts"),
    ("designers", "game.designers.bench:bench"),
    ("mapgen", "game.mapgen.bench:bench"),
    ("terminal", "game.ui.present.bench:bench"),
    ("engine", "game.engine.bench:bench"),
    ("recordings", "game.engine.bench_recording:bench"),
]


def collect(quick: bool) -> tuple[list[Result], list[str]]:
    import importlib

    results: list[Result] = []
    failures: list[str] = []
    for area, spec in MEASUREMENTS:
        module_name, func_name = spec.split(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.startswith("game"):
                results.append(Result(f"{area}: pending (not built yet)", None, ""))
                continue
            raise
        try:
            results.extend(getattr(module, func_name)(quick))
        except Exception as exc:  # noqa: BLE001 - a measurement that cannot run fails the bench
            failures.append(f"{area}: {type(exc).__name__}: {exc}")
    return results, failures


def fmt(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    if unit == "ms":
        return f"{value:.3f} ms"
    if value >= 100:
        return f"{value:,.0f} {unit}".strip()
    return f"{value:.2f} {unit}".strip()


def run_bench(args: object) -> int:
    quick = bool(getattr(args, "quick", False))
    results, failures = collect(quick)
    if getattr(args, "json", False):
        print(json.dumps({"results": [asdict(r) for r in results], "failures": failures}, indent=2))
    else:
        width = max((len(r.name) for r in results), default=20)
        print(f"{'measurement':<{width}}  {'value':>16}  {'target':<12} met")
        for r in results:
            met = "" if r.met is None else ("yes" if r.met else "NO")
            line = f"{r.name:<{width}}  {fmt(r.value, r.unit):>16}  {r.target:<12} {met}"
            print(line + (f"  ({r.detail})" if r.detail else ""))
        for f in failures:
            print(f"FAILED  {f}", file=sys.stderr)
    if failures:
        raise MasterlessError(f"{len(failures)} measurement(s) could not run")
    return 0


__all__ = ["Result", "rate", "timings", "p99", "statistics", "run_bench"]
