"""Leaving a run: save and quit (continue later), abandon the run (asked twice), or stay."""

from __future__ import annotations

from collections.abc import Callable

import tcod.console

from game.ui import draw
from game.ui.events import KeyEvent
from game.ui.kit import Kit
from game.ui.screens.dialog import ConfirmDialog, _dialog_box, _draw_behind
from game.ui.screens.menu import Menu, MenuEntry
from game.ui.screens.screen_base import Screen
from game.ui.state import State


class QuitDialog(Screen):
    """``on_save()`` and ``on_abandon()`` return the next screen (usually the end of the loop)."""

    def __init__(self, kit: Kit, back: State, on_save: Callable[[], State], on_abandon: Callable[[], State]) -> None:
        super().__init__(kit, back)
        self.on_save = on_save
        self.on_abandon = on_abandon

        def abandon(screen: State) -> State:
            return ConfirmDialog(kit, back, "Abandon this run for good? It ends here, with no score, and "
                                 "cannot be continued.", on_yes=self.on_abandon, title="Abandon the run",
                                 yes_label="Abandon")

        self.menu = Menu([
            MenuEntry("Save and quit", lambda screen: self.on_save(), "s", hint="Continue later from the title."),
            MenuEntry("Abandon the run", abandon, "a", hint="The run ends here."),
            MenuEntry("Keep playing", lambda screen: self.go_back(), "k"),
        ])

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        if action == "no":
            return self.go_back()
        entry = self.menu.choose(action, event.key)
        if entry is not None and entry.action is not None:
            return entry.action(self)
        return None

    def question(self) -> str:
        """"Leave the game?", and first, while saving fails, that leaving keeps only what was saved."""
        host = getattr(self.back, "host", None)
        problem = getattr(host, "save_problem", lambda: None)()
        if not problem:
            return "Leave the game?"
        return f"Saving is failing ({problem}): save and quit keeps only what was saved before it. Leave the game?"

    def on_draw(self, console: tcod.console.Console) -> None:
        _draw_behind(self.back, console)
        ix, row, iw, _ = _dialog_box(console, self.kit, "Quit", self.question(), len(self.menu.entries) + 2)
        self.menu.draw(console, ix, row + 1, self.kit, iw)
        hint = self.menu.selected.hint
        if hint:
            draw.text(console, ix, row + 1 + len(self.menu.entries), hint, self.kit.palette["text_dim"], width=iw)

    def cursor(self) -> tuple[int, int] | None:
        return self.menu.cursor()
