"""The command line's promises: one line and an exit code for every error, never a traceback."""

from __future__ import annotations

import argparse
import errno
import json

import pytest

from game import cli


def test_usage_errors_are_one_line_and_exit_2(capsys):
    assert cli.main(["generate", "--seed", "1", "--party", "x"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "python main.py generate --help" in err[0]


def test_an_internal_error_is_one_line_and_leaves_a_crash_log(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))

    def explode(args):
        raise RuntimeError("the floor fell in")

    monkeypatch.setitem(cli.COMMANDS, "bench", explode)
    assert cli.main(["bench"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "the floor fell in" in err[0] and "crash.log" in err[0]
    log = next(tmp_path.rglob("crash.log")).read_text()
    assert "Traceback" in log and "explode" in log


def test_help_lists_every_command(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    for command in ("play", "continue", "replay", "generate", "autoplay", "catalog", "bench"):
        assert f"    {command}" in out


def test_every_option_of_every_command_says_what_it_does():
    """A new player reads `--help`: an option listed with no words after it tells them nothing."""
    parser = cli.build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    silent = [
        f"{name} {action.option_strings[0] if action.option_strings else action.dest}"
        for name, sub in commands.choices.items()
        for action in sub._actions
        if not action.help
    ]
    assert silent == []


def test_replays_help_names_the_files_it_reads_as_they_are_named(tmp_path, capsys):
    """`replay --help` called a recording "(.jsonl)"; the recordings folder holds .mlrec files (a
    header, then compressed lines), so a player looking for .jsonl files found none. The help
    names the kind the folder holds, and a recording in that folder replays."""
    with pytest.raises(SystemExit) as done:
        cli.main(["replay", "--help"])
    assert done.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert ".jsonl" not in out and "a .mlrec file" in out
    assert "or a morgue file" in out  # README: replay FILE|MORGUE; the help named recordings only
    record = tmp_path / "seed-3.mlrec"
    assert cli.main(["autoplay", "--seed", "3", "--max-turns", "200", "--record", str(record)]) == 0
    assert record.read_bytes().startswith(b"MASTERLESS RECORDING")
    assert cli.main(["replay", "--headless", "--verify", str(record)]) == 0


@pytest.mark.parametrize("argv, command", [(["bench", "--foo"], "bench"), (["watch", "a.mlrec", "b.mlrec"], "watch"),
                                           (["--frob"], None)])
def test_an_unknown_option_points_at_its_commands_help(capsys, argv, command):
    """`bench --foo` said "(see `python main.py --help`)", the whole program's help, where the
    options of bench are not listed."""
    assert cli.main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    where = "python main.py " + (f"{command} " if command else "") + "--help"
    assert len(err) == 1 and err[0].startswith("masterless: unrecognized arguments: ") and f"(see `{where}`)" in err[0]


def test_help_says_what_no_command_does(capsys):
    """The usage line reads "masterless [-h] [--color ...] command ...", and nothing said that
    `python main.py` alone opens the title menu, the way into a game with hand-made heroes."""
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "With no command, the title menu opens" in out


@pytest.mark.parametrize("argv, said", [
    (["scores", "export", "7"], "scores export: unexpected '7' (scores export [--seed N])"),
    (["scores", "--recording", "run.mlrec"], "scores: --recording goes with import"),
    (["scores", "export", "--recording", "run.mlrec"], "scores: --recording goes with import"),
    (["scores", "import", "masterless:1:9:40:0123456789abcdef:3d99", "--seed", "4"],
     "scores import: --seed goes with the tables and export; the line names its own seed "
     "(scores import LINE [--recording FILE])"),
])
def test_scores_refuses_what_it_would_drop_unsaid(argv, said, capsys, tmp_path, monkeypatch):
    """`scores export 7` (meaning seed 7) exported the last run of any seed, `scores
    --recording FILE` without import listed the tables, and `scores import LINE --seed 4` filed
    the line under its own seed: the 7, the FILE and the 4 were dropped unsaid."""
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    assert cli.main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"masterless: {said}"), err
    assert not (tmp_path / "data" / "seed_scores.json").exists()  # nothing filed


@pytest.mark.parametrize("argv", [["play", "--seats", "ai:tyrnt"],
                                  ["balance", "--seeds", "1-2", "--workers", "1", "--seats", "ai+hero,ai:tyrnt"]])
def test_a_mistyped_personality_is_named_in_play_and_balance(argv, capsys, tmp_path, monkeypatch):
    """`play --seats ai:tyrnt` said "at least one seat needs a hero", not the typo; `balance
    --seats ai+hero,ai:tyrnt` played the runs and listed "tyrnt" in its per-personality table,
    a designer that never played (autoplay and generate refused it already)."""
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    assert cli.main(argv) == 2
    out, err = capsys.readouterr()
    assert err.strip().startswith("masterless: --seats: unknown personality 'tyrnt' (one of ") and "tyrant" in err
    assert "runs" not in out


@pytest.mark.parametrize("argv, cut", [
    (["balance", "--seeds", "1-2", "--seed", "3"], "--seed"),  # played seed 3 alone, as `--seeds 3`
    (["autoplay", "--seed", "1", "--seat", "ai+hero"], "--seat"),  # taken as `--seats`
])
def test_a_cut_short_option_is_refused_not_guessed(capsys, argv, cut):
    """argparse took an option cut short as the one it begins: `balance --seeds 1-20 --seed 3`
    played seed 3 alone, without a word. An option is now only ever its whole name."""
    assert cli.main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unrecognized arguments" in err[0] and cut in err[0], err


@pytest.mark.parametrize("problem", [PermissionError(errno.EACCES, "Permission denied", "/srv/runs/b.json"),
                                     OSError(errno.EROFS, "Read-only file system", "/srv/runs/b.json")])
def test_a_file_the_system_refuses_is_one_line_and_exit_3_not_an_internal_error(capsys, monkeypatch, tmp_path,
                                                                                 problem):
    """A command that met a read-only disk or a file it may not open where no check of its own
    caught it said "internal error: PermissionError" and wrote a crash log: it is the player's
    file, not a bug, and is said as the other file problems are."""
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))

    def refused(args):
        raise problem

    monkeypatch.setitem(cli.COMMANDS, "bench", refused)
    assert cli.main(["bench"]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("masterless: cannot use /srv/runs/b.json: "), err
    assert "internal error" not in err[0] and not list(tmp_path.rglob("crash.log"))


def test_seeds_below_0_are_balanced_and_catalogued_as_autoplay_plays_them(capsys, tmp_path):
    """`autoplay --seed -3` plays (a recording holds seeds either side of 0), but `balance` and
    `catalog` refused any range below 0: a designer could not look again at a run played there.
    `--seeds -2--1` is seeds -2 and -1, typed either way, and each run is autoplay's own."""
    out = tmp_path / "b.json"
    assert cli.main(["balance", "--seeds=-2--1", "--workers", "1", "--max-turns", "200", "--json", str(out)]) == 0
    runs = json.loads(out.read_text())["runs"]
    assert [run["seed"] for run in runs] == [-2, -1]
    capsys.readouterr()
    assert cli.main(["autoplay", "--seed", "-2", "--max-turns", "200", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["state_hash"] == runs[0]["state_hash"]
    assert cli.main(["catalog", "--seeds", "-1"]) == 0
    assert capsys.readouterr().out.strip()


@pytest.mark.parametrize("command", ["balance", "catalog"])
@pytest.mark.parametrize(("typed", "said"), [
    ("2--3", "give the lower seed first, as -3-2 (got '2--3')"),
    ("1-2-3", "expected A-B (two whole numbers), got '1-2-3'"),
    ("-", "expected A-B (two whole numbers), got '-'"),
    ("18446744073709551616", "a seed is between -18446744073709551615 and 18446744073709551615, "
                             "got '18446744073709551616'"),
])
def test_a_seed_range_that_cannot_be_played_is_one_line_however_typed(command, typed, said, capsys):
    """`--seeds -5-3` once got argparse's "expected one argument" (an option, it thought), and
    `--seeds=-5-3` another line: both spellings now get the same line, saying what to type."""
    lines = []
    for argv in ([command, "--seeds", typed], [command, f"--seeds={typed}"]):
        assert cli.main(argv) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1, err
        lines.append(err[0])
    assert lines[0] == lines[1] == f"masterless: --seeds: {said}", lines


def test_a_party_beginning_with_a_minus_is_checked_as_levels(capsys):
    """`generate --party -2,3` said "expected one argument", as if no party were given."""
    assert cli.main(["generate", "--seed", "1", "--party", "-2,3"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("masterless: --party: every Level is between 1 and ") and err.endswith(", got -2"), err


def test_generate_takes_a_table_with_no_hero_seat_as_its_party_brings_the_heroes(capsys):
    """`generate --seats ai,ai --party 2,3` was refused with "at least one seat needs a hero",
    though its heroes are the --party (the seats only design); a run still needs a hero seat."""
    assert cli.main(["generate", "--seed", "4", "--seats", "ai,ai", "--party", "2,3", "--rooms", "1", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [hero["level"] for hero in doc["party"]] == [2, 3]
    assert [seat["kind"] for seat in doc["seats"]] == ["ai", "ai"]
    assert {taker["seat"] for room in doc["rooms"] for taker in room["takers"].values()} <= {0, 1}
    assert all(room["traps"] and room["monsters"] and room["treasure"] for room in doc["rooms"])
    assert cli.main(["autoplay", "--seed", "4", "--seats", "ai,ai"]) == 2
    assert capsys.readouterr().err.strip() == "masterless: at least one seat needs a hero (human or ai+hero)"
