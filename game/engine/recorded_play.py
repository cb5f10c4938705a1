"""A recording played back to a game: each action's check and the final state hash compared
(ReplayDesync names the turn of the first mismatch), and a damaged one played as far as it holds."""

from __future__ import annotations

from typing import Any

from game.core.errors import ReplayDesync
from game.engine import actions as A
from game.engine.dispatch import apply_action
from game.engine.game import Game
from game.engine.recording import CHECK_BITS, End, Recording, Step, check_of
from game.engine.results import Refused

# ----- replaying ----------------------------------------------------------------------------------
REFUSAL_REACH = 8  # actions back a refusal is named in a desync's line: an altered action often shows only later
Refusal = tuple[int, str, str]  # (action index, action kind, the reason it was refused)


def refusal_of(result: Any, index: int, action: Any, last: Refusal | None) -> Refusal | None:
    """The last action refused while playing back: a refusal recorded in play (a key that did
    nothing) plays back the same, but an altered or damaged action is refused where it was not,
    and the dice it would have drawn show the desync only a few actions later."""
    return (index, type(action).__name__, result.reason) if isinstance(result, Refused) else last


def check_step(game: Game, step: Step, index: int, bits: int = CHECK_BITS, refused: Refusal | None = None) -> None:
    """ReplayDesync unless `game`, having just applied `step`, is where the recording says (naming
    a refusal within REFUSAL_REACH actions before: most likely where it went astray)."""
    said = f"action {index + 1} ({A.describe(step.action)})"
    why = ""
    if game.turn != step.after:
        why = f"{said} left the game on turn {game.turn}, the recording on turn {step.after}"
    elif check_of(game, bits) != step.check:
        why = f"{said} drew different dice than when it was recorded"
    elif step.state is not None and game.state_hash()[:len(step.state)] != step.state:
        why = f"after {said} the game differs from the recording"
    if not why:
        return
    if refused is not None and index - refused[0] <= REFUSAL_REACH:
        why += f"; action {refused[0] + 1} ({refused[1]}) was refused on the way: {refused[2]}"
    raise ReplayDesync(step.turn, why)


def check_end(game: Game, end: End | None) -> None:
    if end is None:
        return
    if game.state_hash() != end.state or game.turn != end.turn or game.phase != end.phase:
        raise ReplayDesync(game.turn, "the final state differs from the recording")


def replay(recording: Recording, verify: bool = True, upto: int | None = None) -> Game:
    """A game with the recording's actions (the first `upto` of them) applied, checking each one
    when `verify` (ReplayDesync names the turn of the first mismatch)."""
    game = recording.header.new_game()
    steps = recording.steps if upto is None else recording.steps[:upto]
    bits = recording.header.check_bits
    refused: Refusal | None = None
    try:
        for i, step in enumerate(steps):
            refused = refusal_of(apply_action(game, step.action), i, step.action, refused)
            if verify:
                check_step(game, step, i, bits, refused)
        if verify and (upto is None or upto >= len(recording.steps)):
            check_end(game, recording.end)
    except BaseException:
        game.close()
        raise
    return game


def replay_salvaged(recording: Recording) -> tuple[Game, int]:
    """For a salvaged prefix: the game after the longest run of actions that still check, and
    how many that is (actions after a mismatch are garbage from the damage, not the game)."""
    game = recording.header.new_game()
    bits = recording.header.check_bits
    for i, step in enumerate(recording.steps):
        before = game.turn
        if before != step.turn:
            return _rewind(recording, game, i)
        apply_action(game, step.action)
        try:
            check_step(game, step, i, bits)
        except ReplayDesync:
            return _rewind(recording, game, i)
    return game, len(recording.steps)


def _rewind(recording: Recording, game: Game, good: int) -> tuple[Game, int]:
    game.close()
    return replay(recording, verify=False, upto=good), good
