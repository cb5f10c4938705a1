"""The terminal front end in `python main.py bench` (DESIGN.md §8; targets from issue 6).

Everything runs through the real map screen and the terminal presenter's own writer
(`AnsiWriter`), on a 200x60 terminal, in truecolor:

- keypress to frame: a key arrives, the map screen handles it, the whole screen is drawn, diffed
  and written to a real pipe (drained by a thread, as a terminal would). The scene is a run on
  its first floor with one big hall carved out and 40 monsters in view around the hero, who
  walks up and down it. Measured twice: with the hero's step applied directly (the front end
  alone: the monsters stand still) and as a real action through the session (the game's whole
  turn too: 40 aware monsters moving and fighting);
- bytes written for one step of the hero (average over the walk, camera jumps included) and for
  a full redraw, and what a naive writer (every cell, full colour codes) would send instead;
- start to first frame: `python main.py play --seed 7` in a pseudo-terminal, from launching the
  process to the first frame showing the hero's sidebar (the player's wait), median of runs.
"""

from __future__ import annotations

import io
import os
import pty
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import tcod.console

from game.benchmarks.frame_fixtures import PipeSink
from game.benchmarks.measure import Result, p99
from game.core.seats import parse_seats
from game.engine.party_sight import update_sight
from game.engine.start import new_game
from game.mapgen.tiles import Tile
from game.rules.purchases import Monster
from game.ui.auto_travel import visible_monsters
from game.ui.events import KeyEvent
from game.ui.kit import Kit
from game.ui.options import Options
from game.ui.present.ansi import AnsiWriter, NaiveWriter
from game.ui.screens.map_screen import MapScreen
from game.ui.session import Session
from game.world.components import Glyph, HeroState, MonsterState, Named, Position

WIDTH, HEIGHT = 200, 60
MONSTERS = 40
REPO = Path(__file__).resolve().parents[2]


# ----- the scene ------------------------------------------------------------------------------------
def hall_game(seed: int = 7, monsters: int = MONSTERS) -> tuple[Any, int]:
    """A run whose first floor has a hall as big as the floor, fully mapped, with `monsters`
    monsters standing around the hero (returns the game and the hero entity)."""

    game = new_game(seed, parse_seats("human,ai,ai"), 2)
    floor = game.floor
    h, w = floor.height, floor.width
    floor.tile[:, :] = Tile.WALL
    floor.tile[1:h - 1, 1:w - 1] = Tile.FLOOR
    floor.set_tile(1, 1, Tile.FLOOR)  # refreshes exits; then the walkable/transparent arrays:
    floor.walkable[:, :] = False
    floor.walkable[1:h - 1, 1:w - 1] = True
    floor.transparent[:, :] = floor.walkable
    floor.explored[:, :] = True
    hero = game.party.hero_of[0]
    pos = game.position(hero)
    pos.x, pos.y = w // 2, h // 2
    ring = [(dx, dy) for dy in range(-6, 7) for dx in range(-9, 10) if abs(dx) >= 3 or abs(dy) >= 3]
    ring.sort(key=lambda d: ((d[0] * 7 + d[1] * 13) % 17, d))
    for placed, (dx, dy) in enumerate(ring[:monsters]):
        x, y = pos.x + dx, pos.y + dy
        spec = Monster(level=1, name=f"Bench imp {placed}")
        game.world.create(MonsterState(spec, 1, 3, 1, floor.cell_of(x, y) or (0, 0)),
                          Position(x, y, game.dungeon.floor_no), Named(spec.name),
                          Glyph("gkoTZ"[placed % 5], (230, 80, 60), 2))
    update_sight(game)
    return game, hero


def map_screen(game: Any) -> Any:
    kit = Kit.from_options(Options(glyphs="unicode"), Path(tempfile.gettempdir()) / "masterless-bench-options.toml")
    screen = MapScreen(kit, Session(game))
    screen.notice = ""
    return screen


