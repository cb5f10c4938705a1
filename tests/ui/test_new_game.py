"""The new-game screen: seats, heroes made by hand, every dial, the seed, and Start."""

from __future__ import annotations

from pathlib import Path

import pytest
from screen_games import help_read_by_columns, make_kit

from game.core.content import traits
from game.core.dials import DIE_SIZES, THEMES, Dials
from game.core.seats import HeroChoice, parse_seats
from game.ui.events import KeyEvent, key
from game.ui.kit import Kit
from game.ui.present.headless import run_headless
from game.ui.screens.help import HelpScreen
from game.ui.screens.new_game import NewGameScreen, hot_seat_screen
from game.ui.state import Exit

BACK = Exit("back")


@pytest.fixture
def kit(tmp_path: Path) -> Kit:
    return make_kit(tmp_path)


class Starter:
    """The app's start function, remembering what it was given."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []
        self.names: list[str] | None = None

    def __call__(self, seed: int, seats: str, level: int, dials: Dials, heroes: dict[int, HeroChoice],
                 seat_names: list[str] | None = None) -> Exit:
        self.calls.append((seed, seats, level, dials, heroes))
        self.names = seat_names
        return Exit("started")


def go(state: NewGameScreen, row: str) -> list[KeyEvent]:
    """The Down presses that bring the selection to `row` (checked against the screen's rows)."""
    keys = [r.key for r in state.rows() if r.kind != "heading"]
    assert row in keys, row
    return [key("down")] * ((keys.index(row) - keys.index(state.selected)) % len(keys))


def typed(text: str) -> list[KeyEvent]:
    return [key(c) for c in text]


def test_the_defaults_are_a_solo_table_and_start_hands_everything_over(kit: Kit) -> None:
    start = Starter()
    state = NewGameScreen(kit, start, BACK)
    result, screen = run_headless(state, [*go(state, "seed"), key("enter"), *typed("4321"), key("enter"),
                                          key("down"), key("enter")])
    assert result == Exit("started")
    seed, seats, level, dials, heroes = start.calls[0]
    assert (seed, seats, level, dials) == (4321, "human,ai,ai", 2, Dials())
    assert list(heroes) == [0]
    hero = heroes[0]
    t = traits()
    assert hero.race_trait in t.races[hero.race]
    assert all(c in t.classes[hero.klass][0] for c in hero.class_traits)
    assert start.names == ["Player 1", "Swarm (AI)", "Warden (AI)"]
    parse_seats(seats)


def test_a_blank_seed_is_a_fresh_number(kit: Kit) -> None:
    start = Starter()
    run_headless(NewGameScreen(kit, start, BACK), [key("S")])
    run_headless(NewGameScreen(kit, start, BACK), [key("S")])
    seeds = [c[0] for c in start.calls]
    assert all(isinstance(s, int) and s >= 0 for s in seeds) and seeds[0] != seeds[1]


def test_the_seed_takes_only_digits(kit: Kit) -> None:
    state = NewGameScreen(kit, Starter(), BACK)
    run_headless(state, [*go(state, "seed"), key("enter"), *typed("12a3-4"), key("enter")])
    assert state.seed == "1234"


def test_seats_can_be_added_and_each_human_seat_gets_a_hero(kit: Kit) -> None:
    start = Starter()
    state = NewGameScreen(kit, start, BACK)
    run_headless(state, [*go(state, "seats"), key("right")])
    assert len(state.seats) == 4
    run_headless(state, [*go(state, "seat.3.kind"), key("left")])
    assert [s.kind for s in state.seats] == ["human", "ai", "ai", "human"]
    _, screen = run_headless(state, [*go(state, "hero.3.name")], size=(100, 60))
    assert "Hero of Player 1" in screen.text() and "Hero of Player 2" in screen.text()
    run_headless(state, [key("S")])
    assert start.calls[0][1] == "human,ai,ai,human"
    assert sorted(start.calls[0][4]) == [0, 3]
    assert start.names[3] == "Player 2"


def test_a_hero_is_one_race_trait_and_two_class_traits_and_shows_degrees(kit: Kit) -> None:
    start = Starter()
    state = NewGameScreen(kit, start, BACK)
    t = traits()
    hero = state.hero(0)
    presses = [*go(state, "hero.0.race")]
    presses += [key("right")] * ((sorted(t.races).index("orc") - sorted(t.races).index(hero.race)) % len(t.races))
    run_headless(state, presses)
    assert hero.race == "orc" and hero.race_trait == t.races["orc"][0] == "strong"
    steps = (sorted(t.classes).index("soldier") - sorted(t.classes).index(hero.klass)) % len(t.classes)
    run_headless(state, [*go(state, "hero.0.klass"), *[key("right")] * steps])
    assert hero.klass == "soldier" and hero.class_traits == ["strong", "disciplined"]
    _, screen = run_headless(state, [*go(state, "hero.0.trait.1"), key("left")], size=(100, 40))
    assert hero.class_traits == ["strong", "strong"]
    assert "Traits: incredibly strong" in screen.text()
    run_headless(state, [*go(state, "hero.0.trait.1"), key("right")])
    _, screen = run_headless(state, [], size=(100, 40))
    assert "Traits: very strong, disciplined" in screen.text()
    run_headless(state, [key("S")])
    assert start.calls[0][4][0].class_traits == ("strong", "disciplined")
    assert start.calls[0][4][0].race_trait == "strong"


def test_names_are_typed_and_escape_undoes_an_edit(kit: Kit) -> None:
    start = Starter()
    state = NewGameScreen(kit, start, BACK)
    run_headless(state, [*go(state, "hero.0.name"), key("enter"), *[key("backspace")] * 40, *typed("Mab the Bold"),
                         key("enter")])
    run_headless(state, [*go(state, "seat.0.name"), key("enter"), *typed("x"), key("escape")])
    run_headless(state, [*go(state, "seat.0.name"), key("enter"), *[key("backspace")] * 20, *typed("Gloom"),
                         key("enter")])
    run_headless(state, [key("S")])
    assert start.calls[0][4][0].name == "Mab the Bold"
    assert start.names == ["Gloom", "Swarm (AI)", "Warden (AI)"]
    assert start.calls[0][1] == "human:Gloom,ai,ai"


def test_an_ai_seat_is_named_for_the_personality_picked_and_plays_it(kit: Kit, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Typing a name for an AI seat did nothing in the game; its name row now picks the
    personality the seat designs with, and the run's seat carries it."""
    from game.designers.table import default_personality
    from game.ui import app

    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path / "home"))
    title = app.title_screen(kit)
    form = title.on_event(key("n"))
    _, screen = run_headless(form, [*go(form, "seat.1.name"), key("right")])
    assert "Warden (AI)" in screen.text() and "Swarm (AI)" not in screen.text()
    run_headless(form, [*go(form, "seat.1.name"), key("enter")])  # Enter steps it too: no typing that is lost
    assert form.seats[1].name == "Trickster (AI)"
    game = form.begin().game
    try:
        assert [s.name for s in game.seats] == ["Player 1", "Trickster (AI)", "Warden (AI)"]
        assert default_personality(game.seats[1]) == "trickster"
    finally:
        game.close()


