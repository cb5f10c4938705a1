"""Seeds on the command line (the reliability audit): a run may only begin on a seed its own
recording can hold, or it plays and then cannot be continued; two flags that each choose the
seed are refused, never one of them dropped unsaid."""

from __future__ import annotations

import pytest
from fault_tools import cli_line, one_line, run_cli

from game import cli

BIGGEST = (1 << 64) - 1


@pytest.mark.parametrize("seed", [str(BIGGEST + 1), str(-BIGGEST - 1), "9" * 30])
def test_a_seed_no_recording_can_hold_is_refused_before_the_run(tmp_path, seed) -> None:
    record = tmp_path / "run.mlrec"
    line = one_line(run_cli(tmp_path, "autoplay", f"--seed={seed}", "--max-turns", "3", "--record", str(record)), 2)
    assert "--seed" in line and str(BIGGEST) in line
    assert not record.exists()


@pytest.mark.parametrize("command", [["play"], ["generate", "--party", "2"], ["scores"]])
def test_every_command_with_a_seed_refuses_one_too_big(tmp_path, capsys, monkeypatch, command) -> None:
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    code, line = cli_line(capsys, *command, f"--seed={BIGGEST + 1}")
    assert code == 2 and "--seed" in line and str(BIGGEST) in line
    assert not (tmp_path / "data" / "autosave.mlrec").exists()


@pytest.mark.parametrize("seed", [BIGGEST, -BIGGEST])
def test_the_biggest_seed_taken_records_a_run_that_replays(tmp_path, capsys, seed) -> None:
    record = tmp_path / "run.mlrec"
    code, _ = cli_line(capsys, "autoplay", f"--seed={seed}", "--max-turns", "3", "--record", str(record))
    assert code == 0
    code, line = cli_line(capsys, "replay", str(record), "--headless", "--verify")
    assert code == 0 and line == ""


def test_seed_and_daily_together_are_refused_not_one_dropped(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    code, line = cli_line(capsys, "play", "--daily", "2026-01-01", "--seed", "5")
    assert code == 2 and "--seed" in line and "--daily" in line
    assert not (tmp_path / "data" / "autosave.mlrec").exists()


@pytest.mark.parametrize("seed", [BIGGEST, -BIGGEST, 10**19])
def test_a_score_on_a_twenty_digit_seed_is_filed_and_kept(tmp_path, capsys, monkeypatch, seed) -> None:
    """Such a seed plays and records; its score line was refused, and a row filed under it was
    dropped the next time the table was read."""
    from game.engine.seed_scores import SeedScore, export_line

    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    line = export_line(SeedScore(seed, 42, "0123456789abcdef", source="here"))
    assert cli_line(capsys, "scores", "import", line) == (0, "")
    code = cli.main(["scores", "--seed", str(seed)])
    table = capsys.readouterr().out
    assert code == 0 and f"Seed {seed}" in table and "42" in table
