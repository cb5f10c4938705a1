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


def hero_sheet(table: Traits, name: str, level: int, race: str, race_trait: str, klass: str,
               class_traits: tuple[str, str]) -> HeroSheet:
    """A hero's rules sheet from its race trait and two class traits (Budget Dungeons)."""
    chosen = (race_trait, *class_traits)
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
    return HeroSheet(name=name, level=level, traits=chosen, types=frozenset(types),
                     actions=frozenset(actions), attack=attack)


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
    """Level + Class Bonus if tied + the matching items' dice (+ banked or story dice).
    Universal damage removes the Class Bonus and every item die."""
    size = hero.level + bonus_dice
    if not universal and is_tied(hero, roll_type, action):
        size += class_bonus(hero.level)
    return size + item_dice


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
