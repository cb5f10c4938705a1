"""What a finished run leaves for others (issue 18): its morgue file gets the run's recording
beside it (so `replay MORGUE` plays it), and a run on a chosen seed (`play --seed N`, `play
--daily`) goes into that seed's score table (`scores --seed N`). Failing to write either never
stops the end of the run: the player is told in one line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.core.errors import FileProblem, printable
from game.core.file_guard import write_problem
from game.engine.morgue_link import attach_recording
from game.engine.seed_scores import DamagedTable, add_run, read_tables_held, run_entry, scores_path


def share_run(game: Any, recording: Path | None, morgue: Path | None, seeded: bool) -> tuple[int | None, str]:
    """(rank on its seed's table or None, a problem to tell the player or "")."""

    problems = []
    rank = None
    if recording is not None and morgue is not None:
        try:
            attach_recording(morgue, recording)
        except OSError as exc:
            problems.append(f"could not put the recording beside the morgue file: {write_problem(exc)}")
    if seeded and recording is not None:
        # one that cannot be read is set aside here, and said: under the writers' lock, never while
        # another game (or `scores import`) is filing into it
        _, damaged = read_tables_held(scores_path())
        try:
            rank = add_run(scores_path(), run_entry(game, recording))
        except FileProblem as exc:  # its recording cannot be read back (it names the file)
            problems.append(f"could not add the run to seed {game.seed}'s table: {exc}")
        except OSError as exc:
            problems.append(f"could not add the run to seed {game.seed}'s table: {write_problem(exc)}")
        if damaged is not None:
            problems.append(damaged_words(damaged, game.seed, rank))
    return rank, "; ".join(problems)


def damaged_words(damaged: DamagedTable, seed: int, rank: int | None) -> str:
    """The seed tables were damaged as this run was filed: that they were, where the damaged
    file went, and whether the run was still filed (in tables that start again, or in those
    whose readable rows stayed)."""
    kept = (f"the damaged file is kept as {printable(str(damaged.kept))}" if damaged.kept is not None
            else "the damaged file could not be moved aside")
    filed = f"this run was still filed, #{rank} on seed {seed}" if rank is not None else "this run was not filed"
    if damaged.partial:
        return f"the score tables per seed held entries this version cannot read: {kept}, and {filed}"
    return f"the score tables per seed could not be read: {kept}, and {filed}, in tables that start again"
