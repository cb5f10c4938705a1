"""Character development (Budget Dungeons, DESIGN.md §3): at each level gained and when the
run's quest is fulfilled, a hero picks a new trait or raises one a degree, and gains a story
point, in solo play too. No trait goes past its highest degree, an AI hero's as a human's. An AI
hero raises the trait its fighting leans on (tied to its attack Type or to the fight) while it
may, else takes the first trait offered: its personality's choice. A human hero gets the story
point at once and is owed the choice (`HeroState.growth_due`): the game waits for it
(`Game.awaiting` says "trait") and the player makes it as a recorded `ChooseTrait`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.content import traits
from game.engine.results import DONE, Refused, Result
from game.world.components import HeroState

if TYPE_CHECKING:
    from game.engine import actions as A
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
    """One step of growth: a story point, and a trait a degree higher (an AI hero's, chosen by
    its personality) or a trait choice owed (a human's)."""
    hero = game.world.comp(eid, HeroState)
    hero.story_points += 1
    if not growth_choices(game, eid):  # every trait it may grow by is at its highest degree
        game.say(f"{game.name(eid)} grows ({why}): a story point to spend.", "hallway")
        return
    if game.seats[hero.seat].human:
        hero.growth_due += 1
        game.say(f"{game.name(eid)} grows ({why}): a story point to spend, and a new trait or a trait a "
                 f"degree higher to choose.", "hallway")
        return
    name = ai_growth(game, eid)
    hero.traits = (*hero.traits, name)
    game.say(f"{game.name(eid)} grows ({why}): now {degree_words(hero.traits, name)}, and a story point to "
             f"spend.", "hallway")


def ai_growth(game: Game, eid: int) -> str:
    """The AI's pick among what the hero may grow by (not none): the trait its fighting leans on
    while that may still be raised, else the first one offered (as a player taking the menu's top
    line). The highest degree holds for an AI hero as for a human's."""
    offered = [trait for trait, _ in growth_choices(game, eid)]
    wished = trait_to_raise(game, eid)
    return wished if wished in offered else offered[0]


def degree_words(held: tuple[str, ...], name: str) -> str:
    """'very strong': the trait `name` at the degree `held` gives it."""
    return traits().describe(held)[list(dict.fromkeys(held)).index(name)]  # `describe` keeps that order


def growth_choices(game: Game, eid: int) -> list[tuple[str, str]]:
    """What a hero may grow by: (trait, "raise") for each trait it holds below the highest degree,
    then (trait, "new") for each trait of its race and class it does not hold yet. Negative
    traits (a race's flaw) are never grown."""
    hero = game.world.comp(eid, HeroState)
    table = traits()

    def growable(name: str) -> bool:
        trait = table.traits[name]
        return not trait.hinders_types and not trait.hinders_actions

    out = [(t, "raise") for t in dict.fromkeys(hero.traits)
           if growable(t) and hero.traits.count(t) < len(table.degrees)]
    offered = (*table.races.get(hero.race, ()), *table.classes.get(hero.klass, ((), ""))[0])
    out += [(t, "new") for t in dict.fromkeys(offered) if t not in hero.traits and growable(t)]
    return out


def ties_words(name: str) -> str:
    """What a trait ties a hero to, in words: the actions, the Types, the attack it fights with."""
    trait = traits().traits[name]
    parts = []
    if trait.actions:
        parts.append(", ".join(trait.actions))
    if trait.types:
        parts.append("against or with " + ", ".join(trait.types))
    if trait.attack:
        parts.append(f"attacks with {trait.attack}")
    return "; ".join(parts) or "ties to nothing in particular"


def choose_trait(game: Game, action: A.ChooseTrait) -> Result:
    """A human hero's owed growth, as its player chose it."""
    eid = game.party.hero_of.get(action.seat)
    hero = game.world.try_comp(eid, HeroState) if eid is not None else None
    if hero is None or hero.hits <= 0:
        return Refused("That seat has no living hero.")
    if hero.growth_due <= 0:
        return Refused(f"{game.name(eid)} has no growth to choose now.")
    if action.trait not in {t for t, _ in growth_choices(game, eid)}:
        return Refused(f"{game.name(eid)} cannot grow by '{action.trait}'.")
    hero.traits = (*hero.traits, action.trait)
    hero.growth_due -= 1
    game.say(f"{game.name(eid)} grows: now {degree_words(hero.traits, action.trait)}.", "hallway")
    return DONE

