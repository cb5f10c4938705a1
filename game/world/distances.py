"""Distance maps over a grid of step costs (Dijkstra), for routes, monsters, reach and mapgen.

`tcod.path.dijkstra2d` gives exactly these maps, but its C side (`dijkstra2d_basic` in tcod 21)
makes a new search frontier on every call and never frees it: about 4 KB lost a call, so a
balance-lab worker grew by 3 MB a game (1.5 GB over 500 games). Here the same search runs
through libtcod's `path_compute` (what `tcod.path.Pathfinder` uses) on one frontier per thread,
emptied before each search. The distances are the same: a Dijkstra search's distances do not
depend on the order it visits tiles in (tests/world/test_distances.py compares the two)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np
from tcod.cffi import ffi, lib

UNREACHABLE = np.iinfo(np.int32).max
INT32 = np.dtype(np.int32)  # the distances' type (a dtype made from np.int32 at each ask costs)
PUSH_TILES = 300  # tiles of a map that one C pass looks at in the time of one start pushed through cffi

_C_TYPES = {
    np.dtype(np.bool_): lib.np_uint8, np.dtype(np.int8): lib.np_int8, np.dtype(np.int16): lib.np_int16,
    np.dtype(np.int32): lib.np_int32, np.dtype(np.int64): lib.np_int64, np.dtype(np.uint8): lib.np_uint8,
    np.dtype(np.uint16): lib.np_uint16, np.dtype(np.uint32): lib.np_uint32, np.dtype(np.uint64): lib.np_uint64,
}
_EDGES = {  # (cardinal, diagonal) -> [dy, dx, step multiplier] per edge, as libtcod reads them
    key: ffi.new("int[]", [v for dy, dx in moves for v in (dy, dx, key[0] if 0 in (dy, dx) else key[1])])
    for key, moves in {
        (2, 3): ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1)),
        (1, 1): ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1)),
        (1, 0): ((-1, 0), (1, 0), (0, -1), (0, 1)),
    }.items()
}


class _Scratch(threading.local):
    """Per thread (a Dask worker may play games in threads; libtcod runs without the GIL): the
    frontier, emptied before each search; room for the array where the search notes which tile
    each was reached from (libtcod writes it; nothing reads it), described once as large as the
    largest map so far (libtcod finds a tile in it by its strides, so any smaller map fits); and
    the C descriptions of the step rule and the distances, kept by the costs' type and the step
    (writing a whole description costs more than a small search's own Python: each search then
    only points them at its arrays and writes in their shape and row stride)."""

    def __init__(self) -> None:
        self.frontier = ffi.gc(lib.TCOD_frontier_new(2), lib.TCOD_frontier_delete)
        self.target = ffi.new("struct PathfinderHeuristic*")  # no estimate: only where to stop
        self.toward = ffi.new("struct PathfinderHeuristic*")  # an estimate to a goal (`distances_beside`)
        self.at = ffi.new("int[2]")  # a start's (y, x), as pushed (cheaper than a tuple made a push)
        self.trail = ffi.new("struct NArray*")
        self.trail_room = (0, 0)  # the (height, width) the trail is described for
        self.travel_held: Any = None
        self.descriptions: dict[tuple[Any, ...], list[Any]] = {}  # see `described`

    def trail_for(self, h: int, w: int) -> Any:
        """The description of an (h, w, 2) array of int32 or larger, grown when a larger map comes."""
        room_h, room_w = self.trail_room
        if h > room_h or w > room_w:
            room_h, room_w = self.trail_room = max(h, room_h), max(w, room_w)
            self.travel_held = _describe(self.trail, np.zeros((room_h, room_w, 2), np.int32))
        return self.trail

    def described(self, cost: np.ndarray, cardinal: int, diagonal: int) -> tuple[Any, Any, Any]:
        """A step rule over (C-contiguous, 2-D) arrays of `cost`'s type (its cost description, and
        the rule itself), and a description of int32 distances, both of `cost`'s shape: kept by
        type and step, the shape and row stride written in when they differ from the last search's
        (maps come in hundreds of shapes: a description kept per shape was made anew for about a
        third of the searches)."""
        key = (cost.dtype, cardinal, diagonal)
        kept = self.descriptions.get(key)
        if kept is None:
            rule = ffi.new("struct PathfinderRule*")
            edges = _EDGES[(cardinal, diagonal)]
            rule.edge_count, rule.edge_array = len(edges) // 3, edges
            dist = ffi.new("struct NArray*")
            _describe(rule.cost, cost)
            _describe(dist, np.empty(cost.shape, np.int32))
            # the descriptions, then their shapes and strides (held: each look-up makes a new C view)
            kept = self.descriptions[key] = [(rule.cost, rule, dist), cost.shape, rule.cost.shape,
                                             rule.cost.strides, dist.shape, dist.strides]
        found, last, cost_shape, cost_strides, dist_shape, dist_strides = kept
        shape = cost.shape
        if shape != last:
            kept[1] = shape
            h, w = shape
            cost_shape[0], cost_shape[1] = h, w
            cost_strides[0] = cost.strides[0]
            dist_shape[0], dist_shape[1] = h, w
            dist_strides[0] = 4 * w  # int32
        return found


_scratch = _Scratch()


def _describe(narray: Any, array: np.ndarray) -> Any:
    """Fill `narray` (a C `struct NArray`) in to describe `array` (C-contiguous); what it returns
    keeps the array's memory in reach while the C side reads it."""
    held = ffi.from_buffer(array)
    narray.type = _C_TYPES[array.dtype]
    narray.ndim = array.ndim
    narray.data = held
    narray.shape[0:array.ndim] = array.shape
    narray.strides[0:array.ndim] = array.strides
    return held


