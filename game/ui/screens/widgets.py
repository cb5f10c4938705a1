"""Small pieces the game's secondary screens share: a one-line text field, lines of coloured
segments drawn with scrolling, a hint footer that wraps instead of dropping keys, seat colours,
and a scrolling text screen (the morgue file)."""

from __future__ import annotations

import textwrap
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import tcod.console

from game.core.seats import SEAT_COLOURS
from game.ui import draw
from game.ui.events import PASTE_REFUSED, KeyEvent
from game.ui.kit import Kit
from game.ui.palette import RGB
from game.ui.present.ansi import one_cell
from game.ui.screens.screen_base import Screen
from game.ui.scrolling import scrolled
from game.ui.state import State

Segment = tuple[str, RGB]
NO_BREAK = "\u00a0"  # a space `wrap_line` never breaks at, drawn as a plain one: see `unbroken`


def unbroken(text: str) -> str:
    """`text` kept on one row when a line wraps: "Trickster (AI) [6]", never "... Trickster (AI)"
    at a row's end with its "[6]" on the next."""
    return text.replace(" ", NO_BREAK)


@dataclass
class Line:
    """One row of text made of coloured segments; ``indent`` is kept on wrapped continuations."""

    segments: list[Segment] = field(default_factory=list)
    indent: int = 0

    @property
    def text(self) -> str:
        return "".join(s for s, _ in self.segments)

    def add(self, string: str, colour: RGB) -> Line:
        if string:
            self.segments.append((string, colour))
        return self


def line(*segments: Segment, indent: int = 0) -> Line:
    return Line([s for s in segments if s[0]], indent)


def wrap_line(row: Line, width: int) -> list[Line]:
    """``row`` broken at spaces into rows no wider than ``width`` (colours kept); never at a
    space made `unbroken`, unless what it holds together is wider than a row."""
    width = max(4, width)
    if len(row.text) <= width:
        return [_spaced(row)]
    cells: list[tuple[str, RGB]] = [(ch, colour) for string, colour in row.segments for ch in string]
    out: list[Line] = []
    first = True
    while cells:
        room = width if first else max(1, width - row.indent)
        if len(cells) <= room:
            cut = len(cells)
        else:
            cut = next((i for i in range(room, 0, -1) if cells[i][0] == " "), room)
        piece, cells = cells[:cut], cells[cut:]
        while cells and cells[0][0] == " ":
            cells = cells[1:]
        segs: list[Segment] = [] if first else [(" " * row.indent, piece[0][1] if piece else (0, 0, 0))]
        for ch, colour in piece:
            if segs and segs[-1][1] == colour:
                segs[-1] = (segs[-1][0] + ch, colour)
            else:
                segs.append((ch, colour))
        out.append(_spaced(Line(segs, row.indent)))
        first = False
    return out


def _spaced(row: Line) -> Line:
    """`row` with its no-break spaces drawn as the plain spaces they are."""
    if NO_BREAK not in row.text:
        return row
    return Line([(text.replace(NO_BREAK, " "), colour) for text, colour in row.segments], row.indent)


def draw_line(console: tcod.console.Console, x: int, y: int, row: Line, width: int, bg: RGB | None = None) -> None:
    left = width
    for string, colour in row.segments:
        if left <= 0:
            break
        written = draw.text(console, x, y, string[:left], colour, bg)
        x += len(string[:left])
        left -= len(string[:left])
        if written == 0 and string:
            break


def draw_lines(
    console: tcod.console.Console, x: int, y: int, width: int, height: int, rows: Sequence[Line], offset: int = 0
) -> None:
    for i, row in enumerate(rows[offset : offset + height]):
        draw_line(console, x, y + i, row, width)


def scroll_marks(
    console: tcod.console.Console, kit: Kit, x: int, top: int, bottom: int, above: bool, below: bool
) -> None:
    if above:
        draw.text(console, x, top, kit.glyphs["more_above"], kit.palette["text_dim"])
    if below:
        draw.text(console, x, bottom, kit.glyphs["more_below"], kit.palette["text_dim"])


# ----- the hint footer -----------------------------------------------------------------------------


