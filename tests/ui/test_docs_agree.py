"""The README, `--help` and the options screen agree on where each dial and option lives
(issue 15, point 9): dials belong to a run (New game, --dial), options to the options screen."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
from pathlib import Path

from screen_games import make_kit

from game.core.dials import Dials
from game.ui.present.headless import run_headless
from game.ui.screens.options_screen import OptionsScreen, builtin_specs

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text(encoding="utf-8")


def _help(*args: str) -> str:
    out = subprocess.run([sys.executable, "main.py", *args, "--help"], cwd=REPO, capture_output=True, text=True,
                         check=True).stdout
    return " ".join(out.split())


def test_every_dial_is_in_the_readme_table_and_play_help() -> None:
    names = [f.name for f in dataclasses.fields(Dials)]
    table = README.split("## Dials", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"`(\w+)`", table))
    assert set(names) <= documented, set(names) - documented
    play = _help("play")
    for name in names:
        assert name in play, name
    assert "Dials belong to a run" in table and "New game" in table


def test_the_options_screen_lists_what_the_readme_says_it_holds_and_sends_dials_elsewhere(tmp_path: Path) -> None:
    table = README.split("## Dials", 1)[1].split("\n## ", 1)[0]
    flat = " ".join(table.split())
    for spec in builtin_specs():
        assert spec.label in flat, spec.label
    kit = make_kit(tmp_path)
    _, presenter = run_headless(OptionsScreen(kit, back=None), [], kit=kit, size=(100, 40))
    text = " ".join(presenter.text().split())
    assert "belong to each run: set them in New game or with play --dial" in text
    where = " ".join(README.split("## Where files go", 1)[1].split("\n## ", 1)[0].split())
    assert "the options screen shows the options file's exact path" in where  # it shows no other
    assert f"Options file: {kit.path}." in text
