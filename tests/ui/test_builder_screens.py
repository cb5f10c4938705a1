"""The hot-seat Hallway on screen, through the headless presenter: hand-overs that hide the map,
the category pick with every seat's die, the room builder (refusals with the rule's reason, the
live budget, fill the rest, nothing confirmed with points left), and privacy between seats."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
import tcod.console
from screen_games import make_kit, make_session

from game.agents.companion import ai_action
from game.core.dials import Dials
from game.designers.builder import Purchase
from game.designers.builds import encode_monster
from game.engine import actions as A
from game.engine.dispatch import apply_action
from game.mapgen.plan import Spot
from game.rules.purchases import Monster
from game.ui.events import Event, key
from game.ui.kit import Kit
from game.ui.present.headless import run_headless
from game.ui.screens.builder_help import help_topics
from game.ui.screens.builder_screen import BuilderScreen
from game.ui.screens.category_pick import CategoryPickScreen, rolloff_so_far
from game.ui.screens.designer_flow import designer_screen
from game.ui.screens.dialog import ConfirmDialog
from game.ui.screens.handover import HandOverScreen
from game.ui.screens.help import HelpScreen
from game.ui.session import Session
from game.ui.state import Exit, State


class Secret:
    """A stand-in for the map: what must not show while the keyboard changes hands."""

    def on_event(self, event: Event) -> State | None:
        return Exit("map")

    def on_draw(self, console: tcod.console.Console) -> None:
        console.print(0, 0, "SECRET MAP")

    def cursor(self) -> tuple[int, int] | None:
        return None


@dataclass(frozen=True)
class Plan:
    spots: tuple[Spot, ...]


SPOTS = (Spot(3, 4, "open", "door"), Spot(5, 6, "search", "chest", True), Spot(7, 7, "walk", "floor"))


@pytest.fixture
def kit(tmp_path: Path) -> Kit:
    return make_kit(tmp_path)


def at_hallway(seed: int = 4, seats: str = "human:Ann,human:Bob,ai") -> Session:
    session = make_session(seed=seed, seats=seats, dials=Dials(design="ask"))
    game = session.game
    for _ in range(3000):
        if game.hallway.pending is not None and game.hallway.pending.waiting:
            return session
        apply_action(game, ai_action(game))
    raise AssertionError("the party never reached a new room")


def keys(*names: str) -> list:
    return [key(n) for n in names]


def step(state: State, *names: str) -> tuple[State, str]:
    """Feed keys one by one to `state` (following the states it returns); the screen after."""
    console = tcod.console.Console(80, 24, order="C")
    for name in names:
        nxt = state.on_event(key(name))
        if nxt is not None:
            state = nxt
    console.clear()
    state.on_draw(console)
    text = "\n".join("".join(chr(c) for c in row).rstrip() for row in console.ch)
    return state, text


def builder(kit: Kit, category: str, budget: int = 12, seed: int = 7) -> BuilderScreen:
    session = make_session(seed=seed, seats="human:Ann,human:Bob,ai", dials=Dials(design="ask"))
    return BuilderScreen(kit, session, Exit("done"), 0, category, budget, Plan(SPOTS))


def field_row(screen: BuilderScreen, key_name: str) -> int:
    return next(i for i, f in enumerate(screen.fields()) if f.key == key_name)


def go_to(screen: BuilderScreen, key_name: str) -> list[str]:
    """The Up/Down presses that take the draft's cursor from its row to field `key_name`."""
    delta = field_row(screen, key_name) - screen.row
    return ["down" if delta > 0 else "up"] * abs(delta)


# -- the hook -----------------------------------------------------------------------------------------


def test_nothing_waits_for_a_human_without_a_pending_hallway(kit: Kit) -> None:
    session = make_session(seats="human,human,ai", dials=Dials(design="ask"))
    assert session.game.hallway.pending is None
    assert designer_screen(kit, session, Secret()) is None


def test_the_hand_over_hides_the_map_and_names_the_seat(kit: Kit) -> None:
    session = at_hallway()
    game = session.game
    seat = game.hallway.pending.waiting[1]
    state = designer_screen(kit, session, Secret())
    assert isinstance(state, HandOverScreen)
    _, screen = run_headless(state)
    text = screen.text()
    assert "SECRET MAP" not in text
    assert "Pass the keyboard to" in text and game.seats[seat].name in text
    assert "category" in text


def test_a_key_still_pressed_for_the_map_does_not_pass_the_hand_over(kit: Kit) -> None:
    """Walking keys pressed on as the last player's turn ended passed the hand-over ("press any
    key") and were typed into the next seat's screen. Only Enter goes on; another key says so."""
    state = designer_screen(kit, at_hallway(), Secret())
    for name in ("h", "x", "l", "space", "Y"):
        stayed, text = step(state, name)
        assert stayed is state and "SECRET MAP" not in text
    assert "Only Enter goes on from here." in text and "press Enter when you are ready" in text
    assert isinstance(step(state, "enter")[0], CategoryPickScreen)


def test_one_human_seat_needs_no_hand_over(kit: Kit) -> None:
    session = at_hallway(seats="human,ai,ai")
    assert isinstance(designer_screen(kit, session, Secret()), CategoryPickScreen)


# -- the category pick ---------------------------------------------------------------------------------


