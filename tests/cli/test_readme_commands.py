"""The README's list of commands is the one a newcomer reads first: every option `--help` lists for a
command is there on that command's lines, and every option it shows is one the command takes."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from game.cli import build_parser

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
SAID_ELSEWHERE = {"--help", "--color"}  # --color: the README's Playing section, for the commands that draw


def readme_options() -> dict[str, set[str]]:
    """Each command of the README's Commands block and the options its lines show."""
    block = README.split("## Commands", 1)[1].split("```", 2)[1]
    shown: dict[str, set[str]] = {}
    command = ""
    for line in block.splitlines():
        if line.startswith("python main.py"):
            words = line.split()
            command = words[2] if len(words) > 2 and not words[2].startswith("[") and words[2] != "title" else "title"
            command = command if command in parser_options() else "title"
        if command:
            shown.setdefault(command, set()).update(re.findall(r"--[a-z][a-z-]*", line))
    return shown


def parser_options() -> dict[str, set[str]]:
    parser = build_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    options = {name: {flag for action in sub._actions for flag in action.option_strings if flag.startswith("--")}
               for name, sub in subparsers.choices.items()}
    options["title"] = {flag for action in parser._actions for flag in action.option_strings if flag.startswith("--")}
    return options


def test_every_command_and_option_help_lists_is_on_the_readmes_command_lines() -> None:
    shown, real = readme_options(), parser_options()
    missing = {command: sorted(flags - SAID_ELSEWHERE - shown.get(command, set()))
               for command, flags in real.items()}
    assert {command: flags for command, flags in missing.items() if flags} == {}


def test_every_option_the_readmes_command_lines_show_is_real() -> None:
    shown, real = readme_options(), parser_options()
    assert set(shown) <= set(real)
    assert {command: sorted(flags - real[command]) for command, flags in shown.items() if flags - real[command]} == {}
