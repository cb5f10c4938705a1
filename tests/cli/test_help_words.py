"""What `--help` says of an option is what the option does."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game import cli


def help_text(capsys: pytest.CaptureFixture[str], *command: str) -> str:
    with pytest.raises(SystemExit) as done:
        cli.main([*command, "--help"])
    assert done.value.code == 0
    return " ".join(capsys.readouterr().out.split())


def test_play_seed_help_names_the_level_among_what_makes_the_same_dungeon(capsys) -> None:
    """The help said "the same seed, seats and dials build the same dungeon"; the starting level
    picks the entrance floor, so the same seed at another level is another dungeon."""
    floors = []
    for level in ("1", "2"):
        assert cli.main(["generate", "--seed", "7", "--party", level, "--rooms", "1", "--json"]) == 0
        floors.append(json.loads(capsys.readouterr().out)["floor"])
    assert floors[0] != floors[1]
    assert "the same seed, seats, level and dials build the same dungeon" in help_text(capsys, "play")


@pytest.mark.parametrize("command", ["catalog", "balance"])
def test_seeds_help_says_what_it_takes_and_one_seed_will_do(command: str, capsys) -> None:
    """--seeds was described as "A-B" and nothing more."""
    assert "--seeds A-B a range of seeds, as 1-100 (or one seed)" in help_text(capsys, command)
    assert cli.main(["catalog", "--seeds", "3", "--rooms", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines and all(line.startswith("seed 3 ") for line in lines)


ROOT = Path(__file__).resolve().parents[2]
AS_INSTALLED = "import sys; sys.argv = ['{bin}/masterless', *{args!r}]; from game.cli import entry; entry()"


def run_as(how: str, *args: str) -> subprocess.CompletedProcess[str]:
    argv = ["main.py", *args] if how == "python main.py" else ["-c", AS_INSTALLED.format(bin=ROOT, args=list(args))]
    return subprocess.run([sys.executable, *argv], cwd=ROOT, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("how", ["python main.py", "masterless"])
def test_usage_and_hints_name_the_command_as_it_was_typed(how: str) -> None:
    """`python main.py --help` began "usage: masterless", and `masterless play --seed x` (the
    command pip installs, as over ssh) pointed at `python main.py play --help`."""
    assert run_as(how, "--help").stdout.startswith(f"usage: {how} [-h]")
    assert run_as(how, "play", "--help").stdout.startswith(f"usage: {how} play [-h]")
    done = run_as(how, "play", "--seed", "x")
    assert done.returncode == 2
    assert done.stderr.strip().endswith(f"(see `{how} play --help`)")
    assert run_as(how, "play", "--nonsense").stderr.strip().endswith(f"(see `{how} play --help`)")