def test_the_pick_shows_every_seats_die_and_the_categories_left_with_budgets(kit: Kit) -> None:
    session = at_hallway()
    game = session.game
    state, text = step(designer_screen(kit, session, Secret()), "enter")
    assert isinstance(state, CategoryPickScreen)
    rolloff = rolloff_so_far(game)
    for seat, face in rolloff.rounds[0]:
        assert f"{game.seats[seat].name} [{face}]" in text
    for label in ("Traps", "Monsters", "Treasure"):
        if label.lower() in state.left:
            assert label in text
    assert "Party Max + Floor" in text or "traps" not in state.left
    assert "Enter take it" in text and "? help" in text


def test_enter_takes_the_highlighted_category(kit: Kit) -> None:
    session = at_hallway()
    game = session.game
    seat = game.hallway.pending.waiting[1]
    state, _ = step(designer_screen(kit, session, Secret()), "enter")
    wanted = state.left[1]
    step(state, "down", "enter")
    assert (seat, wanted) in game.hallway.pending.picks
    # said as the roll-off lists it ("takes Treasure"; the log read "takes treasure")
    assert f"{game.seats[seat].name} takes {wanted.title()}." in [ln.text for ln in game.log[-4:]]


def test_the_pick_has_help_and_no_way_back(kit: Kit) -> None:
    session = at_hallway()
    state, _ = step(designer_screen(kit, session, Secret()), "enter")
    helped, text = step(state, "?")
    assert isinstance(helped, HelpScreen) and "Taking a category" in text
    stay, text = step(state, "escape")
    assert stay is state and "waits for your pick" in text


# -- the builder -------------------------------------------------------------------------------------


def test_the_builder_shows_the_budget_the_cost_rule_and_every_key(kit: Kit) -> None:
    screen = builder(kit, "traps", budget=7)
    _, text = step(screen)
    assert "Ann builds the Traps" in text
    assert "Budget 7 (Party Max + Floor)" in text and "Spent 0" in text and "Left 7" in text
    assert "cost = (Annoy pairs + Pain dice" in text
    for hint in ("Tab", "Enter buy", "Del sell back", "r name", "s suggest", "f fill the rest", "c confirm",
                 "? help"):
        assert hint in text, hint
    assert "Cost (1 Annoy pair + 1 Pain) = 2" in text and "Legal: Enter buys it (5 left after)" in text
    helped, text = step(screen, "?")
    assert isinstance(helped, HelpScreen) and "The room builder" in text


def test_the_monsters_cost_rule_names_the_doublings_as_the_form_and_its_help_do(kit: Kit) -> None:
    """The rule read "x 2 per Hold, Continuous, Universal" where the form's toggles are Cont. Hold
    and Cont. Damage and the help says Continuous Hold and Continuous Damage: "Continuous" alone
    is a trap's feature. It now names them as the help does, whole at 80 columns."""
    _, text = step(builder(kit, "monsters"))
    said = " ".join(text.split())
    assert "x 2 per Continuous Hold, Continuous Damage, Universal; each monster at least the Floor" in said, said


def test_buying_moves_the_meter_and_doublings_show_in_the_price(kit: Kit) -> None:
    screen = builder(kit, "traps", budget=7)
    _, text = step(screen, *go_to(screen, "continuous"), "right")
    assert "= 2 x 2 (Continuous)" in text and "= 4" in text
    _, text = step(screen, "enter")
    assert "Spent 4" in text and "Left 3" in text and "Bought (1)" in text


def test_an_illegal_trap_is_refused_with_the_rule_and_kept_as_the_draft(kit: Kit) -> None:
    screen = builder(kit, "traps", budget=7)
    _, text = step(screen, *go_to(screen, "annoy"), "left")
    assert "Breaks a rule: a trap needs at least" in text
    _, text = step(screen, "enter")
    assert "Refused: a trap needs at least one pair of Annoy dice." in text
    assert screen.model.items == [] and screen.draft.item.annoy == 0
    _, text = step(screen, "right", "enter")
    assert "Bought:" in text and len(screen.model.items) == 1


def test_over_budget_is_refused(kit: Kit) -> None:
    screen = builder(kit, "traps", budget=3)
    _, text = step(screen, *go_to(screen, "unlimited"), "right", "enter")
    assert "Refused: over budget: 3 points left, this costs 4." in text and screen.model.items == []


def test_nothing_is_confirmed_with_points_left(kit: Kit) -> None:
    screen = builder(kit, "traps", budget=7)
    state, text = step(screen, "enter", "c")
    assert state is screen
    assert "Not yet: traps: 5 of 7 points left to spend." in text
    assert screen.session.game.hallway.pending is None  # nothing was sent


def test_a_monster_under_the_floor_and_a_pointless_resist_are_refused(kit: Kit) -> None:
    screen = builder(kit, "monsters", budget=20)
    floor = screen.model.floor
    assert floor >= 2 and screen.draft.item.level == floor
    _, text = step(screen, *go_to(screen, "level"), "left", "enter")
    assert f"Refused: each monster must cost at least the Floor ({floor} points)." in text
    _, text = step(screen, "right", "a")
    assert "Ability 1 Type" in text
    unused = next(t for t in ("acid", "bite", "necrotic", "gas") if t not in screen.model.attack_types)
    _, text = step(screen, *go_to(screen, "a0.resist"), "right")
    assert "    resists" in "\n".join(f.label for f in screen.fields())
    while screen.draft.item.abilities[0].resist[0] != unused:
        step(screen, *go_to(screen, "a0.r0"), "right")
    _, text = step(screen, "enter")
    assert f"Refused: no hero attacks with {unused}: resisting it is pointless." in text
    assert "nobody uses it" in text


def test_magic_on_a_mundane_item_is_refused(kit: Kit) -> None:
    screen = builder(kit, "treasure", budget=6)
    _, text = step(screen, *go_to(screen, "heal"), "right", "enter")
    assert "Refused: only a Fancy item may be magic." in text
    _, text = step(screen, *go_to(screen, "fancy"), "right", "enter")
    assert "Bought:" in text and screen.model.spent == 4  # Fancy 2 + the draft's Value 1 + Heal 1


def test_naming_and_suggesting(kit: Kit) -> None:
    screen = builder(kit, "traps", budget=7)
    _, text = step(screen, "r", *list("Grin"), "space", *list("Plate"), "enter")
    assert screen.draft.item.name == "Grin Plate" and "Grin Plate" in text
    step(screen, "enter")
    assert screen.model.encode()[0][-1] == "Grin Plate"
    _, text = step(screen, "s")
    assert screen.draft.item.name and "Suggested:" in text


def test_a_names_refused_letter_is_let_go_once_typing_goes_on(kit: Kit, monkeypatch) -> None:  # noqa: ANN001
    """The builder kept "That character cannot be drawn here" under a name typed on long after."""
    from game.ui.screens import widgets

    clock = [100.0]
    monkeypatch.setattr(widgets.time, "monotonic", lambda: clock[0])
    screen = builder(kit, "traps", budget=7)
    _, text = step(screen, "r", "日", *list("Gr"))
    assert "cannot be drawn here" in text
    clock[0] += 2
    _, text = step(screen, *list("in"))
    assert "cannot be drawn here" not in text and screen.message == ""


def test_a_bought_thing_can_be_changed_or_sold_back(kit: Kit) -> None:
    screen = builder(kit, "treasure", budget=6)
    step(screen, "enter")  # the draft: a Mundane item of Value 1, 2 points (a bare one fetches nothing in town)
    _, text = step(screen, "tab", "enter")
    assert "Changing purchase 1" in text
    _, text = step(screen, *go_to(screen, "value"), "right", "enter")
    assert screen.model.spent == 3 and "Changed:" in text
    _, text = step(screen, "tab", "delete")
    assert screen.model.items == [] and "Sold back" in text


def test_fill_the_rest_spends_every_point_and_then_c_confirms(kit: Kit) -> None:
    for category in ("traps", "monsters", "treasure"):
        screen = builder(kit, category, budget=9)
        step(screen, "enter")
        _, text = step(screen, "f")
        assert screen.model.left == 0 and screen.model.can_confirm(), category
        assert "Left 0" in text and "confirms" in text


def test_a_monster_builder_fits_80x24_with_abilities(kit: Kit) -> None:
    screen = builder(kit, "monsters", budget=30)
    _, text = step(screen, "a", "a")
    lines = text.split("\n")
    assert len(lines) == 24 and max(len(ln) for ln in lines) <= 80
    assert "Ability 2" in text or "⬇" in text or "v" in text
    assert "a/d add/drop ability" in text


# -- the whole Hallway through the hook ----------------------------------------------------------------


def test_the_table_designs_the_room_through_hand_overs_and_nobody_sees_another_seats_buys(kit: Kit) -> None:
    session = at_hallway()
    game = session.game
    rooms = game.stats.rooms_entered
    back = Secret()
    state: State = designer_screen(kit, session, back)
    seen: list[str] = []
    secret_names: dict[int, str] = {}
    for _ in range(60):
        if state is back:
            break
        _, text = step(state)
        seen.append(text)
        if isinstance(state, HandOverScreen):
            assert "SECRET MAP" not in text
            for other in secret_names.values():
                assert other not in text
            state, _ = step(state, "enter")
        elif isinstance(state, CategoryPickScreen):
            state, _ = step(state, "enter")
        elif isinstance(state, BuilderScreen):
            for seat, name in secret_names.items():
                if seat != state.seat:
                    assert name not in text  # another seat's purchase never shows here
            mine = f"Secret{state.seat}"
            secret_names[state.seat] = mine
            state, _ = step(state, "r", *list(mine), "enter", "enter", "f", "c")
            state, text = step(state, "Y")
        else:
            raise AssertionError(f"unexpected screen {state!r}")
    assert state is back
    assert game.hallway.pending is None and game.stats.rooms_entered == rooms + 1
    assert secret_names, "no human built anything"
    assert any("Pass the keyboard to" in t and "your turn on the map" in t for t in seen)
    design = game.hallway.last_design
    names = {p.trap.name for p in design.traps} | {p.monster.name for p in design.monsters} \
        | {p.item.name for p in design.treasure}
    assert set(secret_names.values()) <= names


def test_fill_the_rest_in_a_room_with_no_spot_says_why_instead_of_crashing(kit: Kit) -> None:
    session = make_session(seed=7, seats="human:Ann,human:Bob,ai", dials=Dials(design="ask"))
    screen = BuilderScreen(kit, session, Exit("done"), 0, "traps", 5, Plan(()))
    _, text = step(screen, "f")
    assert "The AI cannot finish this: a room with no spot cannot hold a trap." in text
    _, text = step(screen, "enter")
    assert "Refused: a trap must sit on one of the room's spots." in text


# -- what the hints promise ------------------------------------------------------------------------------


def hint_rows_of(text: str) -> str:
    """The footer: the rows after the last blank one."""
    return text.rstrip("\n").split("\n\n")[-1]


def test_esc_is_named_only_where_it_does_something_and_enter_says_what_it_does(kit: Kit) -> None:
    """The footer read "Esc stop" in the draft, where Esc stops nothing, and "Enter buy" while
    a bought thing was being changed, where Enter saves the change and buys nothing."""
    screen = builder(kit, "traps", budget=7)
    _, text = step(screen)
    assert "Esc" not in hint_rows_of(text) and "Enter buy" in text
    _, text = step(screen, "enter", "tab")  # in the bought list
    assert "Esc back to draft" in text and "Enter change it" in text
    _, text = step(screen, "enter")  # changing purchase 1
    assert "Changing purchase 1" in text
    assert "Esc keep as it was" in text and "Enter save change" in text and "Enter buy" not in text
    state, text = step(screen, "escape")
    assert state is screen and screen.editing is None and "Left as it was" in text
    assert "Esc" not in hint_rows_of(text) and "Enter buy" in text


def test_one_purchase_is_one_in_the_confirmation_and_the_save_dialog(kit: Kit) -> None:
    """"Build the Treasure with these 1 purchase?" and "The 1 traps bought so far go into a
    design file": one thing bought is told as one."""
    screen = builder(kit, "treasure", budget=2)
    state, text = step(screen, "enter", "c")
    assert isinstance(state, ConfirmDialog) and "with this one purchase?" in text
    assert state.question.endswith("this one purchase? The heroes meet it next; there is no changing it after.")
    _, text = step(screen, "w")
    assert "The 1 item bought so far goes into a design file" in text
    screen = builder(kit, "traps", budget=4)
    state, text = step(screen, "enter", "enter", "c")
    assert isinstance(state, ConfirmDialog) and "with these 2 purchases?" in text
    assert state.question.endswith("these 2 purchases? The heroes meet them next; there is no changing them after.")
    _, text = step(screen, "w")
    assert "The 2 traps bought so far go into" in text


def test_while_a_name_is_typed_the_keys_shown_are_the_ones_that_type_it(kit: Kit) -> None:
    """Typing a name, the footer still read "Enter buy ... c confirm" and the draft "Enter buys
    it": Enter keeps the name there, and c is a letter of it."""
    screen = builder(kit, "traps", budget=7)
    _, text = step(screen, "r", *list("Grin"))
    footer = hint_rows_of(text)
    assert "Enter keep the name" in footer and "Esc cancel" in footer
    assert "Enter buy" not in footer and "c confirm" not in footer
    assert "Enter keeps it" in text and "Legal: then Enter buys it" in text
    _, text = step(screen, "c", "enter")
    assert screen.draft.item.name == "Grinc" and screen.model.items == []
    assert "Enter buy" in hint_rows_of(text)


def test_tab_with_nothing_bought_says_why_it_stays_on_the_draft(kit: Kit) -> None:
    """Tab, hinted as "draft/bought", did nothing at all before the first purchase."""
    screen = builder(kit, "traps", budget=7)
    _, text = step(screen, "tab")
    assert screen.focus == "draft" and "Nothing is bought yet" in text
    _, text = step(screen, "enter", "tab")
    assert screen.focus == "bought" and "Enter change it" in text


def test_points_too_few_for_a_monster_say_the_way_on(kit: Kit) -> None:
    """With 1 point left and the Floor at 2, Enter was refused with the Floor rule alone: no word
    of what could still spend that point."""
    screen = builder(kit, "monsters", budget=6)
    floor = screen.model.floor
    assert floor == 2
    _, text = step(screen, *go_to(screen, "level"), "right", "right", "right")  # a Level 5 monster: 1 left
    assert "Legal: Enter buys it (1 left after: too few for" in text and "another monster)" in text  # before it
    step(screen, "enter")
    assert screen.model.left == 1
    _, text = step(screen, "enter")
    flat = " ".join(line.strip() for line in text.split("\n"))
    assert "Refused: each monster must cost at least the Floor (2 points). 1 point buys no monster: raise a " \
           "bought one (Tab, Enter) or f fills the rest." in flat
    _, text = step(screen, "tab", "enter", *go_to(screen, "level"), "right", "enter")
    assert screen.model.left == 0 and "Every point is spent" in text


def test_every_type_the_party_attacks_with_and_every_level_is_listed_on_the_left(kit: Kit) -> None:
    """Four heroes' attack Types took three rows of the narrow list; the third was dropped
    unseen (and those are the only Types worth a Resist die), as was the fourth hero's Level."""
    from game.designers.scout import PartyView

    screen = builder(kit, "monsters", budget=12)
    types = ("arrows", "crushing", "lightning", "poison")
    screen.model.party = PartyView((2, 2, 2, 2), tuple((t, 1) for t in types), frozenset())
    _, text = step(screen)
    left = " ".join(row[:27].strip() for row in text.split("\n"))
    assert all(t in left for t in types), left
    assert "Levels 2, 2, 2, 2" in left  # it read "Party Levels 2, 2, 2," at 80 columns: a hero cut off


