"""`distances_from` answers what `tcod.path.dijkstra2d` answers (which loses its search frontier on
every call) for every grid, cost type, window of a larger grid, set of starts and kind of step;
each thread searches on its own frontier."""

from __future__ import annotations

import threading

import numpy as np
import pytest
import tcod.path
from hypothesis import given, settings
from hypothesis import strategies as st

from game.world import distances
from game.world.distances import FAR, UNREACHABLE, distances_beside, distances_from, distances_until

STEPS = [(2, 3), (1, 1), (1, 0)]  # routes and monsters, reach, mapgen's orthogonal flood


def tcod_answer(cost: np.ndarray, starts: list[tuple[int, int]], cardinal: int, diagonal: int) -> np.ndarray:
    dist = np.full(cost.shape, UNREACHABLE, np.int32)
    for x, y in starts:
        dist[y, x] = 0
    return tcod.path.dijkstra2d(dist, cost, cardinal, diagonal or None, out=dist.copy())


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.sampled_from(STEPS),
       dtype=st.sampled_from([np.int32, np.int8, np.uint8, np.int64, np.bool_]), windowed=st.booleans())
def test_the_same_distances_as_tcods_own_search(seed, steps, dtype, windowed):
    rng = np.random.default_rng(seed)
    h, w = int(rng.integers(1, 30)), int(rng.integers(1, 30))
    cost = ((rng.random((h, w)) < rng.uniform(0.4, 0.9)) * rng.integers(1, 30, (h, w))).astype(dtype)
    if windowed:  # a window of a larger floor, as routes and monsters search (not contiguous)
        floor = np.zeros((h + 5, w + 7), dtype)
        floor[2:2 + h, 3:3 + w] = cost
        cost = floor[2:2 + h, 3:3 + w]
    starts = [(int(rng.integers(w)), int(rng.integers(h))) for _ in range(int(rng.integers(1, 5)))]
    assert np.array_equal(distances_from(cost, starts, *steps), tcod_answer(cost, starts, *steps))


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.sampled_from(STEPS), stops=st.integers(0, 4))
def test_a_search_until_some_tiles_is_exact_up_to_the_farthest(seed, steps, stops):
    """Every tile no farther than the distance `distances_until` calls exact holds its distance,
    every other more than that; the stopping tiles are among the exact ones; none: all the way."""
    rng = np.random.default_rng(seed)
    h, w = int(rng.integers(1, 30)), int(rng.integers(1, 30))
    cost = ((rng.random((h, w)) < rng.uniform(0.4, 0.9)) * rng.integers(1, 5, (h, w))).astype(np.int32)
    starts = [(int(rng.integers(w)), int(rng.integers(h))) for _ in range(int(rng.integers(1, 4)))]
    until = [(int(rng.integers(w)), int(rng.integers(h))) for _ in range(stops)]
    whole = distances_from(cost, starts, *steps)
    dist, exact = distances_until(cost, starts, *steps, until)
    near = whole <= exact
    assert np.array_equal(dist[near], whole[near])
    assert (dist[~near] > exact).all() and (dist >= whole).all()
    assert all(whole[y, x] <= exact or whole[y, x] == UNREACHABLE for x, y in until)
    if not until or exact == UNREACHABLE:
        assert np.array_equal(dist, whole)


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.sampled_from(STEPS), goals=st.integers(1, 4))
def test_a_search_beside_goals_knows_each_goals_least_tile(seed, steps, goals):
    """Every tile beside a goal no farther than its `sure` holds its distance, and so does the
    least of the goal's tiles (unless none can be reached: then every tile does, below FAR); no
    tile holds less than its distance, nor less than FAR where there is no way."""
    rng = np.random.default_rng(seed)
    h, w = int(rng.integers(3, 30)), int(rng.integers(3, 30))
    cost = ((rng.random((h, w)) < rng.uniform(0.4, 0.9)) * rng.choice([1, 1, 2, 3, 8], (h, w))).astype(np.int32)
    start = (int(rng.integers(w)), int(rng.integers(h)))
    beside_goals = []
    for _ in range(goals):
        gx, gy = int(rng.integers(1, w - 1)), int(rng.integers(1, h - 1))
        tiles = [(gx + dx, gy + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                 if (dx or dy) and cost[gy + dy, gx + dx] and rng.random() < 0.7]
        beside_goals.append((gx, gy, tiles))
    whole = distances_from(cost, [start], *steps)
    dist, sure = distances_beside(cost, start, *steps, beside_goals)
    real = whole < FAR
    assert (dist[real] >= whole[real]).all() and (dist[~real] >= FAR).all()  # FAR and more: no way there
    for (gx, gy, tiles), bound in zip(beside_goals, sure, strict=True):
        if not tiles:
            assert bound == -1
            continue
        least = min(whole[y, x] for x, y in tiles)
        if bound == UNREACHABLE:
            assert np.array_equal(dist[real], whole[real]) and (dist[~real] >= FAR).all()
            continue
        assert least <= bound
        for y in range(gy - 1, gy + 2):
            for x in range(gx - 1, gx + 2):
                if whole[y, x] <= bound:
                    assert dist[y, x] == whole[y, x]


def test_a_search_until_a_near_tile_stops_there():
    corridor = np.ones((1, 20), np.int32)
    dist, exact = distances_until(corridor, [(0, 0)], 2, 3, [(3, 0)])
    assert exact == 6 and dist[0, :4].tolist() == [0, 2, 4, 6]
    assert (dist[0, 5:] == UNREACHABLE).all()  # never reached: the search stopped short of them


def test_a_wall_is_never_entered_and_a_start_is_zero():
    cost = np.array([[1, 0, 1], [1, 0, 1], [1, 1, 1]], np.int32)
    assert distances_from(cost, [(0, 0)], 2, 3).tolist() == [[0, UNREACHABLE, 10], [2, UNREACHABLE, 8], [4, 5, 7]]


def test_each_thread_searches_on_its_own_frontier():
    frontiers = {}

    def note(name: str) -> None:
        distances_from(np.ones((3, 3), np.int32), [(1, 1)], 2, 3)
        frontiers[name] = distances._scratch.frontier

    threads = [threading.Thread(target=note, args=(str(i),)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert frontiers["0"] != frontiers["1"]


@pytest.mark.parametrize("push_tiles", [0, 10**9])  # every start pushed in one pass over the map / one by one
def test_starts_pushed_either_way_give_the_same_distances(monkeypatch, push_tiles):
    monkeypatch.setattr(distances, "PUSH_TILES", push_tiles)
    cost = np.array([[1, 0, 1, 1], [1, 0, 3, 1], [1, 1, 1, 1]], np.int32)
    starts = [(3, 0), (0, 0), (3, 0)]  # a start given twice is one start
    assert distances_from(cost, starts, 2, 3).tolist() == [[0, UNREACHABLE, 2, 0], [2, UNREACHABLE, 8, 2],
                                                           [4, 5, 5, 4]]
    dist, exact = distances_until(cost, starts, 2, 3, [(2, 1)])
    assert exact == 8 and dist[1, 2] == 8
