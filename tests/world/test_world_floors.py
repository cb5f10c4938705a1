"""Issue 4, "Must show": every room cell the engine generates for 200 seeds, walked through the
engine (the Hallway, the designers, the carving and the spawning are the game's own), passes
the checks of world_walk.py: every walkable tile reachable from the way in (or the room says
why not), every door in a wall between two cells, neighbouring sides agreeing, every trap on an
actionable spot of its room, every purchased monster and treasure an entity of its room."""

from __future__ import annotations

import pytest
from world_walk import (
    DesignLog,
    block_reach,
    check_doors,
    check_floor,
    check_sides,
    check_traps,
    entry_of,
    new_game,
    walk_floor,
)

from game.agents.autoplay import play
from game.engine.placement import room_tiles
from game.mapgen.geometry import GRID_H, GRID_W

SEEDS = range(200)
WHOLE_FLOOR_EVERY = 2  # every other seed's floor is walked to its last room; the others' first rooms


def rooms_for(seed: int) -> int:
    return 99 if seed % WHOLE_FLOOR_EVERY == 0 else 12


@pytest.fixture
def designs(monkeypatch):
    return DesignLog(monkeypatch)


def test_every_room_of_200_seeds_walked_through_the_engine(designs) -> None:
    """Each seed its own table (1 to 4 seats) and theme. The A Dungeon Game surprise dial is off
    here only to save time (a surprise round is combat, which this test does not look at); the
    other tests play with every dial at its default. About 17 s on one free core."""
    rooms = whole_floors = blocked = secret = 0
    for seed in SEEDS:
        game = new_game(seed, surprise=False)
        try:
            walk_floor(game, max_rooms=rooms_for(seed))
            rooms += check_floor(game, designs.of(game), designs.spawns(game))
            cells = game.floor.cells.values()
            whole_floors += all(r.mapped for r in cells)
            blocked += sum(1 for r in cells if r.blocked)
            secret += sum(len(r.secret_sides) for r in cells)
        finally:
            game.close()
    # the walk went everywhere it could: most floors all the way, through blocked rooms and secret doors
    print(f"{rooms} rooms, {whole_floors} whole floors, {blocked} blocked rooms, {secret} secret passages")
    full = len(SEEDS) // WHOLE_FLOOR_EVERY
    assert rooms >= full * GRID_W * GRID_H * 3 // 4 + (len(SEEDS) - full) * 12, rooms
    assert whole_floors >= full * 3 // 4, whole_floors
    assert blocked > 0 and secret > 0, (blocked, secret)


def test_rooms_entered_by_move_actions_pass_the_same_checks(designs) -> None:
    """The step into a new room as a player makes it: a Move action, with the rest of the turn
    (a plate sprung underfoot, the monsters' turn, combat) played by the engine."""
    for seed in range(1000, 1012):
        game = new_game(seed)
        try:
            walked = walk_floor(game, max_rooms=10, by_moves=True)
            assert walked >= 6 or game.phase != "dungeon", (seed, walked)
            # monsters have moved and fought since they were spawned: check what was bought, not where
            check_floor(game, designs.of(game), members=designs.members(game))
            assert designs.of(game) and all(c in designs.of(game) for c, r in game.floor.cells.items()
                                            if r.mapped and c != game.floor.entrance)
        finally:
            game.close()


def test_autoplayed_runs_keep_their_rooms_whole(designs) -> None:
    """Rooms the AI party actually reached, after fights, loot and traps: checked each time the
    party enters a new room (until it first goes to town, where loot is traded away) and at the
    end: still well formed, every purchase still an entity (monsters dead or alive, treasure
    carried or not, less the healing drunk)."""
    checked = 0

    def on_action(game, action) -> None:  # noqa: ANN001 - what play passes
        nonlocal checked, seen
        if game.phase == "dungeon" and game.stats.rooms_entered > seen and not game.stats.banked:
            seen = game.stats.rooms_entered
            check_floor(game, designs.of(game), members=designs.members(game))
            checked += 1

    for seed in (2, 3, 4, 11, 17):
        seen = 0
        game = new_game(seed, "ai+hero,ai+hero,ai", "catacombs")
        try:
            play(game, 300, on_action=on_action)
            floor_no = game.dungeon.floor_no
            for number in sorted(game.dungeon.floors):
                game.dungeon.floor_no = number
                check_doors(game)
                check_sides(game)
                check_traps(game)
            game.dungeon.floor_no = floor_no
        finally:
            game.close()
    assert checked >= 10, checked


def test_a_room_of_the_walk_has_floor_tiles_left_for_its_monsters(designs) -> None:
    """room_tiles (where monsters are put) finds free floor in every walked room."""
    for seed in range(5):
        game = new_game(seed)
        try:
            walk_floor(game, max_rooms=8)
            for cell, record in game.floor.cells.items():
                if record.mapped:
                    assert room_tiles(game, cell), (seed, cell)
        finally:
            game.close()


# ----- what the walk once found broken in the engine (fixed; kept as tests) -----
def test_the_first_room_of_a_floor_has_its_doors_as_entities() -> None:
    with_doors = 0
    for seed in range(20):
        game = new_game(seed)
        try:
            if game.floor.cells[game.floor.entrance].plan.doors:
                with_doors += 1
                check_doors(game, strict_doors=True)
        finally:
            game.close()
    assert with_doors


def test_monsters_are_spawned_where_the_party_can_reach_them_even_across_a_chasm(designs) -> None:
    game = new_game(57, surprise=False)
    try:
        walk_floor(game, max_rooms=12)
        blocked = 0
        for cell, spawned in sorted(designs.spawns(game).items()):
            if not game.floor.cells[cell].blocked:
                continue
            blocked += 1
            reach = block_reach(game, cell, entry_of(game, cell))
            for eid, (x, y) in spawned.items():
                assert reach[y, x], f"{game.name(eid)} at {(x, y)} across the {game.floor.cells[cell].blocked}"
        assert blocked
    finally:
        game.close()
