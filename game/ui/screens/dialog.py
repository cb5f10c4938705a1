"""Dialogs drawn over the screen behind them: a message, and a confirmation before irreversible things.

A confirmation starts on "No"; "yes" needs its own key (``Y`` by default, never a movement key)
or Enter on a highlighted "Yes". Esc is always "no".
"""

from __future__ import annotations

from collections.abc import Callable

import tcod.console

from game.ui import draw
from game.ui.events import KeyEvent
from game.ui.keymap import key_label
from game.ui.kit import Kit
from game.ui.screens.screen_base import Screen
from game.ui.state import State

Then = Callable[[], "State | None"]


def _draw_behind(back: State | None, console: tcod.console.Console) -> None:
    if back is not None:
        back.on_draw(console)
        draw.dim_console(console)


def _dialog_box(
    console: tcod.console.Console, kit: Kit, title: str, body: str, extra_rows: int
) -> tuple[int, int, int, list[str]]:
    """Draw the panel; returns (inner x, first free row, inner width, body lines)."""
    longest = max((len(word) for word in body.split()), default=0)  # a path, whole if the screen allows
    width = min(console.width - 2, max(36, min(64, len(body) + 6), len(title) + 8, longest + 4))
    lines = draw.wrap(body, width - 4)
    max_lines = max(1, console.height - 4 - extra_rows)
    lines = lines[:max_lines]
    height = len(lines) + 2 + extra_rows
    x = (console.width - width) // 2
    y = max(0, (console.height - height) // 2)
    ix, iy, iw, _ = draw.panel(console, x, y, width, height, kit.palette, title)
    for i, line in enumerate(lines):
        draw.text(console, ix, iy + i, line, kit.palette["text"], width=iw)
    return ix, iy + len(lines), iw, lines


class MessageDialog(Screen):
    """A message; Enter or Esc closes it and goes to ``then()`` (or back)."""

    def __init__(self, kit: Kit, back: State | None, text: str, title: str = "", then: Then | None = None) -> None:
        super().__init__(kit, back)
        self.text = text
        self.title = title
        self.then = then
        self._cursor: tuple[int, int] | None = None

    def go_back(self) -> State:
        """Closing goes to ``then()`` if given and it returns a screen, else back."""
        if self.then is not None:
            nxt = self.then()
            if nxt is not None:
                return nxt
        return super().go_back()

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        if action in ("select", "no", "yes", "page_down"):
            return self.go_back()
        return None

    def on_draw(self, console: tcod.console.Console) -> None:
        _draw_behind(self.back, console)
        ix, row, iw, _ = _dialog_box(console, self.kit, self.title, self.text, 2)
        hint = "Enter: OK"
        draw.text(console, ix + max(0, iw - len(hint)), row + 1, hint, self.kit.palette["text_dim"])
        self._cursor = (ix, row - 1 if row > 0 else 0)

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor


class ConfirmDialog(Screen):
    """Asks before something irreversible; ``on_yes()`` returns the next screen (None: go back)."""

    def __init__(
        self,
        kit: Kit,
        back: State | None,
        question: str,
        on_yes: Then,
        title: str = "Are you sure?",
        yes_label: str = "Yes",
        no_label: str = "No",
    ) -> None:
        super().__init__(kit, back)
        self.question = question
        self.on_yes = on_yes
        self.title = title
        self.yes_label = yes_label
        self.no_label = no_label
        self.yes_highlighted = False
        self._cursor: tuple[int, int] | None = None

    def _yes(self) -> State:
        nxt = self.on_yes()
        return nxt if nxt is not None else self.go_back()

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        if action == "yes":
            return self._yes()
        if action == "no":
            return self.go_back()
        if action in ("menu_left", "menu_right", "menu_up", "menu_down"):
            self.yes_highlighted = not self.yes_highlighted
        elif action == "select":
            return self._yes() if self.yes_highlighted else self.go_back()
        return None

    def buttons(self) -> tuple[str, str]:
        keymap = self.kit.keymap
        yes_key = key_label(keymap.keys_for("yes")[0])
        no_key = key_label(keymap.keys_for("no")[0])
        return f"[ {self.yes_label} ({yes_key}) ]", f"[ {self.no_label} ({no_key}) ]"

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        _draw_behind(self.back, console)
        ix, row, iw, _ = _dialog_box(console, self.kit, self.title, self.question, 2)
        yes, no = self.buttons()
        x = ix + max(0, (iw - len(yes) - len(no) - 3) // 2)
        y = row + 1
        for label, highlighted in ((yes, self.yes_highlighted), (no, not self.yes_highlighted)):
            fg = palette["selection_fg"] if highlighted else palette["text"]
            bg = palette["selection_bg"] if highlighted else palette["panel_bg"]
            draw.text(console, x, y, label, fg, bg)
            if highlighted:
                self._cursor = (min(x + 2, console.width - 1), min(y, console.height - 1))
            x += len(label) + 3

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor


class WorkingScreen:
    """A notice over the screen behind ("Loading the saved run..."), drawn before slow work runs,
    so a key that starts it is seen to be taken; the work runs on the loop's next tick and gives
    the next screen. Keys pressed meanwhile are dropped: none lands on a screen not yet shown."""

    def __init__(self, kit: Kit, behind: State | None, title: str, text: str, work: Callable[[], State]) -> None:
        self.kit = kit
        self.behind = behind
        self.title = title
        self.text = text
        self.work = work

    def tick_delay(self) -> float:
        return 0.0

    def on_tick(self) -> State:
        return self.work()

    def on_event(self, event: object) -> State | None:
        return None

    def on_draw(self, console: tcod.console.Console) -> None:
        _draw_behind(self.behind, console)
        _dialog_box(console, self.kit, self.title, self.text, 0)

    def cursor(self) -> tuple[int, int] | None:
        return None
