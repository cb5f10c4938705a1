"""Where the way on lies (issue 14: no floor is a dead end without the way on being findable).

A floor goes on through an opening into a room not yet entered, a stair down (the Traps seat
places one whenever Party Min rose in a Hallway, DESIGN.md §2), or, when every opening is spent,
a secret passage a search can find (Roll Through the Dungeon). A door that will not open (a lever
door with no lever pulled, a lock with no key and no pick) closes its opening until the party
finds what opens it: levers and keys come from working furniture (table RF), on any floor, as
the dungeon counts them. A door whose failed try could slay the weakest hero is left shut until
that hero is mended (a draught, or town). `way_on` says which of these is next, as one true line
for the screen and tiles to head for; `has_way_on` is the same question asked of any floor the
party has seen, so a party does not go back down to a floor it has used up."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from game.core.sentences import plural
from game.engine.routes import (
    GIVE_UP_ON_DOOR,
    UNREACHABLE,
    Peril,
    explore_goals,
    passable,
    perilous_doors,
    search,
    seen_key,
    stuck_doors,
    stuck_key,
    tiles_of,
)
from game.mapgen.geometry import CELL_H, CELL_W
from game.mapgen.tables import DoorKind, door_kinds
from game.mapgen.tiles import Tile
from game.world.components import DoorState, Position
from game.world.distances import distances_from

if TYPE_CHECKING:
    from game.engine.game import Game
    from game.mapgen.floor import Floor

DEAD_END_SEARCHES = 3  # searches of a dead end after which the party stops hoping for a passage
# what is worth working for what it may hold or do: furniture to search, and levers to pull
WORTH_WORKING = np.array([int(t) for t in (Tile.CHEST, Tile.CRATE, Tile.GRATE, Tile.TOMB, Tile.THRONE, Tile.SHELF,
                                           Tile.STATUE, Tile.ALTAR, Tile.TABLE, Tile.COUNTER, Tile.DEBRIS,
                                           Tile.LEVER)])
IS_WORTH_WORKING = np.isin(np.arange(max(Tile) + 1), WORTH_WORKING).tolist()  # by tile code, read one tile at a time
LEAST_WORTH_WORKING = int(WORTH_WORKING.min())  # no tile below this code is worth working
STAIR_DOWN = int(Tile.STAIR_DOWN)  # compared with a floor's tiles at every step: looked up once
REACH_AREAS_KEPT = 4  # areas of one floor's ground kept at once (see `reach_area`)


@dataclass(frozen=True, slots=True)
class WayOn:
    """What the party should do to go on. `kind`: stair (a known stair down), explore (openings
    or unseen corners here), work (furniture here may hold the lever or key a door needs),
    mend (a door whose failed try could slay the weakest hero: heal first), search (a dead end
    that may hide a passage), up (the way on lies on a floor above), town (nothing is left to
    find for now). `goals`: tiles of this floor to head for (may be empty)."""

    kind: str
    text: str
    floor: int
    goals: tuple[tuple[int, int], ...] = ()


def way_on(game: Game, eid: int | None = None) -> WayOn:
    """The way on from where hero `eid` (default: the first living hero) stands on this floor."""
    n = game.dungeon.floor_no
    heroes = game.heroes()
    if game.phase != "dungeon" or not heroes:
        return WayOn("town", "The party is not in the dungeon.", n)
    eid = heroes[0][0] if eid is None else eid
    stairs = reachable(game, eid, tiles_of(game, Tile.STAIR_DOWN))
    if stairs and (n + 1 not in game.dungeon.floors or has_way_on(game, n + 1)):
        return WayOn("stair", f"A stair leads down to Floor {n + 1}.", n, stairs)
    goals = reachable(game, eid, explore_goals(game))
    if goals:
        return WayOn("explore", f"There is more of Floor {n} to explore.", n, goals)
    barred = barring_doors(game, n)
    work = reachable(game, eid, unworked(game, n)) if barred else ()
    if work:
        return WayOn("work", f"{barred[0]} bars the way: work this floor's furniture and levers, "
                             f"one may give what opens it.", n, work)
    peril = mend_first(game, n)
    if peril is not None:
        # the door shut leaves a dead end, whose search may find a passage round it (the party's
        # own way: it heads for town to mend, so that is said first)
        instead = "; or search here: a dead end may hide a secret passage" if can_search(game, n) else ""
        return WayOn("mend", f"{peril.words} is left shut: a failed try ({peril.pain} Pain dice) could slay one of "
                             f"the party ({game.name(peril.hero)}: {plural(peril.hits, 'Hit')} left). Mend first, "
                             f"with a draught or in town{instead}.",
                     n, tuple(tiles_of(game, Tile.STAIR_UP)))
    if can_search(game, n):
        return WayOn("search", "No way on is in sight: search here, a dead end may hide a secret passage.", n)
    above = next((f for f in range(n - 1, game.dungeon.entrance_floor - 1, -1) if has_way_on(game, f)
                  or (barred and any(near_reach(within_reach(game, f), x, y) for x, y in unworked(game, f)))), None)
    if above is not None:
        why = f"{barred[0]} here needs what may be found above" if barred else f"Floor {n} is used up"
        return WayOn("up", f"{why}: go back up to Floor {above}.", n, tuple(tiles_of(game, Tile.STAIR_UP)))
    return WayOn("town", "Nothing more can be found in the dungeon for now: head back to town.", n,
                 tuple(tiles_of(game, Tile.STAIR_UP)))


def has_way_on(game: Game, number: int) -> bool:
    """Whether floor `number` (one the party has been on) still leads somewhere: an opening the
    party can get through, a door it may yet open with what the floors hold, a stair down to a
    floor with a way on (or never seen), or a dead end still worth searching."""
    floor = game.dungeon.floors.get(number)
    if floor is None:
        return True  # never seen: all of it is still to find
    reach = within_reach(game, number)
    for x, y, _, _ in floor.exits():
        if reach[y, x]:  # a bool array: indexing it costs less than .item
            return True
    if barring_doors(game, number) and any(near_reach(reach, x, y) for x, y in unworked(game, number)):
        return True
    explored = floor.explored
    for x, y in stairs_down(game, number):
        if explored[y, x] and reach[y, x]:
            if has_way_on(game, number + 1):
                return True
            break  # asked once, as for the first such stair
    return can_search(game, number)


def stairs_down(game: Game, number: int) -> list[tuple[int, int]]:
    """The stairs down of floor `number`, seen or not, in row order: kept until its tiles change
    (a strong party asks whether the floor below leads on at every step)."""
    floor = game.dungeon.floors[number]

    def find() -> list[tuple[int, int]]:
        ys, xs = np.nonzero(floor.tile == STAIR_DOWN)
        return list(zip(xs.tolist(), ys.tolist(), strict=True))

    return game.derived.kept("stairs_down", (number, floor.version), find)


def within_reach(game: Game, number: int) -> np.ndarray:
    """Tiles of floor `number` the party can walk to from its stair up, doors it cannot open
    counting as walls (the same test for every floor, the one the party is on or not). Kept
    (read-only) until the floor's tiles or its stuck doors change: a strong party asks it of the
    floor below at every step."""
    floor = game.dungeon.floors[number]
    stuck = stuck_doors(game, number)

    def reach() -> np.ndarray:
        walkable = floor.walkable.copy()
        for x, y in stuck:
            walkable[y, x] = False
        dist = distances_from(walkable, [floor.start], cardinal=1, diagonal=1)
        found = (dist != UNREACHABLE) & walkable
        found.flags.writeable = False
        return found

    return game.derived.kept("within_reach", (number, floor.version, tuple(sorted(stuck))), reach)


def near_reach(reach: np.ndarray, x: int, y: int) -> bool:
    return bool(reach[max(0, y - 1):y + 2, max(0, x - 1):x + 2].any())


def can_search(game: Game, number: int) -> bool:
    """A search of floor `number` could still find a secret passage: no opening is left, the
    party has not given up searching, and some reachable room has a wall with an unmapped room
    behind it."""
    floor: Floor = game.dungeon.floors[number]
    stuck = stuck_doors(game, number)
    if any((x, y) not in stuck for x, y, _, _ in floor.exits()):
        return False
    return game.dungeon.dead_end_searches.get(number, 0) < DEAD_END_SEARCHES and has_secret_walls(game, number)


def has_secret_walls(game: Game, number: int) -> bool:
    """Whether floor `number` has a wall a secret passage could be found in: kept until its tiles
    change (mapping a room or digging a passage changes them too), as a party at a dead end asks
    it at every step."""
    floor = game.dungeon.floors[number]
    return game.derived.kept("secret_walls", (number, floor.version), lambda: bool(floor.secret_walls()))


def mend_first(game: Game, number: int) -> Peril | None:
    """The first door of floor `number` into a room not yet entered, within the party's reach,
    that only peril keeps shut and that mending the weakest hero would open."""
    floor = game.dungeon.floors[number]
    exits = {(x, y) for x, y, _, _ in floor.exits()}
    perils = [p for p in perilous_doors(game, number) if p.mendable and (p.x, p.y) in exits]
    if not perils:
        return None
    reach = within_reach(game, number)
    return next((p for p in perils if near_reach(reach, p.x, p.y)), None)


def barring_doors(game: Game, number: int) -> list[str]:
    """What each door of floor `number` that the party cannot open now, that leads into a room not
    yet entered and that a lever or key from furniture could open (`furniture_may_open`) needs, as
    the screen says it ("A lever door", "A locked door"). Not a door the party gave up on, nor one
    only peril keeps shut (mending opens that), nor a jammed or trapped one: nothing furniture
    holds opens those."""
    stuck = stuck_doors(game, number)
    if not stuck:  # most floors: no door to look for
        return []
    floor = game.dungeon.floors[number]
    stuck = stuck & {(x, y) for x, y, _, _ in floor.exits()}
    kinds = door_kinds()
    out = []
    for _, (door, pos) in sorted(game.world.get2(DoorState, Position), key=lambda e: e[0]):
        if pos.floor == number and (pos.x, pos.y) in stuck and furniture_may_open(door, kinds[door.now]):
            out.append("A lever door" if kinds[door.now].levers else "A locked door")
    return out


def furniture_may_open(door: DoorState, kind: DoorKind) -> bool:
    """Whether a lever pulled or a key found by working furniture could open `door`: a lever door,
    or a lock no key has been tried on, that the party has not given up on."""
    return door.failed < GIVE_UP_ON_DOOR and bool(kind.levers or (kind.keys and not door.keys_tried))


def unworked(game: Game, number: int, leave: Collection[tuple[int, int]] = ()) -> tuple[tuple[int, int], ...]:
    """Furniture and levers in the entered rooms of floor `number` that no hero has worked yet,
    room by room, less the rooms (cells) in `leave`."""
    return tuple((x, y) for cell, x, y in seen_unworked(game, number) if cell not in leave)


def seen_unworked(game: Game, number: int) -> tuple[tuple[tuple[int, int], int, int], ...]:
    """The `furniture` of floor `number` that is seen and not yet worked, in its order. The floor's
    memory and the worked furniture (`dungeon.opened`) only grow, so this is kept per floor until
    its tiles or the count of worked furniture change, and only the furniture not seen yet is
    looked at again (a hero asks at every step: the kept answer is checked first, not rebuilt)."""
    floor = game.dungeon.floors[number]
    opened = game.dungeon.opened
    cache = game.derived.caches.get("seen_unworked")
    if cache is None:
        cache = game.derived.caches["seen_unworked"] = {}
    kept = cache.get(number)
    if (kept is None or kept.floor is not floor or kept.version != floor.version or kept.opened is not opened
            or kept.worked != len(opened)):
        left = [f for f in furniture(game, number) if (number, f[1], f[2]) not in opened]
        kept = cache[number] = UnworkedKept(floor, floor.version, opened, len(opened), left, left, ())
    if kept.unseen:
        explored = floor.explored
        now = {f for f in kept.unseen if explored[f[2], f[1]]}
        if now:
            kept.unseen = [f for f in kept.unseen if f not in now]
            kept.seen = tuple(f for f in kept.left if f not in kept.unseen)
    return kept.seen


@dataclass(slots=True)
class UnworkedKept:
    """`seen_unworked`'s kept answer for one floor, its tiles and its count of worked furniture."""

    floor: Floor
    version: int  # the floor's tiles (`Floor.version`), as they were
    opened: set[tuple[int, int, int]]  # the dungeon's worked furniture
    worked: int  # how many there were
    left: list[tuple[tuple[int, int], int, int]]  # not worked, in order
    unseen: list[tuple[tuple[int, int], int, int]]  # of those, the ones not seen yet
    seen: tuple[tuple[tuple[int, int], int, int], ...]  # the others, in order


