"""Reward that matters (issue 14): every hero sets out with its class's kit, bought by the
treasure rules; the score counts what the run achieved and is the same number everywhere."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_arena import arena, give, without_kits

from game.core.content import DATA_DIR, load, traits
from game.core.errors import DataError
from game.core.seats import parse_seats
from game.designers.design_files import load_designs
from game.engine import actions as A
from game.engine.dispatch import apply_action
from game.engine.kits import _item, kit_for, kit_value, kits, kits_issued
from game.engine.loot import pick_up
from game.engine.morgue import add_score, morgue_text
from game.engine.room_entry import hallway
from game.engine.run_score import DEPTH_POINTS, ROOM_POINTS, score, score_parts
from game.engine.spawning import make_treasure_entity
from game.engine.start import new_game
from game.engine.town import arrive_in_town
from game.rules.costs import trade_value, treasure_cost, treasure_violations
from game.rules.purchases import Treasure
from game.world.components import HeroState, Position, TreasureState

RING = Treasure(fancy=True, value=3, pain=1, type="fire")  # (2 + 3) x 2 = 10: trades for 5


def test_every_class_has_a_kit_that_spends_the_starting_budget_by_the_treasure_rules() -> None:
    budget = load("kits")["budget"]
    assert set(kits()) == set(traits().classes)
    for klass, items in kits().items():
        assert sum(treasure_cost(i) for i in items) == budget, klass
        assert all(treasure_violations(i) == [] for i in items), klass
        assert any(i.heal for i in items), f"{klass}: no healing to start with"
        assert all(trade_value(i) >= 1 and i.name for i in items), klass


def test_a_kit_item_that_breaks_a_treasure_rule_is_refused_when_read() -> None:
    with pytest.raises(DataError, match="only a Fancy item may be magic"):
        _item({"name": "a plain tonic", "heal": 2}, "kits.toml test")
    with pytest.raises(DataError, match="no Type 'moonbeams'"):
        _item({"name": "a charm", "fancy": True, "annoy": 2, "type": "moonbeams"}, "kits.toml test")


def test_a_new_party_sets_out_with_each_heros_class_kit_in_its_pack() -> None:
    game = new_game(5, parse_seats("ai+hero,ai+hero,ai"))
    for eid, hero in game.heroes():
        pack = [(game.name(e), t.spec) for e, t in game.pack(eid)]
        assert pack == [(i.name, i) for i in kit_for(hero.klass)]
    assert kits_issued(game) == sum(kit_value(h.klass) for _, h in game.heroes()) > 0


def test_a_hero_who_takes_a_fallen_ones_place_brings_its_own_kit() -> None:
    game, hero = arena(seats="human,ai+hero,ai")
    game.world.comp(hero, HeroState).hits = 0
    before = kits_issued(game)
    hallway(game, game.party.hero_of[1])
    new = game.party.hero_of[0]
    assert new != hero
    klass = game.world.comp(new, HeroState).klass
    assert [t.spec for _, t in game.pack(new)] == list(kit_for(klass))
    assert kits_issued(game) == before + kit_value(klass)


def retire(game, seat: int = 0) -> None:  # noqa: ANN001 - a Game
    arrive_in_town(game)
    apply_action(game, A.Retire(seat))
    assert game.phase == "over"


def test_selling_the_kit_back_is_no_achievement() -> None:
    game = new_game(5, parse_seats("ai+hero,ai+hero,ai"))
    game.quest = None  # no quest's penalty in the sum
    retire(game)
    parts = score_parts(game)
    assert game.stats.banked == parts.kits == kits_issued(game) > 0  # every kit sold back in town
    assert parts.brought_home == 0 and score(game) == 0


def test_loot_banked_counts_beyond_the_kits_and_so_do_depth_and_rooms_cleared() -> None:
    game = new_game(5, parse_seats("ai+hero,ai+hero,ai"))
    game.quest = None
    give(game, game.party.hero_of[0], RING)
    game.stats.deepest_floor = game.dungeon.entrance_floor + 2
    game.stats.rooms_cleared = 3
    retire(game)
    parts = score_parts(game)
    assert parts.banked == parts.kits + trade_value(RING)
    assert score(game) == trade_value(RING) + 2 * DEPTH_POINTS + 3 * ROOM_POINTS == 5 + 20 + 6
    assert parts.words() == (f"banked {parts.banked} less the kits' {parts.kits}: 5; 2 floors below the entrance: "
                             f"20; 3 rooms cleared: 6")


def test_a_fallen_party_banks_nothing_but_its_depth_and_rooms_still_count() -> None:
    game, _ = arena()
    game.stats.deepest_floor = game.dungeon.entrance_floor + 1
    game.stats.rooms_cleared = 4
    game.outcome, game.phase = "wiped", "over"
    assert score(game) == DEPTH_POINTS + 4 * ROOM_POINTS


def test_the_morgue_and_the_high_score_list_carry_the_same_score(tmp_path: Path) -> None:
    game, _ = arena()
    game.stats.deepest_floor = game.dungeon.entrance_floor + 1
    game.stats.rooms_cleared = 2
    game.outcome, game.phase = "wiped", "over"
    assert f"Score: {score(game)} (" in morgue_text(game)
    rank, entries = add_score(game, tmp_path / "scores.json")
    assert entries[rank - 1].score == score(game) == DEPTH_POINTS + 2 * ROOM_POINTS


def test_the_high_score_list_is_sorted_by_the_score(tmp_path: Path) -> None:
    path = tmp_path / "scores.json"
    for floors in (0, 2, 1):
        game, _ = arena()
        game.stats.deepest_floor = game.dungeon.entrance_floor + floors
        game.outcome, game.phase = "wiped", "over"
        _, entries = add_score(game, path)
    assert [e.score for e in entries] == [2 * DEPTH_POINTS, DEPTH_POINTS, 0]


def test_without_kits_the_arena_is_bare() -> None:
    game = without_kits(new_game(5, parse_seats("ai+hero,ai")))
    assert all(game.pack(e) == [] for e, _ in game.heroes())


def test_taking_treasure_says_what_it_fetches_in_town_and_a_quests_object_says_what_it_is() -> None:
    game, hero = arena()
    pos = game.position(hero)
    here = Position(pos.x, pos.y, pos.floor)
    make_treasure_entity(game, RING, "a ring of embers", -1, here)
    obj = make_treasure_entity(game, Treasure(), "the object of the quest", -1, Position(pos.x, pos.y, pos.floor))
    state = game.world.comp(obj, TreasureState)
    state.cost, state.objective = 0, True
    pick_up(game, hero)
    lines = [line.text for line in game.log[-2:]]
    assert lines[0].endswith(f"takes a ring of embers (worth {trade_value(RING)} in town).")
    assert lines[1].endswith("takes the object of the quest (what the quest is after, not for trading).")


def test_no_shipped_design_offers_loot_worth_nothing_in_town() -> None:
    designs = load_designs(DATA_DIR / "designs")
    assert designs
    for design in designs:
        assert all(trade_value(t.item) >= 1 for t in design.treasure or ()), design.name


def test_the_morgue_map_starts_at_the_known_ground_not_the_floors_west_edge() -> None:
    """The morgue drew the known map at its place on the floor: a party that explored the east
    of a 200-column floor got a map behind 100 columns of blanks, off the side of a reader's
    window. The rows now start where the westmost known ground does, each kept whole."""
    from game.agents.autoplay import autoplay
    from game.mapgen.floor import render_text

    game, _ = autoplay(2, "ai+hero,ai+hero,ai", max_turns=200)
    drawn = morgue_text(game).split("as the party knew it")[1].splitlines()[1:]
    known = [row.rstrip() for row in render_text(game.floor, explored_only=True).splitlines() if row.strip()]
    assert min(len(row) - len(row.lstrip(" ")) for row in drawn) == 0
    cut = len(known[0]) - len(drawn[0])
    assert cut > 0 and [row[cut:] for row in known] == drawn
    game.close()
