"""The whole log, oldest first, with scrolling and search. Every line keeps its turn, its kind's
colour and the seat that narrated it. The real cursor rests on the selected line (screen readers
follow it), which starts at the newest line."""

from __future__ import annotations

import tcod.console

from game.core.sentences import tidy
from game.engine.log import LogLine
from game.ui import draw
from game.ui.events import PASTE_REFUSED, Event, KeyEvent, PasteEvent
from game.ui.kit import Kit
from game.ui.log_pane import KIND_ROLE
from game.ui.palette import RGB
from game.ui.screens.help import OWN_KEYS, HelpScreen
from game.ui.screens.screen_base import Screen
from game.ui.screens.widgets import Line, TextField, draw_line, footer, line, scroll_marks, seat_named, wrap_line
from game.ui.session import Session
from game.ui.state import State

TURN_W = 6  # "t1234 "
HELP_TOPICS = (
    (
        "The log",
        "Everything that happened this run, oldest at the top; colours show the kind of line (combat, "
        "traps, loot, the Hallway, danger, narration). The seat whose Thwack-O die won a roll is named "
        "after the line it narrated.",
    ),
    (
        "Keys",
        "Up/Down move one line, PgUp/PgDn a page, Home/End to the first or newest line. / searches "
        "(type the words, Enter; Enter alone looks for the last words again): the search goes back in "
        "time from the selected line; n finds the "
        "next older match, N the next newer one. Case does not matter.",
    ),
)


