"""`balance` stopped by Ctrl-C before its first run finished: one line, exit 130, no tables of
nothing, and the batch an earlier `--json` wrote to that file is still there."""

from __future__ import annotations

from collections.abc import Iterator

from game import cli
from game.commands import balance_command


def test_ctrl_c_before_any_run_shows_no_empty_tables_and_keeps_the_json(tmp_path, capsys, monkeypatch) -> None:
    def stopped_at_once(jobs: list, workers: int) -> Iterator:
        raise KeyboardInterrupt  # the player's Ctrl-C while the first runs are still playing
        yield

    monkeypatch.setattr(balance_command, "run_local", stopped_at_once)
    earlier = tmp_path / "runs.json"
    earlier.write_text('{"runs": []}\n', encoding="utf-8")
    code = cli.main(["balance", "--seeds", "1-3", "--workers", "1", "--json", str(earlier)])
    out, err = capsys.readouterr()
    assert code == 130
    assert out == ""  # not "endings ... 0/0", nor "n/a (the runs' summaries do not report it)"
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("balance: 0/3 runs in ")
    assert lines[0].endswith("(stopped by Ctrl-C before any run finished: nothing to show, no file written)")
    assert earlier.read_text(encoding="utf-8") == '{"runs": []}\n'
