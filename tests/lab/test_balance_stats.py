"""The balance lab's arithmetic: Wilson intervals, quantiles, and aggregates that read the summary
fields other engineers add (damage, deaths_by, quest records, town) and say n/a without them."""

from __future__ import annotations

import json

import pytest

from game.commands.balance_stats import aggregate, personalities_of, quantile, wilson
from game.commands.balance_tables import aggregate_lines


def run(seed: int, outcome: str, floor: int, rooms: int, **extra: object) -> dict:
    return {"seed": seed, "outcome": outcome, "floor": floor, "rooms": rooms, "turns": 10 * rooms,
            "deaths": 0, "kills": 1, "xp": 5, "treasure_found": 2, "banked": 1, "quest": "Deeper", **extra}


def test_wilson_interval_matches_the_textbook_values():
    low, high = wilson(0, 20)
    assert low == 0.0 and high == pytest.approx(0.1611, abs=1e-4)  # a never-seen ending is not impossible
    low, high = wilson(6, 20)
    assert (low, high) == (pytest.approx(0.1455, abs=1e-4), pytest.approx(0.5190, abs=1e-4))
    assert wilson(0, 0) == (0.0, 1.0)


def test_quantiles_interpolate_between_order_statistics():
    values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert quantile(values, 0.5) == 5.5
    assert quantile(values, 0.1) == pytest.approx(1.9)
    assert quantile(values, 0.9) == pytest.approx(9.1)
    assert quantile([4], 0.9) == 4


def test_wipes_count_on_the_deepest_floor_and_rates_are_of_those_who_reached_it():
    runs = [run(1, "wiped", 2, 3), run(2, "retired", 3, 5), run(3, "wiped", 3, 6), run(4, "quest", 4, 9)]
    agg = aggregate(runs, ["ai+hero,ai"] * 4, entrance=2)
    assert agg["stayed_on_entrance_floor"]["count"] == 1 and agg["stayed_on_entrance_floor"]["of"] == 4
    assert aggregate(runs, ["ai+hero,ai"] * 4)["stayed_on_entrance_floor"] is None
    assert agg["floors"]["2"]["reached"] == 4 and agg["floors"]["2"]["wiped"] == 1
    assert agg["floors"]["3"]["reached"] == 3 and agg["floors"]["3"]["wipe_rate"]["rate"] == pytest.approx(1 / 3, 1e-3)
    assert agg["floors"]["4"] == {"reached": 1, "wiped": 0, "wipe_rate": agg["floors"]["4"]["wipe_rate"]}
    assert agg["endings"]["wiped"]["count"] == 2 and agg["endings"]["turn_limit"]["count"] == 0
    assert agg["per_run"]["rooms"]["median"] == 5.5
    assert agg["endings_by_floor"] == {"2": {"wiped": 1}, "3": {"retired": 1, "wiped": 1}, "4": {"quest": 1}}


def test_sources_quests_and_town_are_na_when_absent_and_summed_when_present():
    old = aggregate([run(1, "quest", 2, 3)], ["ai+hero,ai"])
    assert old["damage"] is None and old["deaths_by"] is None and old["town"] is None
    assert old["quests"]["won"]["count"] == 1  # a quest given by name is won when the run ends in it
    text = "\n".join(aggregate_lines(old))
    assert "damage by source (hits lost): n/a" in text and "town use: n/a" in text

    new = [run(1, "retired", 2, 3, damage={"traps": 4, "monsters": 6}, deaths_by={"hunger": 1},
               quest={"id": "q1", "name": "Deeper", "fulfilled": True},
               town={"visits": 2, "sold": 3, "designed": 0, "healed": 5}),
           run(2, "wiped", 2, 4, damage={"traps": 1, "lava": 2}, deaths_by={},
               quest={"id": "q2", "name": "Whiskers", "fulfilled": False},
               town={"visits": 0, "sold": 0, "designed": 1, "healed": 0})]
    agg = aggregate(new, ["ai+hero,ai"] * 2)
    assert agg["damage"]["traps"]["total"] == 5 and agg["damage"]["monsters"]["total"] == 6
    assert agg["damage"]["lava"]["total"] == 2  # a source nobody listed yet still shows
    assert agg["damage"]["monsters"]["share"] == 0.461538  # 6 of the 13 hits lost
    assert agg["deaths_by"]["hunger"]["total"] == 1 and agg["deaths_by"]["doors"]["total"] == 0
    assert agg["quests"]["offered"] == 2 and agg["quests"]["won"]["count"] == 1  # fulfilled, not the outcome
    assert agg["quests"]["by_quest"]["Whiskers"] == {"offered": 1, "won": 0}
    assert agg["town"]["used"]["count"] == 1 and agg["town"]["healed"]["total"] == 5
    assert "n/a" not in "\n".join(aggregate_lines(agg))


def test_personalities_group_the_runs_of_the_seat_mixes_that_name_them():
    assert personalities_of("ai+hero,ai+hero:warden,ai:tyrant,ai:tyrant") == ["warden", "tyrant"]
    assert personalities_of("human:Ann,ai") == []  # a human's name is not a personality
    runs = [run(1, "quest", 2, 3), run(1, "wiped", 2, 3), run(2, "quest", 3, 5)]
    agg = aggregate(runs, ["ai+hero,ai:tyrant", "ai+hero,ai:swarm", "ai+hero,ai:tyrant"])
    assert agg["personalities"]["tyrant"]["runs"] == 2
    assert agg["personalities"]["tyrant"]["endings"]["quest"]["count"] == 2
    assert agg["personalities"]["swarm"]["endings"]["wiped"]["count"] == 1
    assert list(agg["seats"]) == ["ai+hero,ai:swarm", "ai+hero,ai:tyrant"]
    # `ai:Tyrant` is the tyrant (the seats read it so): one designer, one row
    spelt = aggregate(runs, ["ai+hero,ai:Tyrant", "ai+hero,ai:swarm", "ai+hero,ai:tyrant"])
    assert list(spelt["personalities"]) == ["swarm", "tyrant"] and spelt["personalities"]["tyrant"]["runs"] == 2


def test_a_rate_prints_to_its_true_tenth_of_a_percent():
    """21 of 155 is 13.548 %: kept to four places (0.1355) and printed to one (13.55), it read
    "13.6%"; a Wilson bound of 5.155 % read "5.1%" the same way."""
    runs = [run(i, "retired" if i < 21 else "quest", 2, 3) for i in range(155)]
    lines = aggregate_lines(aggregate(runs, ["ai+hero,ai"] * 155))
    assert any(line.split() == ["retired", "13.5%", "[9.0%,", "19.8%]", "21/155"] for line in lines), lines


def test_the_highest_living_heros_level_is_a_per_run_number():
    runs = [run(1, "quest", 2, 3, levels=[3, 7, 5]), run(2, "wiped", 2, 3, levels=[0])]
    assert aggregate(runs, ["ai+hero,ai"] * 2)["per_run"]["level"]["max"] == 7
    assert aggregate(runs, ["ai+hero,ai"] * 2)["per_run"]["level"]["min"] == 0


def test_crashed_runs_are_an_ending_but_not_in_the_per_run_numbers():
    runs = [run(1, "quest", 2, 3), {"seed": 2, "outcome": "error", "error": "ValueError: x"}]
    agg = aggregate(runs, ["ai+hero,ai"] * 2)
    assert agg["errors"] == 1 and agg["endings"]["error"]["count"] == 1
    assert agg["per_run"]["rooms"]["n"] == 1


def test_aggregates_serialise_to_the_same_bytes_whatever_order_dicts_were_built_in():
    a = aggregate([run(1, "quest", 2, 3, damage={"traps": 1, "monsters": 2})], ["ai+hero,ai"])
    b = aggregate([run(1, "quest", 2, 3, damage={"monsters": 2, "traps": 1})], ["ai+hero,ai"])
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
