"""Spending a budget exactly: sharing points among the things bought, and the small weighted
choices every designer makes. Pure functions of their arguments and one stream.

Why the designers can always spend every point: a trap, a monster and a treasure can each be
bought at *any* whole cost of at least 1 (a trap of one Annoy pair and c-1 Pain dice, a monster
of Level c, a mundane item of Increased Value c-1). So a budget is first shared into parts (each
part at least its minimum: 1, or the Floor for a monster), and each part is then built at exactly
its cost, dropping doubling features it cannot afford or whose power of two does not divide it."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from game.core.rng import Stream

Weights = tuple[tuple[str, float], ...]


def wished_count(stream: Stream, span: tuple[int, int]) -> int:
    lo, hi = span
    return lo if lo >= hi else stream.randint(lo, hi)


def pick_features(stream: Stream, weights: Weights, count: int, limit: int = 1) -> list[str]:
    """`count` features drawn by weight, each at most `limit` times, in drawing order."""
    chosen: list[str] = []
    if count <= 0:  # most wishes double nothing
        return chosen
    names, ws = _live_columns(weights)  # the pool, kept per weights until a name is used up
    while names:
        name = stream.weighted(names, ws)
        chosen.append(name)
        if len(chosen) >= count:
            break
        if chosen.count(name) >= limit:
            left = [i for i, n in enumerate(names) if n != name]
            names, ws = tuple(names[i] for i in left), tuple(ws[i] for i in left)
    return chosen


def allot(budget: int, minimums: Sequence[int], grains: Sequence[int], weights: Sequence[float]) -> list[int]:
    """Share all of `budget` among the items: each gets its minimum, then the rest by weight in
    multiples of its grain (so that a part stays divisible by the doublings wished on it); points
    no grain can take go to the heaviest item, whose builder then drops a doubling to fit.
    Requires sum(minimums) <= budget and at least one item."""
    parts = list(minimums)
    rest = budget - sum(parts)
    if rest < 0 or not parts:
        raise ValueError("allot: the minimums do not fit the budget")
    total = float(sum(weights)) or 1.0
    for i, (grain, weight) in enumerate(zip(grains, weights, strict=True)):
        share = int(rest * weight / total)
        share -= share % grain
        parts[i] += share
    left = budget - sum(parts)
    order = sorted(range(len(parts)), key=lambda i: (-weights[i], i))
    for i in order:
        take = left - left % grains[i]
        parts[i] += take
        left -= take
    parts[order[0]] += left
    return parts


def split_points(stream: Stream, points: int, weights: Weights) -> dict[str, int]:
    """`points` handed out one at a time by weight: {name: points}."""
    out = {n: 0 for n, _ in weights}
    names, ws = _live_columns(weights)
    if not names:
        return out
    for _ in range(points):
        out[stream.weighted(names, ws)] += 1
    return out


@functools.lru_cache(maxsize=1024)
def _live_columns(weights: Weights) -> tuple[tuple[str, ...], tuple[float, ...]]:
    """The names and weights of `weights` that can be drawn (weight above 0), apart: personalities'
    weights are drawn from often."""
    live = [(n, w) for n, w in weights if w > 0]
    return tuple(n for n, _ in live), tuple(w for _, w in live)


def trailing_doublings(cost: int, most: int) -> int:
    """The largest k <= most with 2**k dividing cost."""
    k = 0
    while k < most and cost % (2 << k) == 0:
        k += 1
    return k
