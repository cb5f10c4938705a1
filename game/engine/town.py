"""Town (Fungeon "Heading Back to Town"): arriving (supplies, the quest's reward), retiring (the
run's score is the value banked) and delving again; trading and designing treasure is the
workshop's (engine.workshop)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.outcomes import ending
from game.engine import actions as A
from game.engine.game import TIME_TRACK
from game.engine.growth import develop
from game.engine.placement import gather_party
from game.engine.quests import bring_out, ending_penalty, fulfilled
from game.engine.results import DONE, Result
from game.engine.rounds import start_round
from game.rules.costs import trade_value, treasure_cost
from game.rules.purchases import Treasure
from game.world.components import Effects

if TYPE_CHECKING:
    from game.engine.game import Game


def arrive_in_town(game: Game) -> None:
    game.phase = "town"
    game.stats.town_visits += 1
    game.party.queue = []
    game.party.returning = False
    for eid, _ in game.heroes():
        game.world.comp(eid, Effects).active.clear()
    restock(game)
    game.say("The party comes blinking into daylight. Town! Oil, torches, food and lock picks are restocked.",
             "hallway")
    bring_out(game)
    if fulfilled(game) and not game.stats.quest_paid:
        game.stats.quest_paid = True
        game.party.purse += game.quest.reward
        game.say(f"Quest fulfilled: {game.quest.name}. Its reward, {game.quest.reward}, goes into the purse.", "loot")
        for eid, _ in game.heroes():
            develop(game, eid, "the quest fulfilled")


def restock(game: Game) -> None:
    """Lamp oil, torches and food are town's cheapest goods: the party sets out again with as much
    as it first had (they cost nothing Fungeon counts: score is treasure banked)."""

    heroes = max(1, len(game.heroes()))
    game.time.oil = max(game.time.oil, TIME_TRACK.start_oil)
    game.time.torches = max(game.time.torches, TIME_TRACK.start_torches * heroes)
    game.time.rations = max(game.time.rations, TIME_TRACK.start_rations * heroes)
    game.time.picks = max(game.time.picks, TIME_TRACK.start_picks * heroes)


def healing_price(points: int) -> int:
    """A healing draught is a Fancy item with Heal points, bought at its full cost."""
    return treasure_cost(Treasure(fancy=True, heal=points))


def retiring_worth(game: Game) -> tuple[int, int]:
    """What retiring now would bank before the quest's penalty (the purse, every hero's points,
    everything carried at trade value) and that penalty, so the question can say both."""
    worth = game.party.purse + sum(h.workshop for _, h in game.heroes()) + sum(
        trade_value(t.spec) for eid, _ in game.heroes() for _, t in game.pack(eid))
    if game.quest is None or fulfilled(game) or game.stats.quest_paid or game.quest.penalty != "half":
        return worth, 0
    return worth, worth // 2


def retire(game: Game, action: A.Retire) -> Result:
    """The run ends: everything carried is sold, and the purse and the heroes' unspent workshop
    points (trade value in hand) are banked: the score."""
    for eid, hero in game.heroes():
        game.party.purse += hero.workshop
        hero.workshop = 0
        for item_eid, item in game.pack(eid):
            game.party.purse += trade_value(item.spec)
            game.world.delete(item_eid)
    penalty = ending_penalty(game)
    if penalty:
        game.party.purse -= penalty
        game.stats.quest_penalty = penalty
        game.say(f"The quest ({game.quest.name}) was not done: giving it up costs {penalty}.", "danger")
    game.stats.banked = game.party.purse
    game.phase = "over"
    game.outcome = "quest" if game.stats.quest_paid else "retired"
    game.say(ending(game.outcome).log.format(banked=game.party.purse), "loot")
    return DONE


def delve(game: Game, action: A.Delve) -> Result:
    """Back into the dungeon at the entrance floor."""
    game.phase = "dungeon"
    game.dungeon.floor_no = game.dungeon.entrance_floor
    gather_party(game, *game.floor.start)
    game.say("Back down into the dark.", "hallway")
    start_round(game)
    return DONE