def test_an_untouched_table_keeps_its_plain_seats(kit: Kit) -> None:
    start = Starter()
    run_headless(NewGameScreen(kit, start, BACK), [key("S")])
    assert start.calls[0][1] == "human,ai,ai"


def test_every_dial_can_be_set(kit: Kit) -> None:
    start = Starter()
    state = NewGameScreen(kit, start, BACK)
    run_headless(state, [*go(state, "dial.die"), key("right"), key("down"), key("left"), key("down"), key("right"),
                         key("down"), key("right"), *[k for _ in range(6) for k in (key("down"), key("right"))],
                         key("down"), key("left")])
    dials = state.dials
    assert dials.die == DIE_SIZES[DIE_SIZES.index(6) + 1]
    assert dials.seriousness == 2
    assert dials.successes is not Dials().successes and dials.design == "ask"
    assert not any((dials.morale, dials.surprise, dials.wandering, dials.reactions, dials.light,
                    dials.narration_prompts))
    assert dials.theme == THEMES[-1]
    _, screen = run_headless(state, [key("S")])
    assert start.calls[0][3] == dials


def test_a_table_without_heroes_cannot_start(kit: Kit) -> None:
    start = Starter()
    state = NewGameScreen(kit, start, BACK)
    _, screen = run_headless(state, [*go(state, "seat.0.kind"), key("right"), key("S")])
    assert state.seats[0].kind == "ai"
    assert "At least one seat needs a hero" in screen.text()
    assert not start.calls
    run_headless(state, [*go(state, "seat.0.kind"), key("right"), key("S")])  # ai+hero
    assert start.calls[0][1] == "ai+hero,ai,ai" and start.calls[0][4] == {}