def test_the_builders_help_lists_no_map_keys_that_mean_something_else_here(kit: Kit) -> None:
    """Its help went on into the map's keys: "Search for traps  s" under "Help: the room
    builder", where s suggests a name, o and x do nothing and g types nothing."""
    screen = builder(kit, "traps", budget=7)
    helped = screen.open_help()
    lines = [line.text for line in helped.lines()]
    assert "Keys" in lines and "Everywhere" in lines
    for map_only in ("Search for traps", "Explore automatically", "Movement", "Inventory",
                     "Remove a key binding", "Next entry"):  # Del sells back here; Tab goes to the list
        assert map_only not in lines, map_only


def test_esc_on_a_designers_hand_over_waits_instead_of_showing_the_builder(kit: Kit) -> None:
    """Its footer offered "Esc back", and its help "Esc goes back ... if the wrong player got up";
    with nowhere to go back to, Esc went on and showed the next seat's pick to whoever pressed it."""
    state = designer_screen(kit, at_hallway(), Secret())
    assert isinstance(state, HandOverScreen)
    same, text = step(state, "escape")
    assert same is state and "Pass the keyboard to" in text
    assert "Esc" not in text.rstrip().split("\n")[-1]
    helped = state.open_help()
    assert "Esc goes back" not in " ".join(line.text for line in helped.lines())
    nxt, _ = step(state, "enter")
    assert isinstance(nxt, (CategoryPickScreen, BuilderScreen))


def test_confirming_with_a_change_not_saved_asks_for_it_first(kit: Kit) -> None:
    """c while a bought trap was being changed confirmed the room without the change, and the
    dialog's "these 2 purchases" gave no sign of it."""
    screen = builder(kit, "traps", budget=4)
    step(screen, "enter", "enter")
    assert screen.model.left == 0
    state, text = step(screen, "tab", "up", "enter", *go_to(screen, "name"), "r", *list("Moth"), "enter", "c")
    assert state is screen and screen.model.items[0].item.name == ""
    assert "Purchase 1 has a change not saved: Enter saves it or Esc leaves it as it was, then c confirms." in \
        " ".join(line.strip() for line in text.split("\n"))
    state, _ = step(screen, "enter", "c")
    assert isinstance(state, ConfirmDialog) and screen.model.items[0].item.name == "Moth"


def test_an_added_ability_says_what_it_adds_to_the_price_after_doubling(kit: Kit) -> None:
    """"Ability 2 added: ... (+2)" on a monster whose first ability holds: its price went up by 4."""
    screen = builder(kit, "monsters", budget=30)
    _, text = step(screen, "a")
    assert "Ability 1 added: one Annoy pair and one Pain die (+2)." in text
    before = screen.model.cost(screen.draft)
    _, text = step(screen, *go_to(screen, "a0.hold"), "right", "a")
    assert screen.model.cost(screen.draft) - 2 * before == 4  # the hold doubled it, the new ability adds 2 x 2
    assert "Ability 2 added: one Annoy pair and one Pain die (+4)." in text


def test_where_an_item_lies_says_so_when_no_furniture_can_hold_it(kit: Kit) -> None:
    """In a room with nothing to hide treasure in, Left/Right on "Lies" did nothing and the
    line still offered "hidden in furniture that can hold it"."""
    session = make_session(seed=7, seats="human:Ann,human:Bob,ai", dials=Dials(design="ask"))
    bare = BuilderScreen(kit, session, Exit("done"), 0, "treasure", 5, Plan((Spot(3, 4, "open", "door"),)))
    _, text = step(bare, *go_to(bare, "where"), "right")
    assert bare.draft.spot == -1 and "In the open: nothing in this room can hold it." in text
    furnished = builder(kit, "treasure", budget=5)
    _, text = step(furnished, *go_to(furnished, "where"))
    assert "or hidden in furniture" in text
    step(furnished, "right")
    assert furnished.draft.spot == 1  # the chest


def test_after_a_long_fill_the_message_still_says_c_confirms(kit: Kit) -> None:
    """At 80 columns the AI's notes pushed the way on off the end: "... All spent:..."."""
    screen = builder(kit, "monsters", budget=7)
    step(screen, *go_to(screen, "level"), "left", "a")
    step(screen, *go_to(screen, "a0.hold"), "right", "enter")  # (1 + 2) x 2 = 6: 1 point left, under the Floor
    _, text = step(screen, "f")
    assert screen.model.left == 0 and "rebuilds" in screen.message
    assert "All spent: c confirms." in text


def test_an_items_annoy_dice_are_counted_in_pairs_as_a_traps_are(kit: Kit) -> None:
    """A trap's row read "2 (1 pair)", an item's plain "2", though both are bought and priced by
    the pair (an item's price doubles once per pair, not per die)."""
    screen = builder(kit, "treasure", budget=9)
    _, text = step(screen, "right", *go_to(screen, "annoy"), "right")
    row = next(line for line in text.split("\n") if ">Annoy dice" in line)
    assert "2 (1 pair)" in row and "x2 a pair" in row
    assert "(2 Fancy + 1 Value) = 3 x 2 (Annoy pair 1) =" in text and screen.model.cost(screen.draft) == 6


