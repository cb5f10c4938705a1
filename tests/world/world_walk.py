"""Walking a floor through the engine, room by room, and the checks every walked room must pass
(issue 4, "Must show"). Shared by the tests in tests/world."""

from __future__ import annotations

from collections import Counter

import numpy as np
import tcod.path

from game.core.dials import Dials
from game.core.seats import parse_seats
from game.engine import actions as A
from game.engine import room_entry as engine_rooms
from game.engine.dispatch import apply_action
from game.engine.game import Game
from game.engine.start import new_game as start_game
from game.engine.trap_play import secret_passage
from game.mapgen.geometry import CELL_H, CELL_W, DELTA, OPPOSITE, SIDES, gap_tiles, inside_gap, neighbour, origin
from game.mapgen.tiles import ACTIONABLE_TILES, WALKABLE_TILES, Tile
from game.world.components import DoorState, MonsterState, Position, TrapState, TreasureState

SEATS = ("ai+hero,ai", "ai+hero,ai+hero,ai", "ai+hero", "ai+hero,ai,ai,ai", "ai+hero,ai+hero,ai+hero")
THEMES = ("catacombs", "forest", "tower", "necropolis", "caverns")
DOOR_TILES = (int(Tile.DOOR), int(Tile.DOOR_OPEN))
SEARCHED = ("search", "use")  # spots a hero acts on from beside them


class DesignLog:
    """Every RoomDesign the engine spawns, by game and cell (`game.hallway.last_design` keeps only the
    latest): wraps the spawn_room that room_entry.enter_room calls by its module name."""

    def __init__(self, monkeypatch) -> None:  # noqa: ANN001 - pytest's fixture
        self.designs: dict[tuple[Game, int, tuple[int, int]], object] = {}
        # where each room's monsters stood when they were spawned (before any surprise round)
        self.spawned_at: dict[tuple[Game, int, tuple[int, int]], dict[int, tuple[int, int]]] = {}
        self.treasure_of: dict[tuple[Game, int, tuple[int, int]], set[int]] = {}  # each room's items, as laid
        real = engine_rooms.spawn_room

        def spawn_room(game: Game, design, side: str) -> None:  # noqa: ANN001 - RoomDesign
            key = (game, game.dungeon.floor_no, design.plan.cell)  # the game itself: ids of closed games come back
            assert key not in self.designs, f"cell {design.plan.cell} designed twice"
            self.designs[key] = design
            real(game, design, side)
            self.spawned_at[key] = {e: (game.position(e).x, game.position(e).y)
                                    for e, _ in _monsters_in(game, design.plan.cell)}
            self.treasure_of[key] = {e for e, _ in _treasure_in(game, design.plan.cell)}

        monkeypatch.setattr(engine_rooms, "spawn_room", spawn_room)

    def of(self, game: Game) -> dict[tuple[int, int], object]:
        """cell -> design, for the game's current floor."""
        return {cell: d for (g, f, cell), d in self.designs.items() if g is game and f == game.dungeon.floor_no}

    def members(self, game: Game) -> dict[tuple[int, int], set[int]]:
        """cell -> the monster and treasure entities laid there, for the game's current floor (a dead
        monster or a carried item has no position left to tell its floor by, and each floor has a
        cell of the same name)."""
        here = game.dungeon.floor_no
        items = {cell: ids for (g, f, cell), ids in self.treasure_of.items() if g is game and f == here}
        return {cell: set(spawned) | items.get(cell, set()) for cell, spawned in self.spawns(game).items()}

    def spawns(self, game: Game) -> dict[tuple[int, int], dict[int, tuple[int, int]]]:
        """cell -> {monster entity: where it was spawned}, for the game's current floor."""
        return {cell: d for (g, f, cell), d in self.spawned_at.items() if g is game and f == game.dungeon.floor_no}


