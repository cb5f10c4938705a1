"""Furnishing a laid-out room (Roll Through the Dungeon table RF, DESIGN.md §3): terrain bands
and plugs, furniture by its place (centre, wall, corner, scatter), and the Spots where the Traps
seat's traps sit and the Treasure seat's items lie."""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np

from game.core.rng import Stream
from game.mapgen import tables
from game.mapgen.geometry import gap_tiles, inside_gap
from game.mapgen.plan import Feature, Spot
from game.mapgen.room_grid import POINTS, PW, UNREACHED, H, Pt, RoomGrid, W, along, depth, flat, middle, orth
from game.mapgen.tiles import BY_NAME, ROCK, WALKABLE_TILES, WALL, Tile

_PLATE = frozenset({int(Tile.FLOOR), int(Tile.ICE), int(Tile.SWAMP)})  # where a floor plate can be
_SEATS = frozenset({int(Tile.FLOOR), int(Tile.ICE), int(Tile.SWAMP)})  # where furniture can stand
SEAT_BYTES = bytes(int(t in _SEATS) for t in range(256))  # 1 for each tile int of _SEATS
# The flat indices (see PW) of the block's tiles inside its outer walls, row by row: where an alcove may be.
INNER = np.array([flat((x, y)) for y in range(1, H - 1) for x in range(1, W - 1)], dtype=np.intp)
_INNER_SET = frozenset(INNER.tolist())
INSIDE = bytes(i in _INNER_SET for i in range(PW * (H + 2)))  # 1 at each of INNER, by flat index
PLATE_SEATS = bytes(int(t in _PLATE) for t in range(256))  # 1 for each tile int of _PLATE


