"""Hot-seat privacy: a blank screen that asks the players to pass the keyboard to the next seat,
so nobody sees another seat's map, builder or hidden purchases by accident."""

from __future__ import annotations

import tcod.console

from game.ui import draw
from game.ui.events import KeyEvent
from game.ui.kit import Kit
from game.ui.palette import RGB
from game.ui.screens.help import HelpScreen
from game.ui.screens.screen_base import Screen
from game.ui.screens.widgets import footer
from game.ui.state import State

HELP_TOPICS = (
    (
        "Passing the keyboard",
        "Several players share this keyboard. While this screen is up nothing of the game is shown: "
        "hand the keyboard to the named player, who presses any key when ready. Esc goes back to "
        "the screen before, if the wrong player got up.",
    ),
)
# Between the Hallway's designers there is no screen to go back to: Esc waits, like the screen,
# for the named player (it once went on, showing the next seat's builder to whoever pressed it).
HELP_TOPICS_NO_WAY_BACK = (
    (
        "Passing the keyboard",
        "Several players share this keyboard. While this screen is up nothing of the game is shown: "
        "hand the keyboard to the named player, who presses any key when ready. There is no going "
        "back from here: Esc waits too, so a wrong player who got up shows nothing by it.",
    ),
)


class HandOverScreen(Screen):
    """"Pass the keyboard to <seat>": any key shows ``next_state``; Esc goes back (with no screen
    to go back to, it waits); ``?`` help."""

    def __init__(self, kit: Kit, back: State | None, seat_name: str, colour: RGB, next_state: State,
                 reason: str = "") -> None:
        super().__init__(kit, back)
        self.seat_name = seat_name
        self.colour = colour
        self.next_state = next_state
        self.reason = reason
        self._cursor: tuple[int, int] | None = None

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        return self.next_state  # any key but Esc and ? goes on

    def go_back(self) -> State:
        return self.back if self.back is not None else self

    def open_help(self) -> State:
        topics = HELP_TOPICS if self.back is not None else HELP_TOPICS_NO_WAY_BACK
        return HelpScreen(self.kit, back=self, title="Help: passing the keyboard", topics=topics)

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        draw.clear(console, palette)
        mid = console.height // 2
        draw.text_center(console, mid - 3, "Pass the keyboard to", palette["text"])
        x = draw.text_center(console, mid - 1, self.seat_name, self.colour)
        self._cursor = (x, mid - 1)
        if self.reason:
            for i, row in enumerate(draw.wrap(self.reason, console.width - 8)[:3]):
                draw.text_center(console, mid + 1 + i, row, palette["text_dim"])
        draw.text_center(console, mid + 5, f"{self.seat_name}: press any key when you are ready.", palette["accent"])
        esc = [("Esc", "back")] if self.back is not None else []
        footer(console, self.kit, [("any key", "continue"), *esc, ("?", "help")])

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor
