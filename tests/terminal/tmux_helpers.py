"""End-to-end tests in a real terminal emulator: tmux, on its own private server.

    from tmux_helpers import TmuxPane, requires_tmux

    @requires_tmux
    def test_something(tmp_path):
        with TmuxPane(width=120, height=40, env={"MASTERLESS_CONFIG_DIR": str(tmp_path)}) as pane:
            pane.run("python main.py play --seed 1")
            assert pane.wait_for("@")
            pane.send_keys("l")               # tmux key names: Escape, Enter, Up, C-c, ...
            pane.resize(60, 20)
            assert pane.wait_for("larger")
            print(pane.capture())             # plain text; capture(ansi=True) keeps colours

Each pane gets its own tmux server (``tmux -L <unique socket>``, no config file), so tests never
touch the player's tmux and can run in parallel. Tests that use it should be marked
``@requires_tmux``: they skip cleanly where tmux is not installed.

Keys sent in one ``send_keys`` call arrive together; the game reads "Esc then x" arriving at
once as Esc followed by x (there are no Alt bindings), so ``send_keys("Escape", "q")`` works,
but waiting for the screen between keys makes a test say what it means.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
REPO = Path(__file__).resolve().parents[2]
requires_tmux = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")

_counter = itertools.count()


class TmuxError(RuntimeError):
    pass


class TmuxPane:
    """One tmux window of ``width`` x ``height`` running ``command`` (default: a plain shell).

    The pane stays after its program exits (``remain-on-exit``), so what it left on screen can
    still be captured; ``dead``/``exit_status`` tell whether and how it ended.
    """

    def __init__(
        self,
        command: str | Sequence[str] | None = None,
        *,
        width: int = 120,
        height: int = 40,
        env: Mapping[str, str] | None = None,
        cwd: Path = REPO,
        term: str = "screen-256color",
    ) -> None:
        if TMUX is None:
            pytest.skip("tmux is not installed")
        self.socket = f"masterless-test-{os.getpid()}-{next(_counter)}"
        self.width, self.height = width, height
        self.target = "main:0.0"
        self._started = False
        self._socket_path = ""
        if command is None:
            command = "PS1='$ ' exec sh"
        elif not isinstance(command, str):
            command = shlex.join(command)
        env_args: list[str] = []
        for key, value in {"PYTHONPATH": str(REPO), **(env or {})}.items():
            env_args += ["-e", f"{key}={value}"]
        # options first, in the same invocation, so even a program that exits at once stays visible
        self._tmux(
            "-f", os.devnull, "start-server", ";",
            "set-option", "-g", "remain-on-exit", "on", ";",
            "set-option", "-g", "default-terminal", term, ";",
            "set-option", "-g", "status", "off", ";",
            "set-option", "-g", "escape-time", "0", ";",
            "new-session", "-d", "-s", "main", "-x", str(width), "-y", str(height), "-c", str(cwd),
            *env_args, command,
        )  # fmt: skip
        self._started = True
        self._socket_path = self._tmux("display-message", "-p", "#{socket_path}").strip()

    # -- plumbing -------------------------------------------------------------------------

    def _tmux(self, *args: str) -> str:
        assert TMUX is not None
        result = subprocess.run(
            [TMUX, "-L", self.socket, *args], capture_output=True, text=True, timeout=20
        )
        if result.returncode != 0:
            raise TmuxError(f"tmux {' '.join(args[:2])}: {result.stderr.strip()}")
        return result.stdout

    def kill(self) -> None:
        if self._started:
            self._started = False
            subprocess.run([TMUX or "tmux", "-L", self.socket, "kill-server"], capture_output=True, timeout=20)
            if self._socket_path:
                with contextlib.suppress(OSError):
                    os.unlink(self._socket_path)

    def __enter__(self) -> TmuxPane:
        return self

    def __exit__(self, *exc: object) -> None:
        self.kill()

    def __del__(self) -> None:
        self.kill()

    # -- driving --------------------------------------------------------------------------

    def send_keys(self, *keys: str) -> None:
        """tmux key names: ``"q"``, ``"Escape"``, ``"Enter"``, ``"Up"``, ``"C-c"``, ``"KP8"``."""
        self._tmux("send-keys", "-t", self.target, *keys)

    def send_text(self, text: str) -> None:
        """Type ``text`` literally (no key-name lookup)."""
        self._tmux("send-keys", "-t", self.target, "-l", text)

    def run(self, command: str) -> None:
        """Type a command line into the shell and press Enter."""
        self.send_text(command)
        self.send_keys("Enter")

    def resize(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self._tmux("resize-window", "-t", "main", "-x", str(width), "-y", str(height))

    # -- looking --------------------------------------------------------------------------

    def capture(self, ansi: bool = False, history: int = 0) -> str:
        """The visible screen as text (``ansi=True``: with colour escapes; ``history``: also that
        many lines scrolled off the top, e.g. a dead pane's last output before tmux's notice)."""
        args = ["capture-pane", "-p", "-t", self.target]
        if ansi:
            args.append("-e")
        if history:
            args += ["-S", str(-history)]
        return self._tmux(*args)

    @property
    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.capture().split("\n")[: self.height]]

    def display(self, fmt: str) -> str:
        return self._tmux("display-message", "-p", "-t", self.target, fmt).strip()

    def alternate_on(self) -> bool:
        """True while the program in the pane is on the alternate screen."""
        return self.display("#{alternate_on}") == "1"

    def cursor(self) -> tuple[int, int]:
        x, y = self.display("#{cursor_x},#{cursor_y}").split(",")
        return int(x), int(y)

    def size(self) -> tuple[int, int]:
        w, h = self.display("#{pane_width},#{pane_height}").split(",")
        return int(w), int(h)

    @property
    def dead(self) -> bool:
        return self.display("#{pane_dead}") == "1"

    @property
    def exit_status(self) -> int | None:
        status = self.display("#{pane_dead_status}")
        return int(status) if status.strip().lstrip("-").isdigit() else None

    def wait_for(self, needle: str, timeout: float = 10.0, history: int = 0) -> bool:
        """Poll the screen until ``needle`` shows (True) or ``timeout`` seconds pass (False)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if needle in self.capture(history=history):
                return True
            time.sleep(0.05)
        return needle in self.capture(history=history)

    def wait_dead(self, timeout: float = 10.0) -> bool:
        """Wait for the pane's program to exit (and tmux to know its exit status)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.dead and self.exit_status is not None:
                return True
            time.sleep(0.05)
        return self.dead

    def wait_until_gone(self, needle: str, timeout: float = 10.0) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if needle not in self.capture():
                return True
            time.sleep(0.05)
        return needle not in self.capture()


def python_command(*args: str) -> str:
    """A shell command line running this interpreter (the project's venv) with ``args``."""
    return shlex.join([sys.executable, *args])
