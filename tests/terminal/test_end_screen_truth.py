"""The end of a run tells the truth, as the player sees it in a terminal (issue 14): three runs
that achieved nothing score 0 and the third is never "the best run yet"; a run's sentence says
what it did; the rank line agrees with the high-score list it was filed in."""

from __future__ import annotations

from pathlib import Path

from map_tools import make_kit, play

from game.core.seats import parse_seats
from game.engine.game import Game
from game.engine.morgue import add_score
from game.engine.run_score import DEPTH_POINTS, ROOM_POINTS, score
from game.engine.start import new_game
from game.ui.screens.end_of_run import EndOfRunScreen
from game.ui.session import Session
from game.ui.state import Exit


def fallen(seed: int, floors: int = 0, rooms: int = 0) -> Game:
    """A party wiped after reaching `floors` below the entrance and clearing `rooms`."""
    game = new_game(seed, parse_seats("ai+hero,ai+hero,ai"))
    game.stats.deepest_floor = game.dungeon.entrance_floor + floors
    game.stats.rooms_entered = game.stats.rooms_cleared = rooms
    for _, hero in game.heroes():
        hero.hits = 0
    game.outcome, game.phase = "wiped", "over"
    return game


def shown(game: Game, rank: int, scores: list, tmp_path: Path, size: tuple[int, int] = (100, 30)) -> str:
    kit = make_kit(tmp_path)
    _, term = play(EndOfRunScreen(kit, Session(game), Exit("title"), None, rank, scores), [], size, kit)
    return " ".join(term.text().split())  # wrapped lines read as one


def test_three_runs_that_scored_0_are_tied_and_none_is_the_best_yet(tmp_path: Path) -> None:
    path = tmp_path / "scores.json"
    for seed in (1, 2, 3):
        game = fallen(seed)
        rank, scores = add_score(game, path)
    text = shown(game, rank, scores, tmp_path)
    assert score(game) == 0
    assert "best run yet" not in text
    assert f"#{rank} of 3 on the list, tied on score with 2 other runs" in text
    assert ("The run never went below the entrance floor (Floor 2), entered 0 rooms and cleared 0, and banked "
            "nothing (the dungeon keeps what the party carried).") in text
    assert "nothing banked: 0; 0 floors below the entrance: 0; 0 rooms cleared: 0" in text
    assert "Score 0" in text


def test_a_better_run_is_the_best_yet_and_says_what_it_did(tmp_path: Path) -> None:
    path = tmp_path / "scores.json"
    for seed in (1, 2):
        add_score(fallen(seed), path)
    game = fallen(4, floors=2, rooms=5)
    rank, scores = add_score(game, path)
    text = shown(game, rank, scores, tmp_path)
    assert score(game) == 2 * DEPTH_POINTS + 5 * ROOM_POINTS
    assert f"Score {score(game)}" in text
    assert "#1 of 3 on the list: the best run yet!" in text
    assert "The run reached Floor 4, 2 floors below the entrance, entered 5 rooms and cleared 5, and" in text
    assert "2 floors below the entrance: 20; 5 rooms cleared: 10" in text


def test_a_lone_run_is_the_first_on_the_list_not_the_best(tmp_path: Path) -> None:
    game = fallen(1, floors=1)
    rank, scores = add_score(game, tmp_path / "scores.json")
    text = shown(game, rank, scores, tmp_path, (80, 24))
    assert "#1 on the list: the first run on it" in text and "best" not in text
