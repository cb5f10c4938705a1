"""The hero sheet: every hero's making, numbers, items and effects, the dials; spending a story point."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from screen_games import give, make_kit, make_session

from game.core.content import traits
from game.core.dials import Dials
from game.core.seats import HeroChoice, parse_seats
from game.engine.reach import RANGED_REACH, RANGED_TYPES
from game.engine.start import new_game
from game.rules.party import xp_to_be
from game.ui.events import key
from game.ui.kit import Kit
from game.ui.present.headless import run_headless
from game.ui.screens.help import HelpScreen
from game.ui.screens.hero_sheet import HeroSheetScreen
from game.ui.session import Session
from game.ui.state import Exit
from game.world.components import Effect, Effects, HeroState

BACK = Exit("back")


@pytest.fixture
def kit(tmp_path: Path) -> Kit:
    return make_kit(tmp_path)


def test_the_sheet_shows_the_heros_making_and_numbers(kit: Kit) -> None:
    session = make_session(seats="human,ai+hero,ai")
    game = session.game
    eid, hero = game.heroes()[0]
    hero.xp = 7
    give(game, eid, "Flask of Mending", fancy=True, heal=3)
    _, screen = run_headless(HeroSheetScreen(kit, session, BACK), [], size=(120, 40))
    text = screen.text()
    assert game.name(eid) in text
    assert f"Level {hero.level} {hero.race} {hero.klass}" in text
    assert f"Hits {hero.hits}/{5 * hero.level}" in text
    assert f"XP 7  {xp_to_be(hero.level + 1) - 7} more for Level {hero.level + 1}" in text
    assert "Class Bonus +1 die" in text
    assert ", ".join(traits().describe(hero.traits)) in text
    sheet = game.sheet(eid)
    assert "Tied actions " + ", ".join(sorted(sheet.actions)) in text
    assert f"Fights with {sheet.attack}" in text
    assert "Flask of Mending: fancy, heals 3 Hits (one use); trade 2" in text
    for described in game.dials.describe():
        name, _, value = described.partition(": ")
        assert f"{name.replace('_', ' ')}: {value}" in text
    assert "seed: 7" in text


def test_a_trait_taken_twice_shows_its_degree(kit: Kit) -> None:
    choice = HeroChoice("Gruk", "orc", "strong", "soldier", ("strong", "commanding"))

    session = Session(new_game(3, parse_seats("human,ai"), 2, Dials(), {0: choice}))
    _, screen = run_headless(HeroSheetScreen(kit, session, BACK), [])
    assert "Traits very strong, commanding" in screen.text()


def test_a_flawed_races_traits_and_grown_ones_are_not_called_class_traits(kit: Kit) -> None:
    """An infernal barbarian that grew read "race cunning; class keen senses, wild, beautiful,
    cursed, cunning": the race's second trait, its flaw and the grown trait all under "class"."""
    choice = HeroChoice("Oda", "infernal", "cunning", "barbarian", ("keen_senses", "wild"))
    game = new_game(3, parse_seats("human,ai"), 2, Dials(), {0: choice})
    hero = game.world.comp(game.party.hero_of[0], HeroState)
    second, flaw = hero.traits[3:5]
    hero.traits = (*hero.traits, "cunning")
    _, screen = run_headless(HeroSheetScreen(kit, Session(game), BACK), [], size=(120, 40))
    nice = {t: t.replace("_", " ") for t in (second, flaw)}
    assert f"race cunning, {nice[second]}, {nice[flaw]}; class keen senses, wild; grown cunning" in screen.text()


def test_the_tied_rolls_are_the_ones_the_engine_ties_a_flawed_and_grown_hero_to(kit: Kit) -> None:
    """A troglodyte monk that grew strong read "Tied actions fight, search": the race's second
    trait (stealthy: agility, disarm) and the grown one (strong: force) were left out, though its
    rolls of those actions get the Class Bonus."""
    choice = HeroChoice("Isk", "troglodyte", "keen_senses", "monk", ("disciplined", "mundane"))
    game = new_game(101, parse_seats("human,ai"), 3, Dials(), {0: choice})
    eid = game.party.hero_of[0]
    hero = game.world.comp(eid, HeroState)
    hero.traits = (*hero.traits, "strong")
    _, screen = run_headless(HeroSheetScreen(kit, Session(game), BACK), [], size=(120, 40))
    sheet = game.sheet(eid)
    assert {"agility", "disarm", "force"} <= sheet.actions
    assert "Tied actions " + ", ".join(sorted(sheet.actions)) in screen.text()
    assert "Tied Types " + ", ".join(sorted(sheet.types)) in screen.text()