def test_the_hot_seat_preset_seats_two_humans_and_an_ai(kit: Kit) -> None:
    start = Starter()
    result, screen = run_headless(hot_seat_screen(kit, start, BACK), [key("S")])
    assert result == Exit("started")
    seed, seats, level, dials, heroes = start.calls[0]
    assert seats == "human,human,ai" and sorted(heroes) == [0, 1] and dials.design == "ask"
    assert heroes[0].name != heroes[1].name


def test_star_makes_a_random_hero_for_the_picked_seat(kit: Kit) -> None:
    state = NewGameScreen(kit, Starter(), BACK)
    names = set()
    for _ in range(5):
        run_headless(state, [*go(state, "hero.0.race"), key("*")])
        names.add(state.hero(0).name)
        hero = state.hero(0)
        assert hero.race_trait in traits().races[hero.race]
    assert len(names) > 1


def test_the_selection_stays_in_view_at_80x24_and_every_key_is_hinted(kit: Kit) -> None:
    state = NewGameScreen(kit, Starter(), BACK)
    rows = [r for r in state.rows() if r.kind != "heading"]
    for _ in rows:
        _, screen = run_headless(state, [key("down")])
        x, y = screen.cursor
        assert 2 <= y < 22
    hints = " ".join(screen.lines()[-2:])
    for keys in ("Up/Down", "Left/Right", "Enter", "*", "S start", "Esc", "?"):
        assert keys in hints


def test_help_and_back(kit: Kit) -> None:
    state = NewGameScreen(kit, Starter(), BACK)
    assert isinstance(state.on_event(key("?")), HelpScreen)
    assert state.on_event(key("escape")) == BACK


def test_a_human_seat_named_by_its_player_keeps_the_name_in_the_game(kit):
    screen = NewGameScreen(kit, Starter(), BACK)
    screen.seats[0].name = "Ann, the: Bold"
    assert screen.seats_text() == "human:Ann the Bold,ai,ai"
    assert parse_seats(screen.seats_text())[0].name == "Ann the Bold"


def test_the_form_offers_no_seat_colour_the_game_would_ignore(kit: Kit) -> None:
    """The game draws each seat in its place's colour (the engine's seats take no other), so a
    colour picked on the form would do nothing: the form offers none, and shows each seat's name
    in the colour the game will use."""
    state = NewGameScreen(kit, Starter(), BACK)
    _, screen = run_headless(state, [])
    assert "colour" not in screen.text()
    assert not any(r.key.endswith(".colour") for r in state.rows())
    assert state.colours() == [kit.palette.seat(i) for i in range(len(state.seats))]


