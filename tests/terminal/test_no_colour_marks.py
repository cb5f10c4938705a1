"""Without colour (NO_COLOR, ``--color none``) the screen still says what colour says: what the
party sees now against what it only remembers, and which dice of a roll counted.

Each test draws a real screen of a played game through the terminal writer into pyte, as a
player's terminal shows it, and reads the cells against the engine's own state."""

from __future__ import annotations

from pathlib import Path

import pytest
import tcod.console
from map_tools import make_kit, new_session, play_until, settle
from pyte_tools import VirtualTerminal

from game.mapgen.tiles import Tile
from game.ui.colour_roles import role_codes
from game.ui.events import key
from game.ui.map_view import entrance_tile
from game.ui.palette import PALETTES
from game.ui.roll_panel import recent_records
from game.ui.screens.map_screen import MapScreen, first_screen
from game.ui.screens.quit import QuitDialog
from game.ui.session import Session
from game.ui.state import State
from game.world.components import Position

W, H = 100, 30


def _draw(state: MapScreen, mode: str, size: tuple[int, int] = (W, H)) -> VirtualTerminal:
    """The screen as a terminal in `mode` shows it, with the kit told the mode as the loop tells it."""
    state.kit.color_mode_in_use = mode
    console = tcod.console.Console(*size, order="C")
    state.on_draw(console)
    vt = VirtualTerminal(*size, mode)  # type: ignore[arg-type]
    vt.writer.set_roles(role_codes(state.kit.palette))
    vt.show(console)
    return vt