def furniture(game: Game, number: int) -> tuple[tuple[tuple[int, int], int, int], ...]:
    """(cell, x, y) of every tile worth working in the mapped rooms of floor `number`, room by
    room, seen or not: kept until the floor's tiles change (mapping a room changes them too), as
    the heroes ask for the unworked ones at every step."""
    floor = game.dungeon.floors[number]

    def find() -> tuple[tuple[tuple[int, int], int, int], ...]:
        # One look over the whole floor for the few tiles that may be worth working (a comparison,
        # no lookup by code), in row order, each handed to the mapped rooms whose blocks hold it
        # (a tile on a shared wall to both), instead of a numpy look per room.
        flat = floor.tile.ravel()
        at = np.flatnonzero(flat >= LEAST_WORTH_WORKING)
        cells, width = floor.cells, floor.width
        by_cell: dict[tuple[int, int], list[tuple[tuple[int, int], int, int]]] = {}
        for i, code in zip(at.tolist(), flat[at].tolist(), strict=True):
            if not IS_WORTH_WORKING[code]:
                continue
            y, x = divmod(i, width)
            cx, cy = x // CELL_W, y // CELL_H
            inside = x % CELL_W and y % CELL_H
            for cell in ((cx, cy),) if inside else blocks_holding(cx, cy, x % CELL_W == 0, y % CELL_H == 0):
                record = cells.get(cell)
                if record is not None and record.mapped:
                    by_cell.setdefault(cell, []).append((cell, x, y))
        return tuple(found for cell in sorted(by_cell) for found in by_cell[cell])

    return game.derived.kept("furniture", (number, floor.version), find)


