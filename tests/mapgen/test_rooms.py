"""shape_room: the book's rolls become a room whose every spot and tile can be used."""

from __future__ import annotations

from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.rng import Stream
from game.mapgen.geometry import CELL_H, CELL_W, default_gap, origin
from game.mapgen.room_furnishing import RoomLayout
from game.mapgen.room_grid import H, W, orth
from game.mapgen.room_shape import shape_room
from game.mapgen.themes import theme as get_theme
from game.mapgen.themes import themes
from game.mapgen.tiles import ACTIONABLE_TILES, BY_CODE, WALKABLE_TILES, WALL

SIDES = "nesw"
side_kinds = st.sampled_from(["open", "door", "wall"])


def entry_tile(plan, entered_from):
    ox, oy = origin(plan.cell)
    if entered_from is None:
        up = next(f for f in plan.features if f.name == "stair_up")
        return up.x - ox, up.y - oy
    return next((x, y) for y, row in enumerate(plan.layout) for x, ch in enumerate(row)
                if BY_CODE[ch] in WALKABLE_TILES and {"w": x == 1, "e": x == CELL_W - 1,
                                                      "n": y == 1, "s": y == CELL_H - 1}[entered_from]
                and _on_gap(plan, entered_from, x, y))


def _on_gap(plan, side, x, y):
    edge = {"w": (0, y), "e": (CELL_W, y), "n": (x, 0), "s": (x, CELL_H)}[side]
    return BY_CODE[plan.layout[edge[1]][edge[0]]] in WALKABLE_TILES


def reachable(plan, start):
    walk = {(x, y) for y, row in enumerate(plan.layout) for x, ch in enumerate(row)
            if BY_CODE[ch] in WALKABLE_TILES}
    seen, todo = {start}, deque([start])
    while todo:
        x, y = todo.popleft()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in walk and n not in seen:
                seen.add(n)
                todo.append(n)
    return walk, seen


@st.composite
def rooms(draw):
    seed = draw(st.integers(0, 2**32))
    theme = draw(st.sampled_from(sorted(themes())))
    entered = draw(st.sampled_from([None, "n", "e", "s", "w"]))
    fixed = draw(st.dictionaries(st.sampled_from(SIDES), side_kinds, max_size=4))
    if entered is not None:
        fixed[entered] = draw(st.sampled_from(["open", "door"]))
    need_stair = draw(st.booleans())
    plan = shape_room(Stream(seed), theme, 1, (2, 1), fixed, entered, need_stair=need_stair)
    return plan, fixed, entered, need_stair


@settings(max_examples=150, deadline=None)
@given(rooms())
def test_a_shaped_room_keeps_its_fixed_sides_and_every_spot_is_usable(args) -> None:
    plan, fixed, entered, need_stair = args
    assert len(plan.layout) == CELL_H + 1 and all(len(r) == CELL_W + 1 for r in plan.layout)
    for side, kind in fixed.items():
        assert plan.sides[side] == kind
    assert set(plan.sides) == set(SIDES)
    assert sorted(d.side for d in plan.doors) == sorted(s for s in SIDES if plan.sides[s] == "door")
    ox, oy = origin(plan.cell)
    for spot in plan.spots:
        tile = BY_CODE[plan.layout[spot.y - oy][spot.x - ox]]
        assert tile in WALKABLE_TILES or tile in ACTIONABLE_TILES, (spot, tile)
    assert any(s.holds_treasure for s in plan.spots)
    assert sum(1 for s in plan.spots if s.action == "open") == len(plan.doors)
    if need_stair:
        assert any(f.kind == "stair" and f.name == "staircase" for f in plan.features)
        assert any(s.host == "stair" for s in plan.spots)


@settings(max_examples=150, deadline=None)
@given(rooms())
def test_every_walkable_tile_is_reachable_from_the_entry_or_the_room_says_why(args) -> None:
    plan, _, entered, _ = args
    assert plan.blocked in ("", "chasm", "cave_in", "boulders")
    walk, seen = reachable(plan, entry_tile(plan, entered))
    if not plan.blocked:
        assert walk == seen
    else:
        assert any(f.name == plan.blocked for f in plan.features)
    # whatever is blocked, what the party came in by and every piece of furniture is reachable
    ox, oy = origin(plan.cell)
    for spot in plan.spots:
        if spot.action in ("search", "use") and spot.host not in ("boulders",):
            p = (spot.x - ox, spot.y - oy)
            around = {p, (p[0] + 1, p[1]), (p[0] - 1, p[1]), (p[0], p[1] + 1), (p[0], p[1] - 1)}
            assert around & seen, spot


