"""The end-of-run screen and the high-score list."""

from __future__ import annotations

from pathlib import Path

import pytest
from screen_games import give, in_town, make_kit, make_session

from game.agents.autoplay import play
from game.core.outcomes import ending
from game.core.seats import parse_seats
from game.engine.actions import PickUp, Retire
from game.engine.dispatch import apply_action
from game.engine.morgue import ScoreEntry, add_score, score, write_morgue
from game.engine.quests import all_quests
from game.engine.run_score import ScoreParts
from game.engine.spawning import make_treasure_entity
from game.engine.start import new_game
from game.rules.purchases import Treasure
from game.ui.events import key
from game.ui.kit import Kit
from game.ui.present.headless import run_headless
from game.ui.screens.end_of_run import EndOfRunScreen, lone_hero_hint
from game.ui.screens.help import HelpScreen
from game.ui.screens.high_scores import HighScoresScreen
from game.ui.screens.widgets import TextScreen
from game.ui.session import Session
from game.ui.state import Exit
from game.world.components import HeroState, Position

TITLE = Exit("title")


@pytest.fixture
def kit(tmp_path: Path) -> Kit:
    return make_kit(tmp_path)


@pytest.fixture(scope="module")
def ended() -> Session:
    session = make_session(seed=11)
    play(session.game, 3000)
    assert session.game.phase == "over"
    return session


def test_the_outcome_score_floors_rooms_fates_seed_path_and_rank_are_shown(
        kit: Kit, ended: Session, tmp_path: Path) -> None:
    game = ended.game
    path = write_morgue(game, tmp_path)
    rank, _ = add_score(game, tmp_path / "scores.json")
    _, screen = run_headless(EndOfRunScreen(kit, ended, TITLE, path, rank), [], size=(100, 40))
    text = screen.text()
    assert f"The party {ending(game.outcome).morgue}." in text
    assert f"Score                 {score(game)}" in text
    assert f"made of             banked {game.stats.banked}" in text
    assert f"Deepest floor         {game.stats.deepest_floor}" in text
    assert f"{game.stats.rooms_entered} entered, {game.stats.rooms_cleared} cleared" in text
    for eid, hero in game.heroes(living=False):
        assert game.name(eid) in text
        if hero.hits <= 0:
            assert f"slain by {hero.cause_of_death}" in text
    assert f"Seed                  {game.seed}" in text
    assert str(path) in text
    assert f"#{rank} on the list" in text


def test_m_shows_the_morgue_file_and_enter_returns_to_the_title(
        kit: Kit, ended: Session, tmp_path: Path) -> None:
    path = write_morgue(ended.game, tmp_path)
    state = EndOfRunScreen(kit, ended, TITLE, path, None)
    morgue = state.on_event(key("M"))
    assert isinstance(morgue, TextScreen)
    _, screen = run_headless(morgue, [])
    assert "Masterless - morgue file" in screen.text()
    assert morgue.on_event(key("escape")) is state
    assert state.on_event(key("enter")) == TITLE
    assert state.on_event(key("escape")) == TITLE
    assert isinstance(state.on_event(key("?")), HelpScreen)


def test_without_a_file_the_morgue_is_made_afresh_and_the_seed_can_be_hidden(tmp_path: Path, ended: Session) -> None:
    kit = make_kit(tmp_path, hide_seed=True)
    state = EndOfRunScreen(kit, ended, TITLE)
    _, screen = run_headless(state, [], size=(100, 40))
    assert "Morgue file  not written" in screen.text()
    assert "(hidden)" in screen.text() and "Seed                  11" not in screen.text()
    assert "Seed: (hidden)" in state.morgue()
    hints = screen.lines()[-1]
    for keys in ("M", "Enter/Esc", "?"):
        assert keys in hints


def entries(n: int) -> list[ScoreEntry]:
    return [ScoreEntry(100 - i, 1000 + i, "retired" if i % 2 else "wiped", 3, 5 + i, 200 + i, f"Hero {i}")
            for i in range(n)]


