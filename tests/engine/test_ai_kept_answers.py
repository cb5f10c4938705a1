"""The AI heroes keep some answers between their steps (a tile's neighbours, a hero's draught, the
floor's mapped rooms, a step's Move): each follows what it is read from as soon as that changes."""

import dataclasses

import pytest

from game.agents.companion import draught, healing_held, loot_action, move_action, neighbours, rooms_here
from game.core.dials import Dials
from game.core.seats import parse_seats
from game.engine import actions as A
from game.engine.game import Game
from game.engine.start import new_game
from game.mapgen.tiles import Tile
from game.rules.purchases import Treasure
from game.world.components import Carried, Position, TreasureState


def fresh_game() -> Game:
    return new_game(1, parse_seats("ai+hero,ai+hero,ai"), 2, Dials())


def test_a_tiles_walkable_neighbours_follow_a_changed_tile() -> None:
    game = fresh_game()
    x, y = game.floor.start
    before = list(neighbours(game, x, y))
    nx, ny = before[0]
    game.floor.set_tile(nx, ny, Tile.WALL)
    assert (nx, ny) not in neighbours(game, x, y)
    game.floor.set_tile(nx, ny, Tile.FLOOR)
    assert neighbours(game, x, y) == before
    game.close()


def test_a_hero_finds_the_draught_it_was_given_and_loses_it_once_drunk() -> None:
    game = fresh_game()
    (first, _), (second, _) = game.heroes()[:2]
    for eid in (first, second):
        for item_eid, _ in game.pack(eid):
            game.world.delete(item_eid)  # no healing to start with, whatever the start gives
    assert draught(game, first) is None and not healing_held(game)
    game.world.create(TreasureState(Treasure(fancy=True, value=1), 1, 0, None), Carried(first))
    game.world.create(TreasureState(Treasure(fancy=True, heal=3), 2, 0, None), Carried(first))
    assert draught(game, first) == 1 and draught(game, second) is None and healing_held(game)
    game.world.delete(game.pack(first)[1][0])
    assert draught(game, first) is None and not healing_held(game)
    game.close()


def test_the_mapped_rooms_count_follows_a_room_mapped() -> None:
    game = fresh_game()
    floor = game.floor
    assert rooms_here(game) == 1
    x, y, cell, side = floor.exits()[0]
    floor.unfold(cell, side)
    assert rooms_here(game) == 2
    game.close()


def test_a_step_is_one_kept_move_per_seat_and_step_that_nothing_can_change() -> None:
    step = move_action(1, 1, -1)
    assert step is move_action(1, 1, -1) and step == A.Move(1, 1, -1)
    assert move_action(2, 1, -1) == A.Move(2, 1, -1) and move_action(1, 0, -1) == A.Move(1, 0, -1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        step.dx = 0  # type: ignore[misc]


def test_a_hero_takes_the_treasure_it_stands_on_and_steps_on_when_it_lies_farther_off() -> None:
    """Only treasure within a step is taken (nothing else is looked at for taking): two steps
    off, the hero walks on, and on the way home (no detours) leaves it."""
    game = fresh_game()
    eid = game.party.hero_of[0]
    pos = game.position(eid)
    free = [(x, y) for x in range(pos.x - 3, pos.x + 4) for y in range(pos.y - 3, pos.y + 4)
            if max(abs(x - pos.x), abs(y - pos.y)) >= 2 and game.floor.walkable[y, x]
            and game.creature_at(x, y) is None]
    game.floor.explored[:, :] = True
    item = game.world.create(TreasureState(Treasure(value=2), 2, 0, None), Position(pos.x, pos.y, pos.floor))
    with game.deciding():
        assert loot_action(game, 0, eid, pos) == A.PickUp(0)
    there = game.position(item)
    there.x, there.y = free[0]
    with game.deciding():
        assert isinstance(loot_action(game, 0, eid, pos), A.Move)  # on its way
        assert loot_action(game, 0, eid, pos, detours=False) is None  # on the way home: nothing in reach
    game.close()
