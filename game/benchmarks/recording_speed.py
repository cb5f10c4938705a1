"""Timing recordings and replays, for `python main.py bench` (DESIGN.md §8). Not a test: no asserts.

Recordings are made here, in memory, of autoplayed runs (two AI heroes) and scripted hot-seat
runs (two human seats), so the numbers follow the game as it is today."""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from game.agents.autoplay import play
from game.agents.scripted import play_scripted
from game.benchmarks.measure import Result
from game.engine.dispatch import apply_action
from game.engine.recorded_play import replay
from game.engine.recording import Recorder, Recording
from game.engine.recording_read import parse_recording
from game.engine.replay import Replay


def make_recordings(quick: bool) -> list[tuple[str, Recording, int]]:
    """(kind, recording, file bytes) for a few runs of each kind."""
    out = []
    seeds = range(1, 3) if quick else range(1, 7)
    budget = 400 if quick else 1500
    for seed in seeds:
        for kind, seats in (("autoplay", "ai+hero,ai+hero,ai"), ("hot-seat", "human,human,ai")):
            recorder = Recorder.for_new_game(None, seed, seats, 2, None, flush_every=0)
            game = recorder.start()
            if kind == "autoplay":
                play(game, budget, on_action=recorder.add)
            else:
                play_scripted(game, budget, recorder.add)
            data = recorder.to_bytes(game)
            game.close()
            out.append((kind, parse_recording(data), len(data)))
    return out


def replay_rate(recordings: list[Recording], repeats: int) -> tuple[float, float]:
    """(turns/s, actions/s) of a checked headless replay, best of `repeats`, after one warm-up."""
    replay(recordings[0]).close()
    turns = sum(r.turns for r in recordings)
    actions = sum(len(r.steps) for r in recordings)
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for r in recordings:
            replay(r).close()
        best = min(best, time.perf_counter() - start)
    return turns / best, actions / best


def autosave_cost(recording: Recording, actions: int) -> float:
    """Median ms that `Recorder.add` takes when it writes the autosave after every action."""
    with tempfile.TemporaryDirectory() as tmp:
        recorder = Recorder(Path(tmp) / "autosave.mlrec", recording.header, flush_every=1,
                            backup=Path(tmp) / "autosave.bak.mlrec")
        game = recording.header.new_game()
        times = []
        for step in recording.steps[:actions]:
            apply_action(game, step.action)
            start = time.perf_counter()
            recorder.add(game, step.action)
            times.append(time.perf_counter() - start)
        game.close()
    return statistics.median(times) * 1000


def step_back_ms(recording: Recording, samples: int) -> float:
    """Median ms of one step back in the viewer, from places spread over the recording."""
    viewer = Replay(recording)
    viewer.run()
    total = len(recording.steps)
    times = []
    for i in range(samples):
        viewer.seek(total - 1 - (i * 37) % max(1, total - 1))
        start = time.perf_counter()
        viewer.step_back()
        times.append(time.perf_counter() - start)
    viewer.close()
    return statistics.median(times) * 1000


def bench(quick: bool) -> list[Any]:
    made = make_recordings(quick)
    results = []
    for kind in ("autoplay", "hot-seat"):
        runs = [(r, size) for k, r, size in made if k == kind]
        turns = sum(r.turns for r, _ in runs)
        per_k = sum(size for _, size in runs) * 1000 / max(1, turns) / 1024
        results.append(Result(f"recording size per 1,000 turns ({kind})", per_k, "KB", "< 20", per_k < 20,
                              f"{turns} turns, {sum(len(r.steps) for r, _ in runs)} actions"))
    recordings = [r for _, r, _ in made]
    turns_s, actions_s = replay_rate(recordings, 2 if quick else 5)
    results.append(Result("headless replay, every check (turns/s)", turns_s, "/s", ">= 5000", turns_s >= 5000,
                          f"{actions_s:,.0f} actions/s"))
    longest = max(recordings, key=lambda r: len(r.steps))
    results.append(Result("autosave after an action (median)", autosave_cost(longest, 60 if quick else 300), "ms",
                          "", None, "atomic write + backup; fsync at most every 2 s"))
    back = step_back_ms(longest, 10 if quick else 40)
    results.append(Result("replay viewer: one step back (median)", back, "ms", "<= 50", back <= 50,
                          "keyframe copy + re-applying"))
    return results
