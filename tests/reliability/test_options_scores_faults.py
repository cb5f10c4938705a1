"""Wrong types and damage in options.toml and scores.json (issue 17): validated on load, never a
crash later; each damaged file kept as ``.bad``, ``.bad.2`` ..., never overwriting an earlier one."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

import pytest
from fault_tools import cli_line, one_line, run_cli
from lock_probe import held

from game.core.score_table import load_scores
from game.ui.kit import Kit
from game.ui.options import load_options, save_options


def test_a_toml_datetime_is_named_and_the_next_save_works(tmp_path: Path) -> None:
    path = tmp_path / "options.toml"
    path.write_text("palette = \"colorblind\"\nlast_played = 2026-11-22T10:00:00Z\n[extra_table]\nwhen = 10:00:00\n")
    loaded = load_options(path)
    assert loaded.options.palette == "colorblind"
    assert loaded.problem is not None and "last_played" in loaded.problem
    save_options(loaded.options.with_changes(palette="high_contrast"), path)  # the first option change
    again = tomllib.loads(path.read_text())
    assert again["palette"] == "high_contrast" and "last_played" not in again


@pytest.mark.parametrize("text", [
    "color_mode = 5\n", "esc_delay_ms = 10.0\n", "hide_seed = \"yes\"\n", "keys = 3\n",
    "[keys]\nmove_n = [1, 2]\n", "palette = [\"default\"]\n", "glyphs = {a = 1}\n",
])
def test_wrong_types_in_options_fall_back_and_never_crash(tmp_path: Path, text: str) -> None:
    path = tmp_path / "options.toml"
    path.write_text(text)
    loaded = load_options(path)
    assert loaded.problem is not None and "\n" not in loaded.problem
    Kit.from_options(loaded.options, path)  # the front end builds from them
    save_options(loaded.options, path)
    assert load_options(path).problem is None


def test_a_second_corrupt_options_file_does_not_overwrite_the_first_bad_copy(tmp_path: Path) -> None:
    path = tmp_path / "options.toml"
    for n in range(3):
        path.write_text(f"broken {n} = [\n")
        loaded = load_options(path)
        assert loaded.problem is not None and "corrupt" in loaded.problem
    kept = {p.name: p.read_text() for p in tmp_path.glob("options.toml.bad*")}
    assert kept == {"options.toml.bad": "broken 0 = [\n", "options.toml.bad.2": "broken 1 = [\n",
                    "options.toml.bad.3": "broken 2 = [\n"}


def test_an_options_file_that_never_ends_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "options.toml"
    os.mkfifo(path)  # no writer: an ordinary read would wait forever
    loaded = load_options(path)
    assert loaded.problem is not None and "pipe" in loaded.problem
    assert path.exists()  # not ours to move


def row(**changes: object) -> dict[str, object]:
    return {"score": 10, "seed": 1, "outcome": "quest", "floor": 2, "rooms": 3, "turns": 40, "heroes": "Ann",
            **changes}


def test_a_wrong_typed_score_row_is_dropped_and_the_file_kept(tmp_path: Path) -> None:
    path = tmp_path / "scores.json"
    original = json.dumps([row(), row(score="lots"), row(seed=None), row(extra=1), row(turns=True), "x", row(seed=2)])
    path.write_text(original)
    entries = load_scores(path)
    assert [(e.score, e.seed) for e in entries] == [(10, 1), (10, 2)]
    assert (tmp_path / "scores.json.bad").read_text() == original


@pytest.mark.parametrize("text", ["{\"not\": \"a list\"}", "[", "\xff\xfe", "null", "[" * 100000])
def test_a_damaged_score_file_counts_as_empty_and_each_copy_is_kept(tmp_path: Path, text: str) -> None:
    path = tmp_path / "scores.json"
    (tmp_path / "scores.json.bad").write_text("an earlier copy")
    path.write_bytes(text.encode("latin-1"))
    assert load_scores(path) == []
    assert (tmp_path / "scores.json.bad").read_text() == "an earlier copy"
    assert (tmp_path / "scores.json.bad.2").read_bytes() == text.encode("latin-1")


def test_the_end_of_a_run_adds_its_score_despite_a_bad_row(tmp_path: Path) -> None:
    from game.core.seats import parse_seats
    from game.engine.morgue import add_score
    from game.engine.start import new_game

    path = tmp_path / "scores.json"
    path.write_text(json.dumps([row(), {"score": [], "seed": {}}]))
    game = new_game(5, parse_seats("human,ai,ai"), 2)
    try:
        rank, entries = add_score(game, path)
    finally:
        game.close()
    assert len(entries) == 2 and 1 <= rank <= 2
    assert len(json.loads(path.read_text())) == 2 and (tmp_path / "scores.json.bad").exists()


def test_an_options_file_saved_with_a_byte_order_mark_is_read_not_set_aside(tmp_path: Path) -> None:
    """Windows Notepad starts a UTF-8 file with a byte order mark: the file was called corrupt,
    moved to .bad, and every option fell back to its default."""
    path = tmp_path / "options.toml"
    path.write_bytes(b"\xef\xbb\xbfpalette = \"colorblind\"\n")
    loaded = load_options(path)
    assert loaded.problem is None and loaded.options.palette == "colorblind"
    assert path.exists() and not list(tmp_path.glob("options.toml.bad*"))


def test_an_options_file_that_is_a_folder_is_named_in_plain_english(tmp_path: Path) -> None:
    path = tmp_path / "options.toml"
    path.mkdir()
    loaded = load_options(path)
    assert loaded.problem is not None and "is a directory, not an options file" in loaded.problem
    assert path.is_dir()  # left where it is


@pytest.mark.parametrize("make", [lambda p: p.write_text('{"3": ['), os.mkfifo])
def test_scores_says_in_one_line_that_a_damaged_seed_table_was_kept_aside(tmp_path: Path, make) -> None:
    """It set the file aside and said "No seeded runs yet", as though the races were never run."""
    table = tmp_path / "data" / "seed_scores.json"
    table.parent.mkdir()
    make(table)
    done = run_cli(tmp_path, "scores")
    line = one_line(done, 0)
    assert str(table) in line and "kept it as" in line and f"{table}.bad" in line
    assert (tmp_path / "data" / "seed_scores.json.bad").exists() and not table.exists()


def test_a_file_where_the_options_folder_goes_is_said_in_plain_words(tmp_path: Path) -> None:
    """Saving an option said "could not save options to ...: File exists"."""
    (tmp_path / "config").write_text("a file, not a folder")
    path = tmp_path / "config" / "options.toml"
    problem = Kit.from_options(load_options(path).options, path).save()
    assert problem == f"could not save options to {path}: part of the path is a file, not a directory"


def test_scores_import_on_a_read_only_data_folder_is_one_line_not_an_internal_error(tmp_path: Path, capsys,
                                                                                    monkeypatch) -> None:
    """It ended in "internal error: OSError: [Errno 30] Read-only file system", exit 1."""
    import errno

    from game.engine import seed_scores

    def read_only(path: Path, *args: object, **kwargs: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system", str(path))

    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    monkeypatch.setattr(seed_scores, "atomic_write", read_only)
    line = seed_scores.export_line(seed_scores.SeedScore(5, 40, "0123456789abcdef"))
    code, said = cli_line(capsys, "scores", "import", line)
    assert code == 3 and said == f"masterless: the score was not filed: {tmp_path / 'data'} cannot be written " \
                                 "(the disk is read-only)"


def test_the_good_rows_of_a_damaged_score_list_stay_in_it(tmp_path: Path) -> None:
    """The whole file was moved aside and the good rows returned once: read again, or with the
    next run's score added, the list had lost them (they were only in the .bad copy)."""
    path = tmp_path / "scores.json"
    original = json.dumps([row(), row(score="lots"), row(seed=2)])
    path.write_text(original)
    assert [e.seed for e in load_scores(path)] == [1, 2]
    assert [e.seed for e in load_scores(path)] == [1, 2]  # read again: still there
    assert (tmp_path / "scores.json.bad").read_text() == original and not (tmp_path / "scores.json.bad.2").exists()


