"""The balance lab's throughput for `python main.py bench`: whole autoplay runs per minute on one
worker and on every core, and how much of the extra cores the pool turns into runs. Whole runs
(never cut short), so the 1,000-run target is read off games as the lab plays them."""

from __future__ import annotations

import os
import time

from game.agents.batch_runs import Job, run_local
from game.benchmarks.measure import Result
from game.core.dials import Dials

SEATS = "ai+hero,ai+hero,ai"
TARGET_RUNS, TARGET_MINUTES = 1000, 3


def runs_per_minute(jobs: list[Job], workers: int) -> float:
    start = time.perf_counter()
    finished = sum(1 for _ in run_local(jobs, workers))
    return finished / (time.perf_counter() - start) * 60


def bench(quick: bool) -> list[Result]:
    """The same seeds on 1 worker, then on every core (whole runs, `ai+hero,ai+hero,ai`)."""
    cores = os.cpu_count() or 1
    runs = (3 if quick else 8) * cores
    jobs = [Job(seed, SEATS, 2, Dials(), 5000) for seed in range(1, runs + 1)]
    one = runs_per_minute(jobs, 1)
    every = runs_per_minute(jobs, cores)
    what = f"{runs} whole runs of {SEATS}, seeds 1-{runs}"
    needed = TARGET_RUNS / TARGET_MINUTES
    return [
        Result("balance lab runs/min, 1 worker", one, "runs/min", "", None, what),
        Result(f"balance lab runs/min, {cores} workers", every, "runs/min",
               f">= {needed:.0f} ({TARGET_RUNS:,} in {TARGET_MINUTES} min)", every >= needed, what),
        Result(f"balance lab, {TARGET_RUNS:,} runs on {cores} workers", TARGET_RUNS / every, "min",
               f"< {TARGET_MINUTES}", TARGET_RUNS / every < TARGET_MINUTES, "at the rate of the line above"),
        Result(f"balance lab scaling efficiency on {cores} cores", every / one / cores * 100, "%", "", None,
               f"{every / one:.2f}x the runs of one worker"),
    ]
