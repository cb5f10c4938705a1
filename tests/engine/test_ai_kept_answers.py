"""The AI heroes keep some answers between their steps (a tile's neighbours, a hero's draught, the
floor's mapped rooms): each follows what it is read from as soon as that changes."""

from game.agents.companion import draught, healing_held, neighbours, rooms_here
from game.core.dials import Dials
from game.core.seats import parse_seats
from game.engine.game import Game
from game.engine.start import new_game
from game.mapgen.tiles import Tile
from game.rules.purchases import Treasure
from game.world.components import Carried, TreasureState


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