def test_fill_the_rest_with_a_change_not_saved_asks_for_it_first(kit: Kit) -> None:
    """f while a bought thing was being changed dropped the change and filled, unseen."""
    screen = builder(kit, "traps", budget=6)
    step(screen, "enter")
    _, text = step(screen, "tab", "enter", *go_to(screen, "pain"), "right", "f")
    assert len(screen.model.items) == 1 and screen.draft.item.pain == 2
    assert "Purchase 1 has a change not saved: Enter saves it or Esc leaves it as it was, then f fills the " \
           "rest." in " ".join(line.strip() for line in text.split("\n"))
    step(screen, "enter", "f")
    assert screen.model.items[0].item.pain == 2 and screen.model.left == 0


def test_selling_back_one_purchase_keeps_the_change_made_to_another(kit: Kit) -> None:
    """Selling back purchase 1 while purchase 2 was being changed threw the change away unseen."""
    screen = builder(kit, "traps", budget=8)
    step(screen, "enter", "enter")
    assert len(screen.model.items) == 2
    step(screen, "tab", "enter", *go_to(screen, "pain"), "right")  # changing purchase 2: Pain 2
    _, text = step(screen, "tab", "up", "delete")
    assert len(screen.model.items) == 1 and screen.editing == 0
    assert "Changing purchase 1" in text and screen.draft.item.pain == 2
    _, text = step(screen, "tab", "enter")
    assert screen.model.items[0].item.pain == 2 and "Changed:" in text


def test_taking_another_purchase_back_keeps_a_change_not_saved(kit: Kit) -> None:
    """Enter in the bought list while a change was not saved took a purchase back into the draft
    over the change, which was lost unseen."""
    screen = builder(kit, "traps", budget=8)
    step(screen, "enter", "enter")
    step(screen, "tab", "enter", *go_to(screen, "pain"), "right")  # changing purchase 2: Pain 2
    _, text = step(screen, "tab", "up", "enter")
    assert screen.editing == 1 and screen.draft.item.pain == 2
    assert "Purchase 2 has a change not saved: Tab back to it and Enter saves it or Esc leaves it as it was, " \
           "then Enter here takes one back." in " ".join(line.strip() for line in text.split("\n"))
    step(screen, "escape", "enter")  # leave the change; now Enter takes purchase 1 back
    assert screen.editing == 0 and screen.model.items[1].item.pain == 1


def test_a_human_monsters_designer_is_told_the_quests_creature_due_in_the_room(kit: Kit) -> None:
    """The AI buys the quest's creature first from the Monsters budget; a human building the
    monsters was never told one was due (and, buying none, sent it on to a later room)."""
    session = make_session(seed=52, seats="human:Ann,human:Bob", dials=Dials(design="ask"))
    game = session.game
    for _ in range(3000):
        waiting = game.hallway.pending.waiting if game.hallway.pending is not None else ()
        if waiting[:1] == ("build",) and waiting[2] == "monsters":
            break
        if waiting[:1] == ("category",):
            apply_action(game, A.TakeCategory(waiting[1], "monsters" if "monsters" in waiting[2] else waiting[2][0]))
        else:
            apply_action(game, ai_action(game))
    else:
        raise AssertionError("no human built the monsters")
    due = game.hallway.pending.quest_target
    assert due and due in game.quest.names
    _, _, category, budget, plan = game.hallway.pending.waiting
    screen_state = BuilderScreen(kit, session, None, waiting[1], category, budget, plan)
    for size in ((80, 24), (100, 30)):
        _, screen = run_headless(screen_state, [], size=size)
        left = " ".join(row[:28].strip() for row in screen.lines())
        assert f"Quest's creature due: {due}" in " ".join(left.split()), screen.lines()
    _, screen = run_headless(screen_state, [key("?")], size=(100, 40))
    assert "the quest's creature is due in this room" in " ".join(screen.text().split())


def test_the_hand_overs_help_lists_no_map_keys(kit: Kit) -> None:
    """Only Enter goes on from the hand-over, yet its help listed "Move north  Up, Numpad 8, 8, k"
    and the rest of the map's keys, as if they did something there."""
    state = designer_screen(kit, at_hallway(), Secret())
    assert isinstance(state, HandOverScreen)
    _, screen = run_headless(state, [key("?")], size=(80, 40))
    text = screen.text()
    assert "Help: passing the keyboard" in text and "presses Enter when ready" in " ".join(text.split())
    assert "Move north" not in text and "Help (this screen)" in text


