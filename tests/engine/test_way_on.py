"""No floor is a dead end without the way on being findable (issue 14): `way_on` names the next
thing to do when every opening of a floor is barred, and the AI heroes do it."""

import numpy as np
import pytest
from engine_arena import give, without_kits

from game.agents.autoplay import autoplay
from game.agents.companion import go_on, hero_action
from game.core.dials import Dials
from game.core.seats import parse_seats
from game.engine import actions as A
from game.engine.dispatch import apply_action
from game.engine.replay import clone_game
from game.engine.routes import GIVE_UP_ON_DOOR, UNREACHABLE, passable, search, tiles_of
from game.engine.start import new_game
from game.engine.way_on import (
    DEAD_END_SEARCHES,
    WORTH_WORKING,
    can_search,
    furniture,
    has_way_on,
    reach_area,
    unworked,
    way_on,
    within_reach,
)
from game.mapgen.geometry import CELL_H, CELL_W
from game.mapgen.tiles import Tile
from game.rules.purchases import Trap, Treasure
from game.world.components import DoorState, Position, TrapState


def barred_floor(kind: str = "lever", tier: int = 4, level: int = 2, failed: int = 0):
    """A new game whose every opening out of the entrance room is a door of `kind` and `tier`, tried
    and `failed` so many times; by default a tier-4 lever door (a failed pull changes nothing) with
    no lever pulled: the dead end of `--seed 1234`'s Floor 4."""
    game = new_game(1234, parse_seats("ai+hero,ai+hero,ai"), level, Dials())
    x0, y0, x1, y1 = game.floor.cells[game.floor.entrance].bounds
    game.floor.explored[y0:y1 + 1, x0:x1 + 1] = True  # the party has looked round the room
    for x, y, cell, side in game.floor.exits():
        door = game.entity_at(x, y, DoorState)
        if door is None:
            door = game.world.create(DoorState(kind, tier, cell, side, False, True),
                                     Position(x, y, game.dungeon.floor_no))
        state = game.world.comp(door, DoorState)
        state.kind, state.tier, state.status, state.locked, state.failed = kind, tier, "", True, failed
    return game


def test_a_barred_floor_with_furniture_left_says_to_work_it_and_the_ai_does():
    game = barred_floor()
    way = way_on(game)
    if not unworked(game, game.dungeon.floor_no):
        raise AssertionError("the entrance room of seed 1234 has furniture to work")
    assert way.kind == "work" and "A lever door bars the way" in way.text and way.goals
    seat = game.next_seat()
    assert isinstance(hero_action(game, seat), (A.Move, A.Interact, A.Search, A.Disarm))


def test_with_nothing_left_to_work_a_dead_end_is_searched_then_given_up_for_town():
    game = barred_floor()
    n = game.dungeon.floor_no
    game.dungeon.opened.update((n, x, y) for x, y in unworked(game, n))
    way = way_on(game)
    assert way.kind == "search" and "secret passage" in way.text
    game.dungeon.dead_end_searches[n] = DEAD_END_SEARCHES
    way = way_on(game)
    assert way.kind == "town" and "head back to town" in way.text
    assert not has_way_on(game, n)


def test_a_pulled_lever_opens_the_way_again():
    game = barred_floor()
    game.dungeon.levers = 1
    assert way_on(game).kind == "explore" and has_way_on(game, game.dungeon.floor_no)


def test_a_door_whose_failed_try_could_slay_the_weakest_hero_says_to_mend_first_and_the_weakest_drinks():
    game = without_kits(barred_floor("trapped", 2, failed=1))  # a failure rolls 3 Pain dice
    (first, _), (second, hurt) = game.heroes()
    assert way_on(game).kind == "explore"
    hurt.hits = 3
    way = way_on(game)
    assert way.kind == "mend" and way.goals == tuple(tiles_of(game, Tile.STAIR_UP))
    assert way.text == ("A trapped door is left shut: a failed try (3 Pain dice) could slay one of the party "
                        f"({game.name(second)}: 3 Hits left). Mend first, with a draught or in town; or search "
                        "here: a dead end may hide a secret passage.")
    pos = game.position(first)
    assert go_on(game, 0, first, pos) == A.HeadBack(0)  # nothing to drink: town mends
    give(game, second, Treasure(fancy=True, heal=2, name="healer's draught"))
    assert go_on(game, 0, first, pos) == A.Wait(0)  # the weakest drinks on its own turn
    assert go_on(game, 1, second, game.position(second)) == A.UseItem(1, 0)
    hurt.hits = 4
    assert way_on(game).kind == "explore"


def test_the_search_offered_beside_mending_does_find_a_passage_round_the_door():
    """Seed 123's entrance room: its one door a tier-4 trapped door that beat the hero. The screen
    said only "Mend first", and a mended hero loses about half its Hits at each try; a search of
    the dead end finds a way round it, and the screen now says so."""
    game = without_kits(barred_floor("trapped", 2, failed=1))
    game.heroes()[1][1].hits = 3
    assert way_on(game).kind == "mend" and "or search here" in way_on(game).text
    exits = len(game.floor.exits())
    apply_action(game, A.Search(game.next_seat()))
    assert any(line.text.endswith("finds a secret passage!") for line in game.log)
    assert len(game.floor.exits()) > exits and way_on(game).kind == "explore"


