"""The Hallway screen: the roll-off as it fell and what the designers bought, as the heroes know it."""

from __future__ import annotations

import contextlib
from dataclasses import replace
from pathlib import Path

import pytest
from screen_games import in_town, make_kit, make_session

from game.agents.autoplay import play
from game.agents.companion import ai_action
from game.core.dials import Dials
from game.core.seats import parse_seats
from game.designers.builds import encode_trap, encode_treasure
from game.designers.hallway import _rank
from game.engine import actions as A
from game.engine.dispatch import apply_action
from game.engine.game import Game
from game.engine.quests import all_quests, is_named
from game.engine.start import new_game
from game.rules.party import xp_to_be
from game.rules.purchases import Trap, Treasure
from game.ui.events import key
from game.ui.flow import Flow
from game.ui.kit import Kit
from game.ui.present.headless import run_headless
from game.ui.screens.designer_flow import designer_screen
from game.ui.screens.hallway_screen import HallwayScreen
from game.ui.screens.handover import HandOverScreen
from game.ui.screens.help import HelpScreen
from game.ui.screens.trait_choice import TraitChoiceScreen
from game.ui.session import Session
from game.ui.state import Exit, State
from game.world.components import HeroState

BACK = Exit("back")
LEGAL_BUILD = {  # a build of each category that spends the whole budget
    "traps": lambda budget: (encode_trap(Trap("fire", annoy=2, pain=budget - 1), 0),),
    "monsters": lambda budget: ((budget, "claws", "test brute", ()),),
    "treasure": lambda budget: (encode_treasure(Treasure(value=budget - 1), -1),),
}


@pytest.fixture
def kit(tmp_path: Path) -> Kit:
    return make_kit(tmp_path)


@pytest.fixture(scope="module")
def in_room() -> Session:
    session = make_session(seed=7)
    game = session.game
    play(game, 20)
    assert game.hallway.last_design is not None and game.hallway.last_design.rolloff is not None
    return session


def test_before_any_room_it_says_there_was_no_hallway(kit: Kit) -> None:
    session = make_session()
    _, screen = run_headless(HallwayScreen(kit, session, BACK), [])
    assert "No Hallway yet" in screen.text()


def test_every_seats_die_each_reroll_and_the_order_are_shown_in_seat_colours(kit: Kit, in_room: Session) -> None:
    game = in_room.game
    rolloff = game.hallway.last_design.rolloff
    _, screen = run_headless(HallwayScreen(kit, in_room, BACK), [])
    rows = screen.lines()
    roll_rows = [r for r in rows if r.strip().startswith(("Roll ", "Re-roll "))]
    assert len(roll_rows) == len(rolloff.rounds)
    for row, dice in zip(roll_rows, rolloff.rounds, strict=True):
        for seat, face in dice:
            assert f"{game.seats[seat].name} [{face}]" in row
    y = rows.index(roll_rows[0])
    seat, face = rolloff.rounds[0][0]
    x = rows[y].index(f"[{face}]")
    assert tuple(screen.console.fg[y, x]) == kit.palette.seat(seat)
    order = next(r for r in rows if r.strip().startswith("Order"))
    assert order.split("Order", 1)[1].strip() == ", ".join(game.seats[s].name for s in rolloff.order)
    for n, (category, seat) in enumerate(rolloff.picks, start=1):
        assert f"{n}. {game.seats[seat].name} takes {category.title()}" in screen.text()


def test_purchases_show_budgets_monster_names_and_trap_counts_but_hide_details(kit: Kit, in_room: Session) -> None:
    design = in_room.game.hallway.last_design
    _, screen = run_headless(HallwayScreen(kit, in_room, BACK), [], size=(120, 40))
    text = screen.text()
    assert f"budget {design.budgets.traps} (Party Max + Floor), all spent" in text
    assert f"budget {design.budgets.monsters} (Party Total + Floor), all spent" in text
    assert f"budget {design.budgets.treasure} (Party Min + Floor), all spent" in text
    for placed in design.monsters:
        assert placed.monster.name in text
    count = len(design.traps)
    assert f"{count} trap{'s' if count != 1 else ''}; what and where stays hidden" in text
    for placed in design.traps:
        assert placed.trap.name not in text and placed.trap.type not in text
    for placed in design.treasure:
        assert placed.item.name not in text


