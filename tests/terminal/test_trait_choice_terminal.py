"""The Hallway's trait choice as the player sees it (issue 13; DESIGN.md §3 Budget Dungeons): a
human hero that gains a level is not grown for it; the screen lists new traits and traits a
degree higher, each with what it ties to, and the pick is the ChooseTrait the game waited for."""

from __future__ import annotations

from pathlib import Path

import pytest
from map_tools import make_kit, play, play_until
from pty_tools import PtyApp, python_argv

from game.core.seats import HeroChoice, parse_seats
from game.engine.game import Awaiting
from game.engine.growth import ties_words
from game.engine.room_entry import hallway
from game.engine.start import new_game
from game.rules.party import xp_to_be
from game.ui.app import start_state
from game.ui.events import KeyEvent
from game.ui.screens.handover import HandOverScreen
from game.ui.screens.map_screen import MapScreen, first_screen
from game.ui.screens.trait_choice import TraitChoiceScreen
from game.ui.session import Session
from game.ui.state import State
from game.world.components import HeroState

SOLDIER = HeroChoice("Tess Anvil", "orc", "strong", "soldier", ("strong", "disciplined"))


def grown_game(seats: str = "human,ai,ai"):  # noqa: ANN201 - (game, hero)
    game = new_game(11, parse_seats(seats), 2, heroes={0: SOLDIER})
    hero = game.party.hero_of[0]
    game.world.comp(hero, HeroState).xp = xp_to_be(3)
    hallway(game, hero)  # the level is gained as the party enters a room
    return game, hero


def test_a_level_gained_opens_the_choice_and_enter_takes_the_one_chosen(tmp_path: Path) -> None:
    game, hero = grown_game()
    state = game.world.comp(hero, HeroState)
    held = state.traits
    kit = make_kit(tmp_path, hallway_after_room=False)
    _, term = play(first_screen(kit, Session(game)), [], (100, 30), kit)
    text = " ".join(term.text().split())
    assert "your hero grows" in text and "Tess Anvil" in text
    assert "incredibly strong (a degree higher)" in text and "commanding (new)" in text
    assert ties_words("commanding") in text  # what the new trait would tie the hero to
    assert state.traits == held and game.awaiting().kind == "trait"
    # the choices: strong and disciplined a degree higher, then the orc soldier's violent and commanding
    _, term = play(first_screen(kit, Session(game)), ["down", "down", "down", "enter"], (100, 30), kit)
    assert state.traits == (*held, "commanding") and state.growth_due == 0
    assert game.awaiting().kind == "hero"
    assert "your hero grows" not in term.text()  # back on the map


def test_escape_does_not_skip_the_choice(tmp_path: Path) -> None:
    game, hero = grown_game()
    kit = make_kit(tmp_path, hallway_after_room=False)
    _, term = play(first_screen(kit, Session(game)), ["escape"], (100, 30), kit)
    assert "waits for your choice" in " ".join(term.text().split())
    assert game.world.comp(hero, HeroState).growth_due == 1


def test_an_ai_hero_grows_by_its_personality_with_no_screen() -> None:
    game, hero = grown_game("ai+hero,ai,ai")
    state = game.world.comp(hero, HeroState)
    assert state.growth_due == 0 and state.traits[-1] == "strong" and game.awaiting().kind == "hero"


def test_at_a_hot_seat_table_the_screen_says_whose_choice_it_is(tmp_path: Path) -> None:
    game, hero = grown_game("human:Ann,human:Bob,ai")
    kit = make_kit(tmp_path, hallway_after_room=False)
    _, term = play(first_screen(kit, Session(game)), ["enter"], (100, 30), kit)  # past the hand-over to Ann
    assert "Ann, your choice. Tess Anvil" in " ".join(term.text().split())


def test_at_80_columns_a_long_tie_is_shortened_at_whole_words_and_told_in_full_when_chosen(tmp_path: Path) -> None:
    """A wild hero's row read "fight; against or with bite, claws; att" at 80 columns: cut inside
    a word, and the rest of what the trait ties to was nowhere on the screen."""
    from game.engine.growth import growth_choices

    wild = HeroChoice("Oda Thimble", "infernal", "cunning", "barbarian", ("keen_senses", "wild"))
    game = new_game(44, parse_seats("human,ai,ai"), 2, heroes={0: wild})
    hero = game.party.hero_of[0]
    game.world.comp(hero, HeroState).xp = xp_to_be(3)
    hallway(game, hero)
    kit = make_kit(tmp_path, hallway_after_room=False)
    choices = growth_choices(game, hero)
    long_ones = [i for i, (trait, _) in enumerate(choices) if len(ties_words(trait)) > 40]
    assert long_ones, "no choice with a long tie: the case is not tested"
    screen = first_screen(kit, Session(game))
    labels = [screen.label(trait, how) for trait, how in choices]
    for i in long_ones:
        _, term = play(first_screen(kit, Session(game)), ["down"] * i, (80, 24), kit)
        text = " ".join(term.text().split())
        assert ties_words(choices[i][0]) in text, (i, term.text())  # the chosen one's ties, in full
        for label, (trait, _) in zip(labels, choices, strict=True):
            row = next(line for line in term.lines if line.strip().startswith(label))
            shown = row.strip()[len(label):].strip()
            assert shown == ties_words(trait) or "..." in shown, row  # whole, or shortened at words