def _floor_cells(state: MapScreen, session: Session) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Screen cells of bare floor in view: (seen now, only remembered). Cells with a thing drawn
    on them (a hero, a monster, treasure, a trap, the entrance) are left out."""
    game = session.game
    x0, y0, vw, vh = state.layout.map
    occupied = {(p.x, p.y) for _, p in game.world.get(Position) if p.floor == game.dungeon.floor_no}
    if (entrance := entrance_tile(game)) is not None:
        occupied.add(entrance)
    seen, remembered = [], []
    for y in range(game.floor.height):
        for x in range(game.floor.width):
            if int(game.floor.tile[y, x]) != Tile.FLOOR or not game.floor.explored[y, x] or (x, y) in occupied:
                continue
            at = state.camera.to_screen(x, y, x0, y0)
            if at is not None:
                (seen if game.derived.visible[y, x] else remembered).append(at)
    return seen, remembered


def _some_floor_remembered(session: Session, state: State) -> bool:
    if not isinstance(state, MapScreen) or session.game.turn < 30:
        return False
    state.on_draw(tcod.console.Console(W, H, order="C"))  # lays the screen out as it stands
    _, remembered = _floor_cells(state, session)
    return len(remembered) >= 10


def test_without_colour_remembered_floor_is_blank_and_floor_in_sight_is_dotted(tmp_path: Path) -> None:
    kit = make_kit(tmp_path, glyphs="ascii")
    session = new_session(7)
    state = play_until(kit, session, _some_floor_remembered)
    assert isinstance(state, MapScreen)
    seen, remembered = _floor_cells(state, session)
    assert seen and remembered
    plain = _draw(state, "none")
    assert {plain.cell(x, y).data for x, y in seen} == {"."}
    assert {plain.cell(x, y).data for x, y in remembered} == {" "}
    # with colour the dimming says it, and the remembered floor keeps its dots
    coloured = _draw(state, "truecolor")
    assert {coloured.cell(x, y).data for x, y in remembered} == {"."}


def _rolls_of_every_kind(session: Session, state: State) -> bool:
    """A turn whose rolls hold an annoying conflict of several dice a pool and a painful one."""
    if not isinstance(state, MapScreen):
        return False
    records = recent_records(session.game, 8)
    return any(r.kind == "annoy" and all(len(p.dice) > 1 for p in r.pools) for r in records) and \
        any(r.kind == "pain" for r in records)


@pytest.mark.parametrize("palette", PALETTES)
def test_without_colour_the_roll_panel_marks_the_dice_that_counted_and_the_thwacko_die(
        tmp_path: Path, palette: str) -> None:
    """Reverse on exactly the dice that counted (the kept die of an annoying conflict's pools, the
    winner of a painful one's ranks), bold on the Thwack-O die's face and nowhere else, and every
    face the one the engine rolled; in every palette."""
    kit = make_kit(tmp_path, glyphs="ascii", palette=palette)
    session = new_session(7)
    state = play_until(kit, session, _rolls_of_every_kind)
    assert isinstance(state, MapScreen)
    records = recent_records(session.game, 8)
    vt = _draw(state, "none", (160, 40))  # wide enough for every title to name its kind
    lines = vt.lines
    checked = 0
    for record in records:
        kind = {"pain": "painful", "check": "a d20 check"}.get(record.kind, "annoying")
        top = next(y for y, line in enumerate(lines) if line.lstrip().startswith(record.title[:20])
                   and f"({kind}," in line)
        for i, pool in enumerate(record.pools):
            y = top + 1 + i
            first = next(x for x, c in enumerate(lines[y]) if c.isdigit())
            x0 = first - (3 - len(str(pool.dice[0])))  # the die's cells: mark, face (two), winner mark
            for rank, face in enumerate(pool.dice):
                dx = x0 + 5 * rank
                counted = (record.rank_winners[rank] == i if rank < len(record.rank_winners) else False) \
                    if record.kind == "pain" else rank == 0
                cells = [vt.cell(dx + k, y) for k in range(4)]
                assert (cells[1].data + cells[2].data).strip() == str(face), (record, lines[y])
                assert cells[0].data == ("*" if rank == pool.thwacko else " "), (record, lines[y])
                assert cells[2].reverse == counted, (record.title, rank, lines[y])
                assert cells[2].bold == (rank == pool.thwacko), (record.title, rank, lines[y])
                checked += 1
    assert checked >= 6


@pytest.mark.parametrize("palette", PALETTES)
def test_without_colour_a_dialog_over_the_map_shows_its_edge(tmp_path: Path, palette: str) -> None:
    """A panel's edge is drawn in colour alone: without colour the Quit dialog's text stood on the
    map and the sidebar ("#..  Leave the game?", the sidebar's "Quest 0/1" cut to "st 0/1")
    with nothing to say where the dialog ends. Now its edge is reversed, the screen behind not."""
    kit = make_kit(tmp_path, glyphs="ascii", palette=palette)
    session = new_session(7)
    state = settle(first_screen(kit, session))
    assert isinstance(state, MapScreen)
    dialog = state.on_event(key("Q"))
    assert isinstance(dialog, QuitDialog)
    kit.color_mode_in_use = "none"
    console = tcod.console.Console(80, 24, order="C")
    dialog.on_draw(console)
    vt = VirtualTerminal(80, 24, "none")
    vt.writer.set_roles(role_codes(kit.palette))
    vt.show(console)
    y = next(y for y, line in enumerate(vt.lines) if "Leave the game?" in line)
    x = vt.lines[y].index("Leave the game?")
    right = next((i for i in range(x, 80) if vt.cell(i, y).reverse), None)  # the right edge
    assert right is not None and vt.cell(x - 2, y).reverse, vt.lines[y]
    assert not vt.cell(x - 3, y).reverse and not vt.cell(right + 1, y).reverse  # the map and sidebar behind
    assert not any(vt.cell(i, y).reverse for i in range(x - 1, right))  # the dialog's own text plain
    top = y - 1
    assert " Quit " in vt.lines[top] and all(vt.cell(i, top).reverse for i in range(x - 2, right + 1))


@pytest.mark.parametrize("palette", PALETTES)
def test_without_colour_a_menu_entry_that_cannot_be_chosen_says_so(tmp_path: Path, palette: str) -> None:
    """With no saved run, Continue is greyed out: in colour the grey says it cannot be chosen now.
    Without colour the entry differed from the others only by a hotkey not in bold ("c  Continue"
    among "n  New game", "r  Replays"), which reads as one more choice; its key then only said so
    in the hint line. Now the entry itself says "not now", and the entries that can be chosen do not."""
    from game.ui.screens.title import TitleScreen, standard_title_entries

    kit = make_kit(tmp_path, glyphs="ascii", palette=palette)
    title = TitleScreen(kit, standard_title_entries(kit, can_continue=lambda: False))
    for mode in ("none", "truecolor"):
        kit.color_mode_in_use = mode
        console = tcod.console.Console(W, H, order="C")
        title.on_draw(console)
        vt = VirtualTerminal(W, H, mode)  # type: ignore[arg-type]
        vt.writer.set_roles(role_codes(kit.palette))
        vt.show(console)
        rows = {entry.label: next(line for line in vt.lines if f"{entry.hotkey}  {entry.label}" in line)
                for entry in title.menu.entries}
        assert ("not now" in rows["Continue"]) == (mode == "none"), rows["Continue"]
        assert not any("not now" in row for label, row in rows.items() if label != "Continue")
    # and the key of the entry still says why when pressed
    assert title.on_event(key("c")) is None
    assert "No saved run" in title.status
