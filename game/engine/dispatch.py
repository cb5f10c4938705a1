"""Applying one action, the only way a game changes (DESIGN.md §5): each kind of action has its
handler in one of the tables below, and every handler returns what happened or why nothing did."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine import actions as A
from game.engine.features import interact
from game.engine.game import Game
from game.engine.growth import choose_trait
from game.engine.loot import drop, pick_up, use_item
from game.engine.movement import known_trap_at, move
from game.engine.results import DONE, Done, Refused, Result
from game.engine.room_entry import build_room, enter_room, take_category, waiting_words
from game.engine.rounds import turn_done
from game.engine.stairs import ascend, descend
from game.engine.story import narrate, spend_story
from game.engine.town import delve, retire
from game.engine.trap_play import disarm, search, spring_all
from game.engine.workshop import design_item, drink, trade
from game.world.components import HeroState


def head_back(game: Game, action: A.HeadBack) -> Result:
    """The party turns for town (no turn passes: the walk back is made step by step)."""
    if game.party.returning:
        return Refused("The party is already heading back.")
    game.party.returning = True
    game.say("The party turns for town, retracing its steps.", "hallway")
    return DONE


def wait(game: Game, eid: int, action: A.Wait) -> Result:
    return DONE


def search_here(game: Game, eid: int, action: A.Search) -> Result:
    search(game, eid)
    return DONE


def disarm_trap(game: Game, eid: int, action: A.Disarm) -> Result:
    trap = known_trap_at(game, eid, action.x, action.y)
    if trap is None:
        reason = "There is no trap you know of there."
        game.say(reason)
        return Refused(reason)
    disarm(game, eid, trap)
    return DONE


# In any phase: a seat's own line of narration, a human hero's owed growth.
ANY_PHASE: dict[type, Callable[[Game, Any], Result]] = {A.Narrate: narrate, A.ChooseTrait: choose_trait}
# In town.
TOWN: dict[type, Callable[[Game, Any], Result]] = {A.Trade: trade, A.DesignItem: design_item, A.UseItem: drink,
                                                   A.Retire: retire, A.Delve: delve}
# In the dungeon, for the whole table, spending no hero's turn.
TABLE: dict[type, Callable[[Game, Any], Result]] = {A.HeadBack: head_back, A.SpendStory: spend_story}
# While a Hallway waits for human designers.
DESIGNERS: dict[type, Callable[[Game, Any], Result]] = {A.TakeCategory: take_category, A.BuildRoom: build_room}
# A hero's action on its turn: Done spends the turn, Refused does not.
HERO: dict[type, Callable[[Game, int, Any], Result]] = {
    A.Move: lambda game, eid, a: move(game, eid, a.dx, a.dy),
    A.Wait: wait,
    A.Search: search_here,
    A.Disarm: disarm_trap,
    A.Interact: lambda game, eid, a: interact(game, eid, a.x, a.y),
    A.PickUp: lambda game, eid, a: pick_up(game, eid),
    A.UseItem: lambda game, eid, a: use_item(game, eid, a.item),
    A.Drop: lambda game, eid, a: drop(game, eid, a.item),
    A.Descend: lambda game, eid, a: descend(game, eid),
    A.Ascend: lambda game, eid, a: ascend(game, eid),
}


def apply_action(game: Game, action: Any) -> Result:
    """Apply one action and say what it did. A hero action that does nothing (walking into a
    wall) costs no turn."""
    kind = type(action)
    phase = game.phase
    if phase == "over":
        return Refused("The run is over.")
    if kind in ANY_PHASE:
        result = ANY_PHASE[kind](game, action)
        if kind is A.ChooseTrait and isinstance(result, Done) and game.hallway.pending is not None \
                and game.hallway.pending.waiting[:1] == ("trait",):
            resume_room(game)  # the Hallway waited for this growth: on to the roll-off
        return result
    if phase == "town":
        return TOWN[kind](game, action) if kind in TOWN else Refused("That is not done in town.")
    if kind in TABLE:
        return TABLE[kind](game, action)
    if game.hallway.pending is not None:
        if kind not in DESIGNERS:
            return Refused(waiting_words(game))
        result = DESIGNERS[kind](game, action)
        if isinstance(result, Done):
            resume_room(game)
        return result
    party = game.party
    queue, seat = party.queue, action.seat
    if not queue or seat != queue[0] or seat not in party.hero_of:
        return Refused("It is not that seat's turn.")
    handler = HERO.get(kind)
    if handler is None:
        return Refused("That is not something a hero does.")
    result = handler(game, party.hero_of[seat], action)
    if isinstance(result, Done) and game.hallway.pending is None:
        turn_done(game, seat)
    return result


def resume_room(game: Game) -> None:
    """Human designers gave what the Hallway waited for: if the room is now designed, the
    leader's step into it completes and its turn ends."""
    pending = game.hallway.pending
    if pending is None or not enter_room(game, pending.leader, pending.cell, pending.side, pending.target):
        return
    eid = pending.leader
    hero = game.world.comp(eid, HeroState)
    x, y = pending.target
    if hero.hits > 0 and game.phase == "dungeon" and game.floor.walkable[y, x] and game.creature_at(x, y) is None:
        pos = game.position(eid)
        pos.x, pos.y = x, y
        spring_all(game, eid, x, y, "walk", "steps on a hidden plate")
    turn_done(game, hero.seat)
