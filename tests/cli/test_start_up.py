"""The program's start pauses the cyclic collector while the command loads, and only then."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

from game import cli

REPO = Path(__file__).resolve().parents[2]
AFTER = ("import gc, sys; from game import cli; code = cli.run_program(sys.argv[1:]); "
         "print(gc.isenabled(), gc.get_freeze_count() > 0, code)")


def run_program(*argv: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", AFTER, *argv], cwd=REPO, capture_output=True, text=True,
                          timeout=60, check=True)
    return done.stdout.split()[-3:]


def test_a_command_runs_with_the_collector_on_and_its_modules_frozen() -> None:
    assert run_program("generate", "--seed", "1", "--party", "2") == ["True", "True", "0"]


def test_a_start_that_loads_no_command_turns_the_collector_back_on() -> None:
    enabled, _, code = run_program("generate", "--seed", "x")
    assert (enabled, code) == ("True", "2")


def test_main_inside_a_running_program_leaves_the_collector_alone(capsys) -> None:
    frozen = gc.get_freeze_count()
    assert cli.main(["generate", "--seed", "1", "--party", "2"]) == 0
    assert gc.isenabled() and gc.get_freeze_count() == frozen
    capsys.readouterr()
