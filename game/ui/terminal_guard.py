"""Terminal safety: whatever ends the game, the player's terminal comes back as it was.

- A normal quit, an exception, Ctrl-C: the ``with`` block ends and ``restore`` runs.
- SIGTERM, SIGHUP (the ssh connection dropped), SIGINT sent from outside: the first signal is
  only noted and the presenter is woken, so the loop ends between two events, where the game's
  state is whole, and calls ``on_hangup`` there (autosave). A second signal of the same kind
  does not wait: ``on_hangup`` runs (if it has not yet), then the terminal is restored and the
  process exits with 128 + the signal number.
- Not a terminal at all: ``require_terminal`` refuses with one line (exit 2) that points at
  ``autoplay`` and ``--window``.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Callable
from types import FrameType, TracebackType
from typing import Any, TextIO

from game.core.errors import UsageError
from game.core.program import command

NOT_A_TERMINAL = (
    "this needs a terminal (standard input and output must both be a tty); "
    f"run `{command('autoplay', '--seed', 'N')}` for a game without a screen, or add --window for a window"
)
# the same for the commands without --window: the advice must name a flag the command takes
TITLE_NOT_A_TERMINAL = (
    "this needs a terminal (standard input and output must both be a tty); "
    f"run `{command('--window')}` to open it in a window, or `{command('autoplay', '--seed', 'N')}` "
    "without a screen"
)
WATCH_NOT_A_TERMINAL = ("watch needs a terminal (standard input and output must both be a tty): it shows the game "
                        "on this terminal's screen")

WATCHED_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGINT") if hasattr(signal, name)
)


class SignalExit(SystemExit):
    """Leaving because of a signal; the exit status is 128 + its number."""

    def __init__(self, signum: int) -> None:
        super().__init__(128 + signum)
        self.signum = signum


def check_terminal(stdin: TextIO | None = None, stdout: TextIO | None = None) -> str | None:
    """None if both streams are terminals, else the one line to show the player."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    for stream in (stdin, stdout):
        try:
            if stream is None or not stream.isatty():
                return NOT_A_TERMINAL
        except (AttributeError, ValueError, OSError):
            return NOT_A_TERMINAL
    return None


def require_terminal(stdin: TextIO | None = None, stdout: TextIO | None = None, problem: str = NOT_A_TERMINAL,
                     ) -> None:
    """Raise ``UsageError`` (exit 2, one line: `problem`) unless stdin and stdout are terminals."""
    if check_terminal(stdin, stdout):
        raise UsageError(problem)


class TerminalGuard:
    """``with TerminalGuard(restore, on_hangup, wake): ...`` — see the module docstring.

    ``restore`` undoes everything done to the terminal (it must be safe to call twice and when
    the terminal is gone). ``on_hangup`` saves the game; it is called at most once, by
    ``hangup()``. ``wake`` wakes a presenter blocked waiting for input. ``pending`` is the first
    signal received, for the presenter to turn into a ``CloseEvent``.
    """

    def __init__(
        self,
        restore: Callable[[], None],
        on_hangup: Callable[[], None] | None = None,
        wake: Callable[[], None] | None = None,
    ) -> None:
        self.restore = restore
        self.on_hangup = on_hangup
        self.wake = wake
        self.pending: int | None = None
        self.saved = False
        self._previous: dict[int, Any] = {}

    def hangup(self) -> None:
        """Call ``on_hangup`` once; never lets an error in it stop the terminal's restoration."""
        if self.saved:
            return
        self.saved = True
        if self.on_hangup is not None:
            with contextlib.suppress(Exception):
                self.on_hangup()

    def _handler(self, signum: int, frame: FrameType | None) -> None:
        if self.pending is None:
            self.pending = signum
            if self.wake is not None:
                with contextlib.suppress(OSError):
                    self.wake()
            return
        raise SignalExit(signum)

    def __enter__(self) -> TerminalGuard:
        for signum in WATCHED_SIGNALS:
            with contextlib.suppress(ValueError, OSError):  # not the main thread: no handlers
                self._previous[signum] = signal.signal(signum, self._handler)
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        for signum in self._previous:
            with contextlib.suppress(ValueError, OSError):
                signal.signal(signum, signal.SIG_IGN)
        try:
            if isinstance(exc, KeyboardInterrupt | SignalExit) or self.pending is not None:
                self.hangup()
            with contextlib.suppress(OSError, ValueError):
                self.restore()
            hung_up = self.pending == getattr(signal, "SIGHUP", None) or (
                isinstance(exc, SignalExit) and exc.signum == getattr(signal, "SIGHUP", None)
            )
            if hung_up:
                silence_standard_streams()
        finally:
            for signum, previous in self._previous.items():
                with contextlib.suppress(ValueError, OSError, TypeError):
                    signal.signal(signum, previous)
            self._previous.clear()


def silence_standard_streams() -> None:
    """After a hang-up the terminal is gone: point stdio at /dev/null so exiting stays quiet."""
    try:
        devnull = os.open(os.devnull, os.O_RDWR)
    except OSError:
        return
    for fd in (0, 1, 2):
        with contextlib.suppress(OSError):
            os.dup2(devnull, fd)
    os.close(devnull)
