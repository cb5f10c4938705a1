"""Character development through the engine: a level gained (or the quest fulfilled) raises a
trait a degree and gives a story point, in solo play too."""

from engine_arena import arena

from game.engine.room_entry import hallway
from game.engine.town import arrive_in_town
from game.rules.party import xp_to_be
from game.world.components import HeroState


def test_a_level_gained_in_the_hallway_raises_a_trait_and_gives_a_story_point():
    game, hero = arena(3)
    state = game.world.comp(hero, HeroState)
    before = game.sheet(hero)
    state.xp = xp_to_be(3)
    hallway(game, hero)
    assert state.level == 3 and state.story_points == 1
    assert len(state.traits) == 4 and state.traits[-1] == "strong"  # the trait its fighting leans on
    assert game.sheet(hero).ties != before.ties


def test_a_fulfilled_quest_grows_every_hero():
    game, hero = arena(4)
    state = game.world.comp(hero, HeroState)
    game.stats.rooms_entered = game.quest.count if game.quest.goal == "map_rooms" else 0
    game.stats.fights_won = game.stats.monsters_killed = game.stats.collected = 99
    game.stats.collected_fancy = game.stats.collected_heal = game.stats.objectives = 99
    game.stats.deepest_floor = 99
    game.stats.rooms_by_interaction = {k: 99 for k in ("features", "empty", "objective", "encounter")}
    game.stats.kills_by_name = {n: 99 for n in game.quest.names}
    game.stats.caught_by_name = dict(game.stats.kills_by_name)
    game.stats.rooms_entered = 99
    arrive_in_town(game)
    assert game.stats.quest_paid and state.story_points == 1 and len(state.traits) == 4


def test_a_troglodyte_carries_two_race_traits_and_its_blindness_costs_a_search_die():
    from engine_arena import put_trap

    from game.core.dials import Dials
    from game.core.seats import HeroChoice, parse_seats
    from game.engine import actions as A
    from game.engine.dispatch import apply_action
    from game.engine.start import new_game
    from game.rules.purchases import Trap

    trog = HeroChoice("Grub", "troglodyte", "keen_senses", "rogue", ("cunning", "deadly"))
    game = new_game(5, parse_seats("human,ai,ai"), 2, Dials(), heroes={0: trog})
    hero = game.party.hero_of[0]
    assert game.world.comp(hero, HeroState).traits == ("keen_senses", "cunning", "deadly", "stealthy", "blind")
    x, y = game.position(hero).x, game.position(hero).y
    put_trap(game, x, y, Trap("spikes", annoy=2, pain=1), action="search")
    apply_action(game, A.Search(0))
    search = [r for r in game.rolls if r.title == "hidden dangers"][-1]
    assert len(search.pools[1].dice) == 2 + 1 - 1  # Level + Class Bonus (tied to search) - blindness


def test_an_infernal_is_cursed_against_holy_harm():
    from game.core.content import traits
    from game.rules.heroes import annoy_pool_size, hero_sheet

    sheet = hero_sheet(traits(), "Imp", 2, "infernal", "sadistic", "soldier", ("strong", "disciplined"),
                       ("cunning", "cursed"))
    assert annoy_pool_size(sheet, "holy") == 1 and annoy_pool_size(sheet, "fire") == 2
