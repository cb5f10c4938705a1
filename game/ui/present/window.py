"""The SDL window front end (``--window``): a tcod context, resizable, keys as our ``KeyEvent``s.

The font: a ``.ttf`` in ``assets/fonts/`` if one is there, else a common monospace font of the
system (DejaVu Sans Mono, Menlo, Consolas, ...), else tcod's own fallback.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import tcod.console
import tcod.context
import tcod.event
import tcod.tileset

from game.ui.events import CloseEvent, Event, KeyEvent, ResizeEvent
from game.ui.kit import Kit
from game.ui.loop import MIN_SIZE, run
from game.ui.options import Options
from game.ui.palette import ASSETS
from game.ui.state import Exit, State
from game.ui.terminal_guard import SignalExit, TerminalGuard

FONT_DIR = ASSETS / "fonts"
SYSTEM_FONTS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "/usr/share/fonts/TTF/DejaVuSansMono.ttf",
    "/usr/share/fonts/dejavu/DejaVuSansMono.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf",
    "/System/Library/Fonts/Menlo.ttc",
    "/Library/Fonts/Menlo.ttc",
    "C:/Windows/Fonts/consola.ttf",
    "C:/Windows/Fonts/lucon.ttf",
)
TILE_HEIGHT = 20  # pixels a row; a column is as wide as the font's own cell at that height
FULL_BLOCK = 0x2588  # fills its cell: where the cell is in libtcod's wider tile
DRAWN = range(0x20, 0x2C00)  # every character the screens draw (the roll panel's marks end at U+2B27)

_K = tcod.event.KeySym
_SPECIAL: dict[Any, str] = {
    _K.UP: "up",
    _K.DOWN: "down",
    _K.LEFT: "left",
    _K.RIGHT: "right",
    _K.HOME: "home",
    _K.END: "end",
    _K.PAGEUP: "pageup",
    _K.PAGEDOWN: "pagedown",
    _K.INSERT: "insert",
    _K.DELETE: "delete",
    _K.RETURN: "enter",
    _K.RETURN2: "enter",
    _K.KP_ENTER: "enter",
    _K.ESCAPE: "escape",
    _K.TAB: "tab",
    _K.BACKSPACE: "backspace",
    _K.SPACE: "space",
    **{getattr(_K, f"KP_{d}"): f"KP_{d}" for d in range(10)},
    **{getattr(_K, f"F{n}"): f"f{n}" for n in range(1, 13)},
}


def find_font() -> Path | None:
    if FONT_DIR.is_dir():
        for path in sorted(FONT_DIR.iterdir()):
            if path.suffix.lower() in (".ttf", ".otf", ".ttc"):
                return path
    for name in SYSTEM_FONTS:
        if Path(name).is_file():
            return Path(name)
    return None


def load_tileset() -> tcod.tileset.Tileset | None:
    path = find_font()
    if path is None:
        return None
    try:
        return fitted(tcod.tileset.load_truetype_font(path, 0, TILE_HEIGHT))
    except (RuntimeError, OSError):
        return None


def fitted(loaded: tcod.tileset.Tileset) -> tcod.tileset.Tileset:
    """The font's glyphs in tiles as wide as its cell. libtcod scales a font to fit its widest
    glyph into the tile, so a 10x20 tile held letters 6 pixels high; loaded with the width left
    free they are the row's size, centred in a tile too wide, which is cut back to the cell."""
    columns = np.flatnonzero(loaded.get_tile(FULL_BLOCK)[..., 3].any(axis=0))
    if columns.size == 0:  # a font with no full block: keep its tiles as they are
        return loaded
    left, right = int(columns[0]), int(columns[-1]) + 1
    tileset = tcod.tileset.Tileset(right - left, loaded.tile_height)
    for codepoint in DRAWN:
        tile = loaded.get_tile(codepoint)
        if codepoint == 0x20 or tile[..., 3].any():
            tileset[codepoint] = np.ascontiguousarray(tile[:, left:right])
    return tileset


