"""`python main.py generate` and `python main.py catalog` (DESIGN.md §6): the rooms a static
party would meet, as JSON (sorted keys, byte-identical for the same arguments), as text, or one
line per room for a range of seeds.

Decisions: the dungeon's theme is the `theme` dial when it is given, else drawn from the seed;
every human seat designs `auto` here (there is nobody to ask); `catalog` builds for the party of
the book's own example (Levels 2, 3 and 5) from its entrance floor down `--floors` floors."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from game.core.dials import SERIOUSNESS, THEMES, Dials, parse_dials
from game.core.errors import UsageError, printable
from game.core.rng import Streams
from game.core.seats import Seat, parse_seats
from game.designers.design_files import SavedDesign, load_designs
from game.designers.generate import StaticHero, generate_rooms, static_party
from game.designers.naming import place_words
from game.designers.personality import personalities
from game.designers.records import PlacedMonster, PlacedTrap, PlacedTreasure, RoomDesign
from game.designers.table import Designer, designers_for
from game.mapgen.plan import Spot
from game.rules.costs import monster_cost, monster_hits, trap_cost, treasure_cost
from game.rules.party import entrance_floor

MAX_LEVEL = 50
MAX_HEROES = 8
MAX_FLOOR = 99
MAX_ROOMS = 1000
MAX_SEEDS = 100_000
CATALOG_PARTY = (2, 3, 5)


# ---- arguments --------------------------------------------------------------------------------


def check_party(levels: Sequence[int]) -> tuple[int, ...]:
    if not 1 <= len(levels) <= MAX_HEROES:
        raise UsageError(f"--party: between 1 and {MAX_HEROES} heroes, got {len(levels)}")
    for level in levels:
        if not 1 <= level <= MAX_LEVEL:
            raise UsageError(f"--party: every Level is between 1 and {MAX_LEVEL}, got {level}")
    return tuple(levels)


def check_floor(floor: int) -> int:
    if not 1 <= floor <= MAX_FLOOR:
        raise UsageError(f"--floor: the Floor is between 1 and {MAX_FLOOR}, got {floor}")
    return floor


def check_rooms(rooms: int, flag: str = "--rooms") -> int:
    if not 1 <= rooms <= MAX_ROOMS:
        raise UsageError(f"{flag}: between 1 and {MAX_ROOMS}, got {rooms}")
    return rooms


def parse_seed_range(text: str) -> range:
    """`A-B` (inclusive) or a single seed `A`."""
    lo, sep, hi = text.strip().partition("-")
    try:
        first = int(lo)
        last = int(hi) if sep else first
    except ValueError:
        raise UsageError(f"--seeds: expected A-B (two whole numbers), got {text!r}") from None
    if first < 0 or last < first:
        raise UsageError(f"--seeds: expected 0 <= A <= B, got {text!r}")
    if last - first + 1 > MAX_SEEDS:
        raise UsageError(f"--seeds: at most {MAX_SEEDS} seeds at once")
    return range(first, last + 1)


def parse_table(text: str) -> tuple[tuple[Seat, ...], dict[int, str]]:
    """Seats from `--seats`, where an AI seat may name its personality: `human,ai:tyrant,ai`."""
    kinds, named = [], {}
    known = personalities()
    for i, part in enumerate(text.split(",")):
        kind, _, wanted = part.strip().partition(":")
        if kind.strip().lower() == "human":  # a human seat may carry its player's name (README)
            kinds.append(part)
            continue
        if wanted:
            if wanted not in known:
                raise UsageError(f"--seats: unknown personality '{printable(wanted)}' (one of {', '.join(known)})")
            named[i] = wanted
        kinds.append(kind)
    seats = tuple(
        replace(s, name=f"{named[s.index].title()} (AI)") if s.index in named else s
        for s in parse_seats(",".join(kinds))
    )
    return seats, named


def table_dials(pairs: Sequence[tuple[str, str]], seed: int) -> Dials:
    """The dials, with the theme drawn from the seed unless the `theme` dial names one."""
    dials = parse_dials(pairs)
    if not any(name == "theme" for name, _ in pairs):
        dials = replace(dials, theme=Streams(seed).get("dungeon").choice(THEMES))
    return dials


# ---- JSON -------------------------------------------------------------------------------------


def _spot(spot: Spot | None) -> dict[str, Any] | None:
    if spot is None:
        return None
    return {"x": spot.x, "y": spot.y, "action": spot.action, "host": spot.host}


def room_json(design: RoomDesign, seats: Sequence[Seat], with_map: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {
        "room": design.room,
        "floor": design.floor,
        "name": design.title,
        "shape": design.plan.shape,
        "cell": list(design.plan.cell),
        "sides": dict(design.plan.sides),
        "budgets": {
            "traps": design.budgets.traps,
            "monsters": design.budgets.monsters,
            "treasure": design.budgets.treasure,
        },
        "takers": {
            category: {"seat": seat, "name": seats[seat].name, "personality": persona}
            for category, seat, persona in design.takers
        },
        "traps": [
            {
                "name": p.trap.name,
                "description": p.description,
                "kind": p.kind,
                "spot": _spot(p.spot),
                "annoy": p.trap.annoy,
                "pain": p.trap.pain,
                "guards_treasure": p.trap.guards_treasure,
                "unlimited": p.trap.unlimited,
                "universal": p.trap.universal,
                "continuous": p.trap.continuous,
                "type": p.trap.type,
                "cost": trap_cost(p.trap),
            }
            for p in design.traps
        ],
        "monsters": [
            {
                "name": p.monster.name,
                "description": p.description,
                "level": p.monster.level,
                "hits": monster_hits(p.monster.level),
                "type": p.monster.type,
                "cost": monster_cost(p.monster),
                "abilities": [
                    {
                        "name": a.name,
                        "annoy": a.annoy,
                        "pain": a.pain,
                        "resist": list(a.resist),
                        "hold": a.hold,
                        "continuous": a.continuous,
                        "universal": a.universal,
                        "type": a.type,
                    }
                    for a in p.monster.abilities
                ],
            }
            for p in design.monsters
        ],
        "treasure": [
            {
                "name": p.item.name,
                "description": p.description,
                "fancy": p.item.fancy,
                "value": p.item.value,
                "heal": p.item.heal,
                "annoy": p.item.annoy,
                "pain": p.item.pain,
                "universal": p.item.universal,
                "type": p.item.type,
                "cost": treasure_cost(p.item),
                "spot": _spot(p.spot),
            }
            for p in design.treasure
        ],
        "downward_stair": design.downward_stair is not None,
        "from_design": {category: design.design_of(category) for category in ("traps", "monsters", "treasure")},
    }
    if design.rolloff is not None:
        out["rolloff"] = {
            "die": design.rolloff.die,
            "rounds": [[{"seat": s, "face": f} for s, f in r] for r in design.rolloff.rounds],
            "order": list(design.rolloff.order),
        }
    if with_map:
        out["map"] = list(design.plan.layout)
    return out


def hero_json(hero: StaticHero, seat: int) -> dict[str, Any]:
    return {
        "name": hero.sheet.name,
        "level": hero.sheet.level,
        "race": hero.choice.race,
        "class": hero.choice.klass,
        "traits": list(hero.sheet.traits),
        "types": sorted(hero.sheet.types),
        "actions": sorted(hero.sheet.actions),
        "attack": hero.sheet.attack,
        "hero": seat,
    }


def generate_json(
    seed: int,
    levels: Sequence[int],
    floor: int,
    designs: Sequence[RoomDesign],
    heroes: Sequence[StaticHero],
    seats: Sequence[Seat],
    designers: Sequence[Designer],
    dials: Dials,
    with_map: bool = False,
) -> dict[str, Any]:
    low, high, total = min(levels), max(levels), sum(levels)
    rooms = []
    for d in designs:
        room = room_json(d, seats, with_map)
        room.update(party_min=low, party_max=high, party_total=total)
        rooms.append(room)
    return {
        "seed": seed,
        "floor": floor,
        "theme": dials.theme,
        "dials": {
            "die": dials.die,
            "seriousness": dials.seriousness,
            "tone": SERIOUSNESS[dials.seriousness - 1],
        },
        "party": [hero_json(h, i) for i, h in enumerate(heroes)],
        "party_min": low,
        "party_max": high,
        "party_total": total,
        "seats": [
            {"seat": s.index, "kind": s.kind, "name": s.name, "personality": d.personality}
            for s, d in zip(seats, designers, strict=True)
        ],
        "rooms": rooms,
    }


def dumps(data: dict[str, Any]) -> str:
    """The one JSON form: sorted keys, two-space indent, ASCII (byte-identical everywhere)."""
    return json.dumps(data, sort_keys=True, indent=2)


# ---- text -------------------------------------------------------------------------------------


def _flags(**flags: bool) -> str:
    return "".join(f", {name.replace('_', ' ')}" for name, on in flags.items() if on)


def trap_text(p: PlacedTrap, theme: str) -> str:
    t = p.trap
    flags = _flags(
        guards_treasure=t.guards_treasure,
        unlimited=t.unlimited,
        universal=t.universal,
        continuous=t.continuous,
    )
    where = place_words(theme, p.spot.host)
    return f"{t.name}: {t.type}, annoy {t.annoy}, pain {t.pain}{flags} ({trap_cost(t)} pts) on the {where}"


def monster_text(p: PlacedMonster) -> list[str]:
    m = p.monster
    lines = [
        f"{m.name}: Level {m.level}, {monster_hits(m.level)} Hits, attacks {m.type} ({monster_cost(m)} pts)"
    ]
    for a in m.abilities:
        resist = f", resist {'+'.join(a.resist)}" if a.resist else ""
        flags = _flags(hold=a.hold, continuous=a.continuous, universal=a.universal)
        lines.append(f"  {a.name}: {a.type}, annoy {a.annoy}, pain {a.pain}{resist}{flags}")
    return lines


def treasure_text(p: PlacedTreasure, theme: str) -> str:
    i = p.item
    parts = ["fancy" if i.fancy else "mundane"]
    if i.value:
        parts.append(f"value +{i.value}")
    if i.heal:
        parts.append(f"heals {i.heal}")
    if i.annoy or i.pain:
        dice = " ".join(
            x for x in (f"annoy {i.annoy}" if i.annoy else "", f"pain {i.pain}" if i.pain else "") if x
        )
        parts.append(f"{dice} vs {'any Type' if i.universal else i.type}")
    where = f"in the {place_words(theme, p.spot.host)}" if p.spot else "in the open"
    return f"{i.name}: {', '.join(parts)} ({treasure_cost(i)} pts) {where}"


def generate_text(data: dict[str, Any], designs: Sequence[RoomDesign], with_map: bool = False) -> str:
    out = [
        f"Seed {data['seed']}, Floor {data['floor']}, {data['theme']}; d{data['dials']['die']}, "
        f"seriousness {data['dials']['seriousness']} ({data['dials']['tone']})",
        f"Party: min {data['party_min']}, max {data['party_max']}, total {data['party_total']}",
    ]
    for h in data["party"]:
        out.append(
            f"  {h['name']}: Level {h['level']} {h['race']} {h['class']}, attacks {h['attack']}, "
            f"tied to {', '.join(h['types']) or 'no Type'}"
        )
    out.append(
        "Seats: " + ", ".join(f"{s['seat'] + 1} {s['name']} ({s['personality']})" for s in data["seats"])
    )
    for room, design in zip(data["rooms"], designs, strict=True):
        out.append("")
        out.append(f"Room {room['room']}: {room['name']} ({room['shape']})")
        if "rolloff" in room:
            first = ", ".join(f"seat {r['seat'] + 1} rolls {r['face']}" for r in room["rolloff"]["rounds"][0])
            out.append(f"  Hallway roll-off (d{room['rolloff']['die']}): {first}")
        for category in ("traps", "monsters", "treasure"):
            taker = room["takers"][category]
            out.append(
                f"  {category.title():<9}{room['budgets'][category]:>3} points: seat {taker['seat'] + 1} "
                f"{taker['name']} ({taker['personality']})"
                + (f', from the design "{room["from_design"][category]}"' if room["from_design"][category] else "")
            )
        for p in design.traps:
            out.append(f"    trap  {trap_text(p, data['theme'])}")
        for p in design.monsters:
            lines = monster_text(p)
            out.append(f"    foe   {lines[0]}")
            out.extend(f"          {line}" for line in lines[1:])
        for p in design.treasure:
            out.append(f"    loot  {treasure_text(p, data['theme'])}")
        for p in (*design.monsters, *design.traps, *design.treasure):
            if p.description:
                out.append(f"    > {p.description}")
        if design.downward_stair is not None:
            out.append("    A stair leads down.")
        if with_map:
            out.extend(f"    {row}" for row in design.plan.layout)
    return "\n".join(out)


def catalog_line(seed: int, design: RoomDesign) -> str:
    """One room, Brogue seed-catalog style: where, what shape, who built what, what was bought."""
    mark = {"traps": "T", "monsters": "M", "treasure": "$"}
    who = " ".join(f"{mark[c]}:s{seat + 1}/{persona}" for c, seat, persona in design.takers)
    traps = ", ".join(
        f"{p.kind} {p.trap.type} A{p.trap.annoy}P{p.trap.pain}"
        + "".join(
            flag
            for flag, on in (
                ("g", p.trap.guards_treasure),
                ("u", p.trap.unlimited),
                ("U", p.trap.universal),
                ("c", p.trap.continuous),
            )
            if on
        )
        + f"@{p.spot.host}"
        for p in design.traps
    )
    monsters = ", ".join(
        f"L{p.monster.level} {p.monster.name}"
        + "".join(
            f"[{a.type} A{a.annoy}P{a.pain}"
            + f"R{len(a.resist)}" * bool(a.resist)
            + "".join(flag for flag, on in (("h", a.hold), ("c", a.continuous), ("U", a.universal)) if on)
            + "]"
            for a in p.monster.abilities
        )
        for p in design.monsters
    )
    loot = ", ".join(f"{p.item.name} ({treasure_cost(p.item)})" for p in design.treasure)
    stair = " | stair down" if design.downward_stair is not None else ""
    return (
        f'seed {seed} floor {design.floor} room {design.room} {design.plan.shape} "{design.title}" | {who} | '
        f"traps {traps} | monsters {monsters} | treasure {loot}{stair}"
    )


def catalog_lines(seeds: range, floors: int, rooms: int, seats_text: str = "human,ai,ai") -> list[str]:
    seats, named = parse_table(seats_text)
    designers = designers_for(seats, "auto", named)
    out = []
    for seed in seeds:
        dials = table_dials([], seed)
        streams = Streams(seed)
        first = entrance_floor(CATALOG_PARTY)
        for floor in range(first, first + floors):
            for design in generate_rooms(seed, CATALOG_PARTY, floor, rooms, designers, dials, streams):
                out.append(catalog_line(seed, design))
    return out


# ---- commands ---------------------------------------------------------------------------------


def generate_document(
    seed: int,
    levels: Sequence[int],
    floor: int | None = None,
    rooms: int = 5,
    seats: str = "human,ai,ai",
    dials: Sequence[tuple[str, str]] = (),
    with_map: bool = False,
    library: Sequence[SavedDesign] = (),
) -> tuple[dict[str, Any], list[RoomDesign]]:
    """What `generate` prints, as data (its JSON document) and as designs; arguments checked.
    `library`: the saved designs the AI seats may draw on (`--designs DIR`)."""
    levels = check_party(levels)
    floor = check_floor(floor) if floor is not None else entrance_floor(levels)
    rooms = check_rooms(rooms)
    table, named = parse_table(seats)
    table_dials_ = table_dials(dials, seed)
    designers = designers_for(table, "auto", named)
    heroes = static_party(seed, levels)
    designs = generate_rooms(seed, levels, floor, rooms, designers, table_dials_, library=library)
    data = generate_json(seed, levels, floor, designs, heroes, table, designers, table_dials_, with_map)
    return data, designs


def run_generate(args: argparse.Namespace) -> int:
    library = load_designs(args.designs) if getattr(args, "designs", None) else ()
    data, designs = generate_document(
        args.seed, args.party, args.floor, args.rooms, args.seats, args.dial, args.map, library
    )
    print(dumps(data) if args.json else generate_text(data, designs, args.map))
    return 0


def run_catalog(args: argparse.Namespace) -> int:
    seeds = parse_seed_range(args.seeds)
    floors = check_rooms(args.floors, "--floors")
    rooms = check_rooms(args.rooms)
    for line in catalog_lines(seeds, floors, rooms):
        print(line)
    return 0
