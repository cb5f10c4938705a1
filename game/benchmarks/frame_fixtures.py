"""Measurements of the terminal front end for ``python main.py bench`` (never asserted in tests).

- bytes for a full redraw and for one step of the hero, through the real ``AnsiWriter``,
- the same frames through ``NaiveWriter`` (every cell, full colour codes) for comparison,
- keypress-to-frame latency of a draw + diff + write cycle, given a draw callback.

The default scene (``SampleScene``) is a stand-in for the map screen: rooms, corridors, lit and
remembered tiles, 40 monsters in view, a sidebar and a log, on a 200x60 terminal.
"""

from __future__ import annotations

import io
import os
import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
import tcod.console

from game.ui import draw
from game.ui.palette import load_palette
from game.ui.present.ansi import AnsiWriter, NaiveWriter
from game.ui.present.colors import ColorMode

DrawFn = Callable[[tcod.console.Console, int], None]  # (console, step number)


class PipeSink:
    """A real pipe with a thread draining it: writes cost what they cost on a terminal's fd."""

    def __init__(self) -> None:
        self._r, self._w = os.pipe()
        self.count = 0
        self._writer = open(self._w, "wb", buffering=0, closefd=True)  # noqa: SIM115 - closed in close()
        self._thread = threading.Thread(target=self._drain, daemon=True)
        self._thread.start()

    def _drain(self) -> None:
        while True:
            chunk = os.read(self._r, 1 << 16)
            if not chunk:
                break
            self.count += len(chunk)

    def write(self, data: bytes) -> int:
        view = memoryview(data)
        while view:
            n = self._writer.write(view)
            view = view[n or 0 :]
        return len(data)

    def flush(self) -> None:
        return None

    def close(self) -> None:
        self._writer.close()
        self._thread.join(timeout=5)
        os.close(self._r)


class SampleScene:
    """A deterministic map-like scene; ``draw(console, step)`` moves the hero one cell per step."""

    def __init__(self, width: int = 200, height: int = 60, monsters: int = 40, seed: int = 1) -> None:
        self.palette = load_palette("default")
        rng = np.random.default_rng(seed)
        self.map_w, self.map_h = width - 30, height - 8
        tiles = np.zeros((self.map_h, self.map_w), dtype=np.int8)  # 0 rock, 1 floor, 2 wall
        for _ in range(14):
            w, h = int(rng.integers(8, 24)), int(rng.integers(5, 12))
            x, y = int(rng.integers(1, self.map_w - w - 1)), int(rng.integers(1, self.map_h - h - 1))
            tiles[y : y + h, x : x + w] = np.where(tiles[y : y + h, x : x + w] == 1, 1, 2)
            tiles[y + 1 : y + h - 1, x + 1 : x + w - 1] = 1
        tiles[self.map_h // 2, 2 : self.map_w - 2] = 1  # a long corridor for the hero
        self.tiles = tiles
        self.remembered = rng.random((self.map_h, self.map_w)) < 0.5
        floor = np.argwhere(tiles == 1)
        self.monsters = [tuple(int(v) for v in floor[i]) for i in rng.choice(len(floor), monsters, replace=False)]
        self.log = [f"Event {i}: something happened in the dungeon." for i in range(5)]

    def draw(self, console: tcod.console.Console, step: int) -> None:
        p = self.palette
        draw.clear(console, p)
        hero_x = 3 + step % (self.map_w - 6)
        hero_y = self.map_h // 2
        floor = self.tiles == 1
        wall = self.tiles == 2
        yy, xx = np.mgrid[0 : self.map_h, 0 : self.map_w]
        lit = (xx - hero_x) ** 2 + (yy - hero_y) ** 2 <= 12**2
        view_ch = console.ch[: self.map_h, : self.map_w]
        view_fg = console.fg[: self.map_h, : self.map_w]
        view_bg = console.bg[: self.map_h, : self.map_w]
        seen = lit | self.remembered
        view_ch[floor & seen] = ord(".")
        view_ch[wall & seen] = ord("#")
        view_fg[floor & lit] = p["floor_fg"]
        view_bg[floor & lit] = p["floor_bg"]
        view_fg[wall & lit] = p["wall_fg"]
        view_bg[wall & lit] = p["wall_bg"]
        dim = seen & ~lit & (floor | wall)
        view_fg[dim] = p["remembered_fg"]
        view_bg[dim] = p["remembered_bg"]
        for i, (my, mx) in enumerate(self.monsters):
            wobble = (step + i) % 3 - 1 if i % 4 == 0 else 0  # a few monsters shuffle each step
            x = min(max(0, mx + wobble), self.map_w - 1)
            draw.text(console, x, my, "gkoTZ"[i % 5], p["monster"])
        draw.text(console, hero_x, hero_y, "@", p["hero"])
        sx = self.map_w + 1
        draw.fill(console, sx - 1, 0, console.width - sx + 1, self.map_h, p["panel_bg"])
        draw.text(console, sx, 1, "Fungeoneer  L3", p["title"])
        draw.text(console, sx, 2, f"Hits {15 - step % 5:2d}/15", p["good"])
        draw.text(console, sx, 3, f"Turn {step}", p["text"])
        for i, line in enumerate([*self.log, f"You step east ({step})."][-6:]):
            draw.text(console, 1, self.map_h + 1 + i, line, p["text"])


@dataclass(frozen=True)
class Latency:
    frames: int
    median_ms: float
    p99_ms: float
    max_ms: float


def _console(width: int, height: int) -> tcod.console.Console:
    return tcod.console.Console(width, height, order="C")


def full_redraw_bytes(
    draw_fn: DrawFn | None = None, width: int = 200, height: int = 60, mode: ColorMode = "truecolor"
) -> int:
    """Bytes our writer sends for a first (full) frame."""
    draw_fn = draw_fn or SampleScene(width, height).draw
    console = _console(width, height)
    draw_fn(console, 0)
    return AnsiWriter(io.BytesIO(), mode).frame(console)


def step_bytes(
    draw_fn: DrawFn | None = None, width: int = 200, height: int = 60, mode: ColorMode = "truecolor"
) -> int:
    """Bytes our writer sends for the frame after one step (frame 1 after frame 0)."""
    draw_fn = draw_fn or SampleScene(width, height).draw
    console = _console(width, height)
    writer = AnsiWriter(io.BytesIO(), mode)
    draw_fn(console, 0)
    writer.frame(console)
    draw_fn(console, 1)
    return writer.frame(console)


def naive_frame_bytes(
    draw_fn: DrawFn | None = None, width: int = 200, height: int = 60, mode: ColorMode = "truecolor"
) -> int:
    """Bytes a naive writer (every cell, every colour, every frame) sends for any frame."""
    draw_fn = draw_fn or SampleScene(width, height).draw
    console = _console(width, height)
    draw_fn(console, 0)
    return NaiveWriter(io.BytesIO(), mode).frame(console)


def keypress_latency(
    draw_fn: DrawFn | None = None,
    *,
    width: int = 200,
    height: int = 60,
    frames: int = 200,
    mode: ColorMode = "truecolor",
    on_key: Callable[[int], None] | None = None,
    to_pipe: bool = True,
) -> Latency:
    """Time from "a key arrived" to "its frame is written": ``on_key(step)`` (the game's work,
    optional), clear, ``draw_fn(console, step)``, diff and write (to a real pipe by default)."""
    draw_fn = draw_fn or SampleScene(width, height).draw
    console = _console(width, height)
    sink: Any = PipeSink() if to_pipe else io.BytesIO()
    writer = AnsiWriter(sink, mode)
    try:
        console.clear()
        draw_fn(console, 0)
        writer.frame(console)
        times: list[float] = []
        for step in range(1, frames + 1):
            start = time.perf_counter()
            if on_key is not None:
                on_key(step)
            console.clear()
            draw_fn(console, step)
            writer.frame(console)
            times.append(time.perf_counter() - start)
    finally:
        if isinstance(sink, PipeSink):
            sink.close()
    times.sort()
    p99 = times[min(len(times) - 1, int(round(0.99 * (len(times) - 1))))]
    return Latency(len(times), statistics.median(times) * 1000, p99 * 1000, times[-1] * 1000)


def measure_all(width: int = 200, height: int = 60, frames: int = 200) -> dict[str, Any]:
    """Everything above, for the bench's JSON."""
    scene = SampleScene(width, height)
    result: dict[str, Any] = {"size": [width, height]}
    for mode in ("truecolor", "256", "16"):
        result[mode] = {
            "full_redraw_bytes": full_redraw_bytes(scene.draw, width, height, mode),
            "step_bytes": step_bytes(scene.draw, width, height, mode),
            "naive_frame_bytes": naive_frame_bytes(scene.draw, width, height, mode),
        }
    result["latency"] = asdict(keypress_latency(scene.draw, width=width, height=height, frames=frames))
    return result
