"""Screens at the sizes players use: on a very wide terminal (250 columns) what belongs together
stays side by side, and at 80x24 everything still fits and reads true. Drawn through the
terminal writer into pyte, as the player's terminal shows it."""

from __future__ import annotations

from pathlib import Path

import pytest
from map_tools import make_kit, new_session
from pyte_tools import drawn_lines

from game.agents.companion import ai_action
from game.core.score_table import ScoreEntry
from game.core.seats import parse_seats
from game.engine.dispatch import apply_action
from game.engine.start import new_game
from game.ui.screens.hallway_screen import HallwayScreen
from game.ui.screens.hero_sheet import HeroSheetScreen
from game.ui.screens.high_scores import HighScoresScreen
from game.ui.session import Session
from game.ui.state import Exit


def test_one_heros_sheet_at_250_columns_keeps_the_dials_beside_it_and_its_lines_whole(tmp_path: Path) -> None:
    session = new_session(7)
    lines = drawn_lines(HeroSheetScreen(make_kit(tmp_path), session, Exit("back")), 250, 60)
    dials = next(line for line in lines if "Dials in force" in line)
    assert dials.index("Dials in force") < 100, dials  # it stood at column 220, 170 from the sheet
    sees = next(y for y, line in enumerate(lines) if "Fights with" in line)
    assert "tiles)" in lines[sees], lines[sees:sees + 2]  # "strikes what it sees within N tiles" on one line


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (250, 60)])
def test_four_heros_sheets_fit_and_show_every_hero_the_width_allows(tmp_path: Path, size: tuple[int, int]) -> None:
    session = new_session(7, "human,ai+hero,ai+hero,ai+hero")
    lines = drawn_lines(HeroSheetScreen(make_kit(tmp_path), session, Exit("back")), *size)
    assert len(lines) == size[1] and max(len(line) for line in lines) <= size[0]
    names = [session.game.name(eid) for eid, _ in session.game.heroes()]
    played = sum(1 for name in names if any(f"{name}  played by" in line for line in lines))
    assert played == (4 if size[0] >= 250 else 1), lines[:4]
    assert any("Dials in force" in line for line in lines)


def test_a_four_hero_party_in_the_high_scores_at_80_columns_names_its_first_heroes_whole(tmp_path: Path) -> None:
    """The Heroes column read "Rook the... Sootwhistle": the first hero's name run into the last
    one's surname, as if one hero. Now whole names from the first, then "..."."""
    names = ["Rook the Patient", "Hale Mossback", "Ysolde the Patient", "Nell Sootwhistle"]
    party = ScoreEntry(0, 9, "retired", 2, 0, 0, ", ".join(names))
    alone = ScoreEntry(0, 7, "retired", 2, 0, 0, "Pim Mossback")
    for width, height in ((80, 24), (250, 60)):
        lines = drawn_lines(HighScoresScreen(make_kit(tmp_path), [alone, party], Exit("back")), width, height)
        row = next(line for line in lines if line.split()[:1] == ["2"])
        shown = row[lines[2].index("Heroes"):].strip()
        if width >= 250:
            assert shown == ", ".join(names)
        else:
            assert shown.endswith(", ...") and shown[:-len(", ...")] in (", ".join(names[:k]) for k in range(1, 4)), row
        assert "Pim Mossback" in next(line for line in lines if line.split()[:1] == ["1"])


def test_at_80_columns_each_seat_of_the_roll_off_keeps_its_die_on_its_row(tmp_path: Path) -> None:
    """Four seats' roll-off is wider than 80 columns: the row broke at the last space, between
    "Trickster (AI)" and its "[6]", so the die stood alone under "Roll". Each seat's name and die
    now wrap together."""
    game = new_game(9, parse_seats("human,ai+hero,ai+hero,ai+hero"), 2)
    for _ in range(3000):
        if game.hallway.last_design is not None:
            break
        apply_action(game, ai_action(game))
    rolloff = game.hallway.last_design.rolloff
    shown = "\n".join(drawn_lines(HallwayScreen(make_kit(tmp_path), Session(game), Exit("back")), 80, 50))
    first = "  Roll     " + "   ".join(f"{game.seats[s].name} [{f}]" for s, f in rolloff.rounds[0])
    assert len(first) > 78, first  # the row must wrap for this to tell anything
    for dice in rolloff.rounds:
        for seat, face in dice:
            assert f"{game.seats[seat].name} [{face}]" in shown, (game.seats[seat].name, face, shown)