def hint_rows(hints: Sequence[tuple[str, str]], width: int) -> list[list[tuple[str, str]]]:
    """Hints flowed into rows of ``width`` (never dropped: a key not shown is a key not known)."""
    rows: list[list[tuple[str, str]]] = [[]]
    used = 1
    for keys, what in hints:
        size = len(keys) + 1 + len(what) + 2
        if rows[-1] and used + size > width:
            rows.append([])
            used = 1
        rows[-1].append((keys, what))
        used += size
    return rows


def footer(console: tcod.console.Console, kit: Kit, hints: Sequence[tuple[str, str]]) -> int:
    """Draw the hints on the bottom rows; returns the first row they use."""
    rows = hint_rows(hints, console.width - 1)
    top = console.height - len(rows)
    palette = kit.palette
    for i, row in enumerate(rows):
        x = 1
        for keys, what in row:
            x += draw.text(console, x, top + i, keys, palette["key"])
            x += draw.text(console, x, top + i, " " + what + "  ", palette["text_dim"])
    return top


def hint_text(hints: Sequence[tuple[str, str]]) -> str:
    return "  ".join(f"{k} {w}" for k, w in hints)


# ----- seats ---------------------------------------------------------------------------------------


def seat_colour(kit: Kit, seat: object) -> RGB:
    """A seat's colour on screen: the player's own choice, or (for the engine's default colours)
    the palette's colour for that seat, so the colour-blind palette is honoured."""

    index = int(getattr(seat, "index", 0))
    colour = tuple(getattr(seat, "colour", ()))
    if not colour or colour == SEAT_COLOURS[index % len(SEAT_COLOURS)]:
        return kit.palette.seat(index)
    return colour  # type: ignore[return-value]


def seat_named(kit: Kit, game: object, seat: int) -> Segment:
    """(name, colour) of seat ``seat`` of ``game``, or the game itself for -1."""
    seats = getattr(game, "seats", ())
    if 0 <= seat < len(seats):
        return seats[seat].name, seat_colour(kit, seats[seat])
    return "the dungeon", kit.palette["text_dim"]


# ----- a one-line text field -----------------------------------------------------------------------


class HeldWords:
    """Words about a key or a paste that did not go in: held while keys keep coming (typed fast,
    or pasted with no marks, keys come at once, and the next one wiped the words unseen), and
    gone at a key that goes in once they have stood HOLD_SECONDS (a stale "none of that paste
    went in" stayed under a line typed in full after it)."""

    HOLD_SECONDS = 1.0

    def __init__(self) -> None:
        self.text = ""
        self._at = 0.0

    def said(self, text: str) -> None:
        self.text, self._at = text, time.monotonic()

    def went_in(self) -> None:
        """A key went in as typed."""
        if self.text and time.monotonic() - self._at >= self.HOLD_SECONDS:
            self.text = ""


