"""Travel along known tiles: the next step towards the nearest of some goals (autoexplore, travel
to the stairs or the entrance, and every AI hero's legs). Dijkstra from the goals over explored,
walkable tiles; closed doors count as passable (stepping into one opens it); doors that will not
open are avoided; a known trap is a costly tile, never a wall (DESIGN.md §2: crossing it means
getting past it, an annoy roll)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from game.engine.party_sight import seen_count
from game.mapgen.tables import DoorKind, door_kinds
from game.mapgen.tiles import COST, Tile
from game.rules.heroes import max_hits
from game.world.components import DoorState, HeroState, Position, TrapState
from game.world.distances import UNREACHABLE, distances_until

if TYPE_CHECKING:
    from game.engine.game import Game

Goals = Sequence[tuple[int, int]]  # tiles to go to: a list made for the ask, or a kept tuple (only read)
TRAP_STEP_COST = 24  # a known live plate: worth a long way round, but not a wall
GIVE_UP_ON_DOOR = 3  # failed attempts after which travel routes around a locked door


def seen_key(game: Game) -> tuple[int, int, int]:
    """What a route over known tiles depends on in the floor itself: which floor, its tiles, and
    how much of the ground has been seen (the memory only grows, so its size tells it apart; a
    newly seen wall changes no route). The size is kept by sight (`party_sight.seen_count`).
    Asked once while an agent decides: kept in its memo (`Game.deciding`) under "seen_key"."""
    kept = game.derived.memo
    if kept is not None:
        found = kept.get("seen_key")
        if found is not None:
            return found
    found = (game.dungeon.floor_no, game.floor.version, seen_count(game))
    if kept is not None:
        kept["seen_key"] = found
    return found


def stuck_doors(game: Game, floor_no: int | None = None) -> frozenset[tuple[int, int]]:
    """Locked doors the party cannot open for now (on this floor, or on `floor_no`): `barred` ones,
    and ones whose failed try, as the party has met it, could slay the weakest living hero
    (`perilous`: routed round until that hero is mended)."""
    if floor_no is None or floor_no == game.dungeon.floor_no:
        return _stuck_here(game)[0]
    there = [(e, (d, p)) for e, (d, p) in game.world.get2(DoorState, Position) if p.floor == floor_no]
    return _stuck_doors(game, there)


def stuck_key(game: Game) -> tuple[tuple[int, int], ...]:
    """This floor's stuck doors in order: what the kept answers that depend on them are keyed on."""
    return _stuck_here(game)[1]


def _stuck_here(game: Game) -> tuple[frozenset[tuple[int, int]], tuple[tuple[int, int], ...]]:
    """This floor's stuck doors, as a set and in order: asked once a decision (in its memo; asked
    at nearly every step, where a closure per ask costs)."""
    memo = game.derived.memo
    if memo is not None:
        found = memo.get("stuck")
        if found is not None:
            return found
    stuck = _stuck_doors(game, game.on_floor(DoorState))
    found = (stuck, tuple(sorted(stuck))) if stuck else NONE_STUCK
    if memo is not None:
        memo["stuck"] = found
    return found


NONE_STUCK: tuple[frozenset[tuple[int, int]], tuple[tuple[int, int], ...]] = (frozenset(), ())  # most floors' answer


def _stuck_doors(game: Game, doors: list[tuple[int, tuple[DoorState, Position]]]) -> frozenset[tuple[int, int]]:
    out = set()
    kinds = None  # looked up at the first locked door (most doors are not)
    weakest = None  # the weakest living hero's Hits, asked at the first door known to hurt
    for _, (door, pos) in doors:
        if not door.locked:
            continue
        if kinds is None:
            kinds = door_kinds()
        kind = kinds[door.now]
        pain = kind.pain_at(door.tier) if door.failed else 0  # no door is `perilous` before a try failed
        if pain and weakest is None:
            found = weakest_hero(game)
            weakest = found[1].hits if found else 0
        if barred(game, door, kind) or (pain and perilous(door, pain, weakest)):
            out.add((pos.x, pos.y))
    return frozenset(out) if out else NONE_STUCK[0]  # kept and shared: read only


