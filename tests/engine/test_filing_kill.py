"""A game killed while it files a finished run's recording under Replays (a linked autosave is
copied there first) left its copy, ``.filing.*.tmp``, in the recordings folder for good. The
next filing or start now removes such leftovers, and only those: the copy another game is
filing at that very moment stays (it is held locked while it is written).

So did a game killed while it rewrote a morgue file with the name of the recording beside it
(``.morgue-7-t412.txt.*.tmp``, which the morgue folder's sweep never matched): the rewrite is
staged like the morgue's first write now, and swept with it at the next end of a run.

So did a game killed while it wrote a score (``.scores.json.*.tmp`` beside the high-score list,
``.seed_scores.json.*.tmp`` beside the seed tables), its options (``.options.toml.*.tmp``), a
build's draft (``.autosave.draft.json.*.tmp``), what `continue` remembers of a run
(``.autosave.record-to.*.tmp``, ``.autosave.seeded.*.tmp``) or a saved room design; and so did
`balance --json FILE`, `--plot FILE` or `autoplay`/`play --record FILE` killed as they wrote
FILE; or a game killed as it kept the parse of a content file (``__pycache__/.NAME.toml.*.tmp``).
The next write to the same place sweeps them, never the one another copy is writing then, and
FILE is never a half file meanwhile.

And a run filed into damaged seed tables at its end set them aside without the writers' lock,
while another game or `scores import` might be filing into them: it now holds it."""

from __future__ import annotations

import json
import marshal
import os
import re
import signal
import subprocess
import tomllib
from contextlib import AbstractContextManager
from pathlib import Path

import pytest
from filing_driver import KEPT_PARSE, MORGUE, MORGUE_TEXT, target, write_file
from stopped_drivers import stopped_driver as stopped_filing_driver

from game.agents.scripted import play_scripted
from game.core.paths import morgue_dir, recordings_dir
from game.core.score_table import load_scores
from game.core.staged_files import sweep_leftovers
from game.engine.morgue_link import STAGED
from game.engine.recording_read import read_recording
from game.engine.saves import archive_autosave, autosave_path, new_autosave
from game.engine.seed_scores import load_tables, scores_path
from game.ui.options import ESC_DELAY_CHOICES, load_options

DRIVER = Path(__file__).with_name("filing_driver.py")
pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def leftovers() -> list[Path]:
    return sorted(recordings_dir().glob(".filing.*.tmp"))


def stopped_driver(home: Path, *args: str) -> AbstractContextManager[subprocess.Popen[str]]:
    """filing_driver.py on `args`, stopped where it has staged its file (see stopped_drivers)."""
    return stopped_filing_driver(DRIVER, home, *args)


