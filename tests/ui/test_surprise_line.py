"""The log's surprise line tells only what happened: the monsters' free turn may reach no one."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from screen_games import make_kit

from game.core.seats import parse_seats
from game.engine.combat import FIGHT
from game.engine.encounters import surprise
from game.engine.game import Game
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


def party_caught(game: Game, monkeypatch) -> None:  # noqa: ANN001
    """The surprise stream's dice caught the party; every other stream rolls as it would."""
    real = game.streams.get
    monkeypatch.setattr(game.streams, "get", lambda name, *a: PartyCaught() if name == "surprise" else real(name, *a))


def put_mole(game: Game, x: int, y: int, name: str) -> int:
    spec = Monster(level=1, name=name)
    return game.world.create(MonsterState(spec, monster_cost(spec), monster_hits(1), 1, game.floor.cell_of(x, y),
                                          aware=True), Position(x, y, game.dungeon.floor_no), Named(name),
                             Glyph("m", (200, 0, 0), 1))


def far_mole(game: Game) -> tuple[int, tuple[int, int]]:
    """A hostile monster in a room far beyond the first hero's sight: its entity and its room."""
    pos = game.position(game.party.hero_of[0])
    ys, xs = np.nonzero(game.floor.walkable)
    in_rooms = [p for p in zip(xs.tolist(), ys.tolist(), strict=True) if game.floor.cell_of(*p) is not None]
    far = max(in_rooms, key=lambda p: max(abs(p[0] - pos.x), abs(p[1] - pos.y)))
    assert max(abs(far[0] - pos.x), abs(far[1] - pos.y)) > 12
    return put_mole(game, *far, "Distant Mole"), game.floor.cell_of(*far)


def screen_text(tmp_path: Path, game: Game) -> str:
    kit = make_kit(tmp_path)
    _, presenter = run_headless(first_screen(kit, Session(game)), [], kit=kit)
    return " ".join(presenter.text().split())


def test_a_surprise_whose_monsters_reach_no_one_does_not_say_they_strike(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """A surprised party gives the monsters a free turn; when none of them comes within reach,
    nothing strikes, yet the log said "The monsters strike before the party is ready"."""
    game = new_game(7, parse_seats("human,ai,ai"), 2)
    _, cell = far_mole(game)
    party_caught(game, monkeypatch)
    surprise(game, cell)
    assert not [r for r in game.rolls if r.title == FIGHT]  # no blow fell
    text = screen_text(tmp_path, game)
    assert "Surprise!" in text and "strike" not in text, text


def test_a_surprise_by_monsters_out_of_sight_names_none(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """Most surprises come from a dark room the party stands at the edge of: the log said "The
    monsters act" with no monster on the screen. What cannot be seen is "something"."""
    game = new_game(7, parse_seats("human,ai,ai"), 2)
    mole, cell = far_mole(game)
    party_caught(game, monkeypatch)
    surprise(game, cell)
    pos = game.position(mole)
    assert not game.derived.visible[pos.y, pos.x]  # the mole is not on the screen
    text = screen_text(tmp_path, game)
    assert "Surprise! Something in the room ahead stirs before the party is ready." in text, text
    assert "monsters act" not in text and "Distant Mole" not in text, text


def test_a_surprise_by_a_monster_in_view_names_it(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """One monster the party can see is named, and takes a verb for one ("The monsters act" was
    said of a single monster)."""
    game = new_game(7, parse_seats("human,ai,ai"), 2)
    pos = game.position(game.party.hero_of[0])
    x, y = next((pos.x + dx, pos.y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                if game.floor.walkable[pos.y + dy, pos.x + dx] and game.creature_at(pos.x + dx, pos.y + dy) is None
                and game.floor.cell_of(pos.x + dx, pos.y + dy) is not None)
    put_mole(game, x, y, "Near Mole")
    party_caught(game, monkeypatch)
    surprise(game, game.floor.cell_of(x, y))
    assert game.derived.visible[y, x]  # the mole is on the screen
    text = screen_text(tmp_path, game)
    assert "Surprise! Near Mole acts before the party is ready." in text, text
