"""The town screen: the purse, the packs with trade values, trading in for workshop points, healing made
from them, the workshop, retiring, delving."""

from __future__ import annotations

from pathlib import Path

import pytest
from screen_games import give, in_town, make_kit, make_session

from game.engine.quests import all_quests
from game.engine.town import healing_price
from game.rules.costs import trade_value
from game.rules.heroes import max_hits
from game.rules.purchases import Treasure
from game.ui.events import key
from game.ui.fit import ELLIPSIS
from game.ui.kit import Kit
from game.ui.loop import run
from game.ui.present.headless import HeadlessPresenter, run_headless
from game.ui.screens.dialog import ConfirmDialog
from game.ui.screens.help import HelpScreen
from game.ui.screens.town_screen import TownScreen
from game.ui.screens.trait_choice import TraitChoiceScreen
from game.ui.screens.workshop_screen import WorkshopScreen
from game.ui.session import Session
from game.ui.state import Exit
from game.world.components import HeroState

BACK = Exit("back")
RING = {"fancy": True, "annoy": 2, "type": "cold", "value": 1}


@pytest.fixture
def kit(tmp_path: Path) -> Kit:
    return make_kit(tmp_path)


def town() -> Session:
    session = in_town(make_session(seats="human,ai+hero,ai"))
    game = session.game
    (first, _), (second, _) = game.heroes()
    give(game, first, "Flask of Mending", fancy=True, heal=3)
    give(game, first, "Ring of Frost Warding", **RING)
    give(game, second, "Painted Fan", value=2)
    return session


def first_heros_workshop(kit: Kit, session: Session, points: int) -> WorkshopScreen:
    """The first hero's workshop, opened from town with `points` workshop points."""
    session.game.heroes()[0][1].workshop = points
    workshop = TownScreen(kit, session, BACK).on_event(key("M"))
    assert isinstance(workshop, WorkshopScreen)
    return workshop


def test_the_purse_every_pack_and_each_trade_value_are_shown(kit: Kit) -> None:
    session = town()
    session.game.party.purse = 5
    _, screen = run_headless(TownScreen(kit, session, BACK), [])
    text = screen.text()
    assert "Purse: 5" in text
    for eid, _ in session.game.heroes():
        assert session.game.name(eid) in text
    ring_row = next(line for line in screen.lines() if "b) Ring of Frost Warding" in line)
    assert ring_row.rstrip().endswith(str(trade_value(Treasure(**RING))))
    assert "c) Painted Fan" in text
    hints = " ".join(screen.lines()[-2:])
    for keys in ("a-z", "S trade in", "M make", "H heal", "R retire", "D delve again", "?"):
        assert keys in hints


def test_trading_in_gives_the_hero_the_items_trade_value_in_points(kit: Kit) -> None:
    session = town()
    game = session.game
    first, hero = game.heroes()[0]
    state = TownScreen(kit, session, BACK)
    assert isinstance(state.on_event(key("b")) or state, TownScreen)
    dialog = state.on_event(key("S"))
    assert isinstance(dialog, ConfirmDialog) and "Trade in Ring of Frost Warding for 3 points?" in dialog.question
    _, screen = run_headless(dialog, [key("Y")])
    assert hero.workshop == trade_value(Treasure(**RING)) and game.party.purse == 0
    assert [game.name(e) for e, _ in game.pack(first)] == ["Flask of Mending"]
    assert f"has {hero.workshop}" in screen.text()


def test_saying_no_keeps_the_item(kit: Kit) -> None:
    session = town()
    state = TownScreen(kit, session, BACK)
    run_headless(state, [key("c"), key("S"), key("N")])
    assert session.game.party.purse == 0
    assert len(session.game.pack(session.game.heroes()[1][0])) == 1