def test_scores_import_moves_a_damaged_seed_table_aside_only_under_the_writers_lock(tmp_path: Path, capsys,
                                                                                 monkeypatch) -> None:
    """`scores import` read the tables (and moved a damaged one aside) without the lock a run
    being filed holds while it reads and writes them: the file could move from under that run."""
    from game.engine import seed_scores

    held_when_moved = []
    real_set_aside = seed_scores.set_aside

    def noting_set_aside(path: Path) -> Path | None:
        held_when_moved.append(held(tmp_path / "data" / "seed_scores.json.lock"))
        return real_set_aside(path)

    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    monkeypatch.setattr(seed_scores, "set_aside", noting_set_aside)
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "seed_scores.json").write_text('{"3": [')
    code, said = cli_line(capsys, "scores", "import", seed_scores.export_line(seed_scores.SeedScore(5, 40, "0" * 16)))
    assert code == 0 and "kept it as" in said
    assert held_when_moved == [True]
    assert (tmp_path / "data" / "seed_scores.json.bad").read_text() == '{"3": ['  # kept as it was
    assert list(seed_scores.load_tables(tmp_path / "data" / "seed_scores.json")) == [5]


def test_seed_table_entries_this_version_cannot_read_are_kept_not_written_away(tmp_path: Path) -> None:
    """A row of a wrong shape, or one a newer version wrote (a field this one lacks), was dropped
    when read and gone with the next write: the table's best run lost, unsaid, and the import
    ranked #1 above it. The file as it was is now kept aside, said in one line, and the rows
    this version reads stay in the tables."""
    from game.engine import seed_scores

    table = tmp_path / "data" / "seed_scores.json"
    table.parent.mkdir()
    newer = {"seed": 7, "score": 50, "checksum": "a" * 16, "source": "here", "medal": "gold"}
    older = {"seed": 7, "score": 20, "checksum": "b" * 16, "source": "here"}
    original = json.dumps({"7": [newer, older], "last": [7, "a" * 16]})
    table.write_text(original)
    line = seed_scores.export_line(seed_scores.SeedScore(7, 30, "c" * 16))
    done = run_cli(tmp_path, "scores", "import", line)
    assert one_line(done, 0) == f"masterless: {table}: has 1 entry this version cannot read; kept it as " \
                                f"{table}.bad; its other rows stay in the tables"
    assert (tmp_path / "data" / "seed_scores.json.bad").read_text() == original
    assert [(r.score, r.checksum) for r in seed_scores.load_tables(table)[7]] == [(30, "c" * 16), (20, "b" * 16)]
    assert not (tmp_path / "data" / "seed_scores.json.bad.2").exists()  # read again: nothing more set aside


