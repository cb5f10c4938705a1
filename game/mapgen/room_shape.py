"""Shaping one room the way Roll Through the Dungeon maps it, as tiles Fungeon can play on.

`shape_room` rolls the room's sides on table RC (clockwise from the side the party came in by;
sides fixed by mapped neighbours or by the floor's edge are kept), each new door on table RD, what
the room holds on table RI, and on a "features" result one row of table RF. Then it lays the
room out in its cell's block of tiles (geometry.py): a shape (rect, cross, cave, pillared, round,
hall), corridors from each gap in the shared walls to the room, terrain, furniture, and the Spots
where the Traps seat's traps sit and the Treasure seat's items lie (DESIGN.md §3, "How the two
books meet").

Determinism: every roll comes from the cell's layout stream, through named forks (sides, doors,
interaction, feature, shape, ...), so the same cell always gets the same room, whatever order the
floor is explored in and however the fights went. A side that the floor rolls for a shared wall
comes from that wall's own stream (`side_streams`), so both rooms that share a wall would roll
the same side. Decisions where the book is silent are in the docstrings below.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable

import numpy as np

from game.core.rng import Stream
from game.mapgen import tables
from game.mapgen.geometry import (
    CELL_H,
    CELL_W,
    GAP_RANGE_H,
    GAP_RANGE_V,
    Cell,
    clockwise_from,
    gap_tiles,
    inside_gap,
    origin,
)
from game.mapgen.plan import Door, Feature, RoomPlan, Spot
from game.mapgen.themes import theme as get_theme
from game.mapgen.tiles import BY_NAME, CODES, WALKABLE_TILES, Tile

W, H = CELL_W + 1, CELL_H + 1  # a block with its shared walls
X_LO, X_HI = 2, W - 3  # where a room's own floor may lie (one tile of rock kept for its wall)
Y_LO, Y_HI = 2, H - 3
# RF rows the entrance room does not take: the way in must never be closed (decision: re-roll).
ENTRANCE_REROLL = frozenset({"cave_in", "boulders", "chasm"})
_WALKABLE = frozenset(int(t) for t in WALKABLE_TILES)
_PLATE = frozenset({int(Tile.FLOOR), int(Tile.ICE), int(Tile.SWAMP)})  # where a floor plate can be
_SEATS = frozenset({int(Tile.FLOOR), int(Tile.ICE), int(Tile.SWAMP)})  # where furniture can stand
Pt = tuple[int, int]


def roll_side(stream: Stream) -> str:
    """Table RC for one side: "open" | "door" | "wall"."""
    return tables.room_config().roll(stream)[1]


def roll_door(stream: Stream, side: str) -> Door:
    """Table RD for a door on `side`."""
    row = tables.doors().roll(stream)[1]
    return Door(side, row.kind, row.tier)


def roll_gap(stream: Stream, side: str) -> int:
    """Where along its wall a side's gap lies (local offset)."""
    lo, hi = GAP_RANGE_V if side in ("w", "e") else GAP_RANGE_H
    return stream.randint(lo, hi)


