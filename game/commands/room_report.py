"""What `generate --json` says of each room and hero (DESIGN.md §6's field names), and its one JSON style."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from game.core.dials import SERIOUSNESS, Dials
from game.core.seats import Seat
from game.designers.generate import StaticHero
from game.designers.records import RoomDesign
from game.designers.table import Designer
from game.mapgen.plan import Spot
from game.rules.costs import monster_cost, monster_hits, trap_cost, treasure_cost


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
