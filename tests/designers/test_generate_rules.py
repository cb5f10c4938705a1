"""`generate` for a thousand seeds: every budget spent to the last point, every rule kept, checked
by pricing everything again from the JSON alone (designer_rules.py, not game/rules/costs.py)."""

from __future__ import annotations

import json

import pytest
from designer_rules import monster_price, problems, trap_price, treasure_price

from game.commands.generate_command import dumps, generate_document

# (party Levels, Floor or None for the entrance): small, lopsided, big, solo, deep
TABLES = (
    ((2, 3, 5), None),
    ((2, 3, 5), 4),
    ((1,), None),
    ((1, 1, 1, 1), 3),
    ((3, 3), 9),
    ((6, 8, 10, 12), None),
    ((4,), 12),
    ((1, 2), 1),
)


def test_the_independent_prices_match_the_book_examples():
    # Fungeon's own examples, priced by the test's formulas
    needle = {"annoy": 4, "pain": 2, "guards_treasure": False, "unlimited": False, "universal": False,
              "continuous": True}
    assert trap_price(needle) == 8
    wasp = {"level": 1, "abilities": [{"annoy": 2, "pain": 1, "resist": [], "hold": False, "continuous": True,
                                       "universal": False}]}
    assert monster_price(wasp) == 6
    ring = {"fancy": True, "value": 1, "heal": 0, "annoy": 0, "pain": 1, "universal": False}
    assert treasure_price(ring) == 6


def test_a_thousand_seeds_spend_every_budget_and_keep_every_rule():
    broken: list[str] = []
    rooms = 0
    for seed in range(1000):
        for k in range(3):
            levels, floor = TABLES[(seed + 3 * k) % len(TABLES)]
            doc, _ = generate_document(seed, levels, floor, rooms=1)
            rooms += len(doc["rooms"])
            broken += [f"seed {seed} party {levels}: {p}" for p in problems(doc)]
    assert rooms == 3000
    assert broken == []


@pytest.mark.parametrize("seats", ["human,ai,ai", "ai+hero:swarm,ai:tyrant,ai:warden,ai:trickster", "human",
                                   "ai+hero:trickster"])
def test_every_seat_line_up_keeps_the_rules(seats):
    for seed in range(40):
        doc, _ = generate_document(seed, (2, 3, 5), 3, rooms=2, seats=seats)
        assert problems(doc) == []


def test_the_same_arguments_print_the_same_bytes():
    first = dumps(generate_document(11, (2, 3, 5), 4, rooms=4)[0])
    again = dumps(generate_document(11, (2, 3, 5), 4, rooms=4)[0])
    assert first == again
    assert json.loads(first)["rooms"][0]["budgets"] == {"traps": 9, "monsters": 14, "treasure": 6}


def test_a_different_seed_builds_different_rooms():
    rooms = [json.dumps(generate_document(seed, (2, 3, 5), 4, rooms=3)[0]["rooms"], sort_keys=True)
             for seed in range(20)]
    assert len(set(rooms)) == 20


def test_the_default_floor_is_the_entrance_at_party_min():
    doc, _ = generate_document(3, (4, 2, 7), rooms=1)
    assert doc["floor"] == 2
    assert doc["rooms"][0]["budgets"] == {"traps": 9, "monsters": 15, "treasure": 4}


def test_the_document_has_every_field_design_md_names():
    doc, _ = generate_document(5, (2, 3, 5), 4, rooms=2)
    assert {"floor", "party_min", "party_max", "party_total", "party", "rooms", "seats"} <= set(doc)
    assert all("types" in h for h in doc["party"])
    for room in doc["rooms"]:
        assert {"budgets", "traps", "monsters", "treasure", "downward_stair", "takers", "name",
                "party_min", "party_max", "party_total", "floor"} <= set(room)
        assert room["downward_stair"] is False  # a static party's Party Min never rises
        for t in room["traps"]:
            assert {"annoy", "pain", "guards_treasure", "unlimited", "universal", "continuous", "type",
                    "cost"} <= set(t)
        for m in room["monsters"]:
            assert {"level", "hits", "cost", "abilities"} <= set(m)
            for a in m["abilities"]:
                assert {"annoy", "pain", "resist", "hold", "continuous", "universal", "type"} <= set(a)
        for i in room["treasure"]:
            assert {"fancy", "value", "heal", "annoy", "pain", "universal", "type", "cost"} <= set(i)


def test_heroes_of_a_static_party_are_drawn_from_the_seed():
    party = generate_document(8, (2, 3, 5), rooms=1)[0]["party"]
    assert party == generate_document(8, (2, 3, 5), rooms=1)[0]["party"]
    assert [h["level"] for h in party] == [2, 3, 5]
    assert all(h["race"] and h["class"] and h["name"] for h in party)
    others = [generate_document(s, (2, 3, 5), rooms=1)[0]["party"] for s in range(9, 15)]
    assert any(o != party for o in others)
