"""autoplay --json's fields for the balance lab: hits lost and deaths by source, the quest, town."""

from engine_arena import arena, free_neighbour, put_trap

from game.agents.autoplay import autoplay, summary
from game.engine import actions as A
from game.engine.dispatch import apply_action
from game.engine.game import HARM_SOURCES
from game.engine.rounds import eat
from game.rules.purchases import Trap
from game.world.components import HeroState


def test_hits_lost_are_counted_by_their_source():
    for seed in range(1, 40):
        game, hero = arena(seed)
        x, y = free_neighbour(game, hero)
        put_trap(game, x, y, Trap("spikes", annoy=10, pain=6))
        pos = game.position(hero)
        apply_action(game, A.Move(0, x - pos.x, y - pos.y))
        lost = 10 - game.world.comp(hero, HeroState).hits
        if lost:
            assert game.stats.damage == {"traps": lost}
            break
    else:
        raise AssertionError("a 10-dice trap never hurt in 40 seeds")
    game.time.rations = 0
    before = game.world.comp(hero, HeroState).hits
    eat(game)
    assert game.stats.damage.get("hunger", 0) == before - game.world.comp(hero, HeroState).hits


def test_a_death_is_counted_under_what_caused_it():
    game, hero = arena(2)
    x, y = free_neighbour(game, hero)
    game.world.comp(hero, HeroState).hits = 1
    for _ in range(30):
        put_trap(game, x, y, Trap("spikes", annoy=10, pain=6))
        pos = game.position(hero)
        if pos is None:
            break
        apply_action(game, A.Move(0, x - pos.x, y - pos.y))
        pos = game.position(hero)
        if pos is not None:
            apply_action(game, A.Move(0, -(x - pos.x) or 1, 0))
    assert game.stats.deaths_by == {"traps": 1}


def test_the_summary_has_every_source_the_quest_and_town():
    game, result = autoplay(3, max_turns=300)
    assert set(result["damage"]) == set(HARM_SOURCES) == set(result["deaths_by"])
    assert sum(result["deaths_by"].values()) == result["deaths"]
    assert set(result["quest"]) == {"id", "name", "fulfilled"} and result["quest"]["name"] == game.quest.name
    assert set(result["town"]) == {"visits", "sold", "designed", "healed"}
    assert summary(game) == result
