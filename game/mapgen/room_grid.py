"""A room cell's block of tiles while it is laid out: the grid itself, its shape (rect, cross,
cave, pillared, round, hall), the corridors from the gaps in its shared walls, and its walls.
Furniture, terrain and the spots for traps and treasure come after (room_furnishing.py)."""

from __future__ import annotations

import functools

import numpy as np

from game.core.rng import GAMMA, Stream, draws_after
from game.mapgen.geometry import CELL_H, CELL_W, Cell, gap_tiles, inside_gap, origin
from game.mapgen.tiles import CODES, FLOOR, PILLAR, ROCK, WALKABLE, WALKABLE_TILES, WALL, Tile

W, H = CELL_W + 1, CELL_H + 1  # a block with its shared walls
X_LO, X_HI = 2, W - 3  # where a room's own floor may lie (one tile of rock kept for its wall)
Y_LO, Y_HI = 2, H - 3
WALKABLE_INTS = frozenset(int(t) for t in WALKABLE_TILES)
Pt = tuple[int, int]
# Flat indices into the block with a border of one tile round it (`_walk_flags`): the four steps
# from a tile are +-1 and +-PW, and the border (never walkable) stands in for the bounds checks.
PW = W + 2
UNREACHED = -2  # a tile's parent in a flood that did not reach it (see `breadth_first`)
MASK64 = (1 << 64) - 1
CODE_CHARS = bytes(ord(CODES[t]) for t in Tile).ljust(256, b"?")  # tile int -> its layout character
WALKABLE_BYTES = bytes(WALKABLE.tolist()).ljust(256, b"\0")  # tile int -> 1 if walkable
CAVE_AREA = np.zeros((H, W), dtype=bool)  # where a cave may lie: the room's own area
CAVE_AREA[Y_LO:Y_HI + 1, X_LO:X_HI + 1] = True
CAVE_AREA.flags.writeable = False
IN_BLOCK = np.zeros((H + 2, PW), dtype=bool)  # the block's own tiles by flat index (see PW), not its border
IN_BLOCK[1:-1, 1:-1] = True
IN_BLOCK = IN_BLOCK.ravel()
IN_BLOCK.flags.writeable = False


