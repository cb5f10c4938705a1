"""A game process killed outright (SIGKILL: no handler runs) loses at most the action it was
applying: `continue` resumes from the autosave at most one action earlier."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.engine.saves import load_autosave

DRIVER = Path(__file__).with_name("kill_driver.py")
pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


@pytest.mark.parametrize(("kill_after", "delay"), [(1, 0.0), (37, 0.0007), (160, 0.0031), (90, 0.0113)])
def test_a_killed_game_resumes_at_most_one_action_earlier(kill_after: int, delay: float, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("MASTERLESS_HOME", str(home))
    env = {**os.environ, "MASTERLESS_HOME": str(home)}
    proc = subprocess.Popen([sys.executable, str(DRIVER), "3"], stdout=subprocess.PIPE, text=True, env=env)
    applied, saved = 0, {}

    def note(line: str) -> None:
        nonlocal applied
        if not line.endswith("\n"):  # the kill cut this line short: it says nothing for sure
            return
        words = line.split()
        assert words[0] != "over", "the game ended before the kill: pick a longer game"
        if words[0] == "applied":
            applied = int(words[1])
        else:
            saved[int(words[1])] = words[2]

    try:
        assert proc.stdout is not None
        for line in proc.stdout:  # the driver runs on freely: the kill lands wherever it is
            note(line)
            if int(line.split()[1]) >= kill_after and line.startswith("saved"):
                break
        time.sleep(delay)  # so that some kills land mid-write, some mid-action
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        for line in proc.stdout:  # everything it printed before it died
            note(line)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
        if proc.stdout is not None:
            proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL
    loaded = load_autosave(allow_backup=False, allow_salvage=False)
    assert loaded.which == "autosave" and loaded.problem is None
    assert applied - 1 <= loaded.recorder.count <= applied
    if loaded.recorder.count in saved:
        assert loaded.game.state_hash() == saved[loaded.recorder.count]
    assert not list((home / "data").glob(".*.tmp"))  # a write cut short leaves nothing behind after loading
