"""Many autoplay runs at once for the balance lab: one run per job, on this process, a pool of
processes, or a Dask distributed scheduler. Every backend yields the same summaries (a run is a
pure function of its job); only the order they finish in differs, so callers sort by job."""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from game.agents.autoplay import autoplay
from game.core.dials import Dials
from game.core.errors import MasterlessError, UsageError


@dataclass(frozen=True, slots=True)
class Job:
    """One run to play: the same fields `python main.py autoplay` takes."""

    seed: int
    seats: str
    level: int
    dials: Dials
    max_turns: int


def run_job(job: Job) -> tuple[Job, dict[str, Any]]:
    """Play one job to its end and return its `autoplay --json` summary. A run that crashes
    becomes an "error" outcome with the reason, so one bad seed does not sink a whole batch."""
    try:
        game, summary = autoplay(job.seed, job.seats, job.level, job.dials, job.max_turns)
    except Exception as exc:  # noqa: BLE001 - reported as a run of its own, not raised
        return job, {"seed": job.seed, "outcome": "error", "error": f"{type(exc).__name__}: {exc}"}
    game.close()
    return job, summary


def _ignore_interrupts() -> None:
    """Pool workers leave Ctrl-C to the parent, which stops them all at once (no tracebacks)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class WorkerLost(MasterlessError):
    """A pool process died under a run (killed, or out of memory): the runs it had are lost, the
    finished ones are kept."""


def run_local(jobs: Iterable[Job], workers: int) -> Iterator[tuple[Job, dict[str, Any]]]:
    """Yield each job's summary as it finishes: in this process for one worker, else on a pool
    of `workers` processes. Closing the iterator (or Ctrl-C while it waits) stops the pool. A
    pool process that dies raises WorkerLost (a `multiprocessing.Pool` would wait for ever for
    the run it had)."""
    jobs = list(jobs)
    if workers <= 1:
        for job in jobs:
            yield run_job(job)
        return
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(), initializer=_ignore_interrupts)
    futures = [pool.submit(run_job, job) for job in jobs]
    try:
        for future in as_completed(futures):
            yield future.result()
    except BrokenProcessPool:
        raise WorkerLost("a worker process died under a run (killed, or out of memory?)") from None
    finally:
        for future in futures:
            future.cancel()
        # the runs under way are stopped, not waited for (Ctrl-C stops at once); Python 3.11's
        # executor has no call for it, so its processes are ended one by one
        for process in list(getattr(pool, "_processes", {}).values()):
            process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)


CONNECT_TIMEOUT = "10s"  # how long a scheduler that does not answer is waited for (Dask retries meanwhile)


def run_on_cluster(jobs: Iterable[Job], address: str,
                   tell: Callable[[str], None] | None = None) -> Iterator[tuple[Job, dict[str, Any]]]:
    """Yield each job's summary from a Dask distributed scheduler at `address`
    (tcp://HOST:8786), whose workers have this game installed. `tell` hears why nothing comes
    yet when the scheduler has no worker (the runs wait for one, as Dask does)."""
    try:
        from distributed import Client, as_completed  # the optional extra .[cluster]
    except ImportError:
        raise UsageError("--cluster needs Dask: pip install -e '.[cluster]'") from None
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)
    except ValueError as exc:  # no address at all: the command line was mistyped, nothing was tried
        raise UsageError(f"--cluster takes a scheduler's address, as tcp://HOST:8786: {exc}") from None
    except (OSError, TimeoutError) as exc:
        raise MasterlessError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    futures = []
    try:
        if tell is not None and not client.scheduler_info().get("workers"):
            tell(f"the scheduler at {address} has no workers yet: the runs wait for one "
                 f"(start one with: dask worker {address})")
        futures = client.map(run_job, list(jobs), pure=False)
        for future in as_completed(futures):
            yield future.result()
    finally:
        client.cancel(futures)
        client.close()
