"""The map's quit key (S or Q) pressed on a screen where the table waits for one player's answer
(the category pick, the room builder, a hero's trait choice): those screens have no quit of
their own, and the key was met with "Q does nothing here" or the screen's keys, with nothing on
screen saying how to stop the run there. They say it now: Ctrl-C saves and leaves, and
`continue` comes back to the same choice."""

from __future__ import annotations

from pathlib import Path

import pytest
from map_tools import make_kit, play, play_until
from test_build_left_unconfirmed import SEATS, ann_in_the_builder

from game.core.dials import Dials
from game.core.seats import parse_seats
from game.engine.room_entry import hallway
from game.engine.start import new_game
from game.rules.party import xp_to_be
from game.ui.app import start_state
from game.ui.events import key
from game.ui.screens.category_pick import CategoryPickScreen
from game.ui.screens.map_screen import first_screen
from game.ui.screens.trait_choice import TraitChoiceScreen
from game.ui.session import Session
from game.world.components import HeroState

LEAVING = "Ctrl-C saves the run and leaves, and `python main.py continue` comes back to"


def said(state: object, keys: list[str]) -> str:
    _, term = play(state, keys, (80, 24), state.kit)  # type: ignore[attr-defined]
    return " ".join(term.text().split())


def test_the_quit_key_in_the_room_builder_says_how_to_leave(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    builder, host = ann_in_the_builder(tmp_path, monkeypatch)
    for quit_key in ("Q", "S"):
        text = said(builder, [quit_key])
        assert f"{quit_key} does not quit here: the table waits for your build. {LEAVING} it." in text, text
    assert host.session.game.awaiting().kind == "build"  # nothing else happened
    host.session.game.close()


def test_the_quit_key_at_the_category_pick_says_how_to_leave(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path / "home"))
    kit = make_kit(tmp_path)
    _, host = start_state(kit, seed=4, seats=SEATS, dials=Dials(design="ask"))
    state = play_until(kit, host.session, lambda session, state: session.game.awaiting().kind == "category")
    state = state.on_event(key("enter"))  # past the hand-over
    assert isinstance(state, CategoryPickScreen), state
    text = said(state, ["Q"])
    assert f"Q does not quit here: the table waits for your pick. {LEAVING} it." in text, text
    assert host.session.game.awaiting().kind == "category"
    host.session.game.close()


def test_the_quit_key_at_a_trait_choice_says_how_to_leave(tmp_path: Path) -> None:
    game = new_game(11, parse_seats("human,ai,ai"), 2)
    hero = game.party.hero_of[0]
    game.world.comp(hero, HeroState).xp = xp_to_be(3)
    hallway(game, hero)
    kit = make_kit(tmp_path, hallway_after_room=False)
    screen = first_screen(kit, Session(game))
    assert isinstance(screen, TraitChoiceScreen)
    text = said(screen, ["Q"])
    assert f"Q does not quit here: the table waits for your choice. {LEAVING} it." in text, text
    assert game.awaiting().kind == "trait"
