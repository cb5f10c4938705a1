"""Races on one seed and morgues that replay (issue 18), through the command line: a `play --seed`
run ends (driven here by the AI through the app's own host), its score is filed under its seed,
exported as one line, imported by a friend with the recording (replayed and checked), and the
morgue file plays its run with `replay MORGUE`."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import threading
from pathlib import Path

import pytest
from sharing_tools import run

from game.agents.companion import ai_action
from game.core.outcomes import ending
from game.engine.recording import Header
from game.engine.seed_scores import SeedScore, add_entry, export_line, load_tables, parse_line, save_tables
from game.ui.app import start_state
from game.ui.kit import Kit
from game.ui.options import Options
from game.ui.present.headless import run_headless
from game.ui.screens.end_of_run import EndOfRunScreen
from game.ui.session import Session
from game.ui.state import Exit

SEED = 11


def finish_run(home: Path, seeded: bool) -> None:
    """A solo run on SEED to its end, every key chosen by the AI, through the app's host."""
    kit = Kit.from_options(Options(), home / "options.toml")
    state, host = start_state(kit, seed=SEED, seats="human,ai,ai")
    host.seeded = seeded
    session = host.session
    game = session.game
    for _ in range(6000):
        if game.phase == "over":
            break
        session.apply(ai_action(game))
    assert game.phase == "over"
    host.end_of_run(session, state)


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Path:
    home = tmp_path_factory.mktemp("player")
    mp = pytest.MonkeyPatch()
    mp.setenv("MASTERLESS_HOME", str(home))
    mp.setenv("MASTERLESS_CONFIG_DIR", str(home / "config"))
    try:
        finish_run(home, seeded=True)
    finally:
        mp.undo()
    return home


def test_a_seeded_run_is_filed_under_its_seed(home):
    done = run(home, "scores", "--seed", str(SEED))
    assert done.returncode == 0, done.stderr
    assert f"Seed {SEED}" in done.stdout and "replay " in done.stdout
    listing = run(home, "scores").stdout
    assert str(SEED) in listing
    assert "No runs on seed 12" in run(home, "scores", "--seed", "12").stdout


def test_the_seeds_table_names_the_ending_as_the_high_scores_do(home):
    """`scores --seed` printed the engine's code for the ending ("wiped", "quest") where the high
    score table says "fell", "quest done": every list of runs now says it in the same words."""
    row = next(iter(load_tables(next(home.rglob("seed_scores.json")))[SEED]))
    shown = run(home, "scores", "--seed", str(SEED)).stdout.splitlines()
    line = next(text for text in shown if text.strip().startswith("1 "))
    assert f"  {ending(row.outcome).short:<10} " in line, line


def test_the_exported_line_carries_seed_score_and_the_recordings_checksum(home):
    done = run(home, "scores", "export")
    assert done.returncode == 0, done.stderr
    line = done.stdout.strip()
    assert len(done.stdout.splitlines()) == 1
    entry = parse_line(line)
    table = json.loads((home / "data" / "seed_scores.json").read_text())
    (row,) = table[str(SEED)]
    assert (entry.seed, entry.score, entry.checksum) == (SEED, row["score"], row["checksum"])
    assert run(home, "scores", "export", "--seed", str(SEED)).stdout.strip() == line


def test_a_friend_imports_the_line_and_checks_it_against_the_recording(home, tmp_path):
    line = run(home, "scores", "export").stdout.strip()
    recording = json.loads((home / "data" / "seed_scores.json").read_text())[str(SEED)][0]["recording"]
    sent = tmp_path / "their-run.mlrec"
    shutil.copyfile(recording, sent)
    friend = tmp_path / "friend"
    done = run(friend, "scores", "import", line, "--recording", str(sent))
    assert done.returncode == 0, done.stderr
    assert "verified" in done.stdout and "replay " in done.stdout
    shown = run(friend, "scores", "--seed", str(SEED)).stdout
    assert "[imported, replayed here]" in shown
    kept = next((friend / "data" / "recordings").glob("*.mlrec"))
    assert run(friend, "replay", str(kept), "--headless", "--verify").returncode == 0
    again = run(friend, "scores", "import", line)
    assert again.returncode == 0 and "Already had" in again.stdout
    assert "verified by replaying" in again.stdout and "not checked" not in again.stdout  # as the table says
    again = run(friend, "scores", "import", line, "--recording", str(sent))
    assert again.returncode == 0 and "Already had" in again.stdout
    assert f"{sent} was not needed: the table already holds that run checked." in again.stdout  # not ignored unsaid
    assert len(list((friend / "data" / "recordings").glob("*.mlrec"))) == 1  # no second copy of the run


