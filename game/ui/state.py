"""A screen is a State: it draws itself into a console and answers events with the next State."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import tcod.console

from game.ui.events import Event


@runtime_checkable
class State(Protocol):
    """One screen of the game.

    ``on_event`` returns the next state (which may be ``self``), or ``None`` to stay as it is.
    ``on_draw`` draws the whole screen into ``console``, whose size is the terminal's (or window's)
    size at this frame: lay out from ``console.width`` and ``console.height`` every time, never
    from a size remembered earlier, and resizes come for free.
    ``cursor`` says where the real terminal cursor should rest after the frame (x, y), for
    screen readers: the newest log line, the looked-at thing, the selected menu entry; ``None``
    hides it.
    """

    def on_event(self, event: Event) -> State | None: ...

    def on_draw(self, console: tcod.console.Console) -> None: ...

    def cursor(self) -> tuple[int, int] | None: ...


@dataclass(frozen=True)
class Exit:
    """The state that ends the loop; ``result`` is handed back by ``loop.run``."""

    result: Any = None
    interrupted: bool = False

    def on_event(self, event: Event) -> State | None:
        return None

    def on_draw(self, console: tcod.console.Console) -> None:
        return None

    def cursor(self) -> tuple[int, int] | None:
        return None
