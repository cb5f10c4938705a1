"""A presenter with no screen: frames stay in a console, events come from a script.

For tests, replays and benchmarks. ``text()`` gives what a player would read.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

import tcod.console

from game.ui.events import CloseEvent, Event, ResizeEvent
from game.ui.kit import Kit
from game.ui.loop import MIN_SIZE, run
from game.ui.options import Options
from game.ui.state import Exit, State


class HeadlessPresenter:
    """``events`` are returned in order; a ``ResizeEvent`` also changes the size. When the script
    runs out, a ``CloseEvent("script ended")`` ends the loop. While a state animates (asks for a
    tick) no event is delivered: the animation plays to its end at once, then the script goes on."""

    def __init__(self, width: int = 80, height: int = 24, events: Iterable[Event] = ()) -> None:
        self.width = width
        self.height = height
        self.events: deque[Event] = deque(events)
        self.console = tcod.console.Console(width, height, order="C")
        self.cursor: tuple[int, int] | None = None
        self.frames = 0
        self.full_redraws = 0
        self._invalid = True

    def feed(self, *events: Event) -> None:
        self.events.extend(events)

    def size(self) -> tuple[int, int]:
        return self.width, self.height

    def present(self, console: tcod.console.Console, cursor: tuple[int, int] | None) -> None:
        if self._invalid:
            self.full_redraws += 1
            self._invalid = False
        if (console.width, console.height) != (self.console.width, self.console.height):
            self.console = tcod.console.Console(console.width, console.height, order="C")
        self.console.rgb[...] = console.rgb
        self.cursor = cursor
        self.frames += 1

    def invalidate(self) -> None:
        self._invalid = True

    def next_event(self, timeout: float | None = None) -> Event | None:
        if timeout is not None:
            # an animating state (travel) plays on until it stops, as if the player watched it
            # without touching a key; then the script goes on
            return None
        if not self.events:
            return CloseEvent("script ended")
        event = self.events.popleft()
        if isinstance(event, ResizeEvent):
            self.width, self.height = event.width, event.height
        return event

    def configure(self, options: Options) -> str | None:
        return None

    # -- reading what is on screen --------------------------------------------------------

    def lines(self) -> list[str]:
        return ["".join(chr(c) for c in row).rstrip() for row in self.console.ch]

    def text(self) -> str:
        return "\n".join(self.lines())

    def find(self, needle: str) -> tuple[int, int] | None:
        """(x, y) of the first occurrence of ``needle`` on screen."""
        for y, line in enumerate(self.lines()):
            x = line.find(needle)
            if x >= 0:
                return x, y
        return None


def run_headless(
    state: State,
    events: Iterable[Event] = (),
    *,
    size: tuple[int, int] = (80, 24),
    kit: Kit | None = None,
    min_size: tuple[int, int] = MIN_SIZE,
) -> tuple[Exit, HeadlessPresenter]:
    """Run ``state`` on a script of events; returns how it ended and the presenter (the screen)."""
    presenter = HeadlessPresenter(size[0], size[1], events)
    result = run(state, presenter, kit=kit, min_size=min_size)
    return result, presenter