class LogHistoryScreen(Screen):
    def __init__(self, kit: Kit, session: Session, back: State | None) -> None:
        super().__init__(kit, back)
        self.session = session
        self.selected = max(0, len(session.game.log) - 1)
        self.first = 0  # first drawn row (of wrapped rows)
        self.query = ""
        self.search: TextField | None = None
        self.status = ""
        self._page = 1
        self._cursor: tuple[int, int] | None = None

    @property
    def log(self) -> list[LogLine]:
        return self.session.game.log

    # -- events ---------------------------------------------------------------------------

    def on_event(self, event: Event) -> State | None:
        if self.search is not None and isinstance(event, PasteEvent):
            if event.text is None:
                self.status = PASTE_REFUSED
            else:
                self.search.paste(event.text)
                self.status = ""
            return None
        if self.search is not None and isinstance(event, KeyEvent):
            self.status = ""
            if event.key == "escape":
                self.search = None
                self.status = ""
            elif event.key == "enter":
                self.query = self.search.value.strip() or self.query  # Enter alone: the last words again
                self.search = None
                if self.query:
                    self.find(-1, include_selected=True)
            elif event.key == "f1":
                return self.open_help()
            else:
                self.search.feed(event)
            return None
        return super().on_event(event)

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        n = len(self.log)
        k = event.key
        if k == "/":
            self.search = TextField("", 80)  # new words: typing never lands after the last search's
            self.status = ""
        elif k == "n":
            self.find(-1)
        elif k == "N":
            self.find(1)
        elif k == "home":
            self.selected = 0
        elif k == "end":
            self.selected = n - 1
        elif action == "menu_up":
            self.selected -= 1
        elif action == "menu_down":
            self.selected += 1
        elif action == "page_up":
            self.selected -= self._page
        elif action == "page_down":
            self.selected += self._page
        self.selected = max(0, min(self.selected, n - 1))
        return None

    def find(self, direction: int, include_selected: bool = False) -> bool:
        """Select the next line holding the query (direction -1: older, +1: newer), wrapping."""
        if not self.query:
            self.status = "Nothing to find: press / and type what to look for."
            return False
        needle = self.query.lower()
        n = len(self.log)
        matches = [i for i, ln in enumerate(self.log) if needle in self.searchable(ln).lower()]
        if not matches:
            self.status = f"Not found: {self.query}"
            return False
        start = self.selected if include_selected else self.selected + direction
        order = range(start, start + direction * n, direction)
        for j in order:
            i = j % n
            if i in matches:
                wrapped = (direction < 0 and i > self.selected) or (direction > 0 and i < self.selected)
                self.selected = i
                self.status = (f"'{self.query}': match {matches.index(i) + 1} of {len(matches)}"
                               + (" (wrapped around)" if wrapped else ""))
                return True
        return False  # pragma: no cover - matches is not empty

    def searchable(self, ln: LogLine) -> str:
        if ln.narrator >= 0:
            return f"{tidy(ln.text)} {seat_named(self.kit, self.session.game, ln.narrator)[0]}"
        return tidy(ln.text)

    def open_help(self) -> State:
        return HelpScreen(self.kit, back=self, title="Help: log history", topics=HELP_TOPICS, sections=OWN_KEYS)

    # -- drawing --------------------------------------------------------------------------

    def colour(self, ln: LogLine) -> RGB:
        palette = self.kit.palette
        if ln.kind == "narration" and ln.narrator >= 0:
            return seat_named(self.kit, self.session.game, ln.narrator)[1]
        return palette[KIND_ROLE.get(ln.kind, "text")]

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        game = self.session.game
        draw.clear(console, palette)
        draw.text(console, 1, 0, "Log", palette["title"])
        draw.text(console, 5, 0, f"  {len(self.log)} lines, turn {game.turn}", palette["text_dim"])
        hints = [("Up/Down PgUp/PgDn Home/End", "scroll"), ("/", "search"), ("n/N", "next older/newer match"),
                 ("Esc", "back"), ("?", "help")]
        if self.search is not None:
            hints = [("type", "words"), ("Enter", "search"), ("Esc", "cancel"), ("F1", "help")]
        bottom = footer(console, self.kit, hints) - 1
        self._cursor = None
        if self.search is not None:
            draw.text(console, 1, bottom, "Find:", palette["accent"])
            self._cursor = self.search.draw(console, 7, bottom, console.width - 8, palette["text_bright"],
                                            palette["panel_bg"])
            bottom -= 1
        if self.status:
            draw.text(console, 1, bottom, self.status, palette["info"], width=console.width - 2)
            bottom -= 1
        top = 2
        height = max(1, bottom - top + 1)
        self._page = max(1, height - 1)
        text_w = max(10, console.width - TURN_W - 3)
        if not self.log:
            draw.text(console, 2, top, "Nothing has happened yet.", palette["text_dim"])
            return
        sel = self.selected = max(0, min(self.selected, len(self.log) - 1))
        # The view starts at log line `first` and moves only as far as the selection needs: the
        # earliest line, no earlier than before, from which the lines down to the selection fit,
        # found walking back from the selection (a page of lines wrapped, where adding up every
        # line from the old start again at each step took seconds in a log of a thousand lines)
        start = min(self.first, sel)
        used = len(self._rows(sel, text_w))
        back = sel
        while back > start:
            more = len(self._rows(back - 1, text_w))
            if used + more > height:
                break
            used += more
            back -= 1
        self.first = back
        y = top
        index = self.first
        while y < top + height and index < len(self.log):
            ln = self.log[index]
            selected = index == sel
            for r, row in enumerate(self._rows(index, text_w)):
                if y >= top + height:
                    break
                if selected:
                    draw.fill(console, 0, y, console.width, 1, palette["selection_bg"])
                if r == 0:
                    turn_fg = palette["selection_fg"] if selected else palette["text_dim"]
                    draw.text(console, 1, y, f"t{ln.turn}".rjust(TURN_W - 1), turn_fg)
                    if selected and self.search is None:
                        self._cursor = (TURN_W + 1, y)
                if selected:
                    row = Line([(t, palette["selection_fg"]) for t, _ in row.segments])
                draw_line(console, TURN_W + 1, y, row, text_w)
                y += 1
            index += 1
        scroll_marks(console, self.kit, console.width - 1, top, top + height - 1, self.first > 0,
                     index < len(self.log) or y > top + height)

    def _rows(self, index: int, width: int) -> list[Line]:
        """The line wrapped to ``width``; the narrator's credit is never split across rows."""
        ln = self.log[index]
        rows = wrap_line(line((tidy(ln.text), self.colour(ln))), width)
        if ln.narrator >= 0 and ln.kind != "narration":
            name, colour = seat_named(self.kit, self.session.game, ln.narrator)
            if len(rows[-1].text) + 3 + len(name) > width:
                rows.append(Line())
            rows[-1].add(" ~ " if rows[-1].text else "~ ", self.kit.palette["text_dim"]).add(name, colour)
        return rows

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor
