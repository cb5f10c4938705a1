"""The balance lab's throughput for `python main.py bench`: whole autoplay runs per minute on one
worker and on every core, and how much of the extra cores the pool turns into runs. Whole runs
(never cut short), so the 1,000-run target is read off games as the lab plays them."""

from __future__ import annotations

import os
import time
from pathlib import Path

from game.agents.batch_runs import Job, run_job, run_local
from game.benchmarks.measure import Result
from game.core.dials import Dials

SEATS = "ai+hero,ai+hero,ai"
TARGET_RUNS, TARGET_MINUTES = 1000, 3


def resident_mb() -> float | None:
    """This process's resident memory now (Linux's /proc; None elsewhere)."""
    try:
        return int(Path("/proc/self/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return None


def runs_per_minute(jobs: list[Job], workers: int) -> float:
    start = time.perf_counter()
    finished = sum(1 for _ in run_local(jobs, workers))
    return finished / (time.perf_counter() - start) * 60


def bench(quick: bool) -> list[Result]:
    """The same seeds on 1 worker, then on every core (whole runs, `ai+hero,ai+hero,ai`). Eight
    runs a core at least: runs differ in length, and with few of them a pool's cores wait on its
    last run for a good part of the time, which a thousand runs never do."""
    cores = os.cpu_count() or 1
    runs = (8 if quick else 20) * cores
    jobs = [Job(seed, SEATS, 2, Dials(), 5000) for seed in range(1, runs + 1)]
    run_job(jobs[0])  # a first game loads the content and fills the caches every later one reuses
    before = resident_mb()
    one = runs_per_minute(jobs, 1)  # in this process: what a worker keeps from run to run shows here
    after = resident_mb()
    kept = None if before is None or after is None else max(0.0, after - before) / runs
    every = runs_per_minute(jobs, cores)
    what = f"{runs} whole runs of {SEATS}, seeds 1-{runs}"
    needed = TARGET_RUNS / TARGET_MINUTES
    return [
        Result("balance lab runs/min, 1 worker", one, "runs/min", "", None, what),
        Result(f"balance lab runs/min, {cores} workers", every, "runs/min",
               f">= {needed:.0f} ({TARGET_RUNS:,} in {TARGET_MINUTES} min)", every >= needed, what),
        Result(f"balance lab, {TARGET_RUNS:,} runs on {cores} workers", TARGET_RUNS / every, "min",
               f"< {TARGET_MINUTES}", TARGET_RUNS / every < TARGET_MINUTES, "at the rate of the line above"),
        Result("balance lab memory kept per run, one worker", kept, "MB", "<= 1",
               None if kept is None else kept <= 1,
               "resident memory after the 1-worker runs less before, per run (a leak grows every worker)"),
        Result(f"balance lab scaling efficiency on {cores} cores", every / one / cores * 100, "%", "", None,
               f"{every / one:.2f}x the runs of one worker"),
    ]
