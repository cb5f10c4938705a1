"""Issue 4, "Must show": sight. A wall blocks it; a torch sees 6 tiles and a lantern 12 on an
open floor (A Dungeon Game: 30 ft and 60 ft); darkness (no fuel left, or a Darkness room) leaves
arm's reach. Then the same through the engine: update_sight, the remembered tiles, the time
track burning the light down."""

from __future__ import annotations

import numpy as np
import pytest
import tcod.constants
import tcod.map
from world_walk import new_game

from game.engine import actions as A
from game.engine.dispatch import apply_action
from game.engine.game import Game
from game.engine.party_sight import hero_radius, update_sight
from game.mapgen.tiles import TRANSPARENT, Tile
from game.world.fov import DARK_RADIUS, LANTERN_RADIUS, TORCH_RADIUS, field_of_view, light_radius

N = 41
C = N // 2  # the viewer stands in the middle of an N x N map


def open_floor(n: int = N) -> np.ndarray:
    return np.ones((n, n), dtype=bool)


def disc(radius: int, n: int = N, cx: int = C, cy: int = C) -> np.ndarray:
    """Tiles whose distance from the centre rounds to `radius` or less."""
    dy, dx = np.ogrid[:n, :n]
    return (dx - cx) ** 2 + (dy - cy) ** 2 <= radius * radius + radius


# ----- the light -----------------------------------------------------------------------------
def test_light_radius_by_what_is_carried() -> None:
    assert (TORCH_RADIUS, LANTERN_RADIUS, DARK_RADIUS) == (6, 12, 1)
    assert light_radius("torch", True, False) == 6
    assert light_radius("lantern", True, False) == 12
    assert light_radius("lantern", False, False) == 1  # the oil is gone
    assert light_radius("none", False, False) == 1
    assert light_radius("lantern", True, True) == 1  # a Darkness room swallows the light
    assert light_radius("torch", True, True) == 1


# ----- on a synthetic open floor ---------------------------------------------------------------
@pytest.mark.parametrize(("radius", "name"), [(TORCH_RADIUS, "torch"), (LANTERN_RADIUS, "lantern")])
def test_on_an_open_floor_the_light_reaches_its_radius_and_no_further(radius: int, name: str) -> None:
    seen = field_of_view(open_floor(), C, C, radius)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):  # straight ahead: `radius` tiles, not one more
        assert seen[C + dy * radius, C + dx * radius], (name, dx, dy)
        assert not seen[C + dy * (radius + 1), C + dx * (radius + 1)], (name, dx, dy)
    d = round(radius / 2 ** 0.5)  # and on the diagonal, as far as the same distance goes
    assert seen[C + d, C + d] and not seen[C + d + 1, C + d + 1]
    assert np.array_equal(seen, disc(radius)), name  # exactly the disc: nothing hides on open floor


def test_a_lantern_sees_what_a_torch_sees_and_more() -> None:
    torch = field_of_view(open_floor(), C, C, TORCH_RADIUS)
    lantern = field_of_view(open_floor(), C, C, LANTERN_RADIUS)
    assert np.all(lantern[torch]) and lantern.sum() > 3 * torch.sum()


def test_darkness_leaves_arms_reach() -> None:
    seen = field_of_view(open_floor(), C, C, DARK_RADIUS)
    expected = np.zeros((N, N), dtype=bool)
    expected[C - 1:C + 2, C - 1:C + 2] = True  # the hero's tile and the 8 around it
    assert np.array_equal(seen, expected)


def test_the_map_edge_is_no_trouble() -> None:
    seen = field_of_view(open_floor(), 0, 0, TORCH_RADIUS)
    assert seen[0, 6] and seen[6, 0] and not seen[0, 7]
    assert np.array_equal(seen, disc(TORCH_RADIUS, cx=0, cy=0))


