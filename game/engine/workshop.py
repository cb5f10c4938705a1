"""The town workshop (DESIGN.md §2, "the town workshop"): a hero trades items in at half their
points (rounded down) and designs new treasure with them, priced and refused by the room
builder's own rules for one item; points not spent stay with that hero for the next visit.
Healing is bought only as healing treasure: designed here, drunk like any draught."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.sentences import plural
from game.engine import actions as A
from game.engine.loot import use_item
from game.engine.results import DONE, Refused, Result
from game.engine.spawning import make_treasure_entity
from game.rules.costs import trade_value
from game.rules.purchases import Treasure
from game.world.components import HeroState

if TYPE_CHECKING:
    from game.designers.builder import RoomBuilder
    from game.engine.game import Game


def workshop_builder(game: Game, eid: int) -> RoomBuilder:
    """The room builder for one hero's treasure: its budget is the hero's workshop points."""
    from game.designers.builder import RoomBuilder  # start-up: only the town workshop prices designs

    hero = game.world.comp(eid, HeroState)
    attacks = [game.sheet(e).attack for e, _ in game.heroes()]
    return RoomBuilder("treasure", hero.workshop, max(1, game.dungeon.floor_no), attacks)


def refusal(game: Game, eid: int, item: Treasure) -> str:
    """Why this hero cannot have `item` made now ("" if it can): the builder's rules and price."""
    from game.designers.builder import Purchase  # start-up: only the town workshop prices designs

    return workshop_builder(game, eid).refusal(Purchase(item, -1))


def hero_for(game: Game, seat: int) -> int | None:
    eid = game.party.hero_of.get(seat)
    if eid is None or game.world.comp(eid, HeroState).hits <= 0:
        return None
    return eid


def sell(game: Game, eid: int, index: int) -> Result:
    """Trade an item in: floor(cost / 2) points to this hero's workshop."""
    pack = game.pack(eid)
    if not 0 <= index < len(pack):
        return Refused("There is no such item in the pack.")
    item_eid, item = pack[index]
    value, name = trade_value(item.spec), game.name(item_eid)
    game.world.comp(eid, HeroState).workshop += value
    game.stats.town_sold += 1
    game.world.delete(item_eid)
    game.say(f"{game.name(eid)} trades in {name} for {plural(value, 'point')}.", "loot")
    return DONE


def make(game: Game, eid: int, item: Treasure, name: str = "") -> Result:
    """Design one item with the hero's points (refused with the builder's reason)."""
    from game.designers.builder import quote  # start-up: only the town workshop prices designs

    why = refusal(game, eid, item)
    if why:
        game.say(f"The workshop cannot make that: {why}.")
        return Refused(why)
    hero = game.world.comp(eid, HeroState)
    cost = quote(item).cost
    hero.workshop -= cost
    game.stats.town_designed += 1
    label = name or new_work_name(game, item)
    make_treasure_entity(game, item, label, -1, None, carried_by=eid)
    game.say(f"{game.name(eid)} has {label} made for {plural(cost, 'point')} ({hero.workshop} left).", "loot")
    return DONE


def new_work_name(game: Game, item: Treasure) -> str:
    """A name for an item made in town, given as the designers name the dungeon's treasure and
    unlike any the run has given (every item made was "a piece of new work" before). Drawn from
    a stream of its own per item made, so no other draw moves; the run's names are not added to."""
    from game.designers.naming import Namer  # start-up: only the town workshop names designs

    seen = set(game.dungeon.seen_names)
    seen.update(game.name(e) for h, _ in game.heroes(living=False) for e, _ in game.pack(h))
    stream = game.streams.get("workshop-name", game.stats.town_designed)
    return Namer(game.dials.seriousness, game.dials.theme, stream, seen).treasure(item, None)[0]


def design_item(game: Game, action: A.DesignItem) -> Result:
    eid = hero_for(game, action.seat)
    if eid is None:
        return Refused("That seat has no living hero.")
    item = Treasure(fancy=action.fancy, value=action.value, heal=action.heal, annoy=action.annoy, pain=action.pain,
                    universal=action.universal, type=action.type)
    return make(game, eid, item)


def drink(game: Game, action: A.UseItem) -> Result:
    """A healing item drunk in town (the only healing there is)."""
    eid = hero_for(game, action.seat)
    if eid is None:
        return Refused("That seat has no living hero.")
    hero = game.world.comp(eid, HeroState)
    before = hero.hits
    result = use_item(game, eid, action.item)
    game.stats.town_healed += hero.hits - before
    return result


def trade(game: Game, action: A.Trade) -> Result:
    """Trade an item in (`item`), or have a healer's draught of `heal` points made and drink it
    at once (a Fancy item with Heal points, at its treasure price)."""
    eid = hero_for(game, action.seat)
    if eid is None:
        return Refused("That seat has no living hero.")
    if action.item >= 0:
        return sell(game, eid, action.item)
    if action.heal <= 0:
        return Refused("Nothing to trade.")
    result = make(game, eid, Treasure(fancy=True, heal=action.heal))
    if result != DONE:
        return result
    pack = game.pack(eid)
    hero = game.world.comp(eid, HeroState)
    before = hero.hits
    use_item(game, eid, len(pack) - 1)
    game.stats.town_healed += hero.hits - before
    return DONE
