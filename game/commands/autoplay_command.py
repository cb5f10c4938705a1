"""`python main.py autoplay`: one whole run headless, AI at every seat."""

from __future__ import annotations

import json
from typing import Any

from game.agents.autoplay import autoplay
from game.core.dials import parse_dials
from game.core.errors import FileProblem, MasterlessError, UsageError, printable
from game.core.outcomes import ending
from game.core.seats import drawn_personalities
from game.core.sentences import plural
from game.designers.design_files import load_designs
from game.designers.table import check_named_personalities
from game.engine.recording import Recorder
from game.engine.saves import record_file_problem


class Stopped(MasterlessError):
    """Ctrl-C, said with what it left undone."""

    exit_code = 130


def run_autoplay(args: Any) -> int:
    if args.max_turns < 1:
        raise UsageError("--max-turns must be at least 1")
    if not 1 <= args.level <= 10:
        raise UsageError("--level must be between 1 and 10")
    check_named_personalities(args.seats)
    dials = parse_dials(args.dial)
    designs = load_designs(args.designs) if getattr(args, "designs", None) else ()
    recorder = None
    if args.record is not None:
        problem = record_file_problem(args.record)
        if problem:  # before the run, not after minutes of it
            raise FileProblem(f"--record: {problem}")
        seats = drawn_personalities(args.seats, args.seed)  # the table autoplay sets, as a replay must
        recorder = Recorder.for_new_game(args.record, args.seed, seats, args.level, dials, designs=designs)
    try:
        game, result = autoplay(args.seed, args.seats, args.level, dials, args.max_turns, args.check,
                                on_action=recorder.add if recorder else None, designs=designs)
    except KeyboardInterrupt:
        if recorder is None:
            raise
        # the recording is written whole when the run ends: "interrupted" alone left the player to
        # look for a file that is not there (or that still holds what it held before)
        raise Stopped(f"autoplay stopped by Ctrl-C before the run ended: {printable(args.record)} was not "
                      "written") from None
    if recorder is not None and not recorder.finish(game):
        raise FileProblem(f"--record: could not write the recording: {recorder.problem}")
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        outcome = result["outcome"]  # a code, as in --json; said here in the high scores' words
        ended = "stopped by --max-turns" if outcome == "turn_limit" else ending(outcome).short
        print(f"seed {result['seed']}: {ended} after {plural(result['turns'], 'turn')}, "
              f"{plural(result['rooms'], 'room')}, deepest floor {result['floor']}, "
              f"{plural(result['deaths'], 'death')}, {plural(result['kills'], 'kill')}, banked {result['banked']}")
    return 0

