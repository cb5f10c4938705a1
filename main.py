"""Masterless entry point: `python main.py [command]` (DESIGN.md §6)."""

from __future__ import annotations

import contextlib
import signal
import sys


def _run() -> int:
    """The command's exit code. A Ctrl-C while the game is still loading (or a second one while
    it leaves) ends it with one line and 130, never a traceback."""
    try:
        from game.cli import run_program

        return run_program(sys.argv[1:])
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        with contextlib.suppress(OSError, ValueError):
            print("masterless: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    code = _run()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # leaving: nothing left to interrupt
    sys.exit(code)
