"""Where things stand on a floor: free tiles near a spot, a room's tiles and doors, the party
placed around a stair."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from game.mapgen.tiles import FLOOR, Tile
from game.world.components import HeroState, MonsterState, Position

if TYPE_CHECKING:
    from game.engine.game import Game

MONSTER_GLYPH_COLOUR = (230, 80, 60)
DOOR = int(Tile.DOOR)  # a plain int: an enum member looked up on its class costs ~10 plain reads


def free_tile_near(game: Game, x: int, y: int) -> tuple[int, int]:
    """The nearest walkable, empty tile to (x, y) (ring by ring, in a fixed order)."""
    floor = game.floor
    for r in range(0, 12):
        for dy in range(-r, r + 1):
            for dx in range(-r, r + 1):
                if max(abs(dx), abs(dy)) != r:
                    continue
                nx, ny = x + dx, y + dy
                if 0 <= ny < floor.height and 0 <= nx < floor.width and floor.walkable[ny, nx] \
                        and int(floor.tile[ny, nx]) != DOOR and game.creature_at(nx, ny) is None:
                    return nx, ny
    return x, y


def gather_party(game: Game, x: int, y: int) -> None:
    """Every living hero comes along through a stair, placed around (x, y) on the current floor."""
    placed = [(eid, game.position(eid)) for eid, _ in game.heroes()]
    placed = [(eid, pos) for eid, pos in placed if pos is not None]
    for _, pos in placed:
        pos.floor = -1  # off the map while the party is placed again
    for i, (_, pos) in enumerate(placed):
        pos.x, pos.y = free_tile_near(game, x, y) if i else (x, y)
        pos.floor = game.dungeon.floor_no


def door_tiles(game: Game, cell: tuple[int, int], side: str) -> list[tuple[int, int]]:
    """The closed doors along the wall on `side` of `cell`, in order along it (found in numpy
    over the wall's row or column: a tile read from the array and compared in Python costs
    about ten times as much, and a room's doors are looked for along whole walls)."""
    floor = game.floor
    x0, y0, x1, y1 = floor.cells[cell].bounds
    if side in ("n", "s"):
        y = y0 if side == "n" else y1
        return [(x, y) for x in ((floor.tile[y, x0:x1 + 1] == DOOR).nonzero()[0] + x0).tolist()]
    x = x0 if side == "w" else x1
    return [(x, y) for y in ((floor.tile[y0:y1 + 1, x] == DOOR).nonzero()[0] + y0).tolist()]


def room_tiles(game: Game, cell: tuple[int, int], reach: np.ndarray | None = None) -> list[tuple[int, int]]:
    """Free floor tiles of the room (reachable ones only, when `reach` is given)."""
    xs, ys = _floor_tiles(game, cell, reach)
    taken = taken_tiles(game)
    return [(x, y) for x, y in zip(xs.tolist(), ys.tolist(), strict=True) if (x, y) not in taken]


def _floor_tiles(game: Game, cell: tuple[int, int], reach: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    """The room's floor tiles (those `reach` marks, when given), x and y, row by row."""
    floor = game.floor
    x0, y0, x1, y1 = floor.cells[cell].bounds
    free = floor.tile[y0 + 1:y1, x0 + 1:x1] == FLOOR
    if reach is not None:
        free &= reach[y0 + 1:y1, x0 + 1:x1]
    ys, xs = np.nonzero(free)
    return xs + x0 + 1, ys + y0 + 1


def taken_tiles(game: Game) -> set[tuple[int, int]]:
    """Where a monster or a hero stands on the current floor."""
    taken = {(p.x, p.y) for _, (_, p) in game.world.get2(MonsterState, Position) if p.floor == game.dungeon.floor_no}
    taken |= {(p.x, p.y) for _, (_, p) in game.world.get2(HeroState, Position) if p.floor == game.dungeon.floor_no}
    return taken


def room_tile(game: Game, cell: tuple[int, int], n: int) -> tuple[int, int]:
    tiles = room_tiles(game, cell)
    if not tiles:
        x0, y0, x1, y1 = game.floor.cells[cell].bounds
        return (x0 + x1) // 2, (y0 + y1) // 2
    return tiles[(len(tiles) // 2 + 7 * n) % len(tiles)]


def far_tile(game: Game, cell: tuple[int, int], entry: tuple[int, int], n: int,
             reach: np.ndarray | None = None, taken: set[tuple[int, int]] | None = None) -> tuple[int, int]:
    """Monsters wait away from the way in, spread out: the n-th farthest free floor tile that
    the party can reach from `entry` (never across a chasm it cannot cross). `reach` is
    `floor.reachable_from(*entry)` when the caller has it already, `taken` is `taken_tiles(game)`
    when the caller keeps it (a room's monsters in turn: see `far_tiles`, `nth_far_tile`)."""
    return nth_far_tile(game, cell, far_tiles(game, cell, entry, reach), n, taken)


def far_tiles(game: Game, cell: tuple[int, int], entry: tuple[int, int],
              reach: np.ndarray | None = None) -> list[tuple[int, int]]:
    """The room's floor tiles reachable from `entry`, farthest first, then by (x, y): the order
    `far_tile` picks from, the same for every monster of a room (worked out once for them all)."""
    if reach is None:
        reach = game.floor.reachable_from(*entry)
    xs, ys = _floor_tiles(game, cell, reach)
    steps = np.abs(xs - entry[0]) + np.abs(ys - entry[1])
    order = np.lexsort((ys, xs, -steps))
    return list(zip(xs[order].tolist(), ys[order].tolist(), strict=True))


def nth_far_tile(game: Game, cell: tuple[int, int], tiles: list[tuple[int, int]], n: int,
                 taken: set[tuple[int, int]] | None = None) -> tuple[int, int]:
    """The n-th monster's place among `far_tiles`: the (3n)-th free one, or the last free one
    when fewer (a tile of the room when there is none)."""
    if not tiles:
        return room_tile(game, cell, n)
    if taken is None:
        taken = taken_tiles(game)
    picked, left = None, n * 3
    for tile in tiles:
        if tile in taken:
            continue
        picked = tile
        if not left:
            break
        left -= 1
    return room_tile(game, cell, n) if picked is None else picked
