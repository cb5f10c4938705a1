"""The autosave under damage (issue 17): `continue` takes the backup whenever the autosave cannot
be used, for any reason; when both are damaged it salvages what still checks, says what was
recovered and what was lost, and never overwrites either damaged file; a write that fails
(a full or read-only disk) leaves the game playable with a reason to show."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from fault_tools import with_header

from game.engine import recording as R
from game.engine import saves
from game.engine.dispatch import apply_action
from game.engine.recorded_play import replay
from game.engine.recording_read import read_recording


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    monkeypatch.setenv("MASTERLESS_CONFIG_DIR", str(tmp_path / "config"))
    (tmp_path / "data").mkdir()
    return tmp_path / "data"


@pytest.fixture
def hotseat(recordings: dict[str, Path]) -> Path:
    """A hot-seat game of 400 actions, still in the dungeon."""
    return recordings["hotseat"]


def prefix_bytes(hotseat: Path, actions: int) -> bytes:
    """The recording as it stood after its first `actions` actions (a whole file)."""
    whole = read_recording(hotseat)
    part = R.Recording(whole.header, whole.steps[:actions], None)
    game = replay(part)
    try:
        return R.Recorder.resume(part, None, game).to_bytes(game)
    finally:
        game.close()


def test_a_header_out_of_range_in_the_autosave_falls_back_to_the_backup(home: Path, hotseat: Path) -> None:
    saves.autosave_path().write_bytes(with_header(hotseat.read_bytes(), dials={"seriousness": 99}))
    backup = prefix_bytes(hotseat, 300)
    saves.backup_path().write_bytes(backup)
    loaded = saves.load_autosave()
    try:
        assert loaded.which == "backup" and len(loaded.recorder.header.seats) and loaded.recorder.count == 300
        assert "dials.seriousness" in (loaded.problem or "")
        report = loaded.report() or ""
        assert "backup" in report and f"turn {loaded.game.turn}" in report
    finally:
        loaded.game.close()
    assert (home / "autosave.broken.mlrec").exists()  # kept for a bug report, out of the way


@pytest.mark.parametrize("damage", ["directory", "fifo", "bomb", "empty"])
def test_an_autosave_unusable_for_any_reason_falls_back_to_the_backup(home: Path, hotseat: Path, damage: str) -> None:
    main = saves.autosave_path()
    if damage == "directory":
        main.mkdir()
    elif damage == "fifo":
        os.mkfifo(main)
    elif damage == "bomb":
        from fault_tools import bomb

        main.write_bytes(bomb(R.MAX_BODY + (1 << 20)))
    else:
        main.write_bytes(b"")
    saves.backup_path().write_bytes(prefix_bytes(hotseat, 200))
    loaded = saves.load_autosave()
    try:
        assert loaded.which == "backup" and loaded.recorder.count == 200
    finally:
        loaded.game.close()


def test_with_both_damaged_the_backup_is_never_overwritten_and_the_loss_is_said(home: Path, hotseat: Path) -> None:
    whole = hotseat.read_bytes()
    damaged_main = whole[: len(whole) * 2 // 3]  # cut short: a prefix salvages
    damaged_backup = prefix_bytes(hotseat, 150)[:-40]
    saves.autosave_path().write_bytes(damaged_main)
    saves.backup_path().write_bytes(damaged_backup)
    loaded = saves.load_autosave()
    try:
        assert loaded.which.startswith("salvaged")
        report = loaded.report() or ""
        assert f"up to turn {loaded.game.turn}" in report and "lost" in report
        game, recorder = loaded.game, loaded.recorder
        # the game goes on: two more writes would have turned the damaged backup into the new one
        for step in read_recording(hotseat).steps[recorder.count: recorder.count + 2]:
            apply_action(game, step.action)
            recorder.add(game, step.action)
    finally:
        loaded.game.close()
    kept = sorted(p.name for p in home.glob("autosave.broken*.mlrec"))
    assert kept == ["autosave.broken-2.mlrec", "autosave.broken.mlrec"]
    assert {(home / k).read_bytes() for k in kept} == {damaged_main, damaged_backup}


def test_broken_copies_are_numbered_and_never_overwrite_each_other(home: Path, hotseat: Path) -> None:
    firsts = []
    for n in range(3):
        broken = b"MASTERLESS RECORDING 1\nnot zlib %d" % n
        firsts.append(broken)
        saves.autosave_path().write_bytes(broken)
        saves.backup_path().write_bytes(prefix_bytes(hotseat, 50))
        saves.load_autosave().game.close()
    names = sorted(p.name for p in home.glob("autosave.broken*.mlrec"))
    assert names == ["autosave.broken-2.mlrec", "autosave.broken-3.mlrec", "autosave.broken.mlrec"]
    assert {(home / n).read_bytes() for n in names} == set(firsts)


def test_a_failed_write_leaves_the_game_playable_and_says_why(home: Path, hotseat: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    steps = read_recording(hotseat).steps[:6]
    game, recorder = saves.new_autosave(3, "human,human,ai")
    try:
        apply_action(game, steps[0].action)
        recorder.add(game, steps[0].action)
        written = saves.autosave_path().read_bytes()

        def full(*args: object, **kwargs: object) -> None:
            raise OSError(errno.ENOSPC, "No space left on device", str(saves.autosave_path()))

        with monkeypatch.context() as disk:
            disk.setattr(R, "atomic_write", full)
            for step in steps[1:4]:  # no exception reaches the game loop
                apply_action(game, step.action)
                recorder.add(game, step.action)
            assert recorder.problem is not None and "the disk is full" in recorder.problem
            assert saves.autosave_path().read_bytes() == written  # the last good save is untouched
        apply_action(game, steps[4].action)
        recorder.add(game, steps[4].action)  # room again: everything unwritten is written now
        assert recorder.problem is None
        assert len(read_recording(saves.autosave_path()).steps) == 5
    finally:
        game.close()


def test_the_map_says_saving_failed_and_the_game_plays_on(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from map_tools import make_kit, play

    from game.ui.app import _on_screen

    kit = make_kit(home)
    game, recorder = saves.new_autosave(7, "human,ai,ai")
    state, host = _on_screen(kit, game, recorder, None)

    def read_only(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system", str(home))

    monkeypatch.setattr(R, "atomic_write", read_only)
    try:
        _, screen = play(state, ["escape", ".", "."], kit=kit)
        assert "Saving failed" in screen.text() and "read-only" in screen.text()
        assert "Turn 2" in screen.text()  # both waits were played
        assert host.save_problem() is not None
    finally:
        game.close()


def test_a_reason_with_brackets_in_it_is_said_whole(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint line and the quit dialog cut the failed save's line at its first " (" to drop the
    file's name, and so cut a reason that has brackets of its own: a file-size limit read "the
    file would grow past the largest size allowed", its cause gone. The reason is kept apart."""
    from map_tools import make_kit, play

    from game.ui.app import _on_screen

    kit = make_kit(home)
    game, recorder = saves.new_autosave(7, "human,ai,ai")
    state, host = _on_screen(kit, game, recorder, None)

    def too_big(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EFBIG, "File too large", str(home))

    monkeypatch.setattr(R, "atomic_write", too_big)
    try:
        _, screen = play(state, ["escape", "."], size=(100, 30), kit=kit)
        assert host.save_problem() == "the file would grow past the largest size allowed (a file-size limit)"
        assert recorder.problem == f"{host.save_problem()} ({saves.autosave_path()})"
        # the hint line keeps the whole reason when it cannot hold the words after it too
        assert f"Saving failed: {host.save_problem()}." in screen.text()
    finally:
        game.close()


