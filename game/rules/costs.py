"""Point costs of traps, monsters and treasure, and the validators that name each broken rule
(Fungeon, "Trap Costs", "Monster Costs", "Treasure Costs"). Add the points, then double."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from game.core.sentences import plural
from game.rules.purchases import Ability, Monster, Trap, Treasure, Violation


def trap_cost(trap: Trap) -> int:
    """Fungeon "Trap Costs": 1 per 2 Annoy dice, 1 per Pain die, 1 for Guards Treasure; then
    double for each of Unlimited Use, Universal Damage and Continuous Damage."""
    base = trap.annoy // 2 + trap.pain + int(trap.guards_treasure)
    return base << (int(trap.unlimited) + int(trap.universal) + int(trap.continuous))


def ability_points(ability: Ability) -> int:
    """An ability's points before doubling: 1 per 2 Annoy dice, 1 per Pain die, 1 per Resist die."""
    return ability.annoy // 2 + ability.pain + len(ability.resist)


def ability_doublings(ability: Ability) -> int:
    """Each of Continuous Hold, Continuous Damage and Universal Damage doubles the monster's cost."""
    return int(ability.hold) + int(ability.continuous) + int(ability.universal)


def monster_cost(monster: Monster) -> int:
    """Fungeon "Monster Costs": Level + every ability's points, doubled once per doubling feature
    over all abilities (two Continuous abilities double twice)."""
    base, doublings = monster.level, 0
    for ability in monster.abilities:  # one pass: every monster designed or spawned is costed
        base += ability_points(ability)
        doublings += ability_doublings(ability)
    return base << doublings


def monster_hits(level: int) -> int:
    """A monster has three times its Level in Hits."""
    return 3 * level


def treasure_cost(item: Treasure) -> int:
    """Fungeon "Treasure Costs": 1 Mundane or 2 Fancy, +1 per Increased Value, +1 per Heal point;
    doubled once per Annoy pair, once per Pain die and once for Universal Type."""
    base = (2 if item.fancy else 1) + item.value + item.heal
    return base << (item.annoy // 2 + item.pain + int(item.universal))


def trade_value(item: Treasure) -> int:
    """In town a treasure trades for half its cost, rounded down."""
    return treasure_cost(item) // 2


def trap_violations(trap: Trap) -> list[Violation]:
    out = []
    if trap.annoy < 2:
        out.append(Violation("annoy_pair", "a trap needs at least one pair of Annoy dice"))
    if trap.annoy % 2:
        out.append(Violation("annoy_pairs", "Annoy dice are bought in pairs"))
    if trap.pain < 0:
        out.append(Violation("negative", "Pain dice cannot be negative"))
    if not trap.type:
        out.append(Violation("type", "a trap deals exactly one Type of damage"))
    return out


def ability_violations(ability: Ability, party_types: Collection[str]) -> list[Violation]:
    out = []
    if ability.annoy < 2:
        out.append(Violation("annoy_pair", "a special ability needs at least one pair of Annoy dice"))
    if ability.annoy % 2:
        out.append(Violation("annoy_pairs", "Annoy dice are bought in pairs"))
    if ability.pain < 0:
        out.append(Violation("negative", "Pain dice cannot be negative"))
    if not ability.type:
        out.append(Violation("type", "a special ability needs a Type"))
    for resisted in ability.resist:
        if resisted not in party_types:
            out.append(
                Violation("pointless_resist", f"no hero attacks with {resisted}: resisting it is pointless")
            )
    return out


def monster_violations(monster: Monster, floor: int, party_types: Collection[str]) -> list[Violation]:
    """Every rule a monster must keep; `party_types` are the Types the party attacks with."""
    out = []
    if monster.level < 1:
        out.append(Violation("level", "a monster has at least Level 1"))
    for ability in monster.abilities:
        out.extend(ability_violations(ability, party_types))
    if monster_cost(monster) < floor:
        out.append(
            Violation("floor_minimum", f"each monster must cost at least the Floor ({floor} points)")
        )
    return out


def treasure_violations(item: Treasure) -> list[Violation]:
    out = []
    magic = item.heal or item.annoy or item.pain or item.universal
    if magic and not item.fancy:
        out.append(Violation("mundane_magic", "only a Fancy item may be magic"))
    if item.annoy % 2:
        out.append(Violation("annoy_pairs", "Annoy dice are bought in pairs"))
    if min(item.value, item.heal, item.annoy, item.pain) < 0:
        out.append(Violation("negative", "no feature can be bought a negative number of times"))
    if (item.annoy or item.pain) and not item.universal and not item.type:
        out.append(Violation("type", "magic with dice needs a Type"))
    return out


def budget_violations(costs: Iterable[int], budget: int, category: str) -> list[Violation]:
    """You must spend all the points you are given: no more, no fewer."""
    spent = sum(costs)
    if spent < budget:
        return [Violation("underspent", f"{category}: {budget - spent} of {plural(budget, 'point')} left to spend")]
    if spent > budget:
        return [Violation("overspent", f"{category}: {plural(spent, 'point')} spent of a budget of {budget}")]
    return []
