"""16 colours and no colour at all: the map and the menus stay readable (issue 15, point 2).

Asserted over the palette data (each role's index of the 16 ANSI colours) and on the screen as a
player's 16-colour or NO_COLOR terminal shows it (the writer into pyte)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
import tcod.console
from map_tools import make_kit, new_session, play_until
from pty_tools import REPO, PtyApp, python_argv
from pyte_tools import VirtualTerminal

from game.core.content import parse_kept
from game.mapgen.themes import themes
from game.mapgen.tiles import Tile
from game.rules.purchases import Trap
from game.ui.auto_travel import visible_monsters
from game.ui.colour_roles import packed, role_codes
from game.ui.map_view import tile_tables
from game.ui.palette import ASSETS, PALETTES, load_palette
from game.ui.screens.map_screen import MapScreen
from game.ui.session import Session
from game.world.components import Position, TrapState

MAP_ROLES = ("wall_fg", "floor_fg", "door", "trap", "treasure", "monster")
SEATS = tuple(f"seat_{i}" for i in range(1, 7))
ACCENTS = ("text", "title", "accent", "key")


@pytest.mark.parametrize("name", PALETTES)
def test_every_palette_keeps_the_map_heroes_and_accents_apart_in_16_colours(name: str) -> None:
    palette = load_palette(name)
    index = palette.ansi16
    on_map = [index[r] for r in MAP_ROLES]
    assert len(set(on_map)) == len(on_map), dict(zip(MAP_ROLES, on_map, strict=True))
    heroes = [index[r] for r in SEATS]
    assert len(set(heroes)) == len(heroes) and not set(heroes) & set(on_map), (heroes, on_map)
    assert index["hero"] not in on_map
    accents = [index[r] for r in ACCENTS]
    assert len(set(accents)) == len(accents), dict(zip(ACCENTS, accents, strict=True))
    lit = [r for r in MAP_ROLES + SEATS if r != "wall_fg"]  # high contrast: dark walls on a light block
    assert index["background"] not in [index[r] for r in lit]
    assert index["selection_fg"] != index["selection_bg"]


@pytest.mark.parametrize("name", PALETTES)
def test_every_roles_own_colour_takes_its_own_index(name: str) -> None:
    """Two roles sharing an RGB would have to share an index: the data must not ask otherwise."""
    palette = load_palette(name)
    codes = role_codes(palette)["16"]
    for role, rgb in palette.colors.items():
        assert codes.fg[packed(rgb)] == palette.ansi16[role], role


@pytest.mark.parametrize("name", PALETTES)
def test_every_themes_tiles_take_their_roles_index(name: str) -> None:
    palette = load_palette(name)
    codes = role_codes(palette)["16"]
    for theme in themes():
        tables = tile_tables(theme, "ascii", palette)
        for tile, role in ((Tile.WALL, "wall_fg"), (Tile.FLOOR, "floor_fg"), (Tile.DOOR, "door")):
            assert codes.fg[packed(tuple(tables.lit_fg[tile]))] == palette.ansi16[role], (theme, tile)


def _fight_in_view(tmp_path: Path) -> tuple[MapScreen, Session]:
    kit = make_kit(tmp_path, glyphs="ascii")
    session = new_session(7)
    state = play_until(kit, session, lambda s, st: isinstance(st, MapScreen) and bool(visible_monsters(s.game)))
    assert isinstance(state, MapScreen)
    return state, session


def _screen(state: MapScreen, mode: str) -> VirtualTerminal:
    console = tcod.console.Console(100, 30, order="C")
    state.on_draw(console)
    vt = VirtualTerminal(100, 30, mode)  # type: ignore[arg-type]
    vt.writer.set_roles(role_codes(state.kit.palette))
    data = vt.show(console)
    assert b"38;2;" not in data and b"38;5;" not in data
    return vt


def _cells(state: MapScreen, session: Session) -> dict[str, tuple[int, int]]:
    """Screen cells of a wall, a lit floor, the hero and a monster now in view."""
    game = session.game
    x0, y0 = state.layout.map[0], state.layout.map[1]
    visible = game.derived.visible
    found: dict[str, tuple[int, int]] = {}
    for name, tile in (("wall", Tile.WALL), ("floor", Tile.FLOOR)):
        for y in range(game.floor.height):
            for x in range(game.floor.width):
                if int(game.floor.tile[y, x]) == tile and visible[y, x] and name not in found:
                    at = state.camera.to_screen(x, y, x0, y0)
                    if at is not None and not any(
                        (p := game.position(e)) is not None and (p.x, p.y) == (x, y)
                        for e in [*visible_monsters(game), *(h for h, _ in game.heroes())]
                    ):
                        found[name] = at
    monster = game.position(visible_monsters(game)[0])
    found["monster"] = state.camera.to_screen(monster.x, monster.y, x0, y0)  # type: ignore[assignment]
    hero = game.position(state.hero())
    found["hero"] = state.camera.to_screen(hero.x, hero.y, x0, y0)  # type: ignore[assignment]
    return found


def test_16_colours_draw_wall_floor_hero_and_monster_apart(tmp_path: Path) -> None:
    state, session = _fight_in_view(tmp_path)
    vt = _screen(state, "16")
    cells = _cells(state, session)
    colours = {name: vt.cell(*at).fg for name, at in cells.items()}
    assert len(set(colours.values())) == len(colours), colours
    assert colours["monster"] == "brightred"


def test_no_color_sends_no_colour_and_marks_heroes_and_monsters_in_bold(tmp_path: Path) -> None:
    state, session = _fight_in_view(tmp_path)
    vt = _screen(state, "none")
    data = vt.sink.getvalue()
    assert not re.search(rb"\x1b\[[0-9;]*(3[0-7]|9[0-7]|4[0-7]|10[0-7]|38;|48;)[0-9;]*m", data)
    cells = _cells(state, session)
    for name in ("monster", "hero"):
        cell = vt.cell(*cells[name])
        assert cell.bold and cell.fg == "default", (name, cell)
    floor = vt.cell(*cells["floor"])
    assert not floor.bold and floor.fg == "default" and floor.bg == "default"


# ----- the real program on a pty -------------------------------------------------------------------
COLOUR_SGR = re.compile(rb"\x1b\[[0-9;]*(?:38;|48;|(?<![0-9])(?:3[0-7]|9[0-7]|4[0-7]|10[0-7])(?![0-9]))[0-9;]*m")


def _first_frame(tmp_path: Path, *args: str, env: dict[str, str] | None = None,
                 colours: dict[str, set[str]] | None = None) -> bytes:
    home = {"MASTERLESS_HOME": str(tmp_path / "home"), "MASTERLESS_CONFIG_DIR": str(tmp_path / "config")}
    app = PtyApp(python_argv("main.py", "play", "--seed", "7", *args), 80, 24, env={**home, **(env or {})})
    try:
        assert app.wait_for("Seed 7"), app.text()
        if colours is not None:  # the foreground of each map glyph, as the terminal shows it
            for row in range(app.height - 8):  # the map: above the log and the hint line
                for x in range(54):  # and left of the sidebar
                    cell = app.screen.buffer[row][x]
                    colours.setdefault(cell.data, set()).add(cell.fg)
        app.send("Q")
        assert app.wait_for("Abandon"), app.text()
        app.send("a")
        assert app.wait_for("for good"), app.text()
        app.send("Y")
        assert app.wait() == 0
    finally:
        app.close()
    return bytes(app.output)


def test_no_color_in_the_environment_sends_no_colour_at_all(tmp_path: Path) -> None:
    out = _first_frame(tmp_path, env={"NO_COLOR": "1"})
    assert not COLOUR_SGR.search(out), COLOUR_SGR.search(out)
    assert b"\x1b[1;24m" in out  # the hero and the title in bold instead


def test_a_terminal_without_colour_gets_no_colour_and_the_marks_instead(tmp_path: Path) -> None:
    """TERM=xterm-mono (or vt100): terminfo says the terminal has no colours, yet the game sent it
    16-colour codes, so the selection and every mark were drawn in colours it cannot show."""
    out = _first_frame(tmp_path, env={"TERM": "xterm-mono", "COLORTERM": ""})
    assert not COLOUR_SGR.search(out), COLOUR_SGR.search(out)
    assert b"\x1b[1;24m" in out  # the hero and the title in bold instead


def test_the_color_flag_forces_16_colours_over_a_truecolor_terminal(tmp_path: Path) -> None:
    seen: dict[str, set[str]] = {}
    out = _first_frame(tmp_path, "--color", "16", colours=seen)
    assert b"38;2;" not in out and b"38;5;" not in out
    wall, floor, hero = seen.get("#", set()), seen.get("\u2219", set()), seen.get("@", set())
    assert wall and floor and hero, seen.keys()
    assert not (wall & floor) and not (hero & (wall | floor)), (wall, floor, hero)  # not one grey
    assert re.search(rb"\x1b\[[0-9;]*9[0-7]", out)


def test_help_names_the_colour_flag_and_what_record_does() -> None:
    for command in ("play", "continue", "replay", "watch"):
        text = subprocess.run(python_argv("main.py", command, "--help"), capture_output=True, text=True,
                              cwd=REPO, check=True).stdout
        assert "--color {auto,truecolor,256,16,none}" in " ".join(text.split()), command
    play_help = subprocess.run(python_argv("main.py", "play", "--help"), capture_output=True, text=True,
                               cwd=REPO, check=True).stdout
    assert "recording to FILE" in " ".join(play_help.split())


def options_without_colour(tmp_path: Path) -> VirtualTerminal:
    """The options screen at 80x24 in the default palette, as a terminal with no colour shows it."""
    from game.ui.screens.options_screen import OptionsScreen

    kit = make_kit(tmp_path)
    console = tcod.console.Console(80, 24, order="C")
    OptionsScreen(kit).on_draw(console)
    vt = VirtualTerminal(80, 24, "none")
    vt.writer.set_roles(role_codes(kit.palette))
    vt.show(console)
    return vt


def test_no_color_underlines_words_never_the_blanks_after_them(tmp_path: Path) -> None:
    """Without colour the option values (accent) are underlined: the blanks padding each value's
    row to the screen's edge were underlined too, a rule drawn across the screen."""
    vt = options_without_colour(tmp_path)
    underlined = [(x, y) for y in range(24) for x in range(80) if vt.cell(x, y).underscore]
    assert any(vt.cell(x, y).data != " " for x, y in underlined)  # the values are underlined
    blanks = [(x, y) for x, y in underlined if vt.cell(x, y).data == " "]
    assert not blanks, (blanks[:5], vt.lines[blanks[0][1]])


