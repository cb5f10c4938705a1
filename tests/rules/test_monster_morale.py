"""A Dungeon Game's morale check as a pure rule."""

from hypothesis import given
from hypothesis import strategies as st

from game.rules.monster_morale import morale_result


def test_a_level_three_monster_holds_under_13_rallies_on_13_flees_above():
    assert morale_result(12, 3) == "holds"
    assert morale_result(13, 3) == "rallies"
    assert morale_result(14, 3) == "flees"


@given(st.integers(1, 20), st.integers(1, 30))
def test_every_roll_has_one_answer_and_high_levels_never_flee(roll, level):
    result = morale_result(roll, level)
    assert result in ("holds", "rallies", "flees")
    if level >= 10:
        assert result != "flees"
        assert (result == "rallies") == (roll == 20)


@given(st.integers(1, 10))
def test_exactly_one_face_of_the_d20_rallies(level):
    assert [morale_result(r, level) for r in range(1, 21)].count("rallies") == 1
