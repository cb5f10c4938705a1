"""The autosave: where it lives, atomic writes with a backup, resuming by replay, the backup and
salvage when the autosave is broken, and the daily seed."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs
import pytest

from game.agents.scripted import play_scripted
from game.core import paths
from game.core.errors import FileProblem, UsageError
from game.core.seeds import daily_seed
from game.engine import recording_read
from game.engine.game import GAME_VERSION, RULES_VERSION
from game.engine.recording_read import read_recording
from game.engine.saves import (
    BROKEN,
    archive_autosave,
    autosave_path,
    backup_path,
    find_autosave,
    has_autosave,
    load_autosave,
    new_autosave,
    unreadable_autosave,
)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("MASTERLESS_CONFIG_DIR", raising=False)
    return tmp_path / "home"


def saved_game(actions: int = 60, seed: int = 3) -> tuple[str, int]:
    """Play a hot-seat game into the autosave; its state hash and action count."""
    game, recorder = new_autosave(seed, "human,human,ai")
    play_scripted(game, actions, recorder.add)
    out = game.state_hash(), recorder.count
    game.close()
    return out


# ----- where files go ------------------------------------------------------------------------------
def test_masterless_home_moves_every_file(home: Path) -> None:
    assert paths.data_dir() == home / "data"
    assert paths.config_dir() == home / "config"
    assert autosave_path().parent == home / "data"
    assert paths.recordings_dir() == home / "data" / "recordings"
    assert paths.config_dir({"MASTERLESS_HOME": "/x", "MASTERLESS_CONFIG_DIR": "/y"}) == Path("/y")


def test_without_an_override_the_platform_directories_are_used() -> None:
    assert paths.data_dir({}) == Path(platformdirs.user_data_dir("masterless", appauthor=False))
    assert paths.config_dir({}) == Path(platformdirs.user_config_dir("masterless", appauthor=False))


def test_an_atomic_write_keeps_the_previous_file_as_the_backup(tmp_path: Path) -> None:
    target, backup = tmp_path / "d" / "f", tmp_path / "d" / "f.bak"
    paths.atomic_write(target, b"one", backup)
    assert target.read_bytes() == b"one" and not backup.exists()
    paths.atomic_write(target, b"two", backup)
    paths.atomic_write(target, b"three", backup, durable=False)
    assert (target.read_bytes(), backup.read_bytes()) == (b"three", b"two")
    assert sorted(p.name for p in target.parent.iterdir()) == ["f", "f.bak"]


def test_a_write_that_fails_leaves_the_old_file_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "f"
    paths.atomic_write(target, b"old")

    def full_disk(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OSError):
        paths.atomic_write(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["f"]


# ----- saving and resuming -------------------------------------------------------------------------
def test_a_new_game_is_saved_before_its_first_action() -> None:
    game, _ = new_autosave(5, "human,ai,ai")
    assert has_autosave()
    info = find_autosave()
    assert info is not None and (info.seed, info.seats, info.actions, info.turn) == (5, "human,ai,ai", 0, 0)
    loaded = load_autosave()
    assert loaded.game.state_hash() == game.state_hash()


def test_a_record_copy_that_fails_is_told_apart_and_a_failed_save_names_the_autosave(home: Path) -> None:
    """Only the --record copy failing (a directory in its place) read "Saving failed: it is a
    directory", as if the run were not saved; a failed save named the temp file beside the
    autosave ('.autosave.mlrec.6e6iq_x3.tmp'), not the autosave."""
    game, recorder = new_autosave(5, "human,ai,ai")
    copy = home / "copy-is-a-folder.mlrec"
    copy.mkdir()
    recorder.mirror = copy
    assert recorder.flush(game) and recorder.problem is None
    assert recorder.mirror_problem == f"it is a directory, not a file ({copy})"
    recorder.mirror = home / "copy.mlrec"
    assert recorder.flush(game) and recorder.mirror_problem is None
    (home / "a-file").write_text("not a folder")
    recorder.path = home / "a-file" / "autosave.mlrec"
    assert not recorder.flush(game)
    assert recorder.problem is not None and recorder.problem.endswith(f"({recorder.path})")


def test_continue_resumes_the_autosave_exactly() -> None:
    state, count = saved_game()
    info = find_autosave()
    assert info is not None and info.actions == count and info.problem is None
    loaded = load_autosave()
    assert (loaded.which, loaded.problem, loaded.lost) == ("autosave", None, 0)
    assert loaded.game.state_hash() == state
    assert loaded.recorder.count == count


def test_a_resumed_game_goes_on_in_the_same_autosave() -> None:
    saved_game(40)
    loaded = load_autosave()
    play_scripted(loaded.game, 25, loaded.recorder.add)
    state = loaded.game.state_hash()
    again = load_autosave()
    assert again.game.state_hash() == state
    assert again.recorder.count == loaded.recorder.count


def test_a_broken_autosave_falls_back_to_the_backup_and_says_why() -> None:
    saved_game(50)
    backup = read_recording(backup_path())
    data = bytearray(autosave_path().read_bytes())
    data[len(data) // 2] ^= 0xFF
    autosave_path().write_bytes(bytes(data))
    info = find_autosave()
    assert info is not None and info.path == backup_path() and "is corrupted" in (info.problem or "")
    loaded = load_autosave()
    assert loaded.which == "backup"
    assert loaded.problem is not None and loaded.problem.startswith(f"{autosave_path()}: is corrupted")
    assert loaded.recorder.count == len(backup.steps) == 49
    assert (autosave_path().parent / BROKEN).exists()
    assert read_recording(autosave_path()).steps == backup.steps  # written again, whole
    assert read_recording(backup_path()).steps == backup.steps  # and the backup kept


def test_when_the_backup_is_not_wanted_a_broken_autosave_is_refused() -> None:
    saved_game(20)
    autosave_path().write_bytes(autosave_path().read_bytes()[:-30])
    with pytest.raises(FileProblem, match="is truncated"):
        load_autosave(allow_backup=False, allow_salvage=False)


def test_with_both_files_cut_short_the_good_actions_are_salvaged() -> None:
    saved_game(120)
    whole = read_recording(autosave_path())
    data = autosave_path().read_bytes()
    autosave_path().write_bytes(data[: len(data) * 3 // 4])
    backup_path().write_bytes(b"not a save")
    loaded = load_autosave()
    assert loaded.which == "salvaged autosave" and "is truncated" in (loaded.problem or "")
    kept = loaded.recorder.count
    assert 0 < kept < len(whole.steps)
    assert [s.action for s in read_recording(autosave_path()).steps] == [s.action for s in whole.steps[:kept]]


def test_with_nothing_usable_one_line_says_so() -> None:
    with pytest.raises(FileProblem, match="there is no saved game to continue"):
        load_autosave()
    autosave_path().parent.mkdir(parents=True)
    autosave_path().write_text("hello")
    with pytest.raises(FileProblem) as err:
        load_autosave()
    assert str(err.value).count("\n") == 0
    assert "is not a Masterless recording" in str(err.value)
    assert find_autosave() is None


def test_a_save_from_other_rules_is_refused_once_for_the_autosave_and_its_backup(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """After an update that changes the rules, both files of the saved run are from the old rules:
    the line says so once, for both, not the same sentence twice."""
    saved_game(20)
    assert backup_path().exists()
    monkeypatch.setattr(recording_read, "RULES_VERSION", RULES_VERSION + 1)  # this copy plays newer rules
    expected = (f"{autosave_path()} and its backup: was recorded by Masterless {GAME_VERSION} with rules version "
                f"{RULES_VERSION}; this version plays rules version {RULES_VERSION + 1}, so it would not play the same")
    with pytest.raises(FileProblem) as err:
        load_autosave()
    assert str(err.value) == expected
    assert unreadable_autosave() == expected
    assert autosave_path().exists() and backup_path().exists()  # nothing is lost


def test_a_finished_run_is_archived_with_the_recordings() -> None:
    saved_game(30, seed=1)
    first = archive_autosave()
    assert first is not None and first.parent == paths.recordings_dir() and first.name.startswith("seed-1-turn-")
    assert not has_autosave()
    saved_game(30, seed=1)
    second = archive_autosave()
    assert second is not None and second != first and second.exists()
    assert archive_autosave() is None


def test_a_finished_run_in_a_linked_autosave_is_filed_and_the_link_stays_for_the_next(home: Path) -> None:
    """The link itself was moved under Replays: a relative one then pointed nowhere, and the next
    run's autosave was a plain file again, no longer where the player keeps it."""
    synced = home / "synced"
    synced.mkdir(parents=True)
    autosave_path().parent.mkdir(parents=True)
    autosave_path().symlink_to(os.path.join("..", "synced", "run.mlrec"))  # relative, as `ln -s` makes it
    saved_game(30, seed=1)
    filed = archive_autosave()
    assert filed is not None and not filed.is_symlink() and read_recording(filed).header.seed == 1
    assert autosave_path().is_symlink() and not has_autosave()
    saved_game(30, seed=2)
    assert autosave_path().is_symlink() and read_recording(synced / "run.mlrec").header.seed == 2