def shape_room(stream: Stream, theme: str, floor: int, cell: Cell, fixed_sides: dict[str, str],
               entered_from: str | None, *, fixed_doors: dict[str, Door] | None = None,
               side_streams: dict[str, Stream] | None = None, gaps: dict[str, int] | None = None,
               need_stair: bool = False) -> RoomPlan:
    """The plan of the room in `cell`, entered from `entered_from` (None: the floor's entrance,
    which the party reaches by a stair up in it, its south side closed, as in the book).

    fixed_sides:  sides already decided ("open" | "door" | "wall"), kept as they are
    fixed_doors:  the Door records of fixed door sides (else a fixed door is rolled on RD here)
    side_streams: a stream per side to roll RC/RD/the gap on (the floor passes each shared
                  wall's own stream); default: forks of `stream`
    gaps:         where each side's gap lies along its wall (local offset); default: rolled
    need_stair:   the room must hold a stair down (Fungeon: Party Min rose in this Hallway)
    """
    th = get_theme(theme)
    for side, kind in fixed_sides.items():
        if kind not in ("open", "door", "wall"):
            raise ValueError(f"fixed side {side}={kind!r}: expected open, door or wall")
    if entered_from is not None and fixed_sides.get(entered_from) == "wall":
        raise ValueError(f"cannot enter cell {cell} through the wall on its {entered_from} side")

    # -- sides (RC), doors (RD), gaps ---------------------------------------------------------
    sides: dict[str, str] = {}
    doors: dict[str, Door] = {}
    offsets: dict[str, int] = {}
    order = ((entered_from,) if entered_from else ()) + clockwise_from(entered_from)
    if entered_from is None:
        order += ("s",)
    for side in order:
        ss = (side_streams or {}).get(side) or stream.fork("side", side)
        if side in fixed_sides:
            kind = fixed_sides[side]
        elif side == entered_from:
            kind = "open"
        elif entered_from is None and side == "s":
            kind = "wall"
        else:
            kind = roll_side(ss)
        sides[side] = kind
        if kind == "door":
            doors[side] = (fixed_doors or {}).get(side) or roll_door(ss, side)
        offsets[side] = (gaps or {}).get(side) or roll_gap(ss.fork("gap"), side)

    # -- what the room holds (RI, RF) ---------------------------------------------------------
    interaction = tables.interactions().roll(stream.fork("interaction"))[1]
    rf_rows: list[tables.FeatureRow] = []
    if interaction == "features":
        fs = stream.fork("feature")
        row = tables.features().roll(fs)[1]
        while entered_from is None and row.feature in ENTRANCE_REROLL:
            row = tables.features().roll(fs)[1]
        rf_rows.append(row)
    names = [r.feature for r in rf_rows]
    if need_stair and "staircase" not in names:
        names.append("staircase")

    layout = _Layout(stream.fork("shape"), cell, sides, offsets, entered_from)
    shape = layout.shape_mask(th.shapes)
    layout.dig_corridors()
    specs = tables.feature_specs()
    fstream = stream.fork("place")
    placed: list[Feature] = []
    spots: list[Spot] = []
    for name in names:  # terrain first: it decides what the rest can reach
        if specs[name].kind == "terrain":
            placed += layout.terrain(fstream, specs[name])
    layout.settle_entry()
    for name in names:
        spec = specs[name]
        if spec.place == "in_wall":
            continue  # placed once the walls stand
        if spec.kind in ("furniture", "stair") or (spec.kind == "trap" and spec.tile):
            feats, new_spots = layout.furnish(fstream, spec)
            placed += feats
            spots += new_spots
        elif spec.kind == "dark":
            placed.append(Feature(name, "dark", *layout.glob(layout.centre())))
    layout.raise_walls()
    for name in names:
        if specs[name].place == "in_wall":
            feats, new_spots = layout.furnish_wall(fstream, specs[name])
            placed += feats
            spots += new_spots
    spots += layout.boulder_spots()
    spots.append(layout.debris_spot(fstream))
    trap_sites = [specs[n].trap for n in names if specs[n].kind == "trap"]
    plates = layout.plates(fstream, trap_sites, spots)
    spots += plates
    for name, plate in zip([n for n in names if specs[n].kind == "trap" and not specs[n].tile], plates,
                           strict=False):
        placed.append(Feature(name, "trap", plate.x, plate.y))
    door_spots = [Spot(*layout.glob(gap_tiles(s, offsets[s], "door")[0]), "open", "door") for s in doors]

    ox, oy = origin(cell)
    blocked = layout.blocked_reason(names)
    room_names = next((th.feature_rooms[n] for n in names if n in th.feature_rooms), th.rooms)
    return RoomPlan(
        cell=cell, theme=theme, sides=dict(sorted(sides.items(), key=lambda kv: "nesw".index(kv[0]))),
        doors=tuple(doors[s] for s in "nesw" if s in doors),
        features=tuple(layout.stair_up_feature() + placed), spots=tuple(door_spots + spots), shape=shape,
        dark="darkness" in names, name=stream.fork("name").choice(room_names), interaction=interaction,
        blocked=blocked, layout=layout.rows())