def new_game(seed: int, seats: str | None = None, theme: str | None = None, **dials: object) -> Game:
    """A game for `seed`, its table and theme varied with the seed unless given."""
    seats = seats or SEATS[seed % len(SEATS)]
    theme = theme or THEMES[(seed // len(SEATS)) % len(THEMES)]
    return start_game(seed, parse_seats(seats), 2, Dials(theme=theme, **dials))


def keep_alive(game: Game) -> None:
    """Walking is about the rooms: the party must not die of the fights on the way."""
    for _, hero in game.heroes():
        hero.hits = 999


def next_exit(game: Game) -> tuple[int, int, tuple[int, int], str] | None:
    """The first gap into an unmapped cell that the party can walk to from the stair up."""
    floor = game.floor
    reach = floor.reachable_from(*floor.start)
    return next((e for e in floor.exits() if reach[e[1], e[0]]), None)


def walk_floor(game: Game, max_rooms: int = 99, by_moves: bool = False) -> int:
    """Enter new rooms until the floor is mapped (or `max_rooms` are): the leader stands in the
    gap of the first reachable exit and steps in. With `by_moves`, the step is a Move action
    applied to the game (the whole turn: traps on the way, monsters, combat); else the engine's
    own step_into/enter_room are called, as `move` calls them, without the rest of the turn.
    Dead ends are opened the book's way (a secret passage, as a search finds it)."""
    floor = game.floor
    entered = 0
    while entered < max_rooms and game.phase == "dungeon":
        keep_alive(game)
        exit_ = next_exit(game)
        leader = game.heroes()[0][0]
        if exit_ is None:
            pos = game.position(leader)
            pos.x, pos.y = floor.start
            if not secret_passage(game, leader):
                break
            continue
        x, y, cell, side = exit_
        dx, dy = DELTA[OPPOSITE[side]]
        if by_moves:
            seat = game.next_seat()
            mover = game.party.hero_of[seat]
            for eid, _ in game.heroes():  # clear the gap and the tile beyond it
                p = game.position(eid)
                if eid != mover and (p.x, p.y) in ((x, y), (x + dx, y + dy)):
                    p.x, p.y = floor.start
            pos = game.position(mover)
            pos.x, pos.y = x, y
            apply_action(game, A.Move(seat, dx, dy))
            assert floor.cells[cell].mapped, f"seed {game.seed}: the move into {cell} did not map it"
            assert game.hallway.pending is None
        else:
            pos = game.position(leader)
            pos.x, pos.y = x, y
            assert floor.step_into(x, y, x + dx, y + dy) == (cell, side)
            assert engine_rooms.enter_room(game, leader, cell, side, (x + dx, y + dy))
        entered += 1
    return entered


# ----- the checks -----------------------------------------------------------------------------
def block_reach(game: Game, cell: tuple[int, int], start: tuple[int, int]) -> np.ndarray:
    """Tiles of `cell`'s block (floor coordinates, [y, x] of the whole floor) reachable from
    `start` by orthogonal steps over walkable tiles, without leaving the block."""
    floor = game.floor
    x0, y0, x1, y1 = floor.cells[cell].bounds
    walk = floor.walkable[y0:y1 + 1, x0:x1 + 1].astype(np.int32)
    dist = tcod.path.maxarray(walk.shape, dtype=np.int32)
    dist[start[1] - y0, start[0] - x0] = 0
    tcod.path.dijkstra2d(dist, walk, cardinal=1, diagonal=None, out=dist)
    out = np.zeros_like(floor.walkable)
    out[y0:y1 + 1, x0:x1 + 1] = (dist != np.iinfo(np.int32).max) & walk.astype(bool)
    return out


def entry_of(game: Game, cell: tuple[int, int]) -> tuple[int, int]:
    """Where the party came into the room: the stair up of the floor's first room, else the
    tile just inside the gap it entered by."""
    floor = game.floor
    record = floor.cells[cell]
    if record.entered_from is None:
        return floor.start
    rec = floor.side(cell, record.entered_from)
    lx, ly = inside_gap(record.entered_from, rec.offset)
    ox, oy = origin(cell)
    return ox + lx, oy + ly


def orth(x: int, y: int) -> list[tuple[int, int]]:
    return [(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]


def check_reachable(game: Game, cell: tuple[int, int]) -> None:
    """Every walkable tile of the room can be reached from where the party came in, or the room
    records why not (a chasm, a cave-in, boulders); its furniture can be reached either way."""
    floor = game.floor
    record = floor.cells[cell]
    plan = record.plan
    where = f"seed {game.seed} floor {game.dungeon.floor_no} cell {cell}"
    entry = entry_of(game, cell)
    assert floor.walkable[entry[1], entry[0]], f"{where}: the way in {entry} is not walkable"
    x0, y0, x1, y1 = record.bounds
    inside = np.zeros_like(floor.walkable)
    inside[y0 + 1:y1, x0 + 1:x1] = True
    reach = block_reach(game, cell, entry)
    # the whole floor's own answer agrees: the room's entry is reached from the floor's stair up
    assert floor.reachable_from(*floor.start)[entry[1], entry[0]], f"{where}: cut off from the stair up"
    lost = floor.walkable & inside & ~reach
    if plan.blocked:
        assert plan.blocked in ("chasm", "cave_in", "boulders"), f"{where}: blocked by {plan.blocked!r}"
        assert any(f.name == plan.blocked for f in plan.features), f"{where}: no {plan.blocked} in the room"
    else:
        assert not lost.any(), f"{where}: unreachable walkable tiles (y, x) {np.argwhere(lost)[:5].tolist()}"
    for spot in plan.spots:
        if spot.action in SEARCHED and spot.host != "boulders":
            near = [spot.x, spot.y], *orth(spot.x, spot.y)
            assert any(reach[q[1], q[0]] for q in near), f"{where}: nothing reaches {spot}"


def entrance_doors(game: Game) -> set[tuple[int, int]]:
    """The door tiles of the floor's first room (carved by Floor.new, never spawned)."""
    floor = game.floor
    x0, y0 = origin(floor.entrance)
    return {(x0 + gx, y0 + gy) for d in floor.cells[floor.entrance].plan.doors
            for gx, gy in gap_tiles(d.side, floor.side(floor.entrance, d.side).offset, "door")}


def check_doors(game: Game, strict_doors: bool = False) -> None:
    """Every door tile is in a wall between two cells (never inside a room, never on the floor's
    edge, never at a corner), in a wall whose record says door; every door entity sits on one,
    named by a side of a mapped room that has that door."""
    floor = game.floor
    where = f"seed {game.seed} floor {game.dungeon.floor_no}"
    ys, xs = np.nonzero(np.isin(floor.tile, DOOR_TILES))
    for x, y in zip(xs.tolist(), ys.tolist(), strict=True):
        assert floor.cell_of(x, y) is None, f"{where}: door ({x}, {y}) inside a room"
        on_v, on_h = x % CELL_W == 0, y % CELL_H == 0
        assert on_v != on_h, f"{where}: door ({x}, {y}) at a corner of the grid"
        assert 0 < x < floor.width - 1 and 0 < y < floor.height - 1, f"{where}: door ({x}, {y}) on the edge"
        rec = floor.wall_at(x, y)
        assert rec is not None and rec.kind == "door", f"{where}: door ({x}, {y}) in a wall recorded {rec}"
    doors = [(d, p) for _, (d, p) in game.world.get2(DoorState, Position) if p.floor == game.dungeon.floor_no]
    tiles = [(p.x, p.y) for _, p in doors]
    assert len(set(tiles)) == len(tiles), f"{where}: two door entities on one tile"
    door_tiles = set(zip(xs.tolist(), ys.tolist(), strict=True))
    assert set(tiles) <= door_tiles, f"{where}: door entities off the door tiles {set(tiles) - door_tiles}"
    missing = door_tiles - set(tiles)
    if strict_doors:
        assert not missing, f"{where}: door tiles with no door entity {sorted(missing)}"
    else:  # known engine gap (see test_the_first_room_of_a_floor_has_its_doors_as_entities)
        assert missing <= entrance_doors(game), f"{where}: door tiles with no door entity {sorted(missing)}"
    for door, pos in doors:
        x0, y0 = origin(door.cell)
        local = (pos.x - x0, pos.y - y0)
        assert local in gap_tiles(door.side, floor.side(door.cell, door.side).offset, "door"), (where, door)
        assert floor.in_grid(neighbour(door.cell, door.side)), (where, door)
        planned = {d.side: d for d in floor.cells[door.cell].plan.doors}
        assert (planned[door.side].kind, planned[door.side].tier) == (door.kind, door.tier), (where, door)


def _wall_line(cell: tuple[int, int], side: str) -> list[tuple[int, int]]:
    """Floor tiles of the wall on `side` of `cell`, corners left out."""
    x0, y0 = origin(cell)
    if side in ("n", "s"):
        y = y0 if side == "n" else y0 + CELL_H
        return [(x, y) for x in range(x0 + 1, x0 + CELL_W)]
    x = x0 if side == "w" else x0 + CELL_W
    return [(x, y) for y in range(y0 + 1, y0 + CELL_H)]


def check_sides(game: Game) -> None:
    """Neighbouring rooms agree on the wall they share (open, door or wall, the door's kind and
    tier, where its gap lies), the floor's record of that wall agrees with both, and the carved
    tiles have the gap exactly there; a side on the floor's edge is a wall."""
    floor = game.floor
    where = f"seed {game.seed} floor {game.dungeon.floor_no}"
    for cell, record in sorted(floor.cells.items()):
        if not record.mapped:
            continue
        plan = record.plan
        doors = {d.side: d for d in plan.doors}
        for s in SIDES:
            other = neighbour(cell, s)
            line = _wall_line(cell, s)
            open_tiles = {q for q in line if floor.walkable[q[1], q[0]]}
            if not floor.in_grid(other):
                assert plan.sides[s] == "wall" and not open_tiles, (where, cell, s)
                continue
            rec = floor.side(cell, s)
            assert rec is not None, (where, cell, s)
            secret = s in record.secret_sides or (floor.cells[other].mapped
                                                  and OPPOSITE[s] in floor.cells[other].secret_sides)
            if secret:
                assert rec.secret and rec.kind == "open", (where, cell, s)
            else:
                assert plan.sides[s] == rec.kind, f"{where} cell {cell} {s}: {plan.sides[s]} vs wall {rec.kind}"
            if rec.kind == "wall":
                assert not open_tiles, f"{where}: cell {cell}'s {s} wall has gaps {open_tiles}"
            else:
                x0, y0 = origin(cell)
                gap = {(x0 + gx, y0 + gy) for gx, gy in gap_tiles(s, rec.offset, rec.kind)}
                assert open_tiles == gap, f"{where}: cell {cell} {s}: gap {sorted(open_tiles)} != {sorted(gap)}"
            if rec.kind == "door" and not secret:
                assert (doors[s].kind, doors[s].tier) == (rec.door.kind, rec.door.tier), (where, cell, s)
            theirs = floor.cells[other]
            if theirs.mapped and not secret:
                assert theirs.plan.sides[OPPOSITE[s]] == plan.sides[s], f"{where}: {cell} {s} vs {other}"
                if plan.sides[s] == "door":
                    mine = doors[s]
                    their = {d.side: d for d in theirs.plan.doors}[OPPOSITE[s]]
                    assert (mine.kind, mine.tier) == (their.kind, their.tier), (where, cell, s)


def check_traps(game: Game) -> None:
    """Every placed trap sits on an actionable spot of its room's plan: a spot with the trap's
    action and host, on a tile that action fits (a plate underfoot, a door, furniture)."""
    floor = game.floor
    for eid, (trap, pos) in game.world.get2(TrapState, Position):
        if pos.floor != game.dungeon.floor_no:
            continue
        where = f"seed {game.seed} floor {game.dungeon.floor_no} trap {eid} {trap.action} on {trap.host}"
        record = floor.cells[trap.cell]
        assert record.mapped and record.entered, where
        spots = [s for s in record.plan.spots if (s.x, s.y) == (pos.x, pos.y)]
        assert any(s.action == trap.action and s.host == trap.host for s in spots), f"{where}: no such spot"
        tile = Tile(int(floor.tile[pos.y, pos.x]))
        if trap.action == "walk":
            assert tile in WALKABLE_TILES, (where, tile)
        elif trap.action == "open":
            assert int(tile) in DOOR_TILES, (where, tile)
        else:
            assert tile in ACTIONABLE_TILES, (where, tile)


def _monsters_in(game: Game, cell: tuple[int, int]) -> list[tuple[int, MonsterState]]:
    """The monsters of `cell` on the floor the party is on (each floor has a cell of that name)."""
    here = game.dungeon.floor_no
    return [(e, m) for e, m in game.world.get(MonsterState)
            if m.cell == cell and not m.wandering and (pos := game.position(e)) is not None and pos.floor == here]


def _treasure_in(game: Game, cell: tuple[int, int]) -> list[tuple[int, TreasureState]]:
    """The items lying in `cell` on the floor the party is on."""
    here = game.dungeon.floor_no
    return [(e, t) for e, t in game.world.get(TreasureState)
            if t.cell == cell and (pos := game.position(e)) is not None and pos.floor == here]


def check_purchases(game: Game, designs: dict[tuple[int, int], object],
                    spawns: dict[tuple[int, int], dict[int, tuple[int, int]]] | None = None,
                    members: dict[tuple[int, int], set[int]] | None = None) -> None:
    """Every purchased monster, treasure and trap of every designed room exists as an entity of
    that room: as many as were bought, the very things bought (less the healing used up in
    play). With `spawns` (where the
    monsters stood when spawned; nobody has taken anything yet) each also stands where it
    should: treasure on its spot (hidden in furniture), traps on theirs, monsters each on its
    own free walkable tile of the room, which the party can reach unless the room records why
    it cannot."""
    floor = game.floor
    for cell, design in sorted(designs.items()):
        where = f"seed {game.seed} floor {game.dungeon.floor_no} cell {cell}"
        assert floor.cells[cell].plan is design.plan, f"{where}: the carved plan is not the designed one"
        monsters = _monsters_in(game, cell)
        if members is not None:  # dead ones too: by the entities spawned in this floor's cell
            monsters = [(e, m) for e, m in game.world.get(MonsterState) if e in members.get(cell, ())]
        assert Counter(repr(m.spec) for _, m in monsters) == Counter(repr(p.monster) for p in design.monsters), where
        treasure = _treasure_in(game, cell)
        if members is not None:
            treasure = [(e, t) for e, t in game.world.get(TreasureState) if e in members.get(cell, ())]
        have = Counter(repr(t.spec) for _, t in treasure)
        bought = Counter(repr(p.item) for p in design.treasure)
        if spawns is None:  # in play a healing draught is used up: its entity is gone
            used = Counter(repr(p.item) for p in design.treasure if p.item.heal > 0)
            assert have <= bought and bought - have <= used, f"{where}: treasure {have} of {bought}"
        else:
            assert have == bought, f"{where}: treasure {have} of {bought}"
        traps = [(e, t) for e, t in game.traps()
                 if t.cell == cell and (pos := game.position(e)) is not None and pos.floor == game.dungeon.floor_no]
        assert Counter(repr(t.spec) for _, t in traps) == Counter(repr(p.trap) for p in design.traps), where
        if design.downward_stair is not None:
            s = design.downward_stair
            assert int(floor.tile[s.y, s.x]) == Tile.STAIR_DOWN, f"{where}: no stair down at {s}"
        if spawns is None:
            continue
        want = Counter((p.spot.x, p.spot.y, p.spot.host != "floor") for p in design.treasure if p.spot)
        got = Counter((game.position(e).x, game.position(e).y, t.hidden) for e, t in treasure)
        assert want <= got, f"{where}: treasure {got} not on its spots {want}"
        want_traps = Counter((p.spot.x, p.spot.y, p.spot.action) for p in design.traps)
        got_traps = Counter((game.position(e).x, game.position(e).y, t.action) for e, t in traps)
        assert want_traps == got_traps, where
        spawned = spawns[cell]
        assert sorted(spawned) == [e for e, _ in monsters], f"{where}: monsters spawned {spawned}"
        assert len(set(spawned.values())) == len(spawned), f"{where}: two monsters on one tile {spawned}"
        reach = block_reach(game, cell, entry_of(game, cell))
        x0, y0, x1, y1 = floor.cells[cell].bounds
        for e, (x, y) in spawned.items():
            assert x0 < x < x1 and y0 < y < y1, f"{where}: {game.name(e)} spawned outside its room at {(x, y)}"
            assert floor.walkable[y, x], f"{where}: {game.name(e)} spawned in a wall"
            if not design.plan.blocked:
                assert reach[y, x], f"{where}: {game.name(e)} spawned at {(x, y)}, out of the party's reach"


def check_floor(game: Game, designs: dict[tuple[int, int], object],
                spawns: dict[tuple[int, int], dict[int, tuple[int, int]]] | None = None,
                members: dict[tuple[int, int], set[int]] | None = None) -> int:
    """All the checks on the game's current floor; returns how many rooms were walked."""
    floor = game.floor
    rooms = 0
    for cell, record in sorted(floor.cells.items()):
        if not record.mapped:
            continue
        assert record.entered, f"seed {game.seed}: cell {cell} mapped but never entered"
        if cell != floor.entrance:
            assert cell in designs, f"seed {game.seed}: cell {cell} was never designed"
        check_reachable(game, cell)
        rooms += 1
    check_doors(game)
    check_sides(game)
    check_traps(game)
    check_purchases(game, designs, spawns, members)
    return rooms

