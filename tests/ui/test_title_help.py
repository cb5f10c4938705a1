"""The title menu's help, read page by page at the smallest size the game takes, tells a newcomer
how to play before any run is begun: who builds the rooms, what the roll panel shows, how hot-seat
goes, with the keys in force."""

from __future__ import annotations

from pathlib import Path

from game.ui.events import key
from game.ui.kit import Kit
from game.ui.options import Options
from game.ui.present.headless import run_headless
from game.ui.screens.title import TitleScreen, standard_title_entries


def title_help_text(kit: Kit) -> str:
    """Every line the title's help shows at 80x24, paging down until the last page repeats (rows
    shown on two pages are kept once)."""
    seen: list[str] = []
    last: list[str] = []
    for presses in range(40):
        _, presenter = run_headless(TitleScreen(kit, standard_title_entries(kit)),
                                    [key("?"), *[key("pagedown")] * presses], size=(80, 24), kit=kit)
        page = [line.rstrip("⬆⬇ ") for line in presenter.lines()[2:-2]]
        if page == last:
            break
        # the last page stops at the end of the text, so it may repeat rows of the one before
        overlap = next((k for k in range(min(len(page), len(last)), 0, -1) if last[-k:] == page[:k]), 0)
        seen.extend(page[overlap:])
        last = page
    return " ".join(" ".join(seen).split())


def test_title_help_tells_how_to_play_and_how_hot_seat_goes(tmp_path: Path) -> None:
    kit = Kit.from_options(Options(), tmp_path / "options.toml")
    text = title_help_text(kit)
    for heading in ("The title menu", "Who builds the rooms", "The roll panel", "Hot-seat", "Movement"):
        assert heading in text, heading
    assert f"{kit.glyphs['rank_winner']} marks the die that won its rank" in text
    assert "r expands or hides the panel" in text
    assert "pass it to" in text and "must spend every point" in text
    assert "for two players at this keyboard" not in text  # up to four seats may be human


def test_the_help_footer_lists_home_and_end_and_end_shows_the_last_keys(tmp_path: Path) -> None:
    """Home and End scroll the help to either end, as on the high scores, but the footer only
    said "Up/Down PgUp/PgDn scroll"."""
    kit = Kit.from_options(Options(), tmp_path / "options.toml")
    _, presenter = run_headless(TitleScreen(kit, standard_title_entries(kit)), [key("?"), key("end")],
                                size=(80, 24), kit=kit)
    rows = presenter.lines()
    assert "Up/Down PgUp/PgDn Home/End scroll" in rows[-1]
    assert "Suspend (terminal only)" in "\n".join(rows[2:-2])  # the last row of the keys


def test_the_title_help_says_who_builds_the_rooms_with_either_design_dial(tmp_path: Path) -> None:
    """Before any table is set the help said "in solo play the AI builds your seat's share", untrue
    with the design dial on ask (which Hot-seat sets): it says both ways."""
    text = title_help_text(Kit.from_options(Options(), tmp_path / "options.toml"))
    assert "the AI builds your seat's share" not in text
    assert ("with the design dial on auto (New game's default) the AI builds each player's share for them; "
            "on ask (Hot-seat sets it) a player builds it in the room builder") in text