def test_the_sheet_says_which_rolls_a_flaw_takes_a_die_from(kit: Kit) -> None:
    """A troglodyte's blindness takes a die from its search and disarm rolls, and an infernal's
    curse from its rolls against or with holy; the sheet listed the flaw among the traits and said
    nothing of what it costs."""
    from game.rules.heroes import hindered

    for race, klass, traits_ in (("troglodyte", "monk", ("disciplined", "mundane")),
                                 ("infernal", "barbarian", ("keen_senses", "wild"))):
        race_trait = traits().races[race][1]
        game = new_game(5, parse_seats("human,ai"), 2, Dials(), {0: HeroChoice("Ur", race, race_trait, klass, traits_)})
        eid = game.party.hero_of[0]
        _, screen = run_headless(HeroSheetScreen(kit, Session(game), BACK), [], size=(120, 40))
        row = next(r for r in screen.text().splitlines() if "Hindered " in r)[:80]  # the dials stand beside
        flaw = traits().flaws[race].replace("_", " ")
        said, note = row.split("Hindered ", 1)[1].split(" (", 1)
        assert note.rstrip() == f"{flaw}: a die fewer on each)", row
        sheet = game.sheet(eid)
        for part in said.split("; "):
            if part.startswith("against or with "):
                assert all(hindered(sheet, roll_type=t) == 1 for t in part[16:].split(", ")), part
            else:
                assert all(hindered(sheet, action=a) == 1 for a in part.split(", ")), part
        assert {a for _, acts in sheet.hindrances for a in acts} <= set(said.replace(";", ",").split(", "))


def test_a_trait_held_a_degree_higher_says_the_dice_its_rolls_get(kit: Kit) -> None:
    """A very strong Level 2 soldier's fight and force rolls get the Class Bonus and a die more
    (DESIGN.md §3), but the sheet said only "The Class Bonus (+1) is added to rolls of those Types
    and actions"."""
    from game.rules.heroes import tied_bonus

    choice = HeroChoice("Gruk", "orc", "strong", "soldier", ("strong", "commanding"))
    game = new_game(3, parse_seats("human,ai"), 2, Dials(), {0: choice})
    eid = game.party.hero_of[0]
    _, screen = run_headless(HeroSheetScreen(kit, Session(game), BACK), [], size=(120, 40))
    dice = tied_bonus(game.sheet(eid), action="force")
    assert dice == 2
    assert f"Rolls tied to very strong get +{dice} dice" in " ".join(screen.text().split())


def test_left_and_right_switch_heroes(kit: Kit) -> None:
    session = make_session(seats="human,ai+hero,ai")
    game = session.game
    (first, _), (second, _) = game.heroes()
    state = HeroSheetScreen(kit, session, BACK)
    _, screen = run_headless(state, [key("right")])
    assert screen.lines()[2].strip().startswith(game.name(second))
    _, screen = run_headless(state, [key("left")])
    assert screen.lines()[2].strip().startswith(game.name(first))


def test_the_sheet_names_who_plays_the_hero_in_words(kit: Kit) -> None:
    """The heading read "Pim  Tyrant (AI) (ai+hero)": a seat's kind, as the command line spells it."""
    session = make_session(seats="human,ai+hero,ai")
    game = session.game
    (first, _), (second, _) = game.heroes()
    state = HeroSheetScreen(kit, session, BACK)
    _, screen = run_headless(state, [], size=(80, 24))
    assert screen.lines()[2].split("  Dials")[0].strip() == f"{game.name(first)}  played by {game.seats[0].name}"
    _, screen = run_headless(state, [key("right")], size=(80, 24))
    heading = screen.lines()[2]
    assert f"{game.name(second)}  played by {game.seats[1].name}" in heading and "(ai+hero)" not in heading


def test_s_spends_a_story_point_and_sets_the_flag(kit: Kit) -> None:
    session = make_session()
    eid, hero = session.game.heroes()[0]
    hero.story_points = 2
    _, screen = run_headless(HeroSheetScreen(kit, session, BACK), [key("s")])
    assert hero.spend_story_point and hero.story_points == 1
    assert "spends a story point" in screen.text()
    assert "one in play: +2 dice" in screen.text()
    _, screen = run_headless(HeroSheetScreen(kit, session, BACK), [key("s")])
    assert hero.story_points == 1
    assert "already has a story point in play" in screen.text()