def test_a_door_that_could_slay_the_weakest_hero_even_whole_is_not_a_reason_to_mend():
    game = barred_floor("trapped", 4, level=1, failed=1)  # 5 Pain dice against at most 5 Hits
    assert game.heroes()[1][1].hits == 5
    way = way_on(game)
    assert way.kind not in ("mend", "explore", "work") and "bars the way" not in way.text


@pytest.mark.parametrize("kind, tier, failed, keys_tried", [
    ("jammed", 2, GIVE_UP_ON_DOOR, False),  # given up on: no lever or key opens a jammed door
    ("lever", 4, GIVE_UP_ON_DOOR, False),  # given up on, lever or not
    ("locked", 1, 0, True),  # no key fits, and no pick is left: only town's picks open it
])
def test_furniture_is_not_worked_for_a_door_nothing_in_it_could_open(kind, tier, failed, keys_tried):
    game = barred_floor(kind, tier, failed=failed)
    game.time.picks = 0
    for _, door in game.world.get(DoorState):
        door.keys_tried = keys_tried
    assert unworked(game, game.dungeon.floor_no), "seed 1234's entrance room has furniture to work"
    way = way_on(game)
    assert way.kind == "search" and "bars the way" not in way.text


def test_a_floor_never_seen_still_has_its_way_on():
    game = barred_floor()
    assert has_way_on(game, game.dungeon.floor_no + 1)


def test_a_hero_standing_on_its_own_found_trap_walks_off_it():
    """Seeds 102/205 (issue 14): a found trap is a costly tile, never a wall, so the hero on it
    still has somewhere to go."""
    game = new_game(102, parse_seats("ai+hero,ai+hero,ai"), 2, Dials())
    seat = game.next_seat()
    eid = game.party.hero_of[seat]
    pos = game.position(eid)
    game.world.create(TrapState(Trap("fire", annoy=2, pain=1), 3, -1, game.floor.cell_of(pos.x, pos.y), "walk",
                                "floor", found_by={eid}), Position(pos.x, pos.y, pos.floor))
    game.dungeon.searched.add((game.dungeon.floor_no, game.floor.cell_of(pos.x, pos.y)))
    action = hero_action(game, seat)
    assert isinstance(action, A.Move) and (action.dx, action.dy) != (0, 0)


def test_the_kept_answers_are_those_of_a_fresh_copy_all_along_a_run():
    """way_on keeps the floors' furniture (and which of it is seen and unworked), reach and secret
    walls between questions: a copy of the game, whose derived data starts empty, must answer
    every question the same way."""
    actions, checked = [], []

    def compare(game, action):
        actions.append(action)
        if len(actions) % 10 or game.phase != "dungeon":
            return
        twin = clone_game(game)
        for n in sorted(game.dungeon.floors):
            assert unworked(game, n) == unworked(twin, n)
            assert (within_reach(game, n) == within_reach(twin, n)).all()
            assert (can_search(game, n), has_way_on(game, n)) == (can_search(twin, n), has_way_on(twin, n))
        assert way_on(game) == way_on(twin)
        twin.close()
        checked.append(game.dungeon.floor_no)

    game, _ = autoplay(3, max_turns=400, on_action=compare)
    game.close()
    assert len(checked) > 20 and len(set(checked)) > 1  # on more than one floor


def test_a_floors_furniture_is_listed_room_by_room_as_each_block_holds_it():
    """`furniture` looks over the whole floor once: the same tiles, in the same order, as a look
    through each mapped room's block (a tile on a wall two blocks share listed in both), with
    furniture put on inner tiles, shared walls and the floor's edges alike."""
    game, _ = autoplay(2, max_turns=300)
    floor = game.floor
    mapped = sorted(cell for cell, record in floor.cells.items() if record.mapped)
    shared = [(cx, cy) for cx, cy in mapped if (cx + 1, cy) in mapped or (cx, cy + 1) in mapped]
    assert shared, "seed 2 maps two neighbouring rooms in 300 turns"
    cx, cy = shared[0]
    x0, y0 = cx * CELL_W, cy * CELL_H
    for x, y in ((x0 + CELL_W, y0 + 5), (x0 + 3, y0 + CELL_H), (x0 + CELL_W, y0 + CELL_H), (x0, y0 + 4),
                 (x0 + 7, y0 + 8), (0, 1), (floor.width - 1, floor.height - 1)):
        floor.set_tile(x, y, Tile.CHEST)

    expected = []
    for cell, record in sorted(floor.cells.items()):
        if record.mapped:
            x0, y0, x1, y1 = record.bounds
            expected += [(cell, x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)
                         if int(floor.tile[y, x]) in WORTH_WORKING]
    assert furniture(game, game.dungeon.floor_no) == tuple(expected)
    assert any(found[0] != other[0] and found[1:] == other[1:] for found in expected for other in expected)
    game.close()


def test_a_kept_reach_area_is_the_one_a_fresh_search_from_the_tile_finds():
    game, _ = autoplay(7, "ai+hero,ai+hero,ai", max_turns=900)
    eid = game.party.hero_of[0]
    floor = game.floor
    ys, xs = np.nonzero(floor.explored & floor.walkable)
    for x, y in list(zip(xs.tolist(), ys.tolist(), strict=True))[::7]:  # the kept areas answer most of them
        fresh = search(passable(game, eid), [(x, y)])[0] != UNREACHABLE
        assert np.array_equal(reach_area(game, eid, x, y), fresh)
    assert game.derived.caches["reach_areas"][1]
    game.close()
