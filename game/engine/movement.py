"""A hero's step: into a monster (a fight), a friend (swap places), a door (open it), a new room
(the Hallway), terrain (Roll Through the Dungeon's tests) or a hidden trap."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.doors import open_door
from game.engine.encounters import retrace_check
from game.engine.loot import seen_by_party
from game.engine.quests import try_catch
from game.engine.results import DONE, Refused, Result, Waiting
from game.engine.room_entry import enter_room, waiting_words
from game.engine.terrain import terrain_allows
from game.engine.trap_play import spring_all
from game.mapgen.tiles import Tile
from game.world.components import HeroState, MonsterState, Position, TrapState

if TYPE_CHECKING:
    from game.engine.game import Game

DIRECTIONS = {(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - {(0, 0)}
DOOR = int(Tile.DOOR)  # read at every step: an enum member looked up on its class costs some ten plain reads


def known_trap_at(game: Game, hero_eid: int, x: int, y: int) -> int | None:
    pos = game.position(hero_eid)
    if pos is None or max(abs(pos.x - x), abs(pos.y - y)) > 1:
        return None
    for teid, (trap, tpos) in game.world.get2(TrapState, Position):
        if (tpos.x, tpos.y, tpos.floor) == (x, y, pos.floor) and trap.live and hero_eid in trap.found_by:
            return teid
    return None


def friends_give_way(game: Game) -> bool:
    """Heroes trade places only out of a fight: while no monster on this floor is after the party
    (one left aware on another floor, or one fleeing, fights no one here: counting them held a
    companion in a one-tile passage "in the middle of a fight" with nobody to fight)."""
    return not any(m.aware and m.hostile and m.hits > 0 for _, (m, _) in game.on_floor(MonsterState))


def fight_words(game: Game) -> str:
    """Why friends keep their places, as far as the party knows: a fight it sees, or only that
    something it cannot see is after it (a monster that noticed the party out of sight: "in the
    middle of a fight" came with no foe in sight, before the room's monsters showed)."""
    for eid, (mon, _) in game.on_floor(MonsterState):
        if mon.aware and mon.hostile and mon.hits > 0 and seen_by_party(game, eid):
            return "in the middle of a fight"
    return "while something unseen is after the party"


def move(game: Game, eid: int, dx: int, dy: int) -> Result:
    """One step (or a blow, a swap, a door, a new room): what happened, or why not."""
    pos = game.position(eid)
    if pos is None or (dx, dy) not in DIRECTIONS:
        return Refused("That is not a step.")
    floor = game.floor
    nx, ny = pos.x + dx, pos.y + dy
    if not (0 <= nx < floor.width and 0 <= ny < floor.height):
        return Refused("The floor ends there.")
    other = game.creature_at(nx, ny)
    if other is not None:
        mon = game.world.try_comp(other, MonsterState)
        if mon is not None:
            game.party.focus[eid] = other
            if try_catch(game, eid, other):
                return DONE
            if mon.peaceful or not mon.aware:
                mon.peaceful, mon.aware = False, True
                game.say(f"{game.name(eid)} strikes at {game.name(other)}: it turns to fight!", "combat")
                return DONE
            game.say(f"{game.name(eid)} presses the attack on {game.name(other)}.", "combat")
            game.party.pressed.append((game.turn, eid, other))
            return DONE
        if not friends_give_way(game):
            return Refused(f"{game.name(other)} will not give way {fight_words(game)}.")
        opos = game.position(other)  # out of a fight, friends swap places
        opos.x, opos.y = pos.x, pos.y
        pos.x, pos.y = nx, ny
        return DONE
    tile = floor.tile.item(ny, nx)  # a Python int, no numpy scalar made (every step)
    if tile == DOOR:
        return open_door(game, eid, nx, ny)
    entering = floor.step_into(pos.x, pos.y, nx, ny)
    if entering is not None:
        cell, side = entering
        if not enter_room(game, eid, cell, side, (nx, ny)):
            return Waiting(waiting_words(game))  # the step ends when they are done
        if game.phase != "dungeon" or game.world.comp(eid, HeroState).hits <= 0:
            return DONE
        tile = floor.tile.item(ny, nx)
        if not floor.walkable.item(ny, nx) or game.creature_at(nx, ny) is not None:
            return DONE  # the room is there now, but something stands in the way in
    elif not floor.walkable.item(ny, nx):
        return Refused("A wall is in the way.")  # no turn spent
    elif game.party.returning and floor.cell_of(nx, ny) not in (None, floor.cell_of(pos.x, pos.y)):
        retrace_check(game, floor.cell_of(nx, ny))
        if game.creature_at(nx, ny) is not None:
            return DONE
    if not terrain_allows(game, eid, tile):
        return DONE
    pos.x, pos.y = nx, ny
    spring_all(game, eid, nx, ny, "walk", "steps on a hidden plate")
    return DONE
