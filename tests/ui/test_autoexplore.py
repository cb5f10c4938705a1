"""Autoexplore as DCSS players know it (issue 14): it finishes what is known (takes treasure in
the open, searches the room's furniture, looks at every unseen corner) and stops at the way into
a room not yet entered, saying which key goes on; pressed there, it goes through."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
from screen_games import make_kit

from game.core.seats import parse_seats
from game.engine.routes import step_towards, usable_exits
from game.engine.spawning import make_treasure_entity
from game.engine.start import new_game
from game.mapgen.tiles import Tile
from game.rules.costs import monster_cost, monster_hits
from game.rules.purchases import Monster, Trap, Treasure
from game.ui.auto_travel import FURNITURE_CODES, Travel, room_goals
from game.ui.events import key
from game.ui.present.headless import run_headless
from game.ui.screens.map_screen import MapScreen, first_screen
from game.ui.session import Session
from game.world.components import (
    Carried,
    DoorState,
    Glyph,
    HeroState,
    MonsterState,
    Named,
    Position,
    TrapState,
    TreasureState,
)


def map_screen(tmp_path: Path, seed: int, level: int = 2) -> MapScreen:
    session = Session(new_game(seed, parse_seats("human,ai,ai"), level))
    screen = first_screen(make_kit(tmp_path, hallway_after_room=False), session)
    assert isinstance(screen, MapScreen)
    return screen


def walled_in(tmp_path: Path) -> MapScreen:
    """Seed 7's hero walled in where it stands: nothing left it can reach."""
    screen = map_screen(tmp_path, 7)
    game = screen.game
    pos = game.position(screen.hero())
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if (dx or dy) and game.creature_at(pos.x + dx, pos.y + dy) is None:
                game.floor.set_tile(pos.x + dx, pos.y + dy, Tile.WALL)
    return screen


def press_x(screen: MapScreen) -> None:
    screen.on_event(key("x"))
    while screen.tick_delay() is not None:
        assert screen.on_tick() is None, "the walk opened another screen"


def test_x_stops_at_the_way_into_a_new_room_and_pressed_there_goes_through(tmp_path: Path) -> None:
    screen = map_screen(tmp_path, 42, level=1)
    game = screen.game
    press_x(screen)
    pos = game.position(screen.hero())
    assert game.stats.rooms_entered == 0, "it ran on into the next room"
    assert (pos.x, pos.y) in {(x, y) for x, y, _, _ in usable_exits(game)}
    assert "into a room not yet entered: x goes through" in screen.notice, screen.notice
    press_x(screen)
    assert game.stats.rooms_entered == 1
    assert screen.notice == "You enter a new room."


def test_x_searches_the_rooms_furniture_before_it_stops_at_the_way_on(tmp_path: Path) -> None:
    screen = map_screen(tmp_path, 42, level=1)
    game = screen.game
    start = game.position(screen.hero())
    cell = game.floor.cell_of(start.x, start.y)
    x0, y0, x1, y1 = game.floor.cells[cell].bounds
    furniture = [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)
                 if int(game.floor.tile[y, x]) in FURNITURE_CODES.tolist()]
    assert furniture, "this seed's first room has furniture to search"
    press_x(screen)
    assert {(game.dungeon.floor_no, x, y) for x, y in furniture} <= game.dungeon.opened
    assert "x goes through" in screen.notice


def test_x_searches_the_room_for_traps_before_it_works_the_furniture(tmp_path: Path) -> None:
    """Furniture may carry a trap that working it springs: x searches the room once first (as
    the AI heroes do), and the search comes before the furniture in the log."""
    screen = map_screen(tmp_path, 42, level=1)
    game = screen.game
    press_x(screen)
    worked = {game.floor.cell_of(x, y) for _, x, y in game.dungeon.opened}
    assert worked and {(game.dungeon.floor_no, cell) for cell in worked} <= game.dungeon.searched
    texts = [line.text for line in game.log]
    search = next(i for i, text in enumerate(texts) if "searches and finds" in text or "finds a trap" in text)
    furniture = next(i for i, text in enumerate(texts)
                     if re.search(r"finds nothing (more )?(in|on|at) the |comes of it|^(In|On|At) the ", text))
    assert search < furniture, texts