def test_buying_healing_shows_the_price_and_heals_the_picked_hero(kit: Kit) -> None:
    session = town()
    game = session.game
    eid, hero = game.heroes()[0]
    hero.hits = 4
    hero.workshop = 20
    state = TownScreen(kit, session, BACK)
    _, screen = run_headless(state, [key("H")])
    assert state.healing == 6
    assert f"< 6 Hits >  costs {healing_price(6)}" in screen.text()
    _, screen = run_headless(state, [key("left"), key("left"), key("enter")])
    assert hero.hits == 8
    assert hero.workshop == 20 - healing_price(4)
    assert f"+4 Hits for {healing_price(4)}" in screen.text()


def test_healing_the_hero_cannot_pay_for_says_why_on_screen(kit: Kit) -> None:
    """Enter on a draught beyond the hero's points bought nothing and said nothing: the reason was
    set but only drawn once the chooser closed."""
    session = town()
    eid, hero = session.game.heroes()[0]
    hero.hits, hero.workshop = 4, 0
    state = TownScreen(kit, session, BACK)
    _, screen = run_headless(state, [key("H"), key("enter")], size=(80, 24))
    flat = " ".join(line.strip() for line in screen.lines())
    assert state.healing is not None and hero.hits == 4
    assert (f"A draught of 1 Hit costs {healing_price(1)} and {session.game.name(eid)} has 0 workshop points "
            "(S trades items in for more).") in flat


def test_healing_never_offers_more_than_the_heros_points_can_pay(kit: Kit) -> None:
    session = town()
    game = session.game
    _, hero = game.heroes()[0]
    hero.hits = 1
    hero.workshop = healing_price(3)
    state = TownScreen(kit, session, BACK)
    run_headless(state, [key("H")])
    assert state.healing == 3
    run_headless(state, [key("right"), key("enter")])
    assert hero.hits == 1 and hero.workshop == healing_price(3)  # 4 points cost more than it has
    run_headless(state, [key("left"), key("enter")])
    assert hero.hits == 4 and hero.workshop == 0


def test_retire_asks_then_banks_everything_and_ends_the_run(kit: Kit) -> None:
    session = town()
    game = session.game
    game.quest = None  # no quest given up (its penalty has its own test)
    game.party.purse = 4
    worth = 4 + trade_value(Treasure(fancy=True, heal=3)) + trade_value(Treasure(**RING)) + trade_value(
        Treasure(value=2))
    state = TownScreen(kit, session, BACK)
    dialog = state.on_event(key("R"))
    assert isinstance(dialog, ConfirmDialog) and f"{worth} is banked" in dialog.question
    assert dialog.on_event(key("escape")) is state and game.phase == "town"
    result, _ = run_headless(dialog, [key("Y")])
    assert result == BACK
    assert game.phase == "over" and game.stats.banked == worth


def test_delve_goes_back_into_the_dungeon(kit: Kit) -> None:
    session = town()
    result, _ = run_headless(TownScreen(kit, session, BACK), [key("D")])
    assert result == BACK and session.game.phase == "dungeon"


def test_outside_town_the_screen_says_so_and_sells_nothing(kit: Kit) -> None:
    session = make_session()
    give(session.game, session.hero(), "Painted Fan", value=2)
    state = TownScreen(kit, session, BACK)
    _, screen = run_headless(state, [key("a"), key("S")])
    assert "not in town" in screen.text()
    assert len(session.game.pack(session.hero())) == 1


def test_help_and_back(kit: Kit) -> None:
    session = town()
    session.game.heroes()[0][1].hits = 3
    state = TownScreen(kit, session, BACK)
    assert isinstance(state.on_event(key("?")), HelpScreen)
    state.on_event(key("H"))
    assert state.healing is not None
    assert state.on_event(key("escape")) is None and state.healing is None  # Esc closes the chooser first