def distances_from(cost: np.ndarray, starts: Sequence[tuple[int, int]], cardinal: int, diagonal: int = 0
                 ) -> np.ndarray:
    """The cheapest cost from the nearest of `starts` ((x, y) tiles of `cost`) to every tile, a
    step costing the tile entered times `cardinal` or `diagonal` (0: no diagonal steps); a tile
    of cost 0 is a wall; UNREACHABLE where no way leads. The answer of `tcod.path.dijkstra2d`
    on an array of UNREACHABLE with 0 at the starts."""
    return distances_until(cost, starts, cardinal, diagonal, ())[0]


def distances_until(cost: np.ndarray, starts: Sequence[tuple[int, int]], cardinal: int, diagonal: int,
                    until: Sequence[tuple[int, int]]) -> tuple[np.ndarray, int]:
    """`distances_from`, searched only until every tile of `until` has its distance (or, with
    none, all the way), and how far the answer is exact: every tile whose distance is at most
    that holds it, and every other tile holds more than that (a tile a search does not settle
    holds a cost of some way to it, or UNREACHABLE). A step chosen near such a tile by comparing
    distances no greater than its own is the one the whole map gives, for a fraction of the
    search when the starts are near."""
    dist, held, (rule, described, trail) = _start(cost, starts, cardinal, diagonal)
    scratch = _scratch
    frontier = scratch.frontier
    # With a target and no estimate (a heuristic of 0), libtcod's search is Dijkstra's that
    # stops once it took the target off the frontier. Tiles come off in order of distance, so
    # then every tile no farther than the last one taken off holds its distance, and every
    # other holds more (the cost of some way to it, or UNREACHABLE).
    exact = UNREACHABLE
    for i, (x, y) in enumerate(until):
        if i and dist[y, x] <= frontier.active_dist:
            continue  # settled on the way to an earlier one
        scratch.target.target[0:2] = y, x
        reached = lib.path_compute(frontier, described, trail, 1, rule, scratch.target)
        if reached < 0:
            raise RuntimeError("libtcod's path search failed")
        if not reached:
            break  # the target is out of reach: searched all the way
    else:
        if until:
            exact = frontier.active_dist
    if not until and lib.path_compute(frontier, described, trail, 1, rule, ffi.NULL):
        raise RuntimeError("libtcod's path search failed")
    del held
    return dist, exact


FAR = 1 << 30  # a marker's distance: more than any real one, and a step from it cannot overflow
# (a step from a marker leaves tiles it reaches first at FAR and more: no real distance, only a bound)