def test_without_story_points_nothing_is_spent_and_it_says_how_to_earn_one(kit: Kit) -> None:
    session = make_session()
    _, hero = session.game.heroes()[0]
    _, screen = run_headless(HeroSheetScreen(kit, session, BACK), [key("s")])
    assert not hero.spend_story_point
    assert "no story points" in screen.text()


def test_effects_and_a_hidden_seed(tmp_path: Path) -> None:
    kit = make_kit(tmp_path, hide_seed=True)
    session = make_session()
    eid, _ = session.game.heroes()[0]
    session.game.world.comp(eid, Effects).active.append(
        Effect("Gluey Web", 99, "acid", 2, 1, False, True, True))
    _, screen = run_headless(HeroSheetScreen(kit, session, BACK), [], size=(120, 40))
    assert "Gluey Web: acid, held, continuous" in screen.text()
    assert "seed: (hidden)" in screen.text() and "seed: 7" not in screen.text()


def test_a_fallen_hero_says_what_killed_it(kit: Kit) -> None:
    session = make_session()
    eid, hero = session.game.heroes()[0]
    hero.hits, hero.cause_of_death = 0, "a Gnashing Shade"
    _, screen = run_headless(HeroSheetScreen(kit, session, BACK), [key("s")])
    assert "Fallen: slain by a Gnashing Shade" in screen.text()
    assert session.game.world.comp(eid, HeroState).story_points == 0


def test_help_and_back(kit: Kit) -> None:
    session = make_session()
    state = HeroSheetScreen(kit, session, BACK)
    help_screen = state.on_event(key("?"))
    assert isinstance(help_screen, HelpScreen) and help_screen.title == "Help: hero sheet"
    assert state.on_event(key("escape")) == BACK
    _, screen = run_headless(state, [])
    hints = " ".join(screen.lines()[-2:])
    for keys in ("Left/Right", "Up/Down", "spend story point", "Esc", "?"):
        assert keys in hints
    assert hints.split("spend story point")[0].split()[-1].split("/")[0] == "s"


def test_the_maps_spend_key_works_on_the_sheet_too(kit: Kit) -> None:
    from game.ui.keymap import ACTION_BY_NAME

    if "spend_story" not in ACTION_BY_NAME:
        pytest.skip("the keymap has no spend-a-story-point action")
    session = make_session()
    _, hero = session.game.heroes()[0]
    hero.story_points = 1
    assert not hero.spend_story_point
    run_headless(HeroSheetScreen(kit, session, BACK), [key(kit.keymap.keys_for("spend_story")[0])])
    assert hero.spend_story_point and hero.story_points == 0  # spent through the game: +2 dice owed, the point gone


@pytest.mark.parametrize("choice, ranged", [
    (HeroChoice("Gruk", "orc", "strong", "soldier", ("strong", "commanding")), False),
    (HeroChoice("Kell", "human", "creative", "cleric", ("divine", "charismatic")), True),
])
def test_the_sheet_says_how_far_the_heros_attack_reaches(kit: Kit, choice: HeroChoice, ranged: bool) -> None:
    """The combat turn strikes from afar with a ranged Type only; the sheet must say which the hero has."""
    session = Session(new_game(3, parse_seats("human,ai"), 2, Dials(), {0: choice}))
    eid, _ = session.game.heroes()[0]
    attack = session.game.sheet(eid).attack
    assert (attack in RANGED_TYPES) is ranged
    _, screen = run_headless(HeroSheetScreen(kit, session, BACK), [], size=(120, 40))
    reach = (f"ranged: strikes what it sees within {RANGED_REACH} tiles" if ranged
             else "strikes only what stands beside it")
    assert f"Fights with {attack} ({reach})" in screen.text()


def test_xp_for_two_levels_names_the_level_the_hallway_will_give(kit: Kit) -> None:
    """42 XP at Level 2 makes Level 4 in the next Hallway; the sheet said "Level 3 at 20"."""
    session = make_session()
    eid, hero = session.game.heroes()[0]
    assert hero.level == 2
    hero.xp = 42
    _, screen = run_headless(HeroSheetScreen(kit, session, BACK), [], size=(120, 40))
    assert "XP 42  Level 4 at 40: rises in the next Hallway" in screen.text()


