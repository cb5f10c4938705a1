"""What the headless commands print: one line or a text a player reads, true to the run."""

from __future__ import annotations

import json

import pytest

from game import cli
from game.core.outcomes import ending
from game.core.seats import parse_seats
from game.designers.table import designers_for
from game.engine.seed_scores import SeedScore, add_entry, scores_path


def test_the_replayed_line_names_the_deepest_floor_as_autoplay_does(tmp_path, capsys, monkeypatch) -> None:
    """Seed 3 goes down to floor 5 and climbs out from floor 2: the line said only "floor 2", and
    then "ended on floor 2 (deepest 5)" for a party that had climbed out to town and retired there."""
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    record = tmp_path / "r3.jsonl"
    assert cli.main(["autoplay", "--seed", "3", "--max-turns", "1200", "--record", str(record)]) == 0
    told = capsys.readouterr().out
    assert "deepest floor 5" in told
    assert cli.main(["replay", "--headless", "--verify", str(record)]) == 0
    line = capsys.readouterr().out
    assert "ended in town (deepest floor 5), over" in line and "floor 2" not in line, line


def test_generate_tells_every_round_of_the_roll_off_and_the_order(capsys) -> None:
    """Seed 1's first room: seats 1 and 3 tie on 5; only the first round was printed, so the rolls
    shown did not say why seat 3 picked before seat 1."""
    assert cli.main(["generate", "--seed", "1", "--party", "2,3,5", "--rooms", "1"]) == 0
    out = capsys.readouterr().out
    assert ("Hallway roll-off (d6): seat 1 rolls 5, seat 2 rolls 6, seat 3 rolls 5; "
            "re-roll: seat 1 rolls 1, seat 3 rolls 2; order: seats 2, 3, 1") in out


