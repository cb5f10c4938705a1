"""The replay viewer: stepping both ways, playing by the loop's ticks, jumping to a turn, and the
list of recordings."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from screen_games import help_read_by_columns, make_kit, recorded_run_home

from game.agents.autoplay import play
from game.engine.recorded_play import replay as replay_to
from game.engine.recording import Recorder, Recording
from game.engine.recording_read import parse_recording
from game.engine.replay import Replay
from game.ui.events import key
from game.ui.kit import Kit
from game.ui.present.headless import run_headless
from game.ui.screens.help import HelpScreen
from game.ui.screens.replay_viewer import ReplaysScreen, ReplayViewerScreen, open_replays
from game.ui.state import Exit

BACK = Exit("back")


@pytest.fixture
def kit(tmp_path: Path) -> Kit:
    return make_kit(tmp_path)


@pytest.fixture(scope="module")
def recorded() -> tuple[Recording, bytes]:
    rec = Recorder.for_new_game(None, 7, "ai+hero,ai", 2)
    game = rec.start()
    play(game, 120, on_action=rec.add)
    data = rec.to_bytes(game)
    game.close()
    return parse_recording(data), data


@pytest.fixture
def viewer(kit: Kit, recorded: tuple[Recording, bytes]):
    state = ReplayViewerScreen(kit, Replay(recorded[0]), BACK)
    yield state
    state.replay.close()


def same_as_fresh(recording: Recording, replay: Replay) -> bool:
    fresh = replay_to(recording, verify=False, upto=replay.index)
    try:
        return fresh.state_hash() == replay.game.state_hash()
    finally:
        fresh.close()


def test_dot_steps_one_action_and_comma_steps_back(viewer: ReplayViewerScreen,
                                                   recorded: tuple[Recording, bytes]) -> None:
    _, screen = run_headless(viewer, [key(".")] * 5)
    assert viewer.replay.index == 5
    assert f"action 5/{len(recorded[0].steps)}" in screen.lines()[0]
    run_headless(viewer, [key(","), key(",")])
    assert viewer.replay.index == 3
    assert same_as_fresh(recorded[0], viewer.replay)
    _, screen = run_headless(viewer, [key(",")] * 5)
    assert viewer.replay.index == 0 and "The start of the recording." in screen.text()


def test_g_and_a_number_jumps_to_that_turn(viewer: ReplayViewerScreen, recorded: tuple[Recording, bytes]) -> None:
    _, screen = run_headless(viewer, [key("g"), key("4"), key("x"), key("0"), key("enter")])
    steps = recorded[0].steps
    assert viewer.replay.index == next(i for i, s in enumerate(steps) if s.turn >= 40)
    assert viewer.replay.turn == 40
    assert "Turn 40." in screen.text() and "turn 40/" in screen.lines()[0]
    assert same_as_fresh(recorded[0], viewer.replay)
    run_headless(viewer, [key("g"), key("9"), key("escape")])
    assert viewer.jump is None and viewer.replay.turn == 40


def test_space_plays_by_the_loops_ticks_and_plus_minus_change_the_speed(viewer: ReplayViewerScreen) -> None:
    assert viewer.tick_delay() is None
    viewer.on_event(key("space"))
    assert viewer.playing and viewer.tick_delay() == pytest.approx(1 / 8)
    viewer.on_event(key("+"))
    assert viewer.tick_delay() == pytest.approx(1 / 16)
    viewer.on_event(key("-"))
    viewer.on_event(key("-"))
    assert viewer.tick_delay() == pytest.approx(1 / 4)
    for _ in range(3):
        viewer.on_tick()
    assert viewer.replay.index == 3
    viewer.on_event(key("space"))
    assert not viewer.playing and viewer.tick_delay() is None
    for _ in range(8):
        viewer.on_event(key("+"))
    viewer.on_event(key("space"))
    viewer.on_tick()
    assert viewer.replay.index == 3 + int(256 / 60)  # past 60 a second, several actions a frame


def test_playing_stops_at_the_end(viewer: ReplayViewerScreen, recorded: tuple[Recording, bytes]) -> None:
    viewer.on_event(key("space"))
    for _ in range(len(recorded[0].steps) + 5):
        if viewer.tick_delay() is None:
            break
        viewer.on_tick()
    assert viewer.replay.at_end and not viewer.playing and viewer.tick_delay() is None
    _, screen = run_headless(viewer, [key("space")])
    assert "Home starts it again" in screen.text()
    run_headless(viewer, [key("home")])
    assert viewer.replay.index == 0
    run_headless(viewer, [key("end")])
    assert viewer.replay.at_end


def test_the_map_and_the_roll_panel_are_drawn_as_they_were(viewer: ReplayViewerScreen) -> None:
    replay = viewer.replay
    while not replay.game.rolls:
        replay.step()
    _, screen = run_headless(viewer, [], size=(120, 40))
    assert screen.find("@") is not None
    assert screen.find(replay.game.rolls[-1].title[:30]) is not None
    hints = screen.lines()[-1]
    for keys in ("Space", ". step", ", step back", "+/-", "g", "Home/End", "Esc", "?"):
        assert keys in hints


def test_a_recording_that_desyncs_pauses_with_the_reason(kit: Kit, recorded: tuple[Recording, bytes]) -> None:
    recording = recorded[0]
    steps = list(recording.steps)
    steps[2] = replace(steps[2], check=steps[2].check ^ 1)
    broken = Recording(recording.header, steps, recording.end)
    state = ReplayViewerScreen(kit, Replay(broken), BACK)
    try:
        state.on_event(key("space"))
        for _ in range(10):
            if state.tick_delay() is None:
                break
            state.on_tick()
        assert not state.playing and "desynced at turn" in state.problem
        _, screen = run_headless(state, [])
        assert "desynced" in screen.text()
    finally:
        state.replay.close()


def test_escape_goes_back_and_question_mark_helps(viewer: ReplayViewerScreen) -> None:
    assert isinstance(viewer.on_event(key("?")), HelpScreen)
    assert viewer.on_event(key("escape")) == BACK


def test_the_list_of_recordings_opens_one_and_says_what_is_wrong_with_a_broken_one(
        kit: Kit, tmp_path: Path, recorded: tuple[Recording, bytes]) -> None:
    folder = tmp_path / "recordings"
    folder.mkdir()
    (folder / "run-7.mlrec").write_bytes(recorded[1])
    (folder / "broken.mlrec").write_bytes(b"not a recording")
    (folder / "notes.txt").write_text("hello")
    state = open_replays(kit, folder, BACK)
    assert isinstance(state, ReplaysScreen)
    _, screen = run_headless(state, [])
    assert "run-7.mlrec" in screen.text() and "broken.mlrec" in screen.text() and "notes.txt" not in screen.text()
    names = [p.name for p in state.files]
    state.index = names.index("broken.mlrec")
    _, screen = run_headless(state, [key("enter")])
    assert "is not a Masterless recording" in screen.text()
    state.index = names.index("run-7.mlrec")
    viewer = state.on_event(key("enter"))
    assert isinstance(viewer, ReplayViewerScreen) and viewer.replay.total == len(recorded[0].steps)
    assert viewer.on_event(key("escape")) is state


def test_without_recordings_the_list_says_so(kit: Kit, tmp_path: Path) -> None:
    _, screen = run_headless(ReplaysScreen(kit, tmp_path / "none", BACK), [key("enter")])
    assert "No recordings yet" in screen.text()


def test_a_long_log_line_is_never_cut_inside_a_word(viewer: ReplayViewerScreen) -> None:
    from game.engine.log import LogLine
    from game.ui.fit import ELLIPSIS

    game = viewer.replay.game
    line = ("The lantern gutters as the party edges past the ossuary where "
            "Eater of Adventurers once slept beside its hoard of broken shields")
    words = line.split(" ")
    game.log.append(LogLine(game.turn, line))
    _, presenter = run_headless(viewer, [], kit=viewer.kit)
    rows = ["".join(chr(c) for c in row).strip() for row in presenter.console.ch]
    shown = [r for r in rows if r.startswith("The lantern") or "shields" in r or ELLIPSIS in r]
    assert shown and shown[0].startswith("The lantern"), rows
    for row in shown:
        for word in row.replace(ELLIPSIS, " ").split():
            assert word in words, (word, row)


def test_a_long_recordings_folder_is_shown_whole_above_the_list(kit: Kit, tmp_path: Path,
                                                                 recorded: tuple[Recording, bytes]) -> None:
    folder = tmp_path / ("a-long-folder-name-that-a-player-might-have" * 2) / "recordings"
    folder.mkdir(parents=True)
    (folder / "run-7.mlrec").write_bytes(recorded[1])
    _, screen = run_headless(ReplaysScreen(kit, folder, BACK), [], size=(80, 24))
    assert str(folder) in screen.text().replace("\n", "").replace(" ", "")
    assert "run-7.mlrec" in screen.text()


def test_a_recording_that_goes_as_the_list_is_read_is_left_out_not_a_crash(
        kit: Kit, tmp_path: Path, recorded: tuple[Recording, bytes], monkeypatch: pytest.MonkeyPatch) -> None:
    """Another copy of the game filing or removing a run while the list is read: the file is seen
    by the directory listing, then gone when its time is asked (FileNotFoundError)."""
    folder = tmp_path / "recordings"
    folder.mkdir()
    (folder / "run-7.mlrec").write_bytes(recorded[1])
    (folder / "gone.mlrec").write_bytes(recorded[1])
    real_stat = Path.stat

    def stat(self: Path, *args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        if self.name == "gone.mlrec":
            raise FileNotFoundError(self)
        return real_stat(self, *args, **kwargs)

    monkeypatch.setattr(Path, "is_file", lambda self: True)
    monkeypatch.setattr(Path, "stat", stat)
    screen = ReplaysScreen(kit, folder, BACK)
    assert [p.name for p in screen.files] == ["run-7.mlrec"]


def test_a_long_file_name_gives_way_to_where_the_replay_stands(kit: Kit, recorded: tuple[Recording, bytes]) -> None:
    """At 80 columns a long name pushed "action 0/N  turn ...  paused" off the heading."""
    state = ReplayViewerScreen(kit, Replay(recorded[0]), BACK,
                               title="Replay: a-recording-with-a-rather-long-name-from-a-friend-2026-11-23.mlrec")
    try:
        _, screen = run_headless(state, [], size=(80, 24))
    finally:
        state.replay.close()
    head = screen.lines()[0]
    assert f"action 0/{len(recorded[0].steps)}" in head and head.rstrip().endswith(f"paused, {state.speed}/s"), head
    assert head.startswith(" Replay: a-reco") and "..." in head


def test_a_folder_that_cannot_be_read_is_not_called_empty(kit: Kit, tmp_path: Path) -> None:
    """It said "No recordings yet" when the recordings folder could not be read at all."""
    in_the_way = tmp_path / "recordings"
    in_the_way.write_text("a file where the folder should be")
    _, screen = run_headless(ReplaysScreen(kit, in_the_way, BACK), [])
    assert "No recordings yet" not in screen.text() and "The folder cannot be read" in screen.text()
    _, screen = run_headless(ReplaysScreen(kit, tmp_path / "not-made-yet", BACK), [])
    assert "No recordings yet" in screen.text()


def test_the_viewers_help_lists_no_map_keys_that_mean_something_else_here(viewer: ReplayViewerScreen) -> None:
    """Its help went on into the map's keys: "Pick up g, Comma" and "Move north-west Home" under
    "Help: replays", where g goes to a turn, , steps back and Home goes to the start."""
    _, screen = run_headless(viewer, [key("?")], size=(200, 60))
    text = help_read_by_columns(screen)
    assert "Help: replays" in screen.lines()[0] and "Space plays or pauses" in text
    assert "Everywhere" in text
    for map_only in ("Pick up", "Move north-west", "Wait a turn", "Search for traps", "Save and quit S"):
        assert map_only not in text, map_only


def test_a_party_in_town_is_not_drawn_on_the_floor_it_left(kit: Kit, tmp_path: Path) -> None:
    """At the end of a run that retired in town the heading said "in town" over a map of the last
    floor with the heroes at its stair, as if they still stood there."""
    path = recorded_run_home(tmp_path / "a.mlrec")
    viewer = ReplayViewerScreen(kit, Replay.open(str(path)), BACK)
    _, shot = run_headless(viewer, [key("end")], size=(100, 30))
    viewer.replay.close()
    assert "in town" in shot.lines()[0], shot.lines()[0]
    map_rows = shot.lines()[1:12]
    assert any(row.strip() == "In town." for row in map_rows), map_rows
    assert not any("@" in row or "#" in row for row in map_rows), map_rows
