"""The front end's bench helpers run and report sensible numbers (no timing is asserted)."""

from __future__ import annotations

from game.benchmarks.frame_fixtures import (
    SampleScene,
    full_redraw_bytes,
    keypress_latency,
    measure_all,
    naive_frame_bytes,
    step_bytes,
)


def test_a_step_costs_far_less_than_a_full_redraw_which_beats_the_naive_writer() -> None:
    scene = SampleScene(200, 60)
    full = full_redraw_bytes(scene.draw, 200, 60)
    step = step_bytes(scene.draw, 200, 60)
    naive = naive_frame_bytes(scene.draw, 200, 60)
    assert 0 < step < full / 5
    assert full < naive / 3


def test_latency_measure_runs_the_callbacks_and_counts_frames() -> None:
    keys: list[int] = []
    latency = keypress_latency(frames=5, width=100, height=30, on_key=keys.append)
    assert latency.frames == 5 and keys == [1, 2, 3, 4, 5]
    assert 0 <= latency.median_ms <= latency.p99_ms <= latency.max_ms


def test_measure_all_reports_every_colour_depth() -> None:
    report = measure_all(120, 40, frames=3)
    assert set(report) >= {"truecolor", "256", "16", "latency", "size"}
    assert report["16"]["full_redraw_bytes"] <= report["truecolor"]["full_redraw_bytes"]
