"""What the headless commands print: one line or a text a player reads, true to the run."""

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


def test_generate_tells_every_round_of_the_roll_off_and_the_order(capsys) -> None:
    """Seed 1's first room: seats 1 and 3 tie on 5; only the first round was printed, so the rolls
    shown did not say why seat 3 picked before seat 1."""
    assert cli.main(["generate", "--seed", "1", "--party", "2,3,5", "--rooms", "1"]) == 0
    out = capsys.readouterr().out
    assert ("Hallway roll-off (d6): seat 1 rolls 5, seat 2 rolls 6, seat 3 rolls 5; "
            "re-roll: seat 1 rolls 1, seat 3 rolls 2; order: seats 2, 3, 1") in out