def test_in_town_esc_is_not_offered_and_says_what_leaves_town(kit: Kit) -> None:
    """The footer said "Esc back", but in town the map sent the party straight back here: the key
    did nothing anyone could see. Out of town (the screen looked at from the map) Esc goes back.
    In town S trades in and Esc stays: the way to stop for now, Ctrl-C, was told nowhere but the
    help's last lines."""
    session = town()
    state = TownScreen(kit, session, BACK)
    _, screen = run_headless(state, [key("escape")], size=(80, 24))
    assert "Esc" not in " ".join(screen.lines()[-2:])
    said = "In town: D delves again, R retires (the run ends), Ctrl-C saves and quits."
    assert said in [line.strip() for line in screen.lines()]  # whole, on a line of its own
    saved: list[bool] = []
    result = run(state, HeadlessPresenter(80, 24, [key("escape"), key("C-c")]), on_interrupt=lambda: saved.append(True))
    assert result.interrupted and saved == [True]
    session.game.phase = "dungeon"
    assert TownScreen(kit, session, BACK).on_event(key("escape")) == BACK


def test_the_town_help_says_where_the_quest_is_paid(kit: Kit) -> None:
    _, screen = run_headless(TownScreen(kit, town(), BACK), [key("?")], size=(100, 40))
    assert "A quest fulfilled is paid into the purse when the party arrives" in " ".join(screen.text().split())


def test_the_workshop_prices_refuses_and_makes_one_item(kit: Kit) -> None:
    session = town()
    game = session.game
    first, hero = game.heroes()[0]
    hero.workshop = 6
    state = TownScreen(kit, session, BACK)
    workshop = state.on_event(key("M"))
    assert isinstance(workshop, WorkshopScreen)
    _, screen = run_headless(workshop, [key("p")])  # a Pain die, with no Type yet
    assert "magic with dice needs a Type" in screen.text()
    _, screen = run_headless(workshop, [key("t")])
    assert "2 Fancy = 2 x 2 (Pain 1) = 4" in screen.text() and "Enter makes it" in screen.text()
    before = len(game.pack(first))
    _, screen = run_headless(workshop, [key("enter")])
    assert len(game.pack(first)) == before + 1 and hero.workshop == 2
    _, screen = run_headless(workshop, [key("enter")])
    assert "over budget" in screen.text() and hero.workshop == 2


def test_an_item_worth_one_point_is_offered_and_traded_for_one_point(kit: Kit) -> None:
    """"for 1 point", never "for 1 points": most mundane loot trades for one."""
    session = town()
    game = session.game
    second, hero = game.heroes()[1]
    state = TownScreen(kit, session, BACK)
    assert trade_value(Treasure(value=2)) == 1
    state.on_event(key("c"))  # the Painted Fan
    dialog = state.on_event(key("S"))
    assert isinstance(dialog, ConfirmDialog) and "Trade in Painted Fan for 1 point?" in dialog.question
    run_headless(dialog, [key("Y")])
    assert hero.workshop == 1
    assert state.status == f"Traded in Painted Fan for 1 point. {game.name(second)} has 1 workshop point."
    assert game.log[-1].text == f"{game.name(second)} trades in Painted Fan for 1 point."


def test_a_long_item_name_in_the_town_list_keeps_whole_words(kit: Kit) -> None:
    session = town()
    first, _ = session.game.heroes()[0]
    name = "Prophesied Tincture of Arrow-Warding and Quiet"
    give(session.game, first, name, fancy=True, heal=1)
    _, screen = run_headless(TownScreen(kit, session, BACK), [], size=(80, 24))
    row = next(line for line in screen.lines() if "Prophesied" in line)
    shown = row.split(") ", 1)[1][:30].strip()
    words = name.split()
    assert ELLIPSIS in shown and all(word in words for part in shown.split(ELLIPSIS) for word in part.split()), shown


def test_the_price_of_healing_says_what_it_heals_and_what_pays(kit: Kit) -> None:
    """It read "6 to heal: 8" and "points 0": six of what, eight what, whose points."""
    session = town()
    _, hero = session.game.heroes()[0]
    hero.hits = max_hits(hero.level) - 6
    hero.workshop = 1
    state = TownScreen(kit, session, BACK)
    _, screen = run_headless(state, [])
    assert f"healing 6 Hits costs {healing_price(6)}" in screen.text()
    _, screen = run_headless(state, [key("H")])
    assert "1 workshop point to pay with" in screen.text()
    # a price past the points says so in words, not in colour alone
    assert f"1 workshop point to pay with: {healing_price(1) - 1} short" in screen.text()
    hero.workshop = healing_price(1)
    _, screen = run_headless(TownScreen(kit, session, BACK), [key("H")])
    assert f"{healing_price(1)} workshop points to pay with" in screen.text() and "short" not in screen.text()


