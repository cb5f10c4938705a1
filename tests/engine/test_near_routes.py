"""A hero's step is worked out on a map of the ground around it (`routes.near_map`) when that map
can vouch for it: then every tile around the hero that is nearer the goals has the distance the
whole floor's map gives it, and no other tile is nearer, so the step is the same."""

from __future__ import annotations

import numpy as np

from game.agents.autoplay import autoplay
from game.engine.routes import (
    UNREACHABLE,
    NearMap,
    distance_map,
    explore_goals,
    near_map,
    nearest_goal,
    search,
    step_towards,
    tiles_of,
)
from game.mapgen.tiles import Tile


def around(dist: np.ndarray, x: int, y: int, x0: int = 0, y0: int = 0, *, ties: bool = False) -> tuple[int, list]:
    """The distance at (x, y) and the (dx, dy, distance) of the tiles around it that are nearer
    (or, with `ties`, no farther)."""
    here = int(dist[y - y0, x - x0])
    out = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            ly, lx = y + dy - y0, x + dx - x0
            if (dx or dy) and 0 <= ly < dist.shape[0] and 0 <= lx < dist.shape[1] and (
                    dist[ly, lx] < here or ties and dist[ly, lx] == here):
                out.append((dx, dy, int(dist[ly, lx])))
    return here, out


def test_a_near_map_that_vouches_for_a_tile_agrees_with_the_whole_floor():
    checked = 0
    for seed, turns in ((2, 150), (4, 400)):
        game, _ = autoplay(seed, "ai+hero,ai+hero,ai", max_turns=turns)
        eid = game.party.hero_of[0]
        floor = game.floor
        ys, xs = np.nonzero(floor.explored & floor.walkable)
        for goals in (explore_goals(game), tiles_of(game, Tile.STAIR_UP), [(int(xs[0]), int(ys[0]))]):
            if not goals:
                continue
            whole = distance_map(game, eid, goals)
            for x, y in list(zip(xs.tolist(), ys.tolist(), strict=True))[::3]:
                game.derived.caches.clear()  # no whole map kept: the near one is worked out
                near = near_map(game, eid, goals, x, y)
                if near.x0 == near.y0 == 0 and near.dist.shape == whole.shape:
                    continue  # it could not vouch and handed back the whole map
                assert near.vouches_for(x, y)
                here, nearer = around(near.dist, x, y, near.x0, near.y0)
                assert here != UNREACHABLE
                assert (here, nearer) == around(whole, x, y)
                checked += 1
        game.close()
    assert checked > 100


def test_a_near_map_does_not_vouch_beyond_what_its_window_can_tell():
    game, _ = autoplay(2, "ai+hero,ai+hero,ai", max_turns=150)
    eid = game.party.hero_of[0]
    goals = explore_goals(game)
    pos = game.position(eid)
    near = near_map(game, eid, goals, pos.x, pos.y)
    h, w = near.dist.shape
    assert not near.vouches_for(near.x0 - 1, near.y0)  # off the window
    assert not near.vouches_for(near.x0 + w, near.y0)
    game.close()


def random_windows(rng: np.random.Generator, count: int, most_reach: int):
    """(the whole map, a window's map around some (x, y)) on random ground with goals near (x, y);
    half the windows are searched only until (x, y), as a hero's are."""
    h, w = 14, 20
    for _ in range(count):
        cost = rng.choice(np.array([0, 1, 1, 1, 2, 3, 24], dtype=np.int32), size=(h, w))
        x, y = int(rng.integers(w)), int(rng.integers(h))
        goals = [(int(np.clip(x + rng.integers(-5, 6), 0, w - 1)), int(np.clip(y + rng.integers(-5, 6), 0, h - 1)))
                 for _ in range(int(rng.integers(1, 4)))]
        reach = int(rng.integers(1, most_reach + 1))
        x0, y0, x1, y1 = max(0, x - reach), max(0, y - reach), min(w, x + reach + 1), min(h, y + reach + 1)
        dist, exact = search(cost[y0:y1, x0:x1], goals, x0, y0, until=(x, y) if rng.random() < 0.5 else None)
        near = NearMap(dist, x0, y0, (x0 > 0, x1 < w, y0 > 0, y1 < h), exact)
        yield search(cost, goals)[0], near


