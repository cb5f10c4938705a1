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


def _leaving() -> None:
    """Nothing is left to interrupt: a Ctrl-C while the interpreter shuts down would only print
    a traceback (from threading's shutdown). One that came just before is let go."""
    while True:
        try:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            return
        except KeyboardInterrupt:
            continue


if __name__ == "__main__":
    try:
        sys.exit(_run())
    finally:  # a second SIGINT, SIGTERM or SIGHUP during the game leaves as SystemExit, past _run
        _leaving()
