"""The log history: every line, colours by kind, narrators credited, scrolling and search."""

from __future__ import annotations

from pathlib import Path

import pytest
from screen_games import make_kit, make_session

from game.agents.autoplay import play
from game.ui.events import key
from game.ui.kit import Kit
from game.ui.present.headless import run_headless
from game.ui.screens.help import HelpScreen
from game.ui.screens.log_history import TURN_W, LogHistoryScreen
from game.ui.session import Session
from game.ui.state import Exit

BACK = Exit("back")


@pytest.fixture
def kit(tmp_path: Path) -> Kit:
    return make_kit(tmp_path)


@pytest.fixture(scope="module")
def played() -> Session:
    """A game with a long log (more than a screen of it): the first seed whose run writes one."""
    for seed in range(11, 60):
        session = make_session(seed=seed)
        play(session.game, 300)
        if len(session.game.log) > 40:
            return session
    raise AssertionError("no run of seeds 11-59 wrote 40 log lines")


def typed(text: str) -> list:
    return [key(c) for c in text]


def test_it_opens_on_the_newest_line_with_the_cursor_on_it(kit: Kit, played: Session) -> None:
    state = LogHistoryScreen(kit, played, BACK)
    _, screen = run_headless(state, [])
    newest = played.game.log[-1]
    x, y = screen.find(newest.text[:40])
    assert screen.cursor == (x, y)
    assert f"t{newest.turn}" in screen.lines()[y]
    assert state.selected == len(played.game.log) - 1


def test_home_end_and_paging_move_through_the_whole_log(kit: Kit, played: Session) -> None:
    log = played.game.log
    state = LogHistoryScreen(kit, played, BACK)
    _, screen = run_headless(state, [key("home")])
    assert state.selected == 0 and screen.find(log[0].text[:40]) is not None
    assert screen.cursor[1] == 2
    _, screen = run_headless(state, [key("pagedown")])
    assert state.selected > 10
    assert log[state.selected].text[:30] in screen.lines()[screen.cursor[1]]
    _, screen = run_headless(state, [key("end"), key("up"), key("k")])
    assert state.selected == len(log) - 3


def test_lines_are_coloured_by_kind_and_narrators_are_credited(kit: Kit, played: Session) -> None:
    game = played.game
    state = LogHistoryScreen(kit, played, BACK)
    index = next(i for i, ln in enumerate(game.log) if ln.narrator >= 0 and ln.kind != "narration")
    narrated = game.log[index]
    state.selected = index + 1  # the narrated line is just above the selection, in its own colours
    _, screen = run_headless(state, [])
    rows = screen.lines()
    y = screen.cursor[1] - 1
    while not rows[y][:6].strip():  # up to the narrated line's first row (it carries the turn)
        y -= 1
    block = " ".join(r.strip() for r in rows[y : screen.cursor[1]])
    seat = game.seats[narrated.narrator]
    assert narrated.text in block and block.endswith(f"~ {seat.name}")
    role = {"combat": "text_bright", "danger": "bad", "trap": "trap", "loot": "treasure", "info": "text",
            "hallway": "accent"}[narrated.kind]
    assert tuple(screen.console.fg[y, 7]) == kit.palette[role]
    name_row = screen.cursor[1] - 1
    x = rows[name_row].rindex(seat.name)
    assert tuple(screen.console.fg[name_row, x]) == kit.palette.seat(seat.index)


def test_slash_searches_back_from_the_selection_and_n_finds_the_next(kit: Kit, played: Session) -> None:
    log = played.game.log
    word = "Hallway:"
    matches = [i for i, ln in enumerate(log) if word.lower() in ln.text.lower()]
    assert len(matches) >= 2
    state = LogHistoryScreen(kit, played, BACK)
    _, screen = run_headless(state, [key("/"), *typed(word), key("enter")])
    assert state.selected == matches[-1]
    assert f"match {len(matches)} of {len(matches)}" in screen.text()
    assert log[matches[-1]].text[:30] in screen.lines()[screen.cursor[1]]
    _, screen = run_headless(state, [key("n")])
    assert state.selected == matches[-2]
    _, screen = run_headless(state, [key("N")])
    assert state.selected == matches[-1]


