"""Feed what the terminal presenter writes into a pyte screen and read what a player would see."""

from __future__ import annotations

import io

import pyte
import tcod.console

from game.ui.present.ansi import AnsiWriter
from game.ui.present.colors import ColorMode
from game.ui.state import State

ALT_SCREEN = 1049 << 5  # how pyte stores private mode 1049 in Screen.mode


class VirtualTerminal:
    """An AnsiWriter wired to a pyte screen: ``show(console)`` then look at ``lines``/``cell``."""

    def __init__(self, width: int, height: int, mode: ColorMode = "truecolor", **writer_options: object) -> None:
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.sink = io.BytesIO()
        self.writer = AnsiWriter(self.sink, mode, **writer_options)  # type: ignore[arg-type]
        self._fed = 0

    def pump(self) -> bytes:
        """Feed everything written since the last pump into the screen; returns those bytes."""
        data = self.sink.getvalue()[self._fed :]
        self._fed += len(data)
        self.stream.feed(data)
        return data

    def show(self, console: tcod.console.Console, cursor: tuple[int, int] | None = None) -> bytes:
        self.writer.frame(console, cursor)
        return self.pump()

    def resize(self, width: int, height: int) -> None:
        self.screen.resize(height, width)
        self.writer.invalidate()

    @property
    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    def cell(self, x: int, y: int) -> pyte.screens.Char:
        return self.screen.buffer[y][x]


def hex_of(rgb: tuple[int, int, int]) -> str:
    return "{:02x}{:02x}{:02x}".format(*rgb)


def drawn_lines(state: State, width: int, height: int) -> list[str]:
    """What a screen state draws on a `width` x `height` console, as a terminal shows it."""
    console = tcod.console.Console(width, height, order="C")
    state.on_draw(console)
    vt = VirtualTerminal(width, height)
    vt.show(console)
    return vt.lines
