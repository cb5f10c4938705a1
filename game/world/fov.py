"""Sight: tcod's symmetric shadowcasting from each hero, its radius set by the light carried
(A Dungeon Game: torch 30 ft = 6 tiles, lantern 60 ft = 12); darkness leaves arm's reach."""

from __future__ import annotations

import functools
import threading
from typing import Any

import numpy as np
import tcod.constants
import tcod.map
from tcod.cffi import ffi, lib

TORCH_RADIUS = 6
LANTERN_RADIUS = 12
DARK_RADIUS = 1


def light_radius(light: str, fuel_left: bool, dark_room: bool) -> int:
    """How far a hero sees: by its light, or arm's reach without fuel or in a Darkness room
    (magical dark swallows torchlight: the RTTD Darkness feature)."""
    if dark_room or not fuel_left:
        return DARK_RADIUS
    return LANTERN_RADIUS if light == "lantern" else TORCH_RADIUS


@functools.cache
def disc(radius: int) -> np.ndarray:
    """The tiles a light of `radius` reaches, dx² + dy² <= N² + N, in the square of side 2N + 1
    centred on the eye (the window `field_of_view` casts); worked out once per radius."""
    span = np.arange(-radius, radius + 1)
    disc = span[:, None] ** 2 + span[None, :] ** 2 <= radius * radius + radius
    disc.flags.writeable = False
    return disc


def field_of_view(transparent: np.ndarray, x: int, y: int, radius: int) -> np.ndarray:
    """Tiles seen from (x, y): `transparent` and the result are indexed [y, x] like every map
    array of a floor.

    A radius of N tiles reaches every tile whose distance from (x, y), rounded, is at most N
    (dx² + dy² <= N² + N): a torch's 6 tiles include the tile 6 steps straight ahead, and a
    radius of 1 is arm's reach, the 8 tiles around. (tcod's own radius stops short of that:
    it keeps dx² + dy² < N², so a torch would miss the tile 6 ahead and radius 1 would see
    nothing but the hero's own tile; so tcod is asked for one more and the disc is cut here.)
    A radius of 0 or less means no limit."""
    if radius <= 0:
        return tcod.map.compute_fov(transparent, (y, x), radius=0, light_walls=True,
                                    algorithm=tcod.constants.FOV_SYMMETRIC_SHADOWCAST)
    # Only the square the light can reach is cast (shadowcasting a whole floor for a torch's
    # disc is most of the cost), then cut to the disc straight into a floor-sized answer (a copy
    # where the disc is, over zeros: one pass, cheaper than a logical_and into the window).
    # The square is the disc's own, N tiles each way: shadowcasting goes out row by row (a row
    # N steps ahead spans N steps to each side), and a tile's fate hangs only on the rows
    # nearer the eye than its own, so the rows beyond the disc change nothing inside it.
    h, w = transparent.shape
    y0, y1, x0, x1 = y - radius, y + radius + 1, x - radius, x + radius + 1
    lit = disc(radius)
    if y0 < 0 or x0 < 0 or y1 > h or x1 > w:  # the floor's edge cuts the square: the disc alike
        y0, y1, x0, x1 = max(0, y0), min(h, y1), max(0, x0), min(w, x1)
        lit = lit[y0 - y + radius:y1 - y + radius, x0 - x + radius:x1 - x + radius]
    window = cast(transparent[y0:y1, x0:x1], x - x0, y - y0, radius + 1)
    seen = np.zeros((h, w), dtype=bool)
    np.copyto(seen[y0:y1, x0:x1], window, where=lit)
    return seen


SYMMETRIC = tcod.constants.FOV_SYMMETRIC_SHADOWCAST  # read at every cast: a plain module constant
_compute_fov = lib.TCOD_map_compute_fov  # (and the C function itself, not looked up on `lib` per cast)
_kept = threading.local()  # per thread (a Dask worker may play games in threads): window shape -> tcod map


def cast(transparent: np.ndarray, x: int, y: int, radius: int) -> np.ndarray:
    """What `tcod.map.compute_fov(transparent, (y, x), radius, light_walls=True,
    algorithm=FOV_SYMMETRIC_SHADOWCAST)` answers, through the same C call on a tcod map kept per
    window shape (building one is most of the wrapper's cost, and a cast is asked thousands of
    times a run in a handful of shapes). The answer is a view of that map: read it before the
    next cast in this thread (each thread keeps its own maps).
    (The C call clears the field of view itself: tests/world/test_fov_cast.py.)"""
    casters: dict[tuple[int, int], tuple[Any, np.ndarray, np.ndarray]] | None = getattr(_kept, "casters", None)
    if casters is None:
        casters = _kept.casters = {}
    kept = casters.get(transparent.shape)
    if kept is None:
        h, w = transparent.shape
        cells = np.zeros((h, w), dtype=[("transparent", bool), ("walkable", bool), ("fov", bool)])
        cdata = ffi.new("struct TCOD_Map*", (w, h, w * h, ffi.from_buffer("struct TCOD_MapCell*", cells)))
        kept = casters[transparent.shape] = (cdata, cells["transparent"], cells["fov"])
    cdata, clear, fov = kept
    clear[...] = transparent
    _compute_fov(cdata, x, y, radius, True, SYMMETRIC)
    return fov
