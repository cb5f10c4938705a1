"""The inventory screen: the active hero's pack in plain words; use healing, drop, letters pick."""

from __future__ import annotations

from pathlib import Path

import pytest
from screen_games import give, make_kit, make_session

from game.rules.costs import trade_value
from game.rules.purchases import Treasure
from game.ui.events import key
from game.ui.kit import Kit
from game.ui.present.headless import run_headless
from game.ui.screens.help import HelpScreen
from game.ui.screens.inventory import InventoryScreen
from game.ui.state import Exit
from game.world.components import HeroState

BACK = Exit("back")


@pytest.fixture
def kit(tmp_path: Path) -> Kit:
    return make_kit(tmp_path)


def stocked():
    session = make_session()
    game, hero = session.game, session.hero()
    give(game, hero, "Flask of Mending", fancy=True, heal=3)
    give(game, hero, "Ring of Frost Warding", fancy=True, annoy=2, type="cold", value=1)
    give(game, hero, "Painted Fan", value=2)
    return session, hero


def test_every_item_is_listed_with_its_letter_features_and_trade_value(kit: Kit) -> None:
    session, hero = stocked()
    _, screen = run_headless(InventoryScreen(kit, session, BACK), [])
    text = screen.text()
    assert session.game.name(hero) in text
    assert "a) Flask of Mending" in text and "heals 3 Hits" in text
    assert "b) Ring of Frost Warding" in text and "+2 Annoy dice vs cold" in text and "+1 value" in text
    assert "c) Painted Fan" in text and "mundane, +2 value" in text
    fan = Treasure(value=2, name="Painted Fan")
    row = next(line for line in screen.lines() if "Painted Fan" in line)
    assert row.endswith(f"trade {trade_value(fan)}")
    for keys in ("a-z", "U/Enter", "D", "Esc", "?"):
        assert keys in screen.lines()[-1] or keys in screen.lines()[-2]


def test_a_letter_picks_the_item_and_the_detail_panel_follows(kit: Kit) -> None:
    session, _ = stocked()
    state = InventoryScreen(kit, session, BACK)
    _, screen = run_headless(state, [key("b")])
    assert state.index == 1
    assert "Magic dice: adds 2 Annoy dice" in screen.text()
    assert screen.cursor == (2, screen.find("b) Ring")[1])


def test_using_healing_heals_the_hero_removes_the_flask_and_goes_back(kit: Kit) -> None:
    session, hero = stocked()
    state = session.game.world.comp(hero, HeroState)
    state.hits = 4
    result, _ = run_headless(InventoryScreen(kit, session, BACK), [key("a"), key("U")])
    assert result == BACK
    assert state.hits == 7
    assert "Flask of Mending" not in [session.game.name(e) for e, _ in session.game.pack(hero)]


def test_using_a_magic_ring_is_refused_with_the_reason_and_takes_no_turn(kit: Kit) -> None:
    session, hero = stocked()
    turn = session.game.turn
    state = InventoryScreen(kit, session, BACK)
    result, screen = run_headless(state, [key("b"), key("enter")])
    assert result.interrupted  # still on the screen when the script ended
    assert "its magic works while it is carried" in screen.text()
    assert len(session.game.pack(hero)) == 3 and session.game.turn == turn


def test_dropping_puts_the_item_on_the_floor(kit: Kit) -> None:
    session, hero = stocked()
    result, _ = run_headless(InventoryScreen(kit, session, BACK), [key("c"), key("D")])
    assert result == BACK
    names = [session.game.name(e) for e, _ in session.game.pack(hero)]
    assert names == ["Flask of Mending", "Ring of Frost Warding"]


def test_an_empty_pack_says_so(kit: Kit) -> None:
    session = make_session()
    _, screen = run_headless(InventoryScreen(kit, session, BACK), [key("a"), key("U")])
    assert "The pack is empty." in screen.text()


def test_help_has_an_inventory_topic_and_escape_goes_back(kit: Kit) -> None:
    session, _ = stocked()
    state = InventoryScreen(kit, session, BACK)
    assert isinstance(state.on_event(key("?")), HelpScreen)
    _, screen = run_headless(state, [key("?")], size=(100, 40))
    assert "Your pack" in screen.text()
    assert state.on_event(key("escape")) == BACK