def sdl_key_name(sym: Any, mod: Any) -> str | None:
    """Our key name for an SDL key press that is not text (text comes as TextInput)."""
    ctrl = bool(mod & tcod.event.Modifier.CTRL)
    alt = bool(mod & tcod.event.Modifier.ALT)
    shift = bool(mod & tcod.event.Modifier.SHIFT)
    base = _SPECIAL.get(sym)
    if base is not None:
        if base == "space" and not (ctrl or alt):
            return None  # typed text: TextInput brings it
        prefix = ("C-" if ctrl else "") + ("M-" if alt else "")
        if shift and not base.startswith("KP_"):
            prefix += "S-"
        return prefix + base
    if (ctrl or alt) and 0 < int(sym) < 128 and chr(int(sym)).isprintable():
        char = chr(int(sym))
        char = char.upper() if shift and alt and not ctrl else char.lower()
        return ("C-" if ctrl else "") + ("M-" if alt else "") + char
    return None


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Point file descriptor 2 at /dev/null for the block: SDL and libtcod write there from C
    (six lines when there is no display), before the game can say one line of its own."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):
        yield
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 2)
        os.close(devnull)
    except OSError:
        pass
    try:
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class WindowPresenter:
    """Draws into an SDL window through a tcod context; the console follows the window's size."""

    surface = "window"  # what the "make it larger" screen asks the player to resize

    def __init__(self, columns: int = 100, rows: int = 36, title: str = "Masterless") -> None:
        self.columns = columns
        self.rows = rows
        self.title = title
        self.context: tcod.context.Context | None = None
        self.signals: TerminalGuard | None = None
        self._queue: list[Event] = []
        self._swallow_text: str | None = None

    def open(self) -> None:
        with quiet_stderr():  # SDL's start-up chatter; a failure is one line from the caller
            self.context = tcod.context.new(
                columns=self.columns,
                rows=self.rows,
                tileset=load_tileset(),
                title=self.title,
                vsync=True,
                sdl_window_flags=tcod.context.SDL_WINDOW_RESIZABLE,
            )
        window = self.context.sdl_window
        if window is not None:
            with contextlib.suppress(Exception):
                window.start_text_input()

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
            self.context = None

    def __enter__(self) -> WindowPresenter:
        self.open()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def size(self) -> tuple[int, int]:
        if self.context is None:
            return self.columns, self.rows
        return self.context.recommended_console_size(1, 1)

    def invalidate(self) -> None:
        return None

    def configure(self, options: Options) -> str | None:
        return "truecolor"

    def present(self, console: tcod.console.Console, cursor: tuple[int, int] | None) -> None:
        assert self.context is not None, "open() the presenter first"
        self.context.present(console, keep_aspect=False, integer_scaling=False)

    def _convert(self, event: tcod.event.Event) -> Event | None:
        if isinstance(event, tcod.event.Quit):
            return CloseEvent("close")
        if isinstance(event, tcod.event.WindowEvent):
            if event.type == "WindowClose":
                return CloseEvent("close")
            if event.type in ("WindowResized", "PixelSizeChanged"):
                return ResizeEvent(*self.size())
            return None
        if isinstance(event, tcod.event.KeyDown):
            name = sdl_key_name(event.sym, event.mod)
            if name is not None and name.startswith("KP_"):
                # with Num Lock on, SDL also sends the digit as text: it is the same key press
                self._swallow_text = name[3:]
            return KeyEvent(name) if name else None
        if isinstance(event, tcod.event.TextInput):
            text = event.text
            if self._swallow_text is not None and text == self._swallow_text:
                self._swallow_text = None
                return None
            self._swallow_text = None
            if len(text) == 1 and text.isprintable():
                return KeyEvent("space" if text == " " else text)
        return None

    def next_event(self, timeout: float | None = None) -> Event | None:
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            if self.signals is not None and self.signals.pending is not None:
                return CloseEvent("terminated")
            if self._queue:
                return self._queue.pop(0)
            # short waits, so that a signal is noticed even while SDL sleeps
            wait = 0.25 if deadline is None else max(0.0, min(0.25, deadline - time.monotonic()))
            for sdl_event in tcod.event.wait(wait):
                converted = self._convert(sdl_event)
                if converted is not None:
                    self._queue.append(converted)
            if not self._queue and deadline is not None and time.monotonic() >= deadline:
                return None


def run_in_window(
    state: State,
    *,
    kit: Kit | None = None,
    on_hangup: Callable[[], None] | None = None,
    min_size: tuple[int, int] = MIN_SIZE,
    columns: int = 100,
    rows: int = 36,
) -> Exit:
    """Run ``state`` in an SDL window until it exits; closing the window calls ``on_hangup``."""
    presenter = WindowPresenter(columns, rows)
    guard = TerminalGuard(restore=presenter.close, on_hangup=on_hangup)
    with guard:
        presenter.signals = guard
        presenter.open()
        result = run(state, presenter, kit=kit, min_size=min_size, on_interrupt=guard.hangup)
    if guard.pending is not None:
        raise SignalExit(guard.pending)
    return result
