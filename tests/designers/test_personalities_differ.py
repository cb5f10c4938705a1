"""The personalities build rooms a player can tell apart: measured over many rooms, each one's
signature (a swarm's numbers and poisons, a tyrant's lone universal boss, a warden's guarded
hoard and resistant sentries, a trickster's holds and annoy-heavy traps) stands out."""

from __future__ import annotations

from collections import defaultdict

import pytest

from game.core.dials import Dials
from game.core.rng import Streams
from game.designers.generate import static_party
from game.designers.hallway import roll_off
from game.designers.personality import personalities
from game.designers.room_design import design_room
from game.designers.scout import type_kinds, view_party
from game.designers.table import Designer
from game.rules.costs import monster_cost

TABLES = (((2, 3, 5), 4), ((3, 4, 6), 3), ((1, 2, 2), 2), ((5, 5, 7, 8), 6), ((2, 2), 2), ((4, 6), 5))
ROOMS = 240


def _measure(name: str) -> dict[str, float]:
    """Averages over ROOMS rooms where one seat of personality `name` builds everything."""
    designers = (Designer(0, name),)
    totals: dict[str, float] = defaultdict(float)
    counts: dict[str, int] = defaultdict(int)
    for seed in range(ROOMS):
        levels, floor = TABLES[seed % len(TABLES)]
        party = [h.sheet for h in static_party(seed, levels)]
        streams = Streams(seed)
        design = design_room(streams, floor, 1, party, designers, roll_off(designers, 6, streams.get("h")), Dials())
        monsters = [p.monster for p in design.monsters]
        traps = [p.trap for p in design.traps]
        totals["monsters"] += len(monsters)
        totals["level"] += sum(m.level for m in monsters) / len(monsters)
        totals["top level"] += max(m.level for m in monsters)
        totals["boss share"] += max(monster_cost(m) for m in monsters) / design.budgets.monsters
        for flag in ("continuous", "hold", "universal"):
            totals[flag] += sum(any(getattr(a, flag) for a in m.abilities) for m in monsters)
        totals["resist"] += sum(any(a.resist for a in m.abilities) for m in monsters)
        counts["monster"] += len(monsters)
        totals["traps"] += len(traps)
        totals["guards"] += sum(t.guards_treasure for t in traps)
        totals["trap universal"] += sum(t.universal for t in traps)
        totals["trap annoy"] += sum(t.annoy // 2 for t in traps)
        totals["trap pain"] += sum(t.pain for t in traps)
        totals["items"] += len(design.treasure)
    per_room = {k: totals[k] / ROOMS for k in ("monsters", "level", "top level", "boss share", "traps", "items")}
    per_monster = {k: totals[k] / counts["monster"] for k in ("continuous", "hold", "universal", "resist")}
    return {
        **per_room,
        **per_monster,
        "guards": totals["guards"] / totals["traps"],
        "trap universal": totals["trap universal"] / totals["traps"],
        "annoy to pain": totals["trap annoy"] / totals["trap pain"],
    }


@pytest.fixture(scope="module")
def stats() -> dict[str, dict[str, float]]:
    return {name: _measure(name) for name in personalities()}


def _leads(stats: dict[str, dict[str, float]], who: str, key: str, margin: float) -> bool:
    best_other = max(v[key] for name, v in stats.items() if name != who)
    return stats[who][key] >= best_other * margin


def test_there_are_at_least_four_personalities():
    assert {"swarm", "tyrant", "warden", "trickster"} <= set(personalities())


def test_the_swarm_brings_the_most_monsters_and_the_most_continuous_poison(stats):
    assert _leads(stats, "swarm", "monsters", 1.2)
    assert _leads(stats, "swarm", "continuous", 2.0)
    assert _leads(stats, "swarm", "items", 1.5)  # and scatters its treasure in small pieces


def test_the_tyrant_builds_one_high_level_boss_with_universal_attacks(stats):
    assert stats["tyrant"]["monsters"] == 1.0
    assert stats["tyrant"]["boss share"] == 1.0 and _leads(stats, "tyrant", "boss share", 1.1)
    assert _leads(stats, "tyrant", "level", 1.05)
    assert _leads(stats, "tyrant", "universal", 1.5)
    assert _leads(stats, "tyrant", "trap universal", 2.0)


def test_the_warden_guards_its_treasure_and_resists_the_party(stats):
    assert stats["warden"]["guards"] == 1.0
    assert _leads(stats, "warden", "resist", 1.15)


def test_the_trickster_holds_and_annoys(stats):
    assert _leads(stats, "trickster", "hold", 1.5)
    assert _leads(stats, "trickster", "annoy to pain", 1.2)


def test_monsters_threaten_rather_than_pile_up_as_fodder():
    """With Party Min 2 or more, no designer ever buys a Level-1 monster: points go to Levels
    (or to fewer, stronger monsters) before they go to numbers."""
    for name in personalities():
        designers = (Designer(0, name),)
        for seed in range(120):
            levels, floor = TABLES[seed % len(TABLES)]
            if min(levels) < 2:
                continue
            party = [h.sheet for h in static_party(seed, levels)]
            streams = Streams(seed)
            design = design_room(streams, floor, 1, party, designers, roll_off(designers, 6, streams.get("h")),
                                 Dials())
            low = min(p.monster.level for p in design.monsters)
            assert low >= 2, (name, seed, [p.monster for p in design.monsters])


def test_designers_prefer_types_the_party_is_not_protected_against():
    chosen = unprotected = 0
    baseline = []
    for seed in range(200):
        levels, floor = TABLES[seed % len(TABLES)]
        party = [h.sheet for h in static_party(seed, levels)]
        protected = view_party(party).protected
        designers = (Designer(0, sorted(personalities())[seed % len(personalities())]),)
        streams = Streams(seed)
        design = design_room(streams, floor, 1, party, designers, roll_off(designers, 6, streams.get("h")), Dials())
        types = [a.type for p in design.monsters for a in p.monster.abilities] + [p.trap.type for p in design.traps]
        chosen += len(types)
        unprotected += sum(t not in protected for t in types)
        baseline.append(sum(t not in protected for t in type_kinds()) / len(type_kinds()))
    assert unprotected / chosen > sum(baseline) / len(baseline) + 0.1
