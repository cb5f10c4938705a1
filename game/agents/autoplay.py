"""Whole runs with AI at every seat, no screen: what the tests, the balance work and the
benchmarks stand on. Every action is applied through `apply_action`, so an autoplayed run records
and replays like any other."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.agents.companion import ai_action
from game.core.dials import Dials
from game.core.seats import drawn_personalities, parse_seats
from game.engine import actions as A
from game.engine.dispatch import apply_action
from game.engine.game import HARM_SOURCES, Game
from game.engine.invariants import check_invariants
from game.engine.quests import fulfilled
from game.engine.run_score import score
from game.engine.start import new_game

MAX_ACTIONS_PER_TURN = 60  # a hero that keeps choosing actions that cost no turn is made to wait


def play(game: Game, max_turns: int, check: bool = False, on_action: Callable[[Game, Any], None] | None = None) -> None:
    """Play `game` to its end or to `max_turns`, every seat by the AI."""

    stalled = 0
    last_turn = game.turn
    deciding = game.deciding()  # one for the run: entering it only opens a fresh memo
    while game.phase != "over" and game.turn < max_turns:
        seat = game.next_seat()
        if seat is None:
            break
        with deciding:  # nothing changes while the AI chooses: its route questions are asked once
            action = ai_action(game)
        if stalled > MAX_ACTIONS_PER_TURN:
            action = A.Wait(seat) if game.phase == "dungeon" else A.Retire(seat)
        apply_action(game, action)
        if on_action is not None:
            on_action(game, action)
        if check:
            check_invariants(game)
        if game.turn == last_turn:
            stalled += 1
        else:
            stalled, last_turn = 0, game.turn


def summary(game: Game) -> dict[str, Any]:
    heroes = game.heroes(living=False)
    return {
        "seed": game.seed,
        "turns": game.turn,
        "rooms": game.stats.rooms_entered,
        "floor": game.stats.deepest_floor,
        "outcome": game.outcome or ("turn_limit" if game.phase != "over" else "over"),
        "state_hash": game.state_hash(),
        "deaths": game.stats.deaths,
        "xp": sum(h.xp for _, h in heroes),
        "levels": [h.level for _, h in game.heroes(living=False) if h.hits > 0] or [0],
        "kills": game.stats.monsters_killed,
        "treasure_found": game.stats.treasure_found,
        "banked": game.stats.banked,
        "score": score(game),
        "quest": ({"id": game.quest.id, "name": game.quest.name, "fulfilled": fulfilled(game)}
                  if game.quest else None),
        "damage": {k: game.stats.damage.get(k, 0) for k in HARM_SOURCES},
        "deaths_by": {k: game.stats.deaths_by.get(k, 0) for k in HARM_SOURCES},
        "town": {"visits": game.stats.town_visits, "sold": game.stats.town_sold,
                 "designed": game.stats.town_designed, "healed": game.stats.town_healed},
    }


def autoplay(seed: int, seats: str = "ai+hero,ai+hero,ai", level: int = 2, dials: Dials | None = None,
             max_turns: int = 5000, check: bool = False,
             on_action: Callable[[Game, Any], None] | None = None,
             designs: tuple[Any, ...] = ()) -> tuple[Game, dict[str, Any]]:
    game = new_game(seed, parse_seats(drawn_personalities(seats, seed)), level, dials or Dials())
    game.designs = designs  # the table's saved designs (`--designs`): the AI seats may draw on them
    play(game, max_turns, check, on_action)
    return game, summary(game)
