"""Properties of the designers for any party and Floor: every budget is spent to the last point,
every monster costs at least the Floor, and no rule is ever broken."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.dials import Dials
from game.core.rng import Stream, Streams
from game.designers.generate import static_party
from game.designers.hallway import roll_off
from game.designers.monsters import aim_cap, design_monsters, threat_cap
from game.designers.personality import personalities
from game.designers.room_design import design_room
from game.designers.scout import view_party
from game.designers.spend import allot
from game.designers.table import Designer
from game.designers.traps import design_traps
from game.designers.treasure import design_treasure
from game.designers.wandering import design_wandering
from game.mapgen.plan import Spot
from game.rules.costs import (
    budget_violations,
    monster_cost,
    monster_violations,
    trade_value,
    trap_cost,
    trap_violations,
    treasure_cost,
    treasure_violations,
)
from game.rules.party import room_budgets

NAMES = sorted(personalities())
levels_st = st.lists(st.integers(1, 20), min_size=1, max_size=6)
floor_st = st.integers(1, 40)
seed_st = st.integers(0, 2**40)
SPOTS = (Spot(1, 1, "open", "door"), Spot(2, 2, "search", "chest", True), Spot(3, 3, "walk", "floor"),
         Spot(4, 4, "use", "lever"))


@given(st.integers(1, 500), st.lists(st.tuples(st.integers(1, 30), st.sampled_from([1, 2, 4, 8]),
                                               st.floats(0.1, 5)), min_size=1, max_size=8))
def test_allot_hands_out_the_whole_budget_and_every_minimum(extra, items):
    minimums = [m for m, _, _ in items]
    budget = sum(minimums) + extra
    parts = allot(budget, minimums, [g for _, g, _ in items], [w for _, _, w in items])
    assert sum(parts) == budget
    assert all(p >= m for p, m in zip(parts, minimums, strict=True))


@settings(max_examples=300)
@given(levels_st, floor_st, st.sampled_from(NAMES), seed_st)
def test_monsters_spend_exactly_and_each_costs_at_least_the_floor(levels, floor, name, seed):
    party = view_party([h.sheet for h in static_party(seed % 1000, levels)])
    budget = room_budgets(levels, floor).monsters
    monsters = design_monsters(budget, floor, party, personalities()[name].monsters, Stream(seed))
    assert budget_violations([monster_cost(m) for m in monsters], budget, "monsters") == []
    for m in monsters:
        assert monster_violations(m, floor, party.attack_types) == []
        assert monster_cost(m) >= floor


@settings(max_examples=300)
@given(levels_st, floor_st, st.sampled_from(NAMES), seed_st)
def test_monsters_stay_a_fight_not_a_wipe(levels, floor, name, seed):
    """Levels and damage pools stay near the threat cap (Party Max + half the Floor); the points
    past it become more abilities and Resist dice; an ability's damage dice stay near the weakest
    hero's (Party Min + 2), since tactics aim it there one-on-one."""
    party = view_party([h.sheet for h in static_party(seed % 1000, levels)])
    cap = threat_cap(party, floor)
    budget = room_budgets(levels, floor).monsters
    style = personalities()[name].monsters
    for m in design_monsters(budget, floor, party, style, Stream(seed)):
        assert m.level <= cap + 1
        if m.abilities and style.level_of == "min" and style.level <= 1:
            assert m.level <= aim_cap(party)  # an ability adds its Level dice: no Level past the aim
        assert len(m.abilities) <= 3
        for a in m.abilities:
            assert m.level + a.pain <= cap + 1
            assert m.level + a.annoy <= cap + 2
            assert m.level + a.pain <= max(m.level + 1, aim_cap(party))  # aimed at the weakest hero


@settings(max_examples=300)
@given(levels_st, floor_st, st.sampled_from(NAMES), seed_st, st.integers(1, 4), st.booleans())
def test_traps_spend_exactly_on_spots_of_the_room(levels, floor, name, seed, spots, treasure):
    party = view_party([h.sheet for h in static_party(seed % 1000, levels)])
    budget = room_budgets(levels, floor).traps
    room_spots = SPOTS[:spots]
    holders = [s for s in room_spots if s.holds_treasure] or [None]
    placed = design_traps(budget, party, personalities()[name].traps, Stream(seed), room_spots,
                          holders if treasure else ())
    assert sum(trap_cost(p.trap) for p in placed) == budget
    for p in placed:
        assert trap_violations(p.trap) == []
        assert p.spot in room_spots
        assert treasure or not p.trap.guards_treasure
        if p.trap.unlimited or p.trap.universal or p.trap.continuous:
            assert p.trap.pain >= 1  # never a doubled dud


@settings(max_examples=300)
@given(levels_st, floor_st, st.sampled_from(NAMES), seed_st, st.lists(st.sampled_from(["fire", "poison"])))
def test_treasure_spends_exactly(levels, floor, name, seed, favoured):
    party = view_party([h.sheet for h in static_party(seed % 1000, levels)])
    budget = room_budgets(levels, floor).treasure
    items = design_treasure(budget, party, personalities()[name].treasure, Stream(seed), favoured)
    assert sum(treasure_cost(i) for i in items) == budget
    assert all(treasure_violations(i) == [] for i in items)
    assert all(trade_value(i) >= 1 for i in items)  # no loot worth nothing in town (issue 14)


@settings(max_examples=200)
@given(st.integers(1, 30), floor_st, st.sampled_from(NAMES), seed_st)
def test_a_wandering_monster_spends_its_seat_budget_on_one_monster(level, floor, name, seed):
    party = [h.sheet for h in static_party(seed % 1000, (2, 3, 5))]
    monster = design_wandering(level + floor, floor, party, name, Stream(seed))
    assert monster_cost(monster) == level + floor
    assert monster_violations(monster, floor, {h.attack for h in party}) == []
    assert monster.name


@settings(max_examples=60, deadline=None)
@given(levels_st, floor_st, st.lists(st.sampled_from(NAMES), min_size=1, max_size=4), seed_st, st.booleans())
def test_a_whole_room_keeps_every_rule(levels, floor, names, seed, min_rose):
    designers = tuple(Designer(i, n) for i, n in enumerate(names))
    party = [h.sheet for h in static_party(seed % 1000, levels)]
    streams = Streams(seed)
    design = design_room(streams, floor, 1, party, designers, roll_off(designers, 6, streams.get("h")), Dials(),
                         min_rose=min_rose)
    budgets = room_budgets(levels, floor)
    assert design.budgets == budgets
    assert sum(trap_cost(p.trap) for p in design.traps) == budgets.traps
    assert sum(monster_cost(p.monster) for p in design.monsters) == budgets.monsters
    assert sum(treasure_cost(p.item) for p in design.treasure) == budgets.treasure
    assert all(p.spot in design.plan.spots for p in design.traps)
    assert all(p.spot is None or p.spot.holds_treasure for p in design.treasure)
    assert (design.downward_stair is not None) == min_rose
    if min_rose:
        assert design.downward_stair.host == "stair"
