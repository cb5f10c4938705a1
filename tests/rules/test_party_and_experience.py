"""Party math, budgets, the experience table and levels (Fungeon, DESIGN.md decisions)."""

import pytest

from game.rules.heroes import class_bonus, max_hits
from game.rules.party import (
    entrance_floor,
    level_for_xp,
    new_hero_level,
    party_max,
    party_min,
    party_total,
    room_budgets,
    wandering_budget,
    xp_for_damage,
    xp_to_be,
)


def test_party_of_two_three_five():
    levels = [2, 3, 5]
    assert (party_min(levels), party_max(levels), party_total(levels)) == (2, 5, 10)
    assert entrance_floor(levels) == 2


def test_budgets_follow_the_books_examples():
    # "Party Max is 6 and we are exploring the 5th Floor": 11 trap points.
    assert room_budgets([6], 5).traps == 11
    # Party Total 14 on Floor 4: 18 monster points.
    assert room_budgets([4, 4, 6], 4).monsters == 18
    # Party Min 3 on Floor 6: 9 treasure points.
    assert room_budgets([3, 5], 6).treasure == 9


@pytest.mark.parametrize(
    ("level", "xp"),
    [(1, 0), (2, 10), (3, 20), (4, 40), (5, 80), (6, 160), (7, 320), (8, 640), (9, 1280), (10, 2560)],
)
def test_experience_table(level, xp):
    assert xp_to_be(level) == xp


def test_several_levels_at_once_and_never_down():
    assert level_for_xp(0) == 1
    assert level_for_xp(9) == 1
    assert level_for_xp(10) == 2
    assert level_for_xp(45) == 4
    assert level_for_xp(5, current=3) == 3


def test_brinks_second_level():
    assert class_bonus(2) == 1 and max_hits(2) == 10
    assert class_bonus(5) == 2 and class_bonus(1) == 0


def test_new_hero_and_wandering_budget():
    assert new_hero_level(1) == 1
    assert new_hero_level(5) == 4
    assert wandering_budget(3, 4) == 7


def test_damage_xp_is_monster_cost_per_point():
    assert xp_for_damage(6, 2) == 12