def level_three_choice(tmp_path: Path, seed: int) -> list[str]:
    """The rows of the trait choice at 80x24 for the seed's first hero, owed its Level 3 growth."""
    game = new_game(seed, parse_seats("human,ai,ai"), 2)
    hero = game.party.hero_of[0]
    game.world.comp(hero, HeroState).xp = xp_to_be(3)
    hallway(game, hero)
    kit = make_kit(tmp_path, hallway_after_room=False)
    _, term = play(first_screen(kit, Session(game)), [], (80, 24), kit)
    return term.text().splitlines()


def test_a_traits_ties_cut_at_80_columns_keep_whole_ties_from_the_start(tmp_path: Path) -> None:
    """At 80x24 the bard's "artistic (new)" row read "lore; against or with... with sonic": the
    middle cut joined two ties into one that is not the trait's. It now ends after whole ties."""
    row = next(r for r in level_three_choice(tmp_path, 7) if "artistic (new)" in r)
    assert row.split("artistic (new)")[1].strip() == "lore; against or with sonic; ..."


def test_a_tie_too_long_for_its_row_keeps_whole_types_from_the_start(tmp_path: Path) -> None:
    """Seed 5's infernal monk at 80x24: "very mundane" read "against or with psychic,... crushing",
    a Type list cut in the middle and joined to the attack. It now ends after whole Types."""
    row = next(r for r in level_three_choice(tmp_path, 5) if "very mundane (a degree higher)" in r)
    assert row.split("(a degree higher)")[1].strip() == "against or with psychic, holy, ..."


def growth_from_the_map(tmp_path: Path, grows: int) -> tuple[int, State]:
    """A hot-seat run (Ann, Bob) in which seat `grows`'s hero has the experience for Level 3: the
    players explore on the map until the party enters a room and the game asks for the growth.
    Returns the seat whose key brought it, and the screen that came up."""
    game = new_game(5, parse_seats("human:Ann,human:Bob,ai"), 2)
    game.world.comp(game.party.hero_of[grows], HeroState).xp = xp_to_be(3)
    session = Session(game)
    kit = make_kit(tmp_path, hallway_after_room=False)
    pressed: list[int | None] = []

    def asked(session: Session, state: State) -> bool:
        if isinstance(state, MapScreen):
            pressed.append(session.human_seat())  # whose key the next one is
            return False
        return True

    state = play_until(kit, session, asked)
    assert game.awaiting() == Awaiting("trait", grows) and pressed[-2] is not None, (game.awaiting(), pressed)
    return pressed[-2], state


def test_a_growth_the_map_brings_comes_behind_a_hand_over_to_its_player(tmp_path: Path) -> None:
    """Bob's hero grew as Ann's key took the party into a room: the choice came up on Ann's
    keyboard, with no "Pass the keyboard to Bob" first, unlike every other player's choice."""
    presser, state = growth_from_the_map(tmp_path, grows=1)
    assert presser == 0  # Ann's key
    assert isinstance(state, HandOverScreen) and state.seat_name == "Bob", state
    _, term = play(state, [], (80, 24), state.kit)
    said = " ".join(term.text().split())
    assert "Pass the keyboard to Bob" in said and "grows: Bob chooses how." in said, said
    chosen = state.on_event(KeyEvent("enter"))
    assert isinstance(chosen, TraitChoiceScreen) and chosen.seat == 1


def test_a_growth_of_the_player_at_the_keyboard_comes_straight_up(tmp_path: Path) -> None:
    presser, state = growth_from_the_map(tmp_path, grows=0)
    assert presser == 0 and isinstance(state, TraitChoiceScreen) and state.seat == 0, state


def left_with_a_growth_owed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """A hot-seat run (Ann, Bo; seed 1, heroes of Level 1) played in-process until Bo's hero has
    earned Level 2 and the game waits for his choice, and stopped there, as a closed terminal
    stops it; the environment `continue` needs to find that run."""
    home = {"MASTERLESS_HOME": str(tmp_path / "home"), "MASTERLESS_CONFIG_DIR": str(tmp_path / "config")}
    for name, value in home.items():
        monkeypatch.setenv(name, value)
    kit = make_kit(tmp_path, hallway_after_room=False)
    _, host = start_state(kit, seed=1, seats="human:Ann,human:Bo,ai", level=1)
    play_until(kit, host.session, lambda session, state: session.game.awaiting().kind in ("trait", "over"))
    assert host.session.game.awaiting() == Awaiting("trait", 1), host.session.game.awaiting()
    host.session.game.close()
    return home


def test_a_growth_owed_when_the_run_was_left_comes_behind_a_hand_over_after_continue(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bo's trait choice was next when the run was left: `continue` opened it on whoever held the
    keyboard, with no "Pass the keyboard to Bo" first, unlike the builder and growth from the map."""
    home = left_with_a_growth_owed(tmp_path, monkeypatch)
    with PtyApp(python_argv("main.py", "continue"), 80, 24, env=home) as again:
        assert again.wait_for("Pass the keyboard to", 20), again.text()
        said = " ".join(again.text().split())
        assert "Pass the keyboard to Bo " in said and "grows: Bo chooses how." in said, said
        assert "your choice" not in said, said  # nothing of the choice shows before Bo takes the keyboard
        again.send("\r")
        assert again.wait_for("Bo, your choice."), again.text()
        assert again.leave() == 0