def barred(game: Game, door: DoorState, kind: DoorKind) -> bool:
    """A locked door the party cannot open whatever its Hits: it has beaten them GIVE_UP_ON_DOOR
    times, or it is a lever door whose failure changes nothing (tier 4) with no lever pulled, or
    a lock with no key left to try and no lock pick."""
    no_lever = kind.levers and game.dungeon.levers <= 0 and door.tier not in kind.fail_becomes_tiers
    no_key = (kind.fail_picks and game.time.picks <= 0
              and (door.keys_tried or game.dungeon.keys <= 0 or not kind.keys))
    return bool(door.failed >= GIVE_UP_ON_DOOR or no_lever or no_key)


def weakest_hero(game: Game) -> tuple[int, HeroState] | None:
    """The living hero with the fewest Hits (on a tie, the first in seat order); None with none."""
    heroes = game.heroes()
    return min(heroes, key=lambda pair: pair[1].hits) if heroes else None


def perilous(door: DoorState, pain: int, hits: int) -> bool:
    """Whether the party knows that a failed try at `door` could slay a hero with `hits` left: a
    try has failed already (until then the door looks like any other, and its kind is not known),
    and its `pain` Pain dice deal at most one damage each (no Thwack-O die rolls for an obstacle)."""
    return door.failed > 0 and pain >= hits


@dataclass(frozen=True, slots=True)
class Peril:
    """A door kept shut only by peril: a failed try (`pain` Pain dice) could slay `hero`, who has
    `hits` left; `mendable` when that hero, whole, would have more Hits than the dice."""

    x: int
    y: int
    words: str  # "A trapped door", "A jammed door"
    pain: int
    hero: int
    hits: int
    mendable: bool


def perilous_doors(game: Game, floor_no: int) -> list[Peril]:
    """The doors of floor `floor_no` that are not `barred` but are `perilous` to the weakest living
    hero, by entity order."""
    found = weakest_hero(game)
    if found is None:
        return []
    weakest, hero = found
    kinds = door_kinds()
    out = []
    for _, (door, pos) in game.world.get2(DoorState, Position):
        if pos.floor != floor_no or not door.locked:
            continue
        kind = kinds[door.now]
        pain = kind.pain_at(door.tier)
        if pain and perilous(door, pain, hero.hits) and not barred(game, door, kind):
            words = "A trapped door" if kind.skill == "disarm" else "A jammed door"
            out.append(Peril(pos.x, pos.y, words, pain, weakest, hero.hits, pain < max_hits(hero.level)))
    return out


def usable_exits(game: Game) -> list[tuple[int, int, tuple[int, int], str]]:
    """The floor's openings into unmapped cells, less the ones behind stuck doors."""
    stuck = stuck_doors(game)
    return [e for e in game.floor.exits() if (e[0], e[1]) not in stuck]


def exit_side(game: Game, x: int, y: int) -> str | None:
    """The entry side of the first of `usable_exits` on (x, y), if any: the floor's exits by tile,
    kept until its tiles (which its exits follow) or the stuck doors change, as a hero asks
    whether it stands on one at every step."""
    floor = game.floor
    key = (game.dungeon.floor_no, floor.version, stuck_key(game))
    kept = game.derived.caches.get("exit_sides")
    if kept is None or kept[0] is not floor or kept[1] != key:
        sides: dict[tuple[int, int], str] = {}
        for ex, ey, _, side in usable_exits(game):
            sides.setdefault((ex, ey), side)
        kept = game.derived.caches["exit_sides"] = (floor, key, sides)
    return kept[2].get((x, y))


# step costs by tile code as the routes see them: a closed door costs 2 (opening it), seen or
# not; any other tile not yet seen is no way at all
KNOWN_STEP_COST = COST.astype(np.int32)
KNOWN_STEP_COST[Tile.DOOR] = 2
UNSEEN_STEP_COST = np.zeros_like(KNOWN_STEP_COST)
UNSEEN_STEP_COST[Tile.DOOR] = 2


