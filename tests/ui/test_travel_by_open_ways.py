"""A player's travel to a stair goes the way the party came (its doors open) rather than a shorter
one through a door nobody has opened, which may be locked and trapped."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from engine_arena import arena  # noqa: E402

from game.engine.routes import step_by_open_ways, step_towards  # noqa: E402
from game.mapgen.tiles import Tile  # noqa: E402
from game.ui.auto_travel import Travel, walk  # noqa: E402

RING = ("#########",
        "#.......#",
        "#.#####.#",
        "#...+...#",
        "#########")


def ring_with_a_door() -> tuple:
    """The hero at the west end of a passage whose short way east runs through a closed door and
    whose long way goes round it; the goal at the east end. Every tile is known."""
    game, hero = arena()
    floor = game.floor
    ox, oy = 2, 2
    for j, row in enumerate(RING):
        for i, ch in enumerate(row):
            floor.set_tile(ox + i, oy + j, {"#": Tile.WALL, ".": Tile.FLOOR, "+": Tile.DOOR}[ch])
            floor.explored[oy + j, ox + i] = True
    pos = game.position(hero)
    pos.x, pos.y = ox + 1, oy + 3
    for eid, _ in game.heroes()[1:]:
        game.position(eid).floor = -1  # the rest of the party out of the way
    return game, hero, [(ox + 7, oy + 3)]


def test_travel_home_goes_round_a_door_never_opened_the_ai_route_does_not() -> None:
    """Seed 17: T took the party through a locked, trapped door it had never opened (a pick
    broken, the trap risked) when the way it came was open. The detour here is two steps longer."""
    game, hero, goal = ring_with_a_door()
    assert step_towards(game, hero, goal) == (1, 0)  # the AI's and explore's routes: the shortest, door and all
    assert step_by_open_ways(game, hero, goal) == (0, -1)  # travel: round by the open way
    for kind, step in (("entrance", (0, -1)), ("stairs", (0, -1)), ("explore", (1, 0))):  # T, t and x
        action, _ = walk(game, hero, Travel(kind, 0), goal, "")
        assert (action.dx, action.dy) == step, kind


def test_a_door_on_the_only_way_is_still_taken() -> None:
    game, hero, goal = ring_with_a_door()
    game.floor.set_tile(3, 4, Tile.WALL)  # the long way round walled off
    assert step_by_open_ways(game, hero, goal) == (1, 0)
