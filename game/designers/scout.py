"""What a designer knows of the party it builds against: levels, the Types the heroes attack
with (the only Types worth resisting), and the Types their traits and items already protect them
from (the Types a designer avoids, since a Class Bonus or an item's dice would meet them)."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.core.content import load
from game.core.rng import Stream
from game.rules.heroes import HeroSheet
from game.rules.purchases import Treasure

Weights = tuple[tuple[str, float], ...]
UNPROTECTED_WEIGHT = 6.0  # how much more a designer likes a Type nobody in the party is tied to
REPEAT_WEIGHT = 0.15  # and how much less a Type it has already used in this room


@dataclass(frozen=True, slots=True)
class PartyView:
    levels: tuple[int, ...]
    attacks: tuple[tuple[str, int], ...]  # (attack Type, heroes attacking with it), sorted
    protected: frozenset[str]

    @property
    def min(self) -> int:
        return min(self.levels)

    @property
    def max(self) -> int:
        return max(self.levels)

    @property
    def total(self) -> int:
        return sum(self.levels)

    @property
    def attack_types(self) -> tuple[str, ...]:
        return tuple(t for t, _ in self.attacks)


def view_party(heroes: Sequence[HeroSheet], items: Iterable[Treasure] = ()) -> PartyView:
    """The party as the designers see it. Items protect against their own Type; a Universal item
    protects against every Type."""
    if not heroes:
        raise ValueError("a party has at least one living hero")
    protected: set[str] = set()
    attacks: dict[str, int] = {}  # attack Type -> heroes attacking with it
    for hero in heroes:
        protected.update(hero.types)
        attacks[hero.attack] = attacks.get(hero.attack, 0) + 1
    for item in items:
        if item.annoy or item.pain:
            if item.universal:
                protected.update(type_kinds())
            elif item.type:
                protected.add(item.type)
    return PartyView(
        levels=tuple(h.level for h in heroes),
        attacks=tuple(sorted(attacks.items())),
        protected=frozenset(protected),
    )


@functools.cache
def type_kinds() -> dict[str, str]:
    """Every Type with its kind (data/types.toml), in sorted order."""
    types = load("types")["types"]
    return {name: types[name]["kind"] for name in sorted(types)}


@functools.lru_cache(maxsize=1024)
def _type_weights(kinds: Weights, protected: frozenset[str]) -> tuple[tuple[str, ...], tuple[float, ...], bool]:
    """The Types a personality picks from against a party protected from `protected`, their
    weights before a room's repeats are weighed down, and whether they are (not when the
    personality likes no kind in the data). Kept per (kinds, protected): the Types already used
    differ from pick to pick, these hardly ever."""
    by_kind = dict(kinds)
    names, weights = [], []
    for name, kind in type_kinds().items():
        w = by_kind.get(kind, 0.0)
        if w <= 0:
            continue
        if name not in protected:
            w *= UNPROTECTED_WEIGHT
        names.append(name)
        weights.append(w)
    if not names:  # the personality likes no kind in the data: any Type will do
        names = list(type_kinds())
        weights = [UNPROTECTED_WEIGHT if n not in protected else 1.0 for n in names]
        return tuple(names), tuple(weights), False
    return tuple(names), tuple(weights), True


def pick_type(stream: Stream, kinds: Weights, party: PartyView, avoid: Iterable[str] = ()) -> str:
    """A Type for an ability, trap or item: of a kind the personality likes, strongly favouring
    Types the party is not protected against, and Types not used yet in `avoid`."""
    names, weights, repeats_count = _type_weights(kinds, party.protected)
    if repeats_count and avoid:
        used = set(avoid)
        weights = tuple(w * REPEAT_WEIGHT if name in used else w for name, w in zip(names, weights, strict=True))
    return stream.weighted(names, weights)


def pick_resist(stream: Stream, party: PartyView) -> str | None:
    """A Type worth resisting: one some hero attacks with, weighted by how many heroes do."""
    if not party.attacks:
        return None
    names = [t for t, _ in party.attacks]
    return stream.weighted(names, [float(n) for _, n in party.attacks])
