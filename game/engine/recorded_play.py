"""A recording played back to a game: each action's check and the final state hash compared
(ReplayDesync names the turn of the first mismatch), and a damaged one played as far as it holds."""

from __future__ import annotations

from game.core.errors import ReplayDesync
from game.engine import actions as A
from game.engine.dispatch import apply_action
from game.engine.game import Game
from game.engine.recording import CHECK_BITS, End, Recording, Step, check_of


# ----- replaying ----------------------------------------------------------------------------------
def check_step(game: Game, step: Step, index: int, bits: int = CHECK_BITS) -> None:
    """ReplayDesync unless `game`, having just applied `step`, is where the recording says."""
    if game.turn != step.after:
        raise ReplayDesync(step.turn, f"action {index + 1} ({A.describe(step.action)}) left the game on turn "
                                      f"{game.turn}, the recording on turn {step.after}")
    if check_of(game, bits) != step.check:
        raise ReplayDesync(step.turn, f"action {index + 1} ({A.describe(step.action)}) drew different dice "
                                      "than when it was recorded")
    if step.state is not None and game.state_hash()[:len(step.state)] != step.state:
        raise ReplayDesync(step.turn, f"after action {index + 1} ({A.describe(step.action)}) the game differs "
                                      "from the recording")


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
    try:
        for i, step in enumerate(steps):
            apply_action(game, step.action)
            if verify:
                check_step(game, step, i, bits)
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
