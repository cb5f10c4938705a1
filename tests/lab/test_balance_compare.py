"""`balance compare`: verdicts of a two-proportion test and Mann-Whitney U, checked against values
worked by hand, and a batch never "differs" from itself."""

from __future__ import annotations

import math

import pytest

from game.commands.balance_compare import compare, mann_whitney, median_interval, two_proportions


def test_two_proportions_matches_the_pooled_z_test():
    r = two_proportions(30, 100, 50, 100)
    pooled = 0.4
    z = 0.2 / math.sqrt(pooled * (1 - pooled) * (2 / 100))
    assert r["p"] == pytest.approx(math.erfc(z / math.sqrt(2)), abs=1e-6)
    assert r["differs"] and r["diff"] == pytest.approx(-0.2)
    assert r["diff_low"] < -0.2 < r["diff_high"] < 0  # the interval of the difference excludes zero
    same = two_proportions(30, 100, 31, 100)
    assert not same["differs"] and same["diff_low"] < 0 < same["diff_high"]


def test_mann_whitney_of_fully_separated_samples():
    # U = 0, mean 4.5, variance 3*3/12*7 = 5.25, continuity 0.5: z = 4 / sqrt(5.25)
    expected = math.erfc(4 / math.sqrt(5.25) / math.sqrt(2))
    assert mann_whitney([1, 2, 3], [4, 5, 6]) == pytest.approx(expected)
    assert mann_whitney([1, 1, 1], [1, 1, 1]) == 1.0  # all tied: no evidence either way
    assert mann_whitney([5, 3, 1, 4], [4, 1, 3, 5]) == pytest.approx(1.0)


def test_median_interval_brackets_the_median():
    values = list(range(1, 101))
    median, low, high = median_interval(values)
    assert median == 50.5 and low <= 41 and high >= 60 and low >= 35 and high <= 66


def test_a_batch_does_not_differ_from_itself_and_a_shifted_one_does():
    a = [{"outcome": "quest" if i % 3 == 0 else "wiped", "rooms": i % 10, "floor": 2 + i % 2, "turns": i}
         for i in range(300)]
    b = [{**r, "rooms": r["rooms"] + 4, "outcome": "quest" if i % 3 else "wiped"} for i, r in enumerate(a)]
    assert not any(r["differs"] for r in compare(a, a).values())
    result = compare(a, b)
    assert result["rooms (median)"]["differs"] and result["ending quest"]["differs"]
    assert not result["turns (median)"]["differs"]
    assert "wipe rate floor 3" in result and "stayed on entrance floor" not in result
    assert compare(a, b, 2, 2)["stayed on entrance floor"]["a"] == 0.5


def test_wipe_rates_count_only_floors_each_batch_could_reach():
    """A batch opening on Floor 5 was counted as having survived Floors 2 to 4 against one that
    opened on Floor 2: "wipe rate floor 2  0.0% [0.0%, 8.8%]" for runs that were never there."""
    shallow = [{"outcome": "wiped" if i % 4 == 0 else "retired", "floor": 2 + i % 3} for i in range(40)]
    deep = [{"outcome": "wiped" if i % 4 == 0 else "retired", "floor": 5 + i % 3} for i in range(40)]
    result = compare(shallow, deep, 2, 5)
    assert not any(name.startswith("wipe rate floor") for name in result)  # no floor both reached
    overlapping = [{**r, "floor": r["floor"] + 3} for r in shallow[:20]] + shallow[20:]  # Floors 2 to 7
    result = compare(overlapping, deep, 2, 5)
    floors = sorted(int(name.rsplit(" ", 1)[1]) for name in result if name.startswith("wipe rate floor"))
    assert floors == [5, 6, 7]
    reached = sum(1 for r in deep if r["floor"] >= 5)
    assert result["wipe rate floor 5"]["b"] == round(sum(1 for r in deep if r["floor"] == 5
                                                          and r["outcome"] == "wiped") / reached, 4)


def test_deaths_by_a_source_compare_their_means_where_both_medians_are_zero():
    """"deaths by traps (median) 0 [0, 0]  0 [0, 0]  DIFFERS": right (12 runs in 40 against none)
    but read as a difference of nothing; the means say what differs, with an interval."""
    a = [{"outcome": "wiped", "floor": 2, "deaths_by": {"traps": 1 if i < 12 else 0}} for i in range(40)]
    b = [{"outcome": "wiped", "floor": 2, "deaths_by": {"traps": 0}} for _ in range(40)]
    row = compare(a, b)["deaths_by traps (mean)"]
    assert row["differs"] and row["a"] == 0.3 and row["b"] == 0.0
    assert 0 < row["diff_low"] < 0.3 < row["diff_high"]
