"""One floor of the dungeon: a grid of room cells that unfolds as the party enters it (Roll
Through the Dungeon), kept as numpy tile arrays the world can see and path through.

Arrays are indexed [y, x] and are FLOOR_H x FLOOR_W (see geometry.py):
  tile         Tile codes (uint8)
  walkable     bool: a creature may stand there (doors count; whether a door is locked is the
               world's business, on the Door record)
  transparent  bool: sight passes (for tcod.map.compute_fov)
  explored     bool: remembered by the party (the world sets it; mapgen only creates it)

A wall between two cells is decided once, by whichever of its rooms is mapped first, and kept
in `walls`; from the same seed the wall always comes out the same, because it is rolled from its
own stream (`streams.get("layout", floor, "wall", ...)`), and each room is shaped from
`streams.get("layout", floor, cx, cy)`: fights, the order the rooms are entered in, and what the
designers buy never change a room's shape. (A room entered from a different side differs only
where the book says so: a cave-in or boulders block every exit but the way in.)
"""

from __future__ import annotations

import functools
from collections import deque
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from game.core.rng import Stream
from game.mapgen.geometry import (
    CELL_H,
    CELL_W,
    GRID_H,
    GRID_W,
    OPPOSITE,
    SIDES,
    Cell,
    WallKey,
    gap_tiles,
    inside_gap,
    neighbour,
    origin,
    wall_key,
)
from game.mapgen.plan import Door, RoomPlan
from game.mapgen.room_shape import roll_gap, shape_room
from game.mapgen.themes import theme as get_theme
from game.mapgen.tiles import CODES, COST, DECODE, ROCK, TRANSPARENT, WALKABLE, WALKABLE_TILES, WALL, Tile
from game.world.distances import UNREACHABLE, distances_from

WALKABLE_CODES = frozenset(CODES[t] for t in WALKABLE_TILES)  # a layout's characters a creature may stand on
# MERGED[standing, planned]: a shared wall's tile once a room is carved beside it. A gap of the
# new room opens rock or wall, a wall of it closes rock, anything else stays as it stands.
MERGED = np.array([[b if (WALKABLE[b] and v in (ROCK, WALL)) or (b == WALL and v == ROCK) else v
                    for b in range(len(WALKABLE))] for v in range(len(WALKABLE))], dtype=np.uint8)


SIDES_BY_NAME = tuple(sorted(SIDES))  # the order `exits` looks through a room's sides


class StreamSource(Protocol):
    """What a floor needs from the game's streams (game.core.rng.Streams)."""

    def get(self, *names: object) -> Stream: ...


@dataclass(slots=True)
class SideRecord:
    """A wall between two cells, once one of its rooms has been mapped."""

    kind: str  # "open" | "door" | "wall"
    offset: int  # where its gap lies along the wall (local to either block)
    door: Door | None = None  # as the first room rolled it (its side is that room's)
    secret: bool = False  # a secret passage found through a wall (the book's way out of a dead end)


@dataclass(slots=True)
class CellRecord:
    cell: Cell
    bounds: tuple[int, int, int, int]  # x0, y0, x1, y1 of its block, inclusive (shared walls too)
    plan: RoomPlan | None = None
    entered: bool = False
    entered_from: str | None = None  # the side the room was shaped for ("" for none yet)
    secret_sides: list[str] = field(default_factory=list)
    mapped: bool = field(init=False)  # `plan is not None`: asked hundreds of thousands of times a run

    def __post_init__(self) -> None:
        self.mapped = self.plan is not None

    @property
    def blocked(self) -> str:
        """Why part of the room cannot be reached from its entry ("" if it all can)."""
        return self.plan.blocked if self.plan else ""


