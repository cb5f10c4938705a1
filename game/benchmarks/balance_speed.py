"""The balance lab's throughput for `python main.py bench`: whole autoplay runs per minute on one
worker and on every core, and how much of the extra cores the pool turns into runs."""

from __future__ import annotations

import os
import time

from game.agents.batch_runs import Job, run_local
from game.benchmarks.measure import Result
from game.core.dials import Dials

SEATS = "ai+hero,ai+hero,ai"


def runs_per_minute(jobs: list[Job], workers: int) -> float:
    start = time.perf_counter()
    finished = sum(1 for _ in run_local(jobs, workers))
    return finished / (time.perf_counter() - start) * 60


def bench(quick: bool) -> list[Result]:
    """The same seeds on 1 worker, then on every core (whole runs, `ai+hero,ai+hero,ai`)."""
    cores = os.cpu_count() or 1
    runs, max_turns = (2 * cores, 300) if quick else (6 * cores, 5000)
    jobs = [Job(seed, SEATS, 2, Dials(), max_turns) for seed in range(1, runs + 1)]
    one = runs_per_minute(jobs, 1)
    every = runs_per_minute(jobs, cores)
    efficiency = every / one / cores
    what = f"{runs} runs of {SEATS}" + (f", at most {max_turns} turns" if quick else "")
    return [
        Result("balance lab runs/min, 1 worker", one, "runs/min", "", None, what),
        Result(f"balance lab runs/min, {cores} workers", every, "runs/min", ">= 333 (1,000 in 3 min)",
               every >= 1000 / 3 if not quick else None, what),
        Result(f"balance lab scaling efficiency on {cores} cores", efficiency * 100, "%", "", None,
               f"{every / one:.2f}x the runs of one worker"),
    ]
