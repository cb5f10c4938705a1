"""`fov.cast` is tcod's own field of view, cast on a tcod map kept per window shape: the same
answer as `tcod.map.compute_fov` for every window, spot and radius, whatever the map held before."""

from __future__ import annotations

import numpy as np
import tcod.constants
import tcod.map

from game.world.fov import cast


def tcod_answer(transparent: np.ndarray, x: int, y: int, radius: int) -> np.ndarray:
    return tcod.map.compute_fov(transparent, (y, x), radius=radius, light_walls=True,
                                algorithm=tcod.constants.FOV_SYMMETRIC_SHADOWCAST)


def test_a_kept_map_casts_what_tcod_casts_on_a_fresh_one():
    rng = np.random.default_rng(16)
    for _ in range(600):
        h, w = int(rng.integers(3, 30)), int(rng.integers(3, 30))
        transparent = rng.random((h, w)) < rng.uniform(0.3, 0.95)
        x, y, radius = int(rng.integers(0, w)), int(rng.integers(0, h)), int(rng.integers(1, 14))
        got = cast(transparent, x, y, radius)
        assert np.array_equal(got, tcod_answer(transparent, x, y, radius))


def test_what_the_kept_map_saw_before_leaves_no_trace():
    rng = np.random.default_rng(17)
    for _ in range(100):
        transparent = rng.random((27, 27)) < 0.5
        seen = cast(np.ones((27, 27), dtype=bool), 13, 13, 13)
        seen[...] = True  # the kept map's field of view, everything seen, as a worst case
        assert np.array_equal(cast(transparent, 13, 13, 13), tcod_answer(transparent, 13, 13, 13))
