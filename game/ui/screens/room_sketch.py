"""A small map of the room being built, beside the room builder when the terminal is wide enough:
the room's tiles as the theme draws them, every spot a trap or item may sit on marked, the one
the draft is on highlighted, so "the door in the west wall" can be seen as well as read."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import tcod.console

from game.mapgen.plan import Spot
from game.mapgen.tiles import BY_CODE, Tile
from game.ui import draw
from game.ui.fit import elide
from game.ui.kit import Kit
from game.ui.map_view import tile_tables


def sketch_size(plan: Any) -> tuple[int, int]:
    """(width, height) of the panel for ``plan`` (0, 0 when it has no layout to draw)."""
    layout = getattr(plan, "layout", ())
    if not layout:
        return 0, 0
    return max(len(row) for row in layout) + 4, len(layout) + 3


SPOT_MARKS = "1234567890abcdefghijklmnopqrstuvwxyz"


def spot_mark(n: int) -> str:
    """The one-character mark of spot `n` (from 0) on the sketch: 1 to 9, 0 for the tenth, then
    letters, so that no two spots share a mark ("+" past the letters: no room has so many)."""
    return SPOT_MARKS[n] if n < len(SPOT_MARKS) else "+"


def draw_sketch(console: tcod.console.Console, kit: Kit, plan: Any, spots: tuple[Spot, ...],
                origin: tuple[int, int], selected: int, rect: tuple[int, int, int, int],
                usable: Collection[int] | None = None) -> None:
    """Draw ``plan``'s layout in ``rect``; ``origin`` is the floor coordinate of its top-left tile.
    ``usable`` (indexes into ``spots``), if given, are the only spots marked: an item cannot lie
    in a door, so its number there offered a place the draft could never take."""
    x, y, w, h = rect
    palette = kit.palette
    ix, iy, iw, ih = draw.panel(console, x, y, w, h, palette, "The room")
    tables = tile_tables(getattr(plan, "theme", "catacombs"), kit.glyphs.name, palette)
    for row, line in enumerate(plan.layout[: max(0, ih - 1)]):
        for col, code in enumerate(line[:iw]):
            tile = BY_CODE.get(code, Tile.ROCK)
            console.ch[iy + row, ix + col] = int(tables.ch[tile])
            console.fg[iy + row, ix + col] = tables.lit_fg[tile]
            console.bg[iy + row, ix + col] = tables.lit_bg[tile]
    ox, oy = origin
    for n, spot in enumerate(spots):
        if usable is not None and n not in usable:
            continue
        sx, sy = ix + spot.x - ox, iy + spot.y - oy
        if ix <= sx < ix + iw and iy <= sy < iy + min(ih - 1, len(plan.layout)):
            chosen = n == selected
            mark = spot_mark(n)
            fg = palette["selection_fg"] if chosen else palette["trap"]
            bg = palette["selection_bg"] if chosen else None
            draw.text(console, sx, sy, mark, fg, bg)
    if ih >= 1:
        where = "Numbers: the spots" if usable is None else "Numbers: hiding places"
        # named by its mark as drawn: the tenth spot is a "0" on the sketch, never a "10"
        note = f"{spot_mark(selected)} is the draft's spot" if 0 <= selected < len(spots) else where
        draw.text(console, ix, iy + ih - 1, elide(note, iw), palette["text_dim"], width=iw)
