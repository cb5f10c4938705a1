"""`python main.py watch [FILE]` (DESIGN.md §6, issue 18): a game in progress, read-only, as its
party sees it, following its recording as it grows: the autosave by default (the game being
played on this machine, by this user), or any recording a game is writing (`play --record FILE`).

Friends watch over ssh: `ssh host masterless watch` runs this on the player's machine, as the
player's user (it reads that user's autosave), in the friend's terminal. Needs a terminal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.core.errors import FileProblem
from game.engine.recording_read import read_recording
from game.engine.saves import autosave_path
from game.engine.spectate import Follower
from game.ui.kit import Kit
from game.ui.present.terminal import run_in_terminal
from game.ui.screens.watch_screen import WatchScreen
from game.ui.terminal_guard import WATCH_NOT_A_TERMINAL, require_terminal


def run_watch(args: Any) -> int:
    path = Path(args.file) if args.file else autosave_path()
    if args.file and not path.exists():
        raise FileProblem(f"{path}: no such file (watch follows a recording a game is writing)")
    if args.file and path.is_dir():
        raise FileProblem(f"{path}: is a directory, not a recording")
    if args.file:
        read_recording(path)  # a pipe, a device, another kind of file or a newer format: one line now,
        # not a screen that waits for ever (the autosave is waited for: a new run may replace it)

    require_terminal(problem=WATCH_NOT_A_TERMINAL)

    kit = Kit.load()
    follower = Follower(path)
    try:
        run_in_terminal(WatchScreen(kit, follower), kit=kit, on_hangup=lambda: None)
    finally:
        follower.close()
    return 0
