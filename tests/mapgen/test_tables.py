"""The RTTD tables as data: complete, cross-checked, rolled as the book writes them."""

from __future__ import annotations

import pytest

from game.core import content
from game.core.errors import DataError
from game.core.rng import Stream
from game.mapgen import tables


def test_every_table_loads_and_cross_checks() -> None:
    tables.check_all()


def test_room_config_is_the_books_d10() -> None:
    rc = tables.room_config()
    assert rc.die == 10
    assert [rc.lookup(n) for n in range(1, 11)] == ["open"] * 4 + ["door"] * 3 + ["wall"] * 3


def test_doors_have_their_kinds_and_tiers() -> None:
    rd = tables.doors()
    assert rd.die == 100
    assert rd.lookup(1).kind == "open" and rd.lookup(30).kind == "open"
    assert (rd.lookup(31).kind, rd.lookup(31).tier) == ("locked", 1)
    assert (rd.lookup(48).kind, rd.lookup(48).tier) == ("trapped_locked", 1)
    assert (rd.lookup(66).kind, rd.lookup(66).tier) == ("trapped_locked", 2)
    assert (rd.lookup(95).kind, rd.lookup(95).tier) == ("jammed", 4)
    assert {row.kind for row in rd.rows} == set(tables.DOOR_KINDS)
    assert tables.door_kinds()["jammed"].fail_pain == (1, 2, 3, 4)


def test_a_roll_off_the_table_takes_its_first_or_last_row() -> None:
    rf = tables.features()
    assert rf.lookup(-20).feature == "pit"
    assert rf.lookup(130).feature == "darkness"
    assert tables.encounters().lookup(100).name == "horned devil"


def test_room_features_cover_the_d100_with_the_books_rows() -> None:
    rf = tables.features()
    assert rf.lookup(13).feature == "chasm" and rf.lookup(48).feature == "staircase"
    assert rf.lookup(73).feature == "tomb" and rf.lookup(100).feature == "darkness"
    assert rf.lookup(54).outcome(2).value == 500  # the second fountain's gem


def test_trap_rows_are_a_catalogue_with_one_fungeon_type_each() -> None:
    types = content.load("types")["types"]
    traps = tables.traps()
    for name in ("pit", "spiked_pit", "dart", "poison_dart", "fire", "poison_gas", "falling_rock", "boulder"):
        assert traps[name].type in types
    rf = tables.features()
    for trap in traps.values():
        assert tables.feature_specs()[rf.lookup(trap.rf).feature].trap == trap.name


def test_encounters_are_names_only() -> None:
    e = tables.encounters()
    assert e.lookup(6).name == "goblin"
    assert e.lookup(33).skills == ("theft",)
    assert not hasattr(e.lookup(1), "hp")


def test_quest_encounter_rolls_stay_in_their_range() -> None:
    s = Stream(5)
    for q in tables.quests():
        for _ in range(30):
            tables.encounter_name(s, q.encounter)
    assert all(0 <= tables.roll_expression(s, "1d10-1") <= 9 for _ in range(200))
    assert all(1 <= tables.roll_expression(s, "1d100/4") <= 25 for _ in range(200))


def test_quests_cover_the_design_goals() -> None:
    goals = {q.goal for q in tables.quests()}
    assert {"win_fights", "kill_monsters", "map_rooms", "reach_floor"} <= goals


@pytest.fixture
def fake_data(monkeypatch: pytest.MonkeyPatch):
    """Swap one data file for a broken one; the table caches are cleared either side."""
    real = content.load

    def use(name: str, data: dict) -> None:
        monkeypatch.setattr(content, "load", lambda n: data if n == name else real(n))
        for f in (tables.room_config, tables.doors, tables.door_kinds, tables.features,
                  tables.feature_specs, tables.traps, tables.quests, tables.encounters):
            f.cache_clear()

    yield use
    monkeypatch.setattr(content, "load", real)
    for f in (tables.room_config, tables.doors, tables.door_kinds, tables.features,
              tables.feature_specs, tables.traps, tables.quests, tables.encounters):
        f.cache_clear()


def test_a_gap_in_a_table_names_the_file_and_row(fake_data) -> None:
    fake_data("rttd/config", {"die": 10, "rows": [{"lo": 1, "hi": 4, "side": "open"},
                                                  {"lo": 6, "hi": 10, "side": "wall"}]})
    with pytest.raises(DataError, match=r"rttd/config.toml rows\[1\]"):
        tables.room_config()


def test_a_bad_value_names_the_key(fake_data) -> None:
    fake_data("rttd/config", {"die": 10, "rows": [{"lo": 1, "hi": 10, "side": "window"}]})
    with pytest.raises(DataError, match=r"rows\[0\]\.side.*window"):
        tables.room_config()


def test_an_unknown_trap_type_is_refused(fake_data) -> None:
    fake_data("rttd/traps", {"traps": {"pit": {"rf": 1, "type": "tickles", "sits_on": ["walk"],
                                               "book_pain": 1, "text": "x"}}})
    with pytest.raises(DataError, match=r"traps.pit.type.*tickles"):
        tables.traps()
