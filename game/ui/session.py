"""A game being played on screen: the Game, the table's AI seats played for them, and the
recorder that makes every input a save. Screens change the game only through `apply`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from game.engine.game import Game

if TYPE_CHECKING:
    from game.engine.results import Result

AI_STEPS_PER_CALL = 400  # AI heroes act until a human must choose, but never hang the screen


class RecorderLike(Protocol):
    def add(self, game: Game, action: Any) -> None: ...
    def finish(self, game: Game) -> None: ...


class Session:
    def __init__(self, game: Game, recorder: RecorderLike | None = None) -> None:
        self.game = game
        self.recorder = recorder
        self.log_seen = 0  # log lines the player has been shown (for the "more" marker)
        self.keeps_drafts = False  # a saved run: the room builder keeps its unconfirmed purchases on disk
        self.draft_unkept = False  # the builder's unconfirmed purchases could not be written: leaving loses them
        self.quest_told = False  # the map has said the quest is done (once a run)

    def apply(self, action: Any) -> Result:
        """Apply one action and record it; then let the AI heroes act until a human is up.
        Returns what the action did (a refusal carries the reason the player reads)."""
        from game.engine.dispatch import apply_action  # start-up: loaded with the first action

        result = apply_action(self.game, action)
        if self.recorder is not None:
            self.recorder.add(self.game, action)
        self.advance_ai()
        return result

    def advance_ai(self) -> None:
        game = self.game
        for _ in range(AI_STEPS_PER_CALL):
            seat = game.next_seat()
            if seat is None or game.seats[seat].human or game.phase != "dungeon":
                break
            from game.agents.companion import hero_action  # start-up: loaded when an AI hero first acts
            from game.engine.dispatch import apply_action  # start-up: loaded with the first action

            action = hero_action(game, seat, leader=self.leader())
            apply_action(game, action)
            if self.recorder is not None:
                self.recorder.add(game, action)

    def human_seat(self) -> int | None:
        """The human seat that must act now (None while the game is over)."""
        seat = self.game.next_seat()
        if seat is None:
            return None
        return seat if self.game.seats[seat].human else None

    def hero(self) -> int | None:
        """The hero entity of the seat whose turn it is (or the first living human's)."""
        seat = self.human_seat()
        if seat is not None:
            return self.game.party.hero_of.get(seat)
        return self.leader()

    def leader(self) -> int | None:
        for seat in sorted(self.game.party.hero_of):
            if self.game.seats[seat].human:
                eid = self.game.party.hero_of[seat]
                if self.game.heroes() and any(e == eid for e, _ in self.game.heroes()):
                    return eid
        return None

    def finish(self) -> None:
        if self.recorder is not None:
            self.recorder.finish(self.game)
