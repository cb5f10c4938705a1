"""The speed-ups never change a game: a run played with every cache emptied after each action and
no decision memo (`Game.deciding`) ends in the very state of one played with them."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from game.agents.autoplay import autoplay
from game.engine.game import Game


def forget_everything(game: Game, _action: Any) -> None:
    """Drop every kept answer (the party's current sight stays: the AI reads it as state)."""
    game.derived.caches.clear()
    game.derived.fov_cache.clear()
    game.derived.sheets.clear()
    game.derived.last_sheet.clear()


# (seed, seats, turns): the second, a whole run, plays differently if a distance map is kept
# without the stuck doors and known plates it goes around (checked by breaking that key)
RUNS = [(3, "ai+hero,ai+hero,ai", 600), (3, "ai+hero,ai+hero,ai+hero,ai", 5000)]


@pytest.mark.parametrize(("seed", "seats", "turns"), RUNS)
def test_a_run_is_the_same_without_caches(seed: int, seats: str, turns: int, monkeypatch: pytest.MonkeyPatch) -> None:
    fast, fast_summary = autoplay(seed, seats, max_turns=turns)
    fast.close()
    monkeypatch.setattr(Game, "deciding", lambda self: contextlib.nullcontext())
    slow, slow_summary = autoplay(seed, seats, max_turns=turns, on_action=forget_everything)
    slow.close()
    assert slow_summary["turns"] > 50  # a run long enough to route, fight and explore
    assert slow_summary == fast_summary


def test_the_decision_memo_lives_only_while_deciding() -> None:
    game, _ = autoplay(5, "ai+hero,ai+hero,ai", max_turns=30)
    assert game.derived.memo is None
    with game.deciding():
        assert game.derived.memo == {}
    assert game.derived.memo is None
    game.close()
