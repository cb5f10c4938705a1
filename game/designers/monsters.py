"""The Monsters seat (Fungeon "Monsters", "Monster Costs"): spend Party Total + Floor exactly, at
least Floor points on each monster, and make monsters that threaten.

cost = (Level + per ability: Annoy pairs + Pain dice + Resist dice) x 2^(Continuous Hold,
Continuous Damage and Universal over all abilities). Decisions taken here:
- every ability either holds or has at least one Pain die (a special ability that neither holds
  nor hurts is a point spent on nothing), and a Continuous Damage ability has a Pain die;
- Resist dice are bought only against a Type some hero attacks with;
- a monster's Level is kept at its personality's share of Party Min whenever the points allow,
  so a budget that can buy a real threat never buys a pile of Level-1 fodder instead;
- and it is kept under `threat_cap` (Party Max + half the Floor) whenever the points can go to
  something else: a threat, not a certain wipe;
- a monster with an ability keeps its Level past the wish, and its abilities' Level + Pain, to
  `aim_cap` (Party Min + 2): an ability strikes one hero alone, aimed at the weakest."""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from dataclasses import dataclass

from game.core.rng import Stream
from game.designers.naming import title
from game.designers.personality import MonsterStyle
from game.designers.scout import PartyView, pick_resist, pick_type
from game.designers.spend import allot, pick_features, split_points, wished_count
from game.rules.costs import monster_cost, monster_violations
from game.rules.purchases import Ability, Monster

FEATURES = ("hold", "continuous", "universal")  # the doubling features of an ability
MAX_ABILITIES = 3  # a designer adds abilities up to this many to take points its caps refuse


@dataclass(frozen=True, slots=True)
class MonsterWish:
    """What a designer would like one monster to be, before the points are shared out."""

    level: int
    abilities: int
    features: tuple[str, ...]  # doubling features, most wanted first


def _spread(features: tuple[str, ...], count: int) -> list[set[str]]:
    """Doubling features dealt over `count` abilities, each feature at most once per ability,
    the least loaded ability first."""
    slots: list[set[str]] = [set() for _ in range(count)]
    for f in features:
        free = [s for s in slots if f not in s]
        min(free, key=len).add(f)
    return slots


def _needed_abilities(features: tuple[str, ...]) -> int:
    return max((features.count(f) for f in set(features)), default=0)


def _min_ability_points(slots: list[set[str]]) -> int:
    """One Annoy pair each, and one Pain die on every ability that does not hold."""
    return sum(1 if "hold" in s else 2 for s in slots)


def _shape(cost: int, wish: MonsterWish) -> tuple[int, list[set[str]], int]:
    """(doublings, abilities' features, Level) for a monster of exactly `cost`: the most doubling
    features of the wish that still leave the wished Level; if none does, the highest Level."""
    best: tuple[int, list[set[str]], int] | None = None
    for k in range(len(wish.features), -1, -1):
        if cost % (1 << k):
            continue
        base = cost >> k
        feats = wish.features[:k]
        need = _needed_abilities(feats)
        for count in range(max(wish.abilities, need), need - 1, -1):
            slots = _spread(feats, count)
            level = base - _min_ability_points(slots)
            if level < 1:
                continue
            if level >= wish.level:
                return k, slots, level
            if best is None or level > best[2]:
                best = (k, slots, level)
    assert best is not None  # k = 0 with no ability is a plain monster of Level `cost`
    return best


@functools.lru_cache(maxsize=4096)
def min_cost(wish: MonsterWish, floor: int) -> int:
    """The fewest points that buy this wish whole (never under the Floor). Kept per (wish,
    Floor): a personality wishes for the same few monsters room after room."""
    slots = _spread(wish.features, max(wish.abilities, _needed_abilities(wish.features)))
    base = wish.level + _min_ability_points(slots)
    return max(floor, base << len(wish.features))


