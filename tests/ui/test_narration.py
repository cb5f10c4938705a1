"""Hot-seat narration and the hand-over screen."""

from __future__ import annotations

from pathlib import Path

import pytest
import tcod.console
from screen_games import make_kit, make_session

from game.core.seats import parse_seats
from game.engine.start import new_game
from game.ui.events import Event, key
from game.ui.kit import Kit
from game.ui.present.headless import run_headless
from game.ui.screens.handover import HandOverScreen
from game.ui.screens.help import HelpScreen
from game.ui.screens.map_screen import MapScreen, first_screen
from game.ui.screens.narration import NarrationPrompt
from game.ui.session import Session
from game.ui.state import Exit, State
from game.world.components import HeroState

BACK = Exit("back")


@pytest.fixture
def kit(tmp_path: Path) -> Kit:
    return make_kit(tmp_path)


class Secret:
    """A stand-in for the map: what must not show during a hand-over."""

    def on_event(self, event: Event) -> State | None:
        return None

    def on_draw(self, console: tcod.console.Console) -> None:
        console.print(0, 0, "SECRET MAP")

    def cursor(self) -> tuple[int, int] | None:
        return None


def typed(text: str) -> list:
    return [key(c) for c in text]


def test_enter_tells_the_line_to_the_log_and_earns_a_story_point(kit: Kit) -> None:
    session = make_session(seats="human,human,ai")
    game = session.game
    seat = 1
    hero = game.world.comp(game.party.hero_of[seat], HeroState)
    result, screen = run_headless(NarrationPrompt(kit, session, BACK, seat), [*typed("The door? It bit back!"),
                                                                               key("enter")])
    assert result == BACK
    assert game.log[-1].text == f"{game.seats[seat].name}: The door? It bit back!"
    assert game.log[-1].narrator == seat and game.log[-1].kind == "narration"
    assert hero.story_points == 1


def test_the_prompt_names_the_seat_and_shows_what_was_typed(kit: Kit) -> None:
    session = make_session(seats="human,human,ai")
    state = NarrationPrompt(kit, session, BACK, 0)
    _, screen = run_headless(state, typed("jk hl"))
    text = screen.text()
    assert "Player 1: your Thwack-O die won this roll" in text
    assert "jk hl" in text and "5/200" in text
    assert screen.cursor is not None and screen.lines()[screen.cursor[1]][screen.cursor[0] - 5:].startswith("jk hl")
    hints = screen.lines()[-1]
    for keys in ("Enter", "Esc", "F1"):
        assert keys in hints


def test_the_prompt_shows_the_roll_this_seat_tells_not_a_later_one(kit: Kit) -> None:
    """A fight told by Player 1 and then a morale check (told by nobody) in one action: the
    prompt showed "The roll: ...'s morale: flees", a roll Player 1's die never won."""
    from game.engine.log import Pool, RollRecord

    session = make_session(seats="human,human,ai")
    game = session.game
    game.rolls.append(RollRecord(3, "pain", "Fight", (Pool("1", 0, (5,)), Pool("2", 1, (2,))), ("A", "Nuln"),
                                 rank_winners=(0,), narrator=0))
    game.rolls.append(RollRecord(3, "check", "Nuln's morale", (Pool("2", -1, (18,)),), ("Nuln",)))
    _, screen = run_headless(NarrationPrompt(kit, session, BACK, 0), [])
    assert "The roll: Fight" in screen.text() and "morale" not in screen.text()


def test_the_line_is_logged_under_the_turn_of_the_roll_it_tells(kit: Kit) -> None:
    """The roll came on turn 3 and the party's turn passed before the seat wrote: the line sat
    under turn 4 in the log history, beside lines of a turn its roll was not in."""
    from game.engine.log import Pool, RollRecord

    session = make_session(seats="human,human,ai")
    game = session.game
    game.rolls.append(RollRecord(3, "annoy", "The rusted door", (Pool("1", 0, (5,)),), ("A",), narrator=1))
    game.turn = 4
    run_headless(NarrationPrompt(kit, session, BACK, 1), [*typed("It gave way."), key("enter")])
    assert game.log[-1].text.endswith("It gave way.") and game.log[-1].turn == 3


def test_the_prompt_skips_a_roll_of_the_seat_that_came_to_nothing(kit: Kit) -> None:
    """The seat's die also won a later fight in which every rank tied: nothing to tell there, so
    the prompt (and the line's turn) is the earlier roll's, the one it was asked about."""
    from game.engine.log import Pool, RollRecord

    session = make_session(seats="human,human,ai")
    game = session.game
    game.rolls.append(RollRecord(2, "annoy", "The rusted door", (Pool("1", 0, (5,)),), ("A",), narrator=0))
    game.rolls.append(RollRecord(3, "pain", "Fight", (Pool("1", 0, (5,)), Pool("2", 1, (5,))), ("A", "B"),
                                 rank_winners=(-1,), narrator=0))
    _, screen = run_headless(NarrationPrompt(kit, session, BACK, 0), [*typed("Creak."), key("enter")])
    assert "The roll: The rusted door" in screen.text()
    assert game.log[-1].turn == 2