def tile_costs(game: Game) -> tuple[np.ndarray, np.ndarray]:
    """Each tile's step cost once seen and while unseen, kept until the tiles change (only the
    memory changes as a hero walks, and picking between the two is cheaper than looking up)."""
    floor = game.floor
    kept = game.derived.caches.get("tile_costs")
    if kept is None or kept[0] is not floor or kept[1] != floor.version:
        kept = game.derived.caches["tile_costs"] = (floor, floor.version, KNOWN_STEP_COST[floor.tile],
                                                    UNSEEN_STEP_COST[floor.tile])
    return kept[2], kept[3]


def passable(game: Game, eid: int, x0: int = 0, y0: int = 0, x1: int | None = None,
             y1: int | None = None) -> np.ndarray:
    """Step costs for this hero's routes over the seen tiles (and every closed door), in the
    window [y0:y1, x0:x1] of the floor (all of it by default): doors that will not open are
    walls, known plates cost TRAP_STEP_COST."""
    known, unseen = tile_costs(game)
    window = slice(y0, y1), slice(x0, x1)
    cost = unseen[window].copy()  # a copy and a masked copy cost less than np.where on windows
    np.copyto(cost, known[window], where=game.floor.explored[window])
    h, w = cost.shape
    for x, y in avoided(game, eid):
        if 0 <= y - y0 < h and 0 <= x - x0 < w:
            cost[y - y0, x - x0] = 0
    for x, y in known_plates(game, eid):
        if 0 <= y - y0 < h and 0 <= x - x0 < w and cost[y - y0, x - x0] > 0:
            cost[y - y0, x - x0] = TRAP_STEP_COST
    return cost


def search(cost: np.ndarray, goals: Goals, x0: int = 0, y0: int = 0,
           until: tuple[int, int] | None = None) -> tuple[np.ndarray, int]:
    """Dijkstra from the goals inside `cost` (a window whose corner is (x0, y0) on the floor), all
    the way or until the floor tile `until` has its distance; and how far it is exact (see
    `distances_until`)."""
    h, w = cost.shape
    starts = [(x - x0, y - y0) for x, y in goals  # a goal in a wall (beside a monster at a wall) is no goal
              if 0 <= y - y0 < h and 0 <= x - x0 < w and cost.item(y - y0, x - x0) > 0]
    return distances_until(cost, starts, 2, 3, () if until is None else ((until[0] - x0, until[1] - y0),))


def route_key(game: Game, eid: int, goals: Goals) -> tuple:
    """What a hero's distances to `goals` depend on: the tiles, what has been explored, the
    goals, and the traps and doors this hero must go around (all but the goals asked once while
    it decides)."""
    kept = game.derived.memo
    ground = None if kept is None else kept.get(("ground", eid))
    if ground is None:  # kept in the decision memo: asked at every step
        ground = (seen_key(game), stuck_key(game), known_plates(game, eid))  # `avoided`: the stuck doors
        if kept is not None:
            kept[("ground", eid)] = ground
    return (ground, tuple(goals))


def distance_map(game: Game, eid: int, goals: Goals) -> np.ndarray:
    """Steps to the nearest goal from every tile of the floor. Cached (see `route_key`)."""
    return game.derived.kept("distance_maps", route_key(game, eid, goals),
                             lambda: search(passable(game, eid), goals)[0], limit=32)


CHEAPEST_STEP = 2  # a straight step onto a tile of cost 1: no route is cheaper per step


