"""Saved designs in whole games: AI seats draw them in autoplay, the recording keeps them so a
replay needs no folder, and a recording whose designs break a rule is refused (exit 3)."""

from __future__ import annotations

import shutil

from sharing_tools import SHIPPED, run

from game.agents.autoplay import autoplay
from game.designers.design_files import DesignTrap, SavedDesign, load_designs
from game.engine.recording import Header, Recorder
from game.engine.recording_read import read_recording
from game.rules.purchases import Trap


def test_ai_seats_draw_saved_designs_in_a_whole_run():
    drawn: set[str] = set()

    def note(game, action):
        if game.hallway.last_design is not None:
            drawn.update(name for _, name in game.hallway.last_design.from_design)

    autoplay(3, designs=load_designs(SHIPPED), max_turns=600, on_action=note)
    assert drawn and drawn <= {d.name for d in load_designs(SHIPPED)}


def test_a_run_without_designs_draws_none_and_plays_as_before():
    plain, summary = autoplay(3, max_turns=300)
    again, summary_again = autoplay(3, max_turns=300, designs=())
    assert summary == summary_again
    assert all(not name for name in (plain.hallway.last_design.from_design, again.hallway.last_design.from_design))


def test_the_recording_carries_its_designs_and_replays_without_the_folder(tmp_path):
    folder = tmp_path / "ours"
    shutil.copytree(SHIPPED, folder)
    record = tmp_path / "run.mlrec"
    done = run(tmp_path, "autoplay", "--seed", "3", "--max-turns", "400", "--designs", str(folder),
               "--record", str(record))
    assert done.returncode == 0, done.stderr
    shutil.rmtree(folder)
    header = read_recording(record).header
    assert [d.name for d in header.designs] == [d.name for d in load_designs(SHIPPED)]
    done = run(tmp_path, "replay", str(record), "--headless", "--verify")
    assert done.returncode == 0, done.stderr
    assert "verified" in done.stdout


def test_a_recording_without_designs_has_no_designs_key(tmp_path):
    record = tmp_path / "plain.mlrec"
    Recorder.for_new_game(record, 1, "ai+hero,ai").finish(Header(1, "ai+hero,ai").new_game())
    assert read_recording(record).header.designs == ()
    assert "designs" not in Header(1, "ai+hero,ai").to_json()


def test_a_recording_whose_design_breaks_a_rule_is_refused_with_the_rule(tmp_path):
    bad = SavedDesign("Odd Dice", traps=(DesignTrap(Trap("fire", annoy=3, pain=1), "walk"),))
    record = tmp_path / "bad.mlrec"
    Recorder.for_new_game(record, 1, "ai+hero,ai", designs=(bad,)).flush(durable=True)
    done = run(tmp_path, "replay", str(record), "--headless", "--verify")
    assert done.returncode == 3, done.stderr
    assert str(record) in done.stderr and "'annoy_pairs'" in done.stderr and "in pairs" in done.stderr


def test_play_refuses_a_broken_design_folder_before_it_needs_a_terminal(tmp_path):
    folder = tmp_path / "designs"
    folder.mkdir()
    (folder / "mundane.toml").write_text('name = "Mundane Magic"\n[[treasure]]\nheal = 1\n')
    for command in (["play", "--seed", "1"], ["autoplay", "--seed", "1"]):
        done = run(tmp_path, *command, "--designs", str(folder))
        assert done.returncode == 3, (command, done.stderr)
        assert "mundane.toml" in done.stderr and "'mundane_magic'" in done.stderr


def test_a_seat_named_curator_sets_out_every_design_that_fits():
    """`--seats ai+hero,ai:curator,ai:curator`: a design is drawn only where it costs exactly the
    category's budget (any personality may draw one; the curators draw whenever one fits), here
    in whole runs of autoplay."""
    designs = load_designs(SHIPPED)
    rooms = []

    def note(game, action):
        if game.hallway.last_design is not None and (not rooms or rooms[-1] is not game.hallway.last_design):
            rooms.append(game.hallway.last_design)

    autoplay(3, seats="ai+hero,ai:curator,ai:curator", designs=designs, max_turns=800, on_action=note)
    assert rooms
    for room in rooms:
        for category, _seat, personality in room.takers:
            costs = {d.cost(category) for d in designs if d.covers(category)}
            if personality == "curator" and getattr(room.budgets, category) not in costs:
                assert room.design_of(category) is None
        for category, name in room.from_design:
            drawn = next(d for d in designs if d.name == name)
            assert drawn.cost(category) == getattr(room.budgets, category)
    assert sum(1 for r in rooms for c, _, p in r.takers if p == "curator" and r.design_of(c)) >= 3
