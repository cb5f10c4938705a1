"""Fungeoneers as the rules see them: level, Class Bonus, Hits, and which rolls their traits are
tied to (Fungeon "Creating Fungeoneers"; Budget Dungeons "Races", "Classes")."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.core.content import Traits
from game.rules.purchases import Treasure


@dataclass(frozen=True, slots=True)
class HeroSheet:
    """What the rules need to know of a hero. `types` and `actions` are what its race and class
    traits tie it to; `attack` is the Type it fights with."""

    name: str
    level: int
    traits: tuple[str, ...] = ()
    types: frozenset[str] = frozenset()
    actions: frozenset[str] = frozenset()
    attack: str = "blades"
    ties: tuple[tuple[frozenset[str], frozenset[str], int], ...] = ()  # (types, actions, degree) per trait
    hindrances: tuple[tuple[frozenset[str], frozenset[str]], ...] = ()  # (types, actions) per negative trait


def hero_sheet(table: Traits, name: str, level: int, race: str, race_trait: str, klass: str,
               class_traits: tuple[str, str], developed: tuple[str, ...] = ()) -> HeroSheet:
    """A hero's rules sheet from its race trait, two class traits and the traits picked or raised
    since (Budget Dungeons' character development): a trait held d times is of degree d."""
    chosen = (race_trait, *class_traits, *developed)
    types: set[str] = set()
    actions: set[str] = set()
    attack = table.classes[klass][1]
    for t in chosen:
        trait = table.traits[t]
        types.update(trait.types)
        actions.update(trait.actions)
    for t in class_traits:
        if table.traits[t].attack:
            attack = table.traits[t].attack
            break
    ties = tuple((frozenset(table.traits[t].types), frozenset(table.traits[t].actions), chosen.count(t))
                 for t in sorted(set(chosen)))
    hindrances = tuple((frozenset(table.traits[t].hinders_types), frozenset(table.traits[t].hinders_actions))
                       for t in sorted(set(chosen)) if table.traits[t].hinders_types or table.traits[t].hinders_actions)
    return HeroSheet(name=name, level=level, traits=chosen, types=frozenset(types),
                     actions=frozenset(actions), attack=attack, ties=ties, hindrances=hindrances)


def class_bonus(level: int) -> int:
    """Class Bonus is half the Level, fractions dropped."""
    return level // 2


def max_hits(level: int) -> int:
    """Hits are five times the Level."""
    return 5 * level


def is_tied(hero: HeroSheet, roll_type: str | None = None, action: str | None = None) -> bool:
    """A Class Bonus is granted when the hero's class (its traits) is tied to the roll's Type or
    to the action being taken."""
    return (roll_type is not None and roll_type in hero.types) or (
        action is not None and action in hero.actions
    )


def tied_degree(hero: HeroSheet, roll_type: str | None = None, action: str | None = None) -> int:
    """The highest degree among the hero's traits tied to this roll (0 when none is)."""
    best = None  # a plain loop: asked for every pool of every roll (a generator resumes per trait)
    for types, actions, d in hero.ties:
        if ((roll_type is not None and roll_type in types) or (action is not None and action in actions)) \
                and (best is None or d > best):
            best = d
    if best is not None:
        return best
    return 1 if is_tied(hero, roll_type, action) else 0


def tied_bonus(hero: HeroSheet, roll_type: str | None = None, action: str | None = None) -> int:
    """DESIGN.md §3 (Budget Dungeons' degrees): a roll tied to a trait of degree d gets the Class
    Bonus plus d - 1 dice; an untied roll gets nothing."""
    degree = tied_degree(hero, roll_type, action)
    return class_bonus(hero.level) + degree - 1 if degree else 0


def hindered(hero: HeroSheet, roll_type: str | None = None, action: str | None = None) -> int:
    """Dice lost to negative traits (a Troglodyte's blindness, an Infernal's curse): one for each
    that the roll's Type or action touches (Budget Dungeons: "-1 whenever dealing with...")."""
    return sum(1 for types, actions in hero.hindrances
               if (roll_type is not None and roll_type in types) or (action is not None and action in actions))


def item_applies(item: Treasure, roll_type: str | None, universal: bool) -> bool:
    """Magic item dice count against their own Type, or any Type when the item is Universal;
    never against Universal damage (Fungeon "Universal Damage")."""
    if universal or not (item.annoy or item.pain):
        return False
    return item.universal or (roll_type is not None and item.type == roll_type)


def pool_size(
    hero: HeroSheet,
    roll_type: str | None,
    action: str | None,
    universal: bool,
    item_dice: int,
    bonus_dice: int,
) -> int:
    """Level + Class Bonus if tied (and a die for each degree of the tied trait past the first) +
    the matching items' dice (+ banked or story dice). Universal damage removes the Class Bonus
    and every item die."""
    size = hero.level + bonus_dice
    if not universal:
        size += tied_bonus(hero, roll_type, action)
    size -= hindered(hero, roll_type, action)
    return max(1, size + item_dice)


def annoy_pool_size(
    hero: HeroSheet,
    roll_type: str | None,
    action: str | None = None,
    universal: bool = False,
    items: Iterable[Treasure] = (),
    bonus_dice: int = 0,
) -> int:
    """Dice a hero rolls to resist (Fungeon "Annoying Conflicts"), with items' Annoy dice."""
    magic = sum(i.annoy for i in items if item_applies(i, roll_type, universal))
    return pool_size(hero, roll_type, action, universal, magic, bonus_dice)


def pain_pool_size(
    hero: HeroSheet,
    roll_type: str | None,
    action: str | None = None,
    universal: bool = False,
    items: Iterable[Treasure] = (),
    bonus_dice: int = 0,
) -> int:
    """Dice a hero rolls in a painful conflict (Fungeon "Painful Conflicts"), with items' Pain dice."""
    magic = sum(i.pain for i in items if item_applies(i, roll_type, universal))
    return pool_size(hero, roll_type, action, universal, magic, bonus_dice)