@dataclass(slots=True)  # not frozen: made at every search, where a frozen one's set-up costs; only read
class NearMap:
    """Distances to the goals found without leaving a window of the floor (its corner (x0, y0)
    and which of its sides are open: with ground beyond them, not the floor's edge). A route
    that leaves the window through an open side costs at least CHEAPEST_STEP a step on its way
    back, so it cannot beat a distance of CHEAPEST_STEP times the steps from the hero to that
    side; up to there, this map is the floor's own: the hero's distance is true, so is that of
    every tile around it that is nearer the goals, and no other tile around it is nearer (the
    same step, ties included). A map searched only until the hero's tile (`exact_to`: see
    `distances_until`) vouches for no tile farther than that; the hero's next steps are nearer."""

    dist: np.ndarray
    x0: int
    y0: int
    open_sides: tuple[bool, bool, bool, bool]  # left, right, top, bottom
    exact_to: int = UNREACHABLE  # searched only until the hero's tile: no farther tile is vouched for

    def vouches_for(self, x: int, y: int) -> bool:
        """Whether a step from (x, y) chosen on this map is the one the floor's whole map gives."""
        here, margin = self.here_and_margin(x, y)
        return here <= self.exact_to and here != UNREACHABLE and here <= CHEAPEST_STEP * margin

    def settles_around(self, x: int, y: int) -> bool:
        """Whether every tile around (x, y) that is no farther from the goals than (x, y) has its
        true distance on this map, and every other has one farther there too (a way round a
        creature in the way is chosen among them): no route from a tile around it that leaves
        the window, at least a step nearer its side, costs as little as the distance here."""
        here, margin = self.here_and_margin(x, y)
        return here <= self.exact_to and here != UNREACHABLE and here < CHEAPEST_STEP * (margin - 1)

    def here_and_margin(self, x: int, y: int) -> tuple[int, int]:
        """The distance at (x, y) (UNREACHABLE off the window) and the steps from there to the
        nearest open side (UNREACHABLE with none: the floor's edge bounds no route)."""
        h, w = self.dist.shape
        lx, ly = x - self.x0, y - self.y0
        if not (0 <= lx < w and 0 <= ly < h):
            return UNREACHABLE, 0
        left, right, top, bottom = self.open_sides
        far = UNREACHABLE
        margin = min(lx if left else far, w - 1 - lx if right else far,
                     ly if top else far, h - 1 - ly if bottom else far)
        return self.dist.item(ly, lx), margin


