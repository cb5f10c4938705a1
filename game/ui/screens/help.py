"""Help: every key bound in the keymap, generated from it (so it cannot drift), in sections."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import tcod.console

from game.ui import draw
from game.ui.events import KeyEvent
from game.ui.keymap import key_label
from game.ui.kit import Kit
from game.ui.screens.menu_keys import MenuKeys
from game.ui.scrolling import scrolled
from game.ui.state import State

LABEL_WIDTH = 30
COLUMN_WIDTH = 58  # a column, the indent of a topic's text under its heading included
TEXT_INDENT = 2
COLUMN_GAP = 2
# The keymap's sections on the help of a screen whose "Keys" topic tells its own keys: only the
# ones that work everywhere (the map's keys, listed too, read as if they did something there).
OWN_KEYS = ("Everywhere",)


@dataclass(frozen=True)
class HelpLine:
    text: str
    kind: str  # "heading", "label", "text", "blank"
    keys: str = ""


def keys_text(keys: Sequence[str]) -> str:
    return ", ".join(key_label(k) for k in keys)


def wrap_keys(keys: Sequence[str], width: int) -> list[str]:
    """Key labels joined by ", ", broken into lines only between keys."""
    lines: list[str] = []
    current = ""
    for label in (key_label(k) for k in keys):
        candidate = f"{current}, {label}" if current else label
        if current and len(candidate) + 1 > width:
            lines.append(current + ",")
            current = label
        else:
            current = candidate
    return [*lines, current] if current else lines or [""]


class HelpScreen(MenuKeys):
    """Lists every binding; ``topics`` adds free text sections (heading, text) before the keys, and
    ``sections`` keeps only those sections of the keymap (a screen whose letters are its own)."""

    def __init__(
        self,
        kit: Kit,
        back: State | None = None,
        title: str = "Help",
        topics: Sequence[tuple[str, str]] = (),
        sections: Sequence[str] | None = None,
    ) -> None:
        super().__init__(kit, back)
        self.title = title
        self.topics = tuple(topics)
        self.sections = None if sections is None else tuple(sections)  # the keymap's sections shown (None: all)
        self.offset = 0
        self._page = 1
        self._max_offset = 0

    # -- content --------------------------------------------------------------------------

    def blocks(self, column_width: int) -> list[list[HelpLine]]:
        """Sections as blocks of lines that fit a column ``column_width`` wide (a topic's text
        wrapped the narrower by its indent: wrapped to the full width, each line lost its end)."""
        blocks: list[list[HelpLine]] = []
        for heading, body in self.topics:
            block = [HelpLine(heading, "heading")]
            block += [HelpLine(line, "text") for line in draw.wrap(body, column_width - TEXT_INDENT)]
            blocks.append(block)
        key_width = max(8, column_width - LABEL_WIDTH)
        for section, rows in self.kit.keymap.help_sections():
            if self.sections is not None and section not in self.sections:
                continue
            block = [HelpLine(section, "heading")]
            for label, keys in rows:
                wrapped = wrap_keys(keys, key_width)
                block.append(HelpLine(label, "label", wrapped[0]))
                block += [HelpLine("", "label", more) for more in wrapped[1:]]
            blocks.append(block)
        return blocks

    def lines(self, column_width: int = COLUMN_WIDTH) -> list[HelpLine]:
        out: list[HelpLine] = []
        for block in self.blocks(column_width):
            if out:
                out.append(HelpLine("", "blank"))
            out.extend(block)
        return out

    def _columns(self, width: int, height: int) -> list[list[HelpLine]] | None:
        """Blocks flowed into side-by-side columns if they all fit, else None (then it scrolls)."""
        n_cols = max(1, (width + COLUMN_GAP) // (COLUMN_WIDTH + COLUMN_GAP))
        if n_cols < 2:
            return None
        columns: list[list[HelpLine]] = [[]]
        for block in self.blocks(COLUMN_WIDTH):
            needed = len(block) + (1 if columns[-1] else 0)
            if len(columns[-1]) + needed > height:
                if len(columns) == n_cols or len(block) > height:
                    return None
                columns.append([])
                needed = len(block)
            if columns[-1]:
                columns[-1].append(HelpLine("", "blank"))
            columns[-1].extend(block)
        return columns

    # -- events ---------------------------------------------------------------------------

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        if action == "select":
            return self.go_back()
        self.offset = scrolled(self.offset, action, event.key, self._page, self._max_offset)
        return None

    def open_help(self) -> State:
        return self

    # -- drawing --------------------------------------------------------------------------

    def _draw_line(self, console: tcod.console.Console, x: int, y: int, line: HelpLine, width: int) -> None:
        palette = self.kit.palette
        if line.kind == "heading":
            draw.text(console, x, y, line.text, palette["accent"], width=width)
        elif line.kind == "label":
            draw.text(console, x + 2, y, line.text, palette["text"], width=LABEL_WIDTH - 2)
            draw.text(console, x + LABEL_WIDTH, y, line.keys, palette["key"], width=max(0, width - LABEL_WIDTH))
        elif line.kind == "text":
            draw.text(console, x + TEXT_INDENT, y, line.text, palette["text"], width=width - TEXT_INDENT)

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        draw.clear(console, palette)
        draw.text(console, 1, 0, self.title, palette["title"])
        top, bottom = 2, console.height - 2
        height = max(1, bottom - top)
        self._page = max(1, height - 1)
        columns = self._columns(console.width - 2, height)
        if columns is not None:
            self.offset = self._max_offset = 0
            for c, column in enumerate(columns):
                x = 1 + c * (COLUMN_WIDTH + COLUMN_GAP)
                for i, line in enumerate(column):
                    self._draw_line(console, x, top + i, line, COLUMN_WIDTH)
        else:
            lines = self.lines(min(COLUMN_WIDTH, console.width - 2))
            self._max_offset = max(0, len(lines) - height)
            self.offset = max(0, min(self.offset, self._max_offset))
            for i, line in enumerate(lines[self.offset : self.offset + height]):
                self._draw_line(console, 1, top + i, line, console.width - 2)
            if self.offset > 0:
                draw.text(console, console.width - 2, top, self.kit.glyphs["more_above"], palette["text_dim"])
            if self.offset < self._max_offset:
                draw.text(console, console.width - 2, bottom - 1, self.kit.glyphs["more_below"], palette["text_dim"])
        hints = [("Esc", "back")]
        if self._max_offset:
            hints.insert(0, ("Up/Down PgUp/PgDn Home/End", "scroll"))
        draw.footer(console, hints, palette)

    def cursor(self) -> tuple[int, int] | None:
        return (1, 2)
