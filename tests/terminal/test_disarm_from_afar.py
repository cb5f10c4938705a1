"""D with a known trap out of reach: the screen says where the nearest lies and what to do, where
it said "You know of no trap within reach (s searches for traps)", untrue, and sent the player
to search again for a trap already found."""

from __future__ import annotations

from pathlib import Path

from map_tools import make_kit, new_session, play

from game.rules.purchases import Trap
from game.ui.screens.map_screen import first_screen
from game.world.components import Named, Position, TrapState


def test_d_says_where_a_known_trap_out_of_reach_lies(tmp_path: Path) -> None:
    kit = make_kit(tmp_path)
    session = new_session(7)
    game = session.game
    hero = game.party.hero_of[0]
    pos = game.position(hero)
    dx, dy = next((dx, dy) for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2), (-3, 0), (3, 0))
                  if game.floor.walkable[pos.y + dy, pos.x + dx] and game.floor.explored[pos.y + dy, pos.x + dx])
    trap = TrapState(Trap("fire", 2, 1, name="Cruel Dart Trap"), 2, 1, game.floor.cell_of(pos.x + dx, pos.y + dy),
                     "walk", "floor", found_by=set(game.party.hero_of.values()))
    game.world.create(trap, Position(pos.x + dx, pos.y + dy, game.dungeon.floor_no), Named("Cruel Dart Trap"))
    way = "west" if dx < 0 else "east" if dx > 0 else "north" if dy < 0 else "south"
    turn = game.turn
    _, term = play(first_screen(kit, session), ["D"], (80, 24), kit)
    text = " ".join(term.text().split())
    assert f"Cruel Dart Trap is {abs(dx or dy)} steps {way}: stand next to it to disarm it." in text, text
    assert "no trap within reach" not in text
    assert game.turn == turn
