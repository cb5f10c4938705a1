"""Files the game keeps that the player made symbolic links (an autosave kept in a synced folder,
a score table shared between accounts): every save writes through the link to its target, and
the link stays a link. The atomic write (temp file, rename) once put a plain file in its place."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest
from fault_tools import env_for
from pty_tools import PtyApp, python_argv

from game.core.paths import atomic_write
from game.engine.recording_read import read_recording


def one_step_then_ctrl_c(home: Path, *args: str, turn: int) -> None:
    app = PtyApp(python_argv("main.py", *args), 80, 24, env=env_for(home))
    with app:
        assert app.wait_for(f"Turn {turn - 1}", timeout=30), app.text()
        app.send(".")
        assert app.wait_for(f"Turn {turn}"), app.text()
        app.leave()
    assert "Traceback" not in app.output.decode(errors="replace")


def test_an_autosave_that_is_a_link_stays_one_and_its_target_holds_the_run(tmp_path: Path) -> None:
    elsewhere = tmp_path / "synced" / "masterless.mlrec"
    elsewhere.parent.mkdir()
    link = tmp_path / "data" / "autosave.mlrec"
    link.parent.mkdir()
    link.symlink_to(elsewhere)
    one_step_then_ctrl_c(tmp_path, "play", "--seed", "4", turn=1)
    assert link.is_symlink() and read_recording(elsewhere).turns == 1
    one_step_then_ctrl_c(tmp_path, "continue", turn=2)  # later saves keep the one before as the backup
    assert link.is_symlink() and read_recording(elsewhere).turns == 2
    assert read_recording(tmp_path / "data" / "autosave.bak.mlrec").turns >= 1  # a whole run, one write earlier
    assert not any(p.name.endswith(".tmp") for p in elsewhere.parent.iterdir())


def test_a_score_table_that_is_a_link_gets_the_new_score_through_it(tmp_path: Path) -> None:
    from game.core.seats import parse_seats
    from game.engine.morgue import add_score
    from game.engine.start import new_game

    shared = tmp_path / "shared" / "scores.json"
    shared.parent.mkdir()
    shared.write_text("[]")
    link = tmp_path / "scores.json"
    link.symlink_to(shared)
    game = new_game(5, parse_seats("human,ai,ai"), 2)
    try:
        add_score(game, link)
    finally:
        game.close()
    assert link.is_symlink() and len(json.loads(shared.read_text())) == 1


def test_a_link_to_another_disk_is_saved_through_with_its_backup(tmp_path: Path) -> None:
    """A hard link cannot cross disks and neither can a rename: the backup is then a copy."""
    if not Path("/dev/shm").is_dir() or os.stat("/dev/shm").st_dev == os.stat(tmp_path).st_dev:
        pytest.skip("needs a second file system at /dev/shm")
    with tempfile.TemporaryDirectory(dir="/dev/shm") as other:
        target = Path(other) / "autosave.mlrec"
        target.write_bytes(b"the run before")
        link = tmp_path / "autosave.mlrec"
        link.symlink_to(target)
        atomic_write(link, b"the run now", tmp_path / "autosave.bak.mlrec")
        assert link.is_symlink() and target.read_bytes() == b"the run now"
        assert (tmp_path / "autosave.bak.mlrec").read_bytes() == b"the run before"
