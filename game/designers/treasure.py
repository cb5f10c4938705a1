"""The Treasure seat (Fungeon "Treasure", "Treasure Costs"): spend Party Min + Floor exactly.

cost = (1 Mundane | 2 Fancy) + Increased Value + Heal points, x 2^(Annoy pairs + Pain dice +
Universal). Decisions taken here: magic only on Fancy items (the rule); an item with magic dice
gets a Type, favouring Types this room's monsters use and Types the party is not yet protected
against; Universal is bought only on an item that has dice for it to widen."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.core.rng import Stream
from game.designers.personality import TreasureStyle
from game.designers.scout import PartyView, pick_type, type_kinds
from game.designers.spend import allot, pick_features, wished_count
from game.rules.costs import treasure_cost, treasure_violations
from game.rules.purchases import Treasure

ANY_KIND = tuple((kind, 1.0) for kind in sorted(set(type_kinds().values())))


@dataclass(frozen=True, slots=True)
class TreasureWish:
    fancy: bool
    heal: bool
    features: tuple[str, ...]  # "annoy" (a pair) / "pain" (a die) / "universal", doubling each


def wish_for(style: TreasureStyle, stream: Stream) -> TreasureWish:
    fancy = stream.chance(style.fancy)
    heal = fancy and stream.chance(style.heal)
    features: list[str] = []
    if fancy and stream.chance(style.magic):
        dice = tuple((n, w) for n, w in style.features if n != "universal")
        count = max(1, wished_count(stream, style.doublings))
        features = [pick_features(stream, dice, 1)[0] for _ in range(count)]
        if dict(style.features).get("universal", 0) > 0 and len(features) > 1:
            # the last doubling becomes Universal, with the personality's appetite for it
            total = sum(w for _, w in style.features)
            if stream.chance(dict(style.features)["universal"] / total):
                features[-1] = "universal"
    return TreasureWish(fancy, heal, tuple(features))


def min_cost(wish: TreasureWish) -> int:
    """The least a wished item may cost. A Mundane item gets at least one Increased Value (2
    points): a bare one costs 1 and trades for floor(1/2) = 0, loot worth nothing (issue 14)."""
    base = 2 + int(wish.heal)  # Fancy (2), or Mundane (1) with one Increased Value
    return base << len(wish.features)


def build_item(
    cost: int, wish: TreasureWish, party: PartyView, stream: Stream, favoured: Sequence[str]
) -> Treasure:
    """An item costing exactly `cost` (>= 1), keeping as much of the wish as the points allow."""
    k = len(wish.features)
    while k and (cost % (1 << k) or (cost >> k) < 2):
        k -= 1
    features = wish.features[:k]  # Universal is only ever last, after the dice it widens
    base = cost >> k
    fancy = bool(features) or (wish.fancy and base >= 2)
    rest = base - (2 if fancy else 1)
    heal = 0
    if fancy and wish.heal and rest:
        heal = max(1, rest - rest // 3)  # mostly healing, a little value for the trade
    value = rest - heal
    annoy = 2 * features.count("annoy")
    pain = features.count("pain")
    kind = ""
    if annoy or pain:
        if favoured and stream.chance(0.5):
            kind = stream.choice(list(favoured))
        else:
            kind = pick_type(stream, ANY_KIND, party)
    return Treasure(
        fancy=fancy,
        value=value,
        heal=heal,
        annoy=annoy,
        pain=pain,
        universal="universal" in features,
        type=kind,
    )


def check_treasure(items: Iterable[Treasure], budget: int) -> None:
    spent = 0
    for item in items:
        broken = treasure_violations(item)
        assert not broken, f"{item}: {broken[0].reason}"
        assert not item.universal or item.annoy or item.pain, f"{item}: Universal with no dice"
        spent += treasure_cost(item)
    assert spent == budget, f"treasure: spent {spent} of {budget}"


def design_treasure(
    budget: int, party: PartyView, style: TreasureStyle, stream: Stream, favoured: Sequence[str] = ()
) -> tuple[Treasure, ...]:
    """Items costing exactly `budget` together (budget >= 1). `favoured` are Types worth warding
    against in this room (its monsters' Types)."""
    if budget < 1:
        raise ValueError("a treasure budget is at least 1")
    wishes = [wish_for(style, stream) for _ in range(wished_count(stream, style.count))]
    minimums = [min_cost(w) for w in wishes]
    while len(wishes) > 1 and sum(minimums) > budget:
        wishes.pop()
        minimums.pop()
    minimums = [min(m, budget) for m in minimums]
    parts = allot(
        budget, minimums, [1 << len(w.features) for w in wishes], [style.lead] + [1.0] * (len(wishes) - 1)
    )
    items = tuple(build_item(c, w, party, stream, favoured) for c, w in zip(parts, wishes, strict=True))
    check_treasure(items, budget)
    return items