class _Layout:
    """One cell's block of tiles while it is being laid out (local coordinates, [y][x])."""

    def __init__(self, stream: Stream, cell: Cell, sides: dict[str, str], offsets: dict[str, int],
                 entered_from: str | None) -> None:
        self.s = stream
        self.ox, self.oy = origin(cell)
        self.g = [[int(Tile.ROCK)] * W for _ in range(H)]
        self.sides = sides
        self.offsets = offsets
        self.entered_from = entered_from
        self.mask: set[Pt] = set()
        self.cells: list[Pt] = []
        self.pillars: list[Pt] = []
        self.corridor: dict[str, set[Pt]] = {}
        self.reserved: set[Pt] = set()  # tiles furniture must leave free
        self.entry: Pt = (W // 2, H // 2)
        self.stair_up: Pt | None = None
        self.boulder_plugs: list[Pt] = []
        self.expect_blocked = False

    # -- small helpers ------------------------------------------------------------------------
    def glob(self, p: Pt) -> Pt:
        return self.ox + p[0], self.oy + p[1]

    def at(self, p: Pt) -> int:
        return self.g[p[1]][p[0]]

    def put(self, p: Pt, tile: Tile) -> None:
        self.g[p[1]][p[0]] = int(tile)

    def walkable(self, p: Pt) -> bool:
        return 0 <= p[0] < W and 0 <= p[1] < H and self.g[p[1]][p[0]] in _WALKABLE

    def centre(self) -> Pt:
        xs = sorted(p[0] for p in self.mask)
        ys = sorted(p[1] for p in self.mask)
        target = (xs[len(xs) // 2], ys[len(ys) // 2])
        return min(self.cells, key=lambda p: abs(p[0] - target[0]) + abs(p[1] - target[1]))

    def rows(self) -> tuple[str, ...]:
        codes = [CODES[t] for t in Tile]
        return tuple("".join(codes[t] for t in row) for row in self.g)

    def reach(self, start: Pt | None = None) -> set[Pt]:
        """Tiles reachable from the entry by orthogonal steps over walkable tiles (4-connected,
        so the promise holds whatever diagonal rule the world moves by)."""
        start = start or self.entry
        if not self.walkable(start):
            return set()
        seen = {start}
        todo = deque([start])
        g = self.g
        while todo:
            x, y = todo.popleft()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n not in seen and 0 <= n[0] < W and 0 <= n[1] < H and g[n[1]][n[0]] in _WALKABLE:
                    seen.add(n)
                    todo.append(n)
        return seen

    def can_block(self, p: Pt) -> bool:
        """Whether turning walkable `p` into something solid keeps everything around it connected
        (the walkable tiles of its 8-ring form one run, counting orthogonal neighbours) and
        leaves it reachable from a side."""
        x, y = p
        ring = [(x - 1, y - 1), (x, y - 1), (x + 1, y - 1), (x + 1, y), (x + 1, y + 1), (x, y + 1),
                (x - 1, y + 1), (x - 1, y)]
        flags = [self.walkable(q) for q in ring]
        if not any(flags[1::2]):
            return False  # nothing to stand on beside it
        if all(flags):
            return True
        start = flags.index(False)
        run, runs_of_orth = 0, set()
        for k in range(1, 9):
            i = (start + k) % 8
            if flags[i] and not flags[i - 1]:
                run += 1
            if flags[i] and i % 2 == 1:
                runs_of_orth.add(run)
        return len(runs_of_orth) == 1

    # -- the shape ----------------------------------------------------------------------------
    def shape_mask(self, weights: tuple[tuple[str, int], ...]) -> str:
        s = self.s
        shape = s.weighted([w[0] for w in weights], [w[1] for w in weights])
        aw, ah = X_HI - X_LO + 1, Y_HI - Y_LO + 1
        mask: set[Pt] = set()
        if shape == "cave":
            mask = self._cave(aw, ah)
            if len(mask) < 40:
                shape = "round"
        if shape == "hall":
            if s.chance(0.7):
                w, h = s.randint(15, aw), s.randint(3, 4)
            else:
                w, h = s.randint(3, 5), s.randint(ah - 2, ah)
            mask = self._rect(w, h)
        elif shape == "cross":
            w, h = s.randint(11, aw), s.randint(7, ah)
            x0, y0 = s.randint(X_LO, X_HI - w + 1), s.randint(Y_LO, Y_HI - h + 1)
            tw, th = s.randint(3, max(3, w // 2 - 1)), s.randint(3, max(3, h // 2))
            bx, by = x0 + (w - tw) // 2, y0 + (h - th) // 2
            mask = {(x, y) for x in range(x0, x0 + w) for y in range(by, by + th)}
            mask |= {(x, y) for x in range(bx, bx + tw) for y in range(y0, y0 + h)}
        elif shape == "round":
            w, h = s.randint(9, aw), s.randint(6, ah)
            x0, y0 = s.randint(X_LO, X_HI - w + 1), s.randint(Y_LO, Y_HI - h + 1)
            cx, cy, rx, ry = x0 + (w - 1) / 2, y0 + (h - 1) / 2, w / 2, h / 2
            mask = {(x, y) for x in range(x0, x0 + w) for y in range(y0, y0 + h)
                    if ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1.0}
        elif shape == "pillared":
            w, h = s.randint(9, aw), s.randint(7, ah)
            mask = self._rect(w, h)
            x0, y0 = min(p[0] for p in mask), min(p[1] for p in mask)
            step = s.choice((2, 2, 3))
            self.pillars = [(x, y) for x in range(x0 + 2, x0 + w - 2, step) for y in range(y0 + 2, y0 + h - 2, 2)]
        elif shape == "rect":
            mask = self._rect(s.randint(7, aw), s.randint(4, ah))
        self.mask = mask
        self.cells = sorted(mask)  # the room's own tiles in a fixed order
        for p in mask:
            self.put(p, Tile.FLOOR)
        return shape

    def _rect(self, w: int, h: int) -> set[Pt]:
        x0, y0 = self.s.randint(X_LO, X_HI - w + 1), self.s.randint(Y_LO, Y_HI - h + 1)
        return {(x, y) for x in range(x0, x0 + w) for y in range(y0, y0 + h)}

    def _cave(self, aw: int, ah: int) -> set[Pt]:
        """A cellular-automaton cave, its largest orthogonally connected part."""
        s = self.s
        inside = np.zeros((H, W), dtype=bool)
        inside[Y_LO:Y_HI + 1, X_LO:X_HI + 1] = True
        on = np.zeros((H, W), dtype=bool)
        on[inside] = [s.random() < 0.6 for _ in range(aw * ah)]
        for _ in range(3):
            n = np.zeros((H, W), dtype=np.int8)
            padded = np.pad(on, 1).astype(np.int8)
            for dy in (0, 1, 2):
                for dx in (0, 1, 2):
                    if dx != 1 or dy != 1:
                        n += padded[dy:dy + H, dx:dx + W]
            on = inside & ((n >= 5) | (on & (n >= 4)))
        cells = {(int(x), int(y)) for y, x in zip(*np.nonzero(on), strict=True)}
        best: set[Pt] = set()
        left = set(cells)
        for p in sorted(cells):
            if p not in left:
                continue
            part = {p}
            todo = [p]
            while todo:
                x, y = todo.pop()
                for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if n in left and n not in part:
                        part.add(n)
                        todo.append(n)
            left -= part
            if len(part) > len(best):
                best = part
        return best

    # -- corridors ----------------------------------------------------------------------------
    def dig_corridors(self) -> None:
        """From each door or opening, a corridor to the nearest tile of the room (an opening's is
        three tiles wide). Gaps in the shared walls are written too: both rooms agree on them."""
        for side in "nesw":
            kind = self.sides[side]
            if kind == "wall":
                continue
            off = self.offsets[side]
            start = inside_gap(side, off)
            sx, sy = start
            target = min(self.cells, key=lambda p: abs(p[0] - sx) + abs(p[1] - sy))
            first_x = side in ("w", "e")
            wide = kind == "open"
            dug: set[Pt] = set()
            for p in _l_path(start, target, first_x):
                for q in (_brush(p) if wide else (p,)):
                    if 1 <= q[0] <= W - 2 and 1 <= q[1] <= H - 2:
                        dug.add(q)
            for q in dug:
                if self.at(q) == Tile.ROCK:
                    self.put(q, Tile.FLOOR)
            for q in gap_tiles(side, off, kind):
                self.put(q, Tile.DOOR if kind == "door" else Tile.FLOOR)
            self.corridor[side] = dug - self.mask
            self.reserved |= set(gap_tiles(side, off, "open"))
            self.reserved |= {(q[0] + dx, q[1] + dy) for q in [start] for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
            self.reserved.add(target)
        for p in self.pillars:
            if p not in self.reserved and self.at(p) == Tile.FLOOR and all(
                    p not in c for c in self.corridor.values()):
                self.put(p, Tile.PILLAR)
        if self.entered_from is not None:
            self.entry = inside_gap(self.entered_from, self.offsets[self.entered_from])
        else:
            bottom = max(p[1] for p in self.mask)
            row = sorted(p for p in self.mask if p[1] == bottom and self.at(p) == Tile.FLOOR)
            mid = (min(p[0] for p in self.mask) + max(p[0] for p in self.mask)) // 2
            self.entry = min(row, key=lambda p: (abs(p[0] - mid), p[0]))
            self.put(self.entry, Tile.STAIR_UP)
            self.stair_up = self.entry
            self.reserved |= {(self.entry[0] + dx, self.entry[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}

    def settle_entry(self) -> None:
        """Everything placed after terrain must be reachable: remember what the entry reaches."""
        self.reachable = self.reach()

    # -- terrain ------------------------------------------------------------------------------
    def terrain(self, s: Stream, spec: tables.FeatureSpec) -> list[Feature]:
        tile = BY_NAME[spec.tile]
        if spec.place == "diagonal":
            return self._band(s, spec, tile)
        if spec.place == "everywhere":
            for p in self.cells:
                if self.at(p) == Tile.FLOOR:
                    pool = spec.name == "swamp" and s.chance(0.25)
                    self.put(p, Tile.WATER if pool else tile)
            return [Feature(spec.name, "terrain", *self.glob(self.centre()))]
        if spec.place == "exits":
            return self._plugs(s, spec, tile)
        return []

    def _band(self, s: Stream, spec: tables.FeatureSpec, tile: Tile) -> list[Feature]:
        """A river or a chasm from corner to corner (the book's d10: 1-5 from the top left to
        the bottom right, 6-10 from the bottom left to the top right). A chasm is moved along
        the room until the entry keeps a fair part of it; if it cannot, the room has none."""
        falling = s.die(10) <= 5
        width = s.randint(*spec.width)
        xs = [p[0] for p in self.mask]
        ys = [p[1] for p in self.mask]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        w, h = x1 - x0 + 1, y1 - y0 + 1
        slope = (w - 1) / max(1, h - 1)
        half = max(width / 2, math.ceil(slope / 2 + 0.5))
        shifts = (0,) if tile != Tile.CHASM else (0, -2, 2, -4, 4, -6, 6)
        before = {p: self.at(p) for p in self.mask}
        for shift in shifts:
            band = set()
            for p in self.mask:
                t = (p[1] - y0) / max(1, h - 1)
                xc = x0 + (t if falling else 1 - t) * (w - 1) + shift
                if abs(p[0] - xc) <= half and before[p] == Tile.FLOOR:
                    band.add(p)
            if tile != Tile.CHASM:
                for p in band:
                    self.put(p, tile)
                return [Feature(spec.name, "terrain", *self.glob(_middle(band)))] if band else []
            for p in band:
                self.put(p, tile)
            near = self.reach() & self.mask
            if len(near) >= max(12, len(self.mask) // 4):
                self.expect_blocked = True
                return [Feature(spec.name, "terrain", *self.glob(_middle(band)))]
            for p, t in before.items():
                self.g[p[1]][p[0]] = t
        return []

    def _plugs(self, s: Stream, spec: tables.FeatureSpec, tile: Tile) -> list[Feature]:
        """A cave-in (rubble for good) or boulders (to dig out) in the mouth of every exit but the
        one the party came by; a cave-in also brings a little of the ceiling down in the room."""
        keep = self.corridor.get(self.entered_from or "", set()) | {self.entry}
        first: Pt | None = None
        for side in "nesw":
            if self.sides[side] == "wall" or side == self.entered_from:
                continue
            off = self.offsets[side]
            plug = sorted(q for q in self.corridor.get(side, set()) | self.mask
                          if _depth(side, q) <= 2 and abs(_along(side, q) - off) <= 2
                          and self.at(q) != Tile.ROCK and q not in keep)
            for q in plug:
                self.put(q, tile)
            if plug:
                self.expect_blocked = True
                first = first or plug[0]
                if tile == Tile.BOULDER:
                    inner = max(plug, key=lambda q: (_depth(side, q), -abs(_along(side, q) - off)))
                    self.boulder_plugs.append(inner)
        if tile == Tile.RUBBLE:
            for p in self.cells:
                if (self.at(p) == Tile.FLOOR and p not in self.reserved and s.chance(0.08)
                        and self.can_block(p)):
                    self.put(p, Tile.RUBBLE)
        where = first or self.centre()
        return [Feature(spec.name, "terrain", *self.glob(where))]

    # -- furniture ----------------------------------------------------------------------------
    def _seats(self, place: str) -> list[Pt]:
        """Free tiles of the room, reachable from the entry, that `place` allows."""
        g, rock = self.g, int(Tile.ROCK)
        need = 1 if place == "wall" else 2 if place == "corner" else 0
        out = []
        for p in self.cells:
            x, y = p
            if p in self.reserved or g[y][x] not in _SEATS or p not in self.reachable:
                continue
            if need and (g[y - 1][x] == rock) + (g[y + 1][x] == rock) + (g[y][x - 1] == rock) + (
                    g[y][x + 1] == rock) < need:
                continue
            out.append(p)
        return out

    def furnish(self, s: Stream, spec: tables.FeatureSpec) -> tuple[list[Feature], list[Spot]]:
        tile = BY_NAME[spec.tile]
        tiles = self._place(s, tile, spec.place, s.randint(*spec.count), spec.cluster)
        feats: list[Feature] = []
        spots: list[Spot] = []
        if not tiles:
            return feats, spots
        kind = spec.kind if spec.kind in ("stair", "trap") else "furniture"
        feats.append(Feature(spec.name, kind, *self.glob(tiles[0])))
        if spec.extra:
            etile, eplace, ecount = spec.extra
            self._place(s, BY_NAME[etile], eplace, s.randint(*ecount))
        if spec.kind == "trap":
            return feats, spots
        host = "stair" if spec.kind == "stair" else spec.name
        for p in tiles[:max(0, spec.spots)]:
            spots.append(Spot(*self.glob(p), spec.action, host, spec.treasure))
        return feats, spots

    def _place(self, s: Stream, tile: Tile, place: str, count: int, cluster: bool = False) -> list[Pt]:
        solid = tile not in WALKABLE_TILES
        seats = self._seats(place) or self._seats("scatter")
        if not seats:
            return []
        if place == "centre":
            c = self.centre()
            seats.sort(key=lambda p: (abs(p[0] - c[0]) + abs(p[1] - c[1]), p))
            seats = seats[:4]
        else:
            s.shuffle(seats)
        placed: list[Pt] = []
        for p in seats:
            if len(placed) >= count:
                break
            if p in self.reserved or (solid and not self._fits(p, placed)):
                continue  # already placed (a cluster grew over it), or it would wall something in
            self.put(p, tile)
            placed.append(p)
            self.reserved.add(p)
            if place == "centre" or cluster:  # grow a cluster from the first tile
                near = set(self._seats(place)) if cluster else self.mask
                for q in _orth(p):
                    if q not in near:
                        continue
                    if len(placed) >= count:
                        break
                    if (q in self.mask and q not in self.reserved and q in self.reachable
                            and self.at(q) in _SEATS and (not solid or self._fits(q, placed))):
                        self.put(q, tile)
                        placed.append(q)
                        self.reserved.add(q)
        for p in placed:  # keep a free tile beside each piece so it can be searched
            self.reserved |= {q for q in _orth(p) if self.walkable(q)}
        return placed

    def _fits(self, q: Pt, placed: list[Pt]) -> bool:
        """Whether a solid piece can go on walkable `q`: everything around it stays connected
        (can_block) and no piece already placed loses its last walkable side, so every piece
        (and so every Spot on one) can still be searched from beside it. A cluster of trees in
        the middle of a room must not close over its first tree."""
        if not self.can_block(q):
            return False
        return not any(a in placed and not any(self.walkable(r) for r in _orth(a) if r != q) for a in _orth(q))

    def furnish_wall(self, s: Stream, spec: tables.FeatureSpec) -> tuple[list[Feature], list[Spot]]:
        """A lever in an alcove: a wall tile beside the room's floor."""
        tile = BY_NAME[spec.tile]
        seats = []
        for y in range(1, H - 1):
            for x in range(1, W - 1):
                p = (x, y)
                if self.at(p) != Tile.WALL:
                    continue
                beside = [q for q in _orth(p) if q in self.mask and q in self.reachable and self.walkable(q)]
                if beside and not any(q in self.reserved and q not in self.mask for q in _orth(p)):
                    seats.append(p)
        if not seats:
            return [], []
        p = s.choice(seats)
        self.put(p, tile)
        return ([Feature(spec.name, "furniture", *self.glob(p))],
                [Spot(*self.glob(p), spec.action, spec.name, spec.treasure)])

    def stair_up_feature(self) -> list[Feature]:
        return [Feature("stair_up", "stair", *self.glob(self.stair_up))] if self.stair_up else []

    def boulder_spots(self) -> list[Spot]:
        return [Spot(*self.glob(p), "use", "boulders") for p in self.boulder_plugs]

    def debris_spot(self, s: Stream) -> Spot:
        """Every room can be searched (the book's table F): a pile of the theme's debris, where
        the Treasure seat's items may lie when there is no furniture for them."""
        seats = self._seats("wall") or self._seats("scatter") or [self.entry]
        p = s.choice(seats)
        if self.at(p) != Tile.STAIR_UP and p != self.entry:
            self.put(p, Tile.DEBRIS)
            self.reserved.add(p)
        return Spot(*self.glob(p), "search", "debris", True)

    def plates(self, s: Stream, trap_sites: list[str], taken: list[Spot]) -> list[Spot]:
        """Two or three floor plates on the ways across the room: from the entry to each other
        exit it reaches, and to each piece of furniture. The first carries the trap row's kind
        as its host when table RF rolled one (a site the Traps seat may buy that trap for)."""
        parents: dict[Pt, Pt | None] = {self.entry: None}
        todo = deque([self.entry])
        while todo:
            p = todo.popleft()
            for q in _orth(p):
                if q not in parents and self.walkable(q):
                    parents[q] = p
                    todo.append(q)
        targets = []
        for side in "nesw":
            if self.sides[side] != "wall" and side != self.entered_from:
                targets.append(inside_gap(side, self.offsets[side]))
        used = {(sp.x - self.ox, sp.y - self.oy) for sp in taken}
        for p in sorted(used):
            targets += [q for q in _orth(p) if q in parents]
        on_way: set[Pt] = set()
        for t in targets:
            p = t if t in parents else None
            while p is not None:
                on_way.add(p)
                p = parents[p]
        gaps = {q for side in "nesw" for q in gap_tiles(side, self.offsets[side], "open")}
        starts = {inside_gap(side, self.offsets[side]) for side in "nesw"}

        def ok(p: Pt) -> bool:
            return (self.at(p) in _PLATE and p not in used and p not in gaps and p not in starts
                    and p != self.entry and 1 <= p[0] <= W - 2 and 1 <= p[1] <= H - 2)

        candidates = sorted(p for p in on_way if ok(p)) or sorted(p for p in parents if ok(p))
        s.shuffle(candidates)
        count = min(len(candidates), s.randint(2, 3))
        out = []
        for i, p in enumerate(candidates[:count]):
            host = trap_sites[i] if i < len(trap_sites) else "floor"
            out.append(Spot(*self.glob(p), "walk", host))
        return out

    # -- walls and the last check ---------------------------------------------------------------
    def raise_walls(self) -> None:
        """Rock touching anything dug becomes wall (on the shared walls too)."""
        rock, wall = int(Tile.ROCK), int(Tile.WALL)
        g = self.g
        dug = [(x, y) for y in range(H) for x in range(W) if g[y][x] not in (rock, wall)]
        for x, y in dug:
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    nx, ny = x + dx, y + dy
                    if 0 <= nx < W and 0 <= ny < H and g[ny][nx] == rock:
                        g[ny][nx] = wall

    def blocked_reason(self, names: list[str]) -> str:
        """Why some walkable tiles cannot be reached from the entry ("" if all can)."""
        walk = {(x, y) for y in range(H) for x in range(W) if self.g[y][x] in _WALKABLE}
        if walk <= self.reach():
            return ""
        for reason in ("chasm", "cave_in", "boulders"):
            if reason in names and self.expect_blocked:
                return reason
        return "unreachable"  # never expected: tests/mapgen pin that it does not happen


def _l_path(a: Pt, b: Pt, first_x: bool) -> Iterable[Pt]:
    (ax, ay), (bx, by) = a, b
    sx = 1 if bx >= ax else -1
    sy = 1 if by >= ay else -1
    if first_x:
        yield from ((x, ay) for x in range(ax, bx + sx, sx))
        yield from ((bx, y) for y in range(ay + sy, by + sy, sy))
    else:
        yield from ((ax, y) for y in range(ay, by + sy, sy))
        yield from ((x, by) for x in range(ax + sx, bx + sx, sx))


def _brush(p: Pt) -> list[Pt]:
    return [(p[0] + dx, p[1] + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]


def _orth(p: Pt) -> tuple[Pt, Pt, Pt, Pt]:
    x, y = p
    return (x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)


def _depth(side: str, p: Pt) -> int:
    """How far in from the wall on `side` a local tile is (1 = right inside the gap)."""
    return {"w": p[0], "e": W - 1 - p[0], "n": p[1], "s": H - 1 - p[1]}[side]


def _along(side: str, p: Pt) -> int:
    return p[1] if side in ("w", "e") else p[0]


def _middle(tiles: set[Pt]) -> Pt:
    ordered = sorted(tiles, key=lambda p: (p[1], p[0]))
    return ordered[len(ordered) // 2]