def test_an_item_that_is_no_draught_is_named_at_the_start_of_a_sentence(kit: Kit) -> None:
    """Generated names begin in lower case ("a blessed prayer cord"): the refusal began so too."""
    session = in_town(make_session(seats="human,ai+hero,ai"))
    game = session.game
    first, _ = game.heroes()[0]
    give(game, first, "a blessed prayer cord", **RING)
    _, screen = run_headless(TownScreen(kit, session, BACK), [key("a"), key("U")])
    assert "A blessed prayer cord is not for drinking" in screen.text()


def test_the_workshop_names_the_item_once_not_fancy_twice(kit: Kit) -> None:
    """The item's line read "Fancy: fancy" (its features begin with the word already)."""
    workshop = first_heros_workshop(kit, town(), 6)
    _, screen = run_headless(workshop, [])
    assert "Item: fancy" in screen.text() and "Fancy: fancy" not in screen.text()
    _, screen = run_headless(workshop, [key("f")])
    assert "Item: mundane" in screen.text() and "Mundane: mundane" not in screen.text()


def test_at_80_columns_the_header_gives_way_in_words_never_in_numbers(kit: Kit) -> None:
    """"Floor 12 at deepest, 137 rooms clea" at 80 columns: the header now shortens its words."""
    session = town()
    game = session.game
    game.stats.deepest_floor, game.stats.rooms_cleared, game.party.purse = 12, 137, 1234
    _, screen = run_headless(TownScreen(kit, session, BACK), [], size=(80, 24))
    header = screen.lines()[0].rstrip()
    assert header.startswith(" Town  Purse: 1234") and header.endswith("137 rooms cleared"), header


def paid_in_town() -> tuple[Session, HeroState]:
    """A run back in town with its quest (reach a floor) fulfilled: paid there, and the first hero
    owed the growth it brings."""
    session = make_session(seed=5)
    game = session.game
    game.quest = next(q for q in all_quests() if q.goal == "reach_floor")
    game.stats.deepest_floor = game.quest.count
    in_town(session)
    return session, game.heroes()[0][1]


def test_the_growth_a_quest_fulfilled_brings_in_town_is_not_called_the_hallways(kit: Kit) -> None:
    """A quest is paid in town, and the hero grows there: the choice's title said "The Hallway"."""
    session, hero = paid_in_town()
    game = session.game
    assert game.stats.quest_paid and hero.growth_due == 1
    paid = f"Quest fulfilled: {game.quest.name}. Its reward, {game.quest.reward}, goes into the purse."
    assert paid in [ln.text for ln in game.log]  # it said "The reward: 3." with no word of where it went
    state = TraitChoiceScreen(kit, session, None, hero.seat)
    _, screen = run_headless(state, [], size=(80, 24))
    assert screen.lines()[0].strip() == "Town: your hero grows, the quest fulfilled"
    _, screen = run_headless(state, [key("escape")], size=(80, 24))
    assert "Town waits for your choice" in screen.text() and "Hallway" not in screen.text()
    _, screen = run_headless(state, [key("?")], size=(100, 40))
    assert "when the quest is paid (in town, the party back with it fulfilled)" in " ".join(screen.text().split())


def test_end_takes_the_growth_choice_to_the_last_trait_and_home_to_the_first(kit: Kit) -> None:
    """End then Enter took the first trait: End did nothing on the growth choice, as lists elsewhere
    do it."""
    session, hero = paid_in_town()
    state = TraitChoiceScreen(kit, session, None, hero.seat)
    last = state.choices()[-1][0]
    assert last != state.choices()[0][0]
    run_headless(state, [key("end")], size=(80, 24))
    assert state.index == len(state.choices()) - 1
    run_headless(state, [key("home")], size=(80, 24))
    assert state.index == 0
    traits = hero.traits
    run_headless(state, [key("end"), key("enter")], size=(80, 24))
    assert hero.traits != traits and last in hero.traits