def test_x_walks_to_treasure_in_the_open_and_takes_it(tmp_path: Path) -> None:
    screen = map_screen(tmp_path, 7)
    game = screen.game
    hero = screen.hero()
    pos = game.position(hero)
    spots = [(pos.x + dx, pos.y + dy) for dx in range(-3, 4) for dy in range(-3, 4)
             if max(abs(dx), abs(dy)) >= 2 and game.floor.walkable[pos.y + dy, pos.x + dx]
             and game.floor.explored[pos.y + dy, pos.x + dx] and game.creature_at(pos.x + dx, pos.y + dy) is None]
    x, y = spots[0]
    item = make_treasure_entity(game, Treasure(name="Silver Ewer"), "Silver Ewer", -1,
                                Position(x, y, game.dungeon.floor_no))
    press_x(screen)
    carried = game.world.try_comp(item, Carried)
    assert carried is not None and carried.hero == hero
    assert any("takes Silver Ewer" in line.text for line in game.log)


def test_with_nothing_left_in_reach_x_says_where_the_way_on_lies(tmp_path: Path) -> None:
    from game.engine.way_on import way_on

    screen = walled_in(tmp_path)
    game = screen.game
    turn = game.turn
    press_x(screen)
    way = way_on(game, screen.hero())
    assert screen.notice.startswith(f"Nothing left to explore that you can reach. {way.text}"), screen.notice
    assert game.turn == turn


def _monster_in_view(screen: MapScreen, peaceful: bool) -> int:
    """A monster on a floor tile the hero sees, two or more steps away (so no fight starts)."""
    game = screen.game
    pos = game.position(screen.hero())
    spots = [(x, y) for y, x in zip(*np.nonzero(game.derived.visible & game.floor.walkable), strict=True)
             if 2 <= max(abs(x - pos.x), abs(y - pos.y)) <= 4 and game.creature_at(x, y) is None]
    x, y = (int(v) for v in spots[0])
    spec = Monster(1, name="Grey Watcher")
    return game.world.create(
        MonsterState(spec, monster_cost(spec), monster_hits(1), 1, game.floor.cell_of(x, y), aware=not peaceful,
                     peaceful=peaceful),
        Position(x, y, game.dungeon.floor_no), Named("Grey Watcher"), Glyph("g", (200, 200, 200), 2))


def test_a_monster_keeping_the_peace_does_not_stop_x_but_a_hostile_one_does(tmp_path: Path) -> None:
    """A helpful or friendly monster keeps its distance until struck; refusing to explore while it
    stands in view left the player walking by hand. The walk never steps into it."""
    screen = map_screen(tmp_path, 42, level=1)
    game = screen.game
    calm = _monster_in_view(screen, peaceful=True)
    turn = game.turn
    press_x(screen)
    assert game.turn > turn and not screen.notice.startswith("Not with"), screen.notice
    mon = game.world.comp(calm, MonsterState)
    assert mon.peaceful and mon.hits == monster_hits(1), "the walk struck it"

    screen = map_screen(tmp_path, 42, level=1)
    _monster_in_view(screen, peaceful=False)
    turn = screen.game.turn
    press_x(screen)
    assert screen.notice == "Not with Grey Watcher in view: deal with it first (walk into it to fight)."
    assert screen.game.turn == turn


def test_a_fleeing_monster_does_not_hold_x_up(tmp_path: Path) -> None:
    """A monster that broke and fled kept to the edge of sight, and x answered "Not with ... in
    view" for as long as it stayed there: a fleeing monster strikes no one, so x goes on (said
    once). One that rallies is as any hostile monster (the test above)."""
    screen = map_screen(tmp_path, 42, level=1)
    game = screen.game
    runner = _monster_in_view(screen, peaceful=False)
    mon = game.world.comp(runner, MonsterState)
    mon.fleeing = True
    turn = game.turn
    press_x(screen)
    assert game.turn > turn and not screen.notice.startswith("Not with"), screen.notice


def test_who_stands_in_the_way_is_named_with_what_to_do(tmp_path: Path) -> None:
    """x that cannot get past says who blocks it: a monster keeping the peace in a corridor held
    a player up behind "Someone stands in the way", with no word that walking into it fights it."""
    from game.ui.auto_travel import in_the_way_words
    from game.ui.describe import things_at

    screen = map_screen(tmp_path, 42, level=1)
    game, hero = screen.game, screen.hero()
    pos = game.position(hero)
    targets = [g for g in room_goals(game, hero, Travel("explore", 0)) if g != (pos.x, pos.y)]
    dx, dy = step_towards(game, hero, targets)
    calm = _monster_in_view(screen, peaceful=True)
    game.position(calm).x, game.position(calm).y = pos.x + dx, pos.y + dy
    words = in_the_way_words(game, hero, targets)
    assert words == "Grey Watcher stands in the way, keeping the peace: walking into it starts a fight.", words
    assert "It keeps the peace" in " ".join(things_at(game, pos.x + dx, pos.y + dy))


def test_companions_standing_in_the_way_never_hold_x_up(tmp_path: Path) -> None:
    """A party may start with the player's hero in a corner behind its companions, who keep
    beside it: x trades places with a friend (out of a fight) or steps round, where it used to
    wait three turns and stop ("Someone stands in the way") for good."""
    boxed = 0
    for seed in (555, *range(1, 16)):  # 555: boxed in at the start; 6, 10, 14 later on (it stopped in all four)
        session = Session(new_game(seed, parse_seats("human,ai+hero,ai+hero,ai"), 2))
        screen = first_screen(make_kit(tmp_path, hallway_after_room=False), session)
        assert isinstance(screen, MapScreen)
        game, hero = screen.game, screen.hero()
        start = game.position(hero)
        start_xy = (start.x, start.y)
        targets = [g for g in room_goals(game, hero, Travel("explore", 0)) if g != start_xy]
        boxed += step_towards(game, hero, targets) == (0, 0)
        press_x(screen)
        pos = game.position(hero)
        assert (pos.x, pos.y) != start_xy and screen.notice != "Someone stands in the way.", (seed, screen.notice)
    assert boxed, "no seed started with the hero boxed in: the case is not tested"


def test_the_way_on_notice_fits_80_columns_whole(tmp_path: Path) -> None:
    """"A way east into a room not yet entered: x goes through (the Hallway designs it" at 80x24:
    the notice ran past the screen's edge and lost its end."""
    screen = map_screen(tmp_path, 42, level=1)
    press_x(screen)
    assert "into a room not yet entered" in screen.notice
    _, shot = run_headless(screen, [], size=(80, 24))
    assert screen.notice in shot.text()


def test_a_notice_longer_than_the_hint_line_is_shown_whole_at_80_columns(tmp_path: Path) -> None:
    """At 80x24 "Nothing left to explore that you can reach. Nothing more can be found in the
    dungeon for now: head back to town. (< turns the party for town)" was cut at "in the d": the
    hint line holds 78 cells. A longer notice now wraps onto rows the log gives up."""

    screen = walled_in(tmp_path)
    game = screen.game
    press_x(screen)
    assert len(screen.notice) > 78, screen.notice
    _, shot = run_headless(screen, [], size=(80, 24))
    bottom = " ".join(line.strip() for line in shot.lines()[-3:])
    assert screen.notice in bottom, bottom
    newest = game.log[-1].text
    assert newest.split()[-1] in " ".join(shot.lines()[-6:-2]), "the log's newest line gave way"


def test_a_monster_the_party_sees_is_on_the_map_at_80_columns(tmp_path: Path) -> None:
    """Seed 9 at 80x24: x stopped ("Uzzrak, Eater of Adventurers comes into view"), yet Uzzrak
    stood twelve tiles east of the hero, past the map's 54 columns, under the sidebar: the
    player was told of a monster in view that no screen cell showed. The view now shifts to it."""
    from game.ui.auto_travel import visible_monsters

    screen = map_screen(tmp_path, 9)
    game = screen.game
    for _ in range(12):
        run_headless(screen, [], size=(80, 24))  # drawn along the way: the view follows as in play
        press_x(screen)
        if visible_monsters(game):
            break
    (monster,) = visible_monsters(game)
    _, shot = run_headless(screen, [], size=(80, 24))
    pos = game.position(monster)
    at = screen.camera.to_screen(pos.x, pos.y, screen.layout.map[0], screen.layout.map[1])
    assert at is not None, "the monster in view is off the map"
    assert shot.lines()[at[1]][at[0]] == game.world.comp(monster, Glyph).char
    hero = game.position(screen.hero())
    assert screen.camera.to_screen(hero.x, hero.y, screen.layout.map[0], screen.layout.map[1]) is not None


def test_the_log_says_a_monster_comes_into_view_before_it_is_named_in_a_fight(tmp_path: Path) -> None:
    """Seed 7: x walked Pim into Xol's sight and the log read "Pim Mossback shoots Xol the Last
    Sentinel from 2 tiles away", with "Xol the Last Sentinel comes into view." only after it, as
    the walk's notice: the party's look was taken after the round's fight. The log now says Xol
    comes into view first, on the screen as the player reads it, and says it once."""
    from game.ui.auto_travel import visible_monsters

    screen = map_screen(tmp_path, 7)
    game = screen.game
    for _ in range(12):
        press_x(screen)
        if visible_monsters(game):
            break
    (monster,) = visible_monsters(game)
    name = game.name(monster)
    _, shot = run_headless(screen, [], size=(120, 40))
    x, y, _, height = screen.layout.log
    rows = [row[x:].strip() for row in shot.lines()[y:y + height + 1]]  # the log and the hint line under it
    naming = [row for row in rows if name in row and "hold this room" not in row]
    assert naming and naming[0] == f"{name} comes into view.", naming
    assert any("shoots" in row or "hits" in row for row in naming[1:]), naming  # it was in a fight
    assert sum(row.startswith(f"{name} comes into view") for row in rows) == 1, rows


def test_x_does_not_walk_again_into_a_door_whose_failure_could_slay_the_hero_and_says_to_mend(tmp_path: Path) -> None:
    """Every way out of the first room is a trapped door whose failure (3 Pain dice) the hero has
    met once, and the hero has 3 Hits left: x finishes the room, then stops short of the doors and
    says why and what to do."""
    screen = map_screen(tmp_path, 42, level=1)
    game = screen.game
    for x, y, cell, side in game.floor.exits():
        game.floor.set_tile(x, y, Tile.DOOR)
        game.world.create(DoorState("trapped", 2, cell, side, False, True, failed=1),
                          Position(x, y, game.dungeon.floor_no))
    game.world.comp(screen.hero(), HeroState).hits = 3
    turn = game.turn
    press_x(screen)
    assert game.stats.rooms_entered == 0 and game.stats.damage.get("doors", 0) == 0
    assert all(d.locked and d.failed == 1 for _, d in game.world.get(DoorState) if d.kind == "trapped")
    name = game.name(screen.hero())
    assert screen.notice == ("Nothing left to explore that you can reach. A trapped door is left shut: a failed try "
                             f"(3 Pain dice) could slay one of the party ({name}: 3 Hits left). Mend first, with a "
                             "draught or in town. (< turns the party for town)"), screen.notice
    assert game.turn > turn  # the room was searched and worked first
    _, shot = run_headless(screen, [], size=(80, 24))
    assert screen.notice in " ".join(line.strip() for line in shot.lines()[-3:])  # whole at 80x24