def test_an_effect_says_when_it_is_rolled(kit: Kit) -> None:
    """Every effect read "... dice each Hallway": a monster's hold is rolled each round (and does
    no harm of its own), a monster's poison each combat turn as well; only a trap's waits for
    the Hallway."""
    session = make_session()
    eid, _ = session.game.heroes()[0]
    active = session.game.world.comp(eid, Effects).active
    active.append(Effect("Hagra's crushing grip", 99, "crushing", 3, 0, False, True, False))
    active.append(Effect("Hagra's venom", 99, "poison", 2, 2, False, False, False))
    active.append(Effect("Needle Plate", 98, "poison", 2, 1, False, False, True, "traps"))
    active.append(Effect("Vorn's coils", 97, "crushing", 4, 3, False, True, False))  # hold and damage
    _, screen = run_headless(HeroSheetScreen(kit, session, BACK), [], size=(120, 40))
    text = " ".join(screen.text().split())
    assert "Hagra's crushing grip: crushing, held, continuous; 3 Annoy dice to break free each round" in text
    assert "Hagra's venom: poison, continuous; 2 Annoy / 2 Pain dice each combat turn and each Hallway" in text
    assert "Needle Plate: poison, continuous; 2 Annoy / 1 Pain dice each Hallway" in text
    assert ("Vorn's coils: crushing, held, continuous; 4 Annoy dice to break free each round, while its holder "
            "fights; 3 Pain dice each combat turn it holds") in text


def test_the_help_says_where_story_points_come_from_in_solo_play(kit: Kit) -> None:
    """The help said a story point is "earned by narrating a roll in hot-seat"; a solo hero gets
    one with each Level gained (the trait choice says so), and p spends it on the map as well."""
    session = make_session()
    _, screen = run_headless(HeroSheetScreen(kit, session, BACK), [key("?")], size=(100, 40))
    text = " ".join(screen.text().split())
    assert "A story point comes with each Level gained" in text
    assert "s or p: spend a story point" in text


def test_the_help_names_the_spend_keys_as_bound_and_lists_no_map_keys(kit: Kit) -> None:
    """The help said "s or p" whatever the keymap bound, and listed every map key ("Move north",
    "Search for traps") under its own, though none of them does anything on the sheet."""
    rebound = dataclasses.replace(kit, keymap=kit.keymap.add_key("spend_story", "P").remove_key("spend_story", "p"))
    _, screen = run_headless(HeroSheetScreen(rebound, make_session(), BACK), [key("?")], size=(100, 40))
    text = " ".join(screen.text().split())
    assert "s or P: spend a story point" in text and "spent here or with P on the map" in text
    assert "Move north" not in text and "Search for traps" not in text and "Help (this screen)" in text


@pytest.mark.parametrize("chosen", range(4))
def test_four_long_names_fit_the_hero_tabs_at_80_columns(kit: Kit, chosen: int) -> None:
    """Four names of near the most a seat keeps ran off the row's edge at 80 columns: the last tab
    was cut mid-name ("Corvi") and, chosen, the sheet's own tab could not be seen. The chosen hero's
    tab now shows the name whole, the others their first names; none is cut mid-word."""
    from game.world.components import Named

    session = make_session(seats="human,human,human,human")
    names = ["Maximiliana Feather", "Bartholomew Ashdown", "Ysolde of Low Road", "Corvin Sootwhistle"]
    for (eid, _), name in zip(session.game.heroes(), names, strict=True):
        session.game.world.comp(eid, Named).name = name
    _, screen = run_headless(HeroSheetScreen(kit, session, None), [key("right")] * chosen, size=(80, 24))
    tabs = screen.lines()[0]
    assert f" {names[chosen]} " in tabs + " ", tabs
    assert all(name.split()[0] in tabs for name in names), tabs
    words = {word for name in names for word in name.split()}
    assert set(tabs.split()[1:]) <= words, tabs


def test_a_trait_grown_twice_is_counted_not_repeated(kit: Kit) -> None:
    """A mage that grew cunning at two levels read "grown cunning, cunning", like a slip; the
    sheet says how often."""
    choice = HeroChoice("Rook", "infernal", "cunning", "mage", ("sorcerous", "intelligent"))
    game = new_game(11, parse_seats("human,ai"), 2, Dials(), {0: choice})
    hero = game.world.comp(game.party.hero_of[0], HeroState)
    hero.traits = (*hero.traits, "cunning", "cunning")
    _, screen = run_headless(HeroSheetScreen(kit, Session(game), BACK), [], size=(120, 40))
    assert "; grown cunning twice" in screen.text()
    assert "cunning, cunning" not in screen.text()
