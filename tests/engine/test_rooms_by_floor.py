"""A room is a cell of one floor: every floor's grid has a room at the same cell, so the
monsters and traps of a room are those of the cell *on the party's floor*. They were matched by
cell alone, so a monster left alive on another floor kept this floor's room from falling quiet,
guarded its treasure, was held by the AI heroes as a reason to keep out of the room here,
checked morale at a death here and was caught unawares by a surprise here
(rules 20)."""

from engine_arena import arena, free_neighbour, put_monster

from game.agents.companion import held_cells
from game.engine.fates import monster_died
from game.engine.loot import reachable_treasure
from game.engine.morale import room_mates
from game.engine.spawning import make_treasure_entity
from game.rules.purchases import Monster, Treasure
from game.world.components import MonsterState, Position, TreasureState


def on_another_floor(game, eid: int) -> int:
    """The entity moved to the floor below, at the same tiles (so in the same cell of that floor's
    grid); it is made again there, so that the world's kept lists know it moved."""
    pos = game.position(eid)
    kept = [c for c in game.world.components(eid) if not isinstance(c, Position)]
    game.world.delete(eid)
    return game.world.create(*kept, Position(pos.x, pos.y, pos.floor + 1))


def test_a_room_falls_quiet_though_a_monster_of_its_cell_lives_on_another_floor() -> None:
    game, hero = arena()
    x, y = free_neighbour(game, hero)
    here = put_monster(game, x, y, Monster(1, name="Grub"))
    below = on_another_floor(game, put_monster(game, x, y, Monster(1, name="Mite")))
    assert game.world.comp(below, MonsterState).cell == game.world.comp(here, MonsterState).cell
    monster_died(game, here, hero)
    assert "The room falls quiet." in [line.text for line in game.log]
    assert game.stats.rooms_cleared == 1 and game.stats.fights_won == 1
    assert not game.world.comp(below, MonsterState).fleeing  # no morale check for a death it was not at


def test_a_monster_of_another_floor_is_no_room_mate_and_holds_no_cell_here() -> None:
    game, hero = arena()
    x, y = free_neighbour(game, hero)
    here = put_monster(game, x, y, Monster(1, name="Grub"))
    mate = put_monster(game, x, y, Monster(1, name="Nit"))
    below = on_another_floor(game, put_monster(game, x, y, Monster(1, name="Mite")))
    assert room_mates(game, here) == [mate]
    game.world.comp(here, MonsterState).hits = 0
    game.world.comp(mate, MonsterState).hits = 0
    assert held_cells(game) == set() and game.world.comp(below, MonsterState).hits > 0


def test_treasure_here_is_not_guarded_by_a_monster_of_another_floor() -> None:
    game, hero = arena()
    pos = game.position(hero)
    cup = make_treasure_entity(game, Treasure(value=2), "a cup", 1, Position(pos.x, pos.y, pos.floor))
    game.world.comp(cup, TreasureState).cell = game.floor.cell_of(pos.x, pos.y)  # the room's own treasure
    x, y = free_neighbour(game, hero)
    on_another_floor(game, put_monster(game, x, y, Monster(1, name="Mite")))
    assert reachable_treasure(game, hero) == [(cup, "")]