def blocks_holding(cx: int, cy: int, on_column: bool, on_row: bool) -> tuple[tuple[int, int], ...]:
    """The cells whose blocks hold a tile in cell (cx, cy)'s span: a block takes in the walls it
    shares, so a tile on a column or row of walls also lies in the block before it."""
    xs = (cx - 1, cx) if on_column else (cx,)
    ys = (cy - 1, cy) if on_row else (cy,)
    return tuple((x, y) for x in xs for y in ys)


def reachable(game: Game, eid: int, goals: list[tuple[int, int]] | tuple[tuple[int, int], ...]
              ) -> tuple[tuple[int, int], ...]:
    """The goals hero `eid` can walk to, or stand beside when they are not walkable (furniture)."""
    if not goals:
        return ()
    pos = game.position(eid)
    if pos is None:
        return ()
    area = reach_area(game, eid, pos.x, pos.y)
    walkable = game.floor.walkable
    out = []
    for x, y in goals:
        if area[y, x] or (not walkable[y, x] and area[max(0, y - 1):y + 2, max(0, x - 1):x + 2].any()):
            out.append((x, y))
    return tuple(out)


def reach_area(game: Game, eid: int, x: int, y: int) -> np.ndarray:
    """The tiles of this floor a hero on (x, y) can walk to over the ground its routes use (read
    only): what its map of distances from (x, y) does not mark out of reach. Reaching a tile does
    not depend on what a step costs, only on which tiles can be entered, so the areas found are
    kept until the floor's tiles, its memory or the stuck doors change (`seen_key`, `stuck_key`;
    known plates only cost more): a hero that stands in one it found from an enterable tile
    reaches just that area (a way there, walked back, leads to that tile), where a party with
    nothing left to explore would otherwise search the whole floor again at every step."""
    key = (seen_key(game), stuck_key(game))
    caches = game.derived.caches
    kept = caches.get("reach_areas")
    if kept is None or kept[0] != key:
        kept = caches["reach_areas"] = (key, [])
    for area in kept[1]:
        if area[y, x]:
            return area
    cost = passable(game, eid)
    area = search(cost, [(x, y)])[0] != UNREACHABLE
    area.flags.writeable = False
    if cost.item(y, x) > 0:  # found from an enterable tile: the area of every tile in it
        if len(kept[1]) >= REACH_AREAS_KEPT:
            del kept[1][0]
        kept[1].append(area)
    return area


