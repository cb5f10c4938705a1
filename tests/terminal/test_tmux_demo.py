"""The demo title screen in a real terminal emulator (tmux): help, a resize round trip, quitting."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tmux_helpers import TmuxPane, python_command, requires_tmux


@requires_tmux
def test_demo_title_help_resize_and_quit_in_tmux(tmp_path: Path) -> None:
    with TmuxPane(width=120, height=40, env={"MASTERLESS_CONFIG_DIR": str(tmp_path)}) as pane:
        pane.run(f"echo BEFORE-DEMO; {python_command('-m', 'game.ui.demo')}; echo AFTER-DEMO-$?")
        assert pane.wait_for("New game"), pane.capture()
        assert pane.alternate_on()
        assert "BEFORE-DEMO" not in pane.capture()

        pane.send_keys("?")
        assert pane.wait_for("Help: the title menu"), pane.capture()
        assert "The title menu" in pane.capture()  # the menu's own help, then every key below it
        pane.send_keys("End")
        assert pane.wait_for("Quit (saves a run in play)"), pane.capture()
        pane.send_keys("Home")
        assert pane.wait_for("The title menu"), pane.capture()

        pane.resize(60, 20)
        assert pane.wait_for("larger"), pane.capture()
        assert pane.size() == (60, 20)

        pane.resize(120, 40)
        assert pane.wait_for("Help: the title menu"), pane.capture()
        assert "larger" not in pane.capture()

        pane.send_keys("Escape")
        assert pane.wait_for("front-end demo"), pane.capture()  # the title's own line: its help names New game too
        pane.send_keys("q")
        assert pane.wait_for("AFTER-DEMO-0"), pane.capture()
        assert not pane.alternate_on()
        screen = pane.capture()
        assert "BEFORE-DEMO" in screen  # the shell's own screen is back, as it was
        assert "New game" not in screen


@requires_tmux
def test_tmux_pane_reports_its_program_ending(tmp_path: Path) -> None:
    # The program's exit code comes through the shell that ran it: tmux's own pane_dead_status is
    # sometimes never filled in when the whole suite runs (tmux knows the pane died, not how).
    command = python_command("-c", "print('hello from the pane')") + "; echo EXIT-$?"
    with TmuxPane(command, width=40, height=10) as pane:
        assert pane.wait_dead(timeout=30)
        screen = pane.capture(history=20)
        assert "hello from the pane" in screen and "EXIT-0" in screen


@requires_tmux
@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash for job control")
def test_ctrl_z_suspends_to_the_shell_and_fg_brings_the_game_back(tmp_path: Path) -> None:
    shell = "PS1='$ ' exec bash --norc --noprofile -i"
    with TmuxPane(shell, width=100, height=30, env={"MASTERLESS_CONFIG_DIR": str(tmp_path)}) as pane:
        pane.run(python_command("-m", "game.ui.demo"))
        assert pane.wait_for("New game"), pane.capture()
        pane.send_keys("C-z")
        assert pane.wait_for("Stopped"), pane.capture()
        assert not pane.alternate_on()
        pane.run("fg")
        assert pane.wait_for("New game"), pane.capture()
        assert pane.alternate_on()
        pane.send_keys("Escape", "q")  # arrive together: still Esc, then q
        assert pane.wait_until_gone("New game"), pane.capture()
        assert not pane.alternate_on()