def test_no_color_tells_the_hero_whose_turn_it_is_from_the_others(tmp_path: Path) -> None:
    """Hot-seat: the hero whose turn it is stands on its seat's colour, and the banner names the
    seat on it. Without colour every hero was the same bold @ on nothing, so the players could
    not tell whose hero was to move; that hero and the banner are in reverse now."""
    kit = make_kit(tmp_path, glyphs="ascii")
    session = new_session(7, seats="human,human")
    state = play_until(kit, session, lambda s, st: isinstance(st, MapScreen) and st.banner_text() is not None)
    assert isinstance(state, MapScreen)
    vt = _screen(state, "none")
    active = state.hero()
    cells = {eid: vt.cell(*_on_screen(state, eid)) for eid, _ in session.game.heroes()}
    assert len(cells) == 2 and active in cells
    assert all(c.data == "@" and c.bold for c in cells.values()), cells
    assert cells[active].reverse, cells[active]
    assert not any(c.reverse for eid, c in cells.items() if eid != active), cells
    banner = next(y for y, line in enumerate(vt.lines) if "'s turn:" in line)
    x = vt.lines[banner].index("'s turn:")
    assert vt.cell(x, banner).reverse


def _on_screen(state: MapScreen, eid: int) -> tuple[int, int]:
    pos = state.game.position(eid)
    at = state.camera.to_screen(pos.x, pos.y, state.layout.map[0], state.layout.map[1])
    assert at is not None, eid
    return at