def test_the_same_stream_gives_the_same_room() -> None:
    a = shape_room(Stream(42), "tower", 2, (1, 1), {"w": "door"}, "w")
    b = shape_room(Stream(42), "tower", 2, (1, 1), {"w": "door"}, "w")
    assert a == b


def test_the_entrance_has_a_stair_up_and_a_closed_south_side() -> None:
    for seed in range(30):
        plan = shape_room(Stream(seed), "catacombs", 1, (3, 3), {}, None)
        assert plan.sides["s"] == "wall"
        assert [f.kind for f in plan.features if f.name == "stair_up"] == ["stair"]
        assert plan.blocked == ""


def test_a_darkness_room_is_dark_and_terrain_shapes_movement() -> None:
    seen = {}
    for seed in range(4000):
        plan = shape_room(Stream(seed), "caverns", 1, (2, 2), {"w": "open"}, "w")
        for f in plan.features:
            seen.setdefault(f.name, plan)
        if {"darkness", "river", "chasm", "cave_in", "ice", "swamp", "boulders"} <= set(seen):
            break
    assert seen["darkness"].dark
    assert "~" in "".join(seen["river"].layout)
    assert ":" in "".join(seen["chasm"].layout)
    assert "_" in "".join(seen["ice"].layout)
    assert seen["cave_in"].blocked in ("", "cave_in")
    assert "%" in "".join(seen["cave_in"].layout) or seen["cave_in"].sides == {"n": "wall", "e": "wall",
                                                                                 "s": "wall", "w": "open"}


def test_furniture_rooms_hold_their_furniture_as_spots() -> None:
    found = set()
    for seed in range(3000):
        plan = shape_room(Stream(seed), "necropolis", 1, (2, 2), {"n": "door"}, "n")
        for spot in plan.spots:
            if spot.action == "search" and spot.host != "debris":
                found.add(spot.host)
                assert spot.holds_treasure
        if {"locked_chest", "crates", "tomb", "grate", "library"} <= found:
            break
    assert {"locked_chest", "crates", "tomb", "grate", "library"} <= found


def test_a_cluster_of_trees_in_the_middle_never_closes_over_its_first_tree() -> None:
    """Regression (found by hypothesis): a yggdrasil grown on all four sides of its first tree
    left that tree, the room's search spot, with nothing to stand on beside it."""
    for theme, seed in (("catacombs", 696), ("forest", 696), ("necropolis", 2508)):
        plan = shape_room(Stream(seed), theme, 1, (2, 1), {}, None)
        ox, oy = origin(plan.cell)
        walk, seen = reachable(plan, entry_tile(plan, None))
        trees = [s for s in plan.spots if s.host == "yggdrasil"]
        assert trees, (theme, seed)
        for spot in trees:
            x, y = spot.x - ox, spot.y - oy
            assert {(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)} & seen, (theme, seed, spot)


def _alcoves_tile_by_tile(layout):
    """The walls a lever may go in, looked for one tile at a time (what RoomLayout.alcoves finds)."""
    seats = []
    for y in range(1, H - 1):
        for x in range(1, W - 1):
            if layout.at((x, y)) != WALL:
                continue
            around = orth((x, y))
            if (any(q in layout.mask and q in layout.reachable and layout.walkable(q) for q in around)
                    and not any(q in layout.reserved and q not in layout.mask for q in around)):
                seats.append((x, y))
    return seats


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(sorted(themes())), st.sampled_from([None, "n", "e", "s", "w"]),
       st.lists(side_kinds, min_size=4, max_size=4))
def test_a_levers_alcoves_are_the_walls_a_tile_by_tile_look_finds(seed, theme, entered, kinds) -> None:
    sides = dict(zip(SIDES, kinds, strict=True))
    if entered is not None:
        sides[entered] = "open"
    layout = RoomLayout(Stream(seed), (2, 1), sides, {s: default_gap(s) for s in SIDES}, entered)
    layout.shape_mask(get_theme(theme).shapes)
    layout.dig_corridors()
    layout.settle_entry()
    layout.raise_walls()
    assert layout.alcoves() == _alcoves_tile_by_tile(layout)
