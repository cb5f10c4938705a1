"""Whether two balance batches differ beyond chance, measure by measure: endings and wipe rates by
Fisher's exact test (with Wilson and Newcombe intervals), per-run numbers by Mann-Whitney U (with
each median's exact order-statistic interval), counts by source by their means (they are mostly
0) with Welch's t. Every test holds at small batch sizes too (`significance`): a measure too thin
to test says so instead of a verdict. Plain Python: no RNG, so the verdicts never move."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from game.commands.balance_stats import (
    ENDINGS,
    PER_RUN,
    RATE_PLACES,
    SOURCES,
    Run,
    number,
    played,
    quantile,
    rounded,
    wilson,
)
from game.commands.significance import fisher_exact, median_bounds, t_quantile, t_two_sided

ALPHA = 0.05
RARE_RUNS = 10  # runs with any of a count, in both batches, below which its means are not compared on a curve
FEWEST_RANKED = 5  # runs a batch needs before a per-run number is tested (Mann-Whitney's normal curve, a spread)


def untested(why: str, **row: Any) -> dict[str, Any]:
    """A measure shown without a verdict: `why` says what it lacks."""
    return {"a": None, "a_low": None, "a_high": None, "b": None, "b_low": None, "b_high": None, "diff": None,
            **row, "p": None, "differs": False, "why": why}


def two_proportions(k1: int, n1: int, k2: int, n2: int) -> dict[str, Any]:
    """Fisher's exact test of k1/n1 against k2/n2 (a z-test is too sure at a few runs), each
    rate's Wilson interval and the Newcombe (hybrid Wilson) 95 % interval of the difference,
    which stays sensible at rates near 0 or 1."""
    if not n1 or not n2:
        return untested("no runs in " + ("both batches" if not n1 and not n2 else "A" if not n1 else "B"))
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1)
    l2, u2 = wilson(k2, n2)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    p_value = fisher_exact(k1, n1, k2, n2)
    return {"a": rounded(p1, RATE_PLACES), "a_low": rounded(l1, RATE_PLACES), "a_high": rounded(u1, RATE_PLACES),
            "b": rounded(p2, RATE_PLACES), "b_low": rounded(l2, RATE_PLACES), "b_high": rounded(u2, RATE_PLACES),
            "diff": rounded(d, RATE_PLACES), "diff_low": rounded(low, RATE_PLACES),
            "diff_high": rounded(high, RATE_PLACES), "p": rounded(p_value, 6), "differs": p_value < ALPHA}


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


def median_interval(values: Sequence[float]) -> tuple[float, float | None, float | None]:
    """(median, low, high): the distribution-free 95 % interval of a median from order statistics
    (low and high None below 6 values: no pair of them covers the median 95 % of the time)."""
    ordered = sorted(values)
    bounds = median_bounds(ordered)
    low, high = bounds if bounds is not None else (None, None)
    return quantile(ordered, 0.5), low, high


def _rounded(x: float | None) -> float | None:
    return None if x is None else rounded(x)


def medians(a: Sequence[float], b: Sequence[float]) -> dict[str, Any]:
    """Each batch's median with its interval (n/a for a batch with no runs played), and whether
    one batch runs larger (Mann-Whitney U, from FEWEST_RANKED runs a batch)."""
    row: dict[str, Any] = {}
    for side, values in (("a", a), ("b", b)):
        if values:
            median, low, high = median_interval(values)
            row.update({side: rounded(median), f"{side}_low": _rounded(low), f"{side}_high": _rounded(high)})
    if not a or not b:
        return untested("no runs played in " + ("both batches" if not a and not b else "A" if not a else "B"), **row)
    row["diff"] = rounded(row["a"] - row["b"])
    if min(len(a), len(b)) < FEWEST_RANKED:
        return untested(f"fewer than {FEWEST_RANKED} runs in a batch", **row)
    p_value = mann_whitney(a, b)
    return {**row, "p": rounded(p_value, 6), "differs": p_value < ALPHA}


def means(a: Sequence[float], b: Sequence[float]) -> dict[str, Any]:
    """Each batch's mean with its t interval, and the difference with Welch's interval and test
    (the verdict is the interval's: it differs exactly when the interval leaves out 0): for counts
    that are mostly 0 (deaths by one source), where both medians are 0. When fewer than
    RARE_RUNS runs have any at all, no curve describes the difference (2 door deaths in 60 runs
    against 1 in 300 looked like one, at p 0.02, where shuffling the runs gives 0.15): then the
    test is Fisher's exact one of the runs that have any, and the difference has no interval."""
    def mean_and_variance(values: Sequence[float]) -> tuple[float, float]:
        """The mean and the variance of the mean (the sample variance over n)."""
        n = len(values)
        m = math.fsum(values) / n
        return m, math.fsum((v - m) ** 2 for v in values) / (n - 1) / n

    if min(len(a), len(b)) < FEWEST_RANKED:  # two runs of 2 deaths each are no spread of 0
        return untested(f"fewer than {FEWEST_RANKED} runs in a batch")
    ma, va = mean_and_variance(a)
    mb, vb = mean_and_variance(b)
    ha, hb = t_quantile(len(a) - 1) * math.sqrt(va), t_quantile(len(b) - 1) * math.sqrt(vb)
    floor_a = 0.0 if min(a) >= 0 else -math.inf  # counts: their mean is never below 0, so neither is its bound
    floor_b = 0.0 if min(b) >= 0 else -math.inf
    row = {"a": rounded(ma), "a_low": rounded(max(floor_a, ma - ha)), "a_high": rounded(ma + ha),
           "b": rounded(mb), "b_low": rounded(max(floor_b, mb - hb)), "b_high": rounded(mb + hb),
           "diff": rounded(ma - mb)}
    any_a, any_b = sum(1 for v in a if v), sum(1 for v in b if v)
    if any_a + any_b < RARE_RUNS:
        p_value = fisher_exact(any_a, len(a), any_b, len(b))
        return {**row, "p": rounded(p_value, 6), "differs": p_value < ALPHA,
                "test": f"runs with any, {any_a} and {any_b}: Fisher"}
    diff, spread = ma - mb, va + vb
    if spread > 0:
        df = spread * spread / (va * va / (len(a) - 1) + vb * vb / (len(b) - 1))
        half, p_value = t_quantile(df) * math.sqrt(spread), t_two_sided(diff / math.sqrt(spread), df)
    else:  # every run of both batches the same: they differ exactly when their values do
        half, p_value = 0.0, 1.0 if diff == 0 else 0.0
    return {**row, "diff_low": rounded(diff - half), "diff_high": rounded(diff + half),
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
        elif da or db:  # one batch's summaries are older than the measure: said, not dropped
            out[f"{key.removesuffix('_by')} by source (mean)"] = untested(
                f"{'A' if not da else 'B'}'s runs do not report it")
    return out