def test_a_long_player_name_stops_where_the_game_would_cut_it(kit: Kit) -> None:
    """The table shows at most 20 characters of a player's name; the form took 40 and the game
    then showed another name than the form had."""
    start = Starter()
    state = NewGameScreen(kit, start, BACK)
    run_headless(state, [*go(state, "seat.0.name"), key("enter"), *[key("backspace")] * 20,
                         *typed("Maximiliana Featherstonehaugh"), key("enter")])
    _, screen = run_headless(state, [key("S")])
    shown = state.seats[0].name
    assert shown == "Maximiliana Featherst"[:20]
    assert [s.name for s in parse_seats(start.calls[0][1])][0] == shown


def test_a_character_the_screen_cannot_draw_is_left_out_of_a_name_and_said(kit: Kit) -> None:
    """A wide or combining character was taken into the name, then shown as '?' on every screen."""
    start = Starter()
    state = NewGameScreen(kit, start, BACK)
    _, screen = run_headless(state, [*go(state, "seat.0.name"), key("enter"), *[key("backspace")] * 20,
                                     *typed("Zé漢😀o"), key("\u0301")])
    assert "cannot be drawn here" in screen.text()
    _, screen = run_headless(state, [key("enter"), key("S")])
    assert state.seats[0].name == "Zéo"
    assert "?" not in screen.text().split("\n")[0]
    assert start.calls[0][1].startswith("human:Zéo,")


def test_the_help_says_how_an_ai_seats_personality_is_picked(kit: Kit) -> None:
    state = NewGameScreen(kit, Starter(), BACK)
    helped = state.on_event(key("?"))
    _, screen = run_headless(helped, [], size=(120, 60))
    assert "Left/Right on its name picks another" in help_read_by_columns(screen)


def test_a_letter_typed_into_the_seed_is_refused_in_one_line(kit: Kit) -> None:
    start = Starter()
    state = NewGameScreen(kit, start, BACK)
    _, screen = run_headless(state, [*go(state, "seed"), key("enter"), *typed("12"), key("x")])
    assert "A seed is a number: digits only" in screen.text()
    _, screen = run_headless(state, [*typed("3"), key("enter"), key("S")])
    assert start.calls[0][0] == 123


def test_typing_past_a_fields_length_says_so(kit: Kit) -> None:
    state = NewGameScreen(kit, Starter(), BACK)
    _, screen = run_headless(state, [*go(state, "seed"), key("enter"), *typed("1234567890123")])
    assert "That is as long as it can be here: 12 digits." in screen.text()
    assert state.editing is not None and state.editing.value == "123456789012"


def test_two_players_or_two_heroes_of_one_name_are_refused_in_one_line(kit: Kit) -> None:
    """Two seats called Ann: the hand-over said "Pass the keyboard to Ann" and nobody knew which."""
    start = Starter()
    state = hot_seat_screen(kit, start, BACK)
    for seat in (0, 1):
        run_headless(state, [*go(state, f"seat.{seat}.name"), key("enter"), *[key("backspace")] * 20,
                             *typed("Ann"), key("enter")])
    _, screen = run_headless(state, [key("S")])
    assert "Two players share the name Ann: give each their own." in screen.text() and not start.calls
    run_headless(state, [*go(state, "seat.1.name"), key("enter"), key("backspace"), key("backspace"),
                         key("backspace"), *typed("Bob"), key("enter")])
    state.hero(0).name = state.hero(1).name = "Mab"
    _, screen = run_headless(state, [key("S")])
    assert "Two heroes share the name Mab" in screen.text() and not start.calls
    state.hero(1).name = "Tam"
    run_headless(state, [key("S")])
    assert start.calls and start.calls[0][1].startswith("human:Ann,human:Bob")