def test_the_builders_help_in_two_columns_shows_every_word(kit: Kit) -> None:
    """At 120 columns the help flows into two columns, and each line of a topic lost its last two
    letters ("Tab moves to the list of wh", "a spot of the roo"): the text was wrapped to the
    column's width but drawn two cells in from its edge."""
    screen = builder(kit, "traps", budget=7)
    console = tcod.console.Console(120, 40, order="C")
    screen.open_help().on_draw(console)
    columns: list[list[str]] = [[], []]
    for row in console.ch:
        text = "".join(chr(c) for c in row)
        for found in re.finditer(r"\S+", text):  # each word to the column it starts in
            columns[found.start() >= console.width // 2].append(found.group())
    assert "Everywhere" in columns[1]  # two columns, not one to scroll
    shown = " ".join(" ".join(column) for column in columns)
    for heading, body in help_topics(hot_seat=True):  # Ann and Bob share the keyboard
        assert heading in shown
        assert " ".join(body.split()) in shown, heading


def test_the_trap_after_a_purchase_fits_the_one_point_left(kit: Kit) -> None:
    """With one point left the next trap's draft was the first one again, an Annoy pair and a Pain
    die (2 points): "Breaks a rule: over budget" before the player had touched it."""
    screen = builder(kit, "traps", budget=3)
    _, text = step(screen, "enter")
    assert "Left 1" in text and "Breaks a rule" not in text and "Legal: Enter buys it (0 left after)" in text
    _, text = step(screen, "enter")
    assert "Left 0" in text and "Every point is spent" in text


def monsters_build_with_the_quests_creature() -> Session:
    """Seed 52's first Hallway, the human seat that won the roll-off building the Monsters of a
    room the quest puts its creature in (a kobold lord)."""
    session = at_hallway(seed=52)
    game = session.game
    waiting = game.hallway.pending.waiting
    apply_action(game, A.TakeCategory(waiting[1], "monsters"))
    while game.hallway.pending.waiting[0] == "category":
        waiting = game.hallway.pending.waiting
        apply_action(game, A.TakeCategory(waiting[1], waiting[2][0]))
    return session


def test_fill_the_rest_buys_the_quests_creature_as_the_seats_ai_would(kit: Kit) -> None:
    """The left column said "Quest's creature due: kobold lord", and f ("your seat's AI spends
    whatever is left") bought monsters without it, where the same AI designing the room buys the
    creature first: it went on to a later room."""
    session = monsters_build_with_the_quests_creature()
    game = session.game
    target = game.hallway.pending.quest_target
    assert target == "kobold lord"  # the seed puts the quest's creature in this room
    state, _ = step(designer_screen(kit, session, Secret()), "enter")
    assert isinstance(state, BuilderScreen) and state.category == "monsters"
    _, text = step(state, "f")
    assert "All spent" in text and target in " ".join(text.split()).lower().split("bought:")[-1]
    dialog, _ = step(state, "c")
    step(dialog, "Y")
    built = game.hallway.pending.manual["monsters"]  # (level, type, name, abilities) each
    assert any(name == "Kobold Lord" for _, _, name, _ in built)


def test_a_human_monsters_seat_buys_the_quests_creature_first_as_an_ai_seat_must(kit: Kit) -> None:
    """DESIGN.md §3: when the quest puts its creature in a room, that room's Monsters seat must buy
    it first. An AI seat did; a human seat could confirm a room without it, and it moved on to a
    later room. Now the build is refused with the reason, in the engine and on the builder."""
    session = monsters_build_with_the_quests_creature()
    game = session.game
    _, seat, _, budget, _ = game.hallway.pending.waiting
    assert game.hallway.pending.quest_target == "kobold lord"
    bear = encode_monster(Monster(budget, "claws", (), "Grumpy Bear"))
    refused = apply_action(game, A.BuildRoom(seat, "monsters", (bear,)))
    assert "kobold lord is due in this room" in refused.reason
    assert "monsters" not in game.hallway.pending.manual
    state, _ = step(designer_screen(kit, session, Secret()), "enter")
    state.model.items.append(Purchase(Monster(budget, "claws", (), "Grumpy Bear")))
    _, text = step(state, "c")
    assert "Not yet: the quest's kobold lord is due in this room" in " ".join(text.split())
    lord = encode_monster(Monster(budget, "claws", (), "Old Kobold Lord"))
    apply_action(game, A.BuildRoom(seat, "monsters", (lord,)))
    assert game.hallway.pending is None or game.hallway.pending.manual.get("monsters") == (lord,)


@pytest.mark.parametrize("category, doubling", [("traps", "unlimited"), ("monsters", "a0.hold"),
                                                ("treasure", "pain")])
def test_a_rows_price_note_is_what_one_more_step_costs_once_doubled(kit: Kit, category: str, doubling: str) -> None:
    """A doubled purchase's rows still read "+1 each" (Level, Pain dice, Value...) while one more
    step put 2 on the price: the note is now what the step adds, doublings and all."""
    screen = builder(kit, category, budget=99)
    if category == "monsters":
        step(screen, "a")
    if category == "treasure":
        step(screen, *go_to(screen, "fancy"), "right")
    step(screen, *go_to(screen, doubling), "right")
    checked = 0
    for field in screen.fields():
        if not field.note.startswith("+"):
            continue
        before = screen.model.cost(screen.draft)
        _, text = step(screen, *go_to(screen, field.key))
        assert f"{field.note}" in text  # the note on screen, beside its row
        step(screen, "right")
        assert screen.model.cost(screen.draft) - before == int(field.note[1:].split()[0]), field.label
        step(screen, "left")
        checked += 1
    assert checked >= 2


def help_read_in_columns(screen: BuilderScreen) -> str:
    """The builder's help at 120x40 (two columns), read column after column."""
    console = tcod.console.Console(120, 40, order="C")
    screen.open_help().on_draw(console)
    columns: list[list[str]] = [[], []]
    for row in console.ch:
        text = "".join(chr(c) for c in row)
        for found in re.finditer(r"\S+", text):
            columns[found.start() >= console.width // 2].append(found.group())
    return " ".join(" ".join(column) for column in columns)


def test_a_solo_builders_help_does_not_pass_the_keyboard_on(kit: Kit) -> None:
    """A solo player who builds (design = ask) read that after c "the keyboard goes to the next
    player. Nobody else sees what you bought": there is no other player; c goes back to the map."""
    session = make_session(seed=7, seats="human:Ann,ai,ai", dials=Dials(design="ask"))
    shown = help_read_in_columns(BuilderScreen(kit, session, Exit("done"), 0, "traps", 7, Plan(SPOTS)))
    assert "c confirms the room, once every point is spent and no rule is broken" in shown, shown
    assert "next player" not in shown and "Nobody else" not in shown, shown
    shown = help_read_in_columns(builder(kit, "traps", budget=7))
    assert "then the keyboard goes to the next player" in shown, shown


def test_an_unnamed_monsters_attack_type_is_not_promised_when_the_table_names_it(kit: Kit) -> None:
    """The builder showed "Attack Type claws" ("words only") for a monster left unnamed, and the
    table named it for a creature whose attack it took: the room held a fire-breather that struck
    from five tiles away. Unnamed, the row now says the Type is its creature's; named, the Type
    shown is the one the room holds."""
    session = at_hallway()
    game = session.game
    back = Secret()
    state: State = designer_screen(kit, session, back)
    shown: list[str] = []
    for _ in range(60):
        if state is back:
            break
        if isinstance(state, CategoryPickScreen):  # monsters, while they are left for the taking
            at = state.left.index("monsters") if "monsters" in state.left else 0
            state, _ = step(state, *["down"] * at, "enter")
        elif isinstance(state, BuilderScreen) and state.category == "monsters":
            _, text = step(state)
            shown.append(next(line for line in text.split("\n") if "Attack Type" in line).split("Attack Type")[1])
            state, _ = step(state, "enter", "f", "c", "Y")  # the draft bought as it stands, unnamed
        elif isinstance(state, BuilderScreen):
            state, _ = step(state, "f", "c", "Y")
        else:
            state, _ = step(state, "enter")
    assert state is back and shown, "no human seat built the monsters"
    first = game.hallway.last_design.monsters[0].monster  # the one bought from the draft
    said = shown[0].strip().split("  ")[0]
    assert said == "(its creature's)" or said == first.type, (said, first)


def test_the_builders_help_names_the_continue_command_as_it_was_typed(kit: Kit, monkeypatch) -> None:  # noqa: ANN001
    """Started as `masterless`, the builder's help sent the player to `python main.py continue`,
    a file that is not there for an installed game."""
    import sys

    monkeypatch.setattr(sys, "argv", ["/usr/local/bin/masterless", "play"])
    helped, _ = step(builder(kit, "traps"), "?")
    text = " ".join(" ".join(body for _, body in helped.topics).split())
    assert "`masterless continue` brings you back here" in text and "python main.py" not in text
    monkeypatch.setattr(sys, "argv", ["main.py", "play"])
    helped, _ = step(builder(kit, "traps"), "?")
    assert "`python main.py continue` brings you back here" in " ".join(" ".join(b for _, b in helped.topics).split())


def test_the_next_trap_is_drafted_on_a_spot_that_holds_none(kit: Kit) -> None:
    """Enter, Enter put two traps on the room's first spot (a door), both sprung by one opening,
    while the other spots stood bare. The next draft moves on to a spot with no trap yet, and
    stays on the last only once every spot holds one."""
    screen = builder(kit, "traps", budget=12)
    count = len(screen.spots())
    assert count >= 2, "a room of one spot: the case is not tested"
    for n in range(count):
        assert screen.draft.spot == n, (n, screen.draft.spot)
        step(screen, "enter")
    assert sorted(p.spot for p in screen.model.items) == list(range(count))
    assert screen.draft.spot == count - 1


def test_a_broken_rule_is_said_whole_in_the_draft_panel(kit: Kit) -> None:
    """"Breaks a rule: no trap of the catalogue deals cold damage (trap Types: arrows, crushing,..."
    was cut to two rows: the Types a trap may take, the point of the line, were lost."""
    from dataclasses import replace

    screen = builder(kit, "traps")
    screen.draft = replace(screen.draft, item=replace(screen.draft.item, type="cold"))
    from game.ui.fit import ELLIPSIS

    console = tcod.console.Console(80, 24, order="C")
    screen.on_draw(console)
    rows = ["".join(chr(c) for c in row) for row in console.ch]
    at = next(i for i, row in enumerate(rows) if "Breaks a rule" in row)
    column = rows[at].index("Breaks a rule")
    said = " ".join(row[column:].split("│")[0].strip() for row in rows[at:at + 4])
    assert said.startswith("Breaks a rule: no trap of the catalogue deals cold damage"), said
    assert "sonic, spikes)" in said and ELLIPSIS not in said, said
