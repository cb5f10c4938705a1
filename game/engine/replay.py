"""Watching a recording: a `Replay` steps forward and back and jumps to a turn, for the viewer
(the screen is the UI's; this is the engine side it drives) and for `replay --headless`.

Stepping back uses keyframes (DESIGN.md §4), not a replay from the start: while stepping
forward, a copy of the game is kept every `keyframe_every` actions; going back restores a copy
of the nearest keyframe at or before the target and re-applies the few actions after it.

A game is copied with `clone_game`: a deep copy of the `Game` records and a copy of its esper
world made through esper's public API (`World.copy`); `clone_game` is checked by the tests, and
if it ever fails the replay falls back to re-simulating from the start.
"""

from __future__ import annotations

import bisect
import copy
import itertools
from typing import Any

from game.engine.dispatch import apply_action
from game.engine.game import Derived, Game
from game.engine.recorded_play import Refusal, check_end, check_step, refusal_of
from game.engine.recording import Recording, Step
from game.engine.recording_read import read_recording

KEYFRAME_EVERY = 100  # actions between keyframes (a step back re-applies at most this many)
_clones = itertools.count(1)


def clone_game(game: Game) -> Game:
    """An independent copy of `game`: applying actions to one never changes the other."""
    world = game.world.copy(f"{game.world.name}-copy{next(_clones)}")
    # The log and the roll records are lists of frozen values that only grow: copying the lists
    # and sharing their lines makes a copy of a long game cost milliseconds instead of a tenth of
    # a second. Derived data starts empty in the copy (it is worked out again when needed).
    memo: dict[int, Any] = {id(game.world): world, id(game.log): list(game.log), id(game.rolls): list(game.rolls),
                            id(game.derived): Derived()}
    return copy.deepcopy(game, memo)


class Replay:
    """A recording being played: `game` is the game after the first `index` actions.

    `step()` applies the next action (checking it against the recording when `verify`, so a
    desync raises ReplayDesync with its turn); `step_back()`, `seek(index)` and
    `jump_to_turn(turn)` move anywhere. `close()` frees the esper worlds of the game and the
    keyframes."""

    def __init__(self, recording: Recording, keyframe_every: int = KEYFRAME_EVERY, verify: bool = True) -> None:
        self.recording = recording
        self.steps: list[Step] = recording.steps
        self.verify = verify
        self.keyframe_every = keyframe_every
        self.index = 0
        self.refused: Refusal | None = None  # the last action refused while playing forward (`check_step`)
        self._game = recording.header.new_game()
        self._keyframes: dict[int, Game] = {}  # action index -> a copy of the game there (never played on)
        self._cloning = keyframe_every > 0
        self._keep(0)
        # turn_before[i]: the turn action i was taken on (bisect finds a turn's first action)
        self.turn_before = [s.turn for s in self.steps]

    @classmethod
    def open(cls, path: str, keyframe_every: int = KEYFRAME_EVERY, verify: bool = True) -> Replay:
        """FileProblem (exit 3) for a file that cannot be used."""
        return cls(read_recording(path), keyframe_every, verify)

    # ----- where we are -----------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self._game

    @property
    def total(self) -> int:
        return len(self.steps)

    @property
    def at_end(self) -> bool:
        return self.index >= len(self.steps)

    @property
    def at_start(self) -> bool:
        return self.index == 0

    @property
    def turn(self) -> int:
        return self._game.turn

    @property
    def last_turn(self) -> int:
        return self.recording.turns

    @property
    def next_step(self) -> Step | None:
        return None if self.at_end else self.steps[self.index]

    @property
    def last_action(self) -> Any:
        """The action that brought the game here (None at the start)."""
        return self.steps[self.index - 1].action if self.index else None

    # ----- moving -------------------------------------------------------------------------------
    def step(self) -> Step | None:
        """Apply the next action; None at the end. At the last action the final state is checked."""
        if self.at_end:
            return None
        step = self.steps[self.index]
        self.refused = refusal_of(apply_action(self._game, step.action), self.index, step.action, self.refused)
        if self.verify:
            check_step(self._game, step, self.index, self.recording.header.check_bits, self.refused)
        self.index += 1
        if self.keyframe_every and self.index % self.keyframe_every == 0:
            self._keep(self.index)
        if self.verify and self.at_end:
            check_end(self._game, self.recording.end)
        return step

    def step_back(self) -> bool:
        """Go back one action; False at the start."""
        if self.index == 0:
            return False
        self.seek(self.index - 1)
        return True

    def seek(self, index: int) -> None:
        """Go to the game after the first `index` actions (clamped to the recording)."""
        index = max(0, min(index, len(self.steps)))
        if index < self.index or (self.keyframe_every and index - self.index > self.keyframe_every):
            start = max((k for k in self._keyframes if k <= index), default=0)
            if start > self.index or index < self.index:
                self._restore(start)
                self.refused = None  # from a keyframe on: a refusal before it is no longer on the way
        while self.index < index:
            self.step()

    def jump_to_turn(self, turn: int) -> None:
        """Go to the moment turn `turn` began: before the first action taken on it (or the end)."""
        self.seek(bisect.bisect_left(self.turn_before, turn))

    def run(self) -> Game:
        """Play to the end (checking every action when `verify`)."""
        while self.step() is not None:
            pass
        return self._game

    def close(self) -> None:
        seen = {id(self._game)}
        self._game.close()
        for game in self._keyframes.values():
            if id(game) not in seen:
                seen.add(id(game))
                game.close()
        self._keyframes.clear()

    # ----- keyframes ------------------------------------------------------------------------------
    def _keep(self, index: int) -> None:
        if self._cloning and index not in self._keyframes:
            frame = self._copy(self._game)
            if frame is not None:
                self._keyframes[index] = frame

    def _copy(self, game: Game) -> Game | None:
        try:
            return clone_game(game)
        except Exception:  # noqa: BLE001 - a copy we cannot make only costs speed: replay from the start
            self._cloning = False
            return None

    def _restore(self, index: int) -> None:
        frame = self._keyframes.get(index)
        game = self._copy(frame) if frame is not None and self._cloning else None
        if game is None:  # no keyframe to copy: start again from a fresh game
            index = 0
            game = self.recording.header.new_game()
        self._game.close()
        self._game = game
        self.index = index