def test_a_killed_filings_copy_is_swept_but_never_one_being_filed_now(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("MASTERLESS_HOME", str(home))
    monkeypatch.delenv("MASTERLESS_CONFIG_DIR", raising=False)
    (tmp_path / "synced").mkdir()
    autosave_path().parent.mkdir(parents=True)
    autosave_path().symlink_to(tmp_path / "synced" / "run.mlrec")  # filed by a copy, the link stays
    with stopped_driver(home, "3") as proc:
        (being_filed,) = leftovers()

        game, recorder = new_autosave(4, "human,human,ai")  # a second game starts and files its run meanwhile
        play_scripted(game, 30, recorder.add)
        game.close()
        mine = archive_autosave()
        assert mine is not None and read_recording(mine).header.seed == 4
        assert leftovers() == [being_filed], "a copy another game is filing now was swept"

        os.kill(proc.pid, signal.SIGKILL)  # killed before it filed its copy
        proc.wait(timeout=30)
    assert leftovers() == [being_filed]  # what the kill left behind

    new_autosave(5, "human,human,ai")[0].close()  # the next start
    assert leftovers() == []
    assert sorted(p.name for p in recordings_dir().iterdir()) == [mine.name]


def written(name: str) -> object:
    """What `write_file` put in the file `name` (its `n`), read as the game (or a user) reads it."""
    path = target(name)
    if name == "scores.json":
        return [e.seed for e in load_scores(path)]
    if name == "seed_scores.json":
        return list(load_tables(path))
    if name == "options.toml":
        return ESC_DELAY_CHOICES.index(load_options(path).options.esc_delay_ms)
    if name == "autosave.record-to":
        return Path(path.read_text().strip()).name
    if name == "autosave.seeded":
        return path.read_text()
    if name.endswith(".toml"):
        return tomllib.loads(path.read_text())["by"]
    if name == "autosave.draft.json":
        return json.loads(path.read_text())["seed"]
    if name.endswith(".json"):
        return len(json.loads(path.read_text())["runs"])
    if name == KEPT_PARSE:
        return marshal.loads(path.read_bytes())[1]["n"]
    if name.endswith(".svg"):
        return re.findall(r"Masterless balance: (\d+) runs?", path.read_text())
    return read_recording(path).header.seed


@pytest.mark.parametrize(("name", "after"), [("scores.json", [2]), ("seed_scores.json", [2]), ("options.toml", 2),
                                             ("autosave.draft.json", 2), ("batch.json", 2), ("chart.svg", ["2"]),
                                             ("run.mlrec", 2), ("mirror.mlrec", 2),
                                             ("autosave.record-to", "run-2.mlrec"), ("autosave.seeded", "seeded\n"),
                                             ("quiet-room.toml", "Ann 2"), (KEPT_PARSE, 2)])
def test_a_killed_writes_temp_file_is_swept_but_never_one_being_written_now(
        name: str, after: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("MASTERLESS_HOME", str(home))
    monkeypatch.delenv("MASTERLESS_CONFIG_DIR", raising=False)
    folder = target(name).parent
    home.mkdir()  # where the command line's files go

    def temp_files() -> list[Path]:
        return sorted(folder.glob(f".{name}.*.tmp"))

    with stopped_driver(home, "write", name) as proc:
        (being_written,) = temp_files()
        # what another write does first meanwhile (a game's end, `scores import`, a second copy of
        # the command; the seed tables' own lock makes those wait, the others do not)
        assert sweep_leftovers(folder, f".{name}.") == [], "a file another copy is writing now was swept"
        assert temp_files() == [being_written]
        os.kill(proc.pid, signal.SIGKILL)  # killed before it renamed its file into place
        proc.wait(timeout=30)
    assert temp_files() == [being_written]  # what the kill left behind
    assert not target(name).exists(), "a killed first write left something under the real name"

    write_file(name, 2)  # the next write to the same place
    assert temp_files() == []
    assert written(name) == after  # the killed write never landed; the next one did


def test_a_run_sets_a_damaged_seed_table_aside_only_while_no_other_game_files_into_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fcntl = pytest.importorskip("fcntl")
    home = tmp_path / "home"
    monkeypatch.setenv("MASTERLESS_HOME", str(home))
    monkeypatch.delenv("MASTERLESS_CONFIG_DIR", raising=False)
    tables = scores_path()
    tables.parent.mkdir(parents=True)
    tables.write_text("{ damaged")
    with stopped_driver(home, "share", "7") as proc:  # stopped as it sets the damaged table aside
        lock = os.open(f"{tables}.lock", os.O_RDWR | os.O_CREAT)
        try:  # what another game filing a run, or `scores import`, asks first: it waits
            with pytest.raises(BlockingIOError):
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        finally:
            os.close(lock)
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write("\n")
        proc.stdin.flush()
        told = proc.stdout.readline()
        assert proc.wait(timeout=30) == 0
    assert told == (f"filed 1 the score tables per seed could not be read: the damaged file is kept as {tables}.bad, "
                    "and this run was still filed, #1 on seed 7, in tables that start again\n")
    assert Path(f"{tables}.bad").read_text() == "{ damaged"
    assert list(load_tables(tables)) == [7]


def test_a_killed_morgue_rewrite_leaves_only_what_the_next_end_of_a_run_sweeps(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("MASTERLESS_HOME", str(home))
    monkeypatch.delenv("MASTERLESS_CONFIG_DIR", raising=False)
    with stopped_driver(home, "morgue") as proc:
        os.kill(proc.pid, signal.SIGKILL)  # killed before the rewritten morgue was renamed into place
        proc.wait(timeout=30)
    assert len(list(morgue_dir().glob(".*.tmp"))) == 1  # what the kill left behind

    sweep_leftovers(morgue_dir(), STAGED)  # what the next end of a run does first
    assert list(morgue_dir().glob(".*.tmp")) == []
    assert (morgue_dir() / MORGUE).read_text() == MORGUE_TEXT  # the morgue as it was before the kill