def test_a_folder_in_the_backups_place_does_not_stop_the_game_saving(home: Path, hotseat: Path) -> None:
    """A folder named autosave.bak.mlrec made every save fail ("Saving failed: Is a directory...
    it saves again when it can", and it never could): a run continued was lost on quitting."""
    folder = saves.backup_path()
    folder.mkdir()
    (folder / "kept.txt").write_text("the player's")
    steps = read_recording(hotseat).steps[:4]
    game, recorder = saves.new_autosave(3, "human,human,ai")
    try:
        for step in steps:
            apply_action(game, step.action)
            recorder.add(game, step.action)
        assert recorder.problem is None
    finally:
        game.close()
    assert len(read_recording(saves.autosave_path()).steps) == 4
    assert (folder / "kept.txt").read_text() == "the player's"


def test_a_folder_in_the_drafts_place_is_said_once_and_set_aside(home: Path, hotseat: Path) -> None:
    """A folder named autosave.draft.json could not be removed as a damaged draft is: every
    `continue` said "their file is damaged" again, naming no file, and never got past it. It is
    said once, with where it is and where it went, and kept as it was."""
    from game.engine.build_drafts import draft_path
    from game.ui import run_files

    saves.autosave_path().write_bytes(hotseat.read_bytes())
    folder = draft_path()
    folder.mkdir()
    (folder / "kept.txt").write_text("the player's")
    game, _, note = run_files.load_autosave()
    game.close()
    aside = home / "autosave.draft.json.bad"
    assert note == ("The room purchases left unconfirmed when the run was last left are dropped: their file "
                    f"cannot be read ({folder}: is a directory, not a draft); it is kept as {aside}."), note
    assert (aside / "kept.txt").read_text() == "the player's" and not folder.exists()
    game, _, note = run_files.load_autosave()
    game.close()
    assert note is None, note
