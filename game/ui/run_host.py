"""What a run on screen asks of whoever hosts it (the app: saving, the end of the run, leaving);
the plain host saves nothing, for tests and demos."""

from __future__ import annotations

from game.core.outcomes import ending
from game.ui.kit import Kit
from game.ui.screens.dialog import MessageDialog
from game.ui.session import Session
from game.ui.state import Exit, State


class RunHost:
    """What the map screen needs from the app around it. This default saves nothing."""

    def save(self, session: Session) -> None:
        return None

    def save_problem(self) -> str | None:
        """Why saving is failing just now ("the disk is full": the reason, not the file, which
        the line printed on the way out names), for the hint line and the quit dialog; the game
        goes on and saves again as soon as it can."""
        return None

    def record_problem(self) -> str | None:
        """Why the `--record FILE` copy is failing while the run itself saves (None: it is not)."""
        return None

    def end_of_run(self, session: Session, screen: State) -> State:
        from game.engine.run_score import score  # start-up: only at the end of a run

        game = session.game
        text = ending(game.outcome).sentence
        return MessageDialog(screen_kit(screen), screen, f"{text} Score: {score(game)}.", title="The end",
                             then=lambda: Exit("over"))

    def leave(self, session: Session, abandon: bool) -> State:
        return Exit("abandoned" if abandon else "saved")


def screen_kit(screen: State) -> Kit:
    kit = getattr(screen, "kit", None)
    assert isinstance(kit, Kit)
    return kit