def test_a_long_item_and_its_price_wrap_whole_at_80_columns(kit: Kit) -> None:
    """The workshop cut its lines at the screen's edge: "+2 Pai" and a price that stopped before
    its sum ("x 64 (Annoy pair 1, Annoy pair 2, An"), so the cost itself was never shown."""
    workshop = first_heros_workshop(kit, town(), 7)
    presses = [key(k) for k in ("v", "v", "v", "h", "h", "h", "a", "a", "a", "a", "p", "p", "t")]
    _, screen = run_headless(workshop, presses, size=(80, 24))
    flat = " ".join(line.strip() for line in screen.lines())
    assert "+2 Pain dice vs" in flat
    assert "Annoy pair 4, Pain 1, Pain 2) = 512" in flat
    assert all(len(line.rstrip()) <= 80 for line in screen.lines())


def test_a_price_beyond_the_heros_points_says_whose_points_and_how_to_get_more(kit: Kit) -> None:
    """"over budget: 0 points left" read as if the workshop had a budget of its own."""
    session = town()
    first, _ = session.game.heroes()[0]
    workshop = first_heros_workshop(kit, session, 1)
    _, screen = run_headless(workshop, [], size=(80, 24))
    flat = " ".join(line.strip() for line in screen.lines())
    name = session.game.name(first)
    assert f"Refused: over budget: it costs 2 and {name} has 1 workshop point (S in town trades items in for " \
           "more)" in flat


def test_the_workshops_help_lists_no_map_keys(kit: Kit) -> None:
    """"Pick up  g, Comma" and "Search for traps  s" in the workshop's help, where the letters
    are the workshop's own."""
    session = town()
    workshop = TownScreen(kit, session, BACK).on_event(key("M"))
    lines = [line.text for line in workshop.open_help().lines()]
    assert "Keys" in lines and "Search for traps" not in lines and "Pick up" not in lines
    assert "Previous value" not in lines  # h is Heal here; Left/Right change nothing


def test_town_tells_where_the_quest_stands(kit: Kit) -> None:
    session = town()
    game = session.game
    game.quest = next(q for q in all_quests() if q.name == "Kit and Caboodle")
    game.stats.collected = 2
    _, screen = run_headless(TownScreen(kit, session, BACK), [], size=(80, 24))
    assert screen.lines()[1].strip() == "Quest: Kit and Caboodle, not yet done: 2 of 3 items brought out."
    game.stats.collected, game.stats.quest_paid = 3, True
    _, screen = run_headless(TownScreen(kit, session, BACK), [], size=(80, 24))
    assert screen.lines()[1].strip() == "Quest: Kit and Caboodle, fulfilled; its reward, 2, went into the purse."


def test_the_workshop_says_the_name_of_the_item_it_made(kit: Kit) -> None:
    """Items made in town get names of their own, but the workshop said only "Made for 2 points":
    the player learnt the name only back in the town list."""
    session = town()
    game = session.game
    first, hero = game.heroes()[0]
    workshop = first_heros_workshop(kit, session, 4)
    before = {e for e, _ in game.pack(first)}
    _, screen = run_headless(workshop, [key("enter")])
    made = next(e for e, _ in game.pack(first) if e not in before)
    assert f"Made {game.name(made)} for 2 points; 2 left." in screen.text()


def test_a_long_quest_line_wraps_and_keeps_its_counts_at_80_columns(kit: Kit) -> None:
    """The line under the purse was cut at the edge: "rooms mapped of each sort: with features 0/2,
    empty 0/2, holding an o..." lost the very counts it is there to give."""
    session = town()
    game = session.game
    game.quest = next(q for q in all_quests() if q.goal == "map_each" and len(q.interactions) == 4)
    _, screen = run_headless(TownScreen(kit, session, BACK), [], size=(80, 24))
    flat = " ".join(line.strip() for line in screen.lines())
    assert "holding an objective 0/2, with an encounter 0/2." in flat
    assert ELLIPSIS not in " ".join(screen.lines()[1:3])
    heading = next(i for i, line in enumerate(screen.lines()) if "Hero / item" in line)
    assert heading == 3 and "Flask of Mending" in screen.lines()[heading + 2]


