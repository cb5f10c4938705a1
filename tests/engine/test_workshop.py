"""The town workshop through the engine, and the AI heroes' use of it."""

from engine_arena import arena, give

from game.agents.town_agent import town_action
from game.engine import actions as A
from game.engine.dispatch import apply_action
from game.engine.results import Refused
from game.engine.town import arrive_in_town
from game.rules.costs import trade_value, treasure_cost
from game.rules.purchases import Treasure
from game.world.components import HeroState

RING = Treasure(fancy=True, value=3, pain=1, type="fire")  # (2 + 3) x 2 = 10: trades in for 5


def in_town(seats: str = "human,ai,ai"):
    game, hero = arena(9, seats=seats)
    arrive_in_town(game)
    return game, hero


def test_an_item_traded_in_gives_its_hero_half_its_cost_in_points():
    game, hero = in_town()
    give(game, hero, RING)
    apply_action(game, A.Trade(0, item=0))
    assert game.world.comp(hero, HeroState).workshop == trade_value(RING) == 5
    assert game.pack(hero) == [] and game.party.purse == 0 and game.stats.town_sold == 1


def test_an_item_is_designed_by_the_treasure_rules_and_refused_with_their_reason():
    game, hero = in_town()
    state = game.world.comp(hero, HeroState)
    state.workshop = 5
    result = apply_action(game, A.DesignItem(0, fancy=False, heal=1))
    assert isinstance(result, Refused) and "Fancy" in result.reason
    result = apply_action(game, A.DesignItem(0, fancy=True, pain=1, type="fire", value=2))  # (2 + 2) x 2 = 8
    assert isinstance(result, Refused) and "over budget" in result.reason
    apply_action(game, A.DesignItem(0, fancy=True, pain=1, type="fire"))  # 2 x 2 = 4
    assert [t.spec for _, t in game.pack(hero)] == [Treasure(fancy=True, pain=1, type="fire")]
    assert state.workshop == 1 and game.stats.town_designed == 1  # the point left stays with the hero


def test_healing_in_town_is_healing_treasure_made_from_the_heros_points():
    game, hero = in_town()
    state = game.world.comp(hero, HeroState)
    state.hits, state.workshop = 4, 3
    assert isinstance(apply_action(game, A.Trade(0, heal=2)), Refused)  # a 2-point draught costs 4
    apply_action(game, A.Trade(0, heal=1))
    assert state.hits == 5 and state.workshop == 3 - treasure_cost(Treasure(fancy=True, heal=1))
    assert game.stats.town_healed == 1


def test_retiring_banks_the_points_not_spent():
    game, hero = in_town()
    game.quest = None
    game.world.comp(hero, HeroState).workshop = 3
    apply_action(game, A.Retire(0))
    assert game.stats.banked == 3


def test_an_ai_hero_trades_in_has_healing_made_and_delves_again():
    game, hero = in_town("ai+hero,ai,ai")
    game.quest = None
    state = game.world.comp(hero, HeroState)
    state.hits = 6
    give(game, hero, RING)
    seen = []
    for _ in range(20):
        action = town_action(game, 0)
        seen.append(type(action).__name__)
        apply_action(game, action)
        if game.phase != "town":
            break
    assert seen[:2] == ["Trade", "Trade"] and state.hits > 6  # traded the ring in, then healing made
    assert game.phase == "dungeon" and seen[-1] == "Delve"


def test_an_unhurt_ai_hero_designs_with_its_points_by_its_seats_personality():
    game, hero = in_town("ai+hero,ai,ai")
    game.quest = None
    state = game.world.comp(hero, HeroState)
    state.workshop = 6
    action = town_action(game, 0)
    assert isinstance(action, A.DesignItem)
    apply_action(game, action)
    assert game.pack(hero) and state.workshop < 6 and game.stats.town_designed == 1


def test_a_hurt_ai_hero_sells_plain_valuables_then_drinks_before_it_sells_a_ward():
    """What it can best do without goes first: a plain valuable, then a draught it carries is
    drunk, and only then would the ring it fights with be traded in."""
    game, hero = in_town("ai+hero,ai,ai")
    game.quest = None
    state = game.world.comp(hero, HeroState)
    state.hits = 2
    give(game, hero, RING)
    give(game, hero, Treasure(value=1))  # plain: (1 + 1) trades in for 1
    give(game, hero, Treasure(fancy=True, heal=1))
    first = town_action(game, 0)
    assert first == A.Trade(0, item=1)
    apply_action(game, first)
    second = town_action(game, 0)
    assert isinstance(second, A.UseItem) and game.pack(hero)[second.item][1].spec.heal == 1
    apply_action(game, second)
    assert state.hits == 3 and [t.spec for _, t in game.pack(hero)] == [RING]


def test_each_item_made_gets_a_name_of_its_own_and_the_log_says_it():
    game, hero = in_town()
    game.world.comp(hero, HeroState).workshop = 40
    for _ in range(4):
        apply_action(game, A.DesignItem(0, fancy=True, pain=1, type="fire"))
    names = [game.name(e) for e, _ in game.pack(hero)]
    assert len(set(names)) == 4 and "a piece of new work" not in names
    assert all(any(f"has {n} made" in line.text for line in game.log) for n in names)
    assert "Warding" in names[0]  # named for what it does, as the dungeon's treasure is
