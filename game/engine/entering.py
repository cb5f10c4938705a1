"""Entering rooms: the Hallway before each new room (Fungeon), the table designing it, the room
carved and filled with what was bought; and the rooms' furniture, loot and wandering monsters."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from game.engine.combat import continuous_effects, resist, suffer
from game.mapgen.tiles import Tile
from game.rules.costs import monster_cost, monster_hits, trap_cost
from game.rules.heroes import max_hits
from game.rules.party import level_for_xp, level_up_heal, new_hero_level, room_budgets, wandering_budget
from game.world.components import (
    DoorState,
    Effect,
    Effects,
    Glyph,
    HeroState,
    MonsterState,
    Named,
    Position,
    TrapState,
    TreasureState,
)

if TYPE_CHECKING:
    from game.engine.game import Game

MONSTER_GLYPH_COLOUR = (230, 80, 60)


# ----- the Hallway ------------------------------------------------------------------------------
def hallway(game: Game, leader: int) -> tuple[bool, list[str]]:
    """Fungeon's Hallway, in order: new heroes for the dead, level-ups, continuous damage.
    Returns whether Party Min rose (a Downward Stair is owed) and what happened, for the log."""
    from game.engine.run import free_tile_near

    notes = []
    before = game.last_party_min
    lpos = game.position(leader)
    for seat in sorted(game.hero_of):
        hero = game.world.comp(game.hero_of[seat], HeroState)
        if hero.hits > 0:
            continue
        level = new_hero_level(game.floor_no)
        eid = game.make_hero(seat, level)
        x, y = free_tile_near(game, lpos.x, lpos.y)
        game.world.add(eid, Position(x, y, game.floor_no))
        notes.append(f"{game.name(eid)} joins the party for {game.seats[seat].name} (Level {level}).")
    for eid, hero in game.heroes():
        level = level_for_xp(hero.xp, hero.level)
        if level > hero.level:
            gained = level - hero.level
            hero.level = level
            hero.hits = min(max_hits(level), hero.hits + level_up_heal(gained))
            notes.append(f"{game.name(eid)} reaches Level {level}!")
    continuous_effects(game, in_combat=False)
    after = game.party_numbers()[0]
    game.last_party_min = after
    return after > before, notes


@dataclass
class PendingRoom:
    """A Hallway waiting for human designers (design = ask): their category picks, in roll-off
    order, and their purchases. Everything before (new heroes, level-ups, continuous damage) is
    done once; the roll-off is re-run from the same fresh stream with the picks made so far."""

    leader: int
    cell: tuple[int, int]
    side: str
    target: tuple[int, int]
    min_rose: bool
    picks: list[tuple[int, str]] = field(default_factory=list)
    manual: dict[str, tuple] = field(default_factory=dict)
    waiting: tuple = ()  # ("category", seat, left) or ("build", seat, category, budget)


class NeedChoice(Exception):
    def __init__(self, seat: int, left: tuple[str, ...]) -> None:
        self.seat, self.left = seat, left


def enter_room(game: Game, leader: int, cell: tuple[int, int], side: str, target: tuple[int, int]) -> bool:
    """The party enters an unmapped cell: Hallway, roll-off, the designers spend, the room is
    carved and furnished. Returns False while human designers still have to choose or build
    (game.pending says what for); the step into the room completes when they have."""
    from game.designers.builds import decode
    from game.designers.hallway import roll_off
    from game.designers.room_design import design_room
    from game.designers.table import designers_for

    if game.pending is None:
        min_rose, notes = hallway(game, leader)
        for note in notes:
            game.say(note, "hallway")
        if not game.heroes():
            return True
        game.pending = PendingRoom(leader, cell, side, target, min_rose)
    pending = game.pending
    designers = designers_for(game.seats, game.dials.design)
    room_no = game.stats.rooms_entered + 1
    stream = game.streams.get("hallway", game.floor_no, room_no).fork("roll-off")

    def choose(seat: int, left: tuple[str, ...]) -> str:
        made = [c for s, c in pending.picks if s == seat]
        asked = choose.calls.get(seat, 0)  # type: ignore[attr-defined]
        choose.calls[seat] = asked + 1  # type: ignore[attr-defined]
        if asked < len(made):
            return made[asked]
        raise NeedChoice(seat, left)

    choose.calls = {}  # type: ignore[attr-defined]
    try:
        rolloff = roll_off(designers, game.dials.die, stream, choose)
    except NeedChoice as need:
        pending.waiting = ("category", need.seat, need.left)
        return False
    floor = game.floor
    plan = floor.plan_room(cell, side, need_stair=pending.min_rose)
    heroes = game.heroes()
    budgets = room_budgets([h.level for _, h in heroes], game.floor_no)
    by_seat = {d.seat: d for d in designers}
    for category, seat in rolloff.picks:
        if not by_seat[seat].ai and category not in pending.manual:
            pending.waiting = ("build", seat, category, getattr(budgets, category), plan)
            return False
    game.category_order = tuple(rolloff.order)
    items = [i for eid, _ in heroes for i in game.items(eid)]
    manual = {c: decode(c, raw, plan.spots) for c, raw in pending.manual.items()}
    design = design_room(game.streams, game.floor_no, room_no, [game.sheet(e) for e, _ in heroes], designers,
                         rolloff, game.dials, items=items, cell=cell, plan=plan, min_rose=pending.min_rose,
                         seen_names=game.seen_names, manual=manual, library=game.designs)
    game.pending = None
    floor.carve(design.plan, side)
    floor.cells[cell].entered = True
    game.last_design = design
    game.room_titles[(game.floor_no, cell)] = design.title
    game.stats.rooms_entered += 1
    takers = ", ".join(f"{game.seats[s].name} {c}" for c, s, _ in design.takers)
    game.say(f"Hallway: {takers}. Ahead: {design.title}.", "hallway")
    game.stats.rooms.append(f"Floor {game.floor_no} room {room_no}: {design.title}; "
                            f"{len(design.monsters)} monsters, {len(design.traps)} traps, "
                            f"{len(design.treasure)} treasures")
    spawn_room(game, design, target)
    if game.dials.surprise and design.monsters:
        surprise(game, cell)
    return True


def designer_input(game: Game, action: object) -> bool:
    """A human designer's pick or build for the pending Hallway. Returns True when it was taken;
    a build that breaks a rule is refused with the rule's reason in the log."""
    from game.engine import actions as A

    pending = game.pending
    if pending is None or not pending.waiting or action.seat != pending.waiting[1]:  # type: ignore[attr-defined]
        return False
    if isinstance(action, A.TakeCategory) and pending.waiting[0] == "category":
        if action.category not in pending.waiting[2]:
            game.say(f"{action.category} is not left to take.")
            return False
        pending.picks.append((action.seat, action.category))
        game.say(f"{game.seats[action.seat].name} takes {action.category}.", "hallway")
        return True
    if isinstance(action, A.BuildRoom) and pending.waiting[0] == "build" and action.category == pending.waiting[2]:
        problem = build_problem(game, action.category, action.items, pending.waiting[3], pending.waiting[4])
        if problem:
            game.say(f"That build cannot stand: {problem}", "danger")
            return False
        pending.manual[action.category] = action.items
        return True
    return False


def build_problem(game: Game, category: str, items: tuple, budget: int, plan) -> str:  # noqa: ANN001 - RoomPlan
    """The first rule a human build breaks ("" if none): every feature legal, the budget spent
    exactly, each monster at least Floor points, resist only against Types the party uses."""
    from game.designers.builds import decode
    from game.designers.monsters import check_monsters
    from game.designers.scout import view_party
    from game.designers.traps import check_traps
    from game.designers.treasure import check_treasure

    try:
        decoded = decode(category, items, plan.spots)
        heroes = game.heroes()
        if category == "monsters":
            view = view_party([game.sheet(e) for e, _ in heroes], [i for e, _ in heroes for i in game.items(e)])
            check_monsters(decoded, budget, game.floor_no, view)
        elif category == "treasure":
            check_treasure((p.item for p in decoded), budget)
        else:
            has_treasure = "treasure" in (game.pending.manual if game.pending else {}) or True
            check_traps(decoded, budget, plan.spots, has_treasure)
    except (AssertionError, ValueError, TypeError) as exc:
        return str(exc).split(": ", 1)[-1] or "it breaks a rule"
    return ""


def spawn_room(game: Game, design, entry: tuple[int, int]) -> None:  # noqa: ANN001 - RoomDesign
    """Every purchase becomes an entity where it was placed."""
    from game.engine.run import make_treasure_entity

    takers = {c: s for c, s, _ in design.takers}
    cell = design.plan.cell
    floor = game.floor
    for placed in design.traps:
        spot = placed.spot
        game.world.create(
            TrapState(placed.trap, trap_cost(placed.trap), takers["traps"], cell, spot.action, spot.host),
            Position(spot.x, spot.y, game.floor_no), Named(placed.trap.name or f"a {placed.kind} trap",
                                                            placed.description))
    guards = tuple(e for e, t in game.traps() if t.cell == cell and t.spec.guards_treasure)
    for placed in design.treasure:
        spot = placed.spot
        if spot is not None:
            pos = Position(spot.x, spot.y, game.floor_no)
            hidden = spot.host != "floor"
        else:
            pos = Position(*room_tile(game, cell, 0), game.floor_no)
            hidden = False
        eid = make_treasure_entity(game, placed.item, placed.item.name or "a trinket", takers["treasure"], pos)
        item = game.world.comp(eid, TreasureState)
        item.cell, item.host, item.guarded_by, item.hidden = cell, spot.host if spot else "floor", guards, hidden
    party_min = game.party_numbers()[0]
    if design.monsters:
        owner = game.seats[takers["monsters"]]
        names = ", ".join(p.monster.name or "a monster" for p in design.monsters)
        played = " (the AI plays them for that seat)" if owner.human else ""
        game.say(f"{owner.name}'s monsters hold this room: {names}{played}.", "danger", takers["monsters"])
    for i, placed in enumerate(design.monsters):
        m = placed.monster
        x, y = far_tile(game, cell, entry, i)
        glyph = (m.name or "m")[0].lower()
        if m.level >= 5:
            glyph = glyph.upper()
        # the designing seat marks "wary" a monster weaker than every hero: it may not want this fight
        state = MonsterState(m, monster_cost(m), monster_hits(m.level), takers["monsters"], cell, aware=True,
                             wary=m.level < party_min)
        eid = game.world.create(state, Position(x, y, game.floor_no), Named(m.name or "a monster", placed.description),
                                Glyph(glyph, MONSTER_GLYPH_COLOUR, 2))
        if state.wary and game.dials.reactions:
            reaction(game, eid, cell)
    if design.downward_stair is not None:
        s = design.downward_stair
        if int(floor.tile[s.y, s.x]) != Tile.STAIR_DOWN:
            floor.set_tile(s.x, s.y, Tile.STAIR_DOWN)
    spawn_doors(game, design.plan)


def spawn_doors(game: Game, plan) -> None:  # noqa: ANN001 - RoomPlan
    """Each closed door of a room becomes an entity that keeps its lock, jam or lever (a door a
    neighbour already made, or one already opened, is left as it is)."""
    for plan_door in plan.doors:
        for x, y in door_tiles(game, plan.cell, plan_door.side):
            if game.entity_at(x, y, DoorState) is None:
                locked = plan_door.kind in ("locked", "lever", "jammed", "trapped_locked")
                game.world.create(DoorState(plan_door.kind, plan_door.tier, plan.cell, plan_door.side, False, locked,
                                            plan_door.kind == "jammed"), Position(x, y, game.floor_no))


REACTIONS = ((3, "friendly"), (6, "helpful"), (7, "uninterested"), (10, "hostile"), (12, "murderous"))


def reaction(game: Game, eid: int, cell: tuple[int, int]) -> str:
    """A Dungeon Game's reaction roll (2d6, as written) for a monster its designer marked wary:
    friendly, helpful and uninterested ones keep the peace until struck (a helpful one points
    out a trap of the room); hostile and murderous ones fight."""
    stream = game.streams.get("reactions", game.floor_no, cell[0], cell[1])
    roll = stream.die(6) + stream.die(6)
    attitude = next(name for top, name in REACTIONS if roll <= top)
    mon = game.world.comp(eid, MonsterState)
    if attitude in ("friendly", "helpful", "uninterested"):
        mon.peaceful, mon.aware = True, False
        game.say(f"{game.name(eid)} eyes the party warily ({attitude}) and keeps its distance.", "info")
    if attitude in ("friendly", "helpful"):
        hidden = [t for t, trap in game.traps() if trap.cell == cell and trap.live and not trap.found_by]
        if hidden:
            trap = game.world.comp(hidden[0], TrapState)
            trap.found_by.update(game.hero_of.values())
            game.say(f"It jerks its head at the {trap.host}: something there is not right.", "trap")
    return attitude


