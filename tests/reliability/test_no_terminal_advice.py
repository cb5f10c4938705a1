"""Without a terminal (stdin a pipe, a cron job) each screen command says so in one line, exit 2,
and any flag it advises is one that command takes: `watch` has no --window, yet it said "add
--window for a window" (the reliability audit)."""

from __future__ import annotations

import re

import pytest
from fault_tools import one_line, run_cli

from game.cli import build_parser


def advised_flags(line: str) -> list[tuple[str, str]]:
    """(command, flag) for each `python main.py [COMMAND] ... --flag` ("" for the title's) and each
    bare "add --flag"."""
    found = [(m.group(1) or "", m.group(2)) for m in re.finditer(r"`python main\.py(?: (\w+))?[^`]*?(--[\w-]+)", line)]
    return found + [("", m.group(1)) for m in re.finditer(r"\badd (--[\w-]+)", line)]


def takes(command: str, flag: str) -> bool:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command").choices.get(command) if command else parser
    return sub is not None and flag in sub._option_string_actions


@pytest.mark.parametrize(("argv", "command"), [([], ""), (["watch"], "watch"), (["play", "--seed", "1"], "play"),
                                               (["continue"], "continue")])
def test_the_advice_without_a_terminal_names_only_flags_the_command_takes(tmp_path, argv, command) -> None:
    line = one_line(run_cli(tmp_path, *argv), 2)
    assert "needs a terminal" in line
    for named, flag in advised_flags(line):
        assert takes(named or command, flag), (named or command or "the title", flag, line)