def wish_for(style: MonsterStyle, party: PartyView, stream: Stream, cap: int | None = None) -> MonsterWish:
    level = max(1, math.ceil(style.level * (party.max if style.level_of == "max" else party.min) - 1e-9))
    if cap is not None:
        level = min(level, cap)
    abilities = wished_count(stream, style.abilities)
    doublings = wished_count(stream, style.doublings)
    if doublings and not abilities:
        abilities = 1
    features = tuple(pick_features(stream, style.features, doublings, limit=max(1, abilities)))
    return MonsterWish(level, abilities, features)


def threat_cap(party: PartyView, floor: int) -> int:
    """The highest Level (and Level + Pain dice of an ability) a designer gives a monster when it
    has other ways to spend: Party Max, so that no monster rolls more dice than the strongest
    hero unless its points can go nowhere else (a lone hero of Level 2 on Floor 2 would
    otherwise meet a Level-4 monster in the first room: a wipe, not a fight).

    Why: in a painful conflict only the single highest die of each rank deals damage, so damage
    per turn is the size of the biggest pool, and a monster with many more dice than any hero
    wins the ranks nobody else reaches unopposed; and a hero who loses an annoy conflict takes
    the obstacle's successes as extra Pain dice (Law of Successes). Party Total + Floor in one
    Level is a wipe, not a fight. So an ability's Level + Pain dice stay within the cap and its
    Level + Annoy dice within one more; points past that buy more abilities (up to three: more
    ways to hurt, not more dice of hurt), then Resist dice (there is always a Type the party
    attacks with), which make the monster tougher, not deadlier. A lone monster
    with no ability to take them still gets them as Level: the budget is spent whatever
    happens."""
    return max(1, party.max)


def aim_cap(party: PartyView) -> int:
    """The most damage dice (Level + Pain) a designer gives a special ability when its points can
    go elsewhere: Party Min + 2 (Annoy dice keep the threat cap: only the highest one counts).
    Why: an ability is one monster against one hero, aimed where the party is weakest
    (engine.tactics), and every Pain die past the hero's own lands unopposed, so an ability sized
    to the strongest hero kills a newcomer (Level Floor - 1) outright; melee faces the whole
    party and keeps the threat cap."""
    return party.min + 2


