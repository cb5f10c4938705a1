"""The program's start pauses the cyclic collector until it is under way: a command's modules
loaded, or a screen's first frame out. Code inside a running program leaves the collector alone.
(Each pause is checked in a fresh interpreter: freezing this test run's objects would keep them.)"""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

from game import cli
from game.core.start_up import under_way

REPO = Path(__file__).resolve().parents[2]
SHOW = "print(gc.isenabled(), gc.get_freeze_count() > 0)"


def fresh(code: str) -> list[str]:
    """The lines `code` prints in a new interpreter, the last one: is the collector on, is anything frozen."""
    done = subprocess.run([sys.executable, "-c", f"import gc, sys\n{code}\n{SHOW}"], cwd=REPO,
                          capture_output=True, text=True, timeout=60, check=True)
    return done.stdout.splitlines()


def test_a_command_runs_with_the_collector_on_and_the_start_frozen() -> None:
    assert fresh("from game import cli\nassert cli.run_program(['generate', '--seed', '1', '--party', '2']) == 0"
                 )[-1] == "True True"


def test_a_start_that_loads_no_command_turns_the_collector_back_on() -> None:
    shown = fresh("from game import cli\nassert cli.run_program(['generate', '--seed', 'x']) == 2")
    assert shown[-1].startswith("True ")


def test_the_first_frame_ends_the_start_and_nothing_made_after_loading_is_frozen() -> None:
    shown = fresh("from game.core.start_up import loaded, pause\n"
                  "from game.ui.loop import run\n"
                  "from game.ui.present.headless import HeadlessPresenter\n"
                  "from game.ui.screens.too_small import TooSmallScreen\n"
                  "from game.ui.state import Exit\n"
                  "from game.ui.events import KeyEvent\n"
                  "pause()\n"
                  "loaded()\n"
                  "frozen = gc.get_freeze_count()\n"
                  "class Watch(TooSmallScreen):\n"
                  "    def on_draw(self, console):\n"
                  "        print('drawn, paused' if not gc.isenabled() else 'drawn, collecting')\n"
                  "game = [[] for _ in range(1000)]  # made after loading, like a game\n"
                  "run(Watch((10, 10), Exit()), HeadlessPresenter(80, 24, [KeyEvent('a')]), max_events=1)\n"
                  "print('frozen at loading only' if gc.get_freeze_count() == frozen else 'frozen later too')")
    assert shown == ["drawn, paused", "drawn, collecting", "frozen at loading only", "True True"]


def test_inside_a_running_program_nothing_is_paused_or_frozen(capsys) -> None:
    frozen = gc.get_freeze_count()
    assert cli.main(["generate", "--seed", "1", "--party", "2"]) == 0
    under_way()
    assert gc.isenabled() and gc.get_freeze_count() == frozen
    capsys.readouterr()
