"""`balance compare`: verdicts of a two-proportion test and Mann-Whitney U, checked against values
worked by hand, and a batch never "differs" from itself."""

from __future__ import annotations

import math

import pytest

from game.commands.balance_compare import compare, mann_whitney, means, median_interval, two_proportions
from game.commands.significance import t_quantile, t_two_sided


def test_two_proportions_is_fishers_exact_test():
    """Fisher's tea-tasting table (3 of 4 against 1 of 4): p = 34/70, the textbook's 0.4857; and
    2 of 3 wiped against 44 of 300, which a z-test called a difference (p 0.0125), is p 0.0613."""
    tea = two_proportions(3, 4, 1, 4)
    assert tea["p"] == pytest.approx(34 / 70, abs=1e-6) and not tea["differs"]
    few = two_proportions(2, 3, 44, 300)
    assert few["p"] == pytest.approx(0.0613, abs=1e-4) and not few["differs"]
    r = two_proportions(30, 100, 50, 100)
    assert r["differs"] and r["diff"] == pytest.approx(-0.2)
    assert r["diff_low"] < -0.2 < r["diff_high"] < 0  # the interval of the difference excludes zero
    same = two_proportions(30, 100, 31, 100)
    assert not same["differs"] and same["diff_low"] < 0 < same["diff_high"]
    assert two_proportions(0, 0, 3, 10)["p"] is None  # no runs: no verdict


def test_t_and_the_median_interval_match_the_tables():
    """Student's t at 95 %: 12.706 at df 1, 2.228 at df 10, 2.042 at df 30, 1.960 beyond; the
    exact interval of the median of 100 values is their 40th and 61st (a binomial table's)."""
    assert [round(t_quantile(df), 3) for df in (1, 10, 30, 10 ** 6)] == [12.706, 2.228, 2.042, 1.96]
    assert t_two_sided(2.0, 5) == pytest.approx(0.10194, abs=1e-5)
    assert median_interval(list(range(1, 101))) == (50.5, 40, 61)
    assert median_interval([1, 2, 3, 4, 5, 6]) == (3.5, 1, 6)  # 1 - 2/64 covers it
    assert median_interval([1, 2, 3, 4, 5]) == (3, None, None)  # no pair covers it 95 % of the time


def test_means_verdict_is_its_intervals_and_a_rare_count_is_tested_by_its_runs():
    """Deaths by doors, 2 in 60 runs against 1 in 300: Mann-Whitney's normal curve, most values
    tied at 0, said DIFFERS (p 0.020) beside an interval of the difference that held 0. So few runs
    with any are tested as runs with any, by Fisher's exact test (p 0.0733); a commoner count by
    Welch's t, whose verdict is always its interval's."""
    rare = means([1.0, 1.0] + [0.0] * 58, [1.0] + [0.0] * 299)
    assert not rare["differs"] and rare["p"] == pytest.approx(0.0733, abs=1e-4) and "diff_low" not in rare
    common = means([1.0, 2.0] * 10 + [0.0] * 40, [1.0] * 30 + [0.0] * 270)
    assert common["differs"] and common["diff_low"] > 0
    level = means([1.0, 0.0] * 10, [0.0, 1.0] * 15)
    assert not level["differs"] and level["diff_low"] < 0 < level["diff_high"]
    assert means([27.0] * 5, [27.0] * 5)["p"] == 1.0
    assert means([2.0, 2.0], [1.0, 0.0, 3.0, 1.0, 1.0])["p"] is None  # two alike are no spread of 0
    assert means([0.0] * 9 + [1.0], [0.0] * 10)["a_low"] == 0  # a count's mean is never below 0


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


def test_a_measure_one_batch_lacks_is_shown_as_lacking_not_as_zero():
    """A batch whose only run crashed compared as medians of 0 [0, 0] and an entrance floor
    "stayed on" 0.0 % of its 0 runs; a batch whose summaries lack damage lost the damage rows
    without a word. Each is now shown as not tested, saying why, and A's own numbers still show."""
    a = [{"outcome": "quest", "rooms": 10 + i % 5, "floor": 3, "turns": 500, "damage": {"traps": i % 3}}
         for i in range(20)]
    crashed = [{"seed": 1, "outcome": "error", "error": "boom"}]
    result = compare(a, crashed, 2, 2)
    rooms = result["rooms (median)"]
    assert rooms["a"] == 12 and rooms["b"] is None and rooms["p"] is None and "no runs played in B" in rooms["why"]
    assert result["stayed on entrance floor"]["p"] is None
    older = [{k: v for k, v in r.items() if k != "damage"} for r in a]
    lacking = compare(a, older)["damage by source (mean)"]
    assert lacking["p"] is None and lacking["why"] == "B's runs do not report it"