def test_it_scrolls_when_the_screen_is_short_and_goes_back(kit: Kit, in_room: Session) -> None:
    kit.apply(kit.options.with_changes(extra={"table_explained": True}))  # not the first Hallway ever
    state = HallwayScreen(kit, in_room, BACK)
    _, screen = run_headless(state, [key("pagedown")], size=(80, 24))
    assert state.offset == 0  # everything fits at 80x24: nothing to scroll
    assert "Treasure:" in screen.text()
    assert isinstance(state.on_event(key("?")), HelpScreen)
    assert state.on_event(key("escape")) == BACK
    assert state.on_event(key("enter")) == BACK


def test_a_solo_players_first_hallway_says_who_builds_the_rooms_once(kit: Kit, in_room: Session) -> None:
    game = in_room.game
    _, screen = run_headless(HallwayScreen(kit, in_room, BACK), [], size=(120, 40))
    text = " ".join(screen.text().split())
    assert "Who builds the rooms" in text
    assert "the AI builds your own seat's share for you" in text
    assert "still hunt your hero" in text and "it is not who struck" in text
    for seat in game.seats:
        assert seat.name in text
    again = Kit.load(kit.path)  # the options file remembers it was read
    _, screen = run_headless(HallwayScreen(again, in_room, BACK), [], size=(120, 40))
    assert "Who builds the rooms" not in screen.text()
    help_screen = HallwayScreen(again, in_room, BACK).on_event(key("?"))
    _, screen = run_headless(help_screen, [], size=(120, 40))
    assert "Who builds the rooms" in screen.text()