class TextField:
    """Editable text: printable keys insert, Backspace/Delete remove, Left/Right/Home/End move."""

    def __init__(self, value: str = "", limit: int = 200, allowed: str | None = None) -> None:
        self.value = value
        self.pos = len(value)
        self.limit = limit
        self.allowed = allowed

    def feed(self, event: KeyEvent) -> bool:
        """Apply an editing key; returns False for keys that are not editing (Enter, Esc...)."""
        k = event.key
        if k == "backspace":
            if self.pos > 0:
                self.value = self.value[: self.pos - 1] + self.value[self.pos :]
                self.pos -= 1
        elif k == "delete":
            self.value = self.value[: self.pos] + self.value[self.pos + 1 :]
        elif k == "left":
            self.pos = max(0, self.pos - 1)
        elif k == "right":
            self.pos = min(len(self.value), self.pos + 1)
        elif k == "home":
            self.pos = 0
        elif k == "end":
            self.pos = len(self.value)
        elif k == "C-u":
            self.value, self.pos = "", 0
        elif event.char and event.char.isprintable():
            if self.allowed is not None and event.char not in self.allowed:
                return True
            if len(self.value) < self.limit:
                self.value = self.value[: self.pos] + event.char + self.value[self.pos :]
                self.pos += 1
        else:
            return False
        return True

    def paste(self, text: str) -> int:
        """Insert pasted text at the cursor as if typed: its printable characters that are
        allowed, up to the limit (line breaks and other control characters are left out).
        Returns how many printable characters did not fit."""
        typed = [c for c in text if c.isprintable() and (self.allowed is None or c in self.allowed)]
        taken = "".join(typed[: max(0, self.limit - len(self.value))])
        self.value = self.value[: self.pos] + taken + self.value[self.pos :]
        self.pos += len(taken)
        return len(typed) - len(taken)

    def typed(self, event: KeyEvent) -> str:
        """`feed` for a field a player types into, and what to tell of a key that did not go in
        ("" when it did, or was no character): one the screen cannot draw (it showed as "?"),
        or one past the limit."""
        char = event.char
        if char and char.isprintable() and not char.isspace() and not one_cell(char):
            return "That character cannot be drawn here (it would show as ?), so it is left out."
        if char and char.isprintable() and len(self.value) >= self.limit:
            self.feed(event)
            return f"That is as long as it can be here: {self.limit} characters."
        self.feed(event)
        return ""

    def pasted(self, text: str | None) -> str:
        """A paste put in as typing, and what to tell of what did not go in ("" when all did):
        a paste the terminal did not mark (`None`: none of it was taken), characters that cannot
        be drawn here, or the rest past the limit."""
        if text is None:
            return PASTE_REFUSED
        typed = [c for c in text if c.isprintable()]
        drawable = "".join(c for c in typed if c.isspace() or one_cell(c))
        if self.paste(drawable):
            return f"That is as long as it can be here: {self.limit} characters; the rest was left out."
        if len(drawable) < len(typed):
            return "Some of those characters cannot be drawn here, so they are left out."
        return ""

    def draw(self, console: tcod.console.Console, x: int, y: int, width: int, fg: RGB, bg: RGB) -> tuple[int, int]:
        """Draw the visible part (scrolled to keep the cursor in view); returns the cursor cell."""
        width = max(2, width)
        start = max(0, self.pos - width + 1)
        draw.fill(console, x, y, width, 1, bg)
        draw.text(console, x, y, self.value[start : start + width], fg, bg)
        cx = x + self.pos - start
        return min(cx, console.width - 1), y


# ----- a scrolling text screen ---------------------------------------------------------------------


class TextScreen(Screen):
    """Plain text with scrolling (Up/Down, PgUp/PgDn, Home/End); Esc or Enter goes back."""

    def __init__(self, kit: Kit, back: State | None, title: str, body: str) -> None:
        super().__init__(kit, back)
        self.title = title
        self.body = body.rstrip("\n").split("\n")
        self.offset = 0
        self._page = 1
        self._max = 0

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        if action == "select":
            return self.go_back()
        self.offset = scrolled(self.offset, action, event.key, self._page, self._max)
        return None

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        draw.clear(console, palette)
        draw.text(console, 1, 0, self.title, palette["title"], width=console.width - 2)
        hints = [("Up/Down PgUp/PgDn Home/End", "scroll"), ("Enter/Esc", "back"), ("?", "help")]
        bottom = footer(console, self.kit, hints) - 1
        top = 2
        height = max(1, bottom - top)
        rows = [wrapped for raw in self.body for wrapped in _wrap_indented(raw, console.width - 4)]
        self._page = max(1, height - 1)
        self._max = max(0, len(rows) - height)
        self.offset = max(0, min(self.offset, self._max))
        for i, text in enumerate(rows[self.offset : self.offset + height]):
            draw.text(console, 2, top + i, text, palette["text"])
        more_below = self.offset < self._max
        scroll_marks(console, self.kit, console.width - 2, top, top + height - 1, self.offset > 0, more_below)

    def cursor(self) -> tuple[int, int] | None:
        return (2, 2)


def _wrap_indented(raw: str, width: int) -> list[str]:
    """A line wrapped to ``width``, its continuations indented two past its own indentation."""
    indent = len(raw) - len(raw.lstrip(" "))
    if len(raw) <= width or indent + 12 > width:
        return draw.wrap(raw, width)
    return textwrap.wrap(raw.strip(), width, initial_indent=" " * indent, subsequent_indent=" " * (indent + 2),
                         break_long_words=True, break_on_hyphens=False)