class Floor:
    """A floor of room cells; see the module docstring."""

    def __init__(self, streams: StreamSource, number: int, theme: str, grid: tuple[int, int] = (GRID_W, GRID_H)):
        get_theme(theme)  # fail early on an unknown theme
        self.streams = streams
        self.number = number
        self.theme = theme
        self.grid_w, self.grid_h = grid
        self.width = self.grid_w * CELL_W + 1
        self.height = self.grid_h * CELL_H + 1
        shape = (self.height, self.width)
        self.tile = np.zeros(shape, dtype=np.uint8)
        self.walkable = np.zeros(shape, dtype=bool)
        self.transparent = np.zeros(shape, dtype=bool)
        self.explored = np.zeros(shape, dtype=bool)
        self.cells: dict[Cell, CellRecord] = {}
        for cy in range(self.grid_h):
            for cx in range(self.grid_w):
                x0, y0 = origin((cx, cy))
                self.cells[(cx, cy)] = CellRecord((cx, cy), (x0, y0, x0 + CELL_W, y0 + CELL_H))
        self._cell_order = sorted(self.cells)  # the order `exits` goes through them
        self.walls: dict[WallKey, SideRecord] = {}
        self.entrance: Cell = (self.grid_w // 2, self.grid_h - 1)
        self.start: tuple[int, int] = (0, 0)  # the stair up the party arrives by
        self._secrets = 0
        self._exits: list[tuple[int, int, Cell, str]] | None = None  # cached; any tile change clears it
        self.version = 0  # counts tile changes, so callers can cache what they derive from tiles

    @classmethod
    def new(cls, streams: StreamSource, number: int, theme: str, *, entrance: Cell | None = None,
            grid: tuple[int, int] = (GRID_W, GRID_H), need_stair: bool = False) -> Floor:
        """A floor with its entrance room mapped: by default the middle of the bottom row, as the
        book starts its map; a lower floor starts in the cell under the stair that led to it."""
        floor = cls(streams, number, theme, grid)
        if entrance is not None:
            if not floor.in_grid(entrance):
                raise ValueError(f"entrance {entrance} is outside the {grid[0]}x{grid[1]} grid")
            floor.entrance = entrance
        record = floor.unfold(floor.entrance, None, need_stair=need_stair)
        assert record.plan is not None
        up = next(f for f in record.plan.features if f.name == "stair_up")
        floor.start = (up.x, up.y)
        return floor

    # -- the grid ---------------------------------------------------------------------------------
    def in_grid(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.grid_w and 0 <= cell[1] < self.grid_h

    def neighbours(self, cell: Cell) -> dict[str, Cell]:
        """side -> the cell beyond it, for the sides that have a cell beyond them."""
        return {s: neighbour(cell, s) for s in SIDES if self.in_grid(neighbour(cell, s))}

    def cell_of(self, x: int, y: int) -> Cell | None:
        """The cell whose room `(x, y)` lies in; None on a wall shared between cells or outside."""
        if x % CELL_W == 0 or y % CELL_H == 0:
            return None
        cx, cy = x // CELL_W, y // CELL_H
        return (cx, cy) if 0 <= cx < self.grid_w and 0 <= cy < self.grid_h else None

    def room_at(self, x: int, y: int) -> CellRecord | None:
        """The mapped room that tile lies in (None on shared walls and in unmapped cells). Asked
        for every hero's light every turn: `cell_of` inlined (`cells` holds only the grid's cells)."""
        if x % CELL_W and y % CELL_H:
            record = self.cells.get((x // CELL_W, y // CELL_H))
            if record is not None and record.mapped:
                return record
        return None

    def wall_at(self, x: int, y: int) -> SideRecord | None:
        """The record of the shared wall a gap tile (a door, an opening) lies in, if any."""
        for cell in ((x // CELL_W, y // CELL_H), ((x - 1) // CELL_W, (y - 1) // CELL_H)):
            if not self.in_grid(cell) or not self.cells[cell].mapped:
                continue
            x0, y0 = origin(cell)
            for s in SIDES:
                rec = self.side(cell, s)
                if rec is not None and rec.kind != "wall":
                    kind = "door" if rec.kind == "door" else "open"
                    if (x - x0, y - y0) in gap_tiles(s, rec.offset, kind):
                        return rec
        return None

    def side(self, cell: Cell, side: str) -> SideRecord | None:
        """The record of the wall on `side` of `cell`, if one of its rooms is mapped."""
        return self.walls.get(wall_key(cell, side))

    def _wall_stream(self, cell: Cell, side: str) -> Stream:
        """The stream of the wall on `side` of `cell` (named by strings: the game's streams find it
        by its name as it is, with nothing to convert)."""
        kind, x, y = wall_key(cell, side)
        return self.streams.get("layout", str(self.number), "wall", kind, str(x), str(y))

    # -- shaping and carving ----------------------------------------------------------------------
    def fixed_sides(self, cell: Cell) -> dict[str, str]:
        """Sides of `cell` already decided: by a mapped neighbour, or walls at the floor's edge."""
        out = {}
        for s in SIDES:
            if not self.in_grid(neighbour(cell, s)):
                out[s] = "wall"
            elif (rec := self.side(cell, s)) is not None:
                out[s] = rec.kind
        return out

    def plan_room(self, cell: Cell, entered_from: str | None, *, need_stair: bool = False) -> RoomPlan:
        """The room the party would find in `cell` coming from `entered_from`, not yet carved
        (the Traps seat shapes the room with this; `carve` then builds it). Pure: asking twice
        gives the same plan."""
        if not self.in_grid(cell):
            raise ValueError(f"cell {cell} is outside the floor")
        fixed = self.fixed_sides(cell)
        doors: dict[str, Door] = {}
        gaps: dict[str, int] = {}
        for s in SIDES:
            if (r := self.side(cell, s)) is not None:
                gaps[s] = r.offset
                if r.door is not None:
                    doors[s] = Door(s, r.door.kind, r.door.tier)
        walls = {s: self._wall_stream(cell, s) for s in SIDES}  # all four named in the game's streams

        def side_stream(side: str) -> Stream:
            return walls[side].fork("side")  # forked only for a side shape_room rolls something on

        stream = self.streams.get("layout", str(self.number), str(cell[0]), str(cell[1])).fork("room")
        return shape_room(stream, self.theme, self.number, cell, fixed, entered_from, fixed_doors=doors,
                          side_stream=side_stream, gaps=gaps, need_stair=need_stair)

    def carve(self, plan: RoomPlan, entered_from: str | None = None) -> CellRecord:
        """Build a planned room into the tile arrays and record its walls for its neighbours."""
        record = self.cells.get(plan.cell)
        if record is None:
            raise ValueError(f"cell {plan.cell} is outside the floor")
        if record.mapped:
            raise ValueError(f"cell {plan.cell} is already mapped")
        doors = {d.side: d for d in plan.doors}
        for s in SIDES:
            rec = self.side(plan.cell, s)
            kind = plan.sides.get(s)
            if rec is not None:
                # a plan shaped without this floor's walls would not meet its neighbours
                hint = "shape it with Floor.plan_room"
                if kind != rec.kind:
                    raise ValueError(f"cell {plan.cell}: its {s} side is {kind}, but the mapped wall is "
                                     f"{rec.kind} ({hint})")
                if kind != "wall" and _offset_from_layout(plan, s) != rec.offset:
                    raise ValueError(f"cell {plan.cell}: its {s} gap is not where the mapped wall has it ({hint})")
                if rec.door is not None and (doors[s].kind, doors[s].tier) != (rec.door.kind, rec.door.tier):
                    raise ValueError(f"cell {plan.cell}: its {s} door is not the mapped wall's door ({hint})")
            elif self.in_grid(neighbour(plan.cell, s)):
                offset = _offset_from_layout(plan, s)
                if not offset:
                    offset = roll_gap(self._wall_stream(plan.cell, s).fork("side").fork("gap"), s)
                self.walls[wall_key(plan.cell, s)] = SideRecord(kind or "wall", offset, doors.get(s))
        block = DECODE[np.frombuffer("".join(plan.layout).encode("ascii"), dtype=np.uint8)]
        block = block.reshape(CELL_H + 1, CELL_W + 1)
        x0, y0, x1, y1 = record.bounds
        view = self.tile[y0:y1 + 1, x0:x1 + 1]
        # On the shared walls a gap of either room opens rock or wall, and a wall of this one
        # closes rock (MERGED: one look-up over the whole block), then the inside is the plan's.
        view[...] = MERGED[view, block]
        view[1:-1, 1:-1] = block[1:-1, 1:-1]
        self._refresh(x0, y0, x1, y1)
        record.plan, record.mapped = plan, True
        record.entered_from = entered_from
        return record

    def unfold(self, cell: Cell, entered_from: str | None, *, need_stair: bool = False) -> CellRecord:
        """The party enters `cell` from `entered_from`: shape and carve it if it is new."""
        record = self.cells[cell]
        if not record.mapped:
            self.carve(self.plan_room(cell, entered_from, need_stair=need_stair), entered_from)
        record.entered = True
        return record

    def _refresh(self, x0: int, y0: int, x1: int, y1: int) -> None:
        self._exits = None
        self.version += 1
        t = self.tile[y0:y1 + 1, x0:x1 + 1]
        self.walkable[y0:y1 + 1, x0:x1 + 1] = WALKABLE[t]
        self.transparent[y0:y1 + 1, x0:x1 + 1] = TRANSPARENT[t]

    def set_tile(self, x: int, y: int, tile: Tile) -> None:
        """Change one tile (a door opened, boulders dug out) and what it lets through."""
        self.tile[y, x] = tile
        self._refresh(x, y, x, y)

    # -- moving between cells -------------------------------------------------------------------
    def step_into(self, x: int, y: int, nx: int, ny: int) -> tuple[Cell, str] | None:
        """If a step from (x, y) to (nx, ny) enters an unmapped cell through a gap, that cell
        and the side it is entered from (call `unfold` with them before moving)."""
        cell = self.cell_of(nx, ny)
        if cell is None or self.cells[cell].mapped or not self.walkable[y, x]:
            return None
        x0, y0 = origin(cell)
        s = "w" if x <= x0 else "e" if x >= x0 + CELL_W else "n" if y <= y0 else "s"
        rec = self.side(cell, s)
        return (cell, s) if rec is not None and rec.kind != "wall" else None

    def exits(self) -> list[tuple[int, int, Cell, str]]:
        """Every gap tile that leads into an unmapped cell: (x, y, that cell, its entry side)."""
        if self._exits is not None:
            return list(self._exits)
        out = []
        cells, walls, walkable = self.cells, self.walls, self.walkable
        for cell in self._cell_order:
            if not cells[cell].mapped:
                continue
            ox, oy = origin(cell)
            for s, other, key, back in _beyond(cell, self.grid_w, self.grid_h):
                if cells[other].mapped:
                    continue
                rec = walls.get(key)
                if rec is None or rec.kind == "wall":
                    continue
                for gx, gy in gap_tiles(s, rec.offset, "door" if rec.kind == "door" else "open"):
                    if walkable[oy + gy, ox + gx]:
                        out.append((ox + gx, oy + gy, other, back))
        self._exits = out
        return list(out)

    # -- reaching -------------------------------------------------------------------------------
    def cost(self) -> np.ndarray:
        """Step costs for routes ([y, x]; 0 = blocked; wading and ice cost more)."""
        return COST[self.tile]

    def reachable_from(self, x: int, y: int) -> np.ndarray:
        """Tiles reachable from (x, y) by orthogonal steps over walkable tiles."""
        return (distances_from(self.walkable, [(x, y)], cardinal=1) != UNREACHABLE) & self.walkable

    def open_secret_passage(self, cell: Cell | None = None) -> tuple[Cell, str] | None:
        """The book's way out of a dead end: a secret passage from a mapped room the party can
        reach (`cell`, or any) through one of its walls into an unmapped neighbour. Returns the
        neighbour and the side it will be entered from, or None if there is no such wall."""
        reach = self.reachable_from(*self.start)
        options = self.secret_walls(cell, reach)
        self._secrets += 1
        stream = self.streams.get("layout", self.number, "secret", self._secrets).fork("pick")
        while options:
            c, s, other = options.pop(stream.below(len(options)))
            if self._dig_secret(c, s, reach):
                return other, OPPOSITE[s]
        return None

    def secret_walls(self, cell: Cell | None = None, reach: np.ndarray | None = None) -> list[tuple[Cell, str, Cell]]:
        """The walls a secret passage could be found in (from `cell`, or any mapped room the
        party can reach): (room, side, the unmapped neighbour behind it). Empty when a search
        can find no way out of a dead end (the way on must then be found elsewhere)."""
        reach = self.reachable_from(*self.start) if reach is None else reach
        options = []
        for c, record in sorted(self.cells.items()):
            if not record.mapped or (cell is not None and c != cell):
                continue
            x0, y0, x1, y1 = record.bounds
            if not reach[y0 + 1:y1, x0 + 1:x1].any():
                continue
            for s, other in sorted(self.neighbours(c).items()):
                rec = self.side(c, s)
                if rec is not None and rec.kind == "wall" and not self.cells[other].mapped:
                    options.append((c, s, other))
        return options

    def _dig_secret(self, cell: Cell, s: str, reach: np.ndarray) -> bool:
        record = self.cells[cell]
        rec = self.side(cell, s)
        assert rec is not None
        x0, y0, x1, y1 = record.bounds
        tiles = self.tile[y0:y1 + 1, x0:x1 + 1]
        local_reach = reach[y0:y1 + 1, x0:x1 + 1]
        target = inside_gap(s, rec.offset)
        diggable = (tiles == ROCK) | (tiles == WALL)
        # breadth-first from the target back to any reachable tile, through rock and wall
        parents: dict[tuple[int, int], tuple[int, int] | None] = {target: None}
        todo = deque([target])
        found = None
        while todo:
            x, y = todo.popleft()
            if local_reach[y, x]:
                found = (x, y)
                break
            if not diggable[y, x]:
                continue
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if 1 <= nx < CELL_W and 1 <= ny < CELL_H and (nx, ny) not in parents:
                    parents[(nx, ny)] = (x, y)
                    todo.append((nx, ny))
        if found is None:
            return False
        p: tuple[int, int] | None = found
        while p is not None:
            if diggable[p[1], p[0]]:
                tiles[p[1], p[0]] = Tile.FLOOR
            p = parents[p]
        for gx, gy in gap_tiles(s, rec.offset, "open"):
            tiles[gy, gx] = Tile.FLOOR
        dug = WALKABLE[tiles] | (tiles > WALL)
        near = np.zeros_like(dug)
        padded = np.pad(dug, 1)
        for dy in (0, 1, 2):
            for dx in (0, 1, 2):
                near |= padded[dy:dy + tiles.shape[0], dx:dx + tiles.shape[1]]
        tiles[near & (tiles == ROCK)] = WALL
        self._refresh(x0, y0, x1, y1)
        rec.kind, rec.door, rec.secret = "open", None, True
        self._exits = None
        record.secret_sides.append(s)
        return True


@functools.cache
def _beyond(cell: Cell, grid_w: int, grid_h: int) -> tuple[tuple[str, Cell, WallKey, str], ...]:
    """For each side of `cell` with a cell of the grid beyond it, in the order `exits` looks
    through them: the side, the cell beyond, the wall's key and the side that cell is entered by
    (kept per cell: the exits are worked out again after every door opened and room carved)."""
    out = []
    for s in SIDES_BY_NAME:
        other = neighbour(cell, s)
        if 0 <= other[0] < grid_w and 0 <= other[1] < grid_h:
            out.append((s, other, wall_key(cell, s), OPPOSITE[s]))
    return tuple(out)


def _offset_from_layout(plan: RoomPlan, side: str) -> int | None:
    """Where the plan put its gap on `side` (the middle walkable tile of that edge)."""
    if plan.sides.get(side) == "wall" or not plan.layout:
        return None
    if side in ("n", "s"):
        row = plan.layout[0 if side == "n" else CELL_H]
        idx = [i for i, ch in enumerate(row) if ch in WALKABLE_CODES]
    else:
        col = 0 if side == "w" else CELL_W
        idx = [i for i, r in enumerate(plan.layout) if r[col] in WALKABLE_CODES]
    return idx[len(idx) // 2] if idx else None


def render_text(floor: Floor, *, explored_only: bool = False, start: bool = True) -> str:
    """The floor as text, one Tile.code per tile (for `generate --map` and for debugging)."""
    codes = np.array([ord(t.code) for t in Tile], dtype=np.uint8)
    chars = codes[floor.tile]
    if explored_only:
        chars = np.where(floor.explored, chars, ord(" ")).astype(np.uint8)
    if start:
        chars[floor.start[1], floor.start[0]] = ord("@")
    lines = [bytes(row).decode("ascii").rstrip() for row in chars]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines)
