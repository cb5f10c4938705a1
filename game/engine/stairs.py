"""Stairs: down the Downward Stair to the next floor, back up the way the party came, and out to
town from the entrance floor."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.encounters import forget_retraced
from game.engine.placement import gather_party
from game.engine.results import DONE, Refused, Result
from game.engine.spawning import spawn_doors
from game.engine.town import arrive_in_town
from game.mapgen.floor import Floor
from game.mapgen.tiles import Tile

if TYPE_CHECKING:
    from game.engine.game import Game

def stair_under(game: Game, eid: int, tile: Tile) -> bool:
    pos = game.position(eid)
    return pos is not None and int(game.floor.tile[pos.y, pos.x]) == tile


def descend(game: Game, eid: int) -> Result:
    """Down the Downward Stair: the whole party goes to the next Floor."""
    if not stair_under(game, eid, Tile.STAIR_DOWN):
        reason = "There is no stair down here."
        game.say(reason)
        return Refused(reason)
    pos = game.position(eid)
    below = game.dungeon.floor_no + 1
    came_from = (pos.x, pos.y)
    if below not in game.dungeon.floors:
        cell = game.floor.cell_of(pos.x, pos.y)
        game.dungeon.floors[below] = Floor.new(game.streams, below, game.dials.theme, entrance=cell)
        game.dungeon.floors[below].came_from = came_from
    game.dungeon.floor_no = below
    spawn_doors(game, game.floor.cells[game.floor.entrance].plan)  # a no-op on a floor seen before
    game.stats.deepest_floor = max(game.stats.deepest_floor, below)
    gather_party(game, *game.floor.start)
    game.say(f"The party goes down to Floor {below}.", "hallway")
    return DONE


def ascend(game: Game, eid: int) -> Result:
    """Up the stair the party came down by; from the first floor's entrance, out to town."""
    if not stair_under(game, eid, Tile.STAIR_UP):
        reason = "There is no stair up here."
        game.say(reason)
        return Refused(reason)
    if game.dungeon.floor_no == game.dungeon.entrance_floor:
        forget_retraced(game)

        arrive_in_town(game)
        return DONE
    came_from = getattr(game.floor, "came_from", None)
    game.dungeon.floor_no -= 1
    x, y = came_from or game.floor.start
    gather_party(game, x, y)
    game.say(f"The party climbs back to Floor {game.dungeon.floor_no}.", "hallway")
    return DONE
