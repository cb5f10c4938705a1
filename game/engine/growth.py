"""Character development (Budget Dungeons, DESIGN.md §3): at each level gained and when the
run's quest is fulfilled, a hero raises one of its traits a degree and gains a story point, in
solo play too. The trait raised is the one its fighting leans on (tied to its attack Type or to
the fight), else its first class trait: the choice an AI hero's personality makes; a human
hero grows the same way until the Hallway offers the choice (not built yet)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.content import traits
from game.world.components import HeroState

if TYPE_CHECKING:
    from game.engine.game import Game


def trait_to_raise(game: Game, eid: int) -> str:
    hero = game.world.comp(eid, HeroState)
    table = traits()
    attack = game.sheet(eid).attack
    for name in dict.fromkeys(hero.traits):
        trait = table.traits[name]
        if attack in trait.types or "fight" in trait.actions:
            return name
    return hero.traits[1]


def develop(game: Game, eid: int, why: str) -> None:
    """One step of growth: a trait a degree higher and a story point."""
    hero = game.world.comp(eid, HeroState)
    name = trait_to_raise(game, eid)
    hero.traits = (*hero.traits, name)
    hero.story_points += 1
    now = next(d for d in traits().describe(hero.traits) if d.endswith(name.replace("_", " ")))
    game.say(f"{game.name(eid)} grows ({why}): now {now}, and a story point to spend.", "hallway")
