"""A game left by a second signal (terminal_guard's SignalExit, status 128 + the signal) and then
one more Ctrl-C while Python shuts down: the player sees no traceback, from `python main.py` or
from the `masterless` command pip installs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STOPPED = """
import os, signal, sys, threading, time
sys.path.insert(0, {root!r})
sys.argv = ["main.py", "scores"]
from game import cli
from game.ui.terminal_guard import SignalExit

def left_by_a_second_signal(argv):
    signal.signal(signal.SIGINT, signal.default_int_handler)  # the guard gives back the handler it found
    raise SignalExit(signal.SIGINT)

def one_more_ctrl_c():  # once the main thread is done and Python waits for this one to end
    while threading.main_thread().is_alive():
        time.sleep(0.01)
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(0.5)  # Python is still shutting down, waiting for this thread, when it arrives

cli.run_program = left_by_a_second_signal
threading.Thread(target=one_more_ctrl_c).start()
{start}
"""


@pytest.mark.parametrize("start", ["import runpy; runpy.run_path({main!r}, run_name='__main__')", "cli.entry()"],
                         ids=["python main.py", "masterless"])
def test_a_ctrl_c_while_python_shuts_down_after_a_signal_exit_is_no_traceback(start: str) -> None:
    script = STOPPED.format(root=str(ROOT), start=start.format(main=str(ROOT / "main.py")))
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr, done.stderr
    assert done.returncode == 128 + 2