def test_continue_sweeps_a_killed_writes_temp_file_beside_what_a_linked_autosave_points_to(home: Path) -> None:
    synced = home / "synced"
    synced.mkdir(parents=True)
    autosave_path().parent.mkdir(parents=True)
    autosave_path().symlink_to(synced / "run.mlrec")
    saved_game(30, seed=1)
    stale = synced / ".run.mlrec.k1ll3d.tmp"  # what atomic_write leaves when killed mid-write
    stale.write_bytes(b"half a save")
    load_autosave().game.close()
    assert not stale.exists() and (synced / "run.mlrec").exists()


# ----- the daily seed ------------------------------------------------------------------------------
def test_the_daily_seed_is_the_same_for_the_same_date_and_differs_by_day() -> None:
    assert daily_seed("2026-11-22") == daily_seed(" 2026-11-22 ")
    assert daily_seed("2026-11-22") != daily_seed("2026-11-23")
    assert 0 <= daily_seed("2026-11-22") < 1_000_000_000
    assert daily_seed("2026-11-22") == 475198526  # pinned: a changed derivation changes everyone's daily


@pytest.mark.parametrize("bad", ["2026-13-01", "2026-1-1", "tomorrow", "", "2026-02-30", "20261122"])
def test_a_daily_that_is_not_a_date_is_a_usage_error(bad: str) -> None:
    with pytest.raises(UsageError, match="--daily takes a date as YYYY-MM-DD"):
        daily_seed(bad)
