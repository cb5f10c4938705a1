"""The same rooms in words: `generate` without --json, and the one-line catalog entries."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.designers.naming import place_words
from game.designers.records import PlacedMonster, PlacedTrap, PlacedTreasure, RoomDesign
from game.rules.costs import monster_cost, monster_hits, trap_cost, treasure_cost


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
        resist = f", resist {resist_words(a.resist)}" if a.resist else ""
        flags = _flags(hold=a.hold, continuous=a.continuous, universal=a.universal)
        lines.append(f"  {a.name}: {a.type}, annoy {a.annoy}, pain {a.pain}{resist}{flags}")
    return lines


def resist_words(resist: tuple[str, ...]) -> str:
    """A Resist die per entry, told by Type and count: "blades x2+fire", never one Type said 27
    times over (an AI with points to spend may buy that many)."""
    counts = {kind: resist.count(kind) for kind in dict.fromkeys(resist)}
    return "+".join(kind if n == 1 else f"{kind} x{n}" for kind, n in counts.items())


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


def seat_words(seat: dict[str, Any]) -> str:
    """A seat and the personality it builds by, said once: "Swarm (AI)", not "Swarm (AI) (swarm)";
    a human seat the AI builds for here keeps it in brackets, "Player 1 (artisan)"."""
    name, personality = seat["name"], seat["personality"]
    return name if name == f"{personality.title()} (AI)" else f"{name} ({personality})"


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
        "Seats: " + ", ".join(f"{s['seat'] + 1} {seat_words(s)}" for s in data["seats"])
    )
    for room, design in zip(data["rooms"], designs, strict=True):
        out.append("")
        out.append(f"Room {room['room']}: {room['name']} ({room['shape']})")
        if "rolloff" in room:
            rolloff = room["rolloff"]
            rounds = ["; re-roll: " * bool(n) + ", ".join(f"seat {r['seat'] + 1} rolls {r['face']}" for r in dice)
                      for n, dice in enumerate(rolloff["rounds"])]
            order = ", ".join(str(seat + 1) for seat in rolloff["order"])
            out.append(f"  Hallway roll-off (d{rolloff['die']}): {''.join(rounds)}; order: seats {order}")
        for category in ("traps", "monsters", "treasure"):
            taker = room["takers"][category]
            out.append(
                f"  {category.title():<9}{room['budgets'][category]:>3} points: seat {taker['seat'] + 1} "
                f"{seat_words(taker)}"
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