def test_the_workshops_draft_waits_while_the_hero_trades_in_for_more_points(kit: Kit) -> None:
    """Over budget, the workshop says S in town trades items in for more; but back in the workshop
    the item designed was gone, and it had to be put together again from the start."""
    session = town()
    game = session.game
    first, hero = game.heroes()[0]
    hero.workshop = 2
    state = TownScreen(kit, session, BACK)
    workshop = state.on_event(key("M"))
    _, screen = run_headless(workshop, [key("v"), key("v"), key("h")], size=(80, 24))
    assert "over budget" in screen.text() and "1 Heal) = 5" in screen.text()
    assert workshop.on_event(key("escape")) is state
    state.on_event(key("b"))  # the ring
    state.on_event(key("S")).on_event(key("Y"))
    assert hero.workshop == 2 + trade_value(Treasure(**RING))
    state.on_event(key("a"))  # the flask, in the same pack
    again = state.on_event(key("M"))
    _, screen = run_headless(again, [], size=(80, 24))
    assert "1 Heal) = 5" in screen.text() and "Enter makes it" in screen.text(), screen.text()


def test_the_town_help_lists_no_map_keys(kit: Kit) -> None:
    """In town the letters pick items and the capitals act, yet the help listed the map's keys
    ("Move north ... k", "Search s"): k and s pick items k and s here."""
    _, screen = run_headless(TownScreen(kit, town(), BACK), [key("?")], size=(80, 40))
    text = " ".join(screen.text().split())
    assert "a-z pick an item" in text and "Help (this screen)" in text
    assert "Move north" not in text and "Search" not in text


def test_the_picked_items_features_cut_in_its_row_are_said_in_full_below(kit: Kit) -> None:
    """At 80 columns a ring's row read "fancy, +1 value, +2 Annoy dice..." and nothing in town said
    against what: the Type, the very thing that tells one ring from another, was cut off."""
    session = town()
    _, screen = run_headless(TownScreen(kit, session, BACK), [key("b")], size=(80, 24))
    assert any(line.rstrip().endswith("+2 Annoy dice" + ELLIPSIS + "      3") for line in screen.lines())
    assert " Ring of Frost Warding: fancy, +1 value, +2 Annoy dice vs cold." in screen.text()
    _, screen = run_headless(TownScreen(kit, session, BACK), [key("c")], size=(80, 24))
    assert "Painted Fan:" not in screen.text()  # its row says it all


def test_after_trading_in_a_pack_s_last_item_m_opens_the_same_heros_workshop(kit: Kit) -> None:
    """Trading in the last item of a pack moved the pick onto the next hero: "Pim Mossback has 3",
    then M opened the other hero's workshop, with none of those points."""
    session = town()
    game = session.game
    first, hero = game.heroes()[0]
    state = TownScreen(kit, session, BACK)
    state.on_event(key("b"))  # the ring, last in the first pack
    state.on_event(key("S")).on_event(key("Y"))
    _, screen = run_headless(state.on_event(key("M")), [], size=(80, 24))
    assert screen.lines()[0].startswith(f" Workshop: {game.name(first)}, {hero.workshop} points")


def test_after_drinking_a_packs_last_item_the_pick_stays_with_the_drinker(kit: Kit) -> None:
    """Drinking the last draught of a pack moved the pick onto the next hero, so H then offered
    to heal someone else."""
    session = town()
    game = session.game
    (first, hero), (second, _) = game.heroes()
    for item, _ in list(game.pack(first)):
        game.world.delete(item)
    give(game, first, "Flask of Mending", fancy=True, heal=3)
    hero.hits = 2
    state = TownScreen(kit, session, BACK)
    state.on_event(key("a"))
    state.on_event(key("U"))
    assert hero.hits == 5
    _, screen = run_headless(state, [key("H")], size=(80, 24))
    assert f"Healer's draught for {game.name(first)}:" in screen.text()


