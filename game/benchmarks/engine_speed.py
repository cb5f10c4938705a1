"""Engine numbers for `python main.py bench`: sight on a big floor, autoplay speed on whole runs,
and the peak memory of a long autoplay run (measured in a child process, so it is the run's own)."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time

import numpy as np

from game.agents.autoplay import autoplay
from game.benchmarks.measure import Result, p99
from game.world.fov import LANTERN_RADIUS, field_of_view

SIGHT_SEEDS = 8
AUTOPLAY_SEEDS_QUICK = 8  # whole runs a pass of the quick bench plays (about 1.5 s a pass)
AUTOPLAY_SEEDS = 24
MEMORY_SCRIPT = """
import json, resource, sys
from game.agents.autoplay import autoplay
turns = 0
seed = 1
while turns < int(sys.argv[1]):
    game, result = autoplay(seed, "ai+hero,ai+hero,ai+hero", max_turns=int(sys.argv[1]) - turns)
    turns += result["turns"]
    game.close()
    seed += 1
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:  # ru_maxrss survives exec (it can be the parent's); VmHWM belongs to this process image alone
    with open("/proc/self/status") as fh:
        peak = next(int(line.split()[1]) for line in fh if line.startswith("VmHWM:"))
except (OSError, StopIteration):
    pass
print(json.dumps({"turns": turns, "peak_kb": peak}))
"""


def bench_sight(quick: bool) -> Result:
    """One hero's field of view by lantern on a 200 x 60 open floor with pillars (the bench's
    terminal size), median over many positions."""


    transparent = np.ones((60, 200), dtype=bool)
    transparent[::4, ::6] = False
    times = []
    for i in range(300 if quick else 3000):
        x, y = 10 + (i * 37) % 180, 5 + (i * 11) % 50
        t0 = time.perf_counter()
        field_of_view(transparent, x, y, LANTERN_RADIUS)
        times.append(time.perf_counter() - t0)
    ms = statistics.median(times) * 1000
    return Result("sight for one hero, 200x60 floor (median)", ms, "ms", "<= 0.2", ms <= 0.2,
                  f"p99 {p99(times) * 1000:.3f} ms")


def bench_autoplay(quick: bool) -> Result:
    """Whole runs of the same seeds back to back, the batch played `passes` times and its fastest
    pass taken: as `measure.rate` and the replay line, a slower pass is the machine's other work
    getting in its way (the median pass is shown beside it). The passes play the same turns
    (a run is a pure function of its seed), so a pass that does not is an error. One short run
    first, untimed: a process's first game parses the content and fills its kept tables (about
    80 ms, a start-up cost, which has its own line)."""
    autoplay(1, "ai+hero,ai+hero,ai", max_turns=50)[0].close()
    seeds = range(1, 1 + (AUTOPLAY_SEEDS_QUICK if quick else AUTOPLAY_SEEDS))
    passes: list[float] = []
    played: set[int] = set()
    for _ in range(3 if quick else 5):
        turns, seconds = 0, 0.0
        for seed in seeds:
            t0 = time.perf_counter()
            game, result = autoplay(seed, "ai+hero,ai+hero,ai", max_turns=3000)
            seconds += time.perf_counter() - t0
            turns += result["turns"]
            game.close()
        passes.append(seconds)
        played.add(turns)
    if len(played) != 1:
        raise RuntimeError(f"the same seeds played different numbers of turns: {sorted(played)}")
    rate = turns / min(passes)
    return Result("autoplay turns/s (whole runs)", rate, "/s", ">= 5000", rate >= 5000,
                  f"{len(seeds)} runs, fastest of {len(passes)} passes; median pass "
                  f"{turns / statistics.median(passes):,.0f} /s, {len(seeds) / min(passes) * 60:.0f} runs/min")


def bench_memory(quick: bool) -> Result:
    turns = 1000 if quick else 5000
    out = subprocess.run([sys.executable, "-c", MEMORY_SCRIPT, str(turns)], capture_output=True, text=True,
                         check=True, timeout=600)
    data = json.loads(out.stdout.strip().splitlines()[-1])
    mb = data["peak_kb"] / 1024
    return Result(f"peak memory, {data['turns']}-turn autoplay", mb, "MB", "<= 150", mb <= 150)


def bench(quick: bool) -> list[Result]:
    return [bench_sight(quick), bench_autoplay(quick), bench_memory(quick)]
