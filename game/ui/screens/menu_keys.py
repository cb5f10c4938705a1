"""Menu keys for a screen: Esc backs out, ``?`` asks for help, every other key of the keymap's
``menu`` context becomes an action for ``on_action``. Shared by every generic screen and by the
help screen itself (which is why it is not in screen_base.py: that one opens the help)."""

from __future__ import annotations

import tcod.console

from game.ui.events import Event, KeyEvent
from game.ui.kit import Kit
from game.ui.state import Exit, State


class MenuKeys:
    """A screen with somewhere to go back to (``back``; ``None`` means leaving ends the loop).

    Subclasses override ``on_action`` (an action name from the ``menu`` context of the keymap,
    or ``None`` for an unbound key, with the raw event), ``open_help`` and ``on_draw``.
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

    def open_help(self) -> State | None:
        return None

    def go_back(self) -> State:
        return self.back if self.back is not None else Exit()

    def on_draw(self, console: tcod.console.Console) -> None:
        return None

    def cursor(self) -> tuple[int, int] | None:
        return None
