"""Damaged, hostile and endless recordings given to `replay` (issue 17): each one exit 3 with one
line saying what and where, never a traceback, a hang or a gigabyte of memory."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from fault_tools import bomb, cli_line, flip, one_line, run_cli, with_header

from game import cli
from game.engine.recording import MAX_BODY
from game.engine.saves import autosave_path

pytestmark = pytest.mark.usefixtures("earlier_save")  # no case may touch the game in progress


@pytest.fixture
def solo(recordings: dict[str, Path]) -> Path:
    return recordings["solo"]


@pytest.fixture
def handmade(recordings: dict[str, Path]) -> Path:
    return recordings["handmade"]


@pytest.mark.parametrize(("changes", "field"), [
    ({"dials": {"seriousness": 99}}, "dials.seriousness"),
    ({"dials": {"seriousness": 0}}, "dials.seriousness"),
    ({"dials": {"theme": "moon"}}, "dials.theme"),
    ({"dials": {"die": 7}}, "dials.die"),
    ({"dials": {"design": "maybe"}}, "dials.design"),
    ({"dials": {"light": 1}}, "dials.light"),
    ({"level": 0}, "level"),
    ({"level": 99}, "level"),
    ({"level": True}, "level"),
    ({"seats": "human,robot"}, "seats"),
    ({"seats": 5}, "seats"),
    ({"seed": "seven"}, "seed"),
    ({"check_bits": 0}, "check_bits"),
    ({"dials": []}, "dials"),
    ({"heroes": {"7": {}}}, "heroes.7"),
])
def test_a_header_field_out_of_range_is_refused_naming_the_field(tmp_path, capsys, changes, field, solo):
    bad = tmp_path / "bad.mlrec"
    bad.write_bytes(with_header(solo.read_bytes(), **changes))
    code, line = cli_line(capsys, "replay", str(bad), "--headless", "--verify")
    assert code == 3 and f"'{field}'" in line and str(bad) in line


def test_a_hand_made_hero_of_an_unknown_race_is_refused_naming_the_field(tmp_path, capsys, handmade):
    data = handmade.read_bytes()
    bad = tmp_path / "hero.mlrec"
    bad.write_bytes(with_header(data, heroes={"0": {"name": "Wren", "race": "moonfolk", "race_trait": "brave",
                                                    "klass": "rogue", "class_traits": ["stealthy", "deadly"]}}))
    code, line = cli_line(capsys, "replay", str(bad), "--headless", "--verify")
    assert code == 3 and "'heroes.0.race'" in line


def test_seriousness_99_with_a_valid_checksum_is_exit_3_on_the_real_command_line(tmp_path, solo):
    bad = tmp_path / "serious.mlrec"
    bad.write_bytes(with_header(solo.read_bytes(), dials={"seriousness": 99}))
    line = one_line(run_cli(tmp_path, "replay", str(bad), "--headless", "--verify"), 3)
    assert "dials.seriousness" in line and "1 to 6" in line


def test_a_theme_the_game_lacks_blames_the_recording_not_the_games_data(tmp_path, solo):
    bad = tmp_path / "moon.mlrec"
    bad.write_bytes(with_header(solo.read_bytes(), dials={"theme": "moon"}))
    line = one_line(run_cli(tmp_path, "replay", str(bad), "--headless", "--verify"), 3)
    assert str(bad) in line and "themes.toml" not in line


def test_every_flipped_bit_in_a_sweep_is_exit_3_or_a_clean_result(tmp_path, capsys, solo):
    data = solo.read_bytes()
    target = tmp_path / "flipped.mlrec"
    for index in range(0, len(data), max(1, len(data) // 60)):
        target.write_bytes(flip(data, index, index % 8))
        code, line = cli_line(capsys, "replay", str(target), "--headless", "--verify")
        assert code == 3 and str(target) in line, (index, code, line)


def test_every_truncation_is_exit_3(tmp_path, capsys, solo):
    data = solo.read_bytes()
    target = tmp_path / "cut.mlrec"
    for size in sorted({0, 1, 10, 22, 23, 24, 40, len(data) // 2, len(data) - 5, len(data) - 1}):
        target.write_bytes(data[:size])
        code, line = cli_line(capsys, "replay", str(target), "--headless", "--verify")
        assert code == 3 and str(target) in line, (size, line)


def test_a_zip_bomb_is_refused_before_it_inflates(tmp_path):
    boom = tmp_path / "bomb.mlrec"
    boom.write_bytes(bomb(2 * MAX_BODY))  # ~130 KB on disk, 64 MiB inflated: 512 times its size
    assert boom.stat().st_size < MAX_BODY // 100
    line = one_line(run_cli(tmp_path, "replay", str(boom), "--headless", "--verify"), 3)
    assert "inflates to more than" in line


def test_endless_files_are_refused_at_once(tmp_path, capsys):
    line = one_line(run_cli(tmp_path, "replay", "/dev/zero", "--headless", timeout=30), 3)
    assert "/dev/zero: is a device" in line
    fifo = tmp_path / "endless.fifo"
    os.mkfifo(fifo)  # no writer: a reader that opened it the ordinary way would wait forever
    for path in ("/dev/urandom", str(fifo)):
        code, line = cli_line(capsys, "replay", path, "--headless")
        assert code == 3 and path in line and ("device" in line or "pipe" in line)


def test_a_directory_and_an_empty_name_say_what_they_are(tmp_path, capsys):
    assert cli_line(capsys, "replay", str(tmp_path), "--headless") == (
        3, f"masterless: {tmp_path}: is a directory, not a recording")
    code, line = cli_line(capsys, "replay", "", "--headless")
    assert code == 3 and "empty" in line and ": is a directory" not in line


def test_control_characters_in_a_file_name_are_escaped_in_the_message(tmp_path):
    name = "evil\x1b[2J\x1b]0;pwned\x07.mlrec"
    done = run_cli(tmp_path, "replay", name, "--headless")
    line = one_line(done, 3)
    assert "\x1b" not in done.stderr and "\x07" not in done.stderr
    assert "\\x1b[2J" in line


def test_a_recording_this_version_wrote_still_verifies(tmp_path, solo):
    """The bounds refuse no real recording: the checked-in ones replay as before."""
    copy = tmp_path / "solo.mlrec"
    shutil.copy(solo, copy)
    done = run_cli(tmp_path, "replay", str(copy), "--headless", "--verify")
    assert done.returncode == 0 and "verified" in done.stdout, done.stderr


def test_a_bad_record_target_for_autoplay_is_exit_3_before_the_run(tmp_path, capsys, monkeypatch):
    line = one_line(run_cli(tmp_path, "autoplay", "--seed", "1", "--max-turns", "5", "--record", "/"), 3)
    assert line.startswith("masterless: --record: / is a directory")
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    for target in ("/proc/version", str(tmp_path / ("x" * 300)), str(tmp_path / "no" / "dir.mlrec"), ""):
        code, line = cli_line(capsys, "autoplay", "--seed", "1", "--max-turns", "5", "--record", target)
        assert code == 3 and line.startswith("masterless: --record:"), line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data"]  # nothing left behind


def test_record_never_names_the_games_own_autosave(tmp_path, capsys, monkeypatch):
    """`--record` naming the autosave, its backup or a broken copy is refused before anything is
    written: autoplay would write over the run in progress, and `play` would have the game move
    its own recording aside and file it under Replays."""
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    autosave = autosave_path()  # the run in progress: `earlier_save` checks it is untouched
    before = sorted(p.name for p in autosave.parent.iterdir())
    monkeypatch.chdir(autosave.parent)
    for target in (str(autosave), "autosave.mlrec", str(autosave.parent / ".." / "data" / "autosave.bak.mlrec"),
                   str(autosave.parent / "autosave.broken-2.mlrec")):
        for command in (("autoplay", "--seed", "1", "--max-turns", "5"), ("play", "--seed", "1")):
            code, line = cli_line(capsys, *command, "--record", target)
            assert code == 3 and line == f"masterless: --record: {target} is the game's own autosave; " \
                                          "name a file of your own", line
    assert sorted(p.name for p in autosave.parent.iterdir()) == before == ["autosave.bak.mlrec", "autosave.mlrec"]
    code, _ = cli_line(capsys, "autoplay", "--seed", "1", "--max-turns", "5", "--record", "mine.mlrec")
    assert code == 0 and (autosave.parent / "mine.mlrec").exists()


def test_record_writes_over_a_recording_but_never_over_another_file(tmp_path, capsys, monkeypatch):
    """`play --record thesis.txt` replaced the file at once, and `continue` wrote the run into any
    file its note named: a file there already is refused unless it is a recording (a live one is
    written to again and again)."""
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    thesis = tmp_path / "thesis.txt"
    thesis.write_text("my precious thesis\n")
    for command in (("autoplay", "--seed", "1", "--max-turns", "5"), ("play", "--seed", "1")):
        code, line = cli_line(capsys, *command, "--record", str(thesis))
        assert code == 3 and line == f"masterless: --record: {thesis} is there already and is no recording: " \
                                      "name a new file, or remove it first", line
    assert thesis.read_text() == "my precious thesis\n"
    again = tmp_path / "live.mlrec"
    for _ in range(2):  # the second run writes over the first's recording
        code, _ = cli_line(capsys, "autoplay", "--seed", "1", "--max-turns", "5", "--record", str(again))
        assert code == 0
    from game.engine.saves import record_file_problem

    assert record_file_problem(thesis) is not None  # what `continue` asks of the file its note names
    assert record_file_problem(again) is None and record_file_problem(tmp_path / "new.mlrec") is None


def test_play_record_never_replaces_another_runs_recording(tmp_path, capsys, monkeypatch, solo):
    """`play --seed 3 --record same.mlrec` replaced another run's recording at once, unasked (a
    finished run's, another data directory's autosave): a recording there already is refused in
    one line naming it; the one the saved run began is said to be `continue`'s, which still
    writes on in it."""
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    theirs = tmp_path / "same.mlrec"
    shutil.copyfile(solo, theirs)
    code, line = cli_line(capsys, "play", "--seed", "3", "--record", str(theirs))
    assert code == 3 and line == f"masterless: --record: {theirs} is another run's recording already: " \
                                  "name a new file, or remove it first", line
    assert theirs.read_bytes() == solo.read_bytes()
    from game.engine.saves import record_file_problem, set_record_target

    set_record_target(theirs)  # the saved run (`earlier_save`) was begun with `play --record same.mlrec`
    code, line = cli_line(capsys, "play", "--seed", "3", "--record", str(theirs))
    assert code == 3 and line == f"masterless: --record: {theirs} is the recording of the saved run: " \
                                  "`python main.py continue` goes on with it, or name a new file for a new run", line
    assert record_file_problem(theirs) is None  # what `continue` asks of it: it writes on there
    assert theirs.read_bytes() == solo.read_bytes()


def test_paths_with_a_file_in_the_way(tmp_path: Path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code, line = cli_line(capsys, "replay", str(blocker / "inside.mlrec"), "--headless")
    assert code == 3 and "inside.mlrec" in line


def test_the_replays_viewer_says_what_is_wrong_instead_of_crashing(tmp_path, solo):
    from game.ui.kit import Kit
    from game.ui.options import Options
    from game.ui.screens.replay_viewer import ReplaysScreen

    bad = tmp_path / "serious.mlrec"
    bad.write_bytes(with_header(solo.read_bytes(), dials={"seriousness": 99}))
    screen = ReplaysScreen(Kit.from_options(Options(), tmp_path / "options.toml"), tmp_path, None)
    assert screen.files == [bad]
    assert screen.watch(bad) is None and "dials.seriousness" in screen.status


@pytest.mark.slow
def test_a_sweep_of_edits_the_checksum_cannot_see_never_crashes(tmp_path, capsys, handmade):
    """Random edits inside the JSON lines, repacked with a valid stream and checksum (what a hand
    edit writes): every one is refused (3), desyncs (4) or still plays (0), never exit 1."""
    import random

    from fault_tools import body_lines, pack

    lines = body_lines(handmade.read_bytes())
    rng = random.Random(17)
    target = tmp_path / "edited.mlrec"
    for _ in range(120):
        edited = list(lines)
        i = 0 if rng.random() < 0.6 else rng.randrange(len(edited))
        line = bytearray(edited[i])
        for _ in range(rng.randint(1, 3)):
            line[rng.randrange(len(line))] = rng.choice(b'0123456789-[]{}",:.aeEtrufnl \\')
        edited[i] = bytes(line)
        target.write_bytes(pack(edited))
        code = cli.main(["replay", str(target), "--headless", "--verify"])
        err = capsys.readouterr().err.strip().splitlines()
        assert code in (0, 3, 4) and len(err) <= 1, (bytes(line), err)


def test_watching_a_file_that_can_never_be_followed_is_one_line_at_once(tmp_path, solo, capsys):
    """`watch FILE` on a pipe, a device, a file of another kind or a newer format says so and
    stops, with no terminal asked for (it used to open a screen that waited for ever); a good
    recording gets as far as asking for one."""
    fifo = tmp_path / "game.fifo"
    os.mkfifo(fifo)
    newer = tmp_path / "newer.mlrec"
    newer.write_bytes(b"MASTERLESS RECORDING 99\n" + solo.read_bytes().split(b"\n", 1)[1])
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping list\n")
    for path, why in ((fifo, "pipe"), ("/dev/zero", "device"), (newer, "newer Masterless"),
                      (notes, "not a Masterless recording")):
        code, line = cli_line(capsys, "watch", str(path))
        assert code == 3 and line.startswith(f"masterless: {path}: ") and why in line, line
    code, line = cli_line(capsys, "watch", str(solo))
    assert code == 2 and "needs a terminal" in line


@pytest.mark.parametrize(("speed", "shown"), [("inf", "256/s"), ("1e300", "256/s"), ("0.001", "1/s")])
def test_replay_speed_beyond_the_ends_is_the_nearest_end(tmp_path, solo, speed, shown):
    """`--speed inf` (or 1e300) is 'the nearest of 1, 2, 4 ... 256': it played at 1 a second,
    the slowest, because every speed was equally far from it."""
    from fault_tools import env_for
    from pty_tools import PtyApp, python_argv

    app = PtyApp(python_argv("main.py", "replay", str(solo), "--speed", speed), 100, 30, env=env_for(tmp_path))
    with app:
        assert app.wait_for("paused, ", timeout=30), app.text()
        assert f"paused, {shown}" in app.text(), app.text()
        app.leave()


def test_an_action_line_nested_past_reading_is_one_line_not_an_internal_error(tmp_path, capsys, solo):
    """A hand edit nesting an action line 100,000 arrays deep: `replay` (and `continue`, `watch`,
    the Replays screen, a new run's check of the autosave) ended in "internal error: RecursionError",
    exit 1, and a new run could not start until the autosave was deleted by hand."""
    from fault_tools import body_lines, pack

    lines = body_lines(solo.read_bytes())
    lines[3] = b"[" * 100_000
    target = tmp_path / "nested.mlrec"
    target.write_bytes(pack(lines))
    code, line = cli_line(capsys, "replay", str(target), "--headless", "--verify")
    assert code == 3 and line.endswith("is damaged (line 4 is not an action)"), line


def test_a_builder_draft_nested_past_reading_is_set_aside_as_damaged(tmp_path):
    """`continue` of a hot-seat run whose builder draft a hand edit had nested: RecursionError,
    exit 1, at every try; a damaged draft is dropped with its one line, as any other."""
    from game.core.seats import parse_seats
    from game.engine.build_drafts import _read
    from game.engine.start import new_game

    draft = tmp_path / "autosave.draft.json"
    draft.write_text("[" * 100_000)
    game = new_game(11, parse_seats("human:Ann,human:Bob,ai"), 2)
    assert _read(draft, game) == (None, "their file is damaged")