def test_it_fits_80x24_and_uses_a_wide_screen_for_details(kit: Kit) -> None:
    session, _ = stocked()
    _, small = run_headless(InventoryScreen(kit, session, BACK), [key("b")])
    _, wide = run_headless(InventoryScreen(kit, session, BACK), [key("b")], size=(160, 50))
    assert "Cost 6; trades in town for 3." in small.text()
    row = next(line for line in wide.lines() if "b) Ring" in line)
    assert "Fancy: it can hold magic." in row  # the details stand beside the list


def test_a_generated_name_starting_a_sentence_is_capitalised(kit: Kit) -> None:
    """Generated names begin in lower case ("a blessed prayer cord"): so did the sentence naming it."""
    session = make_session()
    hero = session.game.party.hero_of[0]
    give(session.game, hero, "a blessed prayer cord", fancy=True, annoy=2, type="necrotic", value=2)
    _, screen = run_headless(InventoryScreen(kit, session, BACK), [key("a"), key("U")])
    assert "A blessed prayer cord is not used up" in screen.text()


def test_the_longest_name_stands_apart_from_its_features(kit: Kit) -> None:
    """One space read as one phrase: "a tuning fork of calm fancy, +2 Annoy dice vs psychic"."""
    session = make_session()
    hero = session.game.party.hero_of[0]
    give(session.game, hero, "a tuning fork of calm", fancy=True, annoy=2, type="psychic", value=2)
    give(session.game, hero, "a healer's draught", fancy=True, heal=2)
    _, screen = run_headless(InventoryScreen(kit, session, BACK), [])
    assert "a tuning fork of calm  fancy" in screen.text()


def test_a_long_items_answer_to_use_is_read_whole_at_80_columns(kit: Kit) -> None:
    """"Ancestral Draught of Sting-Warding is not used up: its magic works while it is carried."
    ran past the 80th column and lost its end; the answer now takes two rows when it must."""
    session = make_session()
    give(session.game, session.hero(), "Ancestral Draught of Sting-Warding", fancy=True, annoy=2, type="poison")
    _, screen = run_headless(InventoryScreen(kit, session, BACK), [key("a"), key("U")], size=(80, 24))
    said = "Ancestral Draught of Sting-Warding is not used up: its magic works while it is carried."
    assert len(said) > 78
    assert said in " ".join(line.strip() for line in screen.lines()[-4:-1])


def test_the_quests_object_is_not_called_worth_its_value_nor_given_a_cost(kit: Kit) -> None:
    """The object of the quest said "Mundane: no magic, worth its value in town. Cost 1", and U
    answered that it "is worth its trade value in town": no seat paid for it, it trades for
    nothing, and it is what the quest is after."""
    from game.engine.room_entry import place_objective
    from game.world.components import Carried, Position, TreasureState

    session = make_session()
    game, hero = session.game, session.hero()
    pos = game.position(hero)
    place_objective(game, game.floor.cell_of(pos.x, pos.y))
    item = next(e for e, t in game.world.get(TreasureState) if t.objective)
    game.world.remove(item, Position)
    game.world.add(item, Carried(hero))  # as taking it does
    _, screen = run_headless(InventoryScreen(kit, session, BACK), [key("a"), key("U")], size=(80, 24))
    text = " ".join(screen.text().split())
    assert "What the quest is after" in text and "nothing to trade" in text
    # taking it alone counts nothing (rules 16)
    assert "carried out to town, it is handed over and counts for the quest" in text
    assert "worth its value" not in text and "Cost 1" not in text and "trade value in town" not in text
    from game.engine.quests import bring_out

    bring_out(game)  # carried out to town: handed over (rules 19), no longer in the pack
    _, screen = run_headless(InventoryScreen(kit, session, BACK), [key("a")], size=(80, 24))
    text = " ".join(screen.text().split())
    assert "object of the quest" not in text and "What the quest is after" not in text


def test_a_draught_is_not_drunk_by_an_unhurt_hero(kit: Kit) -> None:
    """U on a draught at full Hits drank it for nothing ("uses Flask of Mending and heals 0 Hits")
    and it was gone; the town screen already refused the same. Now the pack keeps it, no turn
    passes, and the screen says why."""
    session, hero = stocked()
    game = session.game
    turn = game.turn
    result, screen = run_headless(InventoryScreen(kit, session, BACK), [key("a"), key("U")], size=(80, 24))
    assert result.interrupted  # still on the screen
    assert "Flask of Mending" in [game.name(e) for e, _ in game.pack(hero)] and game.turn == turn
    said = f"{game.name(hero)} is unhurt: Flask of Mending would heal nothing and be gone."
    assert said in " ".join(line.strip() for line in screen.lines())