def build_monster(
    cost: int,
    wish: MonsterWish,
    style: MonsterStyle,
    party: PartyView,
    stream: Stream,
    used_types: list[str],
    cap: int | None = None,
) -> Monster:
    """A monster costing exactly `cost` (>= 1), as close to the wish as the points allow, its
    Level and damage dice kept to `cap` where the points can go elsewhere."""
    k, slots, level_room = _shape(cost, wish)
    base = cost >> k
    if cap is not None and not slots and base - cap >= 1 and base >= 3:  # Level 1 + the cheapest ability
        slots = [set()]  # an ability to take the points a Level past the cap would have taken
    minimum = _min_ability_points(slots)
    if slots:
        floor_level = min(wish.level, level_room)
        wanted = round(base * style.ability_share)
        points = max(minimum, min(base - floor_level, wanted))
        if cap is not None:  # Level past the wish kept to the aim cap: its ability adds Level dice
            points = min(base - 1, max(points, base - max(min(cap, aim_cap(party)), floor_level)))
    else:
        points = 0
    level = base - points
    pain_room = max(1, cap - level) if cap is not None else base
    pair_cap = max(1, (cap + 1 - level) // 2) if cap is not None else base
    while slots and len(slots) < MAX_ABILITIES and points - 2 >= len(slots) * (pair_cap + pain_room):
        slots.append(set())  # more ways to hurt, rather than more dice of hurt
        minimum += 2
    pairs = [1] * len(slots)
    pain = [0 if "hold" in s else 1 for s in slots]
    pain_cap = min(pain_room, max(1, aim_cap(party) - level))
    resist: list[list[str]] = [[] for _ in slots]
    dice = style.dice if party.attacks else tuple((n, w) for n, w in style.dice if n != "resist")
    if not any(w for _, w in dice):
        dice = (("pain", 1.0),)
    extra = split_points(stream, points - minimum, dice) if slots else {}
    for name in ("annoy", "pain", "resist"):
        for _ in range(extra.get(name, 0)):
            i = stream.below(len(slots))
            name_i = name
            if name_i == "pain" and pain[i] >= pain_cap:
                name_i = "annoy"  # no more damage dice past the cap: a surer hit instead,
            if name_i == "annoy" and pairs[i] >= pair_cap:
                name_i = "resist"  # and past that, toughness against the party's own weapons
            if name_i == "annoy":
                pairs[i] += 1
            elif name_i == "pain":
                pain[i] += 1
            else:
                resist[i].append(pick_resist(stream, party) or "")
    abilities = []
    for i, feats in enumerate(slots):
        kind = pick_type(stream, style.kinds, party, used_types)
        used_types.append(kind)
        abilities.append(
            Ability(
                type=kind,
                annoy=2 * pairs[i],
                pain=pain[i],
                resist=tuple(sorted(resist[i])),
                hold="hold" in feats,
                continuous="continuous" in feats,
                universal="universal" in feats,
            )
        )
    return Monster(level=level, abilities=tuple(abilities))


def check_monsters(monsters: Iterable[Monster], budget: int, floor: int, party: PartyView) -> None:
    """Every rule the Monsters seat keeps; an AssertionError names the first broken one."""
    spent = 0
    for m in monsters:
        broken = monster_violations(m, floor, party.attack_types)
        assert not broken, f"{m}: {broken[0].reason}"
        for a in m.abilities:
            assert a.hold or a.pain > 0, f"{m}: an ability that neither holds nor hurts"
        spent += monster_cost(m)
    assert spent == budget, f"monsters: spent {spent} of {budget}"


def design_monsters(
    budget: int,
    floor: int,
    party: PartyView,
    style: MonsterStyle,
    stream: Stream,
    used_types: list[str] | None = None,
) -> tuple[Monster, ...]:
    """Monsters costing exactly `budget` together, each at least `floor` points (needs
    budget >= floor >= 1). `used_types` collects the Types chosen (to vary a room's Types)."""
    if budget < max(1, floor):
        raise ValueError(f"a monster budget of {budget} cannot buy a monster of {floor} points")
    used = used_types if used_types is not None else []
    cap = threat_cap(party, floor)
    wishes = [wish_for(style, party, stream, cap) for _ in range(wished_count(stream, style.count))]
    minimums = [min_cost(w, floor) for w in wishes]
    while len(wishes) > 1 and sum(minimums) > budget:
        wishes.pop()
        minimums.pop()
    minimums = [min(m, budget) for m in minimums]
    parts = allot(
        budget,
        minimums,
        [1 << len(w.features) for w in wishes],
        [style.lead] + [1.0] * (len(wishes) - 1),
    )
    monsters = tuple(
        build_monster(cost, wish, style, party, stream, used, cap)
        for cost, wish in zip(parts, wishes, strict=True)
    )
    check_monsters(monsters, budget, floor, party)
    return monsters


def design_with_target(
    target: str,
    budget: int,
    floor: int,
    party: PartyView,
    style: MonsterStyle,
    stream: Stream,
    used_types: list[str] | None = None,
) -> tuple[Monster, ...] | None:
    """A quest's target bought first from the room's budget (DESIGN.md §3: nothing in a room is
    free): the creature at Floor Level (the least a monster may cost), raised by whatever the rest
    of the budget could not buy a monster with; the rest designed as usual. None when the budget
    cannot hold it (it then waits for the next room that can)."""
    if budget < max(1, floor):
        return None
    level, rest = max(1, floor), budget - max(1, floor)
    if 0 < rest < max(1, floor):
        level, rest = level + rest, 0
    first = Monster(level, "claws", (), title(target))  # named as the room's other monsters are: "Kobold Lord"
    others = design_monsters(rest, floor, party, style, stream, used_types) if rest else ()
    monsters = (first, *others)
    check_monsters(monsters, budget, floor, party)
    return monsters