class RoomLayout(RoomGrid):
    """A room's grid with its furniture, terrain and spots being placed."""

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
                return [Feature(spec.name, "terrain", *self.glob(middle(band)))] if band else []
            for p in band:
                self.put(p, tile)
            near = self.reach() & self.mask
            if len(near) >= max(12, len(self.mask) // 4):
                self.expect_blocked = True
                return [Feature(spec.name, "terrain", *self.glob(middle(band)))]
            for p, t in before.items():
                self.put(p, t)
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
                          if depth(side, q) <= 2 and abs(along(side, q) - off) <= 2
                          and self.at(q) != Tile.ROCK and q not in keep)
            for q in plug:
                self.put(q, tile)
            if plug:
                self.expect_blocked = True
                first = first or plug[0]
                if tile == Tile.BOULDER:
                    inner = max(plug, key=lambda q: (depth(side, q), -abs(along(side, q) - off)))
                    self.boulder_plugs.append(inner)
        if tile == Tile.RUBBLE:
            for p in self.cells:
                if (self.at(p) == Tile.FLOOR and p not in self.reserved and s.chance(0.08)
                        and self.can_block(p)):
                    self.put(p, Tile.RUBBLE)
        where = first or self.centre()
        return [Feature(spec.name, "terrain", *self.glob(where))]


    def _seats(self, place: str) -> list[Pt]:
        """Free tiles of the room, reachable from the entry, that `place` allows, in
        `reachable_cells` order."""
        return list(map(POINTS.__getitem__, self._seat_indices(place).tolist()))


    def _seat_indices(self, place: str) -> np.ndarray:
        """`_seats` as flat indices (see PW), looked for in numpy."""
        at = self.reachable_flat
        free = self.g.translate(SEAT_BYTES)  # 1 on each tile furniture can stand on
        for x, y in self.reserved:
            free[(y + 1) * PW + x + 1] = 0
        ok = np.frombuffer(free, dtype=bool)[at]
        need = 1 if place == "wall" else 2 if place == "corner" else 0
        if need:
            g = self.flat
            rock = (g[at - PW] == ROCK).view(np.uint8) + (g[at + PW] == ROCK).view(np.uint8)
            rock += (g[at - 1] == ROCK).view(np.uint8)
            rock += (g[at + 1] == ROCK).view(np.uint8)
            ok &= rock >= need
        return at[ok]


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
                for q in orth(p):
                    if q not in near:
                        continue
                    if len(placed) >= count:
                        break
                    if (q in self.mask and q not in self.reserved and self.reached[flat(q)]
                            and self.at(q) in _SEATS and (not solid or self._fits(q, placed))):
                        self.put(q, tile)
                        placed.append(q)
                        self.reserved.add(q)
        for p in placed:  # keep a free tile beside each piece so it can be searched
            self.reserved |= {q for q in orth(p) if self.walkable(q)}
        return placed


    def _fits(self, q: Pt, placed: list[Pt]) -> bool:
        """Whether a solid piece can go on walkable `q`: everything around it stays connected
        (can_block) and no piece already placed loses its last walkable side, so every piece
        (and so every Spot on one) can still be searched from beside it. A cluster of trees in
        the middle of a room must not close over its first tree."""
        if not self.can_block(q):
            return False
        return not any(a in placed and not any(self.walkable(r) for r in orth(a) if r != q) for a in orth(q))


    def furnish_wall(self, s: Stream, spec: tables.FeatureSpec) -> tuple[list[Feature], list[Spot]]:
        """A lever in an alcove (see `alcoves`)."""
        seats = self.alcoves()
        if not seats:
            return [], []
        p = s.choice(seats)
        self.put(p, BY_NAME[spec.tile])
        return ([Feature(spec.name, "furniture", *self.glob(p))],
                [Spot(*self.glob(p), spec.action, spec.name, spec.treasure)])


    def alcoves(self) -> list[Pt]:
        """The wall tiles inside the block's outer walls, row by row, beside the room's floor (a
        walkable tile of the room the entry reaches) and beside no tile kept free outside the room.
        Looked for in numpy on flat indices (see PW) rather than tile by tile."""
        tiles = np.frombuffer(self.g, dtype=np.uint8)
        floor = np.zeros(len(tiles), dtype=bool)
        floor[[flat(q) for q in self.reachable_cells if self.walkable(q)]] = True
        kept = np.zeros(len(tiles), dtype=bool)
        kept[[flat(q) for q in self.reserved if q not in self.mask]] = True
        walls = INNER[tiles[INNER] == WALL]
        beside = floor[walls - PW] | floor[walls + 1] | floor[walls + PW] | floor[walls - 1]
        beside &= ~(kept[walls - PW] | kept[walls + 1] | kept[walls + PW] | kept[walls - 1])
        return [POINTS[i] for i in walls[beside].tolist()]


    def stair_up_feature(self) -> list[Feature]:
        return [Feature("stair_up", "stair", *self.glob(self.stair_up))] if self.stair_up else []


    def boulder_spots(self) -> list[Spot]:
        return [Spot(*self.glob(p), "use", "boulders") for p in self.boulder_plugs]


    def debris_spot(self, s: Stream) -> Spot:
        """Every room can be searched (the book's table F): a pile of the theme's debris, where
        the Treasure seat's items may lie when there is no furniture for them."""
        # The walls stand by now: rock touches no free tile, so no seat is "by a wall" and the
        # pile lies on any free tile the entry reaches (asking for one by a wall finds none).
        seats = self._seat_indices("scatter")  # only the one drawn is made a point
        p = POINTS[seats[s.below(len(seats))]] if len(seats) else s.choice([self.entry])
        if self.at(p) != Tile.STAIR_UP and p != self.entry:
            self.put(p, Tile.DEBRIS)
            self.reserved.add(p)
        return Spot(*self.glob(p), "search", "debris", True)


    def plates(self, s: Stream, trap_sites: list[str], taken: list[Spot]) -> list[Spot]:
        """Two or three floor plates on the ways across the room: from the entry to each other
        exit it reaches, and to each piece of furniture. The first carries the trap row's kind
        as its host when table RF rolled one (a site the Traps seat may buy that trap for)."""
        reached, parents = self.flood(self.entry)
        targets = []
        for side in "nesw":
            if self.sides[side] != "wall" and side != self.entered_from:
                targets.append(inside_gap(side, self.offsets[side]))
        used = {(sp.x - self.ox, sp.y - self.oy) for sp in taken}
        for p in sorted(used):
            targets += [q for q in orth(p) if parents[flat(q)] != UNREACHED]
        on_way: set[int] = set()
        for t in targets:
            i = flat(t)
            while i >= 0 and parents[i] != UNREACHED and i not in on_way:  # a way marked is marked to its start
                on_way.add(i)
                i = parents[i]
        barred = used | {self.entry}  # and the gaps and the tiles just inside them
        for side in "nesw":
            barred.update(gap_tiles(side, self.offsets[side], "open"))
            barred.add(inside_gap(side, self.offsets[side]))
        barred_at = {(y + 1) * PW + x + 1 for x, y in barred}  # by flat index
        g = self.g

        def fit(indices: Iterable[int]) -> list[Pt]:
            """The tiles of `indices` a plate can lie on, in (x, y) order."""
            return sorted([POINTS[i] for i in indices if PLATE_SEATS[g[i]] and INSIDE[i] and i not in barred_at])

        candidates = fit(on_way) or fit(reached)
        s.shuffle(candidates)
        count = min(len(candidates), s.randint(2, 3))
        out = []
        for i, p in enumerate(candidates[:count]):
            host = trap_sites[i] if i < len(trap_sites) else "floor"
            out.append(Spot(*self.glob(p), "walk", host))
        return out


    def blocked_reason(self, names: list[str]) -> str:
        """Why some walkable tiles cannot be reached from the entry ("" if all can)."""
        walk = self._walk_flags()  # read once for both counts
        reached = len(self.flood(self.entry, walk)[0]) if walk[flat(self.entry)] else 0  # each tile once
        if reached == walk.count(1):  # what the entry reaches is walkable: all of it, or not
            return ""
        for reason in ("chasm", "cave_in", "boulders"):
            if reason in names and self.expect_blocked:
                return reason
        return "unreachable"  # never expected: tests/mapgen pin that it does not happen