def test_a_run_here_that_ended_on_turn_0_shows_0_turns_and_an_unsaid_count_a_dash(tmp_path, capsys, monkeypatch):
    """Retiring at once is a run of 0 turns; the table showed "-", as for a friend's line that says nothing."""
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    add_entry(scores_path(), SeedScore(9, 0, "a" * 16, outcome="retired", floor=2, turns=0, heroes="Rook"))
    add_entry(scores_path(), SeedScore(9, 5, "b" * 16, source="import"))
    assert cli.main(["scores", "--seed", "9"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[2].split()[:5] == ["1", "5", "-", "-", "-"] and rows[3].split()[:5] == ["2", "0", "retired", "2", "0"]


def test_a_seat_that_names_its_personality_is_called_as_the_other_ai_seats_are() -> None:
    """`ai:trickster` was called "trickster" in the log and the roll panel ("told by trickster"),
    beside "Warden (AI)"; it plays the personality it names, as before."""
    seats = parse_seats("human:Ann,ai:trickster,ai")
    assert [s.name for s in seats] == ["Ann", "Trickster (AI)", "Warden (AI)"]
    assert [d.personality for d in designers_for(seats)][1:] == ["trickster", "warden"]


def test_a_long_players_name_is_cut_after_a_whole_word() -> None:
    """`--seats human:Maximiliana Featherstonehaugh` was shown as "Maximiliana Feathers"."""
    seats = parse_seats("human:Maximiliana Featherstonehaugh,human:  Bo   Li ,human:Abcdefghijklmnopqrstuvwxyz,ai")
    assert [s.name for s in seats[:3]] == ["Maximiliana", "Bo Li", "Abcdefghijklmnopqrst"]


def test_the_replayed_line_of_a_run_not_over_says_where_it_stops_and_counts_one_action(tmp_path, capsys) -> None:
    """A run saved on the way read "1 actions, turn 0, ended on floor 2 (deepest 2), dungeon; 0 turns/s"."""
    from game.engine.actions import Wait
    from game.engine.recording import Recorder
    from game.ui.session import Session

    path, saved = tmp_path / "left.mlrec", tmp_path / "saved.mlrec"
    recorder = Recorder.for_new_game(path, 5, "human,ai,ai", flush_every=1)
    session = Session(recorder.start(), recorder)
    session.apply(Wait(0))
    recorder.export(saved, session.game)  # saved on the way
    recorder.finish(session.game, left=True)  # then abandoned there by its player
    session.game.close()
    assert cli.main(["replay", "--headless", "--verify", str(saved)]) == 0
    line = capsys.readouterr().out
    assert ", 1 action, turn " in line and "stops on floor 2 (deepest 2), in the dungeon, not over" in line, line
    assert "ended" not in line
    assert cli.main(["replay", "--headless", "--verify", str(path)]) == 0
    assert "in the dungeon, left there by the player" in capsys.readouterr().out


def test_names_from_a_friends_files_never_reach_the_terminal_as_escape_codes(tmp_path, capsys, monkeypatch) -> None:
    """A recording's seat names and a table's hero names were printed raw: a friend's file could
    recolour, clear or retitle the player's terminal."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[1] / "reliability"))
    from fault_tools import with_header

    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    solo = (Path(__file__).parents[1] / "recordings" / "solo-scripted.mlrec").read_bytes()
    path = tmp_path / "friend.mlrec"
    path.write_bytes(with_header(solo, seats="human:\x1b]0;owned\x07Ann,ai,ai"))
    cli.main(["replay", "--headless", str(path)])
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "seats human:" in out
    add_entry(scores_path(), SeedScore(9, 5, "b" * 16, heroes="\x1b[2JMab", recording="/x/\x1b[31m.mlrec"))
    assert cli.main(["scores", "--seed", "9"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "Mab" in out


def test_generates_help_says_the_seed_draws_the_theme(capsys):
    """`generate --seed 1` builds a forest, `play --seed 1` the catacombs (the theme dial's
    default, as the README's Dials table says): generate draws the theme from the seed, and its
    help did not say so."""
    with pytest.raises(SystemExit):
        cli.main(["generate", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "it draws the dungeon's theme too, unless --dial theme=... names one" in help_text
    assert cli.main(["generate", "--seed", "1", "--party", "2", "--rooms", "1"]) == 0
    drawn = capsys.readouterr().out.splitlines()[0]
    assert cli.main(["generate", "--seed", "1", "--party", "2", "--rooms", "1", "--dial", "theme=tower"]) == 0
    named = capsys.readouterr().out.splitlines()[0]
    assert drawn.startswith("Seed 1, Floor 2, forest;") and named.startswith("Seed 1, Floor 2, tower;")


@pytest.mark.parametrize("command", ["autoplay", "balance"])
def test_the_level_range_in_the_lab_commands_help_is_the_one_they_take(command, capsys):
    """autoplay and balance take --level 1 to 10, and their help said "(1-3)", play's range."""
    with pytest.raises(SystemExit):
        cli.main([command, "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "starting level of every hero, 1-10 (default 2" in help_text
    seeds = ["--seed", "1"] if command == "autoplay" else ["--seeds", "1-1", "--workers", "1"]
    assert cli.main([command, *seeds, "--level", "11", "--max-turns", "20"]) == 2
    assert "--level must be between 1 and 10" in capsys.readouterr().err
    assert cli.main([command, *seeds, "--level", "10", "--max-turns", "20"]) == 0


def test_autoplays_line_names_the_ending_in_the_words_of_the_high_scores(capsys) -> None:
    """The line said "seed 3: quest after 1114 turns" and "turn_limit": the engine's codes, where
    every other list of runs says "quest done". The codes stay in `--json`, for scripts."""
    for turns in ("300", "1200"):
        assert cli.main(["autoplay", "--seed", "3", "--max-turns", turns, "--json"]) == 0
        outcome = json.loads(capsys.readouterr().out)["outcome"]
        assert cli.main(["autoplay", "--seed", "3", "--max-turns", turns]) == 0
        line = capsys.readouterr().out
        words = "stopped by --max-turns" if outcome == "turn_limit" else ending(outcome).short
        assert line.startswith(f"seed 3: {words} after "), line


def test_a_headless_replay_names_the_ending_as_the_high_scores_do_and_verify_needs_headless(tmp_path, capsys):
    """The replayed line ended "over (quest)", the engine's code; and `replay FILE --verify`
    without `--headless` verified nothing, without a word."""
    record = tmp_path / "r3.jsonl"
    assert cli.main(["autoplay", "--seed", "3", "--max-turns", "1200", "--record", str(record), "--json"]) == 0
    outcome = json.loads(capsys.readouterr().out)["outcome"]
    assert cli.main(["replay", "--headless", str(record)]) == 0
    assert f", over ({ending(outcome).short})" in capsys.readouterr().out
    assert cli.main(["replay", "--verify", str(record)]) == 2
    assert capsys.readouterr().err.startswith("masterless: --verify checks a recording with no screen")


def test_generate_tells_many_resist_dice_by_count_not_each_one(capsys) -> None:
    """Floor 99's monsters spend their points on Resist dice: each ability's line said
    "resist blades+blades+...", the Type written once per die, 27 times over."""
    argv = ["generate", "--seed", "1", "--party", "2", "--floor", "99", "--rooms", "1"]
    assert cli.main([*argv, "--json"]) == 0
    bought = [a for m in json.loads(capsys.readouterr().out)["rooms"][0]["monsters"] for a in m["abilities"]]
    assert cli.main(argv) == 0
    text = capsys.readouterr().out
    many = [a for a in bought if len(a["resist"]) > 1 and len(set(a["resist"])) == 1]
    assert many  # this room has them
    for ability in many:
        kind = ability["resist"][0]
        assert f"{ability['name']}: {ability['type']}, annoy {ability['annoy']}, pain {ability['pain']}, " \
               f"resist {kind} x{len(ability['resist'])}" in text
        assert f"{kind}+{kind}" not in text


def test_replay_finds_a_kept_recording_by_its_name_alone(tmp_path, capsys, monkeypatch) -> None:
    """The Replays screen lists the recordings folder's files by name; `replay NAME` from
    anywhere else said "no such file"."""
    from game.core.paths import recordings_dir

    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path / "home"))
    kept = recordings_dir() / "seed-6.mlrec"
    kept.parent.mkdir(parents=True)
    assert cli.main(["autoplay", "--seed", "6", "--max-turns", "40", "--record", str(kept)]) == 0
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    capsys.readouterr()
    assert cli.main(["replay", "--headless", "--verify", kept.name]) == 0
    assert capsys.readouterr().out.startswith(f"{kept}: verified: seed 6,")
    assert cli.main(["replay", "--headless", "no-such-run.mlrec"]) == 3
    assert "no-such-run.mlrec: no such file" in capsys.readouterr().err


def test_generate_names_each_ai_seat_once_not_with_its_personality_again(capsys) -> None:
    """"2 Swarm (AI) (swarm)": the seat's name already says the personality it builds by."""
    argv = ["generate", "--seed", "1", "--party", "2", "--rooms", "2", "--seats", "human:Ann,ai:tyrant,ai"]
    assert cli.main([*argv, "--json"]) == 0
    seats = json.loads(capsys.readouterr().out)["seats"]
    assert cli.main(argv) == 0
    text = capsys.readouterr().out
    said = ", ".join(f"{s['seat'] + 1} {s['name']}" + (f" ({s['personality']})" if s["kind"] == "human" else "")
                     for s in seats)
    assert f"Seats: {said}\n" in text
    assert "(AI) (" not in text


def test_catalog_map_draws_each_rooms_plan_under_its_line(capsys) -> None:
    """`catalog --map` printed the same lines as without it: the flag was never read."""
    from game import cli

    assert cli.main(["catalog", "--seeds", "1-1", "--floors", "1", "--rooms", "2"]) == 0
    plain = capsys.readouterr().out.splitlines()
    assert cli.main(["catalog", "--seeds", "1-1", "--floors", "1", "--rooms", "2", "--map"]) == 0
    drawn = capsys.readouterr().out.splitlines()
    assert [line for line in drawn if line.startswith("seed ")] == plain
    second = drawn.index(plain[1])
    plan = drawn[1:second]
    assert len(plan) > 3 and all(row.startswith("    ") for row in plan)
    assert any("#" in row for row in plan) and plan[-1].strip()  # walls drawn, no blank rows below