def door_tiles(game: Game, cell: tuple[int, int], side: str) -> list[tuple[int, int]]:
    floor = game.floor
    x0, y0, x1, y1 = floor.cells[cell].bounds
    if side in ("n", "s"):
        y = y0 if side == "n" else y1
        return [(x, y) for x in range(x0, x1 + 1) if int(floor.tile[y, x]) == Tile.DOOR]
    x = x0 if side == "w" else x1
    return [(x, y) for y in range(y0, y1 + 1) if int(floor.tile[y, x]) == Tile.DOOR]


def room_tiles(game: Game, cell: tuple[int, int], reach: np.ndarray | None = None) -> list[tuple[int, int]]:
    """Free floor tiles of the room (reachable ones only, when `reach` is given)."""
    floor = game.floor
    x0, y0, x1, y1 = floor.cells[cell].bounds
    free = floor.tile[y0 + 1:y1, x0 + 1:x1] == Tile.FLOOR
    if reach is not None:
        free &= reach[y0 + 1:y1, x0 + 1:x1]
    taken = {(p.x, p.y) for _, (_, p) in game.world.get2(MonsterState, Position) if p.floor == game.floor_no}
    taken |= {(p.x, p.y) for _, (_, p) in game.world.get2(HeroState, Position) if p.floor == game.floor_no}
    ys, xs = np.nonzero(free)
    return [(x, y) for x, y in zip((xs + x0 + 1).tolist(), (ys + y0 + 1).tolist(), strict=True) if (x, y) not in taken]


