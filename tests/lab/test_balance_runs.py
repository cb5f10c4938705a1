"""The balance lab's runs: the same seeds give the same aggregates, byte for byte, on one process,
a pool or a Dask cluster; each run is exactly `autoplay --json`'s summary; Ctrl-C keeps what
finished."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.agents.autoplay import autoplay
from game.agents.batch_runs import Job, run_job
from game.commands.balance_command import play_batch
from game.commands.balance_stats import aggregate
from game.core.dials import Dials

ROOT = Path(__file__).resolve().parents[2]
MIXES = ("ai+hero,ai+hero,ai", "ai+hero,ai:tyrant")
JOBS = [Job(seed, mix, 2, Dials(), 150) for seed in range(1, 7) for mix in MIXES]


def aggregate_bytes(results: list) -> str:
    return json.dumps(aggregate([s for _, s in results], [j.seats for j, _ in results]), sort_keys=True)


@pytest.fixture(scope="module")
def in_process() -> list:
    results, interrupted = play_batch(JOBS, 1, None, None)
    assert not interrupted
    return results


def test_runs_come_back_in_seed_order_with_autoplays_own_summary(in_process):
    assert [(j.seed, j.seats) for j, _ in in_process] == [(j.seed, j.seats) for j in JOBS]
    game, summary = autoplay(3, MIXES[1], 2, Dials(), 150)
    game.close()
    assert dict(in_process[5][1]) == summary


def test_a_pool_of_two_gives_the_same_aggregate_bytes(in_process):
    pooled, _ = play_batch(JOBS, 2, None, None)
    assert aggregate_bytes(pooled) == aggregate_bytes(in_process)
    assert [s["state_hash"] for _, s in pooled] == [s["state_hash"] for _, s in in_process]


def test_state_hash_is_that_of_autoplay_json_in_a_fresh_process(in_process):
    out = subprocess.run([sys.executable, "main.py", "autoplay", "--seed", "4", "--max-turns", "150", "--json"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == in_process[6][1]


def test_ctrl_c_stops_the_pool_and_keeps_the_finished_runs():
    class StopAfterTwo:
        def update(self, done: int) -> None:
            if done == 2:
                raise KeyboardInterrupt

    results, interrupted = play_batch(JOBS, 2, None, StopAfterTwo())
    assert interrupted and len(results) == 2
    assert all(summary["seed"] == job.seed and "state_hash" in summary for job, summary in results)


def dies_at_seed_three(seed: int, *args, **kwargs):
    """An autoplay whose process is killed under seed 3 (the OOM killer, a stray kill -9)."""
    if seed == 3:
        os._exit(9)
    return autoplay(seed, *args, **kwargs)


def test_a_pool_process_that_dies_stops_the_batch_and_keeps_the_finished_runs(monkeypatch):
    """A worker killed under a run hung the batch for ever: the pool waited for that run's answer."""
    monkeypatch.setattr("game.agents.batch_runs.autoplay", dies_at_seed_three)  # the forked workers inherit it
    results, stopped = play_batch(JOBS, 2, None, None)
    assert stopped == "a worker process died under a run (killed, or out of memory?)"
    assert 3 not in {job.seed for job, _ in results}
    assert all(summary["seed"] == job.seed and "state_hash" in summary for job, summary in results)
    assert not multiprocessing.active_children()  # the pool's other process is stopped too


def test_a_run_that_crashes_is_reported_not_raised(monkeypatch):
    def explode(*args, **kwargs):
        raise RuntimeError("the floor fell in")

    monkeypatch.setattr("game.agents.batch_runs.autoplay", explode)
    job, summary = run_job(JOBS[0])
    assert summary == {"seed": 1, "outcome": "error", "error": "RuntimeError: the floor fell in"}


def test_a_dask_cluster_gives_the_same_aggregate_bytes(in_process):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        results, interrupted = play_batch(JOBS, 1, cluster.scheduler_address, None)
    assert not interrupted
    assert aggregate_bytes(results) == aggregate_bytes(in_process)


def test_a_cluster_with_no_worker_says_so_rather_than_wait_in_silence():
    """A scheduler with no worker took the runs and said nothing, for ever; it now says why the
    runs wait, and they go on once a worker joins."""
    distributed = pytest.importorskip("distributed")
    from game.agents.batch_runs import run_on_cluster

    told: list[str] = []
    with distributed.LocalCluster(n_workers=0, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        def worker_joins(words: str) -> None:
            told.append(words)
            cluster.scale(1)

        stream = run_on_cluster(JOBS[:2], cluster.scheduler_address, worker_joins)
        results = list(stream)
    assert told == [f"the scheduler at {cluster.scheduler_address} has no workers yet: the runs wait for one "
                    f"(start one with: dask worker {cluster.scheduler_address})"]
    assert sorted(job.seed for job, _ in results) == [1, 1]


@pytest.mark.slow
def test_whole_runs_agree_between_one_process_and_a_pool():
    """Uncut runs (towns, deep floors, quests) as well: 16 seeds to their end on both backends."""
    jobs = [Job(seed, MIXES[0], 2, Dials(), 5000) for seed in range(101, 117)]
    alone, _ = play_batch(jobs, 1, None, None)
    pooled, _ = play_batch(jobs, 2, None, None)
    assert aggregate_bytes(pooled) == aggregate_bytes(alone)
    assert len({s["outcome"] for _, s in alone}) >= 2  # whole runs, not all cut at the limit


@pytest.mark.slow
def test_dask_workers_in_their_own_processes_give_the_same_aggregate_bytes(in_process):
    """As on a real cluster: jobs and summaries cross process boundaries through Dask."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        results, _ = play_batch(JOBS, 1, cluster.scheduler_address, None)
    assert aggregate_bytes(results) == aggregate_bytes(in_process)
