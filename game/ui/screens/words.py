"""Game things in plain words for the screens: an item's features, an effect, a hero's traits and
what they tie the hero to. Pure functions of the game's values; no drawing here."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.content import traits
from game.core.sentences import plural
from game.engine.reach import RANGED_REACH, RANGED_TYPES
from game.rules.costs import trade_value, treasure_cost
from game.rules.heroes import class_bonus, hero_sheet
from game.rules.purchases import Treasure
from game.world.components import Effect


def item_name(spec: Treasure, fallback: str = "an item") -> str:
    return spec.name or fallback


def item_features(spec: Treasure) -> list[str]:
    """Every purchased feature of an item, one phrase each, in the order the rules price them."""
    out = ["fancy" if spec.fancy else "mundane"]
    if spec.value:
        out.append(f"+{spec.value} value")
    if spec.heal:
        out.append(f"heals {plural(spec.heal, 'Hit')} (one use)")
    kind = "any Type" if spec.universal else (spec.type or "its Type")
    if spec.annoy:
        out.append(f"+{plural(spec.annoy, 'Annoy die')} vs {kind}")
    if spec.pain:
        out.append(f"+{plural(spec.pain, 'Pain die')} vs {kind}")
    if spec.universal and not (spec.annoy or spec.pain):
        out.append("Universal")
    return out


def magic_words(spec: Treasure) -> str:
    """What an item does, in a few words ('heals 2 Hits', '+2 Annoy dice vs fire'), or its kind."""
    magic = [f.replace(" (one use)", "") for f in item_features(spec)[1:] if not f.endswith(" value")]
    return ", ".join(magic) or ("fancy" if spec.fancy else "mundane")


def kit_words(items: tuple[Treasure, ...]) -> str:
    """A starting kit in one line: 'a healer's draught (heals 2 Hits), a battered shield (+2 Annoy
    dice vs blades)'."""
    return ", ".join(f"{item_name(i)} ({magic_words(i)})" for i in items) or "nothing"


QUEST_OBJECT = "what the quest is after"  # the quest's object: no features, and town takes it as no trade


def item_summary(spec: Treasure, objective: bool = False) -> str:
    """'fancy, heals 3 Hits (one use); trade 2', or what the quest's object is for, as taking it says."""
    if objective:
        return f"{QUEST_OBJECT}, not for trading"
    return f"{', '.join(item_features(spec))}; trade {trade_value(spec)}"


def item_details(spec: Treasure) -> list[str]:
    """Sentences for the inventory's detail panel."""
    lines = []
    if spec.fancy:
        lines.append("Fancy: it can hold magic.")
    else:
        lines.append("Mundane: no magic; it is worth only what it fetches in town.")
    if spec.value:
        lines.append(f"Increased Value: +{spec.value}.")
    if spec.heal:
        lines.append(f"Healing: restores {plural(spec.heal, 'Hit')} when used, then it is gone.")
    if spec.annoy or spec.pain:
        against = "rolls of any Type (Universal)" if spec.universal else f"rolls of Type {spec.type or '?'}"
        dice = " and ".join(plural(n, f"{kind} die") for n, kind in ((spec.annoy, "Annoy"), (spec.pain, "Pain")) if n)
        lines.append(f"Magic dice: adds {dice} to the carrier's pool in {against}; never against Universal harm.")
    elif spec.universal:
        lines.append("Universal.")
    lines.append(f"Cost {treasure_cost(spec)}; trades in town for {trade_value(spec)}.")
    return lines


def usable(spec: Treasure) -> bool:
    """Only healing is used up; magic dice work while the item is carried."""
    return spec.heal > 0


def effect_words(effect: Effect) -> str:
    parts = [effect.type]
    if effect.hold:
        parts.append("held")
    parts.append("continuous")
    if effect.universal:
        parts.append("Universal")
    # when it is rolled (engine/combat.py continuous_effects, struggle_free): a trap's harm in the
    # Hallway only; a hold each round until broken (harm only if Continuous Damage too); a monster's
    # continuous damage in each combat turn and in each Hallway
    if effect.from_trap:
        dice = f"{effect.annoy} Annoy / {effect.pain} Pain dice each Hallway"
    elif effect.hold:
        dice = f"{effect.annoy} Annoy dice to break free each round, while its holder fights"
        if effect.pain:  # a hold bought with Continuous Damage too: it hurts while it holds
            dice += f"; {effect.pain} Pain dice each combat turn it holds"
    else:
        dice = f"{effect.annoy} Annoy / {effect.pain} Pain dice each combat turn and each Hallway"
    return f"{effect.source}: {', '.join(parts)}; {dice}"


def trait_words(chosen: tuple[str, ...]) -> list[str]:
    """'very strong', 'cunning': the traits with their degrees (Budget Dungeons)."""
    return traits().describe(tuple(chosen))


def hindrance_words(held: Sequence[str]) -> list[tuple[str, str]]:
    """Each negative trait the hero carries and the rolls it takes a die from (Budget Dungeons: -1
    whenever dealing with them; `rules.heroes.hindered`), as ("blind", "disarm, search")."""
    table = traits().traits
    out = []
    for name in dict.fromkeys(held):
        trait = table[name]
        parts = [", ".join(sorted(trait.hinders_actions))] if trait.hinders_actions else []
        if trait.hinders_types:
            parts.append("against or with " + ", ".join(sorted(trait.hinders_types)))
        if parts:
            out.append((name.replace("_", " "), "; ".join(parts)))
    return out


def ties(chosen: tuple[str, ...], klass: str) -> tuple[list[str], list[str], str]:
    """(Types, actions, attack Type) that the chosen traits tie a hero to: the race trait, the two
    class traits and every one after them (a flawed race's second trait, the grown ones), as the
    engine's sheet of the hero (`Game.sheet`) reads them."""
    sheet = hero_sheet(traits(), "", 1, "", chosen[0], klass, (chosen[1], chosen[2]), tuple(chosen[3:]))
    return sorted(sheet.types), sorted(sheet.actions), sheet.attack


def reach_words(attack: str) -> str:
    """How far a hero's attack Type reaches in the combat turn (DESIGN.md §4): a ranged Type
    strikes a monster it can see within `RANGED_REACH` tiles, any other only one beside it."""
    if attack in RANGED_TYPES:
        return f"ranged: strikes what it sees within {RANGED_REACH} tiles"
    return "strikes only what stands beside it"


def bonus_words(level: int) -> str:
    bonus = class_bonus(level)
    return f"+{bonus} {'die' if bonus == 1 else 'dice'}" if bonus else "none yet (Level 2 gives +1 die)"