# ----- walls ---------------------------------------------------------------------------------
def test_a_wall_blocks_sight_and_is_itself_seen() -> None:
    tiles = np.full((N, N), Tile.FLOOR, dtype=np.uint8)
    tiles[C - 4:C + 5, C + 3] = Tile.WALL  # a wall 3 tiles east of the viewer, 9 tiles long
    seen = field_of_view(TRANSPARENT[tiles], C, C, LANTERN_RADIUS)
    assert seen[C, C + 2] and seen[C, C + 3]  # the floor before it, and the wall itself
    assert not seen[C, C + 4:C + LANTERN_RADIUS + 1].any()  # nothing straight behind it
    assert not seen[C - 1:C + 2, C + 4:C + 12].any()  # its shadow widens with distance
    assert seen[C, C - LANTERN_RADIUS]  # the other way, the full lantern's reach
    # past the wall's ends sight goes on: (5, -9) is seen over the wall's top end, as is its mirror
    assert seen[C - 9, C + 5] and seen[C + 9, C + 5]


@pytest.mark.parametrize(("door", "through"), [(Tile.DOOR, False), (Tile.DOOR_OPEN, True)])
def test_a_closed_door_blocks_sight_an_open_one_does_not(door: Tile, through: bool) -> None:
    tiles = np.full((N, N), Tile.WALL, dtype=np.uint8)
    tiles[C, C - 5:C + 10] = Tile.FLOOR  # a corridor running east ...
    tiles[C, C + 2] = door  # ... through a door
    seen = field_of_view(TRANSPARENT[tiles], C, C, LANTERN_RADIUS)
    assert seen[C, C + 2]
    assert bool(seen[C, C + 3:C + 10].all()) is through
    assert bool(seen[C, C + 3:C + 10].any()) is through


def test_pillars_cast_shadows_and_sight_is_symmetric() -> None:
    """Symmetric shadowcasting: whenever A sees B, B sees A (within the same radius)."""
    rng = np.random.default_rng(4)
    for _ in range(5):
        transparent = rng.random((25, 25)) > 0.25
        points = [(int(x), int(y)) for x, y in rng.integers(0, 25, size=(12, 2)) if transparent[y, x]]
        views = {p: field_of_view(transparent, p[0], p[1], TORCH_RADIUS) for p in points}
        for a in points:
            for b in points:
                assert views[a][b[1], b[0]] == views[b][a[1], a[0]], (a, b)
        assert any(not v[transparent & disc(TORCH_RADIUS, 25, *p)].all() for p, v in views.items())


def test_casting_only_the_lights_square_sees_what_a_whole_floor_cast_sees() -> None:
    """The cast is cut to the square around the disc for speed: the same tiles as shadowcasting
    the whole floor and keeping the disc, at the edges of the map too."""
    rng = np.random.default_rng(7)
    for _ in range(200):
        h, w = (int(n) for n in rng.integers(3, 40, size=2))
        transparent = rng.random((h, w)) > 0.3
        x, y, radius = int(rng.integers(0, w)), int(rng.integers(0, h)), int(rng.integers(1, 14))
        whole = tcod.map.compute_fov(transparent, (y, x), radius=radius + 1, light_walls=True,
                                     algorithm=tcod.constants.FOV_SYMMETRIC_SHADOWCAST)
        lit = disc(radius, max(h, w), x, y)[:h, :w]
        assert np.array_equal(field_of_view(transparent, x, y, radius), whole & lit), (h, w, x, y, radius)


# ----- through the engine ---------------------------------------------------------------------
def hero_tiles(game: Game) -> list[tuple[int, int]]:
    return [(p.x, p.y) for p in (game.position(e) for e, _ in game.heroes()) if p is not None]


def near(game: Game, radius: int) -> np.ndarray:
    """Tiles within `radius` (rounded distance) of any hero."""
    h, w = game.floor.tile.shape
    dy, dx = np.ogrid[:h, :w]
    out = np.zeros((h, w), dtype=bool)
    for x, y in hero_tiles(game):
        out |= (dx - x) ** 2 + (dy - y) ** 2 <= radius * radius + radius
    return out


def play_round(game: Game) -> None:
    """Every hero waits: one round of the time track."""
    turn = game.turn
    while game.turn == turn and game.phase == "dungeon":
        apply_action(game, A.Wait(game.next_seat()))


@pytest.fixture
def game():
    g = new_game(3, "ai+hero,ai+hero,ai", "catacombs")
    yield g
    g.close()


