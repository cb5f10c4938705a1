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


def test_ready_made_heroes_of_one_table_never_share_a_first_name() -> None:
    from game.core.rng import Streams
    from game.core.seats import random_hero, ready_made_heroes

    seats = parse_seats("human,human,human,ai+hero")
    clashed = 0
    for seed in range(300):
        drawn = [random_hero(Streams(seed).get("heroes", s.index, 0)).name.split()[0] for s in seats]
        heroes = ready_made_heroes(seed, seats, {})
        if len(set(drawn)) < len(drawn):
            clashed += 1
            firsts = [h.name.split()[0] for h in heroes.values()]
            assert len(set(firsts)) == len(firsts) == 4, (seed, firsts)
        else:
            assert heroes == {}  # no clash: the run plays exactly as before
    assert clashed  # the seeds above do clash sometimes: the test can fail


def test_the_hot_seat_form_offers_different_heroes_and_colours_per_seat(tmp_path: Path) -> None:
    from game.ui.screens.new_game import hot_seat_screen

    kit = make_kit(tmp_path)
    offered = set()
    for _ in range(6):
        screen = hot_seat_screen(kit, lambda *a, **k: None, None)
        screen.add_seat("human")
        heroes = [screen.hero(i).name for i, s in enumerate(screen.seats) if s.kind == "human"]
        assert len({h.split()[0] for h in heroes}) == len(heroes), heroes
        offered.add(heroes[0])
        colours = [s.colour for s in screen.seats]
        assert len(set(colours)) == len(colours)
        _, presenter = run_headless(screen, [], kit=kit, size=(100, 40))
        for name in heroes:
            assert name in presenter.text()
    assert len(offered) > 1  # not always the same first hero ("Brin Ashdown" every time)


def test_a_walk_held_up_by_another_players_hero_says_how_that_player_gets_the_keyboard(tmp_path: Path) -> None:
    """Four players: x at the start waited three turns behind Player 4's hero and stopped with
    "... stands in the way: Player 4 moves them.", and it was Player 1's turn again (the heroes
    following the walk take their turns as it goes), so each x only burnt three more turns and
    oil. The words say that Player 4 moves on their turn and which key ends this one; that key
    does hand the turn on."""
    game = new_game(8, parse_seats("human,human,human,human"), 2)
    kit = make_kit(tmp_path)
    screen = first_screen(kit, Session(game))
    assert isinstance(screen, MapScreen)
    _, presenter = run_headless(screen, [key("x")], kit=kit, size=(100, 34))
    words = " ".join(presenter.text().split())
    assert "stands in the way: Player 4 moves them on their turn; end yours by waiting (.)." in words
    assert presenter.lines()[0].startswith(" Player 1's turn")
    _, presenter = run_headless(screen, [key(".")], kit=kit, size=(100, 34))
    assert presenter.lines()[0].startswith(" Player 2's turn")


def test_a_walk_held_up_by_another_players_hero_burns_no_turns(tmp_path: Path) -> None:
    """The walk waited three turns for the hero in the way before it said so, but that hero
    follows the walk, which keeps it beside the walker: it never moves aside. Every x by the
    player behind it burnt three rounds of oil and food for the whole party (85 turns once, at a
    four-player table in a corridor). Now the walk stops at once, saying who is in the way."""
    game = new_game(8, parse_seats("human,human,human,human"), 2)
    kit = make_kit(tmp_path)
    screen = first_screen(kit, Session(game))
    assert isinstance(screen, MapScreen)
    turn, oil = game.turn, game.time.oil
    for _ in range(3):
        _, presenter = run_headless(screen, [key("x")], kit=kit, size=(100, 34))
        words = " ".join(presenter.text().split())
        assert "stands in the way: Player 4 moves them on their turn" in words, words
        assert presenter.lines()[0].startswith(" Player 1's turn")
    assert (game.turn, game.time.oil) == (turn, oil)
