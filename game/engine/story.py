"""Story points (Budget Dungeons): a narrating seat's own line earns one; spending one adds two
dice to the hero's next roll."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import actions as A
from game.engine.log import RollRecord
from game.engine.results import DONE, Refused, Result
from game.world.components import HeroState

if TYPE_CHECKING:
    from game.engine.game import Game

def spend_story(game: Game, action: A.SpendStory) -> Result:
    """A story point spent: two more dice on the hero's next roll (no turn passes)."""
    eid = game.party.hero_of.get(action.seat)
    if eid is None:
        return Refused("That seat has no hero.")
    hero = game.world.comp(eid, HeroState)
    if hero.story_points <= 0 or hero.spend_story_point:
        return Refused("No story point to spend." if hero.story_points <= 0  # a notice: nothing happened
                       else "A story point is already in play.")
    hero.story_points -= 1
    hero.spend_story_point = True
    game.say(f"{game.name(eid)} spends a story point: +2 dice on the next roll.", "narration")
    return DONE


def narrate(game: Game, action: A.Narrate) -> Result:
    """A narrating seat's own line (hot-seat): it goes in the log under its name, and under the
    turn of the roll it tells (the party's turn may have passed since), and earns the seat's hero
    a story point (Budget Dungeons)."""
    text = action.text.strip()[:200]
    if not text:
        return Refused("An empty line tells nothing.")
    told = told_roll(game, action.seat)
    game.say(f"{game.seats[action.seat].name}: {text}", "narration", action.seat,
             turn=told.turn if told is not None else None)
    eid = game.party.hero_of.get(action.seat)
    if eid is not None:
        game.world.comp(eid, HeroState).story_points += 1
    return DONE


def told_roll(game: Game, seat: int) -> RollRecord | None:
    """The latest roll `seat` may tell: its Thwack-O die won it and it came to something."""
    return next((r for r in reversed(game.rolls) if r.narrator == seat and r.came_to_something), None)