def walk_key(step: int) -> str:
    """The walk: 12 steps east, 12 west, and again (the monsters stay in view)."""
    return "l" if (step // 12) % 2 == 0 else "h"


# ----- measurements -------------------------------------------------------------------------------------
def latency(frames: int, through_engine: bool) -> tuple[list[float], int]:
    """Seconds from a key to its frame written to a pipe; and how many monsters were in view."""

    game, hero = hall_game()
    game.world.comp(hero, HeroState).hits = 10**6  # the walk must not end in a grave
    screen = map_screen(game)
    console = tcod.console.Console(WIDTH, HEIGHT, order="C")
    sink = PipeSink()
    writer = AnsiWriter(sink, "truecolor")
    in_view = len(visible_monsters(game))
    times: list[float] = []
    try:
        screen.on_draw(console)
        writer.frame(console, screen.cursor())
        for step in range(frames):
            key = walk_key(step)
            start = time.perf_counter()
            if through_engine:
                screen.on_event(KeyEvent(key))
            else:
                pos = game.position(hero)
                pos.x += 1 if key == "l" else -1
                update_sight(game)
            console.clear()
            screen.on_draw(console)
            writer.frame(console, screen.cursor())
            times.append(time.perf_counter() - start)
    finally:
        sink.close()
        game.close()
    return times, in_view


def step_and_redraw_bytes(steps: int) -> dict[str, float]:
    game, hero = hall_game()
    screen = map_screen(game)
    console = tcod.console.Console(WIDTH, HEIGHT, order="C")
    writer = AnsiWriter(io.BytesIO(), "truecolor")
    screen.on_draw(console)
    full = writer.frame(console, screen.cursor())
    naive = NaiveWriter(io.BytesIO(), "truecolor").frame(console, screen.cursor())
    sizes = []
    pos = game.position(hero)
    for step in range(steps):  # long walks, so that the camera jumps are counted too
        pos.x += 1 if (step // 60) % 2 == 0 else -1
        update_sight(game)
        console.clear()
        screen.on_draw(console)
        sizes.append(writer.frame(console, screen.cursor()))
    game.close()
    return {"full": full, "step": statistics.mean(sizes), "step_median": statistics.median(sizes),
            "step_max": max(sizes), "naive": naive}


def start_to_first_frame(runs: int) -> list[float]:
    """Seconds from launching `python main.py play --seed 7` on a pty to its first whole frame.

    Python caches compiled modules after the first start on a player's machine, and the game its
    parsed content beside them (game/core/content.py); this machine's image turns both off
    (PYTHONDONTWRITEBYTECODE), so the children are let write the caches and one start, not
    counted, warms them."""
    times = []
    for run in range(runs + 1):
        with tempfile.TemporaryDirectory() as home:
            env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
            env |= {"MASTERLESS_HOME": home, "MASTERLESS_CONFIG_DIR": home, "TERM": "xterm-256color",
                    "COLUMNS": "120", "LINES": "40", "LANG": "C.UTF-8"}
            start = time.perf_counter()
            pid, fd = pty.fork()
            if pid == 0:  # the child
                try:
                    os.chdir(REPO)
                    os.execve(sys.executable, [sys.executable, "main.py", "play", "--seed", "7"], env)
                finally:
                    os._exit(127)
            seen = b""
            elapsed = None
            deadline = start + 20
            while time.perf_counter() < deadline:
                ready, _, _ = select.select([fd], [], [], 0.5)
                if not ready:
                    continue
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                seen += chunk
                # answer cursor-position queries as every terminal does (blessed asks at start,
                # to end its capability probe; a terminal that never answered would stall it)
                for _ in range(chunk.count(b"\x1b[6n")):
                    os.write(fd, b"\x1b[1;1R")
                if b"Seed 7" in seen:  # the sidebar's last line: the frame is out
                    elapsed = time.perf_counter() - start
                    break
            os.write(fd, b"\x03")  # Ctrl-C: save and leave
            for _ in range(100):
                done, _ = os.waitpid(pid, os.WNOHANG)
                if done:
                    break
                try:
                    if select.select([fd], [], [], 0.05)[0]:
                        os.read(fd, 65536)
                except OSError:
                    pass
            else:
                os.kill(pid, 9)
                os.waitpid(pid, 0)
            os.close(fd)
            if elapsed is None:
                raise RuntimeError("the game showed no first frame within 20 s")
            if run:  # run 0 warmed the bytecode cache
                times.append(elapsed)
    return times


IN_PROCESS = """
import io, os, sys, tempfile, time
os.environ["MASTERLESS_HOME"] = os.environ["MASTERLESS_CONFIG_DIR"] = tempfile.mkdtemp()
t0 = time.perf_counter()
from game.core.start_up import pause, under_way
pause()  # as the program's start does (game/cli.py run_program)
import tcod.console  # blessed comes with the first key read, after the first frame
from game.ui import app
from game.ui.kit import Kit
from game.ui.present.ansi import AnsiWriter
t1 = time.perf_counter()
kit = Kit.load()
state, host = app.start_state(kit, seed=7)
console = tcod.console.Console(120, 40, order="C")
state.on_draw(console)
AnsiWriter(io.BytesIO(), "truecolor").frame(console, state.cursor())
under_way()
t2 = time.perf_counter()
print(t1 - t0, t2 - t1)
"""


def start_phases() -> tuple[float, float]:
    """(imports, new game to first frame) in seconds, in a fresh interpreter."""

    out = subprocess.run([sys.executable, "-c", IN_PROCESS], capture_output=True, text=True, cwd=REPO,
                         timeout=60, check=True).stdout.split()
    return float(out[0]), float(out[1])


def bench(quick: bool) -> list[Result]:
    frames = 100 if quick else 600
    ui, in_view = latency(frames, through_engine=False)
    full, _ = latency(frames // 2 if quick else frames // 2, through_engine=True)
    sizes = step_and_redraw_bytes(120 if quick else 600)
    starts = start_to_first_frame(5 if quick else 9)  # one start alone can swing by 10 %
    imports, first = start_phases()
    ui_med, ui_p99 = statistics.median(ui) * 1000, p99(ui) * 1000
    full_med, full_p99 = statistics.median(full) * 1000, p99(full) * 1000
    start_ms = statistics.median(starts) * 1000
    where = f"{WIDTH}x{HEIGHT}, {in_view} monsters in view, truecolor, to a pipe"
    return [
        Result("key to frame, map screen (median)", ui_med, "ms", "< 4", ui_med < 4, where),
        Result("key to frame, map screen (p99)", ui_p99, "ms", "< 10", ui_p99 < 10, where),
        Result("key to frame with the game's turn (median)", full_med, "ms", "", None,
               f"p99 {full_p99:.2f} ms; the step applied through the session, 40 monsters acting"),
        Result("bytes for one hero step (mean)", sizes["step"], "B", "< 1500", sizes["step"] < 1500,
               f"median {sizes['step_median']:.0f}, max {sizes['step_max']}"),
        Result("bytes for a full redraw", sizes["full"], "B", "", None, f"{WIDTH}x{HEIGHT}"),
        Result("naive writer / ours, one step", sizes["naive"] / max(1.0, sizes["step"]), "x", "", None,
               f"a naive writer sends {sizes['naive']} B every frame"),
        Result("start to first frame (play --seed 7, pty)", start_ms, "ms", "< 400", start_ms < 400,
               f"a new process until the map is on screen, bytecode cached, median of {len(starts)}; of it, imports "
               f"{imports * 1000:.0f} ms, Game.new to first frame {first * 1000:.0f} ms"),
    ]


__all__ = ["bench", "hall_game", "latency", "step_and_redraw_bytes", "start_to_first_frame"]
