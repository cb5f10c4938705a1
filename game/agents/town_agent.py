"""An AI hero's seat in town (DESIGN.md §2, the town workshop): it trades loot in for workshop
points, has healing made for its wounds and designs new treasure with the rest by its seat's
personality; then the party banks its haul and retires, unless its run had barely begun (then it
delves again). A party comes home without its quest only when it had to (badly hurt, out of
light and food), and a second trip would stake the whole haul on a quest's small reward, so a good
player banks it (issue 14: before, nine parties in ten went down again and the run's one other
ending, retiring, was rare). A pure function of the game state: its own randomness comes from a stream named from
the seed, never from the game's streams (a replay never runs it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.rng import Stream, derive_seed
from game.designers.personality import personality
from game.designers.scout import view_party
from game.designers.table import designers_for
from game.designers.treasure import design_treasure
from game.engine import actions as A
from game.rules.costs import trade_value
from game.rules.heroes import max_hits

if TYPE_CHECKING:
    from game.engine.game import Game

MAX_VISITS = 2  # visits after which the party retires (two trips down are a long run already)
DESIGN_FROM = 4  # points worth designing with (fewer are kept for the next visit)
BARELY_BEGUN = 5  # rooms under which a run has barely begun: nothing worth banking yet, go on


def delves_again(game: Game) -> bool:
    """Whether the party goes down again at all: not once the quest is paid, nor after
    MAX_VISITS (never from the turn limit, which only stops a run)."""
    return not game.stats.quest_paid and game.stats.town_visits < MAX_VISITS and bool(game.heroes())


def town_action(game: Game, seat: int) -> Any:
    """The next thing the party's AI heroes do in town (one action at a time)."""
    if not delves_again(game):
        return A.Retire(seat)
    for eid, hero in game.heroes():
        if game.seats[hero.seat].human:
            continue  # a human hero's workshop is its player's
        missing = max_hits(hero.level) - hero.hits
        if missing > 0 and hero.workshop >= 3:
            return A.Trade(hero.seat, heal=min(missing, hero.workshop - 2))
        # what it can best do without: plain valuables before the dice it fights and wards with
        loot = sorted((bool(t.spec.annoy or t.spec.pain or t.spec.universal), trade_value(t.spec), i)
                      for i, (_, t) in enumerate(game.pack(eid)) if not t.spec.heal and trade_value(t.spec) > 0)
        if missing > 0 and loot and not loot[0][0]:
            return A.Trade(hero.seat, item=loot[0][2])
        draughts = [(t.spec.heal, i) for i, (_, t) in enumerate(game.pack(eid)) if 0 < t.spec.heal <= missing]
        if draughts:  # rather a draught it carries than a ward it fights with
            return A.UseItem(hero.seat, min(draughts)[1])
        if missing > 0 and loot:
            return A.Trade(hero.seat, item=loot[0][2])
        if missing <= 0 and hero.workshop >= DESIGN_FROM:
            return design_action(game, eid, hero.seat, hero.workshop)
    return A.Delve(seat) if game.stats.rooms_entered < BARELY_BEGUN else A.Retire(seat)


def design_action(game: Game, eid: int, seat: int, points: int) -> Any:
    """The first item the seat's personality would design with all of the hero's points."""
    style = personality(designers_for(game.seats, "auto")[seat].personality).treasure
    view = view_party([game.sheet(e) for e, _ in game.heroes()], [i for e, _ in game.heroes() for i in game.items(e)])
    stream = Stream(derive_seed(game.seed, "workshop", seat, game.stats.town_visits, points))
    item = design_treasure(points, view, style, stream)[0]
    return A.DesignItem(seat, item.fancy, item.value, item.heal, item.annoy, item.pain, item.universal, item.type)
