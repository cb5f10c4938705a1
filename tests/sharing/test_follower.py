"""A spectator's copy of a game follows its recording as it grows, starts again when a new run
replaces it, keeps the last state when the file goes, and never writes anything."""

from __future__ import annotations

import tcod.console

from game.agents.companion import ai_action
from game.engine import actions as A
from game.engine.recording import Recorder
from game.engine.spectate import Follower
from game.ui.events import key
from game.ui.kit import Kit
from game.ui.options import Options
from game.ui.screens.watch_screen import WatchScreen
from game.ui.session import Session


def start(path, seed: int = 5) -> Session:
    recorder = Recorder.for_new_game(path, seed, "human,ai", flush_every=1)
    return Session(recorder.start(), recorder)


def play(session: Session, actions: int) -> None:
    game = session.game
    for _ in range(actions):
        session.apply(ai_action(game))


def test_it_follows_the_recording_as_the_player_plays(tmp_path):
    path = tmp_path / "autosave.mlrec"
    follower = Follower(path)
    assert not follower.poll() and follower.status == "waiting" and follower.game is None
    session = start(path)
    play(session, 5)
    assert follower.poll() and follower.status == "following"
    assert follower.game.state_hash() == session.game.state_hash()
    assert not follower.poll()  # nothing new: nothing read, nothing changed
    play(session, 20)
    before = path.read_bytes()
    assert follower.poll()
    assert follower.game.turn == session.game.turn and follower.game.state_hash() == session.game.state_hash()
    assert path.read_bytes() == before  # watching writes nothing
    follower.close()


def test_a_new_run_over_the_file_is_followed_from_its_start(tmp_path):
    path = tmp_path / "autosave.mlrec"
    play(start(path, seed=5), 10)
    follower = Follower(path)
    follower.poll()
    first = follower.game
    session = start(path, seed=6)
    play(session, 3)
    assert follower.poll() and follower.restarts == 1 and follower.game is not first
    assert follower.game.seed == 6 and follower.game.state_hash() == session.game.state_hash()
    follower.close()


def test_when_the_file_goes_the_last_state_stays(tmp_path):
    path = tmp_path / "autosave.mlrec"
    session = start(path)
    play(session, 8)
    follower = Follower(path)
    follower.poll()
    turn = follower.game.turn
    path.unlink()
    assert follower.poll() and follower.status == "gone" and follower.game.turn == turn
    follower.close()


def test_a_damaged_file_is_said_not_followed(tmp_path):
    path = tmp_path / "autosave.mlrec"
    path.write_bytes(b"not a recording")
    follower = Follower(path)
    follower.poll()
    assert follower.status == "stuck" and "not a Masterless recording" in follower.problem


def screen_text(state) -> str:
    console = tcod.console.Console(100, 30, order="C")
    state.on_draw(console)
    return "\n".join("".join(chr(c) for c in row) for row in console.ch)


def test_the_spectator_sees_the_town_screen_while_the_party_is_in_town(tmp_path):
    path = tmp_path / "autosave.mlrec"
    session = start(path)
    kit = Kit.from_options(Options(), tmp_path / "options.toml")
    watch = WatchScreen(kit, Follower(path))
    assert "Watching autosave.mlrec: Floor 2, turn 0" in screen_text(watch)
    session.apply(A.Ascend(0))  # the party climbs straight out, to town
    watch.on_tick()
    text = screen_text(watch)
    assert "Purse" in text and "Watching autosave.mlrec: in town" in text
    watch.follower.close()


def test_the_spectator_sees_the_hallway_report_until_the_player_acts_and_can_read_the_log(tmp_path):
    path = tmp_path / "autosave.mlrec"
    session = start(path)
    game = session.game
    kit = Kit.from_options(Options(), tmp_path / "options.toml")
    watch = WatchScreen(kit, Follower(path))
    screen_text(watch)
    for _ in range(400):  # the player plays until the party enters a new room
        if game.stats.rooms_entered:
            break
        session.apply(ai_action(game))
        watch.on_tick()
        screen_text(watch)
    assert game.stats.rooms_entered, "never entered a room"
    text = screen_text(watch)
    assert "The Hallway" in text and "Watching autosave.mlrec" in text
    log = watch.on_event(key("m"))  # the log so far, the player's own screen, on the spectator's copy
    assert type(log).__name__ == "LogHistoryScreen" and log.session.game is watch.follower.game
    assert log.on_event(key("escape")) is watch
    session.apply(ai_action(game))  # the player has read the report and goes on
    watch.on_tick()
    assert "The Hallway" not in screen_text(watch)
    watch.on_event(key("H"))  # the last report on demand, and H again puts it away
    assert "The Hallway" in screen_text(watch)
    watch.on_event(key("H"))
    assert "The Hallway" not in screen_text(watch)
    watch.follower.close()