def test_the_end_of_a_run_says_a_partly_unreadable_seed_table_kept_its_other_rows(tmp_path: Path) -> None:
    """The end-of-run line said the tables "could not be read" and "start again": untrue when only
    some entries were unreadable and the rest stayed."""
    from game.engine.seed_scores import read_tables
    from game.ui.run_sharing import damaged_words

    table = tmp_path / "seed_scores.json"
    table.write_text(json.dumps({"7": [{"seed": 7, "score": 50, "checksum": "a" * 16, "medal": "gold"}],
                                 "8": [{"seed": 8, "score": 9, "checksum": "b" * 16}]}))
    tables, damaged = read_tables(table)
    assert list(tables) == [8] and damaged is not None
    assert damaged_words(damaged, 8, 1) == ("the score tables per seed held entries this version cannot read: "
                                            f"the damaged file is kept as {table}.bad, and this run was still "
                                            "filed, #1 on seed 8")


def test_scores_export_reads_the_tables_and_the_last_run_under_the_writers_lock(tmp_path: Path, capsys,
                                                                                monkeypatch) -> None:
    """`scores export` read the tables, then the last run played, without the lock a run being
    filed holds: a seeded run filed between the two reads (in another terminal) made them
    disagree, and it said "no run played here to export" with runs there. A run being filed now
    waits for the lock (as it does for `scores import`); export prints the line it read."""
    from game import cli
    from game.commands import scores_command
    from game.engine import seed_scores

    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    path = tmp_path / "data" / "seed_scores.json"
    first, second = seed_scores.SeedScore(5, 40, "a" * 16), seed_scores.SeedScore(6, 30, "b" * 16)
    seed_scores.add_run(path, first)
    waiting = []
    real_load = scores_command.load_tables

    def a_run_ends_meanwhile(where: Path) -> dict[int, list[seed_scores.SeedScore]]:
        tables = real_load(where)
        if held(Path(f"{path}.lock")):
            waiting.append(second)  # the writer waits for the lock: filed once export lets it go
        else:
            seed_scores.add_run(path, second)
        return tables

    monkeypatch.setattr(scores_command, "load_tables", a_run_ends_meanwhile)
    code = cli.main(["scores", "export"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, ""), err
    assert out.strip() == seed_scores.export_line(first)
    for entry in waiting:
        seed_scores.add_run(path, entry)
    assert sorted(seed_scores.load_tables(path)) == [5, 6]  # both runs filed


@pytest.mark.parametrize("room_for", [0, 1])
def test_a_run_filed_on_a_filling_disk_is_said_filed_exactly_when_its_table_holds_it(
        tmp_path: Path, monkeypatch, room_for: int) -> None:
    """A seeded run was filed into its seed's table in two writes (the run, then which run was
    the last): with room for the first only, the table held the run while the end of the run said
    "could not add the run to seed 11's table", and `scores export` had no last run to print.
    What the player is told now matches what the table holds, however far the disk lets it go."""
    import errno

    from game.agents.scripted import play_scripted
    from game.engine import saves, seed_scores
    from game.ui.run_sharing import share_run

    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    game, recorder = saves.new_autosave(11, "human,human,ai")
    play_scripted(game, 30, recorder.add)
    recording = saves.archive_autosave()
    real_write, writes = seed_scores.atomic_write, []

    def filling(*args: object, **kwargs: object) -> None:
        writes.append(args[0])
        if len(writes) > room_for:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_write(*args, **kwargs)

    monkeypatch.setattr(seed_scores, "atomic_write", filling)
    try:
        rank, problem = share_run(game, recording, None, seeded=True)
    finally:
        game.close()
    filed = seed_scores.load_tables(seed_scores.scores_path()).get(11, [])
    assert bool(filed) == (rank is not None) == ("could not add the run" not in problem), (filed, rank, problem)
    if filed:
        assert seed_scores.last_run(seed_scores.scores_path()) == (11, filed[0].checksum)
    else:  # in the words every other failed write is said in
        assert problem == "could not add the run to seed 11's table: the disk is full", problem
