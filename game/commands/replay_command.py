"""`python main.py replay FILE [--headless] [--verify] [--speed X]` (DESIGN.md §6).

`--headless` re-runs the recording with no screen and prints one line; with `--verify` every
action's check, every state check and the final state hash must match: exit 0, or 4 with the
turn of the first mismatch (ReplayDesync). Without `--verify` a mismatch is reported on that
line but the exit is 0; `--verify` without `--headless` is refused (the viewer stops at a
mismatch whatever). Without `--headless` the recording plays in the terminal viewer, which the
front end provides (`game.ui.app.run_replay_viewer`); with no terminal,
one line suggesting `--headless`, exit 2. A file that cannot be used: one line, exit 3.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

from game.core.errors import ReplayDesync, UsageError, printable
from game.core.outcomes import ending
from game.core.paths import morgue_dir, recordings_dir
from game.core.sentences import plural
from game.engine.morgue_link import recording_of
from game.engine.recording import Recording
from game.engine.recording_read import read_recording
from game.engine.replay import Replay
from game.ui.where import in_town


def run_replay(args: Any) -> int:
    if not args.speed > 0:
        raise UsageError("--speed must be more than 0")
    if args.verify and not args.headless:  # the viewer stops at a mismatch whatever: it would do nothing, unsaid
        raise UsageError("--verify checks a recording with no screen: give --headless with it")
    recording = read_recording(recording_of(kept_file(args.file)))  # a morgue file names its run's recording
    if args.headless:
        return verify_headless(recording, strict=args.verify)
    if not getattr(args, "window", False) and not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise UsageError("replay needs a terminal to show the game; use --headless (with --verify to check it)")
    from game.ui.app import run_replay_viewer  # start-up: --headless never loads the front end

    replay = Replay(recording)
    try:
        return int(run_replay_viewer(replay, args) or 0)
    finally:
        replay.close()


def kept_file(name: str) -> str:
    """`name` as given; or, when there is no such file here and it is a name alone, the file of that
    name the game keeps in its recordings or morgue folder (the name the Replays screen and the end
    screen show: a player typed it and got "no such file")."""
    if Path(name).name != name or os.path.lexists(name):
        return name
    kept = [folder / name for folder in (recordings_dir(), morgue_dir()) if (folder / name).is_file()]
    return str(kept[0]) if kept else name


def verify_headless(recording: Recording, strict: bool) -> int:
    """Replay with no screen and print one line: with `strict` a desync is raised (its one line,
    exit 4); without, the line says how far the replay got and where it desynced, and the exit is
    4 all the same (DESIGN.md §6: a replay that desyncs exits 4, whichever way it was asked)."""
    header = recording.header
    start = time.perf_counter()
    replay = Replay(recording, keyframe_every=0, verify=True)
    problem = ""
    try:
        try:
            replay.run()
        except ReplayDesync as exc:
            if strict:
                raise
            problem = f"; {exc}"
        seconds = time.perf_counter() - start
        game = replay.game
        floors = f"floor {game.dungeon.floor_no} (deepest {game.stats.deepest_floor})"
        if game.phase == "over":  # a party that climbed out and retired ended in town, not on the floor it left
            at = f"in town (deepest floor {game.stats.deepest_floor})" if in_town(game) else f"on {floors}"
            where = f"ended {at}, over" + (f" ({ending(game.outcome).short})" if game.outcome else "")
        else:  # a run saved on the way (an autosave), or one its player abandoned: it has not ended
            where = f"stops on {floors}, {'in town' if game.phase == 'town' else 'in the dungeon'}, " + (
                "left there by the player" if recording.left else "not over")
        status = "verified" if strict else "replayed"
        speed = f"; {game.turn / max(seconds, 1e-9):,.0f} turns/s" if game.turn else ""
        print(f"{recording.where}: {status}: seed {header.seed}, seats {printable(header.seats)}, "
              f"{plural(len(recording.steps), 'action')}, turn {game.turn}, {where}{speed}{problem}")
    finally:
        replay.close()
    return ReplayDesync.exit_code if problem else 0
