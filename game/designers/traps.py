"""The Traps seat (Fungeon "Traps", "Trap Costs"): spend Party Max + Floor exactly and put every
trap on a spot of the room where a common action springs it.

cost = (Annoy pairs + Pain dice + 1 if it Guards Treasure) x 2^(Unlimited + Universal +
Continuous). Trap kinds and their Types come from the book's trap rows (data/rttd/traps.toml),
each only on the actions it fits (a pit on the floor, a needle on a lock). Decisions taken here:
- a trap has a Pain die whenever it has the points for one, and a doubling feature is bought
  only for a trap that keeps its Pain die (Continuous Damage with no Pain would be no damage);
- Guards Treasure is bought only when the room holds treasure, and a guarding trap sits on the
  spot that holds it (or, for treasure lying in the open, on the way to it);
- several traps may share one spot only once every spot of the room holds a trap."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from game.core.rng import Stream
from game.designers.personality import TrapStyle
from game.designers.records import PlacedTrap
from game.designers.scout import REPEAT_WEIGHT, UNPROTECTED_WEIGHT, PartyView, type_kinds
from game.designers.spend import allot, pick_features, split_points, wished_count
from game.mapgen import tables
from game.mapgen.plan import Spot
from game.mapgen.tables import TrapKind
from game.rules.costs import trap_cost, trap_violations
from game.rules.purchases import Trap


@functools.cache
def trap_kinds() -> tuple[TrapKind, ...]:
    """The trap catalogue (table RF's trap rows), in sorted order."""
    table = tables.traps()
    return tuple(table[name] for name in sorted(table))


@functools.cache
def catalogue_trap_types() -> tuple[str, ...]:
    """The damage Types the trap catalogue's kinds deal, sorted: the only Types a trap is bought
    in (DESIGN.md §3)."""
    return tuple(sorted({kind.type for kind in trap_kinds()}))


@dataclass(frozen=True, slots=True)
class TrapWish:
    guards: bool
    features: tuple[str, ...]  # doubling features, each at most once, most wanted first


def min_cost(wish: TrapWish) -> int:
    base = 2 + int(wish.guards)  # an Annoy pair, a Pain die, and the guard
    return base << len(wish.features)


def build_trap(cost: int, wish: TrapWish, style: TrapStyle, stream: Stream) -> tuple[Trap, tuple[str, ...]]:
    """Trap numbers costing exactly `cost` (>= 1) (its Type is set at placement), and the
    features it kept."""
    guards = wish.guards and cost >= 2
    for k in range(len(wish.features), -1, -1):
        if cost % (1 << k):
            continue
        feats = wish.features[:k]
        base = cost >> k
        if k == 0 or base >= 2 + int(guards):  # a doubled trap keeps its Pain die: no doubled dud
            break
    rest = base - 1 - int(guards)
    pain = 1 if rest else 0
    extra = split_points(stream, rest - pain, style.dice)
    trap = Trap(
        type="",
        annoy=2 * (1 + extra.get("annoy", 0)),
        pain=pain + extra.get("pain", 0),
        guards_treasure=guards,
        unlimited="unlimited" in feats,
        universal="universal" in feats,
        continuous="continuous" in feats,
    )
    return trap, feats


def _choose_kind(
    stream: Stream,
    style: TrapStyle,
    party: PartyView,
    spot: Spot,
    feats: tuple[str, ...],
    used_types: Sequence[str],
) -> TrapKind:
    kinds = trap_kinds()
    host = spot.host
    fitting = [k for k in kinds if spot.action in k.sits_on] or list(kinds)
    by_kind = dict(style.kinds)
    table = type_kinds()
    weights = []
    for k in fitting:
        w = by_kind.get(table[k.type], 0.0) + 0.05  # any kind may turn up, liked kinds far more
        if k.type not in party.protected:
            w *= UNPROTECTED_WEIGHT
        if k.type in used_types:
            w *= REPEAT_WEIGHT
        if feats and any(f in k.suggest for f in feats):  # most traps keep no doubling feature
            w *= 2.0
        if k.name == host:  # table RF rolled this trap's site here: the seat buys the trap for it
            w *= 50.0
        weights.append(w)
    return stream.weighted(fitting, weights)


def _threshold_weight(spot: Spot, doors: Sequence[Spot]) -> float:
    """How much a floor plate is worth trapping: one by a doorway is crossed by whoever goes
    through it (DESIGN.md §2: thresholds, where a trap cannot simply be walked around), one out
    in the room mostly walked around."""
    if spot.action != "walk" or not doors:
        return 1.0
    near = min(max(abs(spot.x - d.x), abs(spot.y - d.y)) for d in doors)
    return 4.0 / (1 + near)


def _choose_spot(stream: Stream, style: TrapStyle, spots: Sequence[Spot], trapped: dict[Spot, int]) -> Spot:
    """A spot by the personality's taste in actions, preferring the least trapped spots, and of
    floor plates those by a doorway."""
    free = _least_trapped(spots, trapped)
    likes = dict(style.spots)
    doors = [s for s in spots if s.action == "open"]
    weights = [(likes.get(s.action, 0.0) + 0.01) * _threshold_weight(s, doors) for s in free]
    return stream.weighted(free, weights)


def _guard_spot(
    stream: Stream,
    spots: Sequence[Spot],
    treasure_spots: Sequence[Spot | None],
    trapped: dict[Spot, int],
    guard_index: int,
) -> Spot:
    held = [s for s in dict.fromkeys(treasure_spots) if s is not None]
    if held:
        return held[guard_index % len(held)]
    # the treasure lies in the open: guard the way across the room to it
    walk = [s for s in spots if s.action == "walk"] or list(spots)
    return stream.choice(_least_trapped(walk, trapped))


def _least_trapped(spots: Sequence[Spot], trapped: dict[Spot, int]) -> list[Spot]:
    """The spots with the fewest traps yet, in order: each spot's count looked up once (a Spot's
    hash is worked out in Python at every look-up), and none while nothing is trapped."""
    if not trapped:
        return list(spots)
    counts = [trapped.get(s, 0) for s in spots]
    least = min(counts)
    return [s for s, n in zip(spots, counts, strict=True) if n == least]


def check_traps(placed: Sequence[PlacedTrap], budget: int, spots: Sequence[Spot], has_treasure: bool) -> None:
    spent = 0
    for p in placed:
        broken = trap_violations(p.trap)
        assert not broken, f"{p.trap}: {broken[0].reason}"
        assert p.spot in spots, f"{p.trap} sits on {p.spot}, which is not a spot of the room"
        assert has_treasure or not p.trap.guards_treasure, "a trap guards treasure the room lacks"
        assert not p.trap.continuous or p.trap.pain, "Continuous Damage without Pain dice"
        spent += trap_cost(p.trap)
    assert spent == budget, f"traps: spent {spent} of {budget}"


def design_traps(
    budget: int,
    party: PartyView,
    style: TrapStyle,
    stream: Stream,
    spots: Sequence[Spot],
    treasure_spots: Sequence[Spot | None] = (),
    used_types: list[str] | None = None,
) -> tuple[PlacedTrap, ...]:
    """Traps costing exactly `budget` together (>= 1), each placed on one of `spots` (at least
    one). `treasure_spots` are where this room's items lie (None for an item in the open); with
    none, no trap guards treasure."""
    if budget < 1:
        raise ValueError("a trap budget is at least 1")
    if not spots:
        raise ValueError("a room with no spot cannot hold a trap")
    used = used_types if used_types is not None else []
    has_treasure = bool(treasure_spots)
    wishes = [
        TrapWish(
            has_treasure and stream.chance(style.guards),
            tuple(pick_features(stream, style.features, wished_count(stream, style.doublings))),
        )
        for _ in range(wished_count(stream, style.count))
    ]
    minimums = [min_cost(w) for w in wishes]
    while len(wishes) > 1 and sum(minimums) > budget:
        wishes.pop()
        minimums.pop()
    minimums = [min(m, budget) for m in minimums]
    parts = allot(budget, minimums, [1 << len(w.features) for w in wishes], [1.0] * len(wishes))
    trapped: dict[Spot, int] = {}
    placed = []
    guard_index = 0
    for cost, wish in zip(parts, wishes, strict=True):
        trap, feats = build_trap(cost, wish, style, stream)
        if trap.guards_treasure:
            spot = _guard_spot(stream, spots, treasure_spots, trapped, guard_index)
            guard_index += 1
        else:
            spot = _choose_spot(stream, style, spots, trapped)
        trapped[spot] = trapped.get(spot, 0) + 1
        kind = _choose_kind(stream, style, party, spot, feats, used)
        used.append(kind.type)
        placed.append(PlacedTrap(trap.of_type(kind.type), spot, kind.name))
    result = tuple(placed)
    check_traps(result, budget, spots, has_treasure)
    return result
