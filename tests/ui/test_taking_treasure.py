"""Taking treasure is plain (issue 15, point 5): `g` beside a `$` says where to stand; on it, `g`
takes it."""

from __future__ import annotations

from pathlib import Path

from screen_games import make_kit

from game.core.seats import parse_seats
from game.engine.spawning import make_treasure_entity
from game.engine.start import new_game
from game.rules.purchases import Treasure
from game.ui.events import key
from game.ui.present.headless import run_headless
from game.ui.screens.map_screen import MapScreen, first_screen
from game.ui.session import Session
from game.world.components import Carried, Position

DIRS = {(1, 0): ("east", "l"), (-1, 0): ("west", "h"), (0, 1): ("south", "j"), (0, -1): ("north", "k")}


def test_g_beside_treasure_says_which_way_and_on_it_takes_it(tmp_path: Path) -> None:
    game = new_game(7, parse_seats("human,ai,ai"), 2)
    hero = game.party.hero_of[0]
    pos = game.position(hero)
    (dx, dy), (word, step) = next(
        (d, v) for d, v in DIRS.items()
        if game.floor.walkable[pos.y + d[1], pos.x + d[0]] and game.creature_at(pos.x + d[0], pos.y + d[1]) is None)
    item = make_treasure_entity(game, Treasure(name="Silver Ewer"), "Silver Ewer", -1,
                                Position(pos.x + dx, pos.y + dy, game.dungeon.floor_no))
    kit = make_kit(tmp_path)
    screen = first_screen(kit, Session(game))
    assert isinstance(screen, MapScreen)
    turn = game.turn
    _, presenter = run_headless(screen, [key("g")], kit=kit)
    text = " ".join(presenter.text().split())
    assert f"Silver Ewer is one step {word}, stand on it" in text, text
    assert game.turn == turn  # only words: no turn spent
    _, presenter = run_headless(screen, [key(step), key("g")], kit=kit)
    carried = game.world.try_comp(item, Carried)
    assert carried is not None and carried.hero == hero
