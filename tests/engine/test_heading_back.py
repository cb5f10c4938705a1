"""Heading back to town: before each room retraced, every seat's hero rolls against the dark
once; each failure sends a wandering monster built by that seat."""

from collections import Counter

import game.engine.movement as run
from game.agents.autoplay import play
from game.core.dials import Dials
from game.core.seats import parse_seats
from game.engine.start import new_game

CHECK = "the dark on the way back"


def test_each_room_retraced_is_checked_once_per_hero_and_failures_bring_wanderers(monkeypatch):
    original = run.retrace_check
    checks: list[tuple[int, tuple[int, int], int, int]] = []  # floor, cell, rolls made, wanderers sent

    def watched(game, cell):
        made: list = []  # counted as they are recorded: game.rolls keeps only the latest ones
        record = game.record_roll
        game.record_roll = lambda roll: (made.append(roll), record(roll))[1]
        sent = game.dungeon.wandering_count
        try:
            result = original(game, cell)
        finally:
            del game.record_roll
        checks.append((game.dungeon.floor_no, cell, len(made), game.dungeon.wandering_count - sent))
        return result

    monkeypatch.setattr(run, "retrace_check", watched)
    for seed in range(1, 30):
        checks.clear()
        game = new_game(seed, parse_seats("ai+hero,ai+hero,ai"), 2, Dials())
        play(game, 2500)
        made = [c for c in checks if c[2]]
        if not made:
            continue
        assert all(n == 1 for n in Counter((f, c) for f, c, _, _ in made).values())  # once a room
        heroes = len(game.heroes(living=False))
        for _, _, rolls, sent in made:
            assert 1 <= rolls <= heroes  # one roll for each living hero
            assert sent <= heroes
        assert any(r.title == CHECK for r in game.rolls)
        return
    raise AssertionError("no run of seeds 1-29 headed back through a mapped room")


def test_a_wanderer_on_a_human_seats_budget_is_not_said_to_be_sent_by_that_player():
    """The AI builds every wandering monster, a human seat's too; the log said "Ann sends the Grey
    Rat out of the dark!", as if Ann had chosen it. An AI seat still sends its own."""
    from game.engine.encounters import spawn_wandering

    game = new_game(4, parse_seats("human:Ann,ai"), 2, Dials())
    pos = game.position(game.party.hero_of[0])
    cell = game.floor.cell_of(pos.x, pos.y)
    for seat, said in ((0, "on Ann's budget (the AI built it)"), (1, f"{game.seats[1].name} sends ")):
        spawn_wandering(game, seat, 4, cell)
        line = game.log[-1].text
        assert said in line and "out of the dark" in line, line
        assert not line.startswith("Ann sends"), line