def window_tiles(near: NearMap):
    """Every floor tile of a near map's window, as (x, y)."""
    h, w = near.dist.shape
    for y in range(near.y0, near.y0 + h):
        for x in range(near.x0, near.x0 + w):
            yield x, y


def test_on_random_ground_a_window_vouches_only_for_what_the_whole_map_says():
    """For the tile it was made for and for any other in it (a kept map serves the other heroes
    and the hero's next steps), searched all the way or only until the tile it was made for."""
    vouched = 0
    for whole, near in random_windows(np.random.default_rng(16), 400, most_reach=6):
        for x, y in window_tiles(near):
            if near.vouches_for(x, y):
                vouched += 1
                assert around(near.dist, x, y, near.x0, near.y0) == around(whole, x, y)
    assert vouched > 1000


def test_on_random_ground_a_window_settles_around_a_tile_only_as_the_whole_map_does():
    """A way round a creature in the way is chosen among the tiles no farther than the hero's:
    where the window settles them, they are the whole map's, distances included."""
    settled = 0
    for whole, near in random_windows(np.random.default_rng(17), 600, most_reach=7):
        for x, y in window_tiles(near):
            if near.settles_around(x, y):
                settled += 1
                assert near.vouches_for(x, y)
                assert around(near.dist, x, y, near.x0, near.y0, ties=True) == around(whole, x, y, ties=True)
    assert settled > 1000


def test_a_kept_near_map_that_vouches_is_read_before_a_kept_whole_map_and_gives_its_step():
    """The hit path asks for the near map first (one lookup, not two): where both are kept, the
    hero's step is the same either way."""
    game, _ = autoplay(2, "ai+hero,ai+hero,ai", max_turns=150)
    eid = game.party.hero_of[0]
    goals = explore_goals(game)
    pos = game.position(eid)
    game.derived.caches.clear()
    near = near_map(game, eid, goals, pos.x, pos.y)
    assert near.vouches_for(pos.x, pos.y) and near.dist.shape != game.floor.explored.shape
    step = step_towards(game, eid, goals)
    whole = distance_map(game, eid, goals)  # now both are kept
    assert near_map(game, eid, goals, pos.x, pos.y) is near
    game.derived.caches.pop("near_maps")
    assert near_map(game, eid, goals, pos.x, pos.y).dist is whole
    assert step_towards(game, eid, goals) == step
    game.close()


def test_the_nearest_goal_is_the_fewest_steps_to_any_goal():
    rng = np.random.default_rng(18)
    for _ in range(500):
        goals = [(int(gx), int(gy)) for gx, gy in rng.integers(0, 40, (int(rng.integers(1, 30)), 2))]
        x, y = (int(v) for v in rng.integers(0, 40, 2))
        assert nearest_goal(goals, x, y) == min(max(abs(gx - x), abs(gy - y)) for gx, gy in goals)


def test_a_window_too_narrow_for_the_distance_found_is_widened_to_fit_it():
    """A first window half again as far out as the nearest goal may not vouch for a winding way
    there; the window then searched is as wide as the distance found asks, and vouches for the
    same step as the whole floor's map (no whole map searched)."""
    widened = 0
    for seed, turns in ((2, 150), (4, 400)):
        game, _ = autoplay(seed, "ai+hero,ai+hero,ai", max_turns=turns)
        eid = game.party.hero_of[0]
        floor = game.floor
        goals = explore_goals(game)
        whole = distance_map(game, eid, goals)
        ys, xs = np.nonzero(floor.explored & floor.walkable)
        for x, y in zip(xs.tolist(), ys.tolist(), strict=True):
            first = 3 * nearest_goal(goals, x, y) // 2 + 3
            if not 0 < whole[y, x] < UNREACHABLE or whole[y, x] <= 2 * first:
                continue  # the first window vouches for it wherever it is open
            game.derived.caches.clear()
            near = near_map(game, eid, goals, x, y)
            if near.dist.shape == whole.shape:
                continue  # out of reach inside the first window: the whole map
            assert near.vouches_for(x, y) and "distance_maps" not in game.derived.caches
            assert around(near.dist, x, y, near.x0, near.y0) == around(whole, x, y)
            widened += 1
        game.close()
    assert widened > 10
