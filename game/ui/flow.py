"""Which screen comes next, decided in one place: the engine says what the game waits for
(`Game.awaiting`), and this maps it to a screen: the end of the run, a human hero's trait choice,
town, the hot-seat Hallway's hand-overs, pick and builder, or the Hallway report after a new room.
The map screen asks after every action and every step of a walk; it never looks at the game's
phase itself."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.ui.kit import Kit
from game.ui.other_screens import open_screen
from game.ui.session import Session
from game.ui.state import State


class Flow:
    """The routing state of one run on screen: whether its end was shown, and which Hallway the
    player last saw (a room already shown is not announced again)."""

    def __init__(self, kit: Kit, session: Session, end_of_run: Callable[[State], State]) -> None:
        self.kit = kit
        self.session = session
        self.end_of_run = end_of_run
        self.ended = False
        self.design_seen: Any = session.game.hallway.last_design
        # hot-seat: the seat whose trait choice was shown last, so holding the keyboard now (None
        # once the table is elsewhere): another seat's choice comes behind a hand-over to it
        self.keyboard: int | None = None
        self.on_map: int | None = None  # the human seat whose key on the map was the latest (see `played`)

    def played(self, seat: int | None) -> None:
        """`seat` pressed a key on the map (a step, a walk): it holds the keyboard when the game
        next asks a hero's growth of some seat, which then comes behind a hand-over unless it is
        that seat's own."""
        if seat is not None:
            self.on_map = seat

    def due(self) -> bool:
        """Whether `next` would send the player somewhere now."""
        game = self.session.game
        waiting = game.awaiting()
        return ((waiting.kind == "over" and not self.ended) or waiting.kind in ("trait", "town")
                or game.hallway.last_design is not self.design_seen or self._human_designer(waiting) is not None)

    def next(self, here: State) -> tuple[State | None, bool]:
        """The screen the game sends the player to from `here` (None: stay), and whether a walk
        in progress must stop for it."""
        game = self.session.game
        waiting = game.awaiting()
        if waiting.kind == "over":
            if self.ended:
                return None, False
            self.ended = True
            return self.end_of_run(here), True
        holder = self.keyboard if self.keyboard is not None else self.on_map  # who has the keyboard now
        if waiting.kind == "trait" and waiting.seat is not None:
            self.keyboard = waiting.seat
            screen = open_screen("trait_choice", self.kit, self.session, here, seat=waiting.seat)
            return self._handed_over(screen, waiting.seat, holder), True
        self.keyboard = None  # past the growth choices (a designer's own hand-over tells the others to look away)
        if waiting.kind == "town":
            return open_screen("town", self.kit, self.session, here), True
        if self._human_designer(waiting) is not None:
            from game.ui.screens.designer_flow import designer_screen  # start-up: only hot-seat Hallways

            return designer_screen(self.kit, self.session, here, holder), True
        design = game.hallway.last_design
        if design is not self.design_seen:
            self.design_seen = design
            if design is not None and self.kit.options.hallway_after_room:
                return open_screen("hallway", self.kit, self.session, here), False
        return None, False

    def _handed_over(self, screen: State, seat: int, holder: int | None) -> State:
        """`screen` for `seat`, behind a "pass the keyboard" screen unless `seat` holds the
        keyboard: the one whose trait choice was the last screen (a hot-seat town, where each hero
        grows in turn), or, for the first choice, the one whose key on the map brought it. Nobody
        (None) is known to hold it when the run has just come on screen (`continue`): the choice
        owed when it was left is handed over too."""
        game = self.session.game
        if holder == seat or sum(1 for s in game.seats if s.human) < 2:
            return screen
        from game.ui.screens.handover import HandOverScreen  # start-up: only hot-seat tables
        from game.ui.screens.widgets import seat_colour  # start-up: with the hand-over

        hero = game.party.hero_of.get(seat)
        reason = f"{game.name(hero)} grows: {game.seats[seat].name} chooses how." if hero is not None else ""
        return HandOverScreen(self.kit, None, game.seats[seat].name, seat_colour(self.kit, game.seats[seat]),
                              screen, reason)

    def _human_designer(self, waiting: Any) -> int | None:
        game = self.session.game
        if waiting.kind in ("category", "build") and waiting.seat is not None and game.seats[waiting.seat].human:
            return waiting.seat
        return None