def test_backspace_edits_and_escape_or_an_empty_line_skips(kit: Kit) -> None:
    session = make_session(seats="human,human,ai")
    game = session.game
    lines = len(game.log)
    state = NarrationPrompt(kit, session, BACK, 0)
    run_headless(state, [*typed("abc"), key("backspace")])
    assert state.field.value == "ab"
    assert state.on_event(key("escape")) == BACK
    result, _ = run_headless(NarrationPrompt(kit, session, BACK, 0), [*typed("   "), key("enter")])
    assert result == BACK and len(game.log) == lines
    assert game.heroes()[0][1].story_points == 0


def test_f1_opens_help_and_question_marks_are_typed(kit: Kit) -> None:
    session = make_session(seats="human,human,ai")
    state = NarrationPrompt(kit, session, BACK, 0)
    assert state.on_event(key("?")) is None and state.field.value == "?"
    assert isinstance(state.on_event(key("f1")), HelpScreen)


def test_the_hand_over_hides_the_screen_and_enter_continues(kit: Kit) -> None:
    nxt = Exit("player two")
    state = HandOverScreen(kit, Secret(), "Player 2", kit.palette.seat(1), nxt)
    result, screen = run_headless(state, [key("x"), key("h"), key("enter")])
    assert result == nxt
    state = HandOverScreen(kit, Secret(), "Player 2", kit.palette.seat(1), nxt)
    _, screen = run_headless(state, [])
    text = screen.text()
    assert "SECRET" not in text
    assert "Pass the keyboard to" in text and "Player 2" in text
    x, y = screen.find("Player 2")
    assert tuple(screen.console.fg[y, x]) == kit.palette.seat(1)
    assert "Enter continue" in screen.lines()[-1] and "Esc" in screen.lines()[-1]


def test_the_hand_over_escape_goes_back_and_question_mark_helps(kit: Kit) -> None:
    secret = Secret()
    state = HandOverScreen(kit, secret, "Player 2", (1, 2, 3), Exit("next"))
    assert state.on_event(key("escape")) is secret
    assert isinstance(state.on_event(key("?")), HelpScreen)
    assert state.on_event(key("enter")) == Exit("next")


def test_the_lines_just_now_wrap_whole_at_80_columns_not_cut_at_the_edge(kit: Kit) -> None:
    """At 80x24 "Pim Mossback shoots Xol the Last Sentinel from 2 tiles away (arrows): 3 damage."
    showed as "... (arrows): 3 da": the number's noun cut off."""
    session = make_session(seats="human,human,ai")
    game = session.game
    said = "Pim Mossback shoots Xol the Last Sentinel from 2 tiles away with a long bow (arrows): 3 damage."
    for n in range(5):
        game.say(f"Line {n} of the fight.")
    game.say(said)
    _, screen = run_headless(NarrationPrompt(kit, session, BACK, 0), [], size=(80, 24))
    lines = [ln.strip() for ln in screen.lines()]
    at = next(i for i, ln in enumerate(lines) if ln.startswith("Pim Mossback shoots"))
    assert " ".join(lines[at:at + 2]) == said
    assert "Line 4 of the fight." in lines and "Your line:" in lines


def test_a_marked_paste_goes_into_the_line_as_typing(kit: Kit) -> None:
    from game.ui.events import PasteEvent

    session = make_session(seats="human,human,ai")
    _, screen = run_headless(NarrationPrompt(kit, session, BACK, 0), [*typed("It "), PasteEvent("bit\r\nback!\x07")])
    assert "It bitback!" in screen.text() and "11/200" in screen.text()


def test_a_paste_or_a_key_that_does_not_go_in_says_so(kit: Kit) -> None:
    """A paste the terminal did not mark was dropped whole, one past 200 characters was cut, and a
    character the screen cannot draw showed as "?", each without a word (the map, the log search
    and the New game form said so; the narration line, the builder's names and the design's name
    did not)."""
    from game.ui.events import PASTE_REFUSED, PasteEvent

    session = make_session(seats="human,human,ai")
    state = NarrationPrompt(kit, session, BACK, 0)
    _, screen = run_headless(state, [PasteEvent(None)], size=(100, 30))
    assert state.field.value == "" and state.status.text == PASTE_REFUSED
    assert " ".join(screen.text().split()).count("That paste was too long to take as typing") == 1
    run_headless(state, [PasteEvent("x" * 300)])
    assert len(state.field.value) == 200
    assert state.status.text == "That is as long as it can be here: 200 characters; the rest was left out."
    state = NarrationPrompt(kit, session, BACK, 0)
    run_headless(state, [*typed("ab"), key("日"), *typed("cd")])  # keys as fast as a paste sends them
    assert state.field.value == "abcd" and "cannot be drawn here" in state.status.text  # still said after "cd"


