"""Every action says what it did: `Done` spends the hero's turn, `Refused` changes nothing and
carries the sentence the player reads, `Waiting` when the Hallway waits for human designers."""

from __future__ import annotations

from engine_arena import arena, free_neighbour, give

from game.agents.companion import hero_action
from game.engine import actions as A
from game.engine.dispatch import HERO, apply_action
from game.engine.game import Awaiting
from game.engine.results import Done, Refused, Waiting
from game.engine.town import arrive_in_town
from game.mapgen.tiles import Tile
from game.rules.purchases import Treasure


def stand_beside_a_wall(game, hero):  # noqa: ANN001, ANN201 - test helper
    """Put the hero on a free floor tile of its own room with a wall to its east; the step into it."""
    floor = game.floor
    here = floor.cell_of(game.position(hero).x, game.position(hero).y)
    for y in range(1, floor.height - 1):
        for x in range(1, floor.width - 2):
            if (int(floor.tile[y, x]) == Tile.FLOOR and int(floor.tile[y, x + 1]) == Tile.WALL
                    and floor.cell_of(x, y) == here and game.creature_at(x, y) is None):
                pos = game.position(hero)
                pos.x, pos.y = x, y
                return 1, 0
    raise AssertionError("no floor beside a wall")


def test_a_step_is_done_and_spends_the_turn() -> None:
    game, hero = arena()
    x, y = free_neighbour(game, hero)
    pos = game.position(hero)
    result = apply_action(game, A.Move(0, x - pos.x, y - pos.y))
    assert isinstance(result, Done)
    assert (game.position(hero).x, game.position(hero).y) == (x, y)
    assert game.next_seat() != 0 or game.turn == 1  # the hero's turn is over


def test_a_refusal_says_why_and_spends_no_turn() -> None:
    game, hero = arena()
    hash_before, queue_before = game.state_hash(), list(game.party.queue)
    result = apply_action(game, A.PickUp(0))
    assert result == Refused("There is nothing here to take.")
    assert game.state_hash() == hash_before and game.party.queue == queue_before
    assert apply_action(game, A.UseItem(0, 3)) == Refused("There is no such item in the pack.")
    assert apply_action(game, A.Descend(0)) == Refused("There is no stair down here.")
    assert game.state_hash() == hash_before


def test_walking_into_a_wall_is_refused_without_a_log_line() -> None:
    game, hero = arena()
    step = stand_beside_a_wall(game, hero)
    lines, hash_before = len(game.log), game.state_hash()
    assert apply_action(game, A.Move(0, *step)) == Refused("A wall is in the way.")
    assert len(game.log) == lines and game.state_hash() == hash_before


def test_an_action_out_of_turn_or_after_the_end_is_refused() -> None:
    game, _ = arena(seats="human,human,ai")
    assert apply_action(game, A.Wait(1)).reason == "It is not that seat's turn."
    game.phase, game.outcome = "over", "wiped"
    assert apply_action(game, A.Wait(0)) == Refused("The run is over.")


def test_town_names_what_it_sold_and_refuses_what_it_cannot_do() -> None:
    game, hero = arena()
    give(game, hero, Treasure(fancy=True, value=3, name="Gilt Cup"))
    arrive_in_town(game)
    assert isinstance(apply_action(game, A.Trade(0, item=0)), Done)
    assert any(line.text.startswith("Test Soldier trades in Gilt Cup for ") for line in game.log)
    assert isinstance(apply_action(game, A.Move(0, 1, 0)), Refused)
    draught = apply_action(game, A.Trade(0, heal=50))
    assert isinstance(draught, Refused) and "over budget" in draught.reason


def test_every_hero_action_kind_has_a_handler() -> None:
    hero_kinds = {A.Move, A.Wait, A.Search, A.Disarm, A.Interact, A.PickUp, A.UseItem, A.Drop, A.Descend, A.Ascend}
    assert set(HERO) == hero_kinds


def test_a_hallway_waiting_for_a_human_designer_says_so() -> None:
    game, _ = arena(seats="human,human,ai", design="ask")
    for _ in range(400):
        seat = game.next_seat()
        if seat is None:
            break
        result = apply_action(game, hero_action(game, seat))
        if isinstance(result, Waiting):
            assert game.hallway.pending is not None
            assert apply_action(game, A.Wait(seat)) == Refused("The Hallway waits for the designers.")
            return
    raise AssertionError("the party never reached a room for the designers to build")


def test_the_game_says_what_it_waits_for() -> None:
    game, hero = arena()
    assert game.awaiting() == Awaiting("hero", 0)
    arrive_in_town(game)
    assert game.awaiting().kind == "town"
    apply_action(game, A.Retire(0))
    assert game.awaiting() == Awaiting("over")
