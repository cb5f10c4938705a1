"""Where the map screen's parts go on a terminal of any size (map, sidebar, log, roll panel,
banner, hint line), and the hint line itself."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import tcod.console

from game.ui import draw


@dataclass
class Prompt:
    verb: str  # disarm | use
    question: str
    candidates: list[tuple[int, int]]


@dataclass(frozen=True)
class Layout:
    banner: tuple[int, int, int, int]
    map: tuple[int, int, int, int]
    rolls: tuple[int, int, int, int]
    sidebar: tuple[int, int, int, int]
    log: tuple[int, int, int, int]
    hint_y: int


def compute_layout(width: int, height: int, banner: bool, roll_rows: int) -> Layout:
    side_w = 26 if width < 110 else min(36, 26 + (width - 110) // 8)
    log_h = max(3, min(10, 5 + (height - 24) // 6))
    hint_y = height - 1
    log_y = hint_y - log_h
    top = 1 if banner else 0
    map_w = width - side_w
    room = max(0, log_y - top)
    roll_rows = min(roll_rows, room // 2)
    map_h = room - roll_rows
    return Layout(
        banner=(0, 0, map_w, top),
        map=(0, top, map_w, map_h),
        rolls=(0, top + map_h, map_w, roll_rows),
        sidebar=(map_w, 0, side_w, log_y),
        log=(1, log_y, width - 2, log_h),
        hint_y=hint_y,
    )


def hint_line(console: tcod.console.Console, y: int, hints: list[tuple[str, str]], palette: Any) -> None:
    """Key hints on row `y`, as many as fit, keys in the key colour (one write for the row)."""
    line, spans = "", []
    for keys, what in hints:
        piece = f"{keys} {what}  "
        if 1 + len(line) + len(piece) - 2 > console.width - 1:
            break
        spans.append((1 + len(line), len(keys)))
        line += piece
    draw.text(console, 1, y, line.rstrip(), palette["text_dim"])
    fg = console.fg
    for x, n in spans:
        fg[y, x:x + n] = palette["key"]