def test_the_high_score_list_shows_every_column_and_marks_the_new_run(kit: Kit) -> None:
    rows = entries(3)
    state = HighScoresScreen(kit, rows, TITLE, highlight=2)
    _, screen = run_headless(state, [])
    text = screen.lines()
    assert text[2].split() == ["#", "Score", "Outcome", "Floor", "Entered", "Turns", "Seed", "Heroes"]
    assert text[3].split() == ["1", "100", "fell", "3", "5", "200", "1000", "Hero", "0"]
    assert text[4].split() == ["2", "99", "retired", "3", "6", "201", "1001", "Hero", "1"]
    assert screen.cursor == (1, 4)
    assert tuple(screen.console.bg[4, 0]) == kit.palette["selection_bg"]


def test_a_long_list_scrolls_and_an_empty_one_says_so(kit: Kit) -> None:
    state = HighScoresScreen(kit, entries(50), TITLE)
    _, screen = run_headless(state, [key("end")])
    assert screen.lines()[-2].split()[0] == "50"
    _, screen = run_headless(state, [key("home"), key("down")])
    assert screen.lines()[3].split()[0] == "2"
    _, screen = run_headless(HighScoresScreen(kit, [], TITLE), [])
    assert "No runs yet" in screen.text()
    assert state.on_event(key("escape")) == TITLE
    assert isinstance(state.on_event(key("?")), HelpScreen)


def test_hidden_seeds_stay_hidden_in_the_list(tmp_path: Path) -> None:
    kit = make_kit(tmp_path, hide_seed=True)
    _, screen = run_headless(HighScoresScreen(kit, entries(1), TITLE), [])
    assert "1000" not in screen.text()


def test_the_app_may_leave_the_morgue_path_and_rank_on_the_session(kit: Kit, ended: Session, tmp_path: Path) -> None:
    ended.morgue_path = tmp_path / "morgue.txt"  # type: ignore[attr-defined]
    ended.score_rank = 4  # type: ignore[attr-defined]
    try:
        _, screen = run_headless(EndOfRunScreen(kit, ended, TITLE), [], size=(100, 30))
    finally:
        del ended.morgue_path, ended.score_rank  # type: ignore[attr-defined]
    assert str(tmp_path / "morgue.txt") in screen.text() and "#4 on the list" in screen.text()


