"""Hot-seat privacy: a blank screen that asks the players to pass the keyboard to the next seat
(or that seat to keep it, when it holds it already), so nobody sees another seat's map, builder or
hidden purchases by accident, and no key meant for the map is typed into the next screen."""

from __future__ import annotations

import tcod.console

from game.ui import draw
from game.ui.events import KeyEvent
from game.ui.keymap import key_label
from game.ui.kit import Kit
from game.ui.palette import RGB
from game.ui.screens.help import OWN_KEYS, HelpScreen
from game.ui.screens.screen_base import Screen
from game.ui.screens.widgets import footer
from game.ui.state import State

PASSING = ("Several players share this keyboard. While this screen is up nothing of the game is shown: "
           "hand the keyboard to the named player, who presses {go} when ready. No other key goes on, so a key "
           "still being pressed for the screen before never reaches the next one.")
KEEPING = ("Several players share this keyboard. While this screen is up nothing of the game is shown: the "
           "named player holds the keyboard already and keeps it for what comes next; anyone else looks away. "
           "{go} goes on (no other key does).")
ESC_BACK = " Esc goes back to the screen before, if the wrong player got up."
ESC_SKIPS = (" Esc skips the line and goes back to the map: the roll goes untold, and the prompt does not "
             "come again for it.")
ESC_WAITS = (" There is no screen before this one to go back to: the table waits for the named player, and Esc "
             "stays here, so the wrong player cannot open what is not theirs.")


class HandOverScreen(Screen):
    """"Pass the keyboard to <seat>" ("Keep the keyboard, <seat>" when it `keeps` it):
    Enter (the keymap's `select`) shows ``next_state``, and no other key does: a key still
    being pressed for the last screen (a walk, a line typed) must not pass the screen and land in
    the next seat's; Esc goes back (or, with no screen to go back to, stays and says
    so; with `esc_skips`, before a narration prompt, going back gives the line up, and the footer
    and help say "skip"); ``?`` help."""

    def __init__(self, kit: Kit, back: State | None, seat_name: str, colour: RGB, next_state: State,
                 reason: str = "", esc_skips: bool = False, keeps: bool = False) -> None:
        super().__init__(kit, back)
        self.keeps = keeps
        self.esc_skips = esc_skips
        self.seat_name = seat_name
        self.colour = colour
        self.next_state = next_state
        self.reason = reason
        self.notice = ""
        self._cursor: tuple[int, int] | None = None

    def go_key(self) -> str:
        return key_label(self.kit.keymap.keys_for("select")[0])

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        if action == "select":
            return self.next_state
        self.notice = f"Only {self.go_key()} goes on from here."
        return self

    def go_back(self) -> State:
        if self.back is None:  # the Hallway's: Esc used to go on, showing the next seat's screen
            self.notice = f"Nothing to go back to: the table waits for {self.seat_name}."
            return self
        return self.back

    def open_help(self) -> State:
        esc = ESC_WAITS if self.back is None else ESC_SKIPS if self.esc_skips else ESC_BACK
        heading, text = ("Keeping the keyboard", KEEPING) if self.keeps else ("Passing the keyboard", PASSING)
        topics = ((heading, text.format(go=self.go_key()) + esc),)
        # only Enter goes on: the map's keys listed here would only have read as if they moved someone
        title = f"Help: {heading.lower()}"
        return HelpScreen(self.kit, back=self, title=title, topics=topics,
                          sections=OWN_KEYS)

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        draw.clear(console, palette)
        mid = console.height // 2
        headline = "Keep the keyboard," if self.keeps else "Pass the keyboard to"
        draw.text_center(console, mid - 3, headline, palette["text"])
        x = draw.text_center(console, mid - 1, self.seat_name, self.colour)
        self._cursor = (x, mid - 1)
        if self.reason:
            for i, row in enumerate(draw.wrap(self.reason, console.width - 8)[:3]):
                draw.text_center(console, mid + 1 + i, row, palette["text_dim"])
        ready = f"{self.seat_name}: press {self.go_key()} when you are ready."
        draw.text_center(console, mid + 5, ready, palette["accent"])
        if self.notice:
            draw.text_center(console, mid + 7, self.notice, palette["warning"])
        esc = [] if self.back is None else [("Esc", "skip" if self.esc_skips else "back")]
        hints = [(self.go_key(), "continue"), *esc, ("?", "help")]
        footer(console, self.kit, hints)

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor
