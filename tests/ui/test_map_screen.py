"""The map screen, played headless: every key of the keymap's game context does what help says,
travel stops when it should, look mode describes what is there, and the layout fits any size."""

from __future__ import annotations

from pathlib import Path

import pytest
import tcod.console

from game.core.seats import parse_seats
from game.engine import actions as A
from game.engine.start import new_game
from game.mapgen.tiles import Tile
from game.rules.purchases import Trap, Treasure
from game.ui.auto_travel import visible_monsters
from game.ui.events import KeyEvent, PasteEvent, key
from game.ui.kit import Kit
from game.ui.map_layout import compute_layout
from game.ui.options import Options
from game.ui.present.headless import run_headless
from game.ui.screens.dialog import ConfirmDialog
from game.ui.screens.map_screen import MapScreen, first_screen
from game.ui.session import Session
from game.ui.state import Exit
from game.world.components import HeroState, Named, Position, TrapState, TreasureState


def make_kit(tmp_path: Path, **options: object) -> Kit:
    return Kit.from_options(Options(**options), tmp_path / "options.toml")  # type: ignore[arg-type]


def new_map(tmp_path: Path, seed: int = 7, seats: str = "human,ai,ai", **options: object) -> MapScreen:
    session = Session(new_game(seed, parse_seats(seats), 2))
    screen = first_screen(make_kit(tmp_path, **options), session)
    assert isinstance(screen, MapScreen)
    return screen


def press(state, *keys: str):  # noqa: ANN001, ANN201 - any State
    for name in keys:
        nxt = state.on_event(key(name))
        if nxt is not None:
            state = nxt
        while getattr(state, "tick_delay", lambda: None)() is not None:
            nxt = state.on_tick()
            if nxt is not None:
                state = nxt
    return state


def hero_pos(screen: MapScreen) -> tuple[int, int]:
    pos = screen.game.position(screen.hero())
    return pos.x, pos.y


def free_step(screen: MapScreen) -> tuple[str, int, int]:
    """A movement key whose step lands on plain floor."""
    game = screen.game
    x, y = hero_pos(screen)
    for name, (dx, dy) in (("l", (1, 0)), ("h", (-1, 0)), ("k", (0, -1)), ("j", (0, 1))):
        if int(game.floor.tile[y + dy, x + dx]) == Tile.FLOOR and game.creature_at(x + dx, y + dy) is None:
            return name, x + dx, y + dy
    raise AssertionError("no free floor next to the hero")


def wall_step(screen: MapScreen) -> str | None:
    game = screen.game
    x, y = hero_pos(screen)
    for name, (dx, dy) in (("l", (1, 0)), ("h", (-1, 0)), ("k", (0, -1)), ("j", (0, 1)), ("y", (-1, -1)),
                           ("u", (1, -1)), ("b", (-1, 1)), ("n", (1, 1))):
        if int(game.floor.tile[y + dy, x + dx]) == Tile.WALL:
            return name
    return None


def add_known_trap(screen: MapScreen, x: int, y: int) -> int:
    game = screen.game
    trap = TrapState(Trap("fire", 2, 1, name="Test Plate"), 2, 1, game.floor.cell_of(x, y), "walk", "floor",
                     found_by={screen.hero()})
    return game.world.create(trap, Position(x, y, game.dungeon.floor_no))


# ----- layout -------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40), (200, 60), (300, 90)])
@pytest.mark.parametrize("banner", [False, True])
def test_layout_fills_the_screen_without_overlaps(size: tuple[int, int], banner: bool) -> None:
    w, h = size
    lay = compute_layout(w, h, banner, roll_rows=4)
    rects = [lay.banner, lay.map, lay.rolls, lay.sidebar, lay.log, (0, lay.hint_y, w, 1)]
    cells = set()
    for x, y, rw, rh in rects:
        assert x >= 0 and y >= 0 and x + rw <= w and y + rh <= h
        for yy in range(y, y + rh):
            for xx in range(x, x + rw):
                assert (xx, yy) not in cells
                cells.add((xx, yy))
    assert lay.map[2] >= 50 and lay.map[3] >= 12  # a real view even at 80x24
    assert lay.log[3] >= 3 and lay.sidebar[2] >= 24


def test_map_uses_the_whole_screen_when_larger(tmp_path: Path) -> None:
    small = compute_layout(80, 24, False, 0)
    big = compute_layout(200, 60, False, 0)
    assert big.map[2] > 2 * small.map[2] and big.map[3] > 2 * small.map[3]
    assert big.log[2] == 198


# ----- moving and acting ----------------------------------------------------------------------------
def test_a_movement_key_moves_the_hero_and_takes_a_turn(tmp_path: Path) -> None:
    screen = new_map(tmp_path)
    name, x, y = free_step(screen)
    turn = screen.game.turn
    press(screen, name)
    assert hero_pos(screen) == (x, y)
    assert screen.game.turn == turn + 1


def test_walking_into_a_wall_costs_no_turn(tmp_path: Path) -> None:
    screen = new_map(tmp_path)
    name = wall_step(screen)
    if name is None:
        pytest.skip("no wall next to the start")
    turn = screen.game.turn
    press(screen, name)
    assert screen.game.turn == turn


def test_wait_search_and_pick_up_are_actions(tmp_path: Path) -> None:
    screen = new_map(tmp_path)
    turn = screen.game.turn
    press(screen, ".")
    assert screen.game.turn == turn + 1
    press(screen, "s")
    assert screen.game.turn == turn + 2
    assert "search" in screen.game.log[-1].text
    logged = len(screen.game.log)
    press(screen, "g")
    assert screen.game.turn == turn + 2 and len(screen.game.log) == logged
    assert screen.notice == "There is nothing here to take."


def test_nothing_to_take_passes_as_a_notice_and_stays_out_of_the_log(tmp_path: Path) -> None:
    """A pick-up with nothing in reach changes nothing: its reason shows once, as a wall's does,
    and is gone with the next key (it went into the log, where it stayed on the screen)."""
    screen = new_map(tmp_path)
    name = wall_step(screen)
    if name is None:
        pytest.skip("no wall next to the start")
    _, taking = run_headless(screen, [key("g")], kit=screen.kit)
    assert taking.find("There is nothing here to take.") is not None
    _, after = run_headless(screen, [key(name), key("g"), key(".")], kit=screen.kit)
    assert after.find("There is nothing here to take.") is None
    assert after.find("A wall is in the way.") is None
    assert not any("nothing here to take" in line.text for line in screen.game.log)


def test_disarm_without_a_known_trap_says_how_to_find_one(tmp_path: Path) -> None:
    screen = new_map(tmp_path)
    press(screen, "D")
    assert "no trap" in screen.notice and "s searches" in screen.notice


def test_disarm_one_known_trap_at_once_and_ask_which_of_two(tmp_path: Path) -> None:
    screen = new_map(tmp_path)
    _, x, y = free_step(screen)
    trap = add_known_trap(screen, x, y)
    press(screen, "D")
    assert screen.game.turn == 1 and screen.prompt is None
    state = screen.game.world.comp(trap, TrapState)
    assert state.disarmed or state.sprung or "disarm" in " ".join(line.text for line in screen.game.log[-3:])

    screen = new_map(tmp_path)
    hx, hy = hero_pos(screen)
    spots = [(hx + dx, hy + dy) for dx, dy in ((1, 0), (-1, 0), (0, -1), (0, 1))
             if screen.game.floor.walkable[hy + dy, hx + dx]][:2]
    for sx, sy in spots:
        add_known_trap(screen, sx, sy)
    press(screen, "D")
    assert screen.prompt is not None and "Disarm which" in screen.prompt.question
    press(screen, "escape")
    assert screen.prompt is None and screen.game.turn == 0
    press(screen, "D")
    dx, dy = spots[1][0] - hx, spots[1][1] - hy
    press(screen, {(1, 0): "l", (-1, 0): "h", (0, -1): "k", (0, 1): "j"}[(dx, dy)])
    assert screen.prompt is None and screen.game.turn == 1


def test_disarm_tries_a_door_known_to_be_trapped_and_look_tells_what_it_asks(tmp_path: Path) -> None:
    """A door whose Traps test failed: the log told of its trap, yet D said "You know of no trap
    within reach" and look called it only "A closed door"."""
    from game.engine.doors import test_dice
    from game.ui.describe import things_at
    from game.world.components import DoorState

    screen = new_map(tmp_path)
    game = screen.game
    _, x, y = free_step(screen)
    game.floor.set_tile(x, y, Tile.DOOR)
    door = DoorState("trapped", 2, game.floor.cell_of(x, y), "n", False, True, False)
    game.world.create(door, Position(x, y, game.dungeon.floor_no))
    assert things_at(game, x, y)[-1] == "A closed door (walk into it or open it)."  # untried: a door like any other
    press(screen, "D")
    assert "no trap" in screen.notice and game.turn == 0
    door.failed = 1
    dice = test_dice(game, door)
    assert things_at(game, x, y)[-1] == (f"A trapped door: a Traps test against {dice} dice; a failed try deals "
                                         "3 Pain dice. Walk into it or open it to try again.")
    rolls = len(game.rolls)
    press(screen, "D")
    assert game.turn == 1 and game.rolls[rolls].title == "the door (Traps)"
    assert len(game.rolls[rolls].pools[0].dice) == dice


def test_a_try_at_a_door_that_could_slay_the_hero_asks_first(tmp_path: Path) -> None:
    """D (or a step) at a trapped door with the hero at 1 Hit ended the run at once, "slain by the
    door's trap", where x refuses that try for its peril: a key pressed there now asks first."""
    from game.world.components import DoorState

    screen = new_map(tmp_path)
    game = screen.game
    name, x, y = free_step(screen)
    game.floor.set_tile(x, y, Tile.DOOR)
    door = DoorState("trapped", 2, game.floor.cell_of(x, y), "n", False, True, False, failed=1)
    game.world.create(door, Position(x, y, game.dungeon.floor_no))
    game.world.comp(screen.hero(), HeroState).hits = 3  # the door's 3 Pain dice could take them all
    for keys in (["D"], [name]):
        state = screen.on_event(KeyEvent(keys[0]))
        assert isinstance(state, ConfirmDialog) and game.turn == 0
        assert state.question == (f"A failed try at this door deals up to 3 Pain dice, and {game.name(screen.hero())} "
                                  "has 3 Hits left: it could be the end of them. Try it anyway?")
    rolls = len(game.rolls)
    run_headless(state, [key("Y")], kit=screen.kit)
    assert game.turn == 1 and game.rolls[rolls].title == "the door (Traps)"


def test_open_a_door_next_to_the_hero(tmp_path: Path) -> None:
    screen = new_map(tmp_path)
    _, x, y = free_step(screen)
    screen.game.floor.set_tile(x, y, Tile.DOOR)
    press(screen, "o")
    assert int(screen.game.floor.tile[y, x]) == Tile.DOOR_OPEN
    assert "opens the door" in screen.game.log[-1].text


def furniture_step(screen: MapScreen, tile: Tile) -> tuple[str, int, int]:
    """A movement key whose step is into `tile`, set on free floor beside the hero."""
    name, x, y = free_step(screen)
    screen.game.floor.set_tile(x, y, tile)
    return name, x, y


def test_walking_into_furniture_searches_it_once_then_costs_no_turn(tmp_path: Path) -> None:
    screen = new_map(tmp_path)
    game = screen.game
    name, x, y = furniture_step(screen, Tile.CRATE)
    ring = game.world.create(TreasureState(Treasure(value=2), 2, 0, None, host="crate", hidden=True),
                             Position(x, y, game.dungeon.floor_no), Named("Copper Ring"))
    turn = game.turn
    press(screen, name)  # the first bump searches it: a turn, and what lay hidden is out
    assert game.turn == turn + 1
    assert not game.world.comp(ring, TreasureState).hidden
    assert "Copper Ring" in game.log[-1].text
    said = len(game.log)
    press(screen, name)  # again: nothing new to find, so no turn, and the line says what is left
    assert (game.turn, len(game.log)) == (turn + 1, said)
    assert screen.notice == ("The crate has been searched already: Copper Ring lies in it "
                             "(g takes what is within reach).")
    game.world.create(TreasureState(Treasure(value=1), 1, 0, None, host="crate"),
                      Position(x, y, game.dungeon.floor_no), Named("Tin Cup"))
    press(screen, name)
    assert game.turn == turn + 1
    assert screen.notice.startswith("The crate has been searched already: Copper Ring and 1 more thing lie in it")
    for item in [e for e, (_, p) in game.world.get2(TreasureState, Position) if (p.x, p.y) == (x, y)]:
        game.world.delete(item)
    press(screen, name)
    assert screen.notice == "The crate has been searched already; nothing more is in it (o searches it again)."
    press(screen, "o")  # searching it on purpose still works it, and takes the turn
    assert game.turn == turn + 2
    assert game.log[-1].text.endswith("finds nothing more in the crate.")


def test_walking_into_a_lever_pulled_already_costs_no_turn(tmp_path: Path) -> None:
    screen = new_map(tmp_path)
    game = screen.game
    name, _, _ = furniture_step(screen, Tile.LEVER)
    turn = game.turn
    press(screen, name)
    assert game.turn == turn + 1
    press(screen, name)
    assert game.turn == turn + 1
    assert screen.notice == "The lever has been worked already; nothing more comes of it (o works it again)."


def test_nothing_to_use_says_so(tmp_path: Path) -> None:
    screen = new_map(tmp_path)
    press(screen, "o")
    assert screen.notice == "There is nothing here to open or use." or screen.game.turn == 1


def test_descend_needs_a_stair_and_asks_when_a_friend_is_far_behind(tmp_path: Path) -> None:
    screen = new_map(tmp_path, seats="human,ai+hero,ai")
    press(screen, ">")
    assert "no stair down here" in screen.notice
    game = screen.game
    x, y = hero_pos(screen)
    game.floor.set_tile(x, y, Tile.STAIR_DOWN)
    friend = next(e for e, h in game.heroes() if e != screen.hero())
    fpos = game.position(friend)
    fpos.x, fpos.y = x - 12, y
    dialog = screen.on_event(key(">"))
    assert isinstance(dialog, ConfirmDialog) and "far behind" in dialog.question
    press(dialog, "Y")
    assert game.dungeon.floor_no == 3


def test_head_back_asks_first_then_the_party_turns_for_town(tmp_path: Path) -> None:
    screen = new_map(tmp_path)
    name, _, _ = free_step(screen)
    press(screen, name)  # off the entrance stair
    dialog = screen.on_event(key("<"))
    assert isinstance(dialog, ConfirmDialog) and "Head back" in dialog.title
    assert dialog.on_event(key("N")) is screen and not screen.game.party.returning
    press(screen.on_event(key("<")), "Y")
    assert screen.game.party.returning
    assert "T travels" in screen.notice


def test_climbing_out_at_the_entrance_goes_to_town(tmp_path: Path) -> None:
    screen = new_map(tmp_path)  # the party starts on the entrance stair
    dialog = screen.on_event(key("<"))
    assert isinstance(dialog, ConfirmDialog) and "town" in dialog.question
    state = press(dialog, "Y")
    assert screen.game.phase == "town"
    assert "Town" in type(state).__name__


def test_spend_story_point_and_roll_panel_keys(tmp_path: Path) -> None:
    screen = new_map(tmp_path)
    hero = screen.game.world.comp(screen.hero(), HeroState)
    hero.story_points = 1
    press(screen, "p")
    assert "spends a story point" in screen.game.log[-1].text
    modes = []
    for _ in range(3):
        press(screen, "r")
        modes.append(screen.roll_mode)
    assert modes == ["expanded", "hidden", "auto"]


def test_a_story_point_refused_passes_as_a_notice_and_stays_out_of_the_log(tmp_path: Path) -> None:
    """With none to spend, or one already in play, the key changes nothing: the reason shows once
    where the player looks and is gone with the next key (it went into the log and stayed)."""
    screen = new_map(tmp_path)
    hero = screen.game.world.comp(screen.hero(), HeroState)
    hero.story_points = 0
    logged = len(screen.game.log)
    _, shown = run_headless(screen, [key("p")], kit=screen.kit)
    assert shown.find("No story point to spend.") is not None
    hero.story_points = 2
    _, shown = run_headless(screen, [key("p"), key("p")], kit=screen.kit)
    assert shown.find("A story point is already in play.") is not None
    _, after = run_headless(screen, [key(".")], kit=screen.kit)
    assert after.find("No story point to spend.") is None and after.find("already in play") is None
    assert [line.text for line in screen.game.log[logged:]][:1] == [
        f"{screen.game.name(screen.hero())} spends a story point: +2 dice on the next roll."]
    assert not any("No story point" in line.text or "already in play" in line.text for line in screen.game.log)


def test_an_unbound_key_says_where_help_is(tmp_path: Path) -> None:
    screen = new_map(tmp_path)
    press(screen, "Z")
    assert "does nothing" in screen.notice and "?" in screen.notice


def test_help_options_and_other_screens_open_and_come_back(tmp_path: Path) -> None:
    screen = new_map(tmp_path)
    for name in ("?", "O", "i", "c", "m"):
        other = screen.on_event(key(name))
        assert other is not None and other is not screen
        assert press(other, "escape") is screen, name


# ----- quitting -------------------------------------------------------------------------------------
def test_quit_asks_save_or_abandon(tmp_path: Path) -> None:
    screen = new_map(tmp_path)
    result, presenter = run_headless(screen, [key("S"), key("s")], kit=screen.kit)
    assert result == Exit("saved")
    screen = new_map(tmp_path)
    result, _ = run_headless(screen, [key("Q"), key("a"), key("Y")], kit=screen.kit)
    assert result == Exit("abandoned")
    screen = new_map(tmp_path)
    result, presenter = run_headless(screen, [key("Q"), key("k")], kit=screen.kit)
    assert result.interrupted  # still playing when the script ran out
    assert presenter.find("Pim Mossback") is not None


# ----- travel -------------------------------------------------------------------------------------
def test_autoexplore_walks_until_a_monster_comes_into_view(tmp_path: Path) -> None:
    screen = new_map(tmp_path)
    state = screen
    for _ in range(40):
        state = press(state, "x" if state is screen else "escape")
        if state is screen and visible_monsters(screen.game):
            break
    assert visible_monsters(screen.game), "explored the whole floor without meeting a monster"
    assert screen.travel is None
    turn = screen.game.turn
    press(screen, "x")
    assert screen.notice.startswith("Not with ") and screen.game.turn == turn


def test_any_key_stops_travel_without_acting(tmp_path: Path) -> None:
    screen = new_map(tmp_path)
    screen.on_event(key("x"))  # one step taken at once, the rest one per frame
    assert screen.travel is not None and screen.tick_delay() is not None
    turn = screen.game.turn
    screen.on_event(key("l"))
    assert screen.travel is None and screen.notice == "You stop." and screen.game.turn == turn


def test_travel_to_stairs_needs_a_known_stair(tmp_path: Path) -> None:
    screen = new_map(tmp_path)
    press(screen, "t")
    assert "no stair down" in screen.notice
    press(screen, "T")  # on the stair up already: the notice says which ("standing on it" named nothing)
    assert screen.notice == "You are already on the stair up (< climbs it)."


def test_travel_to_the_entrance_walks_back_to_the_stair_up(tmp_path: Path) -> None:
    screen = new_map(tmp_path)
    start = hero_pos(screen)
    for _ in range(3):
        name, _, _ = free_step(screen)
        press(screen, name)
    assert hero_pos(screen) != start
    press(screen, "T")
    assert hero_pos(screen) == start and "reach the stair up" in screen.notice


# ----- look mode ------------------------------------------------------------------------------------
def test_look_mode_describes_the_tile_and_finds_things_by_name(tmp_path: Path) -> None:
    screen = new_map(tmp_path)
    result, presenter = run_headless(screen, [key(";")], kit=screen.kit)
    text = presenter.text()
    assert "Pim Mossback, Level 2" in text  # the looked-at hero, as plain text
    hx, hy = hero_pos(screen)
    sx, sy = screen.camera.to_screen(hx, hy, 0, screen.layout.map[1])
    assert presenter.cursor == (sx, sy)  # the real cursor rests on the looked-at tile
    result, presenter = run_headless(screen, [key(";"), key("l"), key("l")], kit=screen.kit)
    assert presenter.cursor == (sx + 2, sy)
    look = screen.on_event(key(";"))
    for name in ("/", "p", "i", "m", "enter"):
        look.on_event(key(name))
    assert (look.x, look.y) == (hx, hy)
    assert press(look, "escape") is screen


def test_look_tab_jumps_to_a_monster_in_view(tmp_path: Path) -> None:
    screen = new_map(tmp_path)
    state = screen
    for _ in range(40):
        state = press(state, "x" if state is screen else "escape")
        if state is screen and visible_monsters(screen.game):
            break
    monster = visible_monsters(screen.game)[0]
    look = screen.on_event(key(";"))
    console = tcod.console.Console(120, 40, order="C")
    for _ in range(10):
        look.on_event(key("tab"))
        mpos = screen.game.position(monster)
        if (look.x, look.y) == (mpos.x, mpos.y):
            break
    look.on_draw(console)
    text = "\n".join("".join(chr(c) for c in row) for row in console.ch)
    assert screen.game.name(monster) in text and "Hits left" in text



def test_look_finds_the_rooms_pile_of_bones_by_name_and_by_tab(tmp_path: Path) -> None:
    """The pile every room has is searched like furniture, yet "/ bones" said "Nothing called
    "bones" in view" with it in plain sight, and Tab never stopped on it."""
    screen = new_map(tmp_path)  # seed 7: the first room's pile of old bones is in view at once
    keys = [key(";"), key("/"), *(key(c) for c in "bones"), key("enter")]
    _, presenter = run_headless(screen, keys, kit=screen.kit)
    text = presenter.text()
    assert "Nothing called" not in text and "A pile of old bones" in text
    look = screen.on_event(key(";"))
    spots = {look.on_event(key("tab")) or (look.x, look.y) for _ in range(10)}
    assert any(screen.game.floor.tile[y, x] == Tile.DEBRIS for x, y in spots)


@pytest.mark.parametrize(("theme", "tile", "said"), [
    ("forest", Tile.GRATE, "A badger sett"), ("forest", Tile.STATUE, "A moss-grown idol"),
    ("caverns", Tile.FOUNTAIN, "A spring pool"), ("catacombs", Tile.GRATE, "A grate"),
])
def test_look_names_furniture_as_the_log_does_in_the_floors_theme(tmp_path: Path, theme: str, tile: Tile,
                                                                  said: str) -> None:
    """In the forest the log said "searches the badger sett" while look said "a grate"."""
    from game.core.dials import Dials

    session = Session(new_game(7, parse_seats("human,ai,ai"), 2, Dials(theme=theme)))
    screen = first_screen(make_kit(tmp_path), session)
    hx, hy = hero_pos(screen)
    x, y = next((hx + dx, hy) for dx in (1, -1, 2, -2) if session.game.floor.walkable[hy, hx + dx])
    session.game.floor.tile[y, x] = tile
    look = screen.on_event(key(";"))
    for _ in range(x - hx if x > hx else hx - x):
        look.on_event(key("l" if x > hx else "h"))
    _, presenter = run_headless(look, [], kit=screen.kit)
    assert said in presenter.text()


def test_a_log_lines_credit_is_never_split_across_rows_at_80_columns(tmp_path: Path) -> None:
    """"...deals Rook the Patient 1 damage. ~" then "Player 1" on a row of its own: the credit
    broke at its space and read as a line by itself. It now stays whole beside the last word."""
    screen = new_map(tmp_path)
    game = screen.game
    line = "Jorvath the Unvanquished's venom bite deals Rook the Patient 1 damage."
    game.say(line, "combat", narrator=0)
    _, presenter = run_headless(screen, [], kit=screen.kit)
    credit = f"~ {game.seats[0].name}"
    rows = presenter.lines()
    assert any(row.rstrip().endswith(credit) for row in rows), rows[-6:]
    assert not any(row.strip() == game.seats[0].name for row in rows), rows[-6:]


def test_look_says_every_thing_on_a_crowded_tile_at_80_columns(tmp_path: Path) -> None:
    """A monster on a pile of bones with a known trap and two items under it: at 80x24 the look
    text has more rows than the log's five, and the last of them (the bones) was dropped unsaid.
    It now takes rows above the log."""
    import numpy as np

    from game.engine.spawning import make_treasure_entity
    from game.rules.costs import monster_cost, monster_hits
    from game.rules.purchases import Monster, Treasure
    from game.ui import draw
    from game.ui.describe import things_at
    from game.world.components import Glyph, MonsterState, Named

    screen = new_map(tmp_path)
    game = screen.game
    ys, xs = np.nonzero(game.floor.tile == Tile.DEBRIS)
    x, y = int(xs[0]), int(ys[0])
    name = "Wendigast, Guardian of the Way"
    spec = Monster(level=2, name=name)
    game.world.create(MonsterState(spec, monster_cost(spec), monster_hits(2), 1, game.floor.cell_of(x, y)),
                      Position(x, y, game.dungeon.floor_no), Named(name), Glyph("w", (200, 0, 0), 1))
    for item in ("Gleaming Salve of Claw-Dodging", "Forgotten Opal Earring"):
        make_treasure_entity(game, Treasure(name=item), item, 1, Position(x, y, game.dungeon.floor_no))
    add_known_trap(screen, x, y)
    look = screen.on_event(key(";"))
    look.x, look.y = x, y
    _, shot = run_headless(look, [], kit=screen.kit)
    text = " ".join(" ".join(shot.lines()).split())
    sentences = things_at(game, x, y)
    assert sum(len(draw.wrap(sentence, 78)) for sentence in sentences) > 5  # more than the log's rows hold
    for sentence in sentences:
        assert sentence in text, sentence

def test_look_at_the_quests_object_says_what_taking_it_says(tmp_path: Path) -> None:
    """Look said "the object of the quest (...), worth 0 in town." (a small letter first, and a
    trade value) where taking it says it is "what the quest is after, not for trading"; an item
    named with a small letter ("a healer's draught") began its sentence with one too."""
    from game.engine.room_entry import place_objective
    from game.engine.spawning import make_treasure_entity
    from game.rules.purchases import Treasure
    from game.world.components import TreasureState

    screen = new_map(tmp_path)
    game = screen.game
    _, x, y = free_step(screen)
    place_objective(game, game.floor.cell_of(*hero_pos(screen)))
    quest_object = next(e for e, t in game.world.get(TreasureState) if t.objective)
    moved = game.position(quest_object)
    moved.x, moved.y = x, y
    make_treasure_entity(game, Treasure(heal=2, name="a healer's draught"), "a healer's draught", 1,
                         Position(x, y, game.dungeon.floor_no))
    look = screen.on_event(key(";"))
    look.x, look.y = x, y
    _, shot = run_headless(look, [], kit=screen.kit)
    text = " ".join(" ".join(shot.lines()).split())
    assert f"The object of the quest ({game.quest.name}): what the quest is after, not for trading." in text, text
    assert "worth 0 in town" not in text, text
    assert "A healer's draught, worth " in text, text


# ----- the end, town, hot-seat ----------------------------------------------------------------------
def test_a_wiped_party_ends_the_run(tmp_path: Path) -> None:
    from game.engine.fates import wipe

    screen = new_map(tmp_path)
    wipe(screen.game)
    result, presenter = run_headless(screen, [key("enter")], kit=screen.kit)
    assert result == Exit("over")


def test_town_opens_when_the_party_gets_there(tmp_path: Path) -> None:
    from game.engine.town import arrive_in_town

    screen = new_map(tmp_path)
    arrive_in_town(screen.game)
    state = press(screen.on_event(key(".")) or screen)
    assert "Town" in type(state).__name__


def test_hot_seat_banner_names_whose_turn_it_is(tmp_path: Path) -> None:
    screen = new_map(tmp_path, seats="human,human,ai")
    _, presenter = run_headless(screen, [], kit=screen.kit)
    first = presenter.lines()[0]
    assert "Player 1's turn" in first
    name, _, _ = free_step(screen)
    _, presenter = run_headless(screen, [key(name)], kit=screen.kit)
    assert "Player 2's turn" in presenter.lines()[0]
    hero = screen.game.world.comp(screen.hero(), HeroState)
    assert hero.seat == 1


def test_companions_play_on_while_no_human_hero_can_act(tmp_path: Path) -> None:
    screen = new_map(tmp_path, seats="human,ai+hero,ai")
    game = screen.game
    human = game.party.hero_of[0]
    game.world.comp(human, HeroState).hits = 0
    game.party.queue = [s for s in game.party.queue if s != 0]
    if not game.party.queue:
        game.party.queue = [1]
    assert screen.seat() is None and screen.tick_delay() is not None
    turn = game.turn
    screen.on_tick()
    assert game.turn > turn or game.phase != "dungeon"


def test_first_frame_hint_tells_a_new_player_what_to_press(tmp_path: Path) -> None:
    screen = new_map(tmp_path)
    _, presenter = run_headless(screen, [], kit=screen.kit)
    assert "x explores" in presenter.lines()[-1] and "? shows every key" in presenter.lines()[-1]
    _, presenter = run_headless(screen, [key(".")], kit=screen.kit)
    last = presenter.lines()[-1]
    assert "move" in last and "? help" in last and "x explore" in last


def test_every_game_key_is_handled(tmp_path: Path) -> None:
    """No key of the game context falls through to "not possible here"."""
    from game.ui.keymap import ACTIONS

    for action in ACTIONS:
        if action.context != "game":
            continue
        screen = new_map(tmp_path)
        first = screen.kit.keymap.keys_for(action.name)[0]
        state = screen.on_event(KeyEvent(first))
        assert "not possible" not in screen.notice, action.name
        assert state is None or state is not screen or action.name in ("quit",)
        _ = A  # actions module in scope for readers of this test


def explore_into_a_room(screen: MapScreen):  # noqa: ANN201 - the state the walk ended on
    """Autoexplore until the party has entered a new room (the Hallway was held)."""
    state = screen
    for _ in range(60):
        if screen.game.stats.rooms_entered:
            return state
        state = press(state, "x")
        if state is not screen:  # a Hallway, or any other screen the walk opened
            return state
    raise AssertionError("never reached a room")


def test_the_hallway_opens_after_a_new_room_unless_the_option_says_not(tmp_path: Path) -> None:
    shown = explore_into_a_room(new_map(tmp_path / "a"))
    assert type(shown).__name__ == "HallwayScreen"

    quiet = new_map(tmp_path / "b", hallway_after_room=False)
    state = explore_into_a_room(quiet)
    for _ in range(10):  # let the walk finish its step into the room
        if quiet.game.stats.rooms_entered:
            break
        state = press(state, "x")
    assert quiet.game.stats.rooms_entered and state is quiet
    again = press(quiet, "H")  # the last Hallway on demand
    assert type(again).__name__ == "HallwayScreen"


def test_the_hallway_key_before_any_room_says_why_not(tmp_path: Path) -> None:
    screen = new_map(tmp_path)
    assert press(screen, "H") is screen
    assert "No Hallway yet" in screen.notice


def test_the_quest_offered_says_its_reward_and_what_giving_it_up_costs(tmp_path: Path) -> None:
    """The quest's reward and its price were told nowhere before the run ended; now the offer in
    the log and the map's help say both, with the numbers the engine pays, and in what: "Its
    reward, 14," said 14 of nothing; the town's purse is what it fills."""
    screen = new_map(tmp_path, seed=7)
    quest = screen.game.quest
    assert quest is not None and quest.penalty == "half"
    stakes = (f"Its reward, {quest.reward} to the purse, is paid in town when the party climbs out with it "
              "done; retiring without it done costs half of what the party would bank.")
    _, shot = run_headless(screen, [], size=(100, 30))
    assert " ".join(shot.text().split()).count(stakes) == 1  # the log's offer
    _, shot = run_headless(screen, [key("?")], size=(100, 200))
    text = " ".join(shot.text().split())
    assert f"This run's, {quest.name}: {quest.text}" in text and stakes in text


def quest_help(tmp_path: Path, quest_id: int, **stats: object) -> str:
    """The map's help for a run given quest `quest_id`, its run stats set to `stats`."""
    from game.engine.quests import all_quests

    screen = new_map(tmp_path, seed=7)
    game = screen.game
    game.quest = next(q for q in all_quests() if q.id == quest_id)
    for name, value in stats.items():
        setattr(game.stats, name, value)
    _, shot = run_headless(screen, [key("?")], size=(100, 200))
    return " ".join(shot.text().split())


def test_the_quest_help_counts_each_part_of_a_quest_the_sidebar_counts_as_one(tmp_path: Path) -> None:
    """The sidebar's "Surveyor's Errand 0/2" is the least of four counts; the help gives each,
    with the goal's words ("Deeper 2/3" is a floor number, not two steps of three)."""
    text = quest_help(tmp_path, 5, rooms_by_interaction={"features": 2, "empty": 1, "encounter": 3})
    assert ("So far: rooms mapped of each sort: with features 2/2, empty 1/2, holding an objective 0/2, "
            "with an encounter 3/2.") in text
    text = quest_help(tmp_path, 17, deepest_floor=2)
    assert "So far: the deepest floor reached is 2, the quest's is 3." in text
    text = quest_help(tmp_path, 11, kills_by_name={"kobold lord": 1, "hobgoblin": 2})
    assert "So far: kobold lord 1/1 killed, kobold shaman 0/1 killed." in text


def test_a_catching_quest_says_how_a_creature_is_caught(tmp_path: Path) -> None:
    text = quest_help(tmp_path, 14, caught_by_name={})
    assert "To catch it, walk into it: an Agility roll against the Floor's dice; missed, it bolts." in text
    assert "So far: kitten 0/1 caught." in text


def test_the_help_says_s_searches_for_traps_and_o_works_the_furniture(tmp_path: Path) -> None:
    """The help said s "searches for traps and the furniture beside you"; s looks for traps only
    (the bones beside the hero stay unsearched), and o is what searches furniture."""
    import numpy as np

    from game.ui.screens.map_screen import help_topics

    screen = new_map(tmp_path)
    game = screen.game
    ys, xs = np.nonzero(game.floor.tile == Tile.DEBRIS)
    bx, by = int(xs[0]), int(ys[0])
    hero = game.position(screen.hero())
    hero.x, hero.y = next((bx + dx, by + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                          if (dx or dy) and game.floor.tile[by + dy, bx + dx] == Tile.FLOOR)
    press(screen, "s")
    assert (game.dungeon.floor_no, bx, by) not in game.dungeon.opened  # s left the bones unsearched
    words = dict(help_topics(screen.kit, game))["Traps and treasure"]
    assert "searches for traps and the furniture" not in words
    assert "s searches for traps within 3 steps" in words
    assert "o opens doors and searches or works the furniture beside you" in words


def test_a_paste_on_the_map_moves_nothing_and_says_so(tmp_path: Path) -> None:
    screen = new_map(tmp_path)
    before, turn = hero_pos(screen), screen.game.turn
    _, shown = run_headless(screen, [PasteEvent()], size=(80, 24))
    assert hero_pos(screen) == before and screen.game.turn == turn
    assert "A paste came in too fast to be typing: none of it was taken as keys." in " ".join(shown.text().split())


def test_travels_words_name_the_keys_as_the_player_bound_them(tmp_path: Path) -> None:
    """Rebound in Options, explore on e and the climb on v: the travel notices still said "(x
    explores)" and "(< climbs it)", keys that now did something else or nothing."""
    screen = new_map(tmp_path, keys={"autoexplore": ("e",), "head_back": ("v",)})
    press(screen, "t")
    assert screen.notice == "You know of no stair down on this floor yet (e explores)."
    press(screen, "T")
    assert screen.notice == "You are already on the stair up (v climbs it)."


def test_explore_stopping_at_a_way_on_names_the_key_as_the_player_bound_it(tmp_path: Path) -> None:
    """Seed 7's first explore stops at an opening: it said "x goes through to the Hallway" with
    explore bound to e, and x did nothing."""
    screen = new_map(tmp_path, keys={"autoexplore": ("e",)})
    for _ in range(5):
        press(screen, "e")
        if "into a room not yet entered" in screen.notice:
            break
    assert screen.notice.endswith("into a room not yet entered: e goes through to the Hallway.")


def test_look_does_not_bid_the_player_search_a_pile_already_searched(tmp_path: Path) -> None:
    """After x had searched the first room's pile of old bones ("finds nothing in the pile of old
    bones"), look still said "A pile of old bones (search next to it)": a search for nothing more."""
    screen = new_map(tmp_path)  # seed 7: x searches the pile, then stops at the way on
    press(screen, "x")
    assert any("finds nothing in the pile of old bones" in line.text for line in screen.game.log)
    from game.ui.describe import things_at  # what look mode prints for a tile

    game = screen.game
    (x, y), = [(x, y) for f, x, y in game.dungeon.opened if f == game.dungeon.floor_no]
    said = things_at(game, x, y)[-1]
    assert said.startswith("A pile of old bones (searched)") and "search next to it" not in said


def test_the_help_does_not_call_what_town_banks_the_whole_score(tmp_path: Path) -> None:
    """The help said "In town, sell loot and retire: that is your score", but the score is what is
    banked less the kits' worth, with points for the floors reached and the rooms cleared: a run
    that banked 54 scored 72. It now says what the score is made of, as the end screen does."""
    screen = new_map(tmp_path)
    _, shot = run_headless(screen, [key("?")], size=(100, 200))
    text = " ".join(shot.text().split())
    assert "that is your score" not in text
    assert ("In town, trade in loot and retire: the score is what is banked, less what the starting kits "
            "would fetch, with points for the floors reached and the rooms cleared.") in text, text


def test_look_at_a_creature_the_quest_wants_caught_says_walking_into_it_catches(tmp_path: Path) -> None:
    """Seed 30 (Whiskers: bring the kitten back, gently): look said of the peaceful kitten "It
    keeps the peace: walking into it starts a fight.", yet walking into it is a catch, an
    Agility roll with no blow struck. Look now says what walking into it does."""
    from game.engine.dispatch import apply_action
    from game.engine.quests import to_be_caught
    from game.rules.costs import monster_cost, monster_hits
    from game.rules.purchases import Monster
    from game.world.components import Glyph, MonsterState, Named

    screen = new_map(tmp_path, seed=30)
    game = screen.game
    assert game.quest is not None and game.quest.catch
    pos = game.position(game.party.hero_of[0])
    x, y = next((pos.x + dx, pos.y) for dx in (1, -1, 2, -2) if game.floor.walkable[pos.y, pos.x + dx])
    spec = Monster(level=2, name="Kitten")
    kitten = game.world.create(
        MonsterState(spec, monster_cost(spec), monster_hits(2), 1, game.floor.cell_of(x, y), aware=True, peaceful=True),
        Position(x, y, game.dungeon.floor_no), Named("Kitten"), Glyph("k", (200, 200, 0), 1))
    assert to_be_caught(game, kitten)
    look = screen.on_event(key(";"))
    look.x, look.y = x, y
    _, shot = run_headless(look, [], kit=screen.kit)
    text = " ".join(" ".join(shot.lines()).split())
    assert "Kitten: Level 2" in text, text
    assert "walking into it starts a fight" not in text
    assert "walking into it tries to (an Agility roll)" in text
    start = len(game.log)
    apply_action(game, A.Move(0, x - pos.x, y - pos.y))
    said = " ".join(line.text for line in game.log[start:])
    assert "Kitten" in said and ("catches" in said or "slips through" in said), said  # what look promised
    assert not any(r.title == "Fight" for r in game.rolls if r.turn >= game.turn - 1)


def test_look_says_who_made_a_monster_as_the_hallway_does() -> None:
    """In solo play the AI builds the player's own seat's monsters ("built for them by the AI"),
    yet look said "Quorra: Level 2, 6 Hits left, designed by Player 1."; a wanderer is the AI's
    on a seat's budget in every game. A player's seat designs only in the room builder."""
    import numpy as np

    from game.core.dials import Dials
    from game.rules.costs import monster_cost, monster_hits
    from game.rules.purchases import Monster
    from game.ui.describe import things_at
    from game.world.components import MonsterState, Named

    def look_at(design: str, seat: int, wandering: bool) -> str:
        game = new_game(7, parse_seats("human,ai,ai"), 2, Dials(design=design))
        pos = game.position(game.party.hero_of[0])
        x, y = next((pos.x + dx, pos.y) for dx in (1, -1, 2, -2) if game.floor.walkable[pos.y, pos.x + dx])
        spec = Monster(level=2, name="Quorra")
        game.world.create(MonsterState(spec, monster_cost(spec), monster_hits(2), seat, game.floor.cell_of(x, y),
                                       aware=True, wandering=wandering),
                          Position(x, y, game.dungeon.floor_no), Named("Quorra"))
        game.derived.visible = np.ones_like(game.floor.explored)
        said = next(text for text in things_at(game, x, y) if text.startswith("Quorra:"))
        game.close()
        return said

    assert look_at("auto", 0, False).endswith("built by the AI on Player 1's budget.")
    assert look_at("ask", 0, True).endswith("built by the AI on Player 1's budget.")
    assert look_at("ask", 0, False).endswith("designed by Player 1.")
    ai = new_game(7, parse_seats("human,ai,ai"), 2).seats[1].name
    assert look_at("auto", 1, False).endswith(f"designed by {ai}.")


def test_the_help_says_who_builds_the_rooms_as_the_design_dial_has_it(tmp_path: Path) -> None:
    """The help's "Who builds the rooms" said "in solo play the AI builds your seat's share" at
    every table; with the design dial on ask the player builds it in the room builder."""
    from game.core.dials import Dials

    def help_words(seats: str, design: str) -> str:
        game = new_game(7, parse_seats(seats), 2, Dials(design=design))
        screen = MapScreen(make_kit(tmp_path), Session(game))
        _, shot = run_headless(screen, [key("?")], size=(100, 200))
        game.close()
        return " ".join(shot.text().split())

    solo_ask = help_words("human,ai,ai", "ask")
    assert "the AI builds your seat's share" not in solo_ask
    assert "you build your seat's share in the room builder" in solo_ask
    assert "the AI builds your seat's share for you" in help_words("human,ai,ai", "auto")
    hot_seat_ask = help_words("human,human,ai", "ask")
    assert "each player builds the share their seat wins in the room builder" in hot_seat_ask
    assert "the AI builds" not in hot_seat_ask
    assert "the AI builds each player's share for them" in help_words("human,human,ai", "auto")


def test_the_quest_done_in_the_dungeon_is_said_once_with_the_way_to_be_paid(tmp_path: Path) -> None:
    """Seed 333's "The Bottom of Things" was done on reaching Floor 5: the sidebar's count turned
    green and nothing else said so, nor that climbing out now pays the reward."""
    from game.engine.quests import all_quests

    screen = new_map(tmp_path)
    game = screen.game
    game.quest = next(q for q in all_quests() if q.goal == "win_fights")
    press(screen, ".")
    assert "The quest is done" not in screen.notice
    game.stats.fights_won = game.quest.count  # the last fight it wanted, won
    press(screen, ".")
    assert screen.notice == (f"The quest is done ({game.quest.name}): climb out with it and the town pays "
                             f"{game.quest.reward} (< turns the party for town).")
    press(screen, ".")
    assert "The quest is done" not in screen.notice  # once a run
