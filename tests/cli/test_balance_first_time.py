"""`balance` as a first-timer runs it: stopped by Ctrl-C before its first run finished (one line,
exit 130, no tables of nothing, the batch an earlier `--json` wrote kept), given more workers than
runs, or seeds the wrong way round (as catalog takes them too)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game import cli
from game.commands import balance_command


def test_ctrl_c_before_any_run_shows_no_empty_tables_and_keeps_the_json(tmp_path, capsys, monkeypatch) -> None:
    def stopped_at_once(jobs: list, workers: int) -> Iterator:
        raise KeyboardInterrupt  # the player's Ctrl-C while the first runs are still playing
        yield

    monkeypatch.setattr(balance_command, "run_local", stopped_at_once)
    earlier = tmp_path / "runs.json"
    earlier.write_text('{"aggregates": {}, "runs": []}\n', encoding="utf-8")  # a batch: --json writes over it
    code = cli.main(["balance", "--seeds", "1-3", "--workers", "1", "--json", str(earlier)])
    out, err = capsys.readouterr()
    assert code == 130
    assert out == ""  # not "endings ... 0/0", nor "n/a (the runs' summaries do not report it)"
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("balance: 0/3 runs in ")
    assert lines[0].endswith("(stopped by Ctrl-C before any run finished: nothing to show, no file written)")
    assert earlier.read_text(encoding="utf-8") == '{"aggregates": {}, "runs": []}\n'


def test_more_workers_than_runs_starts_no_idle_processes(capsys, monkeypatch) -> None:
    started: list[int] = []
    real_run_local = balance_command.run_local

    def counted(jobs: list, workers: int) -> Iterator:
        started.append(workers)
        return real_run_local(jobs, 1)

    monkeypatch.setattr(balance_command, "run_local", counted)
    code = cli.main(["balance", "--seeds", "1-2", "--workers", "64", "--max-turns", "3"])
    assert code == 0 and "runs 2" in capsys.readouterr().out
    assert started == [2]  # a process a run at most, not 64 of which 62 start only to stop


@pytest.mark.parametrize("command", ["balance", "catalog"])
def test_seeds_given_high_to_low_are_refused_with_the_range_to_type(command: str, capsys) -> None:
    assert cli.main([command, "--seeds", "9-3"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines == ["masterless: --seeds: give the lower seed first, as 3-9 (got '9-3')"]
    assert cli.main([command, "--seeds", "3-3", "--max-turns" if command == "balance" else "--rooms", "1"]) == 0
