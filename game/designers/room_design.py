"""A room built by the table: the Traps seat shapes it, then the three designers spend their
budgets (Fungeon "Hallway": "designers spend"), and everything gets a name.

Order inside a room: the plan first (it holds the spots), then the monsters, then the treasure
(its warding magic may answer the monsters' Types), then the traps (they need to know where the
treasure lies, to guard it). Each category draws from its own stream
`("design", seat, floor, room, category)`, names from `("names", floor, room)` and the shape from
`("layout", floor, room)`, so changing one never shifts another."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.core.dials import Dials
from game.core.rng import Stream, Streams
from game.designers.design_files import SavedDesign
from game.designers.design_library import draw_design, lay_treasure, place_traps
from game.designers.monsters import check_monsters, design_monsters, design_with_target
from game.designers.naming import Namer
from game.designers.personality import personality
from game.designers.records import PlacedMonster, PlacedTrap, PlacedTreasure, RollOff, RoomDesign
from game.designers.scout import type_kinds, view_party
from game.designers.table import CATEGORIES, Designer
from game.designers.traps import check_traps, design_traps
from game.designers.treasure import check_treasure, design_treasure
from game.mapgen.plan import RoomPlan, Spot
from game.mapgen.room_shape import shape_room
from game.rules.costs import monster_cost
from game.rules.heroes import HeroSheet
from game.rules.party import room_budgets
from game.rules.purchases import Monster, Treasure

DESIGN_MARK = "design:"  # a saved design set out in this run, among the names already given
TYPES_MARK = "types:"  # the Types a room was built with ("types:<room>:<Type>"), for the next room to vary from


def design_room(
    streams: Streams,
    floor: int,
    room: int,
    party: Sequence[HeroSheet],
    designers: Sequence[Designer],
    rolloff: RollOff,
    dials: Dials,
    *,
    items: Sequence[Treasure] = (),
    cell: tuple[int, int] = (0, 0),
    fixed_sides: Mapping[str, str] | None = None,
    entered_from: str | None = None,
    min_rose: bool = False,
    seen_names: set[str] | None = None,
    manual: Mapping[str, tuple] | None = None,
    plan: RoomPlan | None = None,
    library: Sequence[SavedDesign] = (),
    quest_target: str = "",
) -> RoomDesign:
    """Room `room` of Floor `floor` for the living heroes `party` (carrying `items`), built by the
    seats that took each category in `rolloff`. A category taken by a seat the AI does not build
    for (a human with design = ask) must come ready-made in `manual`: traps as PlacedTrap,
    monsters as Monster, treasure as PlacedTreasure; it is checked like the AI's.

    The Traps seat's shape for the room is rolled here from the layout stream, unless the floor
    already shaped it (`plan`: the world shapes rooms with the shared walls of their neighbours).

    `library` is the table's saved designs: an AI seat may draw one for a category it fits
    exactly (game.designers.design_library); with none, nothing here draws or changes.

    `quest_target` names a creature the run's quest puts in this room: an AI Monsters seat buys
    it first from its budget (a human seat's own build is taken as it is)."""
    manual = manual or {}
    by_seat = {d.seat: d for d in designers}
    takers = tuple((c, rolloff.taker(c), by_seat[rolloff.taker(c)].personality) for c in CATEGORIES)
    seat_of = {c: s for c, s, _ in takers}
    style = {c: personality(p) for c, _, p in takers}
    for c, s, _ in takers:
        if not by_seat[s].ai and c not in manual:
            raise ValueError(f"seat {s} builds the {c} itself: pass them in `manual`")

    floor_name, room_name = str(floor), str(room)  # streams named by strings: found as they are named

    def stream(category: str) -> Stream:
        return streams.get("design", str(seat_of[category]), floor_name, room_name, category)

    if plan is None:
        layout = streams.get("layout", floor, room)
        sides = dict(fixed_sides or {})
        plan = shape_room(layout, dials.theme, floor, cell, sides, entered_from, need_stair=min_rose)
    budgets = room_budgets([h.level for h in party], floor)
    view = view_party(party, items)
    used_types = _types_of_room(seen_names, room - 1)  # the next room plays on other Types
    inherited = len(used_types)
    drawn: dict[str, SavedDesign] = {}

    def draw(category: str, budget: int) -> SavedDesign | None:
        if not library or category in manual:
            return None
        mark = f"{DESIGN_MARK}{category}:"
        used = {n.removeprefix(mark) for n in seen_names or () if n.startswith(mark)}
        found = draw_design(library, category, budget, floor, view, style[category].designs,
                            streams.get("design-file", seat_of[category], floor, room, category), plan.spots, used)
        if found is not None:
            drawn[category] = found
            if seen_names is not None:
                seen_names.add(mark + found.name)
        return found

    if "monsters" in manual:
        monsters = tuple(manual["monsters"])
        check_monsters(monsters, budgets.monsters, floor, view)
    elif quest_target and (bought := design_with_target(
            quest_target, budgets.monsters, floor, view, style["monsters"].monsters, stream("monsters"),
            used_types)) is not None:
        monsters = bought
    elif (saved := draw("monsters", budgets.monsters)) is not None:
        monsters = tuple(saved.monsters or ())
        check_monsters(monsters, budgets.monsters, floor, view)
    else:
        monsters = design_monsters(
            budgets.monsters, floor, view, style["monsters"].monsters, stream("monsters"), used_types
        )
    if "treasure" in manual:
        treasure = tuple(manual["treasure"])
        check_treasure((p.item for p in treasure), budgets.treasure)
    elif (saved := draw("treasure", budgets.treasure)) is not None:
        treasure = lay_treasure(saved, plan, streams.get("design-file", seat_of["treasure"], floor, room, "treasure"))
        check_treasure((p.item for p in treasure), budgets.treasure)
    else:
        favoured = sorted({a.type for m in monsters for a in m.abilities})
        items_bought = design_treasure(
            budgets.treasure, view, style["treasure"].treasure, stream("treasure"), favoured
        )
        treasure = _lay_treasure(items_bought, plan, stream("treasure"))
    spots = plan.spots
    if "traps" in manual:
        traps = tuple(manual["traps"])
        check_traps(traps, budgets.traps, spots, bool(treasure))
    elif (saved := draw("traps", budgets.traps)) is not None:
        traps = place_traps(saved.traps or (), spots, [p.spot for p in treasure],
                            streams.get("design-file", seat_of["traps"], floor, room, "traps"))
        check_traps(traps, budgets.traps, spots, bool(treasure))
    else:
        traps = design_traps(
            budgets.traps,
            view,
            style["traps"].traps,
            stream("traps"),
            spots,
            [p.spot for p in treasure],
            used_types,
        )
    stair = _stair(plan, traps) if min_rose else None
    if seen_names is not None:
        seen_names.update(f"{TYPES_MARK}{room}:{t}" for t in used_types[inherited:])

    namer = Namer(dials.seriousness, dials.theme, streams.get("names", floor, room), seen_names)
    room_title = namer.room(plan)
    return RoomDesign(
        floor=floor,
        room=room,
        plan=plan,
        title=room_title,
        budgets=budgets,
        takers=takers,
        traps=tuple(_named_trap(namer, p) for p in traps),
        monsters=_named_monsters(namer, monsters, room_title),
        treasure=tuple(_named_treasure(namer, p) for p in treasure),
        downward_stair=stair,
        rolloff=rolloff,
        from_design=tuple((c, drawn[c].name) for c in CATEGORIES if c in drawn),
    )


def _types_of_room(seen_names: set[str] | None, room: int) -> list[str]:
    """The Types room `room` of this run was designed with (abilities and traps, in sorted
    order): the designers weigh them down in the next room, as they do a Type already used in
    the same room, so that two rooms in a row rarely bite the same way."""
    if not seen_names:
        return []
    mark = f"{TYPES_MARK}{room}:"  # Type by Type (all from types.toml): the run's set grows with every name
    return [t for t in type_kinds() if mark + t in seen_names]


def _lay_treasure(items: Sequence[Treasure], plan: RoomPlan, stream: Stream) -> tuple[PlacedTreasure, ...]:
    """Items go into the spots that can hold them, the first item into a spot drawn at random
    and the rest in turn after it; with no such spot they lie in the open."""
    holders = [s for s in plan.spots if s.holds_treasure]
    if not holders:
        return tuple(PlacedTreasure(item, None) for item in items)
    start = stream.below(len(holders))
    return tuple(PlacedTreasure(item, holders[(start + i) % len(holders)]) for i, item in enumerate(items))


def _stair(plan: RoomPlan, traps: Sequence[PlacedTrap]) -> Spot:
    """Where the Downward Stair is: the stair down the Traps seat had shaped into the room, or, in
    a plan shaped without one, a floor plate no trap sits on (the way on need not be literal)."""
    for spot in plan.spots:
        if spot.host == "stair":
            return spot
    trapped = {p.spot for p in traps}
    walk = [s for s in plan.spots if s.action == "walk"]
    chosen = next((s for s in walk if s not in trapped), (walk or list(plan.spots))[0])
    return Spot(chosen.x, chosen.y, "use", "stair")


def _named_monsters(namer: Namer, monsters: Sequence[Monster], room_title: str) -> tuple[PlacedMonster, ...]:
    """The first monster leads the room when it is alone or worth half as much again as any
    other (a leader gets a name of its own; the others are known by what they are)."""
    costs = [monster_cost(m) for m in monsters]
    out = []
    for i, m in enumerate(monsters):
        boss = i == 0 and (len(monsters) == 1 or 2 * costs[0] >= 3 * max(costs[1:]))
        if m.name:
            out.append(PlacedMonster(m))
            continue
        named, line = namer.monster(m, boss, room_title)
        out.append(PlacedMonster(named, line))
    return tuple(out)


def _named_trap(namer: Namer, placed: PlacedTrap) -> PlacedTrap:
    if placed.trap.name:
        return placed
    name, line = namer.trap(placed.trap, placed.kind, placed.spot)
    return PlacedTrap(placed.trap.named(name), placed.spot, placed.kind, line)


def _named_treasure(namer: Namer, placed: PlacedTreasure) -> PlacedTreasure:
    if placed.item.name:
        return placed
    name, line = namer.treasure(placed.item, placed.spot)
    return PlacedTreasure(placed.item.named(name), placed.spot, line)