class Scripted:
    """Dice that fall as the test says (a roll-off that ties again and again)."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = faces

    def die(self, sides: int) -> int:
        return self.faces.pop(0)


@pytest.mark.parametrize(("first", "again", "tied_on"), [
    # the roll seen in play: seats 1 and 2 tie on 4, then on 6, 3, 1 and 2 before 2 against 6
    ({0: 2, 1: 4, 2: 4}, [6, 6, 3, 3, 1, 1, 2, 2, 2, 6], ["4", "6", "3", "1", "2"]),
    # three tie on 5; two of them again on 5; then the two tied for last place, on 2
    ({0: 5, 1: 5, 2: 5, 3: 2, 4: 2}, [5, 5, 1, 3, 6, 4, 1], ["5", "5", "2"]),
])
def test_each_reroll_says_the_face_its_seats_tied_on(kit: Kit, first: dict, again: list, tied_on: list) -> None:
    rounds: list = [tuple(first.items())]
    _rank(list(first), first, 6, Scripted(again), rounds)
    session = make_session(seed=7)
    play(session.game, 20)
    design = session.game.hallway.last_design
    session.game.hallway.last_design = replace(design, rolloff=replace(design.rolloff, rounds=tuple(rounds)))
    _, screen = run_headless(HallwayScreen(kit, session, BACK), [])
    rerolls = [r for r in screen.lines() if r.strip().startswith("Re-roll ")]
    assert [r.split("(tie on ", 1)[1].split(")")[0] for r in rerolls] == tied_on


def test_a_human_seats_pick_is_listed_once_in_the_roll_off_not_again_as_a_note(kit: Kit) -> None:
    """Hot-seat with design=ask: "Ann takes monsters." stood under "Ahead:" as well as "1. Ann takes Monsters"."""
    session = Session(new_game(4, parse_seats("human:Ann,human:Bob"), 2, Dials(design="ask")))
    game = session.game
    for _ in range(2000):
        pending = game.hallway.pending
        if game.stats.rooms_entered and pending is None:
            break
        seat, waiting = game.next_seat(), game.awaiting().kind
        if waiting == "category":
            apply_action(game, A.TakeCategory(seat, pending.waiting[2][0]))
        elif waiting == "build":
            _, _, category, budget, _plan = pending.waiting
            apply_action(game, A.BuildRoom(seat, category, LEGAL_BUILD[category](budget)))
        else:
            apply_action(game, ai_action(game))
    _, screen = run_headless(HallwayScreen(kit, session, BACK), [], size=(100, 40))
    picks = [row.strip() for row in screen.lines() if row.strip()[:2] in ("1.", "2.", "3.")]
    notes = [row.strip() for row in screen.lines() if row.strip().startswith(("Ann takes", "Bob takes"))]
    assert len(picks) == 3 and notes == [], screen.lines()


def at_a_human_designer(seed: int, seats: str) -> Session:
    """A hot-seat run (design = ask) walked by the AI until the Hallway waits for a human's
    category pick."""
    session = make_session(seed=seed, seats=seats, dials=Dials(design="ask"))
    game = session.game
    for _ in range(3000):
        if game.awaiting().kind == "category":
            return session
        apply_action(game, ai_action(game))
    raise AssertionError("no Hallway waited for a designer")


def test_the_hallways_hand_over_has_no_esc_back_and_esc_does_not_show_the_next_seats_screen(kit: Kit) -> None:
    """The Hallway's "Pass the keyboard" said "Esc back", but Esc went on like any key then: the
    wrong player pressing it opened the category pick meant for another."""
    session = at_a_human_designer(4, "human:Ann,human:Bob,ai")
    game = session.game
    state = designer_screen(kit, session, Exit("map"))
    assert isinstance(state, HandOverScreen)
    name = game.seats[game.hallway.pending.waiting[1]].name
    result, screen = run_headless(state, [key("escape")], size=(80, 24))
    assert result.interrupted and "take a category" not in screen.text()
    assert f"Nothing to go back to: the table waits for {name}." in screen.text()
    assert "Esc" not in screen.lines()[-1] and "Enter continue" in screen.lines()[-1]
    _, screen = run_headless(state, [key("?")], size=(80, 24))
    assert "Esc stays here" in " ".join(screen.text().split())
    _, screen = run_headless(state, [key("escape"), key("enter")], size=(80, 24))
    assert "The Hallway: take a category" in screen.text()


def room_with_quest_target(seed: int) -> Session:
    """A solo run walked (by the companion's choices) until a Hallway's monsters hold the quest's
    creature, bought from the Monsters seat's budget."""
    session = make_session(seed=seed)
    game = session.game
    for _ in range(400):
        design = game.hallway.last_design
        if design is not None and any(is_named(p.monster.name, n) for p in design.monsters for n in game.quest.names):
            return session
        apply_action(game, ai_action(game))
    raise AssertionError("no room held the quest's creature")


@pytest.mark.parametrize(("seed", "marked"), [(52, "Kobold Lord (the quest's)"),
                                             (13, "Kitten (the quest's: catch it)")])
def test_a_monster_the_quest_names_is_marked_among_the_rooms_purchases(kit: Kit, seed: int, marked: str) -> None:
    """The quest's creature is bought first from the Monsters budget: the Hallway says which it is."""
    session = room_with_quest_target(seed)
    _, screen = run_headless(HallwayScreen(kit, session, Exit("back")), [], size=(100, 40))
    assert marked in screen.text()


def test_the_category_pick_says_which_tie_each_reroll_settles(kit: Kit) -> None:
    """The pick showed "Re-roll  Player 2 [3]   Warden (AI) [4]" with no word of the tie, where the
    Hallway report after it says "(tie on 2)"."""
    session = at_a_human_designer(7, "human,human,ai")
    _, screen = run_headless(designer_screen(kit, session, Exit("map")), [key("enter")], size=(80, 24))
    reroll = next(ln for ln in screen.lines() if ln.startswith("   Re-roll"))
    assert reroll.rstrip().endswith("(tie on 2)"), reroll


def test_who_builds_the_rooms_tells_the_roll_off_truly_and_names_seats_in_one_bracket(kit: Kit) -> None:
    """It said each seat "rolls for one of the room's traps, monsters and treasure" (a seat may
    take several, or none: the roll-off goes round) and named "Swarm (AI) (an AI with a hero)"."""
    session = make_session(seed=7, seats="human,ai+hero,ai")
    _, screen = run_headless(HallwayScreen(kit, session, BACK).open_help(), [], size=(100, 60))
    text = " ".join(screen.text().split())
    assert "rolls for one of" not in text
    assert "rolls a die; from the highest, seats take the room's traps, monsters and treasure in turn" in text
    swarm, warden = session.game.seats[1].name, session.game.seats[2].name
    assert f"{swarm}, an AI with a hero; {warden}, an AI designer." in text
    assert ") (" not in text


def test_a_hallway_waiting_for_a_heros_growth_opens_no_designers_screen_until_it_is_chosen(kit: Kit) -> None:
    """The Hallway waits for a human hero's trait before its roll-off: the designers' hook must
    leave that wait to the trait choice (it read the wait as a build and failed on it)."""
    session = make_session(seed=4, seats="human:Ann,human:Bob,ai", dials=Dials(design="ask"))
    game = session.game
    game.world.comp(game.party.hero_of[1], HeroState).xp = xp_to_be(3)
    for _ in range(3000):
        if game.awaiting().kind == "trait":
            break
        apply_action(game, ai_action(game))
    assert game.hallway.pending is not None and game.awaiting().seat == 1
    assert designer_screen(kit, session, Exit("map")) is None
    apply_action(game, ai_action(game))  # Bob's player picks the trait
    assert game.awaiting().kind == "category"
    assert isinstance(designer_screen(kit, session, Exit("map")), HandOverScreen)


def test_the_help_says_what_the_screen_shows_of_the_rooms_purchases(kit: Kit, in_room: Session) -> None:
    """The screen names every monster bought and counts the traps, yet its help said the heroes
    "see the monsters when they meet them", as if the Hallway kept them hidden."""
    design = in_room.game.hallway.last_design
    _, screen = run_headless(HallwayScreen(kit, in_room, BACK), [], size=(120, 40))
    assert all(placed.monster.name in screen.text() for placed in design.monsters)
    _, shown = run_headless(HallwayScreen(kit, in_room, BACK).open_help(), [], size=(100, 60))
    text = " ".join(shown.text().split())
    assert "the name of every monster bought" in text and "how many traps there are" in text
    assert "see the monsters when they meet them" not in text


def test_the_help_lists_its_own_keys_not_the_maps(kit: Kit, in_room: Session) -> None:
    """Its help listed every map key ("Move north", "Search for traps") under its own "Keys"."""
    _, shown = run_headless(HallwayScreen(kit, in_room, BACK).open_help(), [], size=(100, 60))
    text = " ".join(shown.text().split())
    assert "Esc or Enter goes back" in text and "Help (this screen)" in text
    assert "Move north" not in text and "Search for traps" not in text


def test_titled_monster_names_are_told_apart_in_the_purchases(kit: Kit) -> None:
    """"2 monsters: Lurr, Bane of Heroes, Grim-Visaged Bone Archer" read as three monsters."""
    session = make_session(seed=7)
    game = session.game
    play(game, 20)
    design = game.hallway.last_design
    first = design.monsters[0]
    titled = replace(first, monster=replace(first.monster, name="Lurr, Bane of Heroes"))
    plain = replace(first, monster=replace(first.monster, name="Grim-Visaged Bone Archer"))
    game.hallway.last_design = replace(design, monsters=(titled, plain))
    _, screen = run_headless(HallwayScreen(kit, session, BACK), [], size=(120, 40))
    assert "2 monsters: Lurr, Bane of Heroes; Grim-Visaged Bone Archer" in screen.text()


def town_growths(kit: Kit) -> tuple[State, State]:
    """Ann and Bob's table in town with its quest done, so both heroes grow: the first screen the
    flow shows (Ann's key took the party into town, so her choice is hers at once) and, after she
    chooses, the next."""
    session = make_session(seed=5, seats="human:Ann,human:Bob,ai")
    game = session.game
    game.quest = next(q for q in all_quests() if q.goal == "reach_floor")
    game.stats.deepest_floor = game.quest.count
    in_town(session)
    assert game.phase == "town"
    flow = Flow(kit, session, lambda here: here)
    flow.played(0)
    first, _ = flow.next(BACK)
    run_headless(first, [key("enter")], kit=kit)
    second, _ = flow.next(BACK)
    return first, second


def test_in_a_hot_seat_town_each_heros_growth_comes_behind_a_hand_over_to_its_player(kit: Kit) -> None:
    """A quest paid in town makes every hero grow: Bob's choice came straight after Ann's, on the
    keyboard she held. It comes behind "Pass the keyboard to Bob" now."""
    first, second = town_growths(kit)
    assert isinstance(first, TraitChoiceScreen) and first.seat == 0
    assert isinstance(second, HandOverScreen) and second.seat_name == "Bob"
    _, shown = run_headless(second, [], kit=kit, size=(80, 24))
    assert "grows: Bob chooses how" in " ".join(shown.text().split())
    state = second.on_event(key("enter"))
    assert isinstance(state, TraitChoiceScreen) and state.seat == 1


def hallway_help(kit: Kit, session: Session) -> str:
    """The Hallway's help as the player reads it, every page."""
    help_screen = HallwayScreen(kit, session, BACK).on_event(key("?"))
    pages = []
    for down in range(4):
        _, screen = run_headless(help_screen, [key("pagedown")] * down, kit=kit, size=(80, 24))
        pages.append(" ".join(screen.text().split()))
    return " ".join(pages)


@pytest.mark.parametrize("design", ["auto", "ask"])
def test_at_a_hot_seat_table_who_builds_the_rooms_names_the_players_as_players(kit: Kit, design: str) -> None:
    """The Hallway's help at Ann and Bo's table said "Ann (you, with a hero); Bo, an AI with a
    hero" and "In solo play the AI builds your own seat's share": Bo is a player, not an AI, the
    table is not solo, and with design = ask each player builds their own share."""
    session = make_session(seed=3, seats="human:Ann,human:Bo,ai", dials=Dials(design=design))
    text = hallway_help(kit, session)
    assert "Who builds the rooms" in text, text
    assert "Bo, an AI" not in text and "In solo play" not in text and "(you," not in text, text
    assert "Ann, a player with a hero; Bo, a player with a hero;" in text, text
    if design == "ask":
        assert "a player who takes a category builds it in the room builder" in text, text
    else:
        assert "the AI builds each player's share for them" in text, text


def test_a_hot_seat_tables_first_hallway_says_who_builds_the_rooms_once(kit: Kit) -> None:
    """Only a solo player was told, unasked, who builds the rooms: a table of friends with the AI
    building their shares (the default) saw "built for them by the AI" in its first Hallway with
    no word of why. A solo player's reading does not count for a table of friends."""
    kit.apply(kit.options.with_changes(extra={"table_explained": True}))  # read once at a solo table
    session = make_session(seed=7, seats="human:Ann,human:Bo,ai")
    play(session.game, 20)
    assert session.game.hallway.last_design is not None
    _, screen = run_headless(HallwayScreen(kit, session, BACK), [], size=(120, 40))
    text = " ".join(screen.text().split())
    assert "Who builds the rooms" in text and "the AI builds each player's share for them" in text, text
    assert "Ann, a player with a hero; Bo, a player with a hero;" in text, text
    again = Kit.load(kit.path)
    _, screen = run_headless(HallwayScreen(again, session, BACK), [], size=(120, 40))
    assert "Who builds the rooms" not in screen.text()


def test_a_solo_player_who_builds_is_not_told_the_ai_builds_for_them(kit: Kit) -> None:
    session = make_session(seed=3, seats="human:Ann,ai,ai", dials=Dials(design="ask"))
    text = hallway_help(kit, session)
    assert "Who builds the rooms" in text and "Ann (you, with a hero)" in text, text
    assert "the AI builds your own seat's share" not in text, text
    assert "You build the share your seat takes in the room builder, every point of it." in text, text


def test_a_hand_over_in_town_does_not_say_it_is_the_hallway(kit: Kit) -> None:
    """The hand-over to Bob's growth in town explained Esc with "In the Hallway there is no screen
    before": the party was in town."""
    _, second = town_growths(kit)
    assert isinstance(second, HandOverScreen)
    _, shown = run_headless(second.on_event(key("?")), [], kit=kit, size=(120, 40))
    said = " ".join(shown.text().split())
    assert "Passing the keyboard" in said and "Esc stays here" in said, said
    assert "Hallway" not in said, said


def first_stair_as_party_min_falls() -> Session:
    """The first run (of seeds 1-9, all AI) to reach a Hallway that owes a stair down while the
    Party Min its budgets are bought from fell: a hero died and its seat's newcomer joined lower."""
    for seed in range(1, 10):
        game, designs = to_first_stair(seed)
        if len(designs) > 1 and designs[-1].downward_stair is not None:
            before, now = designs[-2], designs[-1]
            if now.budgets.treasure - now.floor < before.budgets.treasure - before.floor:
                return Session(game)
    raise AssertionError("no Hallway owed a stair down as Party Min fell in seeds 1-9")


def to_first_stair(seed: int) -> tuple[Game, list]:
    """An AI run played to the first Hallway after the first that owes a stair down (or 800
    turns), with every room's design on the way."""
    game = new_game(seed, parse_seats("ai+hero,ai+hero,ai"), 2, Dials())
    designs: list = []

    def watch(game: Game, action: object) -> None:
        design = game.hallway.last_design
        if design is not None and (not designs or designs[-1] is not design):
            designs.append(design)
            if len(designs) > 1 and design.downward_stair is not None:
                raise StopIteration

    with contextlib.suppress(StopIteration):  # stopped at the Hallway looked for
        play(game, 800, on_action=watch)
    return game, designs


def test_a_stair_owed_as_party_min_falls_is_not_said_to_come_of_party_min_rising(kit: Kit) -> None:
    """A dead hero's seat sends a newcomer at Level max(1, Floor - 1), and the stair down is owed
    when the heroes who were there rose (the newcomer left out: `party_min_rose`). The Hallway
    said "Party Min rose" beside a Treasure budget bought from a Party Min that had just fallen."""
    session = first_stair_as_party_min_falls()
    _, screen = run_headless(HallwayScreen(kit, session, BACK), [], size=(120, 60))
    text = " ".join(screen.text().split())
    assert "a stair down waits in this room" in text, text
    assert "Party Min rose:" not in text, text
    assert "The lowest Level among the heroes who were here before rose: a stair down waits" in text, text
    assert "Who builds the rooms" not in text, text  # nobody plays this table: no "you" to tell


def test_the_room_ahead_is_numbered_over_the_run_and_says_so(kit: Kit) -> None:
    """"(Floor 2, room 4)" read as the fourth room of Floor 2 when it was the run's fourth and the
    second on that floor: a run that began on Floor 2 and went down keeps counting."""
    session = first_stair_as_party_min_falls()
    design = session.game.hallway.last_design
    _, screen = run_headless(HallwayScreen(kit, session, BACK), [], size=(120, 60))
    text = " ".join(screen.text().split())
    assert f"(Floor {design.floor}, room {design.room} of the run)" in text, text
    assert design.room == len(session.game.stats.rooms), session.game.stats.rooms  # the run's count
