"""`balance compare A.json B.json` given files that are not batches (the reliability audit): a
pipe, a device or a nesting too deep for the JSON reader is one line and exit 3, never a hang,
a memory fill or an internal error. And `balance --json FILE` on a full disk leaves the batch
FILE held before whole."""

from __future__ import annotations

import os
import resource
import subprocess
import sys

import pytest
from fault_tools import REPO, cli_line, env_for, one_line, run_cli


@pytest.fixture
def batch(tmp_path):
    """A real batch of two short runs."""
    path = tmp_path / "b.json"
    done = run_cli(tmp_path, "balance", "--seeds", "1-2", "--workers", "1", "--max-turns", "20", "--json", str(path))
    assert done.returncode == 0, done.stderr
    return path


def test_a_pipe_with_no_writer_is_refused_at_once(tmp_path, batch) -> None:
    fifo = tmp_path / "a.json"
    os.mkfifo(fifo)
    line = one_line(run_cli(tmp_path, "balance", "compare", str(fifo), str(batch), timeout=30), 3)
    assert str(fifo) in line and "pipe" in line


def at_most_a_gigabyte() -> None:
    """Before the fix the whole device was read into memory: this keeps a regression to a
    MemoryError in the child instead of the machine's memory filling up."""
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_an_endless_device_is_refused_at_once(tmp_path, batch, device) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device}")
    done = subprocess.run([sys.executable, str(REPO / "main.py"), "balance", "compare", str(batch), device],
                          cwd=tmp_path, env=env_for(tmp_path), stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=60, preexec_fn=at_most_a_gigabyte)
    line = one_line(done, 3)
    assert device in line and "device" in line


def test_json_nested_too_deep_is_not_a_batch(tmp_path, capsys, batch) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    code, line = cli_line(capsys, "balance", "compare", str(deep), str(batch))
    assert code == 3 and str(deep) in line and "not JSON" in line


def file_size_limit(limit: int):
    """The child's files may grow to `limit` bytes and no more (writes past it fail with EFBIG,
    as on a full disk; Python ignores SIGXFSZ): a full disk without mounting one."""
    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return limited


def written_whole_or_not_at_all(home, path, room: int, seeds: str, option: str) -> None:
    """Short balance runs writing `path` (`option`: --json or --plot) in a process that can write
    no file past `room` bytes more than it holds now (a full disk): one line, exit 3, and the
    earlier file there whole, no half-written one beside it."""
    before = path.read_bytes()
    done = subprocess.run([sys.executable, str(REPO / "main.py"), "balance", "--seeds", seeds, "--workers", "1",
                           "--max-turns", "20", option, str(path)], cwd=home, env=env_for(home),
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300,
                          preexec_fn=file_size_limit(len(before) + room))
    assert done.returncode == 3 and f"cannot write {path}" in done.stderr.splitlines()[-1], done.stderr
    assert "Traceback" not in done.stderr
    assert path.read_bytes() == before
    assert [p.name for p in home.iterdir() if p.name.startswith(".")] == []


def test_a_batch_that_cannot_be_written_whole_leaves_the_earlier_one_there_whole(tmp_path, batch) -> None:
    written_whole_or_not_at_all(tmp_path, batch, 4096, "1-40", "--json")


@pytest.mark.parametrize("extra", [["--seeds", "1-2"], ["--json", "out.json"], ["--plot", "out.png"],
                                   ["--workers", "3"], ["--seats", "ai+hero,ai:tyrant"], ["--dial", "die=8"],
                                   ["--cluster", "tcp://127.0.0.1:8786"], ["--level", "2"], ["--max-turns", "5000"]])
def test_compare_with_options_for_playing_is_refused_not_ignored(tmp_path, capsys, monkeypatch, batch, extra) -> None:
    """`balance --seeds 1-2 compare A B` compared and played nothing; `--json` wrote nothing;
    `--workers`, `--seats`, `--dial`, `--cluster`, `--level` and `--max-turns` (even at their
    defaults) were dropped as silently."""
    monkeypatch.chdir(tmp_path)
    code, line = cli_line(capsys, "balance", *extra, "compare", str(batch), str(batch))
    assert code == 2 and "compare plays no runs" in line and f"without {extra[0]}" in line
    assert not (tmp_path / "out.json").exists()


def test_a_chart_that_cannot_be_written_whole_leaves_the_earlier_one_there_whole(tmp_path) -> None:
    """matplotlib wrote the chart in place: on a full disk the earlier chart was cut short."""
    pytest.importorskip("matplotlib")
    chart = tmp_path / "chart.png"
    chart.write_bytes(b"an earlier chart, " * 40)
    written_whole_or_not_at_all(tmp_path, chart, 1024, "1-3", "--plot")