def test_what_did_not_go_in_is_let_go_once_typing_goes_on(kit: Kit, monkeypatch) -> None:  # noqa: ANN001
    """"That paste was too long ... none of it went in" stayed under a line then typed in full, as
    if that line had not gone in either. Held while keys come at once, the words go at a key that
    goes in once they have stood a second."""
    from game.ui.events import PASTE_REFUSED, PasteEvent
    from game.ui.screens import widgets

    clock = [100.0]
    monkeypatch.setattr(widgets.time, "monotonic", lambda: clock[0])
    state = NarrationPrompt(kit, make_session(seats="human,human,ai"), BACK, 0)
    run_headless(state, [PasteEvent(None), *typed("The")])  # at once: still said
    assert state.status.text == PASTE_REFUSED
    clock[0] += 2
    _, screen = run_headless(state, typed(" end"))
    assert state.field.value == "The end" and state.status.text == ""
    assert "too long" not in screen.text() and "earns your hero a story point" in screen.text()


def test_the_narrators_hand_over_says_esc_skips_the_line_not_that_it_goes_back(kit: Kit) -> None:
    """The narrator's hand-over said "or Esc to skip" above a footer "Esc back" and a help that
    promised Esc "goes back to the screen before, if the wrong player got up"; but Esc there gives
    the line up for good (the map comes back and the prompt never does). It says "skip" now."""
    game = new_game(3, parse_seats("human,human,ai"), 2)
    screen = first_screen(kit, Session(game))
    assert isinstance(screen, MapScreen)
    screen.pending_narrator = 1  # seat 2's Thwack-O die won a roll of the action just taken
    state = screen.narration(game.rolls[-1] if game.rolls else None)
    assert isinstance(state, HandOverScreen) and "Esc to skip" in state.reason
    _, shown = run_headless(state, [], kit=kit)
    footer = shown.lines()[-1]
    assert "Esc skip" in footer and "Esc back" not in footer
    _, helped = run_headless(state, [key("?")], kit=kit, size=(80, 40))
    words = " ".join(helped.text().split())
    assert "Esc skips the line" in words and "wrong player got up" not in words
    assert state.on_event(key("escape")) is screen
    assert screen.narration(game.rolls[-1] if game.rolls else None) is None  # the line is given up


def test_a_narrator_who_just_pressed_the_key_keeps_the_keyboard(kit: Kit) -> None:
    """The seat whose own key brought the roll holds the keyboard: its prompt was behind "Pass the
    keyboard to Player 1" shown to Player 1. It says "Keep the keyboard, Player 1" (and its help
    says why); another seat's line is still handed over."""
    game = new_game(3, parse_seats("human,human,ai"), 2)
    screen = first_screen(kit, Session(game))
    assert isinstance(screen, MapScreen)
    for narrator, holder, headline, help_title in ((0, 0, "Keep the keyboard,", "Help: keeping the keyboard"),
                                                   (1, 0, "Pass the keyboard to", "Help: passing the keyboard")):
        screen.pending_narrator = narrator
        state = screen.narration(game.rolls[-1] if game.rolls else None, holder=holder)
        assert isinstance(state, HandOverScreen)
        _, shown = run_headless(state, [], kit=kit)
        assert headline in shown.text() and game.seats[narrator].name in shown.text()
        assert ("Keep the keyboard" in shown.text()) == (narrator == holder)
        _, helped = run_headless(state, [key("?")], kit=kit, size=(80, 40))
        assert help_title in helped.text()


def test_a_fight_that_hurt_nobody_asks_no_one_to_tell_it(kit: Kit) -> None:
    """"Your Thwack-O die won this roll. Tell the table what happened" came after a Fight whose
    every rank tied, and after one whose only won rank was a hero's with no one in reach:
    nothing had happened, the log said nothing, yet the line earned a story point. Only a roll
    that came to something is offered."""
    from game.engine.log import Pool, RollRecord

    game = new_game(3, parse_seats("human,human,ai"), 2)
    screen = first_screen(kit, Session(game))
    assert isinstance(screen, MapScreen)
    pools = (Pool("1", 1, (4, 3, 1), 0), Pool("9", -1, (4, 3)))
    before = game.rolls[-1] if game.rolls else None
    game.rolls.append(RollRecord(game.turn, "pain", "Fight", pools, ("Bo", "Mould"), (-1, -1, -1), narrator=1))
    game.rolls.append(RollRecord(game.turn, "pain", "Fight", pools, ("Bo", "Mould"), (-1, -1, 0), narrator=1,
                                 unplaced=(0,)))
    assert screen._narrator(before) is None
    game.rolls.append(RollRecord(game.turn, "pain", "Fight", pools, ("Bo", "Mould"), (-1, -1, 0), narrator=1))
    assert screen._narrator(before) == 1
