"""`balance`'s tables are read by people: a summary field's name prints as words, not as its key."""

from __future__ import annotations

from game.commands.balance_stats import aggregate
from game.commands.balance_tables import aggregate_lines


def test_the_tables_print_words_not_snake_case_keys() -> None:
    runs = [{"seed": seed, "outcome": outcome, "floor": 3, "rooms": 4, "turns": 40, "deaths": 0, "kills": 1,
             "xp": 5, "treasure_found": 2, "banked": 1, "quest": "Deeper"}
            for seed, outcome in ((1, "quest"), (2, "turn_limit"))]
    text = "\n".join(aggregate_lines(aggregate(runs, ["ai+hero,ai"] * 2)))
    assert "  turn limit " in text and "  treasure found " in text
    assert "turn_limit" not in text and "treasure_found" not in text
