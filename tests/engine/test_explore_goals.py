"""Where autoexplore heads: the frontier of the party's memory (known walkable tiles beside
unknown walkable ones), worked out on flat arrays, is the one a tile-by-tile look finds."""

from __future__ import annotations

import numpy as np
import pytest

from game.agents.autoplay import autoplay
from game.engine.routes import explore_goals, frontier, stuck_doors


def frontier_by_tile(explored: np.ndarray, walkable: np.ndarray) -> list[tuple[int, int]]:
    height, width = explored.shape
    out = []
    for y in range(height):
        for x in range(width):
            if not (explored[y, x] and walkable[y, x]):
                continue
            beside = [(x, y - 1), (x, y + 1), (x - 1, y), (x + 1, y)]
            if any(0 <= bx < width and 0 <= by < height and walkable[by, bx] and not explored[by, bx]
                   for bx, by in beside):
                out.append((x, y))
    return out


@pytest.mark.parametrize("shape", [(53, 169), (7, 5), (1, 6), (6, 1), (2, 2)])
def test_the_frontier_is_the_tile_by_tile_one_even_at_the_floor_edges(shape: tuple[int, int]) -> None:
    rng = np.random.default_rng(sum(shape))
    for _ in range(20):
        walkable = rng.random(shape) < 0.7  # the side columns are walkable too: no wrap across rows
        explored = rng.random(shape) < 0.5
        assert frontier(explored, walkable) == frontier_by_tile(explored, walkable)


def test_explore_goals_are_the_seen_exits_and_the_frontier_sorted_without_stuck_doors() -> None:
    game, _ = autoplay(3, "ai+hero,ai+hero,ai", max_turns=300)
    floor = game.floor
    stuck = stuck_doors(game)
    exits = {(x, y) for x, y, _, _ in floor.exits() if floor.explored[y, x]}
    expected = sorted((exits | set(frontier_by_tile(floor.explored, floor.walkable))) - stuck)
    assert expected
    assert list(explore_goals(game)) == expected
    game.close()
