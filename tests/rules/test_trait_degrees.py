"""Budget Dungeons' degrees as DESIGN.md §3 reads them: a roll tied to a trait of degree d gets
the Class Bonus plus d - 1 dice."""

from hypothesis import given
from hypothesis import strategies as st

from game.core.content import traits
from game.rules.heroes import class_bonus, hero_sheet, pain_pool_size, tied_bonus


def sheet(level: int, extra: int):
    return hero_sheet(traits(), "t", level, "human", "cunning", "soldier", ("strong", "disciplined"),
                      ("strong",) * extra)


def test_very_strong_fights_with_one_die_more():
    assert tied_bonus(sheet(4, 0), None, "fight") == class_bonus(4)
    assert tied_bonus(sheet(4, 1), None, "fight") == class_bonus(4) + 1


@given(st.integers(1, 20), st.integers(0, 4))
def test_each_degree_adds_a_die_to_tied_rolls_only(level, extra):
    hero = sheet(level, extra)
    base = sheet(level, 0)
    assert pain_pool_size(hero, None, "fight") - pain_pool_size(base, None, "fight") == extra
    assert pain_pool_size(hero, None, "lore") == pain_pool_size(base, None, "lore") == level  # untied
    assert pain_pool_size(hero, None, "fight", universal=True) == level  # Universal: no bonus at all
