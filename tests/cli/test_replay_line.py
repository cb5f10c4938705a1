"""`replay --headless`: its one line tells the run as `autoplay` tells it."""

from __future__ import annotations

from game import cli


def test_the_replayed_line_names_the_deepest_floor_as_autoplay_does(tmp_path, capsys, monkeypatch) -> None:
    """Seed 3 goes down to floor 5 and climbs out from floor 2: the line said only "floor 2"."""
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    record = tmp_path / "r3.jsonl"
    assert cli.main(["autoplay", "--seed", "3", "--max-turns", "1200", "--record", str(record)]) == 0
    told = capsys.readouterr().out
    assert "deepest floor 5" in told
    assert cli.main(["replay", "--headless", "--verify", str(record)]) == 0
    line = capsys.readouterr().out
    assert "ended on floor 2 (deepest 5)" in line, line
