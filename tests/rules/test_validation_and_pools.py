"""Validators name the broken rule; pool sizes follow Class Bonus, items and Universal damage."""

from hypothesis import given
from hypothesis import strategies as st

from game.rules.costs import (
    budget_violations,
    monster_cost,
    monster_violations,
    trap_cost,
    trap_violations,
    treasure_cost,
    treasure_violations,
)
from game.rules.heroes import HeroSheet, annoy_pool_size, is_tied, pain_pool_size
from game.rules.purchases import Ability, Monster, Trap, Treasure

MAGE = HeroSheet("Ilse", 4, ("learned",), frozenset({"fire", "cold"}), frozenset({"search"}), "fire")


def rules_of(violations):
    return {v.rule for v in violations}


def test_trap_without_annoy_pair_is_refused():
    assert rules_of(trap_violations(Trap("fire", annoy=0, pain=3))) == {"annoy_pair"}
    assert rules_of(trap_violations(Trap("fire", annoy=3))) == {"annoy_pairs"}


def test_monster_under_floor_points_is_refused():
    assert "floor_minimum" in rules_of(monster_violations(Monster(2), floor=3, party_types={"fire"}))
    assert monster_violations(Monster(3), floor=3, party_types={"fire"}) == []


def test_resist_against_unused_type_is_pointless():
    m = Monster(3, abilities=(Ability("acid", resist=("cold",)),))
    assert rules_of(monster_violations(m, 1, {"fire"})) == {"pointless_resist"}
    assert monster_violations(m, 1, {"cold"}) == []


def test_magic_on_mundane_item_is_refused():
    assert rules_of(treasure_violations(Treasure(heal=2))) == {"mundane_magic"}
    assert rules_of(treasure_violations(Treasure(fancy=True, pain=1))) == {"type"}


def test_budget_must_be_spent_exactly():
    assert rules_of(budget_violations([3, 4], 8, "traps")) == {"underspent"}
    assert rules_of(budget_violations([3, 6], 8, "traps")) == {"overspent"}
    assert budget_violations([3, 5], 8, "traps") == []


def test_class_bonus_only_when_tied():
    assert is_tied(MAGE, "fire") and is_tied(MAGE, None, "search") and not is_tied(MAGE, "poison")
    assert annoy_pool_size(MAGE, "fire") == 6
    assert annoy_pool_size(MAGE, "poison") == 4
    assert annoy_pool_size(MAGE, "fire", universal=True) == 4


def test_item_dice_match_type_or_universal_and_vanish_against_universal():
    ring = Treasure(fancy=True, pain=1, type="fire")
    amulet = Treasure(fancy=True, annoy=2, universal=True)
    assert pain_pool_size(MAGE, "fire", items=[ring]) == 7
    assert pain_pool_size(MAGE, "cold", items=[ring]) == 6
    assert annoy_pool_size(MAGE, "poison", items=[amulet]) == 6
    assert annoy_pool_size(MAGE, "poison", items=[amulet], universal=True) == 4
    assert pain_pool_size(MAGE, "fire", items=[ring], universal=True) == 4


def test_story_point_adds_dice():
    assert annoy_pool_size(MAGE, "poison", bonus_dice=2) == 6


def _independent_trap_cost(t: Trap) -> int:
    return (t.annoy // 2 + t.pain + (1 if t.guards_treasure else 0)) * 2 ** sum(
        [t.unlimited, t.universal, t.continuous])


pairs = st.integers(1, 8).map(lambda n: 2 * n)
traps = st.builds(Trap, type=st.sampled_from(["fire", "poison"]), annoy=pairs,
                  pain=st.integers(0, 6), guards_treasure=st.booleans(), unlimited=st.booleans(),
                  universal=st.booleans(), continuous=st.booleans())
abilities = st.builds(Ability, type=st.sampled_from(["fire", "acid"]), annoy=pairs,
                      pain=st.integers(0, 4), resist=st.lists(st.just("fire"), max_size=2).map(tuple),
                      hold=st.booleans(), continuous=st.booleans(), universal=st.booleans())
monsters = st.builds(Monster, level=st.integers(1, 8), abilities=st.lists(abilities, max_size=2).map(tuple))
treasures = st.builds(Treasure, fancy=st.just(True), value=st.integers(0, 4), heal=st.integers(0, 4),
                      annoy=st.integers(0, 2).map(lambda n: 2 * n), pain=st.integers(0, 2),
                      universal=st.booleans(), type=st.just("fire"))


@given(traps)
def test_trap_cost_and_validator_agree(t):
    assert trap_violations(t) == []
    assert trap_cost(t) == _independent_trap_cost(t) >= 1
    assert budget_violations([trap_cost(t)], _independent_trap_cost(t), "traps") == []


@given(monsters)
def test_monster_cost_and_validator_agree(m):
    base = m.level + sum(a.annoy // 2 + a.pain + len(a.resist) for a in m.abilities)
    doublings = sum(a.hold + a.continuous + a.universal for a in m.abilities)
    assert monster_cost(m) == base * 2**doublings
    assert monster_violations(m, floor=monster_cost(m), party_types={"fire"}) == []
    assert "floor_minimum" in rules_of(monster_violations(m, monster_cost(m) + 1, {"fire"}))


@given(treasures)
def test_treasure_cost_and_validator_agree(t):
    assert treasure_violations(t) == []
    assert treasure_cost(t) == (2 + t.value + t.heal) * 2 ** (t.annoy // 2 + t.pain + t.universal)
