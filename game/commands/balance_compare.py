"""Whether two balance batches differ beyond chance, measure by measure: endings and wipe rates by
a two-proportion z-test (with Wilson and Newcombe intervals), per-run numbers by Mann-Whitney U
(with each median's order-statistic interval; counts by source by their means, as they are
mostly 0). Plain Python: no RNG, so the verdicts never move."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from game.commands.balance_stats import (
    ENDINGS,
    PER_RUN,
    SOURCES,
    Z95,
    Run,
    number,
    played,
    quantile,
    rounded,
    wilson,
)

ALPHA = 0.05


def two_proportions(k1: int, n1: int, k2: int, n2: int) -> dict[str, Any]:
    """Pooled two-proportion z-test of k1/n1 against k2/n2, and the Newcombe (hybrid Wilson)
    95 % interval of the difference, which stays sensible at rates near 0 or 1."""
    p1 = k1 / n1 if n1 else 0.0
    p2 = k2 / n2 if n2 else 0.0
    pooled = (k1 + k2) / (n1 + n2) if n1 + n2 else 0.0
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2)) if n1 and n2 else 0.0
    p_value = math.erfc(abs(p1 - p2) / se / math.sqrt(2)) if se > 0 else 1.0
    l1, u1 = wilson(k1, n1)
    l2, u2 = wilson(k2, n2)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return {"a": rounded(p1), "a_low": rounded(l1), "a_high": rounded(u1),
            "b": rounded(p2), "b_low": rounded(l2), "b_high": rounded(u2),
            "diff": rounded(d), "diff_low": rounded(low), "diff_high": rounded(high),
            "p": rounded(p_value, 6), "differs": p_value < ALPHA}


def mann_whitney(a: Sequence[float], b: Sequence[float]) -> float:
    """Two-sided p-value of the Mann-Whitney U test (normal approximation, tie-corrected,
    continuity-corrected): do values from one batch tend to be larger than from the other?"""
    n1, n2 = len(a), len(b)
    if not n1 or not n2:
        return 1.0
    pooled = sorted([(v, 0) for v in a] + [(v, 1) for v in b])
    n = n1 + n2
    rank_sum_a, ties, i = 0.0, 0.0, 0
    while i < n:
        j = i
        while j + 1 < n and pooled[j + 1][0] == pooled[i][0]:
            j += 1
        average = (i + j) / 2 + 1
        rank_sum_a += average * sum(1 for k in range(i, j + 1) if pooled[k][1] == 0)
        t = j - i + 1
        ties += t ** 3 - t
        i = j + 1
    u = rank_sum_a - n1 * (n1 + 1) / 2
    mean = n1 * n2 / 2
    variance = n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1))) if n > 1 else 0.0
    if variance <= 0:
        return 1.0
    z = max(0.0, abs(u - mean) - 0.5) / math.sqrt(variance)
    return math.erfc(z / math.sqrt(2))


def median_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """(median, low, high): the distribution-free 95 % interval of a median from order statistics."""
    ordered = sorted(values)
    n = len(ordered)
    if not n:
        return 0.0, 0.0, 0.0
    half = Z95 * math.sqrt(n) / 2
    lo = max(0, math.floor(n / 2 - half) - 1)
    hi = min(n - 1, math.ceil(n / 2 + half))
    return quantile(ordered, 0.5), ordered[lo], ordered[hi]


def medians(a: Sequence[float], b: Sequence[float]) -> dict[str, Any]:
    ma, la, ha = median_interval(a)
    mb, lb, hb = median_interval(b)
    p_value = mann_whitney(a, b)
    return {"a": rounded(ma), "a_low": rounded(la), "a_high": rounded(ha),
            "b": rounded(mb), "b_low": rounded(lb), "b_high": rounded(hb),
            "diff": rounded(ma - mb), "p": rounded(p_value, 6), "differs": p_value < ALPHA}


def means(a: Sequence[float], b: Sequence[float]) -> dict[str, Any]:
    """Each batch's mean with its normal 95 % interval, the difference with Welch's, and the
    Mann-Whitney p: for counts that are mostly 0 (deaths by one source), where both medians are 0
    and a verdict beside them would read as a difference of nothing."""
    def mean_sd(values: Sequence[float]) -> tuple[float, float]:
        n = len(values)
        if not n:
            return 0.0, 0.0
        m = sum(values) / n
        return m, (sum((v - m) ** 2 for v in values) / (n - 1) if n > 1 else 0.0) / n

    ma, va = mean_sd(a)
    mb, vb = mean_sd(b)
    ha, hb, hd = Z95 * math.sqrt(va), Z95 * math.sqrt(vb), Z95 * math.sqrt(va + vb)
    p_value = mann_whitney(a, b)
    return {"a": rounded(ma), "a_low": rounded(ma - ha), "a_high": rounded(ma + ha),
            "b": rounded(mb), "b_low": rounded(mb - hb), "b_high": rounded(mb + hb),
            "diff": rounded(ma - mb), "diff_low": rounded(ma - mb - hd), "diff_high": rounded(ma - mb + hd),
            "p": rounded(p_value, 6), "differs": p_value < ALPHA}


def compare(a: Sequence[Run], b: Sequence[Run], entrance_a: int | None = None,
            entrance_b: int | None = None) -> dict[str, dict[str, Any]]:
    """Every measure both batches have, keyed by a readable name, in table order; `entrance_a`
    and `entrance_b` are the floors each batch's dungeons open onto (None when unknown: then its
    shallowest floor reached stands for it)."""
    out: dict[str, dict[str, Any]] = {}
    outcomes = sorted({str(r.get("outcome")) for r in (*a, *b)} - set(ENDINGS))
    for ending in (*ENDINGS, *outcomes):
        out[f"ending {ending}"] = two_proportions(sum(1 for r in a if r.get("outcome") == ending), len(a),
                                                  sum(1 for r in b if r.get("outcome") == ending), len(b))
    ga, gb = played(a), played(b)
    for key in PER_RUN:
        out[f"{key} (median)"] = medians([number(r, key) for r in ga], [number(r, key) for r in gb])
    if entrance_a is not None and entrance_b is not None:
        out["stayed on entrance floor"] = two_proportions(
            sum(1 for r in ga if number(r, "floor") <= entrance_a), len(ga),
            sum(1 for r in gb if number(r, "floor") <= entrance_b), len(gb))
    # a run reached every floor from its batch's entrance to its deepest: a batch that opens on
    # Floor 5 says nothing of Floor 2 (its runs were never there to survive it)
    deepest_a = [int(number(r, "floor")) for r in ga]
    deepest_b = [int(number(r, "floor")) for r in gb]
    first_a = entrance_a if entrance_a is not None else min(deepest_a, default=1)
    first_b = entrance_b if entrance_b is not None else min(deepest_b, default=1)
    for f in range(max(1, first_a, first_b), min(max(deepest_a, default=0), max(deepest_b, default=0)) + 1):
        ra = [(r, d) for r, d in zip(ga, deepest_a, strict=True) if d >= f]
        rb = [(r, d) for r, d in zip(gb, deepest_b, strict=True) if d >= f]
        out[f"wipe rate floor {f}"] = two_proportions(
            sum(1 for r, d in ra if d == f and r.get("outcome") == "wiped"), len(ra),
            sum(1 for r, d in rb if d == f and r.get("outcome") == "wiped"), len(rb))
    for key in ("damage", "deaths_by"):
        da = [r[key] for r in ga if isinstance(r.get(key), dict)]
        db = [r[key] for r in gb if isinstance(r.get(key), dict)]
        if da and db:
            for source in SOURCES:
                out[f"{key} {source} (mean)"] = means([float(d.get(source, 0) or 0) for d in da],
                                                      [float(d.get(source, 0) or 0) for d in db])
    return out
