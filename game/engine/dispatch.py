"""Applying one action, the only way a game changes (DESIGN.md §5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine import actions as A
from game.engine.features import interact
from game.engine.loot import drop, pick_up, use_item
from game.engine.movement import known_trap_at, move
from game.engine.room_entry import designer_input, enter_room
from game.engine.rounds import turn_done
from game.engine.stairs import ascend, descend
from game.engine.story import narrate, spend_story
from game.engine.town import town_action
from game.engine.trap_play import disarm, search, spring_all
from game.world.components import HeroState

if TYPE_CHECKING:
    from game.engine.game import Game

def apply_action(game: Game, action: Any) -> None:
    """Apply one action. A hero action that does nothing (walking into a wall) costs no turn."""
    if game.phase == "over":
        return
    if isinstance(action, A.Narrate):
        narrate(game, action)
        return
    if game.phase == "town":
        town_action(game, action)
        return
    if isinstance(action, A.HeadBack):
        if not game.party.returning:
            game.party.returning = True
            game.say("The party turns for town, retracing its steps.", "hallway")
        return
    if isinstance(action, A.SpendStory):
        spend_story(game, action.seat)
        return
    if game.hallway.pending is not None:
        if designer_input(game, action):
            resume_room(game)
        return
    if not game.party.queue or action.seat != game.party.queue[0] or action.seat not in game.party.hero_of:
        return
    eid = game.party.hero_of[action.seat]
    used = hero_action(game, eid, action)
    if used and game.hallway.pending is None:
        turn_done(game, action.seat)


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


def hero_action(game: Game, eid: int, action: Any) -> bool:
    if isinstance(action, A.Move):
        return move(game, eid, action.dx, action.dy)
    if isinstance(action, A.Wait):
        return True
    if isinstance(action, A.Search):
        search(game, eid)
        return True
    if isinstance(action, A.Disarm):
        trap = known_trap_at(game, eid, action.x, action.y)
        if trap is None:
            game.say("There is no trap you know of there.")
            return False
        disarm(game, eid, trap)
        return True
    if isinstance(action, A.Interact):
        return interact(game, eid, action.x, action.y)
    if isinstance(action, A.PickUp):
        return pick_up(game, eid)
    if isinstance(action, A.UseItem):
        return use_item(game, eid, action.item)
    if isinstance(action, A.Drop):
        return drop(game, eid, action.item)
    if isinstance(action, A.Descend):
        return descend(game, eid)
    if isinstance(action, A.Ascend):
        return ascend(game, eid)
    return False
