"""Floors: every cell of many seeds, walked as a party would, is sound and always the same."""

from __future__ import annotations

import functools

import numpy as np
import pytest

from game.benchmarks.mapgen_speed import bench_room_generation
from game.core.rng import Stream, Streams
from game.mapgen.floor import Floor, render_text
from game.mapgen.geometry import CELL_H, CELL_W, FLOOR_H, FLOOR_W, OPPOSITE, neighbour, wall_key
from game.mapgen.themes import themes
from game.mapgen.tiles import ACTIONABLE, WALKABLE, Tile

THEMES = sorted(themes())


def walk(seed: int, theme: str = "catacombs", pick=None, meddle=None) -> Floor:
    """Unfold every cell the way a party can: through an exit it can reach, or, stuck, through a
    secret passage. `pick` chooses among the exits; `meddle` runs between steps (other streams
    being drawn from, as fights would)."""
    streams = Streams(seed)
    floor = Floor.new(streams, 1, theme)
    while True:
        if meddle:
            meddle(streams)
        reach = floor.reachable_from(*floor.start)
        exits = [e for e in floor.exits() if reach[e[1], e[0]]]
        if exits:
            _, _, cell, side = (pick or (lambda es: es[0]))(exits)
            floor.unfold(cell, side)
        elif all(r.mapped for r in floor.cells.values()) or floor.open_secret_passage() is None:
            return floor


@functools.cache
def walked(seed: int) -> Floor:
    return walk(seed, THEMES[seed % len(THEMES)])


SEEDS = range(200)


def test_a_floor_fits_a_200_by_60_map() -> None:
    f = walked(0)
    assert f.tile.shape == (FLOOR_H, FLOOR_W) and FLOOR_W <= 200 and FLOOR_H <= 60
    assert f.walkable.shape == f.transparent.shape == f.explored.shape == f.tile.shape


@pytest.mark.parametrize("chunk", range(4))
def test_every_cell_of_200_seeds_is_mapped_and_reachable_unless_the_room_says_why(chunk: int) -> None:
    for seed in SEEDS[chunk::4]:
        f = walked(seed)
        assert all(r.mapped for r in f.cells.values()), seed
        reach = f.reachable_from(*f.start)
        excused = np.zeros_like(reach)
        for r in f.cells.values():
            assert r.blocked in ("", "chasm", "cave_in", "boulders"), (seed, r.cell)
            if r.blocked:
                x0, y0, x1, y1 = r.bounds
                excused[y0:y1 + 1, x0:x1 + 1] = True
        stray = f.walkable & ~reach & ~excused
        assert not stray.any(), (seed, np.argwhere(stray)[:5])


@pytest.mark.parametrize("chunk", range(4))
def test_doors_sit_in_walls_between_cells_and_neighbours_agree(chunk: int) -> None:
    for seed in SEEDS[chunk::4]:
        f = walked(seed)
        doors = np.argwhere((f.tile == Tile.DOOR) | (f.tile == Tile.DOOR_OPEN))
        for y, x in doors:
            assert x % CELL_W == 0 or y % CELL_H == 0, (seed, x, y)
            assert 0 < x < f.width - 1 and 0 < y < f.height - 1
            assert not (x % CELL_W == 0 and y % CELL_H == 0)  # never in a corner of four cells
        for cell, r in f.cells.items():
            for side, other in f.neighbours(cell).items():
                mine, theirs = r.plan.sides[side], f.cells[other].plan.sides[OPPOSITE[side]]
                rec = f.walls[wall_key(cell, side)]
                if rec.secret:
                    assert rec.kind == "open" and "wall" in (mine, theirs)
                    continue
                assert mine == theirs == rec.kind, (seed, cell, side)
                if mine == "door":
                    a = next(d for d in r.plan.doors if d.side == side)
                    b = next(d for d in f.cells[other].plan.doors if d.side == OPPOSITE[side])
                    assert (a.kind, a.tier) == (b.kind, b.tier)
            for side in "nesw":
                if neighbour(cell, side) not in f.cells:
                    assert r.plan.sides[side] == "wall"  # the floor's edge is closed


@pytest.mark.parametrize("chunk", range(4))
def test_every_spot_sits_on_a_walkable_or_actionable_tile_of_its_cell(chunk: int) -> None:
    usable = WALKABLE | ACTIONABLE
    for seed in SEEDS[chunk::4]:
        f = walked(seed)
        for r in f.cells.values():
            x0, y0, x1, y1 = r.bounds
            for s in r.plan.spots:
                assert x0 <= s.x <= x1 and y0 <= s.y <= y1
                assert usable[f.tile[s.y, s.x]], (seed, r.cell, s, Tile(f.tile[s.y, s.x]))


def test_a_room_with_nothing_cut_off_is_reached_whole_from_any_of_its_tiles_once_carved() -> None:
    """What the engine leans on to place a room's monsters without searching the whole floor
    (spawning._reach): a plan whose `blocked` is "" carves into tiles that all reach each other."""
    for seed in SEEDS[:20]:
        floor = Floor.new(Streams(seed), 1, THEMES[seed % len(THEMES)])
        while exits := [e for e in floor.exits() if floor.reachable_from(*floor.start)[e[1], e[0]]]:
            _, _, cell, side = exits[seed % len(exits)]
            record = floor.unfold(cell, side)
            if record.blocked:
                continue
            x0, y0, x1, y1 = record.bounds
            inside = floor.walkable[y0 + 1:y1, x0 + 1:x1]
            for ty, tx in np.argwhere(inside)[::23].tolist():
                reached = floor.reachable_from(x0 + 1 + tx, y0 + 1 + ty)[y0 + 1:y1, x0 + 1:x1]
                assert (reached == inside).all(), (seed, cell, (tx, ty))


def test_the_same_seed_gives_identical_arrays() -> None:
    for seed in (3, 77):
        a, b = walk(seed, "forest"), walk(seed, "forest")
        for name in ("tile", "walkable", "transparent"):
            assert np.array_equal(getattr(a, name), getattr(b, name))
        assert render_text(a) == render_text(b)


def test_fights_and_other_streams_never_change_the_rooms() -> None:
    def fight(streams: Streams) -> None:
        for name in ("combat", "ai", "content"):
            streams.get(name).d100()
        streams.get("layout", 1, 9, 9).d100()  # even a layout stream of a cell off the grid

    for seed in (5, 6):
        assert np.array_equal(walk(seed).tile, walk(seed, meddle=fight).tile)


def test_the_order_rooms_are_entered_in_does_not_change_their_shape() -> None:
    for seed in range(12):
        order = Stream(seed)
        a = walk(seed, "tower")
        b = walk(seed, "tower", pick=lambda es, o=order: es[o.below(len(es))])
        for cell, ra in a.cells.items():
            rb = b.cells[cell]
            pa, pb = ra.plan, rb.plan
            assert (pa.shape, pa.interaction, pa.name) == (pb.shape, pb.interaction, pb.name)
            assert [f.name for f in pa.features if f.name != "stair_up"] == \
                [f.name for f in pb.features if f.name != "stair_up"]
            if not (ra.secret_sides or rb.secret_sides):
                secret_nb = any(a.walls[wall_key(cell, s)].secret or b.walls[wall_key(cell, s)].secret
                                for s in a.neighbours(cell))
                if not secret_nb:
                    assert pa.sides == pb.sides and pa.doors == pb.doors
                    if ra.entered_from == rb.entered_from:
                        assert pa == pb


def test_planning_is_pure_and_carving_the_plan_is_unfolding() -> None:
    f = Floor.new(Streams(9), 2, "necropolis")
    _, _, cell, side = f.exits()[0]
    plan = f.plan_room(cell, side)
    assert f.plan_room(cell, side) == plan
    g = Floor.new(Streams(9), 2, "necropolis")
    g.carve(plan, side)
    f.unfold(cell, side)
    assert np.array_equal(f.tile, g.tile)
    with pytest.raises(ValueError, match="already mapped"):
        f.carve(plan)


def test_planning_a_room_names_all_four_of_its_walls_streams() -> None:
    """Each wall's stream is named in the game's streams (their checksum is in every state hash)
    when a room beside it is planned, whether or not anything is rolled on it."""
    streams = Streams(4)
    f = Floor.new(streams, 3, "catacombs")
    _, _, cell, side = f.exits()[0]
    named = set(streams.named())
    walls = {("layout", "3", "wall", *map(str, wall_key(cell, s))) for s in "nesw"}
    assert not walls <= named
    f.plan_room(cell, side)
    assert walls <= set(streams.named())


def test_stepping_through_an_exit_names_the_cell_and_its_side() -> None:
    f = Floor.new(Streams(11), 1, "caverns")
    for x, y, cell, side in f.exits():
        d = {"n": (0, 1), "s": (0, -1), "w": (1, 0), "e": (-1, 0)}[side]
        assert f.step_into(x, y, x + d[0], y + d[1]) == (cell, side)
        assert f.room_at(x + d[0], y + d[1]) is None
        rec = f.unfold(cell, side)
        assert rec.entered and f.walkable[y + d[1], x + d[0]]
        assert f.room_at(x + d[0], y + d[1]) is rec
        break


def test_the_entrance_is_where_asked_and_the_party_starts_on_its_stair() -> None:
    f = Floor.new(Streams(1), 3, "forest", entrance=(1, 1), need_stair=True)
    assert f.cell_of(*f.start) == (1, 1)
    assert f.tile[f.start[1], f.start[0]] == Tile.STAIR_UP
    assert any(ft.name == "staircase" for ft in f.cells[(1, 1)].plan.features)
    assert f.cells[(1, 1)].entered
    text = render_text(f)
    assert "@" in text and len(text.splitlines()) <= FLOOR_H


def test_a_path_can_be_found_with_tcod() -> None:
    import tcod.path

    f = walked(1)
    graph = tcod.path.SimpleGraph(cost=f.cost(), cardinal=2, diagonal=3)
    finder = tcod.path.Pathfinder(graph)
    finder.add_root((f.start[1], f.start[0]))
    reach = f.reachable_from(*f.start)
    ys, xs = np.nonzero(reach)
    far = int(np.argmax(np.abs(ys - f.start[1]) + np.abs(xs - f.start[0])))
    path = finder.path_to((ys[far], xs[far]))
    assert len(path) > 10 and all(f.walkable[y, x] for y, x in path)


def test_the_room_bench_returns_a_time_per_room() -> None:
    times = bench_room_generation(5)
    assert len(times) == 5 and all(t > 0 for t in times)


def test_every_gap_tile_knows_its_wall() -> None:
    f = walked(2)
    for y, x in np.argwhere(f.walkable):
        on_wall = x % CELL_W == 0 or y % CELL_H == 0
        assert (f.wall_at(int(x), int(y)) is not None) == on_wall, (x, y)
    assert f.wall_at(*f.start) is None


def test_a_plan_shaped_without_the_floors_walls_is_refused() -> None:
    from game.mapgen.room_shape import shape_room

    f = Floor.new(Streams(4), 1, "catacombs")
    _, _, cell, side = f.exits()[0]
    fixed = f.fixed_sides(cell)
    for seed in range(50):  # shaped alone, its gap lands elsewhere (or its door differs)
        plan = shape_room(Stream(seed), "catacombs", 1, cell, fixed, side)
        if plan != f.plan_room(cell, side):
            try:
                f.carve(plan, side)
            except ValueError as exc:
                assert "Floor.plan_room" in str(exc)
                return
            f = Floor.new(Streams(4), 1, "catacombs")
    pytest.fail("every stand-alone plan matched the floor's walls")