def test_the_party_sets_out_by_lantern_and_remembers_what_it_saw(game: Game) -> None:
    floor = game.floor
    assert game.time.oil > 0 and all(hero_radius(game, x, y) == LANTERN_RADIUS for x, y in hero_tiles(game))
    assert game.derived.visible is not None and game.derived.visible.any()
    for x, y in hero_tiles(game):
        assert game.derived.visible[y, x]
    assert np.all(floor.explored[game.derived.visible])  # what is seen is remembered
    assert not np.any(game.derived.visible & ~near(game, LANTERN_RADIUS))
    before = game.derived.visible.copy()
    explored = floor.explored.copy()
    # the party walks to the far corner of what it can reach; what it saw stays remembered
    reach = floor.reachable_from(*floor.start)
    ys, xs = np.nonzero(reach)
    far = max(zip(xs.tolist(), ys.tolist(), strict=True),
              key=lambda p: (abs(p[0] - floor.start[0]) + abs(p[1] - floor.start[1]), p))
    for eid, _ in game.heroes():
        pos = game.position(eid)
        pos.x, pos.y = far
    update_sight(game)
    assert game.derived.visible[far[1], far[0]]
    assert np.all(floor.explored[explored]) and np.all(floor.explored[before])
    assert np.all(floor.explored[game.derived.visible])
    assert floor.explored.sum() >= explored.sum()
    assert not np.any(game.derived.visible & ~near(game, LANTERN_RADIUS))


def test_sight_never_reaches_rock_behind_a_wall(game: Game) -> None:
    """Every seen tile that stops sight is a wall, a door or something standing in the room,
    never the rock behind a wall (unmapped cells beyond an opening excepted)."""
    floor = game.floor
    rock = (floor.tile == Tile.ROCK) & game.derived.visible
    for y, x in zip(*np.nonzero(rock), strict=True):
        cell = floor.cell_of(int(x), int(y))
        assert cell is not None and not floor.cells[cell].mapped, (x, y)


def test_without_oil_or_torches_the_party_sees_only_arms_reach(game: Game) -> None:
    game.time.oil = 0
    game.time.torch_left = 0
    assert all(hero_radius(game, x, y) == DARK_RADIUS == 1 for x, y in hero_tiles(game))
    update_sight(game)
    assert np.array_equal(game.derived.visible, near(game, 1))  # each hero's tile and the 8 around it
    for x, y in hero_tiles(game):
        assert game.derived.visible[y - 1:y + 2, x - 1:x + 2].all()
    assert game.derived.visible.sum() <= 9 * len(hero_tiles(game))


def test_a_torch_sees_six(game: Game) -> None:
    game.time.oil = 0
    game.time.torch_left = 10
    assert all(hero_radius(game, x, y) == TORCH_RADIUS for x, y in hero_tiles(game))
    update_sight(game)
    assert not np.any(game.derived.visible & ~near(game, TORCH_RADIUS))


def test_the_time_track_burns_oil_then_torches_then_leaves_the_dark(game: Game) -> None:
    game.time.oil = 1
    game.time.torches = 1
    play_round(game)  # the last of the oil: the lantern gutters, a torch is lit
    assert game.time.oil == 0 and game.time.torch_left > 0 and game.time.torches == 0
    assert hero_radius(game, *hero_tiles(game)[0]) == TORCH_RADIUS
    game.time.torch_left = 1
    play_round(game)  # the last torch burns out
    assert game.time.torch_left == 0
    assert hero_radius(game, *hero_tiles(game)[0]) == DARK_RADIUS
    assert not np.any(game.derived.visible & ~near(game, DARK_RADIUS))


def test_with_the_light_dial_off_everyone_sees_by_lantern(game: Game) -> None:
    from dataclasses import replace

    game.time.oil = 0
    game.time.torch_left = 0
    game.dials = replace(game.dials, light=False)
    assert all(hero_radius(game, x, y) == LANTERN_RADIUS for x, y in hero_tiles(game))


def test_a_darkness_room_leaves_arms_reach_even_by_lantern() -> None:
    """Seed 31's first room (forest) rolled Darkness on table RF."""
    game = new_game(31, "ai+hero,ai+hero,ai", "forest")
    try:
        floor = game.floor
        assert floor.cells[floor.entrance].plan.dark
        assert game.time.oil > 0
        for x, y in hero_tiles(game):
            assert floor.room_at(x, y) is floor.cells[floor.entrance]
            assert hero_radius(game, x, y) == DARK_RADIUS
        update_sight(game)
        assert game.derived.visible.any() and not np.any(game.derived.visible & ~near(game, DARK_RADIUS))
    finally:
        game.close()
