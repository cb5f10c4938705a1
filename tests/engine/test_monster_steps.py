"""A monster's step is read off the open floor (`tactics.open_step`) or off a map of the way to
its hero searched only as far as the monsters going for that hero need it (`tactics.sure_step`):
the step is the one the whole map gives, ties included, for each of them."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.tactics import UNPROVEN, open_step, sure_step
from game.world.distances import distances_beside, distances_from


def whole_maps_step(dist: np.ndarray, x: int, y: int, taken: set[tuple[int, int]]) -> tuple[int, int] | None:
    """The reference: of the free tiles beside (x, y), the nearest on the whole map `dist` (ties:
    the first in row order), none when (x, y) itself is no farther."""
    best, best_d = None, int(dist[y, x])
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            d = int(dist[y + dy, x + dx])
            if (dx or dy) and d < best_d and (x + dx, y + dy) not in taken:
                best, best_d = (x + dx, y + dy), d
    return best


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_an_open_step_is_the_whole_maps(seed):
    """`open_step` answers without a search only when the open floor proves the step: then it
    is the whole map's, ties included (a monster stands on a tile of cost 8, never beside its hero)."""
    rng = np.random.default_rng(seed)
    h, w = int(rng.integers(5, 24)), int(rng.integers(5, 24))
    cost = rng.choice(np.array([0, 1, 1, 1, 1, 1, 1, 2, 8], dtype=np.int32), size=(h, w))
    gx, gy = int(rng.integers(1, w - 1)), int(rng.integers(1, h - 1))
    x, y = int(rng.integers(1, w - 1)), int(rng.integers(1, h - 1))
    if max(abs(x - gx), abs(y - gy)) <= 1:
        return
    cost[y, x] = 8
    taken = {(gx, gy), (x, y)} | {(int(rng.integers(w)), int(rng.integers(h))) for _ in range(3)}
    whole_cost = cost.copy()
    whole_cost[gy, gx] = 1
    whole = distances_from(whole_cost, [(gx, gy)], 2, 3)
    step = open_step(cost, x, y, 0, 0, gx, gy, taken)
    if step is not UNPROVEN:
        assert step == whole_maps_step(whole, x, y, taken)


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), goers=st.integers(1, 4))
def test_a_sure_step_is_the_whole_maps(seed, goers):
    """A step read off a map searched only until each goer knows its least free neighbour
    (`distances_beside`) is the whole map's step, ties included, or UNPROVEN when the tiles
    free beside it changed since the search so that the map cannot tell."""
    rng = np.random.default_rng(seed)
    h, w = int(rng.integers(5, 24)), int(rng.integers(5, 24))
    cost = rng.choice(np.array([0, 1, 1, 1, 2, 8], dtype=np.int32), size=(h, w))
    gx, gy = int(rng.integers(1, w - 1)), int(rng.integers(1, h - 1))
    tiles = [(int(rng.integers(1, w - 1)), int(rng.integers(1, h - 1))) for _ in range(goers)]
    for x, y in tiles:
        cost[y, x] = 8  # a monster's own tile, as `Way` makes it
    taken = {(gx, gy), *tiles}
    whole_cost = cost.copy()
    whole_cost[gy, gx] = 1
    whole = distances_from(whole_cost, [(gx, gy)], 2, 3)
    goals = [(x, y, [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                     if (dx or dy) and (x + dx, y + dy) not in taken and cost[y + dy, x + dx]]) for x, y in tiles]
    near, sure = distances_beside(whole_cost, (gx, gy), 2, 3, goals)
    later = taken | {(int(rng.integers(w)), int(rng.integers(h)))}  # another monster stepped since
    for (x, y), bound in zip(tiles, sure, strict=True):
        if max(abs(x - gx), abs(y - gy)) <= 1 or (x, y) == (gx, gy):
            continue
        assert sure_step(near, cost, x, y, 0, 0, taken, bound) == whole_maps_step(whole, x, y, taken)
        step = sure_step(near, cost, x, y, 0, 0, later, bound)
        if step is not UNPROVEN:
            assert step == whole_maps_step(whole, x, y, later)
