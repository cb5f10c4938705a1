"""Closed doors (Roll Through the Dungeon table RD): the trap first, then the lock, jam or lever."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.harm import resist
from game.engine.results import DONE, Refused, Result
from game.engine.trap_play import spring_all
from game.mapgen.tiles import Tile
from game.world.components import DoorState, HeroState

if TYPE_CHECKING:
    from game.engine.game import Game

def open_door(game: Game, eid: int, x: int, y: int) -> Result:
    """A closed door: its trap springs first (if there is one the hero does not know of), then
    its lock (Locks test), jam (Force test) or lever must be beaten (tier dice + Floor)."""
    door_eid = game.entity_at(x, y, DoorState)
    door = game.world.comp(door_eid, DoorState) if door_eid is not None else None
    spring_all(game, eid, x, y, "open", "opens a door")
    if game.world.comp(eid, HeroState).hits <= 0:
        return DONE
    if door is not None and door.locked:
        if door.kind == "lever":
            if game.dungeon.levers <= 0:
                reason = "This door will not budge: somewhere a lever must work it."
                game.say(reason)
                return Refused(reason)
            game.dungeon.levers -= 1
        elif game.dungeon.keys > 0:
            game.dungeon.keys -= 1
            game.say(f"{game.name(eid)} turns a key in the lock.")
        else:
            test, action = ("Locks", "locks") if not door.jammed else ("Force", "force")
            dice = game.dungeon.floor_no + 2 * max(door.tier, 0)
            ok, _ = resist(game, eid, f"the door ({test})", -1, dice, "", False, action=action)
            if not ok:
                door.failed += 1
                game.say(f"{game.name(eid)} cannot get the door open.")
                return DONE
        door.locked = False
    if door is not None:
        door.is_open = True
    game.floor.set_tile(x, y, Tile.DOOR_OPEN)
    game.say(f"{game.name(eid)} opens the door.")
    return DONE
