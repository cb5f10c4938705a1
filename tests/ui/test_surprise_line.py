"""The log's surprise line tells only what happened: the monsters' free turn may reach no one."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from screen_games import make_kit

from game.core.seats import parse_seats
from game.engine.combat import FIGHT
from game.engine.encounters import surprise
from game.engine.start import new_game
from game.rules.costs import monster_cost, monster_hits
from game.rules.purchases import Monster
from game.ui.present.headless import run_headless
from game.ui.screens.map_screen import first_screen
from game.ui.session import Session
from game.world.components import Glyph, MonsterState, Named, Position


class PartyCaught:
    """The surprise stream's two d6: the monsters are not surprised (6), the party is (1)."""

    def __init__(self) -> None:
        self.faces = [6, 1]

    def die(self, sides: int) -> int:
        return self.faces.pop(0)


def test_a_surprise_whose_monsters_reach_no_one_does_not_say_they_strike(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """A surprised party gives the monsters a free turn; when none of them comes within reach,
    nothing strikes, yet the log said "The monsters strike before the party is ready"."""
    game = new_game(7, parse_seats("human,ai,ai"), 2)
    hero = game.party.hero_of[0]
    pos = game.position(hero)
    ys, xs = np.nonzero(game.floor.walkable)
    in_rooms = [p for p in zip(xs.tolist(), ys.tolist(), strict=True) if game.floor.cell_of(*p) is not None]
    far = max(in_rooms, key=lambda p: max(abs(p[0] - pos.x), abs(p[1] - pos.y)))
    assert max(abs(far[0] - pos.x), abs(far[1] - pos.y)) > 12
    spec = Monster(level=1, name="Distant Mole")
    cell = game.floor.cell_of(*far)
    game.world.create(MonsterState(spec, monster_cost(spec), monster_hits(1), 1, cell, aware=True),
                      Position(far[0], far[1], game.dungeon.floor_no), Named("Distant Mole"),
                      Glyph("m", (200, 0, 0), 1))
    monkeypatch.setattr(game.streams, "get", lambda *a: PartyCaught())
    surprise(game, cell)
    assert not [r for r in game.rolls if r.title == FIGHT]  # no blow fell
    kit = make_kit(tmp_path)
    _, presenter = run_headless(first_screen(kit, Session(game)), [], kit=kit)
    text = " ".join(presenter.text().split())
    assert "Surprise!" in text and "strike" not in text, text
