"""Donjon's Law of Successes (a dial): 1 success = 1 fact or 1 bonus die.

Counting (Donjon "Resolution"): compare highest dice; while they tie, set both aside and look at
the next pair. The winner counts every tied die it set aside, plus each of its remaining dice
higher than the loser's highest remaining die."""

from __future__ import annotations

from collections.abc import Sequence

# Facts a hero may learn about a trap it found, one per success, in this order (DESIGN.md §3).
TRAP_FACTS = ("type", "pain", "guards_treasure")
STORY_POINT_DICE = 2  # Budget Dungeons story point: +2 dice on one roll


def count_successes(winner: Sequence[int], loser: Sequence[int]) -> int:
    """Successes of `winner` over `loser` (both any order). Zero if `winner` did not beat `loser`
    by Donjon's comparison."""
    w = sorted(winner, reverse=True)
    lo = sorted(loser, reverse=True)
    tied = 0
    while tied < len(w) and tied < len(lo) and w[tied] == lo[tied]:
        tied += 1
    rest_w, rest_l = w[tied:], lo[tied:]
    top_l = rest_l[0] if rest_l else 0
    if not rest_w or rest_w[0] <= top_l:
        return 0
    return tied + sum(1 for d in rest_w if d > top_l)


def spend_on_trap_facts(successes: int) -> tuple[tuple[str, ...], int]:
    """A search that found a trap spends its successes first on facts (its Type, its Pain dice,
    whether it guards treasure), then banks the rest as bonus dice for disarming it."""
    facts = TRAP_FACTS[: max(0, successes)]
    return facts, max(0, successes - len(TRAP_FACTS))
