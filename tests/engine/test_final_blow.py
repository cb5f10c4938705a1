"""Who a death is put down to: the blow that took the last Hit, not the first that landed. A
conflict's blows land in rank order (`harm.apply_damage` reads them so), so a hero who won the
first rank for 1 damage against a 3-Hit monster did not kill it when another's two wins followed."""

from __future__ import annotations

from engine_arena import arena, free_neighbour, put_monster

from game.engine.harm import apply_damage
from game.rules.purchases import Monster
from game.world.components import HeroState, MonsterState


def two_heroes_and_a_monster(hits: int):  # noqa: ANN201 - the game and three entities
    """Two heroes and, beside the first, a monster with `hits` Hits left."""
    game, first = arena(202, seats="human,ai+hero,ai")
    x, y = free_neighbour(game, first)
    mon = put_monster(game, x, y, Monster(2, "claws", name="Ondrel"))
    game.world.comp(mon, MonsterState).hits = hits
    return game, first, game.party.hero_of[1], mon


def test_the_hero_whose_blow_takes_the_last_hit_gets_the_kill():
    game, first, second, ondrel = two_heroes_and_a_monster(3)
    blows = ((str(first), str(ondrel)), (str(second), str(ondrel)), (str(second), str(ondrel)))
    apply_damage(game, blows, {str(ondrel): 0}, narrator=0)
    assert game.world.comp(ondrel, MonsterState).hits == 0
    assert (game.world.comp(first, HeroState).kills, game.world.comp(second, HeroState).kills) == (0, 1)


def test_a_hero_is_slain_by_the_monster_whose_blow_took_its_last_hit():
    game, hero = arena(202)
    x, y = free_neighbour(game, hero)
    grazer = put_monster(game, x, y, Monster(2, "claws", name="Grazer"))
    biter = put_monster(game, x, y, Monster(2, "claws", name="Biter"))
    game.world.comp(hero, HeroState).hits = 2
    blows = ((str(grazer), str(hero)), (str(biter), str(hero)))
    apply_damage(game, blows, {str(hero): 0}, narrator=0)
    assert game.world.comp(hero, HeroState).cause_of_death == "Biter"
    assert any(line.text == f"{game.name(hero)} falls, slain by Biter." for line in game.log)


def test_blows_past_the_last_hit_do_not_take_the_kill():
    """Overkill: the blow that took the last Hit keeps the kill though more blows follow it."""
    game, first, second, lurr = two_heroes_and_a_monster(1)
    blows = ((str(first), str(lurr)), (str(second), str(lurr)))
    apply_damage(game, blows, {str(lurr): 0}, narrator=0)
    assert (game.world.comp(first, HeroState).kills, game.world.comp(second, HeroState).kills) == (1, 0)
