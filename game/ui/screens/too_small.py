"""The screen shown while the terminal (or the window) is smaller than the game needs; the loop
resumes the real screen as soon as it is large enough again."""

from __future__ import annotations

import tcod.console

from game.ui import draw
from game.ui.events import Event
from game.ui.state import State

_BACKGROUND = (0, 0, 0)
_TEXT = (230, 230, 230)
_ACCENT = (255, 210, 90)
QUIT_LINE = "Ctrl-C quits; a run in play is saved."  # on the title or a replay there is nothing to save


class TooSmallScreen:
    """Drawn by the loop instead of ``behind`` while the console is below ``min_size``.

    It needs nothing from the game (no kit), so it can be drawn however small the terminal is.
    """

    def __init__(self, min_size: tuple[int, int], behind: State | None = None, surface: str = "terminal") -> None:
        self.min_width, self.min_height = min_size
        self.behind = behind
        self.surface = surface  # what the player is to make larger: "terminal" or "window"

    def message(self, width: int, height: int) -> list[str]:
        need = f"{self.min_width}x{self.min_height}"
        have = f"{width}x{height}"
        long = [
            f"Please make the {self.surface} larger.",
            "",
            f"It is {have}; the game needs at least {need}.",
            "The game resumes as soon as it fits.",
            "",
            QUIT_LINE,
        ]
        if max(len(line) for line in long) <= width and height >= len(long):
            return long
        short = draw.wrap(f"Make the {self.surface} larger: {have}, need {need}. {QUIT_LINE}", width)
        return short[:height]

    def on_event(self, event: Event) -> State | None:
        return None

    def on_draw(self, console: tcod.console.Console) -> None:
        console.clear(ch=32, fg=_TEXT, bg=_BACKGROUND)
        lines = self.message(console.width, console.height)
        top = max(0, (console.height - len(lines)) // 2)
        for i, line in enumerate(lines):
            color = _ACCENT if i == 0 else _TEXT
            draw.text_center(console, top + i, line[: console.width], color)

    def cursor(self) -> tuple[int, int] | None:
        return None