def test_the_spectator_sees_the_end_of_the_run(tmp_path):
    path = tmp_path / "autosave.mlrec"
    session = start(path)
    kit = Kit.from_options(Options(), tmp_path / "options.toml")
    watch = WatchScreen(kit, Follower(path))
    session.apply(A.Ascend(0))  # out to town
    session.apply(A.Retire(0))  # and the run ends there
    assert session.game.phase == "over"
    watch.on_tick()
    text = screen_text(watch)
    assert type(watch.screen()).__name__ == "EndOfRunScreen"
    assert "The run is over" in text  # the spectator's own status line, below the player's screen
    watch.follower.close()


def watching_a_retired_run(tmp_path) -> WatchScreen:
    """A spectator's screen on a run whose party climbed out at once and retired (its follower open)."""
    path = tmp_path / "autosave.mlrec"
    session = start(path)
    watch = WatchScreen(Kit.from_options(Options(), tmp_path / "options.toml"), Follower(path))
    session.apply(A.Ascend(0))
    session.apply(A.Retire(0))
    watch.on_tick()
    return watch


def test_at_80_columns_the_spectator_reads_the_end_whole_and_no_word_on_a_morgue_it_cannot_see(tmp_path):
    """Watching a finished run at 80x24 ended "The run is over (retired).  q l" (the keys cut
    mid-word), over an end screen that said "Morgue file  not written": the spectator writes
    none, but the player's game wrote theirs."""
    watch = watching_a_retired_run(tmp_path)
    console = tcod.console.Console(80, 24, order="C")
    watch.on_draw(console)
    rows = ["".join(chr(c) for c in row).rstrip() for row in console.ch]
    watch.follower.close()
    assert rows[-1].strip().endswith(", turn 0. The run is over (retired).  q leaves, ? help"), rows[-1]
    assert not any("Morgue file" in row for row in rows), rows
    assert any(row.strip().startswith("Score ") for row in rows)


def test_the_spectator_names_the_ending_in_the_words_of_the_end_screen(tmp_path):
    """The line said "The run is over (wiped)" (the engine's code) where the player's screens
    and the high scores say "fell"; it now takes their words."""
    watch = watching_a_retired_run(tmp_path)
    try:
        for outcome, words in (("retired", "retired"), ("wiped", "fell"), ("quest", "quest done")):
            watch.follower.game.outcome = outcome  # the same finished run, as each ending would leave it
            assert watch.watched().endswith(f". The run is over ({words})"), watch.watched()
    finally:
        watch.follower.close()


def test_a_run_that_ends_and_is_filed_before_the_next_look_is_still_seen_to_its_end(tmp_path, monkeypatch):
    """The party retired and the game filed its autosave under Replays at once, before the
    spectator's next look: the spectator was left on the town screen at turn 0 with "The player
    has stopped (the file is gone)". The filed recording is now followed to the run's end."""
    from game.engine.saves import archive_autosave, autosave_path, new_autosave

    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path / "home"))
    game, recorder = new_autosave(5, "human,ai")
    session = Session(game, recorder)
    watch = WatchScreen(Kit.from_options(Options(), tmp_path / "options.toml"), Follower(autosave_path()))
    session.apply(A.Ascend(0))  # out to town: the spectator sees it
    watch.on_tick()
    assert watch.follower.game.phase == "town"
    session.apply(A.Retire(0))  # the run ends, and the game files it at once (ui/app.py's end of a run)
    recorder.finish(game)
    filed = archive_autosave()
    assert filed is not None and not autosave_path().exists()
    watch.on_tick()
    text = screen_text(watch)
    assert watch.follower.status == "filed" and watch.follower.filed_as == filed
    assert type(watch.screen()).__name__ == "EndOfRunScreen" and "The run is over" in text, text
    assert "the file is gone" not in text
    watch.follower.close()


def test_a_run_left_and_filed_unfinished_is_said_to_be_kept_under_replays(tmp_path, monkeypatch):
    """A run the player abandoned is filed under Replays unfinished: not "the file is gone"."""
    from game.engine.saves import archive_autosave, autosave_path, new_autosave

    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path / "home"))
    game, recorder = new_autosave(5, "human,ai")
    session = Session(game, recorder)
    watch = WatchScreen(Kit.from_options(Options(), tmp_path / "options.toml"), Follower(autosave_path()))
    play(session, 3)
    watch.on_tick()
    play(session, 2)
    assert archive_autosave() is not None
    watch.on_tick()
    text = screen_text(watch)
    assert watch.follower.game.turn == game.turn
    assert "The player left this run: it is kept under Replays" in text and "gone" not in text, text
    watch.follower.close()
