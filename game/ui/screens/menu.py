"""A vertical menu of entries, each with a callback that returns the next screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import tcod.console

from game.ui import draw
from game.ui.kit import Kit
from game.ui.state import State

# An entry's action gets the screen it was chosen on (to come back to) and returns the next
# screen, or None to stay.
EntryAction = Callable[[State], "State | None"]
NOT_NOW = "  (not now)"  # marks an entry that cannot be chosen now on a terminal without colour


@dataclass(frozen=True)
class MenuEntry:
    label: str
    action: EntryAction | None = None
    hotkey: str | None = None
    enabled: bool | Callable[[], bool] = True
    hint: str = ""
    unavailable: str = ""  # said when the entry is greyed out and its key is pressed anyway

    def is_enabled(self) -> bool:
        if self.action is None:
            return False
        return self.enabled() if callable(self.enabled) else bool(self.enabled)


class Menu:
    """Selection and drawing of a list of entries; skips entries that are disabled."""

    def __init__(self, entries: Sequence[MenuEntry]) -> None:
        self.entries = list(entries)
        self.index = next((i for i, e in enumerate(self.entries) if e.is_enabled()), 0)
        self._cursor: tuple[int, int] | None = None

    @property
    def selected(self) -> MenuEntry:
        return self.entries[self.index]

    def move(self, delta: int) -> None:
        n = len(self.entries)
        if n == 0:
            return
        i = self.index
        for _ in range(n):
            i = (i + delta) % n
            if self.entries[i].is_enabled():
                self.index = i
                return

    def choose(self, action: str | None, key: str) -> MenuEntry | None:
        """Apply a menu action or hotkey; returns the entry chosen, if one was."""
        if action == "menu_up":
            self.move(-1)
        elif action == "menu_down":
            self.move(1)
        elif action == "page_up":
            self.index = next((i for i, e in enumerate(self.entries) if e.is_enabled()), self.index)
        elif action == "page_down":
            self.index = next(
                (i for i in range(len(self.entries) - 1, -1, -1) if self.entries[i].is_enabled()), self.index
            )
        elif action == "select":
            return self.selected if self.selected.is_enabled() else None
        else:
            for i, entry in enumerate(self.entries):
                if entry.hotkey == key and entry.is_enabled():
                    self.index = i
                    return entry
        return None

    def width(self, no_colour: bool = False) -> int:
        return max((len(self._line(e, no_colour)) for e in self.entries), default=0) + 2

    @staticmethod
    def _line(entry: MenuEntry, no_colour: bool = False) -> str:
        """The entry as shown; without colour the grey that says it cannot be chosen now is gone,
        so a word says it instead."""
        line = f"{entry.hotkey}  {entry.label}" if entry.hotkey else entry.label
        return f"{line}{NOT_NOW}" if no_colour and not entry.is_enabled() else line

    def draw(self, console: tcod.console.Console, x: int, y: int, kit: Kit, width: int | None = None) -> None:
        palette = kit.palette
        width = self.width(kit.no_colour) if width is None else width
        self._cursor = None
        for i, entry in enumerate(self.entries):
            row = y + i
            line = self._line(entry, kit.no_colour)
            if i == self.index:
                draw.fill(console, x, row, width, 1, palette["selection_bg"])
                draw.text(console, x, row, kit.glyphs["selector"], palette["selection_fg"])
                draw.text(console, x + 2, row, line, palette["selection_fg"], width=width - 2)
                self._cursor = (max(0, min(x + 2, console.width - 1)), row)
            else:
                color = palette["text"] if entry.is_enabled() else palette["disabled"]
                if entry.hotkey and entry.is_enabled():
                    draw.text(console, x + 2, row, entry.hotkey, palette["key"])
                    draw.text(console, x + 3, row, line[1:], color, width=width - 3)
                else:
                    draw.text(console, x + 2, row, line, color, width=width - 2)

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor
