"""Issue 4, "Must show": two games with the same seed but different fights reach identical room
shapes (layout randomness has its own streams), and the order rooms are entered in does not
change them either.

One party walks the floor without a blow struck; the other, in a game of the same seed, stops in
every room to fight whatever is there, searches, and gains levels. Fungeon lets exactly one
thing of the fights reach the rooms: when Party Min rose in the Hallway the room must hold a
Downward Stair, so the Traps seat adds a staircase (and the furniture laid after it shifts).
Every room whose Hallway agreed on that is identical; the others have identical shapes (walls,
floor, terrain, gaps, doors) and differ only in what stands on the floor."""

from __future__ import annotations

import numpy as np
import pytest
from world_walk import DesignLog, keep_alive, new_game, walk_floor

from game.engine import actions as A
from game.engine.dispatch import apply_action
from game.engine.game import Game
from game.engine.routes import usable_exits
from game.mapgen.floor import Floor
from game.mapgen.geometry import DELTA, OPPOSITE
from game.mapgen.tiles import Tile
from game.rules.party import xp_to_be

# What may differ when only one Hallway owed a Downward Stair: things standing on the floor,
# and a lever set in a wall.
IN_THE_WALL = {Tile.LEVER.code}
ON_THE_FLOOR = {t.code for t in Tile if t not in (Tile.ROCK, Tile.WALL, Tile.DOOR, Tile.DOOR_OPEN, Tile.WATER,
                                                   Tile.CHASM, Tile.ICE, Tile.SWAMP, Tile.RUBBLE, Tile.BOULDER,
                                                   Tile.PIT, Tile.STAIR_UP, Tile.PILLAR, Tile.LEVER)}


@pytest.fixture
def designs(monkeypatch):
    return DesignLog(monkeypatch)


def fight(game: Game, rounds: int) -> None:
    """Stand and fight (or search) for a few rounds: the monsters come, combat is rolled. (No
    search where no exit is left: that would find a secret passage, a choice the calm party
    did not make, and the walks would part.)"""
    for r in range(rounds):
        for _ in range(len(game.party.queue)):
            seat = game.next_seat()
            if seat is None or game.phase != "dungeon":
                return
            search = r % 3 == 2 and usable_exits(game)
            apply_action(game, A.Search(seat) if search else A.Wait(seat))


def restless_walk(game: Game, rooms: int) -> None:
    """Walk like walk_floor, one room at a time, fighting in each, and before every third room
    let the whole party gain a Level (so Party Min rises in that Hallway)."""
    for n in range(rooms):
        if n % 3 == 1:
            for _, hero in game.heroes():
                hero.xp = max(hero.xp, xp_to_be(hero.level + 1))
        if walk_floor(game, max_rooms=1) == 0:
            return
        keep_alive(game)
        fight(game, 6)


def shape_of(layout: tuple[str, ...]) -> tuple[str, ...]:
    """The room's walls, floor and terrain, whatever stands in it."""
    return tuple("".join("." if ch in ON_THE_FLOOR else "#" if ch in IN_THE_WALL else ch for ch in row)
                 for row in layout)


@pytest.mark.parametrize("seed", [21, 33, 58, 5, 8])
def test_fighting_differently_never_changes_room_shapes(seed: int, designs) -> None:
    calm, restless = new_game(seed), new_game(seed)
    try:
        walk_floor(calm, max_rooms=14)
        restless_walk(restless, 14)
        assert restless.stats.monsters_killed > 0 or any(r.kind == "pain" for r in restless.rolls)
        assert calm.stats.monsters_killed == 0 and calm.state_hash() != restless.state_hash()
        a_floor, b_floor = calm.floor, restless.floor
        a_designs, b_designs = designs.of(calm), designs.of(restless)
        same = differ = 0
        for cell, a in sorted(a_floor.cells.items()):
            b = b_floor.cells[cell]
            if not (a.mapped and b.mapped):
                continue
            assert a.entered_from == b.entered_from, cell  # the same walk: the same way in
            pa, pb = a.plan, b.plan
            stair_a = cell in a_designs and a_designs[cell].downward_stair is not None
            stair_b = cell in b_designs and b_designs[cell].downward_stair is not None
            if stair_a == stair_b:
                assert pa == pb, f"seed {seed} cell {cell}: the same Hallway, a different room"
                same += 1
            else:
                assert shape_of(pa.layout) == shape_of(pb.layout), f"seed {seed} cell {cell}"
                # (its name may follow the staircase: a "shaft" in the caverns)
                assert (pa.sides, pa.doors, pa.shape, pa.blocked, pa.dark) == \
                       (pb.sides, pb.doors, pb.shape, pb.blocked, pb.dark), cell
                assert [f for f in pa.features if f.kind == "terrain"] == \
                       [f for f in pb.features if f.kind == "terrain"], cell
                differ += 1
            # and the carved tiles agree wherever nothing stands on the floor
            x0, y0, x1, y1 = a.bounds
            ta, tb = a_floor.tile[y0:y1 + 1, x0:x1 + 1], b_floor.tile[y0:y1 + 1, x0:x1 + 1]
            assert np.array_equal(a_floor.walkable[y0:y1 + 1, x0:x1 + 1] | (ta == Tile.DOOR_OPEN),
                                  b_floor.walkable[y0:y1 + 1, x0:x1 + 1] | (tb == Tile.DOOR_OPEN)), cell
        assert same >= 8 and differ >= 1, (same, differ)
    finally:
        calm.close()
        restless.close()


def unfold_all(floor: Floor, pick) -> list:  # noqa: ANN001 - a function choosing an exit
    order = []
    while exits := floor.exits():
        reach = floor.reachable_from(*floor.start)
        usable = [e for e in exits if reach[e[1], e[0]]]
        if not usable:
            break
        x, y, cell, side = pick(usable)
        dx, dy = DELTA[OPPOSITE[side]]
        assert floor.step_into(x, y, x + dx, y + dy) == (cell, side)
        floor.unfold(cell, side)
        order.append(cell)
    return order


@pytest.mark.parametrize("seed", range(6))
def test_the_order_rooms_are_entered_in_never_changes_them(seed: int) -> None:
    """Two floors of one seed explored in opposite orders: every cell entered from the same side
    in both is the same room, and every wall both mapped is the same wall."""
    game = new_game(seed)
    try:
        a = Floor.new(game.streams, 3, game.dials.theme)
        b = Floor.new(game.streams, 3, game.dials.theme)
        first, last = unfold_all(a, lambda es: es[0]), unfold_all(b, lambda es: es[-1])
        assert first != last
        compared = 0
        for cell, ra in a.cells.items():
            rb = b.cells[cell]
            if ra.mapped and rb.mapped and ra.entered_from == rb.entered_from:
                assert ra.plan == rb.plan, (seed, cell)
                compared += 1
        assert compared >= 6, compared
        for key, wa in a.walls.items():
            if key in b.walls:
                wb = b.walls[key]
                assert (wa.kind, wa.offset) == (wb.kind, wb.offset), (seed, key)
                assert (wa.door and (wa.door.kind, wa.door.tier)) == (wb.door and (wb.door.kind, wb.door.tier))
    finally:
        game.close()

