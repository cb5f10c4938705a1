"""The floor's grid of room cells and where each cell's tiles lie (DESIGN.md §4).

A floor is GRID_W x GRID_H cells. Cell (cx, cy) owns the block of tiles from
(cx * CELL_W, cy * CELL_H) to ((cx + 1) * CELL_W, (cy + 1) * CELL_H) inclusive: the first and
last column and row of a block are the *walls between cells*, shared with the neighbour, and a
door or an opening between two rooms is a gap in that shared wall. The whole floor is
FLOOR_W x FLOOR_H tiles (169 x 53), small enough to sit in a 200 x 60 terminal.
Tile arrays are indexed [y, x]."""

from __future__ import annotations

import functools

CELL_W = 24
CELL_H = 13
GRID_W = 7
GRID_H = 4
FLOOR_W = GRID_W * CELL_W + 1
FLOOR_H = GRID_H * CELL_H + 1

SIDES = ("n", "e", "s", "w")  # clockwise
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}
DELTA = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}

# Where a gap may sit along a shared wall (local offset from the block's corner), and how wide
# an opening is; a door is one tile.
GAP_RANGE_V = (3, CELL_H - 3)  # on a west/east wall: the y offset
GAP_RANGE_H = (4, CELL_W - 4)  # on a north/south wall: the x offset
OPEN_WIDTH = 3

Cell = tuple[int, int]
WallKey = tuple[str, int, int]


def clockwise_from(side: str | None) -> tuple[str, ...]:
    """The other sides of a room, clockwise from the one after `side` (the book's order for
    rolling table RC); a room with no entry side (the entrance) starts after the south side."""
    start = SIDES.index(side if side is not None else "s")
    return tuple(SIDES[(start + i) % 4] for i in range(1, 4))


def origin(cell: Cell) -> tuple[int, int]:
    """Floor tile coordinates of the block's top-left corner."""
    return cell[0] * CELL_W, cell[1] * CELL_H


def neighbour(cell: Cell, side: str) -> Cell:
    dx, dy = DELTA[side]
    return cell[0] + dx, cell[1] + dy


def wall_key(cell: Cell, side: str) -> WallKey:
    """The name of the wall on `side` of `cell`: the same from both rooms that share it."""
    cx, cy = cell  # (no dict of all four built per call: floors ask this thousands of times)
    if side == "n":
        return "h", cx, cy
    if side == "s":
        return "h", cx, cy + 1
    if side == "w":
        return "v", cx, cy
    if side == "e":
        return "v", cx + 1, cy
    raise KeyError(side)


@functools.cache
def gap_tiles(side: str, offset: int, kind: str) -> tuple[tuple[int, int], ...]:
    """Local (x, y) tiles of the gap in the wall on `side` (a door is 1 tile, an opening 3).
    Kept per gap (a few hundred at most): every room asks for its gaps several times while it is
    shaped and carved, and the floor again for its exits."""
    half = 0 if kind == "door" else OPEN_WIDTH // 2
    if side in ("w", "e"):
        x = 0 if side == "w" else CELL_W
        return tuple((x, offset + d) for d in range(-half, half + 1))
    y = 0 if side == "n" else CELL_H
    return tuple((offset + d, y) for d in range(-half, half + 1))


def inside_gap(side: str, offset: int) -> tuple[int, int]:
    """The local tile just inside the room from the middle of the gap on `side`."""
    if side == "w":
        return 1, offset
    if side == "e":
        return CELL_W - 1, offset
    if side == "n":
        return offset, 1
    if side == "s":
        return offset, CELL_H - 1
    raise KeyError(side)


def default_gap(side: str) -> int:
    lo, hi = GAP_RANGE_V if side in ("w", "e") else GAP_RANGE_H
    return (lo + hi) // 2
