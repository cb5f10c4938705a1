"""The base of the generic screens: Esc backs out, ``?`` opens help, menu keys become actions."""

from __future__ import annotations

import tcod.console

from game.ui.events import Event, KeyEvent
from game.ui.kit import Kit
from game.ui.state import Exit, State


class Screen:
    """A screen with somewhere to go back to (``back``; ``None`` means leaving ends the loop).

    Subclasses override ``on_action`` (an action name from the ``menu`` context of the keymap,
    or ``None`` for an unbound key, with the raw event) and ``on_draw``.
    """

    def __init__(self, kit: Kit, back: State | None = None) -> None:
        self.kit = kit
        self.back = back

    def on_event(self, event: Event) -> State | None:
        if not isinstance(event, KeyEvent):
            return None
        action = self.kit.keymap.action_for(event.key, "menu")
        if action == "help":
            return self.open_help()
        if action == "back":
            return self.go_back()
        return self.on_action(action, event)

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        return None

    def open_help(self) -> State:
        from game.ui.screens.help import HelpScreen

        return HelpScreen(self.kit, back=self)

    def go_back(self) -> State:
        return self.back if self.back is not None else Exit()

    def on_draw(self, console: tcod.console.Console) -> None:
        return None

    def cursor(self) -> tuple[int, int] | None:
        return None


def scrolled(offset: int, action: str | None, key: str, page: int, last: int) -> int:
    """The new first line of a scrolling page after a key: the arrows move a line, PgUp/PgDn a
    page, Home/End to either end; always kept within 0..last."""
    if key == "home":
        offset = 0
    elif key == "end":
        offset = last
    else:
        offset += {"menu_up": -1, "menu_down": 1, "page_up": -page, "page_down": page}.get(action or "", 0)
    return max(0, min(offset, last))