def near_map(game: Game, eid: int, goals: Goals, x: int, y: int) -> NearMap:
    """Distances to the (not empty) goals that are exact for a step from (x, y): a kept map of
    the ground around (x, y) that vouches for it (the same step as the whole map's), else the
    floor's whole map if it is kept, else a new map of the ground around (x, y) (kept: the
    hero's next steps mostly stay inside it), searched until (x, y) has its distance (all that a
    step from there reads) in a window half again as far out as the nearest goal (nearly always
    enough: a step costs 2 or 3, and the smaller the window the less ground is searched). When
    that window is too narrow to vouch for the distance found, one wide enough for that distance
    (CHEAPEST_STEP a step out to its sides; a wider window only shortens it) is searched; when
    (x, y) is out of reach inside it, the whole map."""
    key = route_key(game, eid, goals)
    caches = game.derived.caches  # looked up, not `setdefault`: that makes an empty dict at every ask
    kept = caches.get("near_maps")
    if kept is None:
        kept = caches["near_maps"] = {}
    near = kept.get(key)
    if near is not None and near.vouches_for(x, y):
        return near
    wholes = caches.get("distance_maps")
    whole = None if wholes is None else wholes.get(key)
    if whole is not None:
        return NearMap(whole, 0, 0, (False, False, False, False))
    near = window_map(game, eid, goals, x, y, 3 * nearest_goal(goals, x, y) // 2 + 3)
    if not near.vouches_for(x, y):
        here = near.dist.item(y - near.y0, x - near.x0)
        if here != UNREACHABLE:  # found, but nearer an open side than it vouches for: widen to fit
            near = window_map(game, eid, goals, x, y, here // CHEAPEST_STEP + 1)
        if not near.vouches_for(x, y):
            return NearMap(distance_map(game, eid, goals), 0, 0, (False, False, False, False))
    if len(kept) > 32:
        kept.clear()
    kept[key] = near
    return near


def window_map(game: Game, eid: int, goals: Goals, x: int, y: int, reach: int) -> NearMap:
    """The map of the window `reach` tiles around (x, y) (less what lies off the floor),
    searched until (x, y) has its distance."""
    width, height = game.floor.width, game.floor.height
    x0, y0 = max(0, x - reach), max(0, y - reach)
    x1, y1 = min(width, x + reach + 1), min(height, y + reach + 1)
    dist, exact = search(passable(game, eid, x0, y0, x1, y1), goals, x0, y0, until=(x, y))
    return NearMap(dist, x0, y0, (x0 > 0, x1 < width, y0 > 0, y1 < height), exact)


def nearest_goal(goals: Goals, x: int, y: int) -> int:
    """The fewest steps (diagonals too) from (x, y) to one of the goals, ignoring the ground: a
    plain loop that compares (a generator of `max(abs(), abs())` costs about three times as much
    when dozens of goals are searched for)."""
    nearest = UNREACHABLE
    for gx, gy in goals:
        dx = gx - x if gx > x else x - gx
        dy = gy - y if gy > y else y - gy
        if dx < nearest and dy < nearest:
            nearest = dx if dx > dy else dy
    return nearest


def avoided(game: Game, eid: int) -> frozenset[tuple[int, int]]:
    """Tiles this hero will not step on: doors that will not open."""
    return stuck_doors(game)


def known_plates(game: Game, eid: int) -> tuple[tuple[int, int], ...]:
    """Live traps this hero knows of that a step springs, by entity: costly tiles on its way.
    Asked once while an agent decides: kept in its memo (`Game.deciding`)."""
    memo = game.derived.memo
    key = ("known_plates", eid)
    if memo is not None:
        found = memo.get(key)
        if found is not None:
            return found
    found = tuple([(pos.x, pos.y) for _, (trap, pos) in game.on_floor(TrapState)
                   if eid in trap.found_by and trap.action == "walk" and trap.live])
    if memo is not None:
        memo[key] = found
    return found


def step_towards(game: Game, eid: int, goals: Goals) -> tuple[int, int] | None:
    """(dx, dy) of the best first step towards the nearest goal; (0, 0) when the way is blocked
    by another creature for now; None if no goal is reachable (or the hero stands on one)."""
    pos = game.position(eid)
    if pos is None or not goals:
        return None
    near = near_map(game, eid, goals, pos.x, pos.y)
    return step_on(game, pos, near.dist, near.x0, near.y0)


UNOPENED_DOOR_COST = TRAP_STEP_COST  # a closed door on a way back: it may be locked or trapped


def step_by_open_ways(game: Game, eid: int, goals: Goals) -> tuple[int, int] | None:
    """`step_towards`, for a player's travel to a stair: a door the party has not opened costs
    as much as a known trap, so the way it came (its doors open) is taken over a shorter one
    through a door that may be locked and trapped; it is still taken when it is the only way, or
    the other is far longer. Searched whole at each step (a travel is a step a frame); the AI's
    routes are `step_towards`'s."""
    pos = game.position(eid)
    if pos is None or not goals:
        return None
    cost = passable(game, eid)
    np.copyto(cost, UNOPENED_DOOR_COST, where=(game.floor.tile == Tile.DOOR) & (cost > 0))
    return step_on(game, pos, search(cost, goals)[0], 0, 0)


def step_on(game: Game, pos: Position, dist: np.ndarray, left: int, top: int) -> tuple[int, int] | None:
    """The step `step_towards` takes from `pos` on a distance map whose corner is (left, top)."""
    x, y = pos.x - left, pos.y - top
    y0, x0 = max(0, y - 1), max(0, x - 1)
    block = dist[y0:y + 2, x0:x + 2].tolist()  # the hero's tile and those around it, in one slice
    here = block[y - y0][x - x0]
    if here == 0 or here == UNREACHABLE:
        return None
    best, best_d, blocked = None, here, False
    for i, row in enumerate(block):  # row by row: the scan order that settles ties (the hero's own tile is no nearer)
        dy = y0 + i - y
        for j, d in enumerate(row):
            if d < best_d:
                dx = x0 + j - x
                if game.creature_at(pos.x + dx, pos.y + dy) is not None:
                    blocked = True
                    continue
                best, best_d = (dx, dy), d
    if best is None and blocked:
        return (0, 0)  # someone stands in the way: wait for them to move on
    return best


def explore_goals(game: Game) -> tuple[tuple[int, int], ...]:
    """Where there is something left to see: openings into unmapped cells and the edge of what
    has been seen in mapped rooms. Kept until the tiles, the floor's memory or the stuck doors
    change (a tuple: shared by every asker, and already the routes' key for it). Only the latest
    is kept: the memory only grows, so an older key seldom comes back."""
    key = (seen_key(game), stuck_key(game))
    caches = game.derived.caches
    kept = caches.get("explore_goals")
    if kept is None or kept[0] != key:
        kept = caches["explore_goals"] = (key, tuple(_explore_goals(game, stuck_doors(game))))
    return kept[1]


def _explore_goals(game: Game, stuck: set[tuple[int, int]]) -> list[tuple[int, int]]:
    floor = game.floor
    explored = floor.explored
    goals = {(x, y) for x, y, _, _ in floor.exits() if explored[y, x]}
    goals.update(frontier(explored, floor.walkable))
    return sorted(goals - stuck)


def frontier(explored: np.ndarray, walkable: np.ndarray) -> list[tuple[int, int]]:
    """The known walkable tiles with an unknown walkable tile beside them (north, south, east or
    west), in row order. Worked on the floor's flat arrays: a numpy call costs about the same on
    a whole floor as on a window, a 2-D slice more, so the fewer calls the better. A flat shift
    by one carries a row's last tile onto the next row's first: the tiles it would carry are
    masked out of that shift."""
    height, width = explored.shape
    walk = walkable.ravel()
    known = explored.ravel() & walk
    unknown = walk ^ known
    near = np.empty_like(unknown)
    near[:width] = False
    near[width:] = unknown[:-width]  # the tile to the north
    near[:-width] |= unknown[width:]  # to the south
    not_last, not_first = inner_columns(height, width)
    side = unknown & not_last
    near[1:] |= side[:-1]  # to the west
    np.logical_and(unknown, not_first, out=side)
    near[:-1] |= side[1:]  # to the east
    near &= known
    return [(i % width, i // width) for i in near.nonzero()[0].tolist()]


@functools.cache
def inner_columns(height: int, width: int) -> tuple[np.ndarray, np.ndarray]:
    """Flat masks of a floor's tiles but its last column, and but its first (read-only)."""
    not_last = np.ones((height, width), dtype=bool)
    not_last[:, -1] = False
    not_first = np.ones((height, width), dtype=bool)
    not_first[:, 0] = False
    masks = not_last.ravel(), not_first.ravel()
    for mask in masks:
        mask.flags.writeable = False
    return masks


def tiles_of(game: Game, tile: Tile) -> list[tuple[int, int]]:
    """The seen tiles of one kind (the stairs), in row order. Where this floor has them is kept
    by kind until its tiles change; which of them are seen is read each time (a handful of tiles).
    (Asked at most of a hero's steps: a kept table looked up in place, no closure, no key built.)"""
    floor = game.floor
    caches = game.derived.caches
    kept = caches.get("tiles_of")
    if kept is None or kept[0] is not floor or kept[1] != floor.version:
        kept = caches["tiles_of"] = (floor, floor.version, {})
    found = kept[2].get(tile)
    if found is None:
        ys, xs = np.nonzero(floor.tile == int(tile))
        found = kept[2][tile] = list(zip(xs.tolist(), ys.tolist(), strict=True))
    explored = floor.explored
    return [(x, y) for x, y in found if explored[y, x]]


def steps_around(game: Game, eid: int, goals: Goals) -> tuple[int, list[tuple[int, int, int]]]:
    """The hero's distance to the nearest goal and (distance, dy, dx) of every tile around it on
    the floor, nearest first: where a hero blocked on its best step (`step_towards` gave (0, 0))
    looks for a way round."""
    pos = game.position(eid)
    near = near_map(game, eid, goals, pos.x, pos.y)  # the map the step was read from
    if near.settles_around(pos.x, pos.y):
        dist, x, y = near.dist, pos.x - near.x0, pos.y - near.y0
    else:
        dist, x, y = distance_map(game, eid, goals), pos.x, pos.y
    around = sorted((int(dist[y + dy, x + dx]), dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                    if (dx or dy) and 0 <= y + dy < dist.shape[0] and 0 <= x + dx < dist.shape[1])
    return int(dist[y, x]), around
