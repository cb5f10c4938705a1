"""Lines the player reads are right by construction (issue 15, point 3): the sentence helper's
rules, and thousands of log lines from AI runs scanned, as the log shows them, for the slips the
issue found ("Adventurers's", "1 monsters", "heals 1 Hits", "(AI) (Level 1)", doubled words)."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from screen_games import give, make_kit, make_session

from game.agents.autoplay import play
from game.core.seats import parse_seats
from game.core.sentences import a_or_an, capitalised, join_and, plural, possessive, tidy, verb_for, with_article
from game.engine.start import new_game
from game.ui.events import key
from game.ui.present.headless import run_headless
from game.ui.screens.end_of_run import EndOfRunScreen, fallen_words
from game.ui.screens.inventory import InventoryScreen
from game.ui.session import Session
from game.world.components import HeroState

SLIPS = {
    "possessive s's": re.compile(r"s's\b"),
    "one and a plural": re.compile(r"\b1 (monsters|traps|treasures|Hits|hits|items|turns|heroes|dice|rooms)\b"),
    "doubled word": re.compile(r"\b([A-Za-z]{2,}) \1\b"),
    "two brackets": re.compile(r"\) \("),
    "article then The": re.compile(r"\b(this|the|a|an) The\b"),
    "a before a vowel": re.compile(r"\ba (?!one|once|uni|use|usu|uti|eu|ewe|uk)[aeiou]", re.I),
    "lower-case start": re.compile(r"^[a-z]"),
    "plural noun, singular verb": re.compile(r"(?<!of )\b(claws|jaws|teeth|talons|spines|spores|fumes|blades|fangs|"
                                            r"bolts|darts|arrows|roots|twigs|branches|plates|caltrops) "
                                            r"(catches|deals|does)\b"),
}


def test_plural_possessive_articles_and_capitals() -> None:
    assert [plural(n, "monster") for n in (0, 1, 2)] == ["0 monsters", "1 monster", "2 monsters"]
    assert plural(1, "Hit") == "1 Hit" and plural(3, "die") == "3 dice" and plural(2, "ruby") == "2 rubies"
    assert plural(2, "new hero") == "2 new heroes"
    assert possessive("Hagra, Eater of Adventurers") == "Hagra, Eater of Adventurers'"
    assert possessive("Oda") == "Oda's"
    assert (a_or_an("iron key"), a_or_an("unicorn"), a_or_an("hour"), a_or_an("rusty key")) == ("an", "a", "an", "a")
    assert with_article("amulet") == "an amulet" and with_article("The Kobold Crown") == "The Kobold Crown"
    assert capitalised("the door's trap bites.") == "The door's trap bites."
    assert join_and(["a", "b", "c"]) == "a, b and c"
    verbs = {subject: verb_for(subject, "catches", "catch") for subject in (
        "Rask's raking claws", "Eater of Adventurers' frost breath", "Moss' rotten teeth", "a rain of arrows",
        "Bed of Spikes", "The door's trap", "hell's chill", "Caltrops", "The stuck door", "gold")}
    assert [s for s, v in verbs.items() if v == "catch"] == ["Rask's raking claws", "Moss' rotten teeth", "Caltrops"]


def test_tidy_mends_the_slips_the_issue_found() -> None:
    assert tidy("Hagra, Eater of Adventurers's barbed tail bites.") == "Hagra, Eater of Adventurers' barbed tail bites."
    assert tidy("Oda heals 1 Hits.") == "Oda heals 1 Hit."
    assert tidy("1 monsters, 1 traps, 2 treasures") == "1 monster, 1 trap, 2 treasures"
    assert tidy("the door (Locks) (annoying)") == "The door (Locks, annoying)"
    assert tidy("Level 1 heals the the wound") == "Level 1 heals the wound"


def test_the_end_screen_says_who_fell_and_who_was_replaced_truly() -> None:
    assert fallen_words(1, 0) == "1 hero fell along the way; none was replaced."
    assert fallen_words(2, 1) == "2 heroes fell along the way; 1 new hero took a place."


def test_a_wiped_partys_end_screen_does_not_say_its_last_heroes_fell_along_the_way(tmp_path: Path) -> None:
    """A party that all fell at the end read "(1 hero fell along the way; none was replaced.)"
    under its one hero's row "slain by ...": its line counts every hero who fell, and is left out
    when nobody was replaced."""
    assert fallen_words(1, 0, wiped=True) is None
    assert fallen_words(3, 1, wiped=True) == "3 heroes fell in all; 1 new hero took a place."
    kit = make_kit(tmp_path)
    for seed in range(1, 40):
        game = new_game(seed, parse_seats("ai+hero,ai,ai"), 2)
        play(game, 3000)
        if game.outcome == "wiped" and game.stats.deaths == 1:
            break
        game.close()
    else:
        raise AssertionError("no solo run of 40 was wiped")
    _, screen = run_headless(EndOfRunScreen(kit, Session(game), None), [], size=(100, 40))
    text = "\n".join(screen.lines())
    assert "slain by" in text and "along the way" not in text and "none was replaced" not in text


def test_a_mundane_item_does_not_claim_magic(tmp_path: Path) -> None:
    session = make_session()
    hero = session.game.party.hero_of[0]
    give(session.game, hero, "Dented Tin Cup")
    kit = make_kit(tmp_path)
    _, presenter = run_headless(InventoryScreen(kit, session, back=None), [key("U")], kit=kit)
    text = presenter.text()
    assert "Dented Tin Cup is nothing to use" in text and "its magic" not in text


@pytest.mark.parametrize("seeds", [range(1, 21)])
def test_thousands_of_log_lines_read_right(seeds: range) -> None:
    lines: list[str] = []
    for seed in seeds:
        game = new_game(seed, parse_seats("ai+hero,ai+hero,ai"), 2)
        play(game, 350)
        lines += [tidy(line.text) for line in game.log]  # as the log pane and history show them
        lines += [tidy(room) for room in game.stats.rooms]  # as the morgue file lists them
        game.close()
    assert len(lines) >= 2000
    found = {name: [ln for ln in lines if pattern.search(ln)][:3] for name, pattern in SLIPS.items()}
    assert not any(found.values()), found


def test_using_a_potion_names_it_on_the_log(tmp_path: Path) -> None:
    session = make_session()
    game = session.game
    hero = game.party.hero_of[0]
    game.world.comp(hero, HeroState).hits -= 1
    give(game, hero, "Flask of Kind Water", fancy=True, heal=2)
    kit = make_kit(tmp_path)
    run_headless(InventoryScreen(kit, session, back=None), [key("U")], kit=kit)
    line = game.log[-1].text
    assert "uses Flask of Kind Water and heals 1 Hit." in line, line
    assert "#" not in line


def test_a_seat_named_player_1_keeps_the_categories_it_took_plural(tmp_path: Path) -> None:
    """The Hallway's log line names each taker and its category: "Player 1 traps" is no count of
    one trap (the log used to read "Hallway: Player 1 trap, ...")."""
    from game.ui.screens.log_history import LogHistoryScreen
    from game.ui.state import Exit

    assert tidy("Hallway: Player 1 traps, Player 2 monsters.") == "Hallway: Player 1 traps, Player 2 monsters."
    assert tidy("Level 1 monsters and 1 monsters") == "Level 1 monsters and 1 monster"
    session = make_session(seed=7, seats="human,human,ai")
    play(session.game, 40)
    at, said = next((i, ln.text) for i, ln in enumerate(session.game.log) if ln.text.startswith("Hallway:"))
    assert said.startswith("Hallway: Player 1 traps,")
    history = LogHistoryScreen(make_kit(tmp_path), session, Exit("back"))
    history.selected = at  # scrolled to it: the log may have grown past a screenful since
    _, screen = run_headless(history, [], size=(120, 40))
    assert said in screen.text()


def test_a_first_search_that_finds_nothing_does_not_say_nothing_more() -> None:
    """Searching a pile of bones for the first time, with nothing in it and no trap on it, read
    "finds nothing more in the pile of old bones": more than what? "More" is for a second look,
    or after a trap went off there."""
    from game.engine.features import use_feature
    from game.ui.auto_travel import FURNITURE_CODES

    checked = 0
    for seed in range(1, 30):
        game = new_game(seed, parse_seats("human,ai,ai"), 2)
        hero = game.party.hero_of[0]
        floor = game.floor
        spots = [(int(x), int(y)) for y, x in zip(*np.nonzero(np.isin(floor.tile, FURNITURE_CODES)), strict=True)]
        for x, y in spots:
            before = len(game.log)
            use_feature(game, hero, x, y, int(floor.tile[y, x]))
            first = [line.text for line in game.log[before:]]
            if len(first) != 1 or "finds nothing" not in first[0]:
                continue  # something was there, or a trap went off
            assert "nothing more" not in first[0], first
            use_feature(game, hero, x, y, int(floor.tile[y, x]))
            assert "nothing more" in game.log[-1].text
            checked += 1
        game.close()
        if checked >= 3:
            break
    assert checked


def test_furniture_says_where_a_thing_would_lie_and_a_lever_is_worked_not_searched() -> None:
    """"finds nothing in the shelf", "in the lever": a shelf, a table, a counter, an altar and a
    throne hold things on them, a statue at its feet; a lever, a fountain and a machine are worked."""
    from game.engine.features import use_feature
    from game.mapgen.tiles import Tile

    on, at, worked = "finds nothing on the", "finds nothing at the", "; nothing comes of it."
    words = {Tile.SHELF: on, Tile.TABLE: on, Tile.COUNTER: on, Tile.ALTAR: on, Tile.THRONE: on, Tile.STATUE: at,
             Tile.LEVER: worked, Tile.FOUNTAIN: worked, Tile.MACHINE: worked, Tile.CHEST: "finds nothing in the",
             Tile.CRATE: "finds nothing in the"}
    said = {}
    for tile, expected in words.items():
        game = new_game(3, parse_seats("human,ai,ai"), 2)
        hero = game.party.hero_of[0]
        pos = game.position(hero)
        before = len(game.log)
        use_feature(game, hero, pos.x, pos.y, int(tile))  # as if the hero's own tile held it
        said[tile] = [line.text for line in game.log[before:]]
        game.close()
        assert len(said[tile]) == 1 and expected in said[tile][0], (tile, said[tile])
