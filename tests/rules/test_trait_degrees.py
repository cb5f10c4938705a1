"""Budget Dungeons' degrees as DESIGN.md §3 reads them: a roll tied to a trait of degree d gets
the Class Bonus plus d - 1 dice."""

from hypothesis import given
from hypothesis import strategies as st

from game.core.content import traits
from game.engine.growth import degree_words
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


def test_the_degrees_read_as_the_book_names_them():
    """Budget Dungeons: "[trait]", "very", "incredibly", "unbelievably", then "the [trait]est",
    which English says "the most" for a long word: "the strongest", never "the most strong"."""
    table = traits()
    assert [table.describe(("strong",) * n)[0] for n in range(1, 6)] == [
        "strong", "very strong", "incredibly strong", "unbelievably strong", "the strongest"]
    assert table.describe(("cunning",) * 5 + ("keen_senses",) * 5 + ("wise",)) == [
        "the most cunning", "the keenest senses", "wise"]
    short = [t for t in table.traits if "_" not in t and len(t) <= 6 and t not in ("divine", "corrupt", "cursed")]
    assert [t for t in short if table.describe((t,) * 5)[0].startswith("the most ")] == []


def test_a_growth_names_the_trait_grown_at_its_new_degree():
    assert degree_words(("cunning", "strong", "strong", "strong", "strong", "strong"), "strong") == "the strongest"
    assert degree_words(("cunning", "strong", "strong"), "cunning") == "cunning"
