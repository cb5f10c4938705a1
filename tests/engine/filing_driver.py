"""Driver for test_filing_kill.py, with `MASTERLESS_HOME` from the environment: stopped where a
file is written and not yet filed under its name, it prints "staged" there and waits for a line
on stdin (or to be killed) before it files it.

``filing_driver.py SEED``: a run in a linked autosave filed under Replays (its copy made).
``filing_driver.py write NAME``: the file NAME written as the game writes it (`write_file`): a
score to the high-score list (``scores.json``) or the seed tables (``seed_scores.json``), the
options, a build's draft, what `continue` must remember of a run, a saved room design, `balance
--json`/`--plot`, `autoplay`/`play --record`; its temp file written and not yet renamed.
The kept parse of a content file (``NAME.toml.<python>.marshal`` in its ``__pycache__``) is
written the same way, for a ``monster.toml`` in the home holding `n`.
``filing_driver.py share SEED``: a run on seed SEED filed into the seed tables at its end
(`share_run`), stopped as it sets a damaged table aside; it prints what the player is told.
``filing_driver.py morgue``: a recording put beside the morgue file MORGUE, the morgue rewritten
with its name and not yet renamed into place."""

from __future__ import annotations

import contextlib
import io
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.agents.scripted import play_scripted  # noqa: E402
from game.cli import main  # noqa: E402
from game.core.content import kept_parse_path, parse_kept  # noqa: E402
from game.core.paths import data_dir, morgue_dir  # noqa: E402
from game.core.score_table import ScoreEntry, load_scores, write_scores  # noqa: E402
from game.designers.design_files import SavedDesign  # noqa: E402
from game.designers.design_writing import write_design  # noqa: E402
from game.engine import saves, seed_scores  # noqa: E402
from game.engine.build_drafts import Draft, draft_path, keep_draft  # noqa: E402
from game.engine.morgue_link import MORGUE_FIRST_LINE, attach_recording  # noqa: E402
from game.engine.seed_scores import SeedScore, add_entry  # noqa: E402
from game.ui.options import ESC_DELAY_CHOICES, Options, options_path, save_options  # noqa: E402
from game.ui.run_sharing import share_run  # noqa: E402
from game.ui.screens.design_saving import designs_dir  # noqa: E402

MORGUE = "morgue-1-t5.txt"
KEPT_PARSE = kept_parse_path(Path("monster.toml")).name  # where a content file's parse is kept
MORGUE_TEXT = f"{MORGUE_FIRST_LINE}\nThe party fell on Floor 1.\n"


def target(name: str) -> Path:
    """Where `write_file` writes `name`: the game's own files in their folders, the files a
    command line names in the home."""
    if name == "options.toml":
        return options_path()
    if name == "quiet-room.toml":
        return designs_dir() / name
    if name in ("scores.json", "seed_scores.json", "autosave.draft.json", "autosave.record-to", "autosave.seeded"):
        return data_dir() / name
    if name == KEPT_PARSE:
        return kept_parse_path(Path(os.environ["MASTERLESS_HOME"]) / "monster.toml")
    return Path(os.environ["MASTERLESS_HOME"]) / name


def write_file(name: str, n: int) -> None:
    """The file `name` written as the game writes it, holding `n`: a score on seed `n` into the
    high-score list or the seed tables (as the end of a run, or `scores import`); options with the
    `n`th Esc delay offered; a draft for a game on seed `n`; what `continue` remembers of a run
    (its `play --record` FILE, ``run-N.mlrec``, or that it is on a chosen seed); a saved room
    design by ``Ann N``; `balance --json` or `--plot` (.svg) on `n` runs; `autoplay --record` or
    `play --record` (the mirror) on seed `n`."""
    path = target(name)
    if name == "scores.json":
        write_scores(path, load_scores(path) + [ScoreEntry(10 * n, n, "won", 1, 2, 3, "Ann")])
    elif name == "seed_scores.json":
        add_entry(path, SeedScore(n, 10 * n, f"{n:016x}", "import"))
    elif name == "options.toml":
        save_options(Options(esc_delay_ms=ESC_DELAY_CHOICES[n]))
    elif name == "autosave.draft.json":
        game = saves.new_autosave(n, "human,human,ai")[0]
        keep_draft(game, Draft("A", "monsters", 5, ("a wasp",)))
        game.close()
        assert draft_path() == path
    elif name == "autosave.record-to":
        saves.set_record_target(Path(f"run-{n}.mlrec"))
    elif name == "autosave.seeded":
        saves.set_seeded(True)
    elif name == "quiet-room.toml":
        write_design(SavedDesign("Quiet room", treasure=(), by=f"Ann {n}"), designs_dir())
    elif name == KEPT_PARSE:  # a content file parsed and its parse kept, as at start-up
        content = path.parent.parent / "monster.toml"
        content.write_text(f"n = {n}\n")
        writes, sys.dont_write_bytecode = sys.dont_write_bytecode, False  # this machine turns caches off
        try:
            parse_kept(content)
        finally:
            sys.dont_write_bytecode = writes
    elif name == "mirror.mlrec":  # what `play --record FILE` writes beside the autosave
        game, recorder = saves.new_autosave(n, "human,human,ai")
        recorder.mirror = path
        assert recorder.flush(game, durable=True), recorder.problem
        game.close()
    else:
        flag = {".json": "--json", ".svg": "--plot"}.get(path.suffix)
        argv = ["balance", "--seeds", f"1-{n}", "--max-turns", "20", "--workers", "1", flag, str(path)] if flag \
            else ["autoplay", "--seed", str(n), "--max-turns", "20", "--record", str(path)]
        with contextlib.redirect_stdout(io.StringIO()):  # stdout says when the driver stops, and nothing else
            assert main(argv) == 0


def when_told(original):  # type: ignore[no-untyped-def]
    def wait_then(*args: object, **kwargs: object) -> object:
        print("staged", file=sys.__stdout__, flush=True)
        sys.stdin.readline()
        return original(*args, **kwargs)

    return wait_then


def file_a_run(seed: int) -> None:
    game, recorder = saves.new_autosave(seed, "human,human,ai")
    play_scripted(game, 30, recorder.add)
    game.close()
    saves.claim_name = when_told(saves.claim_name)
    print("filed", saves.archive_autosave(), flush=True)


def share_a_run(seed: int) -> None:
    game, recorder = saves.new_autosave(seed, "human,human,ai")
    play_scripted(game, 30, recorder.add)
    game.close()
    recording = saves.archive_autosave()
    seed_scores.set_aside = when_told(seed_scores.set_aside)
    rank, problem = share_run(game, recording, None, seeded=True)
    print("filed", rank, problem, flush=True)


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
    if sys.argv[1] == "write":
        stop_at_rename(sys.argv[2])
        write_file(sys.argv[2], 1)
    elif sys.argv[1] == "share":
        share_a_run(int(sys.argv[2]))
    elif sys.argv[1] == "morgue":
        rewrite_a_morgue()
    else:
        file_a_run(int(sys.argv[1]))