def room_tile(game: Game, cell: tuple[int, int], n: int) -> tuple[int, int]:
    tiles = room_tiles(game, cell)
    if not tiles:
        x0, y0, x1, y1 = game.floor.cells[cell].bounds
        return (x0 + x1) // 2, (y0 + y1) // 2
    return tiles[(len(tiles) // 2 + 7 * n) % len(tiles)]


def far_tile(game: Game, cell: tuple[int, int], entry: tuple[int, int], n: int) -> tuple[int, int]:
    """Monsters wait away from the way in, spread out: the n-th farthest free floor tile that
    the party can reach from `entry` (never across a chasm it cannot cross)."""
    tiles = room_tiles(game, cell, game.floor.reachable_from(*entry))
    if not tiles:
        return room_tile(game, cell, n)
    tiles.sort(key=lambda t: (-(abs(t[0] - entry[0]) + abs(t[1] - entry[1])), t))
    return tiles[min(len(tiles) - 1, n * 3)]


def surprise(game: Game, cell: tuple[int, int]) -> None:
    """A Dungeon Game: when neither side knew of the other, each is surprised on 2 in 6. A
    surprised party loses... nothing here: the monsters act first; surprised monsters stand
    unaware until a hero comes into their sight."""
    stream = game.streams.get("surprise", game.floor_no, cell[0], cell[1])
    monsters_surprised = stream.die(6) <= 2
    party_surprised = stream.die(6) <= 2
    if monsters_surprised and not party_surprised:
        for _, mon in game.monsters():
            if mon.cell == cell:
                mon.aware = False
        game.say("The party catches the room's occupants unawares!", "combat")
    elif party_surprised and not monsters_surprised:
        game.say("Surprise! The monsters strike before the party is ready.", "danger")
        from game.engine.combat import combat_turn
        from game.engine.tactics import monster_turn

        monster_turn(game)
        combat_turn(game)


# ----- heading back to town -----------------------------------------------------------------------
def retrace_check(game: Game, cell: tuple[int, int] | None) -> bool:
    """Heading back to town, before each room: every seat's hero makes an annoy roll against
    Floor dice; each seat that fails builds a wandering monster of its hero's Level + Floor."""
    if cell is None or (game.floor_no, cell) in game.retraced:
        return False
    game.retraced.add((game.floor_no, cell))
    spawned = False
    for seat in sorted(game.hero_of):
        eid = game.hero_of[seat]
        hero = game.world.comp(eid, HeroState)
        if hero.hits <= 0:
            continue
        ok, _ = resist(game, eid, "the dark on the way back", -1, game.floor_no, "", False)
        if not ok:
            spawn_wandering(game, seat, wandering_budget(hero.level, game.floor_no), cell)
            spawned = True
    return spawned


def forget_retraced(game: Game) -> None:
    """Out of the dungeon: the next time the party heads back, every room is checked again."""
    game.retraced.clear()


def wandering_check(game: Game) -> None:
    """A Dungeon Game: lingering, 1 in 6 that something wanders in. The seat with the highest
    die builds it from Party Min + Floor points."""
    if not game.dials.wandering:
        return
    stream = game.streams.get("wander")
    if stream.die(6) != 1:
        return
    seat = max(game.seats, key=lambda s: (stream.die(game.dials.die), -s.index)).index
    leader = game.heroes()[0][0]
    pos = game.position(leader)
    cell = game.floor.cell_of(pos.x, pos.y)
    if cell is None:
        return
    spawn_wandering(game, seat, game.party_numbers()[0] + game.floor_no, cell)


def spawn_wandering(game: Game, seat: int, budget: int, cell: tuple[int, int]) -> None:
    from game.designers.table import designers_for
    from game.designers.wandering import design_wandering

    designer = designers_for(game.seats, "auto")[seat]
    heroes = game.heroes()
    game.wandering_count += 1
    stream = game.streams.get("wandering", game.floor_no, game.wandering_count)
    monster = design_wandering(budget, game.floor_no, [game.sheet(e) for e, _ in heroes], designer.personality,
                               stream, items=[i for e, _ in heroes for i in game.items(e)],
                               seriousness=game.dials.seriousness, theme=game.dials.theme,
                               seen_names=game.seen_names)
    leader = game.position(heroes[0][0])
    x, y = far_tile(game, cell, (leader.x, leader.y), 0)
    game.world.create(
        MonsterState(monster, monster_cost(monster), monster_hits(monster.level), seat, cell, aware=True,
                     wandering=True),
        Position(x, y, game.floor_no), Named(monster.name or "a wanderer"),
        Glyph((monster.name or "w")[0].lower(), MONSTER_GLYPH_COLOUR, 2))
    game.say(f"{game.seats[seat].name} sends {monster.name or 'something'} out of the dark!", "danger")


# ----- furniture and loot --------------------------------------------------------------------------
def use_feature(game: Game, eid: int, x: int, y: int, tile: int) -> bool:
    """Search furniture (springing a trap set on it, uncovering what lies in it) or use it (a
    lever, a fountain, a machine); the first time a room's feature is worked, its Roll Through
    the Dungeon outcome (see `feature_outcome`)."""
    from game.engine.trap_play import spring_all

    if tile not in ACTIONABLE:
        return False
    action = "use" if tile in (Tile.LEVER, Tile.FOUNTAIN, Tile.MACHINE) else "search"
    spring_all(game, eid, x, y, action, f"{'works' if action == 'use' else 'searches'} the "
                                       f"{Tile(tile).name.lower()}")
    spring_all(game, eid, x, y, "search" if action == "use" else "use", "disturbs it")
    if game.world.comp(eid, HeroState).hits <= 0:
        return True
    game.opened.add((game.floor_no, x, y))
    found = 0
    for item_eid, (item, pos) in game.world.get2(TreasureState, Position):
        if (pos.x, pos.y, pos.floor) == (x, y, game.floor_no) and item.hidden:
            item.hidden = False
            found += 1
            game.say(f"In the {Tile(tile).name.lower()}: {game.name(item_eid)}.", "loot")
    happened = feature_outcome(game, eid, x, y, tile)
    if not found and not happened:
        game.say(f"{game.name(eid)} finds nothing more in the {Tile(tile).name.lower()}.")
    return True


def feature_outcome(game: Game, eid: int, x: int, y: int, tile: int) -> bool:
    """Table RF's d10 outcome of working a feature, once per feature of a room, read through
    Fungeon (DESIGN.md §3): the book's skill test is an annoying conflict against Floor +
    2 x tier dice and its hit-point losses painful conflicts; keys and levers count for the
    dungeon; poison and disease are continuous damage. What the book would hand out for free
    is left out, since every treasure and monster here is bought from a seat's budget: gems,
    gold and items (the Treasure seat's are in the room), healing (only treasure and level-ups
    heal) and monsters (names for the Monsters seat). Returns whether anything happened."""
    from game.mapgen.tables import feature_specs, features

    cell = game.floor.cell_of(x, y) or game.floor.cell_of(*_hero_xy(game, eid))
    record = game.floor.cells.get(cell) if cell else None
    if record is None or record.plan is None:
        return False
    specs = feature_specs()
    name = next((f.name for f in record.plan.features
                 if f.name in specs and specs[f.name].tile == Tile(tile).name.lower()), None)
    key = (game.floor_no, cell, name or Tile(tile).name.lower())
    if key in game.used_features:
        return False
    game.used_features.add(key)
    if tile == Tile.LEVER and name is None:
        name = "lever"
    row = next((r for r in features().rows if r.feature == name), None) if name else None
    if row is None:
        return False
    spec = specs.get(name)
    stream = game.streams.get("features", game.floor_no, cell[0], cell[1])
    if spec is not None and spec.skill:
        ok, _ = resist(game, eid, f"the {name.replace('_', ' ')} ({spec.skill})", -1, game.floor_no + 2 * row.tier,
                       "", False, action=spec.skill)
        if not ok:
            if row.fail_pain:
                suffer(game, eid, f"the {name.replace('_', ' ')}", -1, row.fail_pain, "crushing", False,
                       f"the {name.replace('_', ' ')}")
            else:
                game.say(f"{game.name(eid)} cannot make the {name.replace('_', ' ')} give anything up.")
            return True
    outcome = row.outcome(stream.die(10))  # a d10, as the book rolls it
    if outcome is None:
        return False
    effect, n = outcome.effect, max(1, outcome.n)
    if effect == "key":
        game.keys += n
        game.say(f"{game.name(eid)} finds {'a key' if n == 1 else f'{n} keys'}.", "loot")
    elif effect == "lever":
        game.levers += n
        game.say("Somewhere a mechanism grinds: a lever-door will open.")
    elif effect == "hurt":
        suffer(game, eid, f"the {name.replace('_', ' ')}", -1, n, "crushing", False, f"the {name.replace('_', ' ')}")
    elif effect in ("poison", "disease"):
        ok, _ = resist(game, eid, f"the {name.replace('_', ' ')}'s {effect}", -1, game.floor_no, "poison", False)
        if ok:
            game.say(f"{game.name(eid)} shrugs off something foul in the {name.replace('_', ' ')}.")
        else:
            game.say(f"{game.name(eid)} is {'poisoned' if effect == 'poison' else 'sickened'}!", "danger")
            game.world.comp(eid, Effects).active.append(
                Effect(f"{effect} from the {name.replace('_', ' ')}", -1, "poison", 2 * n, n, False, False, True))
    else:
        return False
    return True


def _hero_xy(game: Game, eid: int) -> tuple[int, int]:
    pos = game.position(eid)
    return (pos.x, pos.y) if pos else (0, 0)


ACTIONABLE = {int(t) for t in (Tile.CHEST, Tile.CRATE, Tile.GRATE, Tile.TOMB, Tile.FOUNTAIN, Tile.THRONE,
                               Tile.SHELF, Tile.STATUE, Tile.ALTAR, Tile.LEVER, Tile.TABLE, Tile.COUNTER,
                               Tile.TREE, Tile.MACHINE, Tile.DEBRIS)}


def reachable_treasure(game: Game, eid: int) -> list[tuple[int, str]]:
    """Items the hero could take now (on its tile or in adjacent furniture it has opened), each
    with the reason it cannot be taken yet ("" if it can): monsters guard a room's treasure
    until they are dead; a trap that guards treasure must be sprung, disarmed or sidestepped."""
    pos = game.position(eid)
    out = []
    for item_eid, (item, ipos) in game.world.get2(TreasureState, Position):
        if ipos.floor != pos.floor or item.hidden or max(abs(ipos.x - pos.x), abs(ipos.y - pos.y)) > 1:
            continue
        if (ipos.x, ipos.y) != (pos.x, pos.y) and game.floor.walkable[ipos.y, ipos.x]:
            continue
        why = ""
        if item.cell is not None and item.seat >= 0:
            if any(m.cell == item.cell and m.hostile for _, m in game.monsters()):
                why = f"{game.name(item_eid)} is guarded: the room's monsters still stand."
            elif any(game.world.comp(t, TrapState).live and not game.world.comp(t, TrapState).sprung
                     and eid not in game.world.comp(t, TrapState).found_by
                     for t in item.guarded_by if game.world.exists(t)):
                why = f"Something about {game.name(item_eid)} feels wrong: a trap guards it."
        out.append((item_eid, why))
    return out
