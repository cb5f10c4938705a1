"""The small-sample statistics `balance compare` stands on, in plain Python (no SciPy): Student's
t (for means, exact at any batch size where the normal curve is too sure below ~30 runs), Fisher's
exact test (for rates, where a z-test calls 2 of 3 against 44 of 300 a difference) and the exact
binomial interval of a median from order statistics. Pure functions: the verdicts never move."""

from __future__ import annotations

import math
from collections.abc import Sequence

TWO_SIDED_95 = 0.025  # each tail of a two-sided 95 % interval


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularized incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 500):
        m2 = 2 * m
        for numerator in (m * (b - m) * x / ((a + m2 - 1.0) * (a + m2)),
                          -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def incomplete_beta(a: float, b: float, x: float) -> float:
    """I_x(a, b), the regularized incomplete beta function, for 0 <= x <= 1."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def t_two_sided(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with `df` degrees of freedom (df may be fractional: Welch)."""
    if math.isinf(t):
        return 0.0
    return incomplete_beta(df / 2.0, 0.5, df / (df + t * t))


def t_quantile(df: float) -> float:
    """The t that leaves TWO_SIDED_95 in each tail (1.96 as df grows; 12.71 at df 1), by bisection."""
    low, high = 0.0, 1.0
    while t_two_sided(high, df) > 2 * TWO_SIDED_95:
        high *= 2.0
    for _ in range(80):
        mid = (low + high) / 2.0
        if t_two_sided(mid, df) > 2 * TWO_SIDED_95:
            low = mid
        else:
            high = mid
    return high


def fisher_exact(k1: int, n1: int, k2: int, n2: int) -> float:
    """Two-sided p of Fisher's exact test of k1/n1 against k2/n2: the chance, with the margins
    fixed, of a table no more likely than the one seen (summed in logs: batches of 100,000)."""
    total, hits = n1 + n2, k1 + k2
    if not n1 or not n2 or hits in (0, total):
        return 1.0

    def log_p(x: int) -> float:
        return (math.lgamma(hits + 1) - math.lgamma(x + 1) - math.lgamma(hits - x + 1)
                + math.lgamma(total - hits + 1) - math.lgamma(n1 - x + 1) - math.lgamma(total - hits - n1 + x + 1)
                - math.lgamma(total + 1) + math.lgamma(n1 + 1) + math.lgamma(total - n1 + 1))

    seen = log_p(k1) + 1e-7  # tables as likely as the one seen, to rounding, count too
    p = math.fsum(math.exp(lp) for x in range(max(0, hits - n2), min(hits, n1) + 1) if (lp := log_p(x)) <= seen)
    return min(1.0, p)


def median_bounds(ordered: Sequence[float]) -> tuple[float, float] | None:
    """The 95 % interval of a median from a sorted sample: the r-th least and r-th greatest value,
    r the largest with P(Binomial(n, 1/2) < r) <= 2.5 % (it covers the median at least 95 % of
    the time, whatever the distribution); None below 6 values, where no such r exists."""
    n = len(ordered)
    below, r = 0.0, 0  # P(Binomial(n, 1/2) < r + 1), summed as r grows
    while r < n:
        below += math.exp(math.lgamma(n + 1) - math.lgamma(r + 1) - math.lgamma(n - r + 1) - n * math.log(2))
        if below > TWO_SIDED_95:
            break
        r += 1
    if r < 1:
        return None
    return ordered[r - 1], ordered[n - r]