def test_a_list_scrolled_past_a_heros_row_says_whose_items_are_at_the_top(kit: Kit) -> None:
    """Scrolled down a long pack, the list showed items with no hero's row above them: nothing said
    whose they were. The heading says it while the hero's own row is out of sight."""
    session = town()
    game = session.game
    first, _ = game.heroes()[0]
    for n in range(20):
        give(game, first, f"Pebble {n}", value=1)
    state = TownScreen(kit, session, BACK)
    _, screen = run_headless(state, [], size=(80, 24))
    assert "Hero / item" in screen.text()
    _, screen = run_headless(state, [key("v")], size=(80, 24))  # the 22nd item, past the first screen
    rows = screen.lines()
    heading = next(row for row in rows if "features" in row)
    listed = rows[rows.index(heading) + 1:]
    assert f"{game.name(first)}'s pack, continued" in heading
    assert not any(row.strip().startswith(game.name(first)) for row in listed)


def test_a_mundane_item_takes_no_type_in_the_workshop(kit: Kit) -> None:
    """A Mundane item holds no magic, yet the workshop gave it a Type ("Type: cold") and made it so."""
    workshop = first_heros_workshop(kit, town(), 6)
    _, screen = run_headless(workshop, [key("t"), key("f")])  # a Type, then Mundane: the Type goes
    assert workshop.item.type == "" and "Type: (none)" in screen.text()
    _, screen = run_headless(workshop, [key("t")])
    assert workshop.item.type == "" and "A Mundane item holds no magic, so it takes no Type" in screen.text()
    _, screen = run_headless(workshop, [key("f"), key("t")])  # Fancy again: it takes one
    assert workshop.item.type != ""


def test_closing_the_healing_chooser_takes_its_refusal_with_it(kit: Kit) -> None:
    """Esc after a refused draught closed the chooser but left "A draught of 1 Hit costs 3 and ...
    has 0 workshop points" under the list, cut at 80 columns, about a chooser no longer there."""
    session = town()
    _, hero = session.game.heroes()[0]
    hero.hits, hero.workshop = 4, 0
    state = TownScreen(kit, session, BACK)
    _, screen = run_headless(state, [key("H"), key("enter"), key("escape")], size=(80, 24))
    assert state.healing is None
    assert "A draught of" not in screen.text()


def town_with_item(kit: Kit, name: str, value: int) -> tuple[TownScreen, str]:
    """The town with `name` in the first hero's pack: the screen and the letter that picks it."""
    session = town()
    game = session.game
    first, _ = game.heroes()[0]
    give(game, first, name, value=value)
    letter = next(chr(ord("a") + i) for i, (item, _) in enumerate(game.pack(first)) if game.name(item) == name)
    return TownScreen(kit, session, BACK), letter


def test_a_long_word_from_the_town_is_wrapped_not_cut(kit: Kit) -> None:
    """The line under the list was drawn on one row and cut at the screen's edge mid-word."""
    state, letter = town_with_item(kit, "Lantern of the Long-Forgotten Lighthouse Keepers of the Grey Coast", 2)
    _, screen = run_headless(state, [key(letter), key("U")], size=(80, 24))
    flat = " ".join(line.strip() for line in screen.lines())
    said = "Lantern of the Long-Forgotten Lighthouse Keepers of the Grey Coast is not for drinking: S trades it in."
    assert state.status == said and said in flat


def test_the_picked_items_name_cut_in_its_row_is_said_in_full_below(kit: Kit) -> None:
    """A name longer than its column read "Gleaming Signet Ring of..." at any width, and nothing in
    town gave the rest: the line below the list said an item in full only when its features were
    cut. Picked, the item is named whole below the list."""
    state, letter = town_with_item(kit, "Gleaming Signet Ring of the Drowned Archivist", 1)
    _, screen = run_headless(state, [key(letter)], size=(120, 40))
    assert any("Gleaming Signet Ring of the" + ELLIPSIS in line for line in screen.lines())
    assert " Gleaming Signet Ring of the Drowned Archivist: mundane, +1 value." in screen.text()


def test_two_growths_owed_say_a_story_point_came_with_each(kit: Kit) -> None:
    """Two levels gained at once: the choice said "A story point came with it (2 now). 2 choices
    are owed.", one point for two growths that brought one each."""
    session = make_session(seed=5)
    eid, hero = session.game.heroes()[0]
    hero.growth_due, hero.story_points = 2, 2
    _, screen = run_headless(TraitChoiceScreen(kit, session, None, hero.seat), [], size=(80, 24))
    text = " ".join(screen.text().split())
    assert "A story point came with each growth (2 now). 2 choices are owed." in text
    hero.growth_due, hero.story_points = 1, 1
    _, screen = run_headless(TraitChoiceScreen(kit, session, None, hero.seat), [], size=(80, 24))
    text = " ".join(screen.text().split())
    assert "A story point came with it (1 now)." in text and "owed" not in text


def test_back_from_the_workshop_town_says_nothing_of_points_spent_there(kit: Kit) -> None:
    """Trade in, then make an item in the workshop and go back: town still said "Traded in Gleaming
    Silver Spoon for 2 points. Quill Brack has 8." when the workshop had spent 6 of them, and the
    hero's row said 2 just above it. Now the workshop's trip clears it."""
    session = town()
    first, hero = session.game.heroes()[0]
    state = TownScreen(kit, session, BACK)
    state.on_event(key("b"))  # the ring
    state.on_event(key("S")).on_event(key("Y"))
    points = hero.workshop
    _, screen = run_headless(state, [], size=(80, 24))
    assert f"has {points} workshop points." in " ".join(screen.text().split())  # "has 8." said 8 of what?
    workshop = state.on_event(key("M"))
    workshop.on_event(key("enter"))  # a plain Fancy item, 2 points
    assert hero.workshop == points - 2
    assert workshop.on_event(key("escape")) is state
    _, screen = run_headless(state, [], size=(80, 24))
    row = next(line for line in screen.lines() if line.lstrip().startswith(session.game.name(first)))
    assert f"workshop points {points - 2}" in row
    assert "Traded in" not in screen.text() and f"has {points} workshop" not in screen.text(), screen.text()


def test_after_a_make_the_verdict_is_on_making_another(kit: Kit) -> None:
    """With 2 points, Enter made a 2-point item and the screen said "Refused: over budget: it
    costs 2 and ... has 0 workshop points" right above "Made ... for 2 points; 0 left.": nothing
    had been refused. The verdict is on another one now, until the draft changes."""
    session = town()
    workshop = first_heros_workshop(kit, session, 2)
    _, screen = run_headless(workshop, [key("enter")])
    text = " ".join(screen.text().split())
    assert "Another cannot be made: over budget: it costs 2" in text and "Refused" not in text
    assert "for 2 points; 0 left." in text
    _, screen = run_headless(workshop, [key("v")])  # the draft changed: its own verdict again
    assert "Refused: over budget" in " ".join(screen.text().split())


def test_the_log_opens_in_town_on_l_and_shows_the_towns_trades(kit: Kit) -> None:
    """In town the letters pick items, so the map's m said "No item m." and the trades, heals
    and draughts made there could not be read again until the morgue file: L opens the log."""
    from game.ui.screens.log_history import LogHistoryScreen

    session = town()
    game = session.game
    eid, hero = game.heroes()[0]
    hero.hits, hero.workshop = 4, 20
    state = TownScreen(kit, session, BACK)
    run_headless(state, [key("H"), key("enter")])
    healed = game.log[-1].text
    assert "heals" in healed
    _, screen = run_headless(state, [])
    assert "L log" in " ".join(screen.text().split())
    log = state.on_event(key("L"))
    assert isinstance(log, LogHistoryScreen) and log.back is state
    _, screen = run_headless(log, [], size=(100, 30))
    assert healed[:60] in " ".join(screen.text().split())
