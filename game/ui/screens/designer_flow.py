"""The one hook between the map and the hot-seat Hallway: `designer_screen(kit, session, back, holder)`.

Call it after every applied action (and after each step of a walk). When the game's pending
Hallway waits for a human designer (design = ask) it returns the screens that ask them:

    hand-over "pass the keyboard to <seat>" (the map hidden; "look away, all but <seat>" when
    that seat is the `holder`, at the keyboard already)
      -> the category pick, or the room builder
      -> the next human designer's hand-over (or straight on, for the same seat)
      -> ... once the room is built: a hand-over to the seat whose turn it is (the builder
         hidden; none when that seat built last: it holds the keyboard), and then `back` (the
         map), where the party steps into the room.

With a single human seat there is nobody to hide anything from, and no hand-over screens.
Returns None when nothing waits for a human."""

from __future__ import annotations

from typing import Any

from game.core.sentences import plural
from game.ui.kit import Kit
from game.ui.screens.builder_screen import BuilderScreen
from game.ui.screens.category_pick import CATEGORY_LABEL, CategoryPickScreen
from game.ui.screens.handover import HandOverScreen
from game.ui.screens.widgets import seat_colour
from game.ui.session import Session
from game.ui.state import State


def hot_seat(game: Any) -> bool:
    return sum(1 for s in game.seats if s.human) >= 2


def waiting_human(game: Any) -> int | None:
    """The human seat the pending Hallway waits for to pick or build, or None (a hero's growth,
    which it may wait for first, has a screen of its own)."""
    pending = game.hallway.pending
    if pending is None or pending.waiting[:1] not in (("category",), ("build",)) or game.phase == "over":
        return None
    seat = pending.waiting[1]
    if not 0 <= seat < len(game.seats) or not game.seats[seat].human:
        return None
    return seat


def designer_screen(kit: Kit, session: Session, back: State, holder: int | None = None) -> State | None:
    """The screen the table needs now (see the module docstring), or None."""
    seat = waiting_human(session.game)
    if seat is None:
        return None
    return _ask(kit, session, back, seat, previous=None, holder=holder)


def _ask(kit: Kit, session: Session, back: State, seat: int, previous: int | None,
         holder: int | None = None) -> State:
    game = session.game
    waiting = game.hallway.pending.waiting
    then = _after(kit, session, back, seat)
    if waiting[0] == "category":
        screen: State = CategoryPickScreen(kit, session, None, seat, tuple(waiting[2]), then=then)
        reason = (f"{game.seats[seat].name} takes a category of the next room from the Hallway roll-off. "
                  "Everyone else, look away: the map stays hidden.")
    else:
        _, _, category, budget, plan = waiting
        screen = BuilderScreen(kit, session, None, seat, category, budget, plan, then=then)
        reason = (f"{game.seats[seat].name} builds the {CATEGORY_LABEL.get(category, category)} of the next room "
                  f"({plural(budget, 'point')}). Nobody else should see what is bought.")
    if not hot_seat(game) or previous == seat:
        return screen
    return HandOverScreen(kit, None, game.seats[seat].name, seat_colour(kit, game.seats[seat]), screen, reason,
                          keeps=holder == seat)


def _after(kit: Kit, session: Session, back: State, seat: int):  # noqa: ANN202 - a closure
    """Where the table goes once `seat` has answered."""

    def then() -> State:
        game = session.game
        nxt = waiting_human(game)
        if nxt is not None:
            return _ask(kit, session, back, nxt, previous=seat)
        if not hot_seat(game):
            return back
        turn = session.human_seat()
        if turn is None or turn == seat:  # the last to build holds the keyboard already
            return back
        name = game.seats[turn].name
        hero = game.party.hero_of.get(turn)
        who = f" ({game.name(hero)})" if hero is not None else ""
        reason = f"The room ahead is built. {name}{who}: your turn on the map."
        return HandOverScreen(kit, None, name, seat_colour(kit, game.seats[turn]), back, reason)

    return then
