"""Treasure in hand: what a hero can take now and why not, taking, using and dropping it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.sentences import capitalised, plural
from game.engine.results import DONE, Refused, Result
from game.engine.trap_play import host_words
from game.rules.costs import trade_value
from game.rules.heroes import max_hits
from game.world.components import Carried, HeroState, Position, TrapState, TreasureState

if TYPE_CHECKING:
    from game.engine.game import Game

def reachable_treasure(game: Game, eid: int) -> list[tuple[int, str]]:
    """Items the hero could take now (on its tile or in adjacent furniture it has opened), each
    with the reason it cannot be taken yet ("" if it can): monsters guard a room's treasure
    until they are dead; a trap that guards treasure must be sprung, disarmed or got past by
    this hero (finding it is not enough: DESIGN.md §2)."""
    pos = game.position(eid)
    px, py = pos.x, pos.y
    out = []
    for item_eid, (item, ipos) in on_floor_of(game, TreasureState, pos):
        if item.hidden or not (-1 <= ipos.x - px <= 1 and -1 <= ipos.y - py <= 1):
            continue
        if (ipos.x, ipos.y) != (pos.x, pos.y) and game.floor.walkable[ipos.y, ipos.x]:
            continue
        out.append((item_eid, why_not_taken(game, eid, item_eid, item)))
    return out


def why_not_taken(game: Game, eid: int, item_eid: int, item: TreasureState) -> str:
    """Why the hero cannot take the item even when beside it ("" if it can): see `reachable_treasure`."""
    if item.cell is None or item.seat < 0:
        return ""
    guards = [e for e, m in game.monsters_of_room(item.cell) if m.hostile]
    if guards and any(seen_by_party(game, e) for e in guards):
        return capitalised(f"{game.name(item_eid)} is guarded: the room's monsters still stand.")
    if guards:
        return f"Something unseen still prowls this room: {game.name(item_eid)} must wait."
    return trap_guard_words(game, eid, item_eid, item)


def kept_by(game: Game, eid: int, item: TreasureState) -> str | int | None:
    """What keeps the hero from the item: "monsters" (the room's own still stand), a guard trap's
    entity (live, and this hero has not got past it), or None when nothing does."""
    if item.cell is None or item.seat < 0:
        return None
    if any(m.hostile for _, m in game.monsters_of_room(item.cell)):
        return "monsters"
    return next((t for t in item.guarded_by if trap_keeps(game, eid, t)), None)


def trap_keeps(game: Game, eid: int, t: int) -> bool:
    """Whether guard trap `t` still keeps this hero from what it guards."""
    trap = game.world.try_comp(t, TrapState)
    return trap is not None and trap.live and not trap.sprung and eid not in trap.passed_by


def trap_guard_words(game: Game, eid: int, item_eid: int, item: TreasureState) -> str:
    """Why a trap keeps the hero from the item ("" if none does): the first of its guards still
    live that this hero has not got past, named with where it lies once the hero has found it
    (a guard may sit on other furniture of the room than the item), else only felt."""
    for t in item.guarded_by:
        if not trap_keeps(game, eid, t):
            continue
        trap = game.world.comp(t, TrapState)
        if eid in trap.found_by:
            return capitalised(f"{game.name(t)} on the {host_words(game, trap.host)} guards {game.name(item_eid)}: "
                               "it must be disarmed or got past first.")
        return (f"Something about {game.name(item_eid)} feels wrong: a trap somewhere in this room guards it "
                "(a search may find it).")
    return ""


def pick_up(game: Game, eid: int) -> Result:
    items = reachable_treasure(game, eid)
    if not items:
        return Refused("There is nothing here to take.")  # nothing happened: a notice, as for a wall
    for item_eid, why_not in items:
        if why_not:
            game.say(why_not)
            continue
        item = game.world.comp(item_eid, TreasureState)
        game.world.remove(item_eid, Position)
        game.world.add(item_eid, Carried(eid))
        if item.seat >= 0:
            game.stats.treasure_found += item.cost
            item.seat = -1  # counted once, even if dropped and taken again
            item.from_below = True  # a collect quest counts it once it reaches town (`quests.bring_out`)
        worth = f"worth {trade_value(item.spec)} in town"
        if item.objective:
            worth = "what the quest is after, not for trading"
        game.say(f"{game.name(eid)} takes {game.name(item_eid)} ({worth}).", "loot")
    return DONE


def use_item(game: Game, eid: int, index: int) -> Result:
    pack = game.pack(eid)
    if not 0 <= index < len(pack):
        return Refused("There is no such item in the pack.")
    item_eid, item = pack[index]
    if item.spec.heal <= 0:
        reason = capitalised(f"{game.name(item_eid)} is worn, not used: its magic is always at work."
                             if item.spec.fancy else f"{game.name(item_eid)} is for trading in town, not for using.")
        game.say(reason)
        return Refused(reason)
    hero = game.world.comp(eid, HeroState)
    before = hero.hits
    hero.hits = min(max_hits(hero.level), hero.hits + item.spec.heal)
    used = game.name(item_eid)  # named before it is gone ("uses #16" otherwise)
    game.world.delete(item_eid)
    game.say(f"{game.name(eid)} uses {used} and heals {plural(hero.hits - before, 'Hit')}.", "loot")
    return DONE


def drop(game: Game, eid: int, index: int) -> Result:
    pack = game.pack(eid)
    pos = game.position(eid)
    if not 0 <= index < len(pack) or pos is None:
        return Refused("There is no such item in the pack.")
    item_eid, _ = pack[index]
    game.world.remove(item_eid, Carried)
    game.world.add(item_eid, Position(pos.x, pos.y, pos.floor))
    game.say(f"{game.name(eid)} drops {game.name(item_eid)}.")
    return DONE


def on_floor_of(game: Game, kind: type, pos: Position) -> list[tuple[int, tuple[Any, Position]]]:
    """The entities with `kind` and a Position on the floor of `pos`, by entity id: the game's
    kept list (`Game.on_floor`) when that is the floor the party is on. Only for things that
    never change floor in place (traps, treasure, monsters: only heroes take stairs), as a hero
    asks at every step."""
    if pos.floor == game.dungeon.floor_no:
        return game.on_floor(kind)
    return [pair for pair in game.world.get2(kind, Position) if pair[1][1].floor == pos.floor]


def seen_by_party(game: Game, eid: int) -> bool:
    """Whether the party sees the creature now (what the party can be told about it)."""
    pos = game.position(eid)
    visible = game.derived.visible
    return pos is not None and visible is not None and bool(visible[pos.y, pos.x])
