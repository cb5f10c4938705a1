"""The terminal front end on a real pseudo-terminal: keys, resizes, colours, and leaving cleanly."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from pty_tools import REPO, PtyApp, python_argv
from pyte_tools import ALT_SCREEN

from game.ui.palette import load_palette
from game.ui.present.ansi import LEAVE_SEQUENCE

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")

GUARD_APP = str(Path(__file__).with_name("guard_app.py"))


@pytest.fixture
def config_env(tmp_path: Path) -> dict[str, str]:
    return {"MASTERLESS_CONFIG_DIR": str(tmp_path / "config")}


def start_demo(env: dict[str, str], width: int = 100, height: int = 30, **more: str) -> PtyApp:
    app = PtyApp(python_argv("-m", "game.ui.demo"), width, height, env={**env, **more})
    assert app.wait_for("New game"), app.text()
    return app


def test_title_screen_fills_the_alternate_screen_in_truecolor(config_env: dict[str, str]) -> None:
    app = start_demo(config_env)
    try:
        assert ALT_SCREEN in app.screen.mode
        assert b"\x1b[?1049h" in app.output
        assert "Options" in app.text() and "Quit" in app.text()
        background = "{:02x}{:02x}{:02x}".format(*load_palette("default")["background"])
        assert app.screen.buffer[0][0].bg == background
        assert b"\x1b[38;2;" in app.output
    finally:
        app.close()


@pytest.mark.parametrize(
    ("env", "expect", "refuse"),
    [
        ({"COLORTERM": "", "TERM": "xterm-256color"}, b"\x1b[38;5;", b"\x1b[38;2;"),
        ({"COLORTERM": "", "TERM": "xterm", "MASTERLESS_COLORS": "16"}, b"\x1b[3", b"\x1b[38;"),
        ({"COLORTERM": "", "TERM": "screen-256color", "MASTERLESS_COLORS": "truecolor"}, b"\x1b[38;2;", b"38;5;"),
    ],
)
def test_colour_depth_follows_what_the_terminal_reports(
    config_env: dict[str, str], env: dict[str, str], expect: bytes, refuse: bytes
) -> None:
    app = start_demo(config_env, **env)
    try:
        assert expect in app.output
        assert refuse not in app.output
    finally:
        app.close()


def test_blessed_asks_the_terminal_nothing_and_keys_work_at_once(config_env: dict[str, str]) -> None:
    """blessed 1.4x, loaded with the first key read, asked the terminal what it can do (an
    XTGETTCAP query): a terminal that does not know it printed "+q544e+q524742..." over the
    frame (a test read it in place of a player's name) and the first key waited up to 5 s for an
    answer. The game asks nothing (`quiet_terminal`), and the first key acts at once."""
    app = start_demo(config_env)
    try:
        app.send("?")
        assert app.wait_for("Help: the title menu", timeout=3), app.text()
        app.pump(0.3)
        assert b"\x1bP+q" not in app.output and "+q" not in app.text()
    finally:
        app.close()


def test_help_opens_with_question_mark_and_escape_backs_out_at_once(config_env: dict[str, str]) -> None:
    app = start_demo(config_env)
    try:
        app.send("?")
        assert app.wait_for("Help: the title menu"), app.text()
        app.send("\x1b")
        assert app.wait_for("front-end demo")  # the title's own line: its help names New game too
        assert "Help: the title menu" not in app.text()
    finally:
        app.close()


def test_escape_then_a_key_in_one_packet_is_two_keys(config_env: dict[str, str]) -> None:
    app = start_demo(config_env)
    try:
        app.send("?")
        assert app.wait_for("Help: the title menu")
        app.send("\x1bo")  # Esc and o arrive together, as over a slow link (or as Alt-o)
        assert app.wait_for("Options file"), app.text()
    finally:
        app.close()


def test_escape_then_an_arrow_in_one_packet_is_escape_then_the_arrow(config_env: dict[str, str]) -> None:
    """blessed reads "\\x1b\\x1bOB" as Alt-Esc and then the keys O and B: Esc and a quick arrow
    lost the arrow (on the map, O opened the options screen) instead of backing out and moving."""
    app = start_demo(config_env)
    try:
        app.send("?")
        assert app.wait_for("Help: the title menu")
        app.send("\x1b\x1bOB")  # Esc, then the down arrow as a terminal in application mode sends it
        assert app.wait_for("front-end demo"), app.text()  # the title's own line: its help names New game too
        app.pump(0.5)
        assert "► h  Hot-seat" in app.text() and "Help: the title menu" not in app.text(), app.text()  # down went down
    finally:
        app.close()


def test_resizing_below_the_minimum_asks_for_more_room_and_resumes(config_env: dict[str, str]) -> None:
    app = start_demo(config_env)
    try:
        app.resize(60, 20)
        assert app.wait_for("larger"), app.text()
        app.send("o")  # keys are ignored while too small
        app.pump(0.5)  # let it arrive while still small
        assert "larger" in app.text()
        app.resize(100, 30)
        assert app.wait_for("New game"), app.text()
        assert "Colours" not in app.text()
        assert app.lines[-1].strip().startswith("Up/Down")
    finally:
        app.close()


def test_quitting_gives_the_terminal_back(config_env: dict[str, str]) -> None:
    app = start_demo(config_env)
    try:
        app.send("q")
        assert app.wait() == 0
        assert app.output.endswith(LEAVE_SEQUENCE.encode())
        assert ALT_SCREEN not in app.screen.mode
        assert not app.screen.cursor.hidden
        attrs = termios.tcgetattr(app.fd)
        assert attrs[3] & termios.ICANON and attrs[3] & termios.ECHO  # cooked again
    finally:
        app.close()


def test_ctrl_c_saves_then_restores(tmp_path: Path, config_env: dict[str, str]) -> None:
    marker = tmp_path / "marker"
    app = PtyApp(python_argv(GUARD_APP, str(marker)), 90, 30, env=config_env)
    try:
        assert app.wait_for("New game")
        app.send("\x03")
        assert app.wait() == 0
        assert marker.read_text().splitlines() == ["saved", "ended interrupted=True"]
        assert app.output.endswith(LEAVE_SEQUENCE.encode())
    finally:
        app.close()


def test_sigterm_saves_restores_and_exits_143(tmp_path: Path, config_env: dict[str, str]) -> None:
    marker = tmp_path / "marker"
    app = PtyApp(python_argv(GUARD_APP, str(marker)), 90, 30, env=config_env)
    try:
        assert app.wait_for("New game")
        app.kill(signal.SIGTERM)
        assert app.wait() == 128 + signal.SIGTERM
        assert marker.read_text().splitlines() == ["saved"]
        assert app.output.endswith(LEAVE_SEQUENCE.encode())
    finally:
        app.close()


def test_a_dropped_connection_saves_the_game(tmp_path: Path, config_env: dict[str, str]) -> None:
    marker = tmp_path / "marker"
    app = PtyApp(python_argv(GUARD_APP, str(marker)), 90, 30, env=config_env)
    try:
        assert app.wait_for("New game")
        os.close(app.fd)  # like ssh going away: the kernel hangs up the terminal
        app.fd = os.open(os.devnull, os.O_RDONLY)
        pid, status = os.waitpid(app.pid, 0)
        app.status = os.waitstatus_to_exitcode(status)
        assert app.status == 128 + signal.SIGHUP
        assert marker.read_text().splitlines() == ["saved"]
    finally:
        app.close()


def test_a_terminal_gone_without_a_sighup_is_the_same_hang_up(tmp_path: Path, config_env: dict[str, str]) -> None:
    """A pty that is not the program's controlling terminal: closing it fails the next read (EIO)
    and sends no SIGHUP, the order a real hang-up may take when the read comes first. The exit
    status depended on which came first; it is the hang-up's either way, and the game is saved once."""
    marker = tmp_path / "marker"
    master, slave = pty.openpty()
    child = subprocess.Popen(python_argv(GUARD_APP, str(marker)), stdin=slave, stdout=slave, stderr=slave,
                             cwd=REPO, env={**os.environ, "TERM": "xterm-256color", **config_env},
                             start_new_session=True)
    os.close(slave)
    try:
        seen, end = b"", time.monotonic() + 30
        while b"New game" not in seen and time.monotonic() < end:
            if select.select([master], [], [], 0.2)[0]:
                seen += os.read(master, 65536)
        assert b"New game" in seen
    finally:
        os.close(master)
    assert child.wait(timeout=30) == 128 + signal.SIGHUP
    assert marker.read_text().splitlines() == ["saved"]


def test_without_a_terminal_one_line_points_at_autoplay_and_window(config_env: dict[str, str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "game.ui.demo"],
        cwd=REPO,
        env={**os.environ, **config_env},
        stdin=subprocess.PIPE,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "autoplay" in lines[0] and "--window" in lines[0]
    assert result.stdout == ""