def test_compare_names_its_batches_in_printable_characters(tmp_path, capsys, batch) -> None:
    """A file name with an escape in it went raw to the terminal in the A/B line (it could clear
    the screen); it is shown as the other messages show such names."""
    from game import cli

    odd = tmp_path / "a\x1b[2Jb.json"
    odd.write_bytes(batch.read_bytes())
    assert cli.main(["balance", "compare", str(odd), str(batch)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("A: ") and "\x1b" not in out


@pytest.mark.parametrize(("damage", "named"), [(lambda run: run.pop("turns"), "run 2 has no turns"),
                                               (lambda run: run.update(score="lots"), "run 2 has no score"),
                                               (lambda run: run.clear(), "run 2 has no outcome")])
def test_a_run_without_a_measure_is_refused_not_compared_as_zero(tmp_path, batch, damage, named) -> None:
    """A run of a damaged batch (or one another version wrote) that lacked a measure was compared
    as though it had scored 0 there: "turns (median) ... 0", a difference no run played."""
    import json

    data = json.loads(batch.read_text())
    damage(data["runs"][1])
    damaged = tmp_path / "damaged.json"
    damaged.write_text(json.dumps(data))
    done = run_cli(tmp_path, "balance", "compare", str(batch), str(damaged))
    assert one_line(done, 3) == f"masterless: {damaged}: {named} (a damaged batch, or one another version " \
                                "wrote; expected a file written by balance --json)"
    assert done.stdout == ""


@pytest.mark.parametrize(("damage", "named"), [
    (lambda run: run["damage"].update(traps=1e300), "damage by source"),  # overflowed the sums: internal error
    (lambda run: run.update(turns=10**400), "turns"),  # "int too large to convert to float"
    (lambda run: run["damage"].update(traps=10**400), "damage by source"),
    (lambda run: run.update(score=-(10**13)), "score"),
    (lambda run: run.update(levels=[1e308]), "levels")])  # printed a 309-digit median
def test_a_run_with_a_number_no_run_reaches_is_refused(tmp_path, batch, damage, named) -> None:
    """A hand-edited batch with a huge number in it was an internal error (exit 1 and a crash
    log) or a table of 309-digit numbers; it is refused as a run without that measure is."""
    import json

    data = json.loads(batch.read_text())
    damage(data["runs"][1])
    damaged = tmp_path / "damaged.json"
    damaged.write_text(json.dumps(data))
    done = run_cli(tmp_path, "balance", "compare", str(batch), str(damaged))
    assert one_line(done, 3) == f"masterless: {damaged}: run 2 has no {named} between -10^12 and 10^12 (a damaged " \
                                "batch, or one another version wrote; expected a file written by balance --json)"
    assert done.stdout == "" and "Traceback" not in done.stderr


def test_a_run_with_large_numbers_a_run_could_reach_is_compared(tmp_path, capsys, batch) -> None:
    """The bound on a run's numbers is far past what any run counts: a long run's are compared."""
    import json

    from game import cli

    data = json.loads(batch.read_text())
    data["runs"][1].update(turns=10**12, score=-(10**12), levels=[2, 10**12])
    data["runs"][1]["damage"]["traps"] = 10**12
    long = tmp_path / "long.json"
    long.write_text(json.dumps(data))
    assert cli.main(["balance", "compare", str(batch), str(long)]) == 0
    assert "turns (median)" in capsys.readouterr().out


def batch_with_settings(tmp_path, batch, **settings):
    """A copy of `batch` with its settings changed (a value of None takes the setting out)."""
    import json

    data = json.loads(batch.read_text())
    data["settings"].update(settings)
    data["settings"] = {k: v for k, v in data["settings"].items() if v is not None}
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data))
    return edited


@pytest.mark.parametrize(("level", "shown"), [(2.0, "2.0"), (10**9, "1000000000"), (-3, "-3"), (0, "0"),
                                              (11, "11"), (True, "true"), ("2", '"2"')])
def test_a_batch_of_a_level_balance_does_not_play_is_refused(tmp_path, batch, level, shown) -> None:
    """A level of 2.0 dropped the 'stayed on entrance floor' row unsaid; 10**9 emptied the wipe
    rates and -3 took floor -3 for the entrance. balance plays levels 1 to 10, and so refuses
    a file of another level as it refuses --level 11."""
    edited = batch_with_settings(tmp_path, batch, level=level)
    done = run_cli(tmp_path, "balance", "compare", str(batch), str(edited))
    assert one_line(done, 3) == (f"masterless: {edited}: its setting 'level' is {shown}, not a whole number from 1 "
                                 "to 10 (a damaged batch, or one another version wrote; expected a file written by "
                                 "balance --json)")
    assert done.stdout == ""


