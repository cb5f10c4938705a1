"""A game killed while it files a finished run's recording under Replays (a linked autosave is
copied there first) left its copy, ``.filing.*.tmp``, in the recordings folder for good. The
next filing or start now removes such leftovers, and only those: the copy another game is
filing at that very moment stays (it is held locked while it is written)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.agents.scripted import play_scripted
from game.core.paths import recordings_dir
from game.engine.recording_read import read_recording
from game.engine.saves import archive_autosave, autosave_path, new_autosave

DRIVER = Path(__file__).with_name("filing_driver.py")
pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def leftovers() -> list[Path]:
    return sorted(recordings_dir().glob(".filing.*.tmp"))


def test_a_killed_filings_copy_is_swept_but_never_one_being_filed_now(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("MASTERLESS_HOME", str(home))
    monkeypatch.delenv("MASTERLESS_CONFIG_DIR", raising=False)
    (tmp_path / "synced").mkdir()
    autosave_path().parent.mkdir(parents=True)
    autosave_path().symlink_to(tmp_path / "synced" / "run.mlrec")  # filed by a copy, the link stays
    env = {**os.environ, "MASTERLESS_HOME": str(home)}
    proc = subprocess.Popen([sys.executable, str(DRIVER), "3"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, env=env)
    try:
        assert proc.stdout is not None and proc.stdin is not None
        assert proc.stdout.readline() == "staged\n"
        (being_filed,) = leftovers()

        game, recorder = new_autosave(4, "human,human,ai")  # a second game starts and files its run meanwhile
        play_scripted(game, 30, recorder.add)
        game.close()
        mine = archive_autosave()
        assert mine is not None and read_recording(mine).header.seed == 4
        assert leftovers() == [being_filed], "a copy another game is filing now was swept"

        os.kill(proc.pid, signal.SIGKILL)  # killed before it filed its copy
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
        for stream in (proc.stdin, proc.stdout):
            if stream is not None:
                stream.close()
    assert leftovers() == [being_filed]  # what the kill left behind

    new_autosave(5, "human,human,ai")[0].close()  # the next start
    assert leftovers() == []
    assert sorted(p.name for p in recordings_dir().iterdir()) == [mine.name]
