"""Drawing helpers that write straight into a console's arrays, clipped to its edges."""

from __future__ import annotations

import textwrap

import numpy as np
import tcod.console

from game.ui.palette import RGB, Palette


def fill(
    console: tcod.console.Console,
    x: int,
    y: int,
    width: int,
    height: int,
    bg: RGB,
    ch: str = " ",
    fg: RGB | None = None,
) -> None:
    x0, y0 = max(0, x), max(0, y)
    x1, y1 = min(console.width, x + width), min(console.height, y + height)
    if x0 >= x1 or y0 >= y1:
        return
    console.ch[y0:y1, x0:x1] = ord(ch)
    console.bg[y0:y1, x0:x1] = bg
    if fg is not None:
        console.fg[y0:y1, x0:x1] = fg


def clear(console: tcod.console.Console, palette: Palette) -> None:
    console.clear(ch=32, fg=palette["text"], bg=palette["background"])


def text(
    console: tcod.console.Console,
    x: int,
    y: int,
    string: str,
    fg: RGB | None = None,
    bg: RGB | None = None,
    width: int | None = None,
) -> int:
    """Write ``string`` at (x, y), clipped to ``width`` and to the console; returns cells written."""
    if not 0 <= y < console.height or not string:
        return 0
    limit = console.width if width is None else min(console.width, x + width)
    start = max(0, x)
    skip = start - x
    string = string[skip : max(skip, limit - x)]
    if not string or start >= limit:
        return 0
    # "replace": a file name that is not UTF-8 holds lone surrogates ("\udcff"); each shows as "?"
    codes = np.frombuffer(string.encode("utf-32-le", "replace"), dtype="<u4").astype(np.int32)
    end = start + len(codes)
    console.ch[y, start:end] = codes
    if fg is not None:
        console.fg[y, start:end] = fg
    if bg is not None:
        console.bg[y, start:end] = bg
    return len(codes)


def text_center(
    console: tcod.console.Console, y: int, string: str, fg: RGB | None = None, bg: RGB | None = None
) -> int:
    """Centre ``string`` on row ``y``; returns its x."""
    x = max(0, (console.width - len(string)) // 2)
    text(console, x, y, string, fg, bg)
    return x


def wrap(string: str, width: int) -> list[str]:
    """Word-wrap, keeping blank lines; never returns lines longer than ``width``."""
    width = max(1, width)
    lines: list[str] = []
    for paragraph in string.split("\n"):
        lines.extend(textwrap.wrap(paragraph, width, break_long_words=True, break_on_hyphens=False) or [""])
    return lines


def panel(
    console: tcod.console.Console,
    x: int,
    y: int,
    width: int,
    height: int,
    palette: Palette,
    title: str = "",
) -> tuple[int, int, int, int]:
    """A filled panel with a one-cell border drawn in colour (no box-drawing characters, whose
    width is ambiguous); returns the inner (x, y, width, height)."""
    fill(console, x, y, width, height, palette["panel_border"], fg=palette["text"])
    fill(console, x + 1, y + 1, width - 2, height - 2, palette["panel_bg"], fg=palette["text"])
    if title:
        label = f" {title} "[: max(0, width - 2)]
        text(console, x + max(1, (width - len(label)) // 2), y, label, palette["text_bright"], palette["panel_border"])
    return x + 2, y + 1, max(0, width - 4), max(0, height - 2)


def dim_console(console: tcod.console.Console, factor: float = 0.45) -> None:
    """Darken everything already drawn (behind a dialog)."""
    console.fg[...] = (console.fg * factor).astype(np.uint8)
    console.bg[...] = (console.bg * factor).astype(np.uint8)


def footer(console: tcod.console.Console, hints: list[tuple[str, str]], palette: Palette) -> None:
    """Key hints on the bottom row: [("Esc", "back"), ("?", "help")]."""
    y = console.height - 1
    x = 1
    for keys, what in hints:
        if x + len(keys) + len(what) + 1 >= console.width:
            break
        x += text(console, x, y, keys, palette["key"])
        x += text(console, x, y, " " + what + "  ", palette["text_dim"])
