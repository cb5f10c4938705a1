"""Every worked example of the Fungeon book, reproduced through the cost functions."""

from game.rules.costs import monster_cost, monster_hits, trade_value, trap_cost, treasure_cost
from game.rules.purchases import Ability, Monster, Trap, Treasure


def test_fungal_cloud_trap_costs_three_points():
    assert trap_cost(Trap("fungus", annoy=2, pain=2)) == 3


def test_poison_needle_trap_costs_eight_points():
    assert trap_cost(Trap("poison", annoy=4, pain=2, continuous=True)) == 8


def test_two_annoy_one_pain_trap_doubles_to_four_then_eight():
    plain = Trap("arrows", annoy=2, pain=1)
    assert trap_cost(plain) == 2
    assert trap_cost(Trap("arrows", annoy=2, pain=1, unlimited=True)) == 4
    assert trap_cost(Trap("arrows", annoy=2, pain=1, unlimited=True, universal=True)) == 8


def test_guards_treasure_adds_one_before_doubling():
    assert trap_cost(Trap("fire", annoy=2, pain=1, guards_treasure=True, continuous=True)) == 6


def test_wasp_costs_six_points_and_three_fill_the_nest():
    wasp = Monster(1, "bite", (Ability("poison", annoy=2, pain=1, continuous=True),))
    assert monster_cost(wasp) == 6
    assert monster_hits(wasp.level) == 3
    assert 3 * monster_cost(wasp) == 14 + 4  # Party Total 14 + Floor 4


def test_kobold_shaman_costs_ten_and_beetles_finish_the_eighteen():
    shaman = Monster(4, "staff", (Ability("lightning", annoy=6, pain=3),))
    beetle = Monster(4, "bite")
    assert monster_cost(shaman) == 10
    assert monster_hits(shaman.level) == 12
    assert monster_cost(beetle) == 4
    assert monster_cost(shaman) + 2 * monster_cost(beetle) == 18


def test_fire_breath_monster_costs_fourteen():
    breather = Monster(3, "claws", (Ability("fire", annoy=4, pain=2, universal=True),))
    assert monster_cost(breather) == 14


def test_two_continuous_abilities_double_twice():
    two = Monster(1, "bite", (Ability("poison", continuous=True), Ability("acid", continuous=True)))
    assert monster_cost(two) == (1 + 1 + 1) * 4


def test_resist_die_costs_one_point():
    assert monster_cost(Monster(2, "claws", (Ability("cold", annoy=2, resist=("fire",)),))) == 4


def test_potion_of_healing_costs_three():
    assert treasure_cost(Treasure(fancy=True, heal=1)) == 3


def test_bronze_ring_of_fire_warding_costs_six_and_trades_for_three():
    ring = Treasure(fancy=True, value=1, pain=1, type="fire")
    assert treasure_cost(ring) == 6
    assert trade_value(ring) == 3


def test_ring_of_fire_protection_plus_three_pain_costs_sixteen():
    assert treasure_cost(Treasure(fancy=True, pain=3, type="fire")) == 16


def test_eleven_point_sword_trades_for_five():
    sword = Treasure(fancy=True, value=9)
    assert treasure_cost(sword) == 11
    assert trade_value(sword) == 5


def test_mundane_and_universal_costs():
    assert treasure_cost(Treasure()) == 1
    assert treasure_cost(Treasure(fancy=True, annoy=2, universal=True)) == 8
