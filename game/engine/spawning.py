"""Every purchase of a designed room becomes an entity where it was placed: traps on their spots,
treasure in the open or hidden in furniture, monsters away from the way in, closed doors."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.sentences import join_names, possessive
from game.engine.encounters import reaction
from game.engine.placement import MONSTER_GLYPH_COLOUR, door_tiles, far_tiles, nth_far_tile, room_tile, taken_tiles
from game.mapgen.tiles import Tile
from game.rules.costs import monster_cost, monster_hits, trap_cost, treasure_cost
from game.rules.purchases import Treasure
from game.world.components import Carried, DoorState, Glyph, MonsterState, Named, Position, TrapState, TreasureState

if TYPE_CHECKING:
    import numpy as np

    from game.engine.game import Game
    from game.mapgen.floor import Floor
    from game.mapgen.plan import RoomPlan

def make_treasure_entity(game: Game, spec: Treasure, name: str, seat: int, pos: Position | None,
                         carried_by: int | None = None) -> int:
    comps: list[Any] = [TreasureState(spec, treasure_cost(spec), seat, None), Named(name),
                        Glyph("!" if spec.heal else "$", (240, 210, 80), 1)]
    if pos is not None:
        comps.append(pos)
    if carried_by is not None:
        comps.append(Carried(carried_by))
    return game.world.create(*comps)


def spawn_room(game: Game, design, entry: tuple[int, int]) -> None:  # noqa: ANN001 - RoomDesign
    """Every purchase becomes an entity where it was placed."""

    takers = {c: s for c, s, _ in design.takers}
    cell = design.plan.cell
    floor = game.floor
    # Who stands where and which doors stand, asked before the room's traps and treasure are made:
    # making them moves no one and makes no door, and the world's kept answers from the move that
    # entered the room still stand (making anything sets them aside).
    taken = taken_tiles(game) if design.monsters else set()  # no one moves: each monster placed is added
    doors = door_places(game) if design.plan.doors else set()
    # The traps guarding treasure in this cell, in entity order: those made before, then the
    # room's own as they are made (ids only grow).
    guards = ([e for e, (t, _) in game.on_floor(TrapState) if t.cell == cell and t.spec.guards_treasure]
              if design.treasure else [])
    for placed in design.traps:
        spot = placed.spot
        eid = game.world.create(
            TrapState(placed.trap, trap_cost(placed.trap), takers["traps"], cell, spot.action, spot.host),
            Position(spot.x, spot.y, game.dungeon.floor_no), Named(placed.trap.name or f"a {placed.kind} trap",
                                                            placed.description))
        if placed.trap.guards_treasure:
            guards.append(eid)
    guarded_by = tuple(guards)
    for placed in design.treasure:
        spot = placed.spot
        if spot is not None:
            pos = Position(spot.x, spot.y, game.dungeon.floor_no)
            hidden = spot.host != "floor"
        else:
            pos = Position(*room_tile(game, cell, 0), game.dungeon.floor_no)
            hidden = False
        eid = make_treasure_entity(game, placed.item, placed.item.name or "a trinket", takers["treasure"], pos)
        item = game.world.comp(eid, TreasureState)
        item.cell, item.host, item.guarded_by, item.hidden = cell, spot.host if spot else "floor", guarded_by, hidden
    party_min = game.party_numbers()[0]
    if design.monsters:
        owner = game.seats[takers["monsters"]]
        names = join_names([p.monster.name or "a monster" for p in design.monsters])
        played = " (the AI plays them for that seat)" if owner.human else ""
        game.say(f"{possessive(owner.name)} monsters hold this room: {names}{played}.", "danger", takers["monsters"])
    # the room's tiles do not change meanwhile: where its monsters may wait is worked out once
    far = far_tiles(game, cell, entry, _reach(floor, design.plan, entry)) if design.monsters else []
    for i, placed in enumerate(design.monsters):
        m = placed.monster
        x, y = nth_far_tile(game, cell, far, i, taken)
        taken.add((x, y))
        glyph = (m.name or "m")[0].lower()
        if m.level >= 5:
            glyph = glyph.upper()
        # the designing seat marks "wary" a monster weaker than every hero: it may not want this fight
        state = MonsterState(m, monster_cost(m), monster_hits(m.level), takers["monsters"], cell, aware=True,
                             wary=m.level < party_min)
        eid = game.world.create(state, Position(x, y, game.dungeon.floor_no),
                                Named(m.name or "a monster", placed.description), Glyph(glyph, MONSTER_GLYPH_COLOUR, 2))
        if state.wary and game.dials.reactions:
            reaction(game, eid, cell)
    if design.downward_stair is not None:
        s = design.downward_stair
        if int(floor.tile[s.y, s.x]) != Tile.STAIR_DOWN:
            floor.set_tile(s.x, s.y, Tile.STAIR_DOWN)
    spawn_doors(game, design.plan, doors)


def _reach(floor: Floor, plan: RoomPlan, entry: tuple[int, int]) -> np.ndarray:
    """What the party reaches from `entry` in the room just carved from `plan`, as `far_tile`
    reads it. A room shaped with nothing cut off (`plan.blocked` is "": every walkable tile of its
    block reached from its entry, and carving copies its inside and keeps each gap in its walls
    walkable) entered on one of its own walkable tiles is reached whole, so the floor's walkable
    tiles stand in for a search over the whole floor (the same tiles in the room)."""
    x, y = entry
    if not plan.blocked and floor.walkable[y, x] and floor.cell_of(x, y) == plan.cell:
        return floor.walkable
    return floor.reachable_from(x, y)


def spawn_doors(game: Game, plan, standing: set[tuple[int, int]] | None = None) -> None:  # noqa: ANN001 - RoomPlan
    """Each closed door of a room becomes an entity that keeps its lock, jam or lever (a door a
    neighbour already made, or one already opened, is left as it is). `standing` is
    `door_places(game)` when the caller has it (no door made since)."""
    if standing is None:
        standing = door_places(game)
    for plan_door in plan.doors:
        for x, y in door_tiles(game, plan.cell, plan_door.side):
            if (x, y) not in standing:
                locked = plan_door.kind != "open"  # every other kind of table RD must be beaten first
                game.world.create(DoorState(plan_door.kind, plan_door.tier, plan.cell, plan_door.side, False, locked,
                                            plan_door.kind == "jammed"), Position(x, y, game.dungeon.floor_no))
                standing.add((x, y))


def door_places(game: Game) -> set[tuple[int, int]]:
    """Where a door entity stands on the current floor."""
    return {(pos.x, pos.y) for _, (_, pos) in game.on_floor(DoorState)}