def test_importing_ones_own_line_names_the_run_played_here_and_copies_nothing(home):
    line = run(home, "scores", "export").stdout.strip()
    recording = json.loads((home / "data" / "seed_scores.json").read_text())[str(SEED)][0]["recording"]
    before = sorted((home / "data" / "recordings").iterdir())
    done = run(home, "scores", "import", line, "--recording", recording)
    assert done.returncode == 0, done.stderr
    assert "Already had" in done.stdout and "played here" in done.stdout and "not checked" not in done.stdout
    assert f"replay {recording}" in done.stdout
    assert sorted((home / "data" / "recordings").iterdir()) == before


def test_a_line_that_lies_about_its_score_is_refused_by_its_recording(home, tmp_path):
    line = run(home, "scores", "export").stdout.strip()
    honest = parse_line(line)
    lying = export_line(SeedScore(honest.seed, honest.score + 100, honest.checksum))
    recording = json.loads((home / "data" / "seed_scores.json").read_text())[str(SEED)][0]["recording"]
    done = run(tmp_path, "scores", "import", lying, "--recording", recording)
    assert done.returncode == 3 and f"not the {honest.score + 100}" in done.stderr
    other = tmp_path / "other.mlrec"
    other.write_bytes(Path(recording).read_bytes() + b"x")
    done = run(tmp_path, "scores", "import", line, "--recording", str(other))
    assert done.returncode == 3 and "checksum" in done.stderr


@pytest.mark.parametrize("line", ["hello", "masterless:1:11:5:0123456789abcdef",
                                  "masterless:1:11:5:0123456789abcdef:ffff"])
def test_a_mangled_line_is_refused_with_exit_2(tmp_path, line):
    done = run(tmp_path, "scores", "import", line)
    assert done.returncode == 2 and done.stderr.count("\n") == 1


def test_the_morgue_file_names_its_recording_and_replays(home):
    (morgue,) = (home / "data" / "morgue").glob("*.txt")
    assert morgue.read_text().splitlines()[-1] == f"Recording: {morgue.with_suffix('.mlrec').name}"
    done = run(home, "replay", str(morgue), "--headless", "--verify")
    assert done.returncode == 0, done.stderr
    assert "verified" in done.stdout


def test_a_morgue_without_its_recording_says_which_file_it_looked_for(home, tmp_path):
    (morgue,) = (home / "data" / "morgue").glob("*.txt")
    alone = tmp_path / morgue.name
    shutil.copyfile(morgue, alone)
    done = run(tmp_path, "replay", str(alone), "--headless")
    assert done.returncode == 3 and morgue.with_suffix(".mlrec").name in done.stderr
    text = tmp_path / "notes.txt"
    text.write_text("just some notes\n")
    done = run(tmp_path, "replay", str(text), "--headless")
    assert done.returncode == 3 and "is not a Masterless recording" in done.stderr
    old = tmp_path / "old-morgue.txt"
    old.write_text("\n".join(morgue.read_text().splitlines()[:-2]) + "\n")
    done = run(tmp_path, "replay", str(old), "--headless")
    assert done.returncode == 3 and "names no recording" in done.stderr


def test_the_end_of_run_screen_gives_the_runs_place_on_its_seed(tmp_path):
    kit = Kit.from_options(Options(), tmp_path / "options.toml")
    session = Session(Header(SEED, "human,ai,ai").new_game())
    session.seed_rank = 2
    _, screen = run_headless(EndOfRunScreen(kit, session, Exit("title")), [], size=(100, 40))
    assert "#2 of the runs on it" in screen.text() and "scores export" in screen.text()


