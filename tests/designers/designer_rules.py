"""Fungeon's rules written out a second time, independently of game/rules/costs.py, to check the
documents `generate` prints: every price recomputed from the JSON fields alone."""

from __future__ import annotations

from typing import Any


def trap_price(t: dict[str, Any]) -> int:
    """(Annoy dice / 2 + Pain dice + 1 if it guards treasure), doubled per Unlimited, Universal,
    Continuous."""
    points = t["annoy"] // 2 + t["pain"] + (1 if t["guards_treasure"] else 0)
    for flag in ("unlimited", "universal", "continuous"):
        if t[flag]:
            points *= 2
    return points


def monster_price(m: dict[str, Any]) -> int:
    """(Level + each ability's Annoy/2 + Pain + Resist dice), doubled per Continuous Hold,
    Continuous Damage and Universal over all abilities."""
    points = m["level"]
    doublings = 0
    for a in m["abilities"]:
        points += a["annoy"] // 2 + a["pain"] + len(a["resist"])
        doublings += sum(1 for flag in ("hold", "continuous", "universal") if a[flag])
    return points * 2**doublings


def treasure_price(i: dict[str, Any]) -> int:
    """(1 Mundane or 2 Fancy + Increased Value + Heal), doubled per Annoy pair, per Pain die and
    for Universal."""
    points = (2 if i["fancy"] else 1) + i["value"] + i["heal"]
    return points * 2 ** (i["annoy"] // 2 + i["pain"] + (1 if i["universal"] else 0))


def problems(doc: dict[str, Any]) -> list[str]:
    """Every broken rule in a `generate --json` document (empty when all is well)."""
    out: list[str] = []
    levels = [h["level"] for h in doc["party"]]
    attacks = {h["attack"] for h in doc["party"]}
    floor = doc["floor"]
    if (doc["party_min"], doc["party_max"], doc["party_total"]) != (min(levels), max(levels), sum(levels)):
        out.append("party min/max/total do not match the heroes")
    for room in doc["rooms"]:
        where = f"room {room['room']}"
        want = {"traps": max(levels) + floor, "monsters": sum(levels) + floor, "treasure": min(levels) + floor}
        if room["budgets"] != want:
            out.append(f"{where}: budgets {room['budgets']} should be {want}")
        if set(room["takers"]) != {"traps", "monsters", "treasure"}:
            out.append(f"{where}: not every category has a taker")
        spent = {"traps": 0, "monsters": 0, "treasure": 0}
        for t in room["traps"]:
            price = trap_price(t)
            spent["traps"] += price
            if price != t["cost"]:
                out.append(f"{where}: trap {t['name']} priced {t['cost']}, rules say {price}")
            if t["annoy"] < 2 or t["annoy"] % 2:
                out.append(f"{where}: trap {t['name']} needs Annoy dice in pairs, at least one pair")
            if t["pain"] < 0 or not t["type"]:
                out.append(f"{where}: trap {t['name']} needs one Type and no negative dice")
            if t["continuous"] and not t["pain"]:
                out.append(f"{where}: trap {t['name']} does Continuous Damage with no Pain dice")
            if t["guards_treasure"] and not room["treasure"]:
                out.append(f"{where}: trap {t['name']} guards treasure the room lacks")
            if not t["spot"] or t["spot"]["action"] not in ("open", "search", "use", "walk"):
                out.append(f"{where}: trap {t['name']} is not on a spot a common action springs")
        for m in room["monsters"]:
            price = monster_price(m)
            spent["monsters"] += price
            if price != m["cost"]:
                out.append(f"{where}: monster {m['name']} priced {m['cost']}, rules say {price}")
            if price < floor:
                out.append(f"{where}: monster {m['name']} costs {price}, under the Floor {floor}")
            if m["level"] < 1 or m["hits"] != 3 * m["level"]:
                out.append(f"{where}: monster {m['name']} has Level {m['level']} and {m['hits']} Hits")
            for a in m["abilities"]:
                if a["annoy"] < 2 or a["annoy"] % 2 or not a["type"] or a["pain"] < 0:
                    out.append(f"{where}: {m['name']}'s {a['name']} breaks the ability rules")
                if not (a["hold"] or a["pain"]):
                    out.append(f"{where}: {m['name']}'s {a['name']} neither holds nor hurts")
                if a["continuous"] and not a["pain"]:
                    out.append(f"{where}: {m['name']}'s {a['name']} does Continuous Damage with no Pain")
                for r in a["resist"]:
                    if r not in attacks:
                        out.append(f"{where}: {m['name']} resists {r}, which no hero attacks with")
        for i in room["treasure"]:
            price = treasure_price(i)
            spent["treasure"] += price
            if price != i["cost"]:
                out.append(f"{where}: treasure {i['name']} priced {i['cost']}, rules say {price}")
            magic = i["heal"] or i["annoy"] or i["pain"] or i["universal"]
            if magic and not i["fancy"]:
                out.append(f"{where}: treasure {i['name']} is magic but not Fancy")
            if i["annoy"] % 2 or min(i["value"], i["heal"], i["annoy"], i["pain"]) < 0:
                out.append(f"{where}: treasure {i['name']} has odd Annoy dice or a negative feature")
            if (i["annoy"] or i["pain"]) and not (i["type"] or i["universal"]):
                out.append(f"{where}: treasure {i['name']} has magic dice and no Type")
            if i["universal"] and not (i["annoy"] or i["pain"]):
                out.append(f"{where}: treasure {i['name']} is Universal with no dice to widen")
        if spent != room["budgets"]:
            out.append(f"{where}: spent {spent} of {room['budgets']}")
        if not room["monsters"] or not room["treasure"] or not room["traps"]:
            out.append(f"{where}: an empty category (every budget is at least 2 points)")
        for thing in (*room["traps"], *room["monsters"], *room["treasure"]):
            if not thing["name"]:
                out.append(f"{where}: something bought has no name")
    return out
