"""Hot-seat narration (Budget Dungeons story points): when a human seat's Thwack-O die wins an
event, that player may type one line of what happened. It goes to the log under the seat's name
and earns the seat's hero a story point; Esc or an empty line skips."""

from __future__ import annotations

import tcod.console

from game.core.sentences import tidy
from game.engine.actions import Narrate
from game.engine.story import told_roll
from game.ui import draw
from game.ui.events import Event, KeyEvent, PasteEvent
from game.ui.kit import Kit
from game.ui.screens.help import HelpScreen
from game.ui.screens.screen_base import Screen
from game.ui.screens.widgets import HeldWords, TextField, footer, seat_colour
from game.ui.session import Session
from game.ui.state import State

LIMIT = 200  # the engine keeps at most this many characters of a narration line
HELP_TOPICS = (
    (
        "Narrating",
        "Every roll event is told by the seat whose Thwack-O die showed the highest face. When that "
        "is you, you may write the line the log keeps: what your hero did, how the trap went off, "
        "what the monster said. A line you write earns your hero a story point, spent from the hero "
        "sheet for +2 dice on one roll. Enter keeps the line; Esc, or Enter on an empty line, skips. "
        "While typing, ? is a question mark: F1 opens this help.",
    ),
)


class NarrationPrompt(Screen):
    """One line of narration for ``seat``; Enter applies ``Narrate(seat, text)`` and goes back."""

    def __init__(self, kit: Kit, session: Session, back: State | None, seat: int) -> None:
        super().__init__(kit, back)
        self.session = session
        self.seat = seat
        self.field = TextField("", LIMIT)
        self.status = HeldWords()  # what of a paste or a key did not go in, and why
        self._cursor: tuple[int, int] | None = None

    def on_event(self, event: Event) -> State | None:
        if isinstance(event, PasteEvent):
            self.status.said(self.field.pasted(event.text))
            return None
        if not isinstance(event, KeyEvent):
            return None
        if event.key == "escape":
            return self.go_back()
        if event.key == "f1":
            return self.open_help()
        if event.key == "enter":
            text = self.field.value.strip()
            if text:
                self.session.apply(Narrate(self.seat, text))
            return self.go_back()
        words = self.field.typed(event)
        if words:
            self.status.said(words)
        else:
            self.status.went_in()
        return None

    def open_help(self) -> State:
        return HelpScreen(self.kit, back=self, title="Help: narration", topics=HELP_TOPICS)

    def event_title(self) -> str:
        """The roll this seat tells (a later one may be another seat's, a morale check that nobody
        tells, or one of its own that came to nothing): the one its line is logged under."""
        told = told_roll(self.session.game, self.seat)
        return told.title if told is not None else ""

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        game = self.session.game
        seat = game.seats[self.seat]
        colour = seat_colour(self.kit, seat)
        draw.clear(console, palette)
        draw.text(console, 1, 0, "Narrate", palette["title"])
        x = 2 + draw.text(console, 2, 2, seat.name, colour)
        draw.text(console, x, 2, ": your Thwack-O die won this roll. Tell the table what happened.", palette["text"],
                  width=console.width - x - 1)
        title = self.event_title()
        y = 4
        if title:
            draw.text(console, 2, y, "The roll:", palette["accent"])
            draw.text(console, 12, y, title, palette["text_bright"], width=console.width - 14)
            y += 2
        draw.text(console, 2, y, "Just now:", palette["accent"])
        # the last lines whole, wrapped (not cut at the edge: "... (arrows): 3 da"), the oldest
        # dropped first when they do not all fit above the line being written
        room = max(1, console.height - y - 8)
        blocks = [draw.wrap(tidy(ln.text), console.width - 6) for ln in game.log[-6:]]
        while len(blocks) > 1 and sum(len(b) for b in blocks) > room:
            blocks.pop(0)
        recent = [row for block in blocks for row in block][-room:]
        for i, row in enumerate(recent):
            draw.text(console, 4, y + 1 + i, row, palette["text_dim"], width=console.width - 6)
        y += len(recent) + 2
        draw.text(console, 2, y, "Your line:", palette["accent"])
        box_w = console.width - 6
        self._cursor = self.field.draw(console, 3, y + 1, box_w, palette["text_bright"], palette["panel_bg"])
        draw.text(console, 3, y + 2, f"{len(self.field.value)}/{LIMIT}", palette["text_dim"])
        draw.text(console, 12, y + 2, self.status.text or "A line you write earns your hero a story point.",
                  palette["warning"] if self.status.text else palette["text_dim"], width=console.width - 14)
        footer(console, self.kit, [("type", "your line"), ("Enter", "tell it"), ("Esc/empty Enter", "skip"),
                                   ("F1", "help")])

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor
