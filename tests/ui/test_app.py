"""The app around the map: runs start from the command line's choices, every action is autosaved
and continues exactly, the end of a run leaves a morgue file, a score and a recording, and the
title menu reaches every part of the game."""

from __future__ import annotations

from pathlib import Path

import pytest
import tcod.console

from game.core.dials import Dials
from game.core.errors import FileProblem, UsageError
from game.engine import recording_read
from game.engine.fates import wipe
from game.engine.game import RULES_VERSION
from game.ui import app, run_files
from game.ui.events import key
from game.ui.kit import Kit
from game.ui.options import Options
from game.ui.present.headless import run_headless
from game.ui.screens.map_screen import MapScreen
from game.ui.session import Session
from game.ui.state import Exit


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("MASTERLESS_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path / "home"


def make_kit(tmp_path: Path) -> Kit:
    return Kit.from_options(Options(), tmp_path / "options.toml")


def ended_run(kit: Kit) -> tuple[Session, app.AppHost]:
    """A session whose AI run (seed 11) has ended, and a host that files it as a run left from
    the title does."""
    from screen_games import make_session

    from game.agents.autoplay import play

    session = make_session(seed=11)
    play(session.game, 3000)
    assert session.game.phase == "over"
    return session, app.AppHost(kit, None, after=lambda: Exit("title"))


def end_of_run_words(kit: Kit, session: Session, host: app.AppHost) -> str:
    """What the end-of-run screen says, its runs of spaces one space."""
    _, screen = run_headless(host.end_of_run(session, Exit("map")), [], kit=kit, size=(120, 30))
    return " ".join(screen.text().split())


def test_a_run_starts_on_the_map_and_every_action_is_saved(home: Path, tmp_path: Path) -> None:
    kit = make_kit(tmp_path)
    state, host = app.start_state(kit, seed=7)
    assert isinstance(state, MapScreen)
    assert (home / "data" / "autosave.mlrec").exists()
    result, presenter = run_headless(state, [key("."), key("s"), key(".")], kit=kit)
    game = host.session.game
    assert game.turn == 3 and presenter.find("Turn 3") is not None
    loaded, recorder, note = run_files.load_autosave()
    assert note is None
    assert loaded.turn == 3 and loaded.state_hash() == game.state_hash()
    assert recorder.count >= 3


def test_save_and_quit_then_continue_on_the_same_turn(home: Path, tmp_path: Path) -> None:
    kit = make_kit(tmp_path)
    state, host = app.start_state(kit, seed=9, seats="human,ai+hero,ai", level=1, dials=Dials(die=8))
    result, _ = run_headless(state, [key("."), key("S"), key("s")], kit=kit)
    assert result == Exit("left")
    game, _, _ = run_files.load_autosave()
    assert game.seed == 9 and game.dials.die == 8 and game.start_level == 1
    assert game.turn == host.session.game.turn
    assert [s.kind for s in game.seats] == ["human", "ai+hero", "ai"]


def test_the_end_of_a_run_writes_morgue_score_and_recording(home: Path, tmp_path: Path) -> None:
    kit = make_kit(tmp_path)
    state, host = app.start_state(kit, seed=7)
    run_headless(state, [key(".")], kit=kit)
    wipe(host.session.game)
    result, presenter = run_headless(state, [], kit=kit)
    assert "wiped" in presenter.text() or "fallen" in presenter.text()
    morgues = list((home / "data" / "morgue").glob("morgue-7-*.txt"))
    assert len(morgues) == 1 and "fell in the dungeon" in morgues[0].read_text()
    assert (home / "data" / run_files.SCORES).exists()
    assert not (home / "data" / "autosave.mlrec").exists()
    assert len(list((home / "data" / "recordings").glob("*.mlrec"))) == 1
    assert host.session.morgue_path == morgues[0] and host.session.score_rank == 1
    with pytest.raises(UsageError):
        run_files.load_autosave()


def test_abandoning_keeps_the_recording_but_no_autosave(home: Path, tmp_path: Path) -> None:
    kit = make_kit(tmp_path)
    state, _ = app.start_state(kit, seed=7)
    result, _ = run_headless(state, [key("."), key("Q"), key("a"), key("Y")], kit=kit)
    assert result == Exit("left")
    assert not run_files.has_autosave()
    assert len(list((home / "data" / "recordings").glob("*.mlrec"))) == 1


def test_seeds_come_from_the_flag_the_day_or_the_os() -> None:
    assert run_files.derive_seed(5, None) == 5
    assert run_files.derive_seed(None, "2026-01-31") == 20260131
    assert 0 <= run_files.derive_seed(None, None) < 1_000_000_000
    with pytest.raises(UsageError):
        run_files.derive_seed(None, "yesterday")


def test_a_bad_level_or_seats_is_a_usage_error(home: Path, tmp_path: Path) -> None:
    kit = make_kit(tmp_path)
    with pytest.raises(UsageError):
        app.start_state(kit, seed=1, level=7)
    with pytest.raises(UsageError):
        app.start_state(kit, seed=1, seats="ai,ai")
    assert not run_files.has_autosave()


def test_title_reaches_new_game_replays_scores_options_and_continue(home: Path, tmp_path: Path) -> None:
    kit = make_kit(tmp_path)
    title = app.title_screen(kit)
    for hotkey, name in (("n", "NewGame"), ("h", "NewGame"), ("r", "Replays"), ("s", "HighScores"),
                         ("o", "Options")):
        other = title.on_event(key(hotkey))
        assert other is not None and name in type(other).__name__, hotkey
    assert title.on_event(key("c")) is None  # Continue is greyed out without a save
    state, _ = app.start_state(kit, seed=7, back=title)
    result, _ = run_headless(state, [key("."), key("S"), key("s")], kit=kit)
    assert result is title or isinstance(result, Exit)
    loading = title.on_event(key("c"))  # first a frame that says the key was taken, then the replay
    console = tcod.console.Console(80, 24, order="C")
    loading.on_draw(console)
    assert "Loading the saved run..." in "\n".join("".join(chr(c) for c in row) for row in console.ch)
    assert loading.on_event(key("x")) is None  # a key meanwhile lands nowhere
    resumed = loading.on_tick()
    assert isinstance(resumed, MapScreen) and resumed.game.turn == 1


def test_a_new_game_from_the_form_starts_on_the_map(home: Path, tmp_path: Path) -> None:
    kit = make_kit(tmp_path)
    title = app.title_screen(kit)
    form = title.on_event(key("n"))
    state = form.begin()
    assert isinstance(state, MapScreen) and run_files.has_autosave()


def test_a_seed_typed_on_the_form_races_on_its_seeds_table(home: Path, tmp_path: Path) -> None:
    """Seed races are "score tables per seed, to race friends on one dungeon", but a run begun on
    a seed typed on the New game form was never filed there (only `play --seed N` was); one left
    blank (a fresh seed nobody chose) is not, as before."""
    from game.engine.saves import was_seeded

    kit = make_kit(tmp_path)
    title = app.title_screen(kit)
    form = title.on_event(key("n"))
    form.seed = "42"
    state = form.begin()
    assert isinstance(state, MapScreen) and state.game.seed == 42
    assert was_seeded() and state.host.seeded
    fresh = title.on_event(key("n")).begin().on_event(key("Y"))  # replaces the seed-42 run
    assert isinstance(fresh, MapScreen) and not was_seeded() and not fresh.host.seeded


def test_a_new_run_asks_before_replacing_a_run_in_progress(home: Path, tmp_path: Path) -> None:
    kit = make_kit(tmp_path)
    state, _ = app.start_state(kit, seed=7)
    run_headless(state, [key(".")], kit=kit)  # a run in progress, autosaved
    title = app.title_screen(kit)
    form = title.on_event(key("n"))
    ask = form.begin()
    assert type(ask).__name__ == "ConfirmDialog" and "seed 7" in ask.question
    assert ask.on_event(key("N")) is form  # keeping the saved run goes back to the form, not the title
    game, _, _ = run_files.load_autosave()
    assert game.turn == 1  # kept
    new = title.on_event(key("n")).begin().on_event(key("Y"))
    assert isinstance(new, MapScreen) and new.game.turn == 0
    assert len(list((home / "data" / "recordings").glob("*.mlrec"))) == 1  # the old run, for replays


def test_the_question_before_a_new_run_hides_the_saved_runs_seed_when_seeds_are_hidden(home: Path,
                                                                                       tmp_path: Path) -> None:
    """With "Hide the seed" on, the New game form still asked "A saved run is in progress (seed 7,
    on Floor 2, turn 1)": the one place that showed it."""
    kit = Kit.from_options(Options(hide_seed=True), tmp_path / "options.toml")
    state, _ = app.start_state(kit, seed=7)
    run_headless(state, [key(".")], kit=kit)
    ask = app.title_screen(kit).on_event(key("n")).begin()
    assert "A saved run is in progress (on Floor 2, turn 1)" in ask.question and "seed" not in ask.question


def test_keeping_the_saved_run_keeps_the_heroes_made_on_the_form(home: Path, tmp_path: Path) -> None:
    kit = make_kit(tmp_path)
    state, _ = app.start_state(kit, seed=7)
    run_headless(state, [key(".")], kit=kit)  # a run in progress, autosaved
    title = app.title_screen(kit)
    form = title.on_event(key("n"))
    form.hero(0).name = "Wilhelmina Quick"
    form.seed = "4242"
    ask = form.on_event(key("S"))
    assert type(ask).__name__ == "ConfirmDialog"
    _, screen = run_headless(ask, [key("N")], kit=kit)
    assert "New game" in screen.text() and "Wilhelmina Quick" in screen.text()
    assert form.seed == "4242"


def test_a_new_run_never_writes_over_a_save_this_version_cannot_read(home: Path, tmp_path: Path) -> None:
    """A save from a newer Masterless (or a damaged one) was silently overwritten by a new run:
    it became the backup at the first write and was gone at the second."""
    kit = make_kit(tmp_path)
    (home / "data").mkdir(parents=True)
    newer = b"MASTERLESS RECORDING 9\n" + bytes(range(256))
    save = home / "data" / "autosave.mlrec"
    save.write_bytes(newer)
    title = app.title_screen(kit)
    form = title.on_event(key("n"))
    ask = form.begin()
    assert type(ask).__name__ == "ConfirmDialog" and "cannot read" in ask.question
    assert "newer Masterless" in ask.question
    assert ask.on_event(key("N")) is form and save.read_bytes() == newer
    new = form.begin().on_event(key("Y"))
    assert isinstance(new, MapScreen)
    run_headless(new, [key("."), key(".")], kit=kit)
    assert (home / "data" / "autosave.broken.mlrec").read_bytes() == newer
    assert run_files.load_autosave()[0].turn == 2


def test_an_ended_runs_save_left_behind_goes_to_replays_before_a_new_run(home: Path, tmp_path: Path) -> None:
    """When filing a run that had ended failed (a full disk), its autosave stayed; a new run then
    wrote over it and the run's recording was lost for good."""
    kit = make_kit(tmp_path)
    ended = (Path(__file__).parents[1] / "recordings" / "solo-scripted.mlrec").read_bytes()
    (home / "data").mkdir(parents=True)
    (home / "data" / "autosave.mlrec").write_bytes(ended)
    new = app.title_screen(kit).on_event(key("n")).begin()
    assert isinstance(new, MapScreen)
    run_headless(new, [key("."), key(".")], kit=kit)
    kept = [p.read_bytes() for p in (home / "data" / "recordings").glob("*.mlrec")]
    assert kept == [ended]


def test_the_greyed_continue_key_says_why_nothing_happens(home: Path, tmp_path: Path) -> None:
    kit = make_kit(tmp_path)
    title = app.title_screen(kit)
    _, screen = run_headless(title, [key("c")], kit=kit)
    assert "No saved run to continue: New game starts one." in screen.text()
    _, screen = run_headless(title, [key("down")], kit=kit)
    assert "No saved run to continue" not in screen.text()


def test_two_runs_ending_on_one_seed_and_turn_keep_both_morgue_files(home: Path, tmp_path: Path) -> None:
    """The morgue file is named for the seed and the last turn; a second run ending there wrote
    over the first one's morgue file and its recording."""
    kit = make_kit(tmp_path)
    kept = []
    for _ in range(2):
        session, host = ended_run(kit)
        host.end_of_run(session, Exit("map"))
        kept.append(session.morgue_path)
    first, second = kept
    assert first != second and first.exists() and second.exists()
    assert second.name == first.stem + "-2.txt"
    assert sorted(p.name for p in (home / "data" / "morgue").iterdir()) == sorted([first.name, second.name])


def test_a_run_left_from_the_title_never_writes_over_the_run_after_it(home: Path, tmp_path: Path) -> None:
    """Title -> a run, saved and left -> New game replacing it -> Ctrl-C: the hang-up saved every
    run the title had started, the old one too, so the old game went back into the autosave's
    files (the backup became the other run; with the new write failing, Continue gave it back)."""
    from game.engine.recording_read import read_recording

    kit = make_kit(tmp_path)
    hosts: list[app.AppHost] = []
    title = app.title_screen(kit, hosts)
    form = title.on_event(key("n"))
    form.seed = "7"
    run_headless(form.begin(), [key("."), key("S"), key("s")], kit=kit)  # saved and left, back to the title
    form = title.on_event(key("n"))
    form.seed = "8"
    new = form.begin().on_event(key("Y"))
    run_headless(new, [key(".")], kit=kit)
    for host in hosts:  # what Ctrl-C or a closed terminal does (run_title's hang-up)
        host.save_now()
    data = home / "data"
    assert read_recording(data / "autosave.mlrec").header.seed == 8
    assert read_recording(data / "autosave.bak.mlrec").header.seed == 8


def test_help_on_the_title_explains_the_menu(home: Path, tmp_path: Path) -> None:
    """? on the title showed only the dungeon's keys: nothing about the menu in front of the player."""
    kit = make_kit(tmp_path)
    _, screen = run_headless(app.title_screen(kit), [key("?")], kit=kit, size=(100, 40))
    text = " ".join(screen.text().split())
    assert "The title menu" in text and "c Continue: the run saved when you last left" in text


def test_a_run_left_unplayed_removes_what_a_linked_autosave_points_to_not_the_link(home: Path) -> None:
    """The link itself was removed, and the next run's autosave was a plain file again."""
    from game.engine.saves import autosave_path

    target = home / "synced" / "run.mlrec"
    target.parent.mkdir(parents=True)
    target.write_bytes(b"a run begun")
    autosave_path().parent.mkdir(parents=True)
    autosave_path().symlink_to(target)
    run_files.archive_run_unplayed()
    assert autosave_path().is_symlink() and not target.exists()


def test_a_recording_that_could_not_be_filed_as_the_run_ended_is_said(home: Path, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Filing the ended run's recording under Replays failed (a full disk) without a word: the end
    screen named its morgue file as if all were well, and `replay MORGUE` then found no recording
    beside it. Now the end of the run says so, and where the recording is kept meanwhile."""
    def disk_full() -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(app, "archive_run", disk_full)
    kit = make_kit(tmp_path)
    session, host = ended_run(kit)
    host.seeded = True  # `play --seed 11`: its seed's table files the run by its recording
    said = end_of_run_words(kit, session, host)
    assert "its recording could not be filed under Replays (the disk is full)" in said, said
    assert "it stays in the autosave and goes under Replays when the next run starts" in said, said
    assert "without it the run could not go into seed 11's table" in said, said


def test_an_end_that_could_not_be_saved_is_not_filed_and_says_continue_goes_back_before_it(
        home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Retiring on a read-only disk: the end was never written, yet the end said the run "stays in
    the autosave and goes under Replays when the next run starts", and `continue` then put the
    party back in town before it retired. The end says that now, and files nothing unended."""
    class ReadOnly:
        problem = "the disk is read-only (/home/x/autosave.mlrec)"
        failing = "the disk is read-only"

        def finish(self, game, left=False) -> bool:  # noqa: ANN001 - a Game
            return False

    filed = []
    monkeypatch.setattr(app, "archive_run", lambda: filed.append(True))
    kit = make_kit(tmp_path)
    session, host = ended_run(kit)
    host.recorder = ReadOnly()
    said = end_of_run_words(kit, session, host)
    assert ("its end could not be saved (the disk is read-only): `python main.py continue` would take the run "
            "up from its last save, before the end") in said, said
    assert "goes under Replays" not in said and filed == []


def test_a_damaged_high_score_list_set_aside_at_the_end_of_a_run_is_said(home: Path, tmp_path: Path) -> None:
    """The end of a run moved a damaged scores.json aside as scores.json.bad without a word, and
    the high-score screen, reading the fresh list, had nothing to say either: the player's old
    runs were gone from the list unexplained. Now the end of the run says so, and where it went."""
    (home / "data").mkdir(parents=True)
    (home / "data" / "scores.json").write_text('[{"score": 12, "seed": 3, "outcome": "retired", "fl')
    kit = make_kit(tmp_path)
    said = "".join(end_of_run_words(kit, *ended_run(kit)).split())
    bad = home / "data" / "scores.json.bad"
    assert bad.exists()
    assert "".join(f"the high-score list was damaged: the damaged file is kept as {bad}".split()) in said, said
    assert "thisrunwasstillfiled,#1onit" in said, said


def test_a_recording_cut_short_beside_the_morgue_never_stands_there_under_its_name(
        home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The run's recording was copied straight to its name beside the morgue file: a copy the disk
    filled up in the middle of stayed there, half a recording named like the morgue. Now the end of
    the run says the copy failed and nothing half-written is left beside the morgue."""
    import errno
    import shutil

    from game.agents.companion import ai_action

    def disk_fills(source, target) -> None:  # noqa: ANN001 - either way of copying: half, then no room
        if not hasattr(source, "read"):
            with open(source, "rb") as src, open(target, "wb") as dst:
                disk_fills(src, dst)
        data = source.read()
        target.write(data[: len(data) // 2])
        target.flush()
        raise OSError(errno.ENOSPC, "No space left on device")

    kit = make_kit(tmp_path)
    state, host = app.start_state(kit, seed=11, seats="ai+hero,ai")
    session = host.session
    for _ in range(6000):
        if session.game.phase == "over":
            break
        session.apply(ai_action(session.game))
    monkeypatch.setattr(shutil, "copyfile", disk_fills)
    monkeypatch.setattr(shutil, "copyfileobj", disk_fills)
    _, screen = run_headless(host.end_of_run(session, state), [], kit=kit, size=(120, 30))
    said = " ".join(screen.text().split())
    assert "could not put the recording beside the morgue file: the disk is full" in said, said
    morgues = home / "data" / "morgue"
    assert sorted(p.name for p in morgues.iterdir()) == [session.morgue_path.name]


def test_a_morgue_that_cannot_be_written_costs_the_run_no_place_in_the_high_scores(home: Path, tmp_path: Path
                                                                                   ) -> None:
    """The morgue file and the score were written in one go: with a file where the morgue folder
    goes, the run was left out of the high-score list too, and the end of the run said only
    "could not write the morgue file or score: File exists". Now the score is filed all the same,
    and the line says which file could not be written, where, and why."""
    from game.core.score_table import load_scores

    (home / "data").mkdir(parents=True)
    (home / "data" / "morgue").write_text("a file where the morgue folder goes")
    kit = make_kit(tmp_path)
    said = end_of_run_words(kit, *ended_run(kit))
    assert f"could not write the morgue file in {home / 'data' / 'morgue'}: part of the path is a file, " \
           "not a directory" in said, said
    assert "score" not in said, said
    assert [e.seed for e in load_scores(home / "data" / "scores.json")] == [11]


def test_a_folder_named_like_the_seeded_note_does_not_put_a_continued_run_in_a_race(home: Path, tmp_path: Path
                                                                                    ) -> None:
    """Whether the run in progress races on its seed is a note beside the autosave, asked by its
    name only: a folder of that name (which no run could remove) made every continued run a race,
    filed into its seed's table though begun on no chosen seed."""
    from game.agents.autoplay import play
    from game.engine.seed_scores import load_tables, scores_path

    (home / "data" / "autosave.seeded").mkdir(parents=True)
    kit = make_kit(tmp_path)
    title = app.title_screen(kit, hosts := [])
    state, _ = app.start_state(kit, seed=7, back=title)  # no --seed: not a race
    run_headless(state, [key("."), key("S"), key("s")], kit=kit)  # a turn, saved and left
    resumed = title.on_event(key("c")).on_tick()  # Continue
    assert isinstance(resumed, MapScreen)
    (host,) = hosts
    play(host.session.game, 3000, on_action=host.recorder.add)
    assert host.session.game.phase == "over"
    host.end_of_run(host.session, resumed)
    assert load_tables(scores_path()) == {}


def test_a_saved_run_from_other_rules_is_refused_once_with_what_a_new_run_does_with_it(
        home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After an update that changes the rules, Continue said the same sentence for the autosave and
    for its backup, and not what the player could do: now one sentence for both, and what a new
    run does with the old one (as `guard_new_run` then asks)."""
    kit = make_kit(tmp_path)
    state, _ = app.start_state(kit, seed=7)
    run_headless(state, [key("."), key("s"), key(".")], kit=kit)
    monkeypatch.setattr(recording_read, "RULES_VERSION", RULES_VERSION + 1)  # as a newer copy would read it
    with pytest.raises(FileProblem) as err:
        run_files.load_autosave()
    said = str(err.value)
    assert said.count("would not play the same") == 1 and "autosave.mlrec and its backup: was recorded" in said
    assert said.endswith("It cannot be continued; a new run (New game, or `python main.py play`) moves it aside, "
                         "kept as it is.")
    _, screen = run_headless(app.title_screen(kit), [key("c")], kit=kit, size=(100, 30))
    assert "It cannot be continued; a new run (New game, or `python main.py play`) moves it aside" in " ".join(
        screen.text().split())


def test_an_abandoned_run_says_so_in_its_recordings_and_to_a_spectator_of_record(home: Path, tmp_path: Path) -> None:
    """`watch FILE` of a `--record FILE` run the player abandoned showed it as a game in progress
    for ever (the autosave's spectator learns of it when the file is filed; FILE stays where it
    is), and `replay` called it "not over" like any saved run. The last write says it was left."""
    from game.engine.recording_read import read_recording
    from game.engine.spectate import Follower
    from game.ui.screens.watch_screen import WatchScreen

    kit = make_kit(tmp_path)
    mirror = tmp_path / "live.mlrec"
    state, _ = app.start_state(kit, seed=7, export=str(mirror))
    follower = Follower(mirror)
    run_headless(state, [key("."), key(".")], kit=kit)
    follower.poll()
    assert follower.status == "following" and not read_recording(mirror).end.left
    result, _ = run_headless(state, [key("Q"), key("a"), key("Y")], kit=kit)
    assert result == Exit("left")
    assert read_recording(mirror).end.left
    [filed] = (home / "data" / "recordings").glob("*.mlrec")
    assert read_recording(filed).end.left
    assert follower.poll() and follower.status == "left"
    screen = WatchScreen(kit, follower)
    assert "The player left this run: no more will come" in screen.watched()