class RoomGrid:
    """One cell's block of tiles while it is being laid out (local coordinates, [y][x])."""

    def __init__(self, stream: Stream, cell: Cell, sides: dict[str, str], offsets: dict[str, int],
                 entered_from: str | None) -> None:
        self.s = stream
        self.ox, self.oy = origin(cell)
        self.g = bytearray(PW * (H + 2))  # the block's tiles, flat with a border of rock (see PW)
        self.flat = np.frombuffer(self.g, dtype=np.uint8)  # the same as an array, by flat index
        self.block = self.flat.reshape(H + 2, PW)[1:-1, 1:-1]  # the same, [y, x]
        self.sides = sides
        self.offsets = offsets
        self.entered_from = entered_from
        self.mask: set[Pt] = set()
        self.cells: list[Pt] = []
        self._cells_x = self._cells_y = np.zeros(0, dtype=np.intp)  # `cells` as arrays, for nearest_cells
        self._cells_flat = self._cells_x  # `cells` as flat indices (see PW), in `cells` order
        self.pillars: list[Pt] = []
        self.corridor: dict[str, set[Pt]] = {}
        self.reserved: set[Pt] = set()  # tiles furniture must leave free
        self.entry: Pt = (W // 2, H // 2)
        self.stair_up: Pt | None = None
        self.boulder_plugs: list[Pt] = []
        self.expect_blocked = False
        self._flooded: tuple[tuple[Pt, bytes], tuple[list[int], list[int]]] | None = None  # the last flood


    def glob(self, p: Pt) -> Pt:
        return self.ox + p[0], self.oy + p[1]


    def at(self, p: Pt) -> int:
        return self.g[(p[1] + 1) * PW + p[0] + 1]


    def put(self, p: Pt, tile: Tile) -> None:
        self.g[(p[1] + 1) * PW + p[0] + 1] = tile


    def walkable(self, p: Pt) -> bool:
        return 0 <= p[0] < W and 0 <= p[1] < H and self.g[(p[1] + 1) * PW + p[0] + 1] in WALKABLE_INTS


    def centre(self) -> Pt:
        xs = sorted(p[0] for p in self.mask)
        ys = sorted(p[1] for p in self.mask)
        target = (xs[len(xs) // 2], ys[len(ys) // 2])
        return self.nearest_cells([target])[0]


    def nearest_cells(self, points: list[Pt]) -> list[Pt]:
        """For each of `points`, the room's own tile nearest it in steps, the first in `cells`
        order on a tie (as `min` would give it), found in numpy for all of them at once: the
        corridors from a room's gaps look for them together."""
        at = np.array(points, dtype=np.intp).reshape(-1, 2)
        steps = np.abs(self._cells_x - at[:, :1]) + np.abs(self._cells_y - at[:, 1:])
        return [self.cells[i] for i in steps.argmin(axis=1).tolist()]


    def rows(self) -> tuple[str, ...]:
        text = self.block.tobytes().translate(CODE_CHARS).decode("ascii")
        return tuple(text[y * W:(y + 1) * W] for y in range(H))


    def reach(self, start: Pt | None = None) -> set[Pt]:
        """Tiles reachable from the entry by orthogonal steps over walkable tiles (4-connected,
        so the promise holds whatever diagonal rule the world moves by)."""
        start = start or self.entry
        if not self.walkable(start):
            return set()
        return set(map(POINTS.__getitem__, self.flood(start)[0]))


    def flood(self, start: Pt, walk: bytes | None = None) -> tuple[list[int], list[int]]:
        """Breadth-first from `start` over walkable tiles, stepping n, e, s, w: the flat indices
        (see PW) in the order they are reached, and the tile each was first reached from (read
        them, never change them: the last flood is kept while the tiles stay as they are). Flat
        indices instead of points: rooms are flooded several times while they are shaped. The flood
        is a function of where it starts and which tiles are walkable alone, so it is kept while
        those stay the same (walls raised or a walkable pile laid down change neither). `walk` is
        `_walk_flags()` when the caller has it."""
        walk = walk or self._walk_flags()
        key = (start, walk)
        if self._flooded is not None and self._flooded[0] == key:
            return self._flooded[1]
        found = breadth_first(bytearray(walk), flat(start))
        self._flooded = (key, found)
        return found


    def _walk_flags(self) -> bytes:
        """1 for each walkable tile of the block and 0 for the others, flat with a border of 0 round
        the block (see PW): the grid itself translated (its border is rock, which is not walkable)."""
        return bytes(self.g).translate(WALKABLE_BYTES)


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


    def shape_mask(self, weights: tuple[tuple[str, int], ...]) -> str:
        """Roll the room's shape and lay its floor: `mask`, `cells` (in (x, y) order) and their
        tiles, on the block of rock the room starts as (its shape is the first thing laid). The
        shapes are drawn as boolean blocks, so the room's tiles come out of numpy already in
        `cells` order."""
        s = self.s
        shape = s.weighted([w[0] for w in weights], [w[1] for w in weights])
        aw, ah = X_HI - X_LO + 1, Y_HI - Y_LO + 1
        on = np.zeros((H, W), dtype=bool)
        if shape == "cave":
            on = self._cave(aw, ah)
            if np.count_nonzero(on) < 40:
                shape = "round"
        if shape == "hall":
            if s.chance(0.7):
                w, h = s.randint(15, aw), s.randint(3, 4)
            else:
                w, h = s.randint(3, 5), s.randint(ah - 2, ah)
            on = self._rect(w, h)[0]
        elif shape == "cross":
            w, h = s.randint(11, aw), s.randint(7, ah)
            x0, y0 = s.randint(X_LO, X_HI - w + 1), s.randint(Y_LO, Y_HI - h + 1)
            tw, th = s.randint(3, max(3, w // 2 - 1)), s.randint(3, max(3, h // 2))
            bx, by = x0 + (w - tw) // 2, y0 + (h - th) // 2
            on = np.zeros((H, W), dtype=bool)
            on[by:by + th, x0:x0 + w] = True
            on[y0:y0 + h, bx:bx + tw] = True
        elif shape == "round":
            w, h = s.randint(9, aw), s.randint(6, ah)
            x0, y0 = s.randint(X_LO, X_HI - w + 1), s.randint(Y_LO, Y_HI - h + 1)
            on = np.zeros((H, W), dtype=bool)
            on[y0:y0 + h, x0:x0 + w] = ellipse(w, h)
        elif shape == "pillared":
            w, h = s.randint(9, aw), s.randint(7, ah)
            on, x0, y0 = self._rect(w, h)
            step = s.choice((2, 2, 3))
            self.pillars = [(x, y) for x in range(x0 + 2, x0 + w - 2, step) for y in range(y0 + 2, y0 + h - 2, 2)]
        elif shape == "rect":
            on = self._rect(s.randint(7, aw), s.randint(4, ah))[0]
        xs, ys = self._cells_x, self._cells_y = on.T.nonzero()  # (x, y) order
        self._cells_flat = (ys + 1) * PW + xs + 1
        self.cells = list(zip(xs.tolist(), ys.tolist(), strict=True))  # the room's own tiles in a fixed order
        self.mask = set(self.cells)
        self.block[:] = np.where(on, FLOOR, ROCK)
        return shape


    def _rect(self, w: int, h: int) -> tuple[np.ndarray, int, int]:
        """A `w` x `h` rectangle somewhere in the room's area: its block and its top left corner."""
        x0, y0 = self.s.randint(X_LO, X_HI - w + 1), self.s.randint(Y_LO, Y_HI - h + 1)
        on = np.zeros((H, W), dtype=bool)
        on[y0:y0 + h, x0:x0 + w] = True
        return on, x0, y0


    def _cave(self, aw: int, ah: int) -> np.ndarray:
        """A cellular-automaton cave, its largest orthogonally connected part (the first of the
        largest, in (x, y) order)."""
        on = np.zeros((H, W), dtype=bool)
        on[CAVE_AREA] = randoms(self.s, aw * ah) < 0.6
        bordered = np.zeros((H + 2, PW), dtype=np.int8)  # the block with a border of one tile
        for _ in range(3):
            # each tile's eight neighbours: the 3x3 round it (a row of three, then a column of
            # three of those) less the tile itself
            bordered[1:-1, 1:-1] = on
            rows = bordered[:, :-2] + bordered[:, 1:-1] + bordered[:, 2:]
            n = rows[:-2] + rows[1:-1] + rows[2:] - bordered[1:-1, 1:-1]
            on = CAVE_AREA & ((n >= 5) | (on & (n >= 4)))
        padded = np.zeros((H + 2, PW), dtype=bool)
        padded[1:-1, 1:-1] = on
        left = bytearray(padded.tobytes())  # flat, as `flood` walks it (see PW)
        xs, ys = on.T.nonzero()  # (x, y) order
        unseen = len(xs)  # tiles in no part found yet
        best: list[int] = []
        for first in ((ys + 1) * PW + xs + 1).tolist():  # their flat indices (see `flat`)
            if len(best) >= unseen:
                break  # no part still to be found can be larger
            if left[first]:
                part, _ = breadth_first(left, first)
                unseen -= len(part)
                if len(part) > len(best):
                    best = part
        part_of = np.zeros(PW * (H + 2), dtype=bool)
        part_of[best] = True
        return part_of.reshape(H + 2, PW)[1:-1, 1:-1]


    def dig_corridors(self) -> None:
        """From each door or opening, a corridor to the nearest tile of the room (an opening's is
        three tiles wide). Gaps in the shared walls are written too: both rooms agree on them."""
        ways = [side for side in "nesw" if self.sides[side] != "wall"]
        starts = [inside_gap(side, self.offsets[side]) for side in ways]
        for side, start, target in zip(ways, starts, self.nearest_cells(starts), strict=True):
            kind = self.sides[side]
            off = self.offsets[side]
            dug = corridor_tiles(start, target, side in ("w", "e"), kind == "open")
            g = self.g
            for x, y in dug:
                i = (y + 1) * PW + x + 1
                if g[i] == ROCK:
                    g[i] = FLOOR
            for q in gap_tiles(side, off, kind):
                self.put(q, Tile.DOOR if kind == "door" else Tile.FLOOR)
            self.corridor[side] = dug - self.mask
            self.reserved |= set(gap_tiles(side, off, "open"))
            self.reserved |= around(start)
            self.reserved.add(target)
        dug_ways = set().union(*self.corridor.values())
        g = self.g
        for x, y in self.pillars:
            i = (y + 1) * PW + x + 1
            if (x, y) not in self.reserved and g[i] == FLOOR and (x, y) not in dug_ways:
                g[i] = PILLAR
        if self.entered_from is not None:
            self.entry = inside_gap(self.entered_from, self.offsets[self.entered_from])
        else:
            bottom = max(p[1] for p in self.mask)
            row = sorted(p for p in self.mask if p[1] == bottom and self.at(p) == Tile.FLOOR)
            mid = (min(p[0] for p in self.mask) + max(p[0] for p in self.mask)) // 2
            self.entry = min(row, key=lambda p: (abs(p[0] - mid), p[0]))
            self.put(self.entry, Tile.STAIR_UP)
            self.stair_up = self.entry
            self.reserved |= around(self.entry)


    def settle_entry(self) -> None:
        """Everything placed after terrain must be reachable: remember what the entry reaches
        (`reached`, by flat index: see PW), and the room's own tiles among it in `cells` order
        (`reachable_cells`, and their flat indices for `_seats`)."""
        reached = np.zeros(PW * (H + 2), dtype=bool)
        if self.walkable(self.entry):
            reached[self.flood(self.entry)[0]] = True
        self.reached = reached
        inside = reached[self._cells_flat]
        if np.count_nonzero(inside) == len(inside):  # the whole room (no terrain cut any of it off)
            self.reachable_cells = list(self.cells)
            self.reachable_flat = self._cells_flat
        else:
            self.reachable_cells = [self.cells[k] for k in inside.nonzero()[0].tolist()]
            self.reachable_flat = self._cells_flat[inside]


    @property
    def reachable(self) -> set[Pt]:
        """The tiles the entry reached when it was settled (`reached` as points)."""
        return set(map(POINTS.__getitem__, np.flatnonzero(self.reached).tolist()))


    def raise_walls(self) -> None:
        """Rock touching anything dug becomes wall (on the shared walls too), the block rewritten
        in one step. Worked on the flat grid: a tile's row neighbours are +-1 (the border's columns
        are never dug, so no row runs into the next), its column neighbours +-PW; the border is
        kept rock by IN_BLOCK. ROCK is 0 and WALL 1, so rock near a dug tile becomes the larger."""
        flat = self.flat
        dug = flat > WALL  # neither rock nor wall
        row = dug.copy()  # the 3x3 around each dug tile, as a row of three then a column of three
        row[1:] |= dug[:-1]
        row[:-1] |= dug[1:]
        near = row.copy()
        near[PW:] |= row[:-PW]
        near[:-PW] |= row[PW:]
        near &= IN_BLOCK
        np.maximum(flat, near.view(np.uint8), out=flat)


@functools.cache
def ellipse(w: int, h: int) -> np.ndarray:
    """The tiles of a `w` x `h` block inside the ellipse it bounds (read, never change: it is
    kept per size). Worked out on offsets from the block's corner: `x - cx` is the same float
    wherever the block lies, the centre and the tiles being small half- and whole numbers."""
    cx, cy, rx, ry = (w - 1) / 2, (h - 1) / 2, w / 2, h / 2
    out = np.array([[((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1.0 for x in range(w)] for y in range(h)],
                   dtype=bool).reshape(h, w)
    out.flags.writeable = False
    return out


def corridor_tiles(a: Pt, b: Pt, first_x: bool, wide: bool) -> set[Pt]:
    """The tiles of an L-shaped way from `a` to `b` (along x first, or y first), each with the
    eight around it when `wide`, inside the block's outer walls: two rectangles, one per leg,
    each taken row by row from `ROWS`."""
    corner = (b[0], a[1]) if first_x else (a[0], b[1])
    r = 1 if wide else 0
    out: set[Pt] = set()
    for (x0, y0), (x1, y1) in ((a, corner), (corner, b)):
        lo, hi = max(1, min(x0, x1) - r), min(W - 2, max(x0, x1) + r) + 1
        for y in range(max(1, min(y0, y1) - r), min(H - 2, max(y0, y1) + r) + 1):
            out.update(ROWS[y][lo:hi])
    return out


@functools.cache
def around(p: Pt) -> frozenset[Pt]:
    """`p` and the eight tiles round it (kept per tile: every room keeps those free by its ways in)."""
    x, y = p
    return frozenset((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def randoms(stream: Stream, count: int) -> np.ndarray:
    """`[stream.random() for _ in range(count)]` as a float array, drawn in one numpy step (the
    same floats: SplitMix64's next draws follow from its state alone), the stream moved on past them."""
    draws = draws_after(stream.state, count)
    stream.state = (stream.state + count * GAMMA) & MASK64
    return (draws >> np.uint64(11)).astype(np.float64) / float(1 << 53)


def breadth_first(left: bytearray, first: int) -> tuple[list[int], list[int]]:
    """Breadth-first from flat index `first` over the indices set in `left` (see PW; cleared as
    they are reached), stepping n, e, s, w: the indices in the order reached, and by index the
    index each was first reached from (-1 for `first`, UNREACHED for one not reached: a list
    written in place costs less than a dict grown tile by tile)."""
    left[first] = 0
    parents = [UNREACHED] * len(left)
    parents[first] = -1
    order = [first]
    append = order.append
    for i in order:  # the list grows as it is walked: a FIFO queue
        j = i - PW
        if left[j]:
            left[j] = 0
            parents[j] = i
            append(j)
        j = i + 1
        if left[j]:
            left[j] = 0
            parents[j] = i
            append(j)
        j = i + PW
        if left[j]:
            left[j] = 0
            parents[j] = i
            append(j)
        j = i - 1
        if left[j]:
            left[j] = 0
            parents[j] = i
            append(j)
    return order, parents


def flat(p: Pt) -> int:
    """A local tile's flat index (see PW); a tile one step outside the block lands on the border."""
    return (p[1] + 1) * PW + p[0] + 1


def point(i: int) -> Pt:
    """The local tile of flat index `i` (see PW)."""
    return i % PW - 1, i // PW - 1


POINTS = tuple(map(point, range(PW * (H + 2))))  # point(i) for every flat index, looked up instead of worked out
ROWS = tuple(tuple((x, y) for x in range(W)) for y in range(H))  # the block's tiles as points, row by row


def orth(p: Pt) -> tuple[Pt, Pt, Pt, Pt]:
    x, y = p
    return (x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)


def depth(side: str, p: Pt) -> int:
    """How far in from the wall on `side` a local tile is (1 = right inside the gap)."""
    return {"w": p[0], "e": W - 1 - p[0], "n": p[1], "s": H - 1 - p[1]}[side]


def along(side: str, p: Pt) -> int:
    return p[1] if side in ("w", "e") else p[0]


def middle(tiles: set[Pt]) -> Pt:
    ordered = sorted(tiles, key=lambda p: (p[1], p[0]))
    return ordered[len(ordered) // 2]