def test_without_a_list_the_screen_reads_the_users_scores(kit: Kit, ended: Session, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    from game.ui.screens.high_scores import scores_path

    add_score(ended.game, scores_path())
    _, screen = run_headless(HighScoresScreen(kit, None, TITLE), [])
    eid, _ = ended.game.heroes(living=False)[0]
    assert ended.game.name(eid) in screen.text()


def test_a_hero_with_one_kill_has_one_kill_not_one_kills(kit: Kit, tmp_path: Path) -> None:
    """The fates line and the morgue file counted kills with a bare number: "1 kills"."""
    session = make_session(seed=11)
    play(session.game, 3000)
    game = session.game
    eid, hero = game.heroes(living=False)[0]
    hero.kills = 1
    path = write_morgue(game, tmp_path)
    _, screen = run_headless(EndOfRunScreen(kit, session, TITLE, path, None), [], size=(100, 40))
    seat = game.seats[hero.seat].name  # each hero says whose it was (a table of players could not tell)
    assert f"{game.name(eid)}, {seat}'s hero, Level" in screen.text() and "1 kill:" in screen.text()
    assert f"{game.name(eid)}, {seat}'s hero, Level" in path.read_text()
    assert "1 kill -" in path.read_text() and "1 kills" not in path.read_text()


def test_banking_less_than_the_kits_says_the_score_stops_at_zero() -> None:
    """A party retiring at once banks 2 of its kits' 4: "banked 2 less the kits' 4: 0" read as a wrong sum."""
    assert ScoreParts(banked=2, kits=4, floors=0, rooms=0).words().startswith(
        "banked 2 less the kits' 4: 0 (never below 0); ")
    assert ScoreParts(banked=6, kits=4, floors=0, rooms=0).words().startswith("banked 6 less the kits' 4: 2; ")


def quest_run(quest_id: int) -> Session:
    """A solo run given quest `quest_id`, in town with one item to sell (so giving the quest up
    costs something)."""
    session = make_session(seed=5)
    game = session.game
    game.quest = next(q for q in all_quests() if q.id == quest_id)
    hero = game.heroes()[0][0]
    give(game, hero, "a silver cup", fancy=True, value=4)
    return session


def test_a_quest_given_up_says_its_count_and_its_cost_on_screen_and_in_the_morgue(kit: Kit, tmp_path: Path) -> None:
    session = in_town(quest_run(12))  # The Old Mine: map ten rooms
    game = session.game
    session.apply(Retire(0))
    assert game.phase == "over" and game.stats.quest_penalty > 0
    cost = game.stats.quest_penalty
    mapped = game.stats.rooms_entered
    _, screen = run_headless(EndOfRunScreen(kit, session, TITLE), [], size=(100, 40))
    text = " ".join(screen.text().split())
    assert f"Its quest, The Old Mine, was left undone ({mapped}/10); giving it up cost {cost}." in text
    assert f"Quest The Old Mine ({mapped}/10, given up for {cost})" in text
    assert f"Quest: The Old Mine ({mapped}/10, given up for {cost})" in write_morgue(game, tmp_path).read_text()


def test_a_quest_fulfilled_says_so_in_the_morgue_not_a_count_past_its_goal(kit: Kit, tmp_path: Path) -> None:
    session = quest_run(17)  # Deeper: stand on Floor 3
    game = session.game
    game.stats.deepest_floor = 5
    in_town(session)
    session.apply(Retire(0))
    assert game.outcome == "quest"
    _, screen = run_headless(EndOfRunScreen(kit, session, TITLE), [], size=(100, 40))
    assert "Deeper (fulfilled, reward 6)" in screen.text()
    morgue = write_morgue(game, tmp_path).read_text()
    assert "Quest: Deeper (fulfilled, reward 6)" in morgue and "5/3" not in morgue


def test_the_end_help_says_a_quest_is_paid_in_town_not_that_it_ends_the_run(kit: Kit, ended: Session) -> None:
    _, screen = run_headless(EndOfRunScreen(kit, ended, TITLE), [key("?")], size=(100, 40))
    text = " ".join(screen.text().split())
    assert "or when the quest is fulfilled" not in text
    assert "when the party retires in town with its loot; a quest fulfilled is paid in town" in text


def test_the_morgue_gives_a_trait_picked_twice_as_its_degree(tmp_path: Path) -> None:
    session = make_session(seed=5)
    game = session.game
    eid, hero = game.heroes()[0]
    first = hero.traits[0]
    game.world.comp(eid, HeroState).traits = (*hero.traits, first)
    morgue = write_morgue(game, tmp_path).read_text()
    assert f"(very {first.replace('_', ' ')}, " in morgue
    assert f", {first}," not in morgue.split("Heroes:")[1].split("\n")[1]


def test_a_floors_first_room_cleared_is_said_when_more_rooms_are_cleared_than_entered(kit: Kit, tmp_path: Path) -> None:
    """A wandering monster killed in the entrance room made "Rooms 1 entered, 2 cleared": the
    entrance is no Hallway's room, so it is cleared without being entered. The count says so."""
    session = make_session(seed=5)
    game = session.game
    entrance = (game.dungeon.floor_no, *game.floor.entrance)
    game.stats.cleared_rooms += [entrance, (game.dungeon.floor_no, 0, 0)]
    game.stats.rooms_entered, game.stats.rooms_cleared = 1, 2
    _, screen = run_headless(EndOfRunScreen(kit, session, TITLE), [], size=(100, 40))
    text = " ".join(screen.text().split())
    assert "entered 1 room and cleared 2 (1 a floor's first room, which no Hallway builds)" in text
    assert "Rooms 1 entered, 2 cleared (1 a floor's first room, which no Hallway builds)" in text
    morgue = write_morgue(game, tmp_path).read_text()
    assert "Rooms cleared: 2 (1 a floor's first room, which no Hallway builds)" in morgue


def test_the_morgue_names_each_seat_and_its_kind_without_two_brackets(tmp_path: Path) -> None:
    """"3. Warden (AI) (ai)" read as two brackets; now "3. Warden (AI), an AI designer"."""
    game = make_session(seed=5, seats="human,ai+hero,ai").game
    morgue = write_morgue(game, tmp_path).read_text()
    seats = morgue.split("Seats:\n")[1].split("\n\n")[0].splitlines()
    assert seats == [f"  1. {game.seats[0].name}, a player", f"  2. {game.seats[1].name}, an AI with a hero",
                     f"  3. {game.seats[2].name}, an AI designer"]
    assert ") (" not in "\n".join(seats)


def test_a_long_party_is_shortened_by_whole_names_not_cut_mid_word(kit: Kit) -> None:
    party = "Rook Ashdown, Ysolde of the Low Road, Corvin Holloway"
    state = HighScoresScreen(kit, [ScoreEntry(151, 11, "retired", 7, 22, 980, party)], TITLE)
    _, screen = run_headless(state, [], size=(80, 24))
    shown = screen.lines()[3].split("11", 1)[1].strip()
    assert "..." in shown and len(shown) < len(party)
    assert all(word in party.replace(",", "").split() for word in shown.replace("...", " ").replace(",", "").split())
    assert shown.startswith("Rook Ashdown")


def test_the_morgue_map_says_its_at_sign_is_where_the_party_came_in(ended: Session, tmp_path: Path) -> None:
    """The morgue's map marks the floor's way in with "@"; a hero slain rooms away seemed to stand
    there, where a player reads "@" as the hero. The heading now says what the "@" is."""
    morgue = write_morgue(ended.game, tmp_path).read_text()
    heading = next(line for line in morgue.splitlines() if line.startswith("Map of Floor"))
    assert "@ is where it came onto the floor" in heading


def test_the_morgue_counts_treasure_taken_not_treasure_seen(tmp_path: Path) -> None:
    """Seed 42: a gem turned up in a pile of bones while its room's monster lived, so it was never
    taken; the morgue's "Treasure found (points): 0" denied it was found. The count is of the
    treasure the party took, and the line now says so."""
    game = new_game(7, parse_seats("human,ai,ai"), 2)
    hero = game.party.hero_of[0]
    pos = game.position(hero)
    gem = Treasure(value=2, name="Rune-cut Gem")
    make_treasure_entity(game, gem, "Rune-cut Gem", 1, Position(pos.x, pos.y, pos.floor))
    apply_action(game, PickUp(0))
    assert game.stats.treasure_found == 3  # mundane 1 + value 2: the one piece taken
    morgue = write_morgue(game, tmp_path).read_text()
    assert "Treasure taken (points): 3" in morgue


def test_pgdn_turns_a_page_of_the_end_of_run_as_on_every_other_scrolling_screen(
        kit: Kit, ended: Session, tmp_path: Path) -> None:
    """Only the arrows scrolled the end of the run; PgDn, which turns a page in the Hallway, the help
    and the high scores, did nothing there."""
    state = EndOfRunScreen(kit, ended, TITLE, write_morgue(ended.game, tmp_path), None)
    _, before = run_headless(state, [], size=(80, 24))
    assert "Up/Down PgUp/PgDn scroll" in before.lines()[-1]
    first = before.lines()[3]
    assert f"The party {ending(ended.game.outcome).morgue}." in first
    _, after = run_headless(state, [key("pagedown")], size=(80, 24))
    assert first not in after.lines()
    _, back = run_headless(state, [key("pageup")], size=(80, 24))
    assert back.lines()[3] == first


def test_the_end_help_lists_its_own_keys_not_the_maps(kit: Kit, ended: Session) -> None:
    """Its help listed every map key ("Move north", "Search for traps") under its own "Keys"."""
    _, screen = run_headless(EndOfRunScreen(kit, ended, TITLE), [key("?")], size=(100, 40))
    text = " ".join(screen.text().split())
    assert "M reads the morgue file here" in text and "Help (this screen)" in text
    assert "Move north" not in text and "Search for traps" not in text


@pytest.mark.parametrize(("text", "rows"), [("[{\"score\": ", 0), ("GOOD", 1)])
def test_a_damaged_score_list_is_said_to_be_kept_not_shown_as_no_runs(kit: Kit, tmp_path: Path, monkeypatch,
                                                                       text: str, rows: int) -> None:
    """It was moved aside without a word, and the screen said "No runs yet"."""
    import json
    from dataclasses import asdict

    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path / "home"))
    scores = tmp_path / "home" / "data" / "scores.json"
    scores.parent.mkdir(parents=True)
    good = json.dumps([asdict(entries(1)[0]), {"score": "lots"}])  # one good row, one damaged
    scores.write_text(good if text == "GOOD" else text)
    _, screen = run_headless(HighScoresScreen(kit, None, TITLE), [])
    assert "The damaged score list is kept as scores.json.bad in the data folder." in screen.text()
    assert "No runs yet" not in screen.text()
    assert len([line for line in screen.lines() if "Hero 0" in line]) == rows


def test_the_morgue_names_every_hero_who_fell_not_only_each_seats_last(tmp_path: Path) -> None:
    """A party whose fallen were replaced wrote a morgue listing only the heroes standing at the
    end ("Hero deaths: 3" above two heroes, one of them alive): the fallen, with who killed them,
    were missing. Each seat's heroes are listed now, the fallen before their successors."""
    game = new_game(1, parse_seats("ai+hero,ai+hero,ai"), 2)
    play(game, 3000)
    everyone = sorted(game.world.get(HeroState), key=lambda pair: (pair[1].seat, pair[0]))
    assert len(everyone) > len(game.party.hero_of)  # someone fell and was replaced, the run went on
    morgue = write_morgue(game, tmp_path).read_text()
    rows = morgue.split("Heroes:\n")[1].split("\n\n")[0].splitlines()
    rows = [row for row in rows if not row.startswith("      carrying ")]
    assert [row.split(",")[0].strip() for row in rows] == [game.name(eid) for eid, _ in everyone]
    slain = [row for row in rows if " - slain by " in row]
    assert len(slain) == game.stats.deaths
    for eid, hero in everyone:
        if hero.hits <= 0:
            assert any(row.startswith(f"  {game.name(eid)},") and row.endswith(f"slain by {hero.cause_of_death}")
                       for row in rows)


def test_the_end_screen_names_every_hero_who_fell_as_the_morgue_does(kit: Kit) -> None:
    """A hero who fell and was replaced was missing from the end screen's heroes (seed 11, Juno
    slain by a bandit on the way home: "2 heroes fell" under one slain hero), while the morgue
    file named them all. The screen lists each seat's heroes, the fallen with who killed them."""
    game = new_game(1, parse_seats("ai+hero,ai+hero,ai"), 2)
    play(game, 3000)
    everyone = sorted(game.world.get(HeroState), key=lambda pair: (pair[1].seat, pair[0]))
    assert len(everyone) > len(game.party.hero_of)  # someone fell and was replaced, the run went on
    _, screen = run_headless(EndOfRunScreen(kit, Session(game), TITLE), [], size=(200, 60))
    rows = screen.text().split("The heroes")[1].splitlines()
    named = [row.strip().split(",")[0] for row in rows if ", Level " in row]
    assert named == [game.name(eid) for eid, _ in everyone]
    assert sum("slain by " in row for row in rows) == game.stats.deaths


def first_run(seats: str, wanted) -> Session:  # noqa: ANN001 - a predicate on the ended game
    """The first of seeds 1-40 whose whole run at `seats` (every seat played by the AI) ends as `wanted`."""
    for seed in range(1, 41):
        game = new_game(seed, parse_seats(seats), 2)
        play(game, 3000)
        if wanted(game):
            return Session(game)
    raise AssertionError(f"no run at {seats} ends so in seeds 1-40")


def end_words(kit: Kit, session: Session, spectator: bool = False) -> str:
    _, screen = run_headless(EndOfRunScreen(kit, session, TITLE, spectator=spectator), [], size=(100, 40))
    return " ".join(screen.text().split())


def test_a_lone_hero_fallen_on_the_entrance_floor_hears_that_a_companion_can_share_the_fight(kit: Kit) -> None:
    """Solo is the default table and a third of its runs fall on the first floor: that ending says
    how to bring an AI companion; no other ending does, nor a spectator's screen."""
    hint = " ".join(lone_hero_hint().split())
    early = first_run("human,ai,ai",
                      lambda g: g.outcome == "wiped" and g.stats.deepest_floor == g.dungeon.entrance_floor)
    assert hint in end_words(kit, early)
    assert hint not in end_words(kit, early, spectator=True)
    lived = first_run("human,ai,ai", lambda g: g.outcome != "wiped")
    assert hint not in end_words(kit, lived)
    together = first_run("human,ai+hero,ai", lambda g: g.outcome == "wiped")
    assert hint not in end_words(kit, together)
