"""Driver for test_filing_kill.py, with `MASTERLESS_HOME` from the environment: stopped where a
file is written and not yet filed under its name, it prints "staged" there and waits for a line
on stdin (or to be killed) before it files it.

``filing_driver.py SEED``: a run in a linked autosave filed under Replays (its copy made).
``filing_driver.py scores NAME``: a score written to the high-score list (``scores.json``) or
the seed tables (``seed_scores.json``), its temp file written and not yet renamed.
``filing_driver.py morgue``: a recording put beside the morgue file MORGUE, the morgue rewritten
with its name and not yet renamed into place."""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.agents.scripted import play_scripted  # noqa: E402
from game.core.paths import data_dir, morgue_dir  # noqa: E402
from game.core.score_table import ScoreEntry, load_scores, write_scores  # noqa: E402
from game.engine import saves  # noqa: E402
from game.engine.morgue_link import MORGUE_FIRST_LINE, attach_recording  # noqa: E402
from game.engine.seed_scores import SeedScore, add_entry  # noqa: E402

MORGUE = "morgue-1-t5.txt"
MORGUE_TEXT = f"{MORGUE_FIRST_LINE}\nThe party fell on Floor 1.\n"


def write_score(name: str, seed: int) -> None:
    """A score on `seed` into the list `name`, as the end of a run (or `scores import`) writes it."""
    path = data_dir() / name
    if name == "scores.json":
        write_scores(path, load_scores(path) + [ScoreEntry(10 * seed, seed, "won", 1, 2, 3, "Ann")])
    else:
        add_entry(path, SeedScore(seed, 10 * seed, f"{seed:016x}", "import"))


def when_told(original):  # type: ignore[no-untyped-def]
    def wait_then(*args: object, **kwargs: object) -> object:
        print("staged", flush=True)
        sys.stdin.readline()
        return original(*args, **kwargs)

    return wait_then


def file_a_run(seed: int) -> None:
    game, recorder = saves.new_autosave(seed, "human,human,ai")
    play_scripted(game, 30, recorder.add)
    game.close()
    saves.claim_name = when_told(saves.claim_name)
    print("filed", saves.archive_autosave(), flush=True)


def stop_at_rename(name: str) -> None:
    """From now on, the rename of a file into the name `name` waits as `when_told` does."""
    rename, stopped = os.replace, when_told(os.replace)

    def replace(source: str, target: str) -> None:
        (stopped if Path(target).name == name else rename)(source, target)

    os.replace = replace


def rewrite_a_morgue() -> None:
    morgue = morgue_dir() / MORGUE
    morgue.parent.mkdir(parents=True)
    morgue.write_text(MORGUE_TEXT)
    recording = data_dir() / "run.mlrec"
    recording.write_bytes(b"a run")
    stop_at_rename(MORGUE)
    attach_recording(morgue, recording)


if __name__ == "__main__":
    if sys.argv[1] == "scores":
        stop_at_rename(sys.argv[2])
        write_score(sys.argv[2], 1)
    elif sys.argv[1] == "morgue":
        rewrite_a_morgue()
    else:
        file_a_run(int(sys.argv[1]))
