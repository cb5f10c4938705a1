"""The sidebar's counters as the player sees them: a number is never cut short."""

from __future__ import annotations

import re
from pathlib import Path

from map_tools import make_kit, play

from game.core.seats import parse_seats
from game.engine.start import new_game
from game.ui.screens.map_screen import first_screen
from game.ui.session import Session


def test_three_heroes_food_reads_in_full_at_100_columns(tmp_path: Path) -> None:
    """Three heroes set out with 12 rations; at 100 columns the line read "Food 1"."""
    game = new_game(9, parse_seats("human,ai+hero,ai+hero,ai"), 2)
    assert game.time.rations >= 10
    kit = make_kit(tmp_path, hallway_after_room=False)
    for size in ((100, 30), (80, 24), (120, 40)):
        _, term = play(first_screen(kit, Session(game)), [], size, kit)
        shown = re.search(r"Food (\d+)", term.text())
        assert shown and int(shown.group(1)) == game.time.rations, (size, term.text())


def test_the_counters_give_way_in_spacing_then_drop_zeros_never_digits() -> None:
    from game.ui.sidebar import counters_text

    assert counters_text(0, 0, 0, 12, 40) == "Keys 0  Levers 0  Picks 0  Food 12"
    assert counters_text(0, 0, 0, 12, 31) == "Keys 0 Levers 0 Picks 0 Food 12"
    assert counters_text(0, 0, 0, 12, 10) == "Food 12"
    assert counters_text(3, 0, 0, 12, 16) == "Keys 3  Food 12"
    assert counters_text(0, 0, 10, 12, 23) == "Picks 10  Food 12"
    assert counters_text(10, 10, 10, 100, 16) == "K10 L10 P10 Food 100"  # nothing smaller says it all


def test_a_daily_seed_of_nine_digits_reads_in_full_late_in_a_run(tmp_path: Path) -> None:
    """"Turn 1234  Seed 123456789" is wider than the sidebar at 100 columns: the seed, which a
    player reads out to race a friend on the same dungeon, lost its last digits."""
    game = new_game(987654321, parse_seats("human,ai,ai"), 2)
    game.turn = 12345
    kit = make_kit(tmp_path, hallway_after_room=False)
    for size in ((100, 30), (80, 24)):
        _, term = play(first_screen(kit, Session(game)), [], size, kit)
        assert "Seed 987654321" in term.text(), (size, term.text())


def test_the_lock_picks_are_counted_beside_the_keys(tmp_path: Path) -> None:
    """The party sets out with lock picks (5 a hero), a failed Locks test snaps one ("A lock pick
    snaps.") and with none left a lock cannot be tried, yet no screen counted them: the first word
    of them a player read was that there were none left."""
    game = new_game(9, parse_seats("human,ai+hero,ai"), 2)
    kit = make_kit(tmp_path, hallway_after_room=False)
    for picks in (game.time.picks, 3):
        game.time.picks = picks
        for size in ((80, 24), (120, 40)):
            _, term = play(first_screen(kit, Session(game)), [], size, kit)
            shown = re.search(r"Picks (\d+)", term.text())
            assert shown and int(shown.group(1)) == picks, (size, term.text())