@pytest.mark.parametrize("rations", [1, 9])
def test_no_color_marks_the_food_running_out_as_colour_does(tmp_path: Path, rations: int) -> None:
    """The sidebar's food turns the warning colour when it will not feed the party twice more;
    without colour that warning was lost (the line read the same at 1 as at 9). Now it is bold."""
    kit = make_kit(tmp_path, glyphs="ascii")
    session = new_session(7, seats="human")
    state = play_until(kit, session, lambda s, st: isinstance(st, MapScreen))
    assert isinstance(state, MapScreen)
    session.game.time.rations = rations
    vt = _screen(state, "none")
    y = next(y for y, line in enumerate(vt.lines) if f"Food {rations}" in line)
    x = vt.lines[y].index(f"Food {rations}")
    assert vt.cell(x, y).bold == (rations <= len(session.game.heroes())), vt.lines[y]


@pytest.mark.parametrize("name", PALETTES)
def test_no_color_gives_each_role_its_attribute_whatever_shares_its_colour(name: str) -> None:
    """A palette may draw two roles in one colour (Default: treasure and the winning die's
    ground, the title and the selection's ground). A role that only ever colours a background
    took that colour's foreground attribute away: treasure on the map and every screen's title
    were not bold without colour. Roles sharing a colour share their attributes; plain text
    stays plain where a role shares its colour."""
    palette = load_palette(name)
    codes = role_codes(palette)["none"]
    attributes = {"bold": 1, "underline": 2, "bold underline": 3}
    wanted = parse_kept(ASSETS / "no_color.toml")["fg"]
    for role, words in wanted.items():
        if palette[role] != palette["text"]:
            assert codes.fg[packed(palette[role])] & attributes[words] == attributes[words], role
    assert codes.fg[packed(palette["text"])] == 0


def test_no_color_titles_are_bold_in_the_default_palette(tmp_path: Path) -> None:
    vt = options_without_colour(tmp_path)
    assert vt.lines[0].strip() == "Options" and vt.cell(vt.lines[0].index("O"), 0).bold


