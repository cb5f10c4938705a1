"""Run a program on a pseudo-terminal of a given size and watch it through pyte.

Unlike tmux, this needs nothing installed and sees every byte, so tests can check exactly what
is sent (alternate screen, colours) and how the program leaves the terminal.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

import pyte

REPO = Path(__file__).resolve().parents[2]


class _AnsweringScreen(pyte.Screen):
    """A pyte screen that answers the terminal queries programs send (cursor position)."""

    def __init__(self, columns: int, lines: int, app: PtyApp) -> None:
        super().__init__(columns, lines)
        self._app = app

    def write_process_input(self, data: str) -> None:
        self._app.send(data.encode())


class PtyApp:
    """``argv`` running on a pty of ``width`` x ``height``; ``screen`` is what it shows."""

    def __init__(
        self,
        argv: Sequence[str],
        width: int = 80,
        height: int = 24,
        env: Mapping[str, str] | None = None,
        cwd: Path = REPO,
    ) -> None:
        self.width, self.height = width, height
        self.screen = _AnsweringScreen(width, height, self)
        self.stream = pyte.ByteStream(self.screen)
        self.output = bytearray()
        self.status: int | None = None
        full_env = dict(os.environ)
        full_env.update({"TERM": "xterm-256color", "LANG": "C.UTF-8", "COLORTERM": "truecolor"})
        full_env.update(env or {})
        pid, fd = pty.fork()
        if pid == 0:  # the child: size the terminal before the program asks
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
                os.chdir(cwd)
                os.execve(argv[0], list(argv), full_env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd

    def send(self, data: bytes | str) -> None:
        if isinstance(data, str):
            data = data.encode()
        os.write(self.fd, data)

    def pump(self, seconds: float = 0.05) -> bytes:
        """Read whatever arrives within ``seconds`` (and feed it to the screen)."""
        got = bytearray()
        end = time.monotonic() + seconds
        while True:
            remaining = end - time.monotonic()
            if remaining <= 0:
                break
            ready, _, _ = select.select([self.fd], [], [], remaining)
            if not ready:
                break
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:  # the child is gone
                break
            if not chunk:
                break
            got += chunk
            self.stream.feed(chunk)
        self.output += got
        return bytes(got)

    @property
    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    def text(self) -> str:
        return "\n".join(self.lines)

    def wait_for(self, needle: str, timeout: float = 10.0) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if needle in self.text():
                return True
            self.pump(0.05)
            if self.poll() is not None and needle not in self.text():
                self.pump(0.05)
                return needle in self.text()
        return needle in self.text()

    def resize(self, width: int, height: int) -> None:
        """Change the pty's size; the kernel sends SIGWINCH to the program."""
        self.width, self.height = width, height
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        self.screen.resize(height, width)

    def kill(self, signum: int) -> None:
        os.kill(self.pid, signum)

    def poll(self) -> int | None:
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
        return self.status

    def wait(self, timeout: float = 10.0) -> int:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump(0.05)
            if self.poll() is not None:
                self.pump(0.05)
                return self.status  # type: ignore[return-value]
        self.kill(signal.SIGKILL)
        raise TimeoutError(f"{self.pid} did not exit; screen:\n{self.text()}")

    def leave(self, timeout: float = 30.0) -> int:
        """Ctrl-C, as a player leaves (the game saves first), and its exit status once it ends."""
        self.send("\x03")
        return self.wait(timeout)

    def __enter__(self) -> PtyApp:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()  # whatever happened in the test: no game is left running on its pty

    def close(self) -> None:
        if self.poll() is None:
            with contextlib.suppress(ProcessLookupError, ChildProcessError):
                self.kill(signal.SIGKILL)
                os.waitpid(self.pid, 0)
        with contextlib.suppress(OSError):
            os.close(self.fd)


def python_argv(*args: str) -> list[str]:
    return [sys.executable, *args]
