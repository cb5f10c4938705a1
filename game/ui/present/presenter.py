"""What the loop needs from a front end: its size, showing a frame, and the next event."""

from __future__ import annotations

from typing import Protocol

import tcod.console

from game.ui.events import Event
from game.ui.options import Options


class Presenter(Protocol):
    def size(self) -> tuple[int, int]:
        """(columns, rows) the next frame should have."""
        ...

    def present(self, console: tcod.console.Console, cursor: tuple[int, int] | None) -> None:
        """Show ``console``; rest the real cursor at ``cursor`` (or hide it)."""
        ...

    def invalidate(self) -> None:
        """The next ``present`` must redraw everything (after a resize)."""
        ...

    def next_event(self, timeout: float | None = None) -> Event | None:
        """Block up to ``timeout`` seconds (None: forever) for the next event; None if none came."""
        ...

    def configure(self, options: Options) -> str | None:
        """Follow changed options (colour depth, Esc delay); returns the colour mode in use, if any."""
        ...