def test_a_score_filed_while_another_process_writes_the_table_is_not_lost(tmp_path: Path) -> None:
    """`scores import` and a run ending at once each read the table, added their row and wrote
    what they had read: the first one's row was lost. The table is read, changed and written by
    one process at a time (a lock beside it), so the second waits and files its row on top."""
    path = tmp_path / "seed_scores.json"
    add_entry(path, SeedScore(5, 10, "a" * 16, outcome="retired", floor=2, turns=90))
    holder = os.open(f"{path}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    fcntl.flock(holder, fcntl.LOCK_EX)  # the other process, in the middle of its write
    late = SeedScore(5, 30, "c" * 16, source="import", outcome="quest", floor=4, turns=300)
    filing = threading.Thread(target=add_entry, args=(path, late))
    filing.start()
    filing.join(0.5)
    tables = load_tables(path)  # the other process's read, change and write
    tables[5].append(SeedScore(5, 20, "b" * 16, outcome="wiped", floor=3, turns=200))
    save_tables(path, tables)
    assert filing.is_alive()  # it waits for the other to finish, rather than filing from a stale read
    os.close(holder)
    filing.join(30)
    assert sorted(r.checksum[0] for r in load_tables(path)[5]) == ["a", "b", "c"]


def test_a_line_imported_unchecked_and_then_with_its_recording_is_said_to_be_checked(home, tmp_path):
    """Imported first without its recording, then again with it, the line was replayed and its
    recording kept, but the answer read "Already had: ... verified", as if nothing had been done."""
    line = run(home, "scores", "export").stdout.strip()
    recording = json.loads((home / "data" / "seed_scores.json").read_text())[str(SEED)][0]["recording"]
    friend = tmp_path / "friend"
    first = run(friend, "scores", "import", line)
    assert first.returncode == 0 and first.stdout.startswith("Imported: ") and "not checked" in first.stdout
    done = run(friend, "scores", "import", line, "--recording", recording)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"Checked: seed {SEED}, ") and "verified by replaying its recording" in done.stdout
    assert "[imported, replayed here]" in run(friend, "scores", "--seed", str(SEED)).stdout


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs a file size limit (POSIX)")
def test_a_friends_recording_cut_short_by_a_full_disk_never_stands_under_its_name(home, tmp_path):
    """`scores import LINE --recording FILE` copied the file straight to its name under Replays:
    a copy cut short (here a file-size limit, as a full disk does) stayed there, a damaged
    recording the replay list offered. It is now staged and renamed into place."""
    import resource
    import signal
    import subprocess
    import sys

    from sharing_tools import ROOT

    line = run(home, "scores", "export").stdout.strip()
    recording = json.loads((home / "data" / "seed_scores.json").read_text())[str(SEED)][0]["recording"]
    size = Path(recording).stat().st_size
    friend = tmp_path / "friend"

    def small_disk() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG), as on a full disk
        resource.setrlimit(resource.RLIMIT_FSIZE, (size // 2, size // 2))

    env = {**os.environ, "MASTERLESS_HOME": str(friend), "MASTERLESS_CONFIG_DIR": str(friend / "config")}
    done = subprocess.run([sys.executable, "main.py", "scores", "import", line, "--recording", recording], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, env=env, preexec_fn=small_disk)
    assert done.returncode == 3 and "was not filed" in done.stderr, (done.returncode, done.stderr)
    assert sorted(p.name for p in (friend / "data" / "recordings").iterdir()) == []
    done = run(friend, "scores", "import", line, "--recording", recording)  # room again: it is filed whole
    assert done.returncode == 0, done.stderr
    (kept,) = (friend / "data" / "recordings").iterdir()
    assert kept.read_bytes() == Path(recording).read_bytes()


def test_a_recording_that_cannot_be_kept_names_the_recordings_folder_not_the_data_folder(home, tmp_path):
    """With a file where the recordings folder goes, the import said the data folder "cannot be
    written" (it could: the table is written there): the player looked in the wrong place."""
    line = run(home, "scores", "export").stdout.strip()
    recording = json.loads((home / "data" / "seed_scores.json").read_text())[str(SEED)][0]["recording"]
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "recordings").write_text("a file where the recordings folder goes")
    done = run(tmp_path, "scores", "import", line, "--recording", recording)
    said = done.stderr.strip().splitlines()
    assert done.returncode == 3 and len(said) == 1 and "Traceback" not in done.stderr, done.stderr
    assert said[0] == (f"masterless: the score was not filed: its recording could not be kept in "
                       f"{tmp_path / 'data' / 'recordings'} (part of the path is a file, not a directory)")
    assert load_tables(tmp_path / "data" / "seed_scores.json") == {}  # nothing filed


def test_a_line_from_a_newer_masterless_says_so_not_that_it_is_no_score_line(tmp_path):
    """A friend on a newer Masterless exports a line of a later format: it was refused as "not a
    score line", as if mangled or mistyped. It says whose line it is and what to do."""
    done = run(tmp_path, "scores", "import", "masterless:2:11:5:0123456789abcdef:ffff")
    assert done.returncode == 2 and done.stderr == (
        "masterless: a score line from a newer Masterless (line format 2; this version reads format 1): "
        "update Masterless to import it\n"), done.stderr
