"""The message log under the map: the newest lines, newest at the bottom, word-wrapped. The log
only ever grows (old lines are never rewritten), each line coloured by its kind, lines the
player has already seen dimmed, and the seat that narrated an event credited after it in the
seat's colour."""

from __future__ import annotations

from typing import TYPE_CHECKING

import tcod.console

from game.core.sentences import tidy
from game.ui import draw
from game.ui.palette import RGB, Palette

if TYPE_CHECKING:
    from game.engine.game import Game
    from game.engine.log import LogLine

NBSP = "\u00a0"  # holds a credit's words together through the wrap (textwrap breaks only at ASCII space)

KIND_ROLE = {
    "info": "text",
    "combat": "text_bright",
    "trap": "trap",
    "loot": "treasure",
    "hallway": "accent",
    "danger": "bad",
    "narration": "info",
}


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def credit(game: Game, line: LogLine) -> str:
    """" ~ Swarm (AI)" for a line a seat narrated (narration lines already name their seat), as the
    log history writes it."""
    if line.narrator < 0 or line.kind == "narration" or line.narrator >= len(game.seats):
        return ""
    return f" ~ {game.seats[line.narrator].name}"


def wrap_credited(text: str, extra: str, width: int) -> list[str]:
    """`text` and its credit (" ~ Swarm (AI)") word-wrapped, the credit kept whole on one row with
    the last word: "... 1 damage. ~" above a lone "Player 1" read as a line of its own."""
    glued = extra.replace(" ", NBSP)
    return [row.replace(NBSP, " ") for row in draw.wrap(text + glued, width)]


def line_colour(line: LogLine, palette: Palette) -> RGB:
    return palette[KIND_ROLE.get(line.kind, "text")]


def draw_log(console: tcod.console.Console, game: Game, rect: tuple[int, int, int, int], palette: Palette,
             seen: int) -> tuple[int, int] | None:
    """Draw the log's last lines into `rect`; lines with index < `seen` are drawn dimmed.
    Returns where the newest line starts (for the real cursor), or None if the log is empty."""
    x, y, w, h = rect
    if w <= 0 or h <= 0 or not game.log:
        return None
    rows: list[tuple[str, RGB, str, RGB]] = []  # text, colour, credit, credit colour
    index = len(game.log)
    while index > 0 and len(rows) < h:
        index -= 1
        line = game.log[index]
        extra = credit(game, line)
        colour = line_colour(line, palette)
        credit_colour = palette.seat(line.narrator) if extra else colour
        if index < seen:
            colour = _mix(colour, palette["background"], 0.45)
            credit_colour = _mix(credit_colour, palette["background"], 0.45)
        wrapped = wrap_credited(tidy(line.text), extra, w)
        # the credit stays on the last wrapped row, in its own colour
        pieces = []
        for i, part in enumerate(wrapped):
            last = i == len(wrapped) - 1
            tail = next((t for t in (extra, extra.strip()) if t and part.endswith(t)), "") if last else ""
            if tail:
                pieces.append((part[: -len(tail)], colour, tail, credit_colour))
            else:
                pieces.append((part, colour, "", colour))
        rows[:0] = pieces
    rows = rows[-h:]
    top = y + h - len(rows)
    newest_start: tuple[int, int] | None = None
    for i, (text, colour, extra, extra_colour) in enumerate(rows):
        n = draw.text(console, x, top + i, text, colour, width=w)
        if extra:
            draw.text(console, x + n, top + i, extra, extra_colour, width=w - n)
    # the newest line's first row: its wrapped rows are the last ones drawn
    last = game.log[-1]
    n_rows = len(wrap_credited(tidy(last.text), credit(game, last), w))
    newest_start = (x, max(top, y + h - n_rows))
    return newest_start
