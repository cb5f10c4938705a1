"""Story points (Budget Dungeons): a narrating seat's own line earns one; spending one adds two
dice to the hero's next roll."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import actions as A
from game.world.components import HeroState

if TYPE_CHECKING:
    from game.engine.game import Game

def spend_story(game: Game, seat: int) -> None:
    eid = game.party.hero_of.get(seat)
    if eid is None:
        return
    hero = game.world.comp(eid, HeroState)
    if hero.story_points <= 0 or hero.spend_story_point:
        game.say("No story point to spend." if hero.story_points <= 0 else "A story point is already in play.")
        return
    hero.story_points -= 1
    hero.spend_story_point = True
    game.say(f"{game.name(eid)} spends a story point: +2 dice on the next roll.", "narration")


def narrate(game: Game, action: A.Narrate) -> None:
    """A narrating seat's own line (hot-seat): it goes in the log under its name and earns the
    seat's hero a story point (Budget Dungeons)."""
    text = action.text.strip()[:200]
    if not text:
        return
    game.say(f"{game.seats[action.seat].name}: {text}", "narration", action.seat)
    eid = game.party.hero_of.get(action.seat)
    if eid is not None:
        game.world.comp(eid, HeroState).story_points += 1
