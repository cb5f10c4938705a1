"""Monsters' special abilities reach as far as their Type does (engine.tactics): a ranged Type
strikes a hero in sight a few tiles off, a bite only a hero beside the monster."""

from engine_arena import arena, free_neighbour, put_monster

from game.engine.reach import RANGED_TYPES, can_see
from game.engine.tactics import choose_ability
from game.rules.purchases import Ability, Monster
from game.world.components import HeroState, Position


def _tile_in_sight(game, hero: int, distance: int) -> tuple[int, int]:
    pos = game.position(hero)
    height, width = game.floor.tile.shape
    for dy in range(-distance, distance + 1):
        for dx in range(-distance, distance + 1):
            x, y = pos.x + dx, pos.y + dy
            if max(abs(dx), abs(dy)) != distance or not (0 <= x < width and 0 <= y < height):
                continue
            if (game.floor.walkable[y, x] and game.creature_at(x, y) is None
                    and can_see(game, Position(x, y, pos.floor), pos, distance)):
                return x, y
    raise AssertionError("no tile in sight at that distance")


def _monster_three_tiles_off(ability: Ability) -> tuple[object, int, int]:
    game, hero = arena(12)
    x, y = _tile_in_sight(game, hero, 3)
    return game, hero, put_monster(game, x, y, Monster(3, "claws", (ability,), name="beast"))


def test_a_bite_reaches_only_a_hero_beside_the_monster_and_a_cold_blast_reaches_across_the_room():
    assert "cold" in RANGED_TYPES and "bite" not in RANGED_TYPES
    bite = Ability("bite", annoy=2, pain=1)
    cold = Ability("cold", annoy=2, pain=1)
    game, hero, rat = _monster_three_tiles_off(bite)
    assert choose_ability(game, rat) is None
    game, hero, wight = _monster_three_tiles_off(cold)
    assert choose_ability(game, wight) == (cold, hero)
    x, y = free_neighbour(game, hero)
    game, hero = arena(12)
    rat = put_monster(game, x, y, Monster(3, "claws", (bite,), name="rat"))
    assert choose_ability(game, rat) == (bite, hero)



def test_a_monster_with_a_hero_beside_it_aims_its_ability_there_not_at_the_weakest_behind():
    """Without a hero beside it the wight would pick the Level-2 hero at the back (fewer dice to
    resist with); with the Level-9 fighter at its throat, it answers the fighter."""
    cold = Ability("cold", annoy=2, pain=1)
    game, front = arena(12, seats="human,ai+hero,ai")
    back = game.party.hero_of[1]
    game.position(back).x, game.position(back).y = _tile_in_sight(game, front, 3)
    game.world.comp(front, HeroState).level = 9
    x, y = free_neighbour(game, front)
    wight = put_monster(game, x, y, Monster(3, "claws", (cold,), name="wight"))
    assert can_see(game, game.position(wight), game.position(back), 6)
    assert choose_ability(game, wight) == (cold, front)