def test_a_universal_items_dice_are_said_to_count_in_rolls_of_any_type(kit: Kit) -> None:
    """The panel said "adds 2 Annoy dice to the carrier's pool in any Type (Universal)": a pool is
    rolled in rolls, not in a Type, as the Typed item's "in rolls of Type cold" says."""
    session = make_session()
    give(session.game, session.hero(), "Charm of Warding", fancy=True, annoy=2, universal=True, type="fire")
    _, screen = run_headless(InventoryScreen(kit, session, BACK), [key("a")])
    text = " ".join(screen.text().split())
    assert "adds 2 Annoy dice to the carrier's pool in rolls of any Type (Universal)" in text, text


def test_the_quests_object_is_listed_as_the_quests_not_as_trading_for_0(kit: Kit) -> None:
    """Its details say "nothing to trade" and taking it said "not for trading", yet its row in the
    pack read "mundane ... trade 0", and the hero sheet "mundane; trade 0", as if town would take
    it for nothing. Both now say what it is for."""
    from game.engine.room_entry import place_objective
    from game.ui.screens.hero_sheet import HeroSheetScreen
    from game.world.components import Carried, Position, TreasureState

    session, hero = stocked()
    game = session.game
    pos = game.position(hero)
    place_objective(game, game.floor.cell_of(pos.x, pos.y))
    item = next(e for e, t in game.world.get(TreasureState) if t.objective)
    game.world.remove(item, Position)
    game.world.add(item, Carried(hero))  # as taking it does
    for size in ((80, 24), (100, 30)):
        _, screen = run_headless(InventoryScreen(kit, session, BACK), [], size=size)
        rows = [line for line in screen.lines() if line.lstrip()[:2] in ("a)", "b)", "c)", "d)")]
        assert len(rows) == 4
        assert all("trade " in row for row in rows[:3])  # the others trade as ever
        assert "what the quest is after" in rows[3] and rows[3].rstrip().endswith("no trade"), rows[3]
        assert "trade 0" not in screen.text() and "mundane" not in rows[3]
    _, screen = run_headless(HeroSheetScreen(kit, session, BACK), [], size=(120, 50))  # the items unscrolled
    text = " ".join(screen.text().split())
    assert f"{game.name(item)}: what the quest is after, not for trading" in text, text
    assert "trade 0" not in text


def test_a_mundane_item_is_not_said_to_be_worth_its_value_when_it_trades_for_half_its_cost(kit: Kit) -> None:
    """A Mundane item of Value 2 said "Mundane: no magic, worth its value in town" and, below,
    "Cost 3; trades in town for 1": town pays half the cost, not the Value (the help said the
    same, "Mundane items are worth their value in town")."""
    session, _ = stocked()
    fan = Treasure(value=2, name="Painted Fan")
    _, details = run_headless(InventoryScreen(kit, session, BACK), [key("c")], size=(100, 40))
    text = " ".join(details.text().split())
    assert "Painted Fan" in text and f"trades in town for {trade_value(fan)}." in text
    assert "worth its value" not in text
    _, help_screen = run_headless(InventoryScreen(kit, session, BACK), [key("?")], size=(100, 40))
    words = " ".join(help_screen.text().split())
    assert "Your pack" in words and "worth their value" not in words
    assert "Trade value is what the item fetches in town: half its cost." in words


def test_a_pack_of_dozens_pages_and_goes_to_either_end(kit: Kit) -> None:
    """Deep in a run a pack held 87 items; PgUp, PgDn, Home and End did nothing, and the 87th was
    86 presses of Down away (past z no letter reaches it)."""
    session = make_session()
    game, hero = session.game, session.hero()
    for n in range(40):
        give(game, hero, f"Trinket {n:02}", value=1)
    state = InventoryScreen(kit, session, BACK)
    count = len(state.pack())
    _, screen = run_headless(state, [key("end")])
    assert state.index == count - 1 and "Trinket 39" in screen.text()
    _, screen = run_headless(state, [key("home"), key("pagedown")])
    assert 5 <= state.index < count - 1 and state._page == state.index
    assert game.name(state.pack()[state.index][0]) in screen.lines()[screen.cursor[1]]
    run_headless(state, [key("pageup")])
    assert state.index == 0
    assert "PgUp/PgDn" in " ".join(screen.lines()[-3:])  # the footer says so
