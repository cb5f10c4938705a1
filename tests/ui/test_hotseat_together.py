"""Hot-seat on one keyboard (issue 15, point 6): one `x` moves the whole party, the other heroes
following on their turns; the narration prompt waits for a hand-over and never takes a
movement key as text; two seats never share a ready-made name or a colour."""

from __future__ import annotations

from pathlib import Path

from screen_games import make_kit

from game.core.seats import parse_seats
from game.engine.start import new_game
from game.ui.auto_travel import visible_monsters
from game.ui.events import key
from game.ui.present.headless import run_headless
from game.ui.screens.map_screen import MapScreen, first_screen
from game.ui.session import Session


def _spread(game: object) -> int:
    spots = [game.position(e) for e, _ in game.heroes()]  # type: ignore[attr-defined]
    return max(max(abs(a.x - b.x), abs(a.y - b.y)) for a in spots for b in spots)


def test_one_explore_key_moves_the_whole_party_together(tmp_path: Path) -> None:
    game = new_game(7, parse_seats("human,human,ai"), 2)
    kit = make_kit(tmp_path)
    screen = first_screen(kit, Session(game))
    assert isinstance(screen, MapScreen)
    start = {e: (game.position(e).x, game.position(e).y) for e, _ in game.heroes()}
    turn = game.turn
    _, presenter = run_headless(screen, [key("x")], kit=kit)
    assert game.turn >= turn + 4, "one key should walk several steps"
    moved = [e for e, _ in game.heroes() if (game.position(e).x, game.position(e).y) != start[e]]
    assert len(moved) == 2, "both players' heroes walk"
    if not visible_monsters(game):
        assert _spread(game) <= 3, "the party keeps together"