@pytest.mark.parametrize("mode", ["16", "none"])
def test_a_found_trap_on_furniture_keeps_its_tint_in_sight_and_out_of_it(tmp_path: Path, mode: str) -> None:
    """A found trap set on furniture or a door is told by a tint behind the glyph (the help says
    so). Without colour there was no tint at all, and in 16 colours the tint of one out of sight
    was the ground's black: the player lost a trap they had found. It is reverse without colour,
    the trap's colour in 16."""
    kit = make_kit(tmp_path, glyphs="ascii")
    session = new_session(7, seats="human")
    state = play_until(kit, session, lambda s, st: isinstance(st, MapScreen) and s.game.turn > 30
                       and bool((s.game.floor.explored & ~s.game.derived.visible).any()))
    assert isinstance(state, MapScreen)
    game = session.game
    state.on_draw(tcod.console.Console(100, 30, order="C"))  # the camera and layout, before choosing cells
    x0, y0 = state.layout.map[0], state.layout.map[1]
    here = game.position(state.hero())
    wanted = {True: None, False: None}  # a floor cell in sight, and one remembered out of sight
    for y in range(game.floor.height):
        for x in range(game.floor.width):
            if int(game.floor.tile[y, x]) != Tile.FLOOR or not game.floor.explored[y, x] or (x, y) == (here.x, here.y):
                continue
            at = state.camera.to_screen(x, y, x0, y0)
            in_sight = bool(game.derived.visible[y, x])
            if at is not None and wanted[in_sight] is None:
                wanted[in_sight] = (x, y, at)
    assert None not in wanted.values(), wanted
    for x, y, _ in wanted.values():
        game.world.create(TrapState(Trap("fire", 2, 1, name="Test Needle"), 2, 1, game.floor.cell_of(x, y), "open",
                                    "furniture", found_by={state.hero()}), Position(x, y, game.dungeon.floor_no))
    vt = _screen(state, mode)
    cells = {in_sight: vt.cell(*at) for in_sight, (_, _, at) in wanted.items()}
    if mode == "none":
        assert all(cell.reverse for cell in cells.values()), cells
    else:  # the trap's own colour, as a trap plate is drawn ("bfightmagenta" is pyte's spelling)
        assert cells[True].bg == cells[False].bg not in ("default", "black"), cells


@pytest.mark.parametrize("name", PALETTES)
def test_no_color_shows_the_selected_row_in_every_palette(tmp_path: Path, name: str) -> None:
    """High contrast draws its selection in the colour of its text and its dice; without colour
    the dice's plain ground won that colour, so the selected row of every menu looked like the
    rest. The selection is reverse in every palette; the ground behind everything stays plain."""
    from game.ui.screens.options_screen import OptionsScreen

    kit = make_kit(tmp_path, palette=name)
    console = tcod.console.Console(80, 24, order="C")
    OptionsScreen(kit).on_draw(console)
    vt = VirtualTerminal(80, 24, "none")
    vt.writer.set_roles(role_codes(kit.palette))
    vt.show(console)
    selected = [y for y in range(24) if vt.cell(2, y).reverse]
    assert selected == [vt.lines.index(next(ln for ln in vt.lines if "Colours" in ln))], vt.lines
    assert not vt.cell(0, 23).reverse and not vt.cell(79, 12).reverse
    codes = role_codes(kit.palette)["none"]
    for role in parse_kept(ASSETS / "no_color.toml")["bg"]:
        if kit.palette[role] != kit.palette["background"]:
            assert codes.bg[packed(kit.palette[role])] == 1, role


def test_the_help_says_how_a_found_trap_on_furniture_shows_without_colour(tmp_path: Path) -> None:
    """The help named only the tint, which a player without colour never sees."""
    from game.ui.screens.map_screen import help_topics

    words = " ".join(dict(help_topics(make_kit(tmp_path)))["Traps and treasure"].split())
    assert "on furniture or a door, a tint, or reverse without colour)" in words


@pytest.mark.parametrize("name", PALETTES)
def test_every_palette_keeps_the_map_apart_in_256_colours(name: str) -> None:
    """In 256 colours the Default palette's trap and monster took one index (167, the same red):
    a found trap and a monster beside it were one colour on the map. Asserted on the screen: each
    map role's glyph, drawn in its colour, arrives at the terminal in a colour of its own."""
    palette = load_palette(name)
    console = tcod.console.Console(len(MAP_ROLES), 1, order="C")
    for x, role in enumerate(MAP_ROLES):
        console.print(x, 0, "#", fg=palette[role], bg=palette["background"])
    vt = VirtualTerminal(len(MAP_ROLES), 1, "256")
    vt.show(console)
    colours = {role: vt.cell(x, 0).fg for x, role in enumerate(MAP_ROLES)}
    assert len(set(colours.values())) == len(colours), colours
