"""A scripted "human": hand-written inputs for the tests, the checked-in recordings and the bench.

Each human seat first plays the hand-written OPENING (moves, waits, searches, a bump into
whatever is there), then keeps to a rhythm a cautious player might have: a search every
SEARCH_EVERY actions, a wait every WAIT_EVERY, and otherwise what the AI companion would do in
its place (so the run goes somewhere). When the Hallway waits for a human designer
(design = ask) it takes the first category left and builds the plainest legal room; when a
human hero is owed a trait it takes the one the AI would raise. AI seats
play as in autoplay. Nothing here draws from
the game's random streams: like a player's keys, the inputs only look at the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.agents.companion import hero_action, trait_action
from game.designers.builds import encode_trap, encode_treasure
from game.engine import actions as A
from game.engine.dispatch import apply_action
from game.engine.game import Game
from game.rules.purchases import Trap, Treasure

# (kind, dx, dy): a Move, or "search"/"wait"
OPENING: tuple[tuple[str, int, int], ...] = (
    ("search", 0, 0), ("move", 1, 0), ("move", 1, 0), ("move", 0, 1), ("wait", 0, 0),
    ("move", -1, 0), ("move", 0, -1), ("search", 0, 0), ("move", 1, 1), ("move", -1, -1),
    ("move", 0, 1), ("move", 0, 1), ("wait", 0, 0), ("move", 1, -1), ("search", 0, 0),
    ("move", -1, 1), ("move", 1, 0), ("wait", 0, 0), ("move", 0, -1), ("search", 0, 0),
)
SEARCH_EVERY = 9
WAIT_EVERY = 14


def designer_input(game: Game) -> Any:
    """A human designer's input when the Hallway waits for one (design = ask): the first category
    left, and the plainest build that spends the budget exactly (one trap on the first spot, one
    monster of the whole budget, or one treasure on the floor)."""

    waiting = game.hallway.pending.waiting  # type: ignore[attr-defined]
    seat = waiting[1]
    if waiting[0] == "category":
        return A.TakeCategory(seat, waiting[2][0])
    _, _, category, budget, _plan = waiting
    if category == "traps":
        items: tuple = (encode_trap(Trap("fire", annoy=2, pain=budget - 1), 0),)
    elif category == "monsters":
        items = ((budget, "claws", "scripted brute", ()),)
    else:
        items = (encode_treasure(Treasure(value=budget - 1), -1),)
    return A.BuildRoom(seat, category, items)


def scripted_action(game: Game, seat: int, n: int) -> Any:
    """The `n`th input (counting from 0) of the seat to act now."""

    waiting = game.awaiting()
    if waiting.kind == "trait":
        return trait_action(game, waiting.seat)
    if waiting.kind in ("category", "build"):
        return designer_input(game)
    if game.phase == "town":
        return A.Retire(seat)
    if not game.seats[seat].human:
        return hero_action(game, seat)
    if n < len(OPENING):
        kind, dx, dy = OPENING[n]
        return A.Move(seat, dx, dy) if kind == "move" else A.Search(seat) if kind == "search" else A.Wait(seat)
    if n % SEARCH_EVERY == 0:
        return A.Search(seat)
    if n % WAIT_EVERY == 0:
        return A.Wait(seat)
    return hero_action(game, seat)


def play_scripted(game: Game, max_actions: int, on_action: Callable[[Game, Any], None] | None = None) -> None:
    """Apply up to `max_actions` scripted inputs (fewer when the game ends)."""
    counts: dict[int, int] = {}
    for _ in range(max_actions):
        seat = game.next_seat()
        if seat is None or game.phase == "over":
            return
        n = counts.get(seat, 0)
        counts[seat] = n + 1
        with game.deciding():  # nothing changes while the inputs are chosen (as in autoplay)
            action = scripted_action(game, seat, n)
        apply_action(game, action)
        if on_action is not None:
            on_action(game, action)
