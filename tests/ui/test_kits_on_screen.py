"""The starting kit where the player meets it (issue 14): on the New game form beside the hero,
in the hero sheet and the pack with what each item fetches in town, and its draught drunk in town."""

from __future__ import annotations

from pathlib import Path

import pytest
from screen_games import in_town, make_kit

from game.core.seats import parse_seats
from game.engine.kits import kit_for
from game.engine.quests import all_quests
from game.engine.start import new_game
from game.rules.costs import trade_value
from game.rules.heroes import max_hits
from game.ui.events import key
from game.ui.kit import Kit
from game.ui.present.headless import run_headless
from game.ui.screens.dialog import ConfirmDialog
from game.ui.screens.hero_sheet import HeroSheetScreen
from game.ui.screens.inventory import InventoryScreen
from game.ui.screens.new_game import NewGameScreen
from game.ui.screens.town_screen import TownScreen
from game.ui.session import Session
from game.ui.state import Exit
from game.world.components import HeroState

BACK = Exit("back")


@pytest.fixture
def kit(tmp_path: Path) -> Kit:
    return make_kit(tmp_path)


def kitted() -> Session:
    return Session(new_game(7, parse_seats("human,ai+hero,ai")))


def test_the_new_game_form_says_what_the_hero_sets_out_with(kit: Kit) -> None:
    state = NewGameScreen(kit, lambda *a, **k: BACK, BACK)
    rows = [r.key for r in state.rows() if r.kind != "heading"]
    presses = [key("down")] * ((rows.index("hero.0.klass") - rows.index(state.selected)) % len(rows))
    _, screen = run_headless(state, presses, size=(110, 40))
    text = " ".join(screen.text().split())
    first = kit_for(state.hero(0).klass)[0]
    assert f"Sets out with {first.name} (heals {first.heal} Hits)" in text


def test_the_hero_sheet_and_the_pack_list_the_kit_with_its_trade_values(kit: Kit) -> None:
    session = kitted()
    eid = session.game.party.hero_of[0]
    items = kit_for(session.game.world.comp(eid, HeroState).klass)
    _, sheet = run_headless(HeroSheetScreen(kit, session, BACK), [], size=(120, 40))
    _, pack = run_headless(InventoryScreen(kit, session, BACK), [], size=(120, 30))
    for item in items:
        assert f"{item.name}: " in sheet.text() and f"; trade {trade_value(item)}" in sheet.text()
        row = next(line for line in pack.lines() if f") {item.name}" in line)
        assert row.split("trade ")[1].split()[0] == str(trade_value(item))


def test_a_carried_draught_is_drunk_in_town_and_an_unhurt_hero_keeps_it(kit: Kit) -> None:
    session = in_town(kitted())
    eid, hero = session.game.heroes()[0]
    state = TownScreen(kit, session, BACK)
    _, screen = run_headless(state, [key("a"), key("U")])
    assert "unhurt: keep the draught" in screen.text() and len(session.game.pack(eid)) == 2
    hero.hits = 3
    _, screen = run_headless(state, [key("a"), key("U")])
    draught = kit_for(hero.klass)[0]
    assert hero.hits == min(max_hits(hero.level), 3 + draught.heal)
    assert f"drinks {draught.name}: +{draught.heal} Hits" in screen.text()
    assert [session.game.name(e) for e, _ in session.game.pack(eid)] == [i.name for i in kit_for(hero.klass)[1:]]
    _, screen = run_headless(state, [key("a"), key("U")])
    assert "is not for drinking: S trades it in" in screen.text()


def test_the_retire_question_gives_what_is_banked_after_the_quests_penalty(kit: Kit) -> None:
    session = in_town(kitted())
    game = session.game
    game.quest = next(q for q in all_quests() if q.penalty == "half")
    worth = sum(trade_value(t.spec) for eid, _ in game.heroes() for _, t in game.pack(eid))
    dialog = TownScreen(kit, session, BACK).on_event(key("R"))
    assert isinstance(dialog, ConfirmDialog)
    assert f"{worth - worth // 2} is banked ({worth}, less {worth // 2} for giving up the quest)" in dialog.question
    run_headless(dialog, [key("Y")])
    assert game.phase == "over" and game.stats.banked == worth - worth // 2