def _waiting_gem(tmp_path: Path) -> tuple[MapScreen, int, int]:
    """Seed 42's second room: x opens the pile of old bones, finds the Gem there and leaves it,
    for the room's monster still prowls unseen. Returns the screen, the Gem and the monster."""
    screen = map_screen(tmp_path, 42, level=1)
    game = screen.game
    for _ in range(6):
        press_x(screen)
        if "must wait" in screen.notice:
            break
    assert screen.notice == "Something unseen still prowls this room: Ancestral Rune-cut Gem must wait."
    gem = next(e for e, _ in game.world.get2(TreasureState, Position) if game.name(e) == "Ancestral Rune-cut Gem")
    monster = next(e for e, m in game.monsters() if m.hostile)
    return screen, gem, monster


def explore_until_taken_or_done(screen: MapScreen, item: int) -> bool:
    """Press x until the hero holds `item` (True) or x stops at the way into a new room (False)."""
    for _ in range(4):
        press_x(screen)
        if screen.game.world.try_comp(item, Carried) is not None:
            return True
        if "into a room not yet entered" in screen.notice:
            return False
    raise AssertionError(screen.notice)


def test_x_goes_back_for_treasure_that_waited_on_a_monster_once_it_flees(tmp_path: Path) -> None:
    """x said the Gem must wait, and once the monster had fled (nothing kept the Gem any more)
    it walked off to the way on and left it lying: it takes it now."""
    screen, gem, monster = _waiting_gem(tmp_path)
    screen.game.world.comp(monster, MonsterState).fleeing = True
    assert explore_until_taken_or_done(screen, gem), screen.notice
    assert any("takes Ancestral Rune-cut Gem" in line.text for line in screen.game.log)


def test_x_goes_back_for_treasure_once_the_trap_guarding_it_is_disarmed(tmp_path: Path) -> None:
    screen, gem, monster = _waiting_gem(tmp_path)
    game = screen.game
    game.world.comp(monster, MonsterState).fleeing = True
    trap = game.world.comp(game.world.comp(gem, TreasureState).guarded_by[0], TrapState)
    trap.sprung = False  # live again: the trap now keeps the Gem, and x says so
    press_x(screen)
    assert "guards Ancestral Rune-cut Gem" in screen.notice or "feels wrong" in screen.notice, screen.notice
    assert not explore_until_taken_or_done(screen, gem), "it took the Gem past a live trap"
    trap.disarmed = True
    assert explore_until_taken_or_done(screen, gem), screen.notice


def test_x_goes_back_to_furniture_it_left_for_a_known_trap_once_the_trap_is_disarmed(tmp_path: Path) -> None:
    """Furniture with a trap the party knows of is left alone, said once; it stayed left alone
    for good, so x walked off to the way on from the bones just disarmed, never searching them."""
    screen = map_screen(tmp_path, 42, level=1)
    game = screen.game
    pos = game.position(screen.hero())
    x0, y0, x1, y1 = game.floor.cells[game.floor.cell_of(pos.x, pos.y)].bounds
    x, y = next((x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)
                if int(game.floor.tile[y, x]) in FURNITURE_CODES.tolist())
    trap = TrapState(Trap("fire", 2, 1, name="Test Needle"), 2, 1, game.floor.cell_of(x, y), "search", "furniture",
                     found_by={screen.hero()})
    game.world.create(trap, Position(x, y, game.dungeon.floor_no))
    for _ in range(4):
        press_x(screen)
        if "You know of a trap on" in screen.notice:
            break
    assert screen.notice.startswith("You know of a trap on"), screen.notice
    trap.disarmed = True  # as D beside the bones would
    press_x(screen)
    assert (game.dungeon.floor_no, x, y) in game.dungeon.opened, screen.notice
    assert game.stats.rooms_entered == 0, "it went on into the next room"