def test_a_batch_without_a_level_is_compared_as_before(tmp_path, capsys, batch) -> None:
    from game import cli

    edited = batch_with_settings(tmp_path, batch, level=None)
    assert cli.main(["balance", "compare", str(batch), str(edited)]) == 0
    assert "turns (median)" in capsys.readouterr().out


@pytest.mark.parametrize(("settings", "said"), [
    ({"interrupted": [1]}, "'interrupted' is [1], not true or false"),  # printed "[1] of {} runs"
    ({"interrupted": True, "finished": [1]}, "'finished' is [1], not a whole number of runs"),
    ({"requested": {}}, "'requested' is {}, not a whole number of runs"),
    ({"interrupted": True, "stopped": {"x": 1}}, "'stopped' is {\"x\": 1}, not a reason in words"),
    ({"seats": "ai+hero,ai"}, "'seats' is \"ai+hero,ai\", not a list of seat mixes"),  # printed letter by letter
    ({"seats": [{"a": 1}]}, "'seats' is [{\"a\": 1}], not a list of seat mixes"),
    ({"dials": ["die=8"]}, "'dials' is [\"die=8\"], not a table of dials, each on, off, a number or a word"),
    ({"dials": {"die": [8]}}, "'dials' is {\"die\": [8]}, not a table of dials, each on, off, a number or a word"),
    ({"max_turns": 0.5}, "'max_turns' is 0.5, not a whole number from 1 to 10^12"),
    ({"rules_version": True}, "'rules_version' is true, not a whole number"),  # "rules version True"
    ({"seats": ["x" * 300]}, "'seats' is [\"" + "x" * 35 + "..., not a list of seat mixes")])
def test_settings_of_a_shape_no_batch_has_are_refused_not_printed(tmp_path, batch, settings, said) -> None:
    """An edited settings block was printed as it came: 'B stopped before its end: [1] of {} runs'."""
    edited = batch_with_settings(tmp_path, batch, **settings)
    done = run_cli(tmp_path, "balance", "compare", str(batch), str(edited))
    assert one_line(done, 3) == (f"masterless: {edited}: its setting {said} (a damaged batch, or one another "
                                 "version wrote; expected a file written by balance --json)")
    assert done.stdout == ""


def test_settings_that_are_no_table_are_refused(tmp_path, batch) -> None:
    import json

    data = json.loads(batch.read_text())
    data["settings"] = [1]
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data))
    line = one_line(run_cli(tmp_path, "balance", "compare", str(batch), str(edited)), 3)
    assert line.startswith(f"masterless: {edited}: its settings are [1], not a table of settings (a damaged batch")


def test_a_stopped_batch_without_its_counts_says_it_stopped_without_them(tmp_path, capsys, batch) -> None:
    """A batch stopped short that records no counts read 'None of None runs'."""
    from game import cli

    edited = batch_with_settings(tmp_path, batch, interrupted=True, stopped="stopped by Ctrl-C", finished=None,
                                 requested=None)
    assert cli.main(["balance", "compare", str(batch), str(edited)]) == 0
    assert "note: B stopped before its end (stopped by Ctrl-C)" in capsys.readouterr().out.splitlines()


def test_dials_that_differ_are_said_on_and_off(tmp_path, capsys, batch) -> None:
    """Dials differing between batches were noted as Python writes them: 'A morale=True, B morale=False'."""
    import json

    from game import cli

    data = json.loads(batch.read_text())
    dials = data["settings"]["dials"]
    edited = batch_with_settings(tmp_path, batch, dials={**dials, "morale": not dials["morale"]})
    assert cli.main(["balance", "compare", str(batch), str(edited)]) == 0
    assert "note: the batches differ in dials: A morale=on, B morale=off" in capsys.readouterr().out.splitlines()


def test_a_batch_of_one_run_is_said_as_one_run(tmp_path, capsys, batch) -> None:
    """The header read 'B: one.json (1 runs)'."""
    import json

    from game import cli

    data = json.loads(batch.read_text())
    data["runs"] = data["runs"][:1]
    one = tmp_path / "one.json"
    one.write_text(json.dumps(data))
    assert cli.main(["balance", "compare", str(batch), str(one)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == f"A: {batch} (2 runs)   B: {one} (1 run)"