def test_a_new_search_starts_empty_and_enter_alone_repeats_the_last(kit: Kit, played: Session) -> None:
    """`/` began with the last search's words in the field, so typing after a search for "dies"
    looked for "dieszzzq"; now it starts empty, and Enter alone looks for the last words again."""
    state = LogHistoryScreen(kit, played, BACK)
    run_headless(state, [key("/"), *typed("Hallway:"), key("enter")])
    _, screen = run_headless(state, [key("/"), *typed("xyzzy"), key("enter")])
    assert "Not found: xyzzy" in screen.text()
    run_headless(state, [key("/")])
    assert state.search is not None and state.search.value == ""
    _, screen = run_headless(state, [key("escape"), key("/"), key("enter")])
    assert "Not found: xyzzy" in screen.text()  # Enter alone: the last words, "xyzzy", again
    assert state.query == "xyzzy"


def test_a_search_that_finds_nothing_says_so(kit: Kit, played: Session) -> None:
    state = LogHistoryScreen(kit, played, BACK)
    before = state.selected
    _, screen = run_headless(state, [key("/"), *typed("xyzzy plugh"), key("enter")])
    assert "Not found: xyzzy plugh" in screen.text()
    assert state.selected == before


def test_while_typing_a_search_letters_and_question_marks_are_text(kit: Kit, played: Session) -> None:
    state = LogHistoryScreen(kit, played, BACK)
    _, screen = run_headless(state, [key("/"), *typed("jk?n")])
    assert state.search is not None and state.search.value == "jk?n"
    assert "Find:" in screen.text()
    assert state.on_event(key("escape")) is None and state.search is None
    assert state.on_event(key("escape")) == BACK


def test_help_and_hints(kit: Kit, played: Session) -> None:
    state = LogHistoryScreen(kit, played, BACK)
    assert isinstance(state.on_event(key("?")), HelpScreen)
    _, screen = run_headless(state, [])
    hints = " ".join(screen.lines()[-2:])
    for keys in ("Up/Down", "PgUp/PgDn", "Home/End", "/ search", "n/N", "Esc", "?"):
        assert keys in hints


def test_an_empty_log(kit: Kit) -> None:
    session = make_session()
    session.game.log.clear()
    _, screen = run_headless(LogHistoryScreen(kit, session, BACK), [key("up"), key("n")])
    assert "Nothing has happened yet." in screen.text()


def test_a_paste_too_long_to_take_is_said_under_the_search_and_the_search_goes_on(kit: Kit, played: Session) -> None:
    from game.ui.events import PasteEvent

    state = LogHistoryScreen(kit, played, BACK)
    _, screen = run_headless(state, [key("/"), *typed("xyz"), PasteEvent()])
    assert "That paste was too long" in screen.text() and "Find: xyz" in screen.text()
    _, screen = run_headless(state, [key("q")])
    assert "That paste was too long" not in screen.text() and "Find: xyzq" in screen.text()


def test_a_marked_paste_goes_into_the_search_as_typing(kit: Kit, played: Session) -> None:
    from game.ui.events import PasteEvent

    state = LogHistoryScreen(kit, played, BACK)
    _, screen = run_headless(state, [key("/"), *typed("xy"), PasteEvent("z\tw\n")])
    assert "Find: xyzw" in screen.text() and "That paste" not in screen.text()


def test_the_view_moves_only_as_far_as_the_selection_needs_from_any_start(kit: Kit, played: Session) -> None:
    """The view's first line is the earliest, no earlier than before, from which the lines down
    to the selection fit the screen (what adding up the lines from the old start at each step
    gave, in time that grew with the square of the log: 4 s to open a log of 780 lines)."""
    import tcod.console

    state = LogHistoryScreen(kit, played, BACK)
    console = tcod.console.Console(80, 24, order="C")
    state.on_draw(console)
    height, width = state._page + 1, max(10, console.width - TURN_W - 3)  # as the screen wraps
    log_size = len(played.game.log)
    for first, sel in [(0, log_size - 1), (0, 5), (3, 3), (log_size - 30, log_size - 1), (10, 40), (40, 10)]:
        state.first, state.selected = first, sel
        state.on_draw(console)
        expect = min(first, sel)
        while expect < sel and sum(len(state._rows(i, width)) for i in range(expect, sel + 1)) > height:
            expect += 1
        assert state.first == expect, (first, sel)
