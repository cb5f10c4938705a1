"""Every line that tells the player what to type next names the command they typed: the
`masterless` command pip installs (as over ssh), or `python main.py`. The game said `python main.py
continue` to a player who had typed `masterless`, a file that is not there for them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from fault_tools import REPO, env_for
from pty_tools import PtyApp

INSTALLED = Path(sys.executable).with_name("masterless")  # the venv's console script
HOW = ["python main.py", "masterless"]


def argv(how: str, *args: str) -> list[str]:
    if how == "masterless":
        if not INSTALLED.exists():
            pytest.skip("no masterless console script beside this Python")
        return [str(INSTALLED), *args]
    return [sys.executable, "main.py", *args]


def env(home: Path) -> dict[str, str]:
    return env_for(home, PYTHONPATH=str(REPO))  # the script imports this checkout's game


def run(home: Path, how: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv(how, *args), cwd=REPO, env=env(home), stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("how", HOW)
def test_lines_without_a_terminal_name_the_command_as_typed(tmp_path: Path, how: str) -> None:
    done = run(tmp_path, how, "play", "--seed", "2")
    assert done.returncode == 2 and f"run `{how} autoplay --seed N` for a game without a screen" in done.stderr
    done = run(tmp_path, how)
    assert done.returncode == 2
    assert f"run `{how} --window` to open it in a window, or `{how} autoplay --seed N`" in done.stderr
    done = run(tmp_path, how, "scores")
    assert done.returncode == 0 and f"No seeded runs yet: `{how} play --seed N`" in done.stdout


@pytest.mark.parametrize("how", HOW)
def test_saved_and_kept_runs_name_the_command_as_typed(tmp_path: Path, how: str) -> None:
    with PtyApp(argv(how, "continue"), 100, 30, env=env(tmp_path)) as app:
        assert app.wait(60) == 2
    assert f"there is no saved game to continue: `{how} play` starts a new one" in app.output.decode()
    with PtyApp(argv(how, "play", "--seed", "2"), 100, 30, env=env(tmp_path)) as app:
        assert app.wait_for("Seed 2", timeout=60), app.text()
        assert app.leave() == 0
    assert f"Saved. `{how} continue` picks the run up where you left it." in app.output.decode()
    with PtyApp(argv(how, "play", "--seed", "3"), 100, 30, env=env(tmp_path)) as app:
        assert app.wait_for("Keep it", timeout=60), app.text()
        asked = " ".join(" ".join(app.lines).split())
        assert f"(`{how} continue` resumes the saved one.)" in asked.replace("│", " ").replace("  ", " "), asked
        app.send("N")
        assert app.wait(30) == 0
    assert f"Kept the saved run: `{how} continue` picks it up." in app.output.decode()
