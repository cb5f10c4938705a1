"""`python main.py bench`: one honest benchmark of everything a player feels (DESIGN.md §8).

Each measurement is repeated until stable and reported with its target. Timings are printed,
never asserted: machines differ."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import asdict

from game.benchmarks import (
    balance_speed,
    designer_speed,
    engine_speed,
    frame_speed,
    mapgen_speed,
    recording_speed,
    rules_speed,
)
from game.benchmarks.measure import Result
from game.core.errors import MasterlessError

MEASUREMENTS: list[tuple[str, Callable[[bool], list[Result]]]] = [
    ("rules", rules_speed.bench),
    ("designers", designer_speed.bench),
    ("mapgen", mapgen_speed.bench),
    ("terminal", frame_speed.bench),
    ("engine", engine_speed.bench),
    ("recordings", recording_speed.bench),
    ("balance lab", balance_speed.bench),
]


def collect(quick: bool) -> tuple[list[Result], list[str]]:
    results: list[Result] = []
    failures: list[str] = []
    for area, bench in MEASUREMENTS:
        try:
            results.extend(bench(quick))
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