def test_a_player_named_as_an_ai_seat_is_refused_in_one_line(kit: Kit) -> None:
    """A human seat called "Warden (AI)" beside the AI seat "Warden (AI)" was taken: the log and the
    hand-overs then named a player as if an AI seat, and nobody could tell the two apart."""
    start = Starter()
    state = NewGameScreen(kit, start, BACK)
    ai_names = [s.name for s in state.seats if s.kind == "ai"]
    assert "Warden (AI)" in ai_names, ai_names
    for name in ("Warden (AI)", "warden (ai)"):
        run_headless(state, [*go(state, "seat.0.name"), key("enter"), *[key("backspace")] * 20,
                             *typed(name), key("enter")])
        _, screen = run_headless(state, [key("S")])
        assert f"{name} ends in (AI), as only AI seats may: give the player another name." in screen.text()
        assert not start.calls
    run_headless(state, [*go(state, "seat.0.name"), key("enter"), *[key("backspace")] * 20, *typed("Warden"),
                         key("enter"), key("S")])
    assert start.calls and start.calls[0][1].startswith("human:Warden,")


def test_a_pasted_seed_keeps_its_digits_and_says_what_was_left_out(kit: Kit) -> None:
    from game.ui.events import PasteEvent

    start = Starter()
    state = NewGameScreen(kit, start, BACK)
    _, screen = run_headless(state, [*go(state, "seed"), key("enter"), PasteEvent(" 12 345\n")])
    assert "A seed is a number: only the digits of that paste went in." in screen.text()
    run_headless(state, [key("enter"), key("S")])
    assert start.calls[0][0] == 12345


def test_a_paste_away_from_a_text_box_types_nothing_and_says_so(kit: Kit) -> None:
    from game.ui.events import PasteEvent

    state = NewGameScreen(kit, Starter(), BACK)
    _, screen = run_headless(state, [*go(state, "seed"), PasteEvent("42")])
    assert "Pasted text goes only into a box being typed in" in screen.text() and state.editing is None


def test_a_pasted_name_leaves_out_what_cannot_be_drawn_and_says_so_whole(kit: Kit) -> None:
    from game.ui.events import PasteEvent

    state = NewGameScreen(kit, Starter(), BACK)
    pasted = PasteEvent("Ann\u0301 \u200bLee")  # a combining accent, a zero-width space
    _, screen = run_headless(state, [*go(state, "seat.0.name"), key("enter"), key("C-u"), pasted])
    assert "Some of those characters cannot be drawn here, so they are left out." in screen.text()
    assert state.editing is not None and state.editing.value == "Ann Lee"


def test_a_flawed_race_shows_the_second_race_trait_and_the_flaw_the_hero_will_carry(kit: Kit) -> None:
    """A troglodyte or infernal carries a second race trait and its race's flaw (Budget Dungeons):
    the form showed only the three picked traits, so a troglodyte read "Traits: hardy, ..." with
    no word of its blindness until the first search. The side panel now shows the traits the
    engine gives the hero, and which rolls the flaw takes a die from."""
    from game.engine.game import flawed_race_traits

    state = NewGameScreen(kit, Starter(), BACK)
    t = traits()
    hero = state.hero(0)
    races = sorted(t.races)
    presses = [*go(state, "hero.0.race")]
    presses += [key("right")] * ((races.index("troglodyte") - races.index(hero.race)) % len(races))
    _, screen = run_headless(state, presses, size=(120, 40))
    assert hero.race == "troglodyte"
    second, flaw = flawed_race_traits(hero.choice())
    side = [row[50:].strip() for row in screen.text().splitlines()]  # the panel beside the form
    shown = next(row for row in side if row.startswith("Traits: "))
    assert shown == "Traits: " + ", ".join(t.describe(hero.chosen())), shown
    assert t.describe((second,))[0] in shown and flaw in shown, shown
    hindered = next(row for row in side if row.startswith("Hindered: "))
    hinders = ", ".join(sorted(t.traits[flaw].hinders_actions))
    assert hindered == f"Hindered: {hinders} ({flaw}: a die fewer on each)", hindered
