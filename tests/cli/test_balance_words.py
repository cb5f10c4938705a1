"""`balance`'s tables are read by people: a summary field's name prints as words, not as its key."""

from __future__ import annotations

from game.commands.balance_stats import aggregate
from game.commands.balance_tables import aggregate_lines, compare_lines, group_lines


def test_the_tables_print_words_not_snake_case_keys() -> None:
    runs = [{"seed": seed, "outcome": outcome, "floor": 3, "rooms": 4, "turns": 40, "deaths": 0, "kills": 1,
             "xp": 5, "treasure_found": 2, "banked": 1, "quest": "Deeper"}
            for seed, outcome in ((1, "quest"), (2, "turn_limit"))]
    text = "\n".join(aggregate_lines(aggregate(runs, ["ai+hero,ai"] * 2)))
    assert "  turn limit " in text and "  treasure found " in text
    assert "turn_limit" not in text and "treasure_found" not in text


def test_compare_prints_words_not_snake_case_keys() -> None:
    row = {"a": 0.5, "a_low": 0.2, "a_high": 0.8, "b": 0.5, "b_low": 0.2, "b_high": 0.8, "diff": 0.0,
           "diff_low": -0.3, "diff_high": 0.3, "p": 1.0, "differs": False}
    text = "\n".join(compare_lines({"ending turn_limit": row, "deaths_by traps (median)": row}))
    assert "ending turn limit " in text and "deaths by traps (median)" in text and "_" not in text


def test_a_group_of_one_run_says_run_not_runs() -> None:
    group = {"runs": 1, "rooms": {"median": 8}, "floor": {"median": 4}, "endings": {}}
    lines = group_lines("per designer personality", {"curator": group, "warden": {**group, "runs": 5}})
    assert " 1 run   rooms" in lines[1] and " 5 runs  rooms" in lines[2]
    assert lines[1].index("rooms") == lines[2].index("rooms")  # the columns stay in line


def test_the_floor_table_says_why_it_starts_below_the_entrance() -> None:
    """Every run went past floors 2 and 3, so the table starts at 4: it says so, rather than
    leaving a designer to wonder where the first floors went."""
    runs = [{"seed": seed, "outcome": "wiped" if seed == 1 else "quest", "floor": floor, "rooms": 9, "turns": 400}
            for seed, floor in ((1, 4), (2, 5), (3, 4))]
    text = aggregate_lines(aggregate(runs, ["ai+hero,ai"] * 3))
    at = text.index("  above floor 4: every run went deeper, so none was wiped there")
    assert text[at + 1].startswith("  floor  4  reached      3  wiped     1")


def test_the_floor_table_starting_at_the_entrance_says_nothing_of_the_floors_above() -> None:
    """`balance --seeds 1-20` printed "above floor 2: every run went deeper, so none was wiped
    there" over a table that starts at floor 2, the entrance: no run was ever above it."""
    runs = [{"seed": seed, "outcome": "quest", "floor": floor, "rooms": 9, "turns": 400}
            for seed, floor in ((1, 2), (2, 5), (3, 4))]
    text = aggregate_lines(aggregate(runs, ["ai+hero,ai"] * 3, entrance=2))
    assert not any(line.startswith("  above floor") for line in text), text
    assert "  floor  2  reached      3  wiped     0" in "\n".join(text)
    deeper = aggregate_lines(aggregate(runs[1:], ["ai+hero,ai"] * 2, entrance=2))
    assert "  above floor 4: every run went deeper, so none was wiped there" in deeper
