"""Town (Fungeon "Heading Back to Town"): treasure trades at half its cost; healing is bought
only as healing treasure; the run's score is the value banked when the party retires."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine import actions as A
from game.engine.game import TIME_TRACK
from game.engine.placement import gather_party
from game.engine.quests import fulfilled
from game.engine.rounds import start_round
from game.rules.costs import trade_value, treasure_cost
from game.rules.heroes import max_hits
from game.rules.purchases import Treasure
from game.world.components import Effects, HeroState

if TYPE_CHECKING:
    from game.engine.game import Game


def arrive_in_town(game: Game) -> None:
    game.phase = "town"
    game.party.queue = []
    game.party.returning = False
    for eid, _ in game.heroes():
        game.world.comp(eid, Effects).active.clear()
    restock(game)
    game.say("The party comes blinking into daylight. Town! Oil, torches and food are restocked.", "hallway")
    if fulfilled(game) and not game.stats.quest_paid:
        game.stats.quest_paid = True
        game.party.purse += game.quest.reward
        game.say(f"Quest fulfilled: {game.quest.name}. The reward: {game.quest.reward}.", "loot")


def restock(game: Game) -> None:
    """Lamp oil, torches and food are town's cheapest goods: the party sets out again with as much
    as it first had (they cost nothing Fungeon counts: score is treasure banked)."""

    heroes = max(1, len(game.heroes()))
    game.time.oil = max(game.time.oil, TIME_TRACK.start_oil)
    game.time.torches = max(game.time.torches, TIME_TRACK.start_torches * heroes)
    game.time.rations = max(game.time.rations, TIME_TRACK.start_rations * heroes)


def healing_price(points: int) -> int:
    """A healing draught is a Fancy item with Heal points, bought at its full cost."""
    return treasure_cost(Treasure(fancy=True, heal=points))


def town_action(game: Game, action: Any) -> None:
    if isinstance(action, A.Trade):
        eid = game.party.hero_of.get(action.seat)
        if eid is None:
            return
        if action.item >= 0:
            pack = game.pack(eid)
            if 0 <= action.item < len(pack):
                item_eid, item = pack[action.item]
                value = trade_value(item.spec)
                game.party.purse += value
                game.world.delete(item_eid)
                game.say(f"Sold {game.name(item_eid)} for {value}.", "loot")
        elif action.heal > 0:
            price = healing_price(action.heal)
            if price > game.party.purse:
                game.say(f"A draught of {action.heal} costs {price}; the purse holds {game.party.purse}.")
                return
            game.party.purse -= price
            hero = game.world.comp(eid, HeroState)
            before = hero.hits
            hero.hits = min(max_hits(hero.level), hero.hits + action.heal)
            game.say(f"{game.name(eid)} drinks a healer's draught: +{hero.hits - before} Hits.", "loot")
    elif isinstance(action, A.Retire):
        for eid, _ in game.heroes():
            for item_eid, item in game.pack(eid):
                game.party.purse += trade_value(item.spec)
                game.world.delete(item_eid)
        game.stats.banked = game.party.purse
        game.phase = "over"
        game.outcome = "quest" if game.stats.quest_paid else "retired"
        game.say(f"The party retires with {game.party.purse} banked.", "loot")
    elif isinstance(action, A.Delve):
        game.phase = "dungeon"
        game.dungeon.floor_no = game.dungeon.entrance_floor
        gather_party(game, *game.floor.start)
        game.say("Back down into the dark.", "hallway")
        start_round(game)
