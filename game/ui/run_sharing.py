"""What a finished run leaves for others (issue 18): its morgue file gets the run's recording
beside it (so `replay MORGUE` plays it), and a run on a chosen seed (`play --seed N`, `play
--daily`) goes into that seed's score table (`scores --seed N`). Failing to write either never
stops the end of the run: the player is told in one line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.core.errors import FileProblem
from game.engine.morgue_link import attach_recording
from game.engine.seed_scores import add_run, run_entry, scores_path


def share_run(game: Any, recording: Path | None, morgue: Path | None, seeded: bool) -> tuple[int | None, str]:
    """(rank on its seed's table or None, a problem to tell the player or "")."""

    problems = []
    rank = None
    if recording is not None and morgue is not None:
        try:
            attach_recording(morgue, recording)
        except OSError as exc:
            problems.append(f"could not put the recording beside the morgue file: {exc.strerror or exc}")
    if seeded and recording is not None:
        try:
            rank = add_run(scores_path(), run_entry(game, recording))
        except (OSError, FileProblem) as exc:
            why = getattr(exc, "strerror", None) or exc
            problems.append(f"could not add the run to seed {game.seed}'s table: {why}")
    return rank, "; ".join(problems)