def distances_beside(cost: np.ndarray, start: tuple[int, int], cardinal: int, diagonal: int,
                     goals: Sequence[tuple[int, int, Sequence[tuple[int, int]]]]) -> tuple[np.ndarray, list[int]]:
    """`distances_from` one start, searched only until each goal (x, y, some tiles beside it)
    knows the least distance among its tiles, and per goal how far that holds (`sure`): every
    tile beside the goal whose distance is at most `sure` holds it, and the least of the goal's
    tiles is at most `sure` (unless none can be reached: then `sure` is UNREACHABLE and every
    tile below `FAR` holds its distance); every other tile holds at least its own, maybe more
    than `FAR` where none is. A step chosen by the least of those tiles is the whole map's, for
    less search than settling the goal's own tile (a monster's costs 8 to enter, far past its
    best neighbour). The search is drawn toward each goal in turn (A*: a tile's distance plus
    the fewest steps on to the goal, each at cost 1, the least a tile costs, so it spreads less
    around the start than `distances_until`): libtcod takes tiles off its frontier by distance
    + estimate, and once the entries of estimate below p are taken off (a marker entry of
    estimate p comes off), every tile whose distance + estimate is below p holds it, so p is
    raised until the least of the tiles is below p less the most a tile beside the goal is
    estimated. For distances below `FAR` (2**30)."""
    dist, held, search = _start(cost, [start], cardinal, diagonal)
    frontier, toward = _scratch.frontier, _scratch.toward
    toward.cardinal, toward.diagonal = cardinal, diagonal
    beside = max(cardinal, diagonal)  # the most the estimate gives a tile beside the goal
    sx, sy = start
    item = dist.item
    sure = []
    for x, y, tiles in goals:
        if not tiles:
            sure.append(-1)
            continue
        toward.target[0:2] = y, x
        lib.update_frontier_heuristic(frontier, toward)  # the tiles waiting get their estimates to this goal
        # first, no more than the least a tile beside the goal can be: the start's estimate to
        # the goal less the most a step on to it is estimated
        a = x - sx if x >= sx else sx - x
        b = y - sy if y >= sy else sy - y
        if a < b:
            a, b = b, a
        p = (a - b) * cardinal + b * diagonal + 1 if diagonal else a * cardinal + 1
        step_on = STEP_ON
        while True:
            if not _settle_below(frontier, search, toward, x, y, p):
                break
            least = UNREACHABLE
            for tx, ty in tiles:
                d = item(ty, tx)
                if d < least:
                    least = d
            if least + beside < p:
                break
            if least < FAR:
                p = least + beside + 1 if least + beside + 1 < p + step_on else p + step_on
            elif step_on < STEP_ON_MOST:
                p += step_on
                step_on *= 2  # none of the tiles reached yet: maybe far round, or walled off
            else:
                while _search(frontier, search, toward):  # far enough: search all the way
                    pass
                break
        if not frontier.heap.size:  # searched all the way: every tile below FAR holds its distance
            for _, _, later in goals[len(sure):]:
                sure.append(UNREACHABLE if later else -1)
            break
        sure.append(p - beside - 1)
    del held
    return dist, sure


STEP_ON = 4  # how far `distances_beside` first raises its bound when none of a goal's tiles is reached
STEP_ON_MOST = 64  # past this, it searches all the way


def _settle_below(frontier: Any, search: tuple[Any, Any, Any], toward: Any, x: int, y: int, p: int) -> bool:
    """Search on until every entry of estimate below p is taken off (a marker entry of the goal
    (x, y), of distance `FAR`, comes off), or (False) until no tile is left."""
    lib.TCOD_frontier_push(frontier, (y, x), FAR, p)
    if not _search(frontier, search, toward):
        return False
    while frontier.active_dist != FAR:  # an entry of the goal itself taken off: on to the marker
        if not _search(frontier, search, toward):
            return False
    return True


def _search(frontier: Any, search: tuple[Any, Any, Any], toward: Any) -> bool:
    """libtcod's search on from where it stopped, until it takes the goal off (True) or runs out
    of tiles (False)."""
    rule, described, trail = search
    reached = lib.path_compute(frontier, described, trail, 1, rule, toward)
    if reached < 0:
        raise RuntimeError("libtcod's path search failed")
    return bool(reached)


def _start(cost: np.ndarray, starts: Sequence[tuple[int, int]], cardinal: int, diagonal: int
           ) -> tuple[np.ndarray, Any, tuple[Any, Any, Any]]:
    """A search made ready on this thread's frontier: the distances (0 at the starts, UNREACHABLE
    elsewhere), what keeps the arrays in reach while the C side reads them, and what
    `path_compute` is given: the step rule, the distances' description and the trail. The starts
    go onto the frontier one push each (about 0.6 us through cffi) when they are few for the map,
    else in one C pass over the map that pushes every tile at 0 (about 2 ns a tile): the frontier
    holds the same entries either way, only in another order, and a search's distances do not
    depend on the order it visits tiles in (nor does how far a stopped search is exact)."""
    shape = cost.shape
    dist = np.empty(shape, INT32)
    dist.fill(UNREACHABLE)
    cost = np.ascontiguousarray(cost)
    scratch = _scratch
    cost_described, rule, described = scratch.described(cost, cardinal, diagonal)
    held = ffi.from_buffer(cost), ffi.from_buffer(dist)
    cost_described.data, described.data = held
    frontier = scratch.frontier
    if len(starts) * PUSH_TILES < dist.size:
        lib.TCOD_frontier_clear(frontier)
        push, at = lib.TCOD_frontier_push, scratch.at
        for x, y in starts:
            if dist.item(y, x):  # a start given twice is pushed once
                dist[y, x] = 0
                at[0], at[1] = y, x
                push(frontier, at, 0, 0)
    else:
        cells = memoryview(dist)  # a Python int written to a tile, no numpy scalar made
        for x, y in starts:
            cells[y, x] = 0
        if lib.rebuild_frontier_from_distance(frontier, described) < 0:  # clears it first
            raise RuntimeError("libtcod's frontier could not be made")
    return dist, held, (rule, described, scratch.trail_for(*shape))
