"""What a player sees of a run in a real terminal emulator: pyte fed the bytes the terminal
presenter's writer sends (in-process, for scripted play), and the real program on a pty."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from map_tools import make_kit, new_session, play, play_until
from pty_tools import PtyApp, python_argv
from pyte_tools import hex_of
from test_terminal_help import assert_every_binding_shown

from game.core.seats import parse_seats
from game.engine.combat import FIGHT
from game.engine.log import RollRecord
from game.engine.start import new_game
from game.rules.dice import Pool
from game.rules.heroes import max_hits
from game.ui.roll_panel import DIE_W, GAP
from game.ui.screens.map_screen import MapScreen, first_screen
from game.ui.session import Session
from game.world.components import HeroState


def sidebar_text(lines: list[str], x0: int) -> str:
    return "\n".join(line[x0:] for line in lines)


def test_first_frame_is_the_dungeon_with_the_hero_and_a_truthful_sidebar(tmp_path: Path) -> None:
    kit = make_kit(tmp_path)
    session = new_session(7)
    screen = first_screen(kit, session)
    _, term = play(screen, [], (80, 24), kit)
    game = session.game
    eid = game.party.hero_of[0]
    hero = game.world.comp(eid, HeroState)
    pos = game.position(eid)
    assert isinstance(screen, MapScreen)
    sx, sy = screen.camera.to_screen(pos.x, pos.y, 0, screen.layout.map[1])
    assert term.vt.cell(sx, sy).data == "@"
    side = sidebar_text(term.lines, screen.layout.sidebar[0])
    assert game.name(eid) in side
    assert f"L{hero.level} {hero.race} {hero.klass}" in side
    assert f"{hero.hits}/{max_hits(hero.level)}" in side
    assert f"Floor {game.dungeon.floor_no}" in side
    assert f"Turn {game.turn}" in side and "Seed 7" in side
    quest = game.quest
    assert f"Quest  {quest.name}" in side or f"Quest {0}/{quest.count}\n  {quest.name}" in side, side
    assert "Light lantern" in side and f"Picks {game.time.picks}  Food {game.time.rations}" in side, side
    # the hero's @ is drawn in its seat's colour, and the map uses colour at all
    assert term.vt.cell(sx, sy).bg != "default"


def test_hide_seed_option_keeps_the_seed_off_screen(tmp_path: Path) -> None:
    kit = make_kit(tmp_path, hide_seed=True)
    _, term = play(first_screen(kit, new_session(7)), [], (80, 24), kit)
    assert "Seed" not in term.text() and "Turn 0" in term.text()


def test_sidebar_follows_hits_and_levels_during_play(tmp_path: Path) -> None:
    kit = make_kit(tmp_path)
    session = new_session(7)
    game = session.game

    def hurt(s: Session, state: object) -> bool:
        return any(h.hits < max_hits(h.level) for _, h in s.game.heroes(living=False))

    state = play_until(kit, session, hurt)
    _, term = play(state, [], (120, 40), kit)
    text = term.text()
    for _, hero in game.heroes():
        assert f"{hero.hits}/{max_hits(hero.level)}" in text
        assert f"L{hero.level} " in text
    assert f"Turn {game.turn}" in text and f"Floor {game.dungeon.floor_no}" in text


def test_roll_panel_after_a_fight_shows_every_pool_highest_first(tmp_path: Path) -> None:
    kit = make_kit(tmp_path)
    session = new_session(7)
    game = session.game

    def fought(s: Session, state: object) -> bool:
        return isinstance(state, MapScreen) and any(r.kind == "pain" for r in s.game.rolls) \
            and s.game.rolls[-1].turn >= s.game.turn - 2

    state = play_until(kit, session, fought)
    record = next(r for r in reversed(game.rolls) if r.kind != "check")  # a conflict, not a morale d20
    _, term = play(state, [], (120, 40), kit)
    lines = term.lines
    kind = "painful" if record.kind == "pain" else "annoying"  # a trap's two rolls share its title
    title_row = next(i for i, line in enumerate(lines)
                     if record.title in line and "told by" in line and f"({kind}, turn {record.turn}," in line)
    for i, pool in enumerate(record.pools):
        row = lines[title_row + 1 + i]
        faces = [int(tok.strip(kit.glyphs["die_thwacko"] + kit.glyphs["rank_winner"]))
                 for tok in row[17:].split() if tok.strip(kit.glyphs["die_thwacko"] + kit.glyphs["rank_winner"])
                 .isdigit()]
        assert faces == list(pool.dice)[: len(faces)] and faces, row
    if record.narrator >= 0:
        assert f"told by {game.seats[record.narrator].name}" in lines[title_row]


def fixed_record() -> RollRecord:
    return RollRecord(3, "pain", FIGHT, (Pool("hero:1", 0, (6, 5, 2), 0), Pool("monster:4", 1, (6, 4, 3, 1), 2)),
                      ("Alda", "Grub"), rank_winners=(-1, 0, 1, 1), narrator=0)


def test_roll_panel_lines_up_ranks_marks_winners_and_colours_thwacko_dice(tmp_path: Path) -> None:
    kit = make_kit(tmp_path, glyphs="ascii")
    game = new_game(7, parse_seats("human,ai,ai"), 2)
    game.record_roll(fixed_record())
    game.turn = 3
    screen = first_screen(kit, Session(game))
    _, term = play(screen, [], (80, 24), kit)
    lines = term.lines
    top = next(i for i, line in enumerate(lines) if "Fight (painful, turn 3, told by Player 1)" in line)
    alda, grub = lines[top + 1], lines[top + 2]
    start = alda.index("6") - 2  # the first die: Thwack-O mark, two cells of face, winner mark
    cols = [start + r * (DIE_W + GAP) for r in range(4)]
    assert [alda[c + 1:c + 3].strip() for c in cols[:3]] == ["6", "5", "2"]
    assert [grub[c + 1:c + 3].strip() for c in cols] == ["6", "4", "3", "1"]
    winner = kit.glyphs["rank_winner"]
    assert alda[cols[0] + 3] == " " and grub[cols[0] + 3] == " "  # a tie at rank 1: nobody wins it
    assert alda[cols[1] + 3] == winner and grub[cols[1] + 3] == " "
    assert grub[cols[2] + 3] == winner and grub[cols[3] + 3] == winner
    thwack = kit.glyphs["die_thwacko"]
    assert alda[cols[0]] == thwack and grub[cols[2]] == thwack
    # the Thwack-O die's face sits on its seat's colour
    assert term.vt.cell(cols[0] + 2, top + 1).bg == hex_of(kit.palette.seat(0))
    assert term.vt.cell(cols[2] + 2, top + 2).bg == hex_of(kit.palette.seat(1))
    assert term.vt.cell(cols[1] + 2, top + 1).bg == hex_of(kit.palette["die_winner_bg"])


def test_roll_panel_key_hides_it(tmp_path: Path) -> None:
    kit = make_kit(tmp_path)
    game = new_game(7, parse_seats("human,ai,ai"), 2)
    game.record_roll(fixed_record())
    game.turn = 3
    _, term = play(first_screen(kit, Session(game)), ["r", "r"], (80, 24), kit)
    assert FIGHT not in term.text() and "Roll panel hidden" in term.text()


def test_help_from_the_map_lists_every_key(tmp_path: Path) -> None:
    kit = make_kit(tmp_path)
    pages: list[str] = []
    for presses in range(0, 16):
        _, term = play(first_screen(kit, new_session(7)), ["?"] + ["pagedown"] * presses, (80, 24), kit)
        marks = kit.glyphs["more_above"] + kit.glyphs["more_below"] + " "
        pages.extend(line.rstrip(marks) for line in term.lines[2:-2])
    seen = list(dict.fromkeys(pages))
    assert_every_binding_shown(kit, seen)
    text = "\n".join(seen)
    for words in ("searches for traps", "disarms a found trap", "stair down", "turns the party for"):
        assert words in text


def test_real_cursor_rests_on_the_newest_log_line(tmp_path: Path) -> None:
    kit = make_kit(tmp_path)
    session = new_session(7)
    _, term = play(first_screen(kit, session), ["s"], (80, 24), kit)
    newest = session.game.log[-1].text
    x, y = term.cursor
    assert term.lines[y][x:].startswith(newest[:20])
    assert (term.vt.screen.cursor.x, term.vt.screen.cursor.y) == (x, y)


def test_one_step_sends_few_bytes(tmp_path: Path) -> None:
    kit = make_kit(tmp_path)
    screen = first_screen(kit, new_session(7))
    _, term = play(screen, ["."], (200, 60), kit)
    full, step = term.bytes_per_frame[0], term.bytes_per_frame[-1]
    assert step < 1500 < full


# ----- the real program on a pty ----------------------------------------------------------------------
@pytest.fixture
def home(tmp_path: Path) -> dict[str, str]:
    return {"MASTERLESS_HOME": str(tmp_path / "home"), "MASTERLESS_CONFIG_DIR": str(tmp_path / "config")}


def test_play_on_a_pty_shows_the_map_first_moves_saves_and_continues(home: dict[str, str]) -> None:
    reference = new_game(7, parse_seats("human,ai,ai"), 2)
    name = reference.name(reference.party.hero_of[0])
    app = PtyApp(python_argv("main.py", "play", "--seed", "7"), 80, 24, env=home)
    try:
        assert app.wait_for(name), app.text()
        assert app.wait_for("Seed 7"), app.text()  # the sidebar's last line: the frame is whole
        assert "@" in app.text() and "Turn 0" in app.text()
        assert "Hallway" not in app.text() and "New game" not in app.text()
        app.send(".")
        assert app.wait_for("Turn 1"), app.text()
        app.send("S")
        assert app.wait_for("Save and quit"), app.text()
        app.send("s")
        assert app.wait() == 0
    finally:
        app.close()
    assert "continue" in app.output.decode(errors="replace")
    assert (Path(home["MASTERLESS_HOME"]) / "data" / "autosave.mlrec").exists()
    again = PtyApp(python_argv("main.py", "continue"), 80, 24, env=home)
    try:
        assert again.wait_for(name), again.text()
        assert again.wait_for("Turn 1"), again.text()  # the whole first frame, not its first bytes
        again.send("Q")
        assert again.wait_for("Abandon"), again.text()
        again.send("a")
        assert again.wait_for("for good"), again.text()
        again.send("Y")
        assert again.wait() == 0
    finally:
        again.close()
    assert not (Path(home["MASTERLESS_HOME"]) / "data" / "autosave.mlrec").exists()
    recordings = list((Path(home["MASTERLESS_HOME"]) / "data" / "recordings").glob("*.mlrec"))
    assert len(recordings) == 1  # the abandoned run, kept for replays


def test_abandoning_says_what_became_of_the_run(home: dict[str, str]) -> None:
    """`S` `a` `Y` ended the program without a word, where `S` `s` says "Saved. ...": it now says
    the run is over, with no score, and where its recording was filed under Replays."""
    app = PtyApp(python_argv("main.py", "play", "--seed", "7"), 80, 24, env=home)
    try:
        assert app.wait_for("Seed 7"), app.text()
        app.send(".")
        assert app.wait_for("Turn 1"), app.text()
        app.send("S")
        assert app.wait_for("Abandon"), app.text()
        app.send("a")
        assert app.wait_for("for good"), app.text()
        app.send("Y")
        assert app.wait() == 0
    finally:
        app.close()
    (filed,) = (Path(home["MASTERLESS_HOME"]) / "data" / "recordings").glob("*.mlrec")
    said = app.output.decode(errors="replace")
    assert f"Abandoned: the run is over, with no score; its recording is kept under Replays as {filed}." in said
    assert "Saved." not in said


def test_ctrl_c_saves_the_run(home: dict[str, str]) -> None:
    app = PtyApp(python_argv("main.py", "play", "--seed", "11"), 80, 24, env=home)
    try:
        assert app.wait_for("Seed 11"), app.text()
        app.send(".")
        assert app.wait_for("Turn 1"), app.text()
        app.send("\x03")
        app.wait()
    finally:
        app.close()
    from game.engine.recording_read import read_recording

    recording = read_recording(Path(home["MASTERLESS_HOME"]) / "data" / "autosave.mlrec")
    assert recording.header.seed == 11 and recording.turns == 1


def test_play_refuses_without_a_terminal(home: dict[str, str], tmp_path: Path) -> None:
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "main.py", "play", "--seed", "7"], capture_output=True, text=True,
                            stdin=subprocess.DEVNULL, env={**os.environ, **home}, timeout=60,
                            cwd=Path(__file__).resolve().parents[2])
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "autoplay" in result.stderr
    assert not (Path(home["MASTERLESS_HOME"]) / "data" / "autosave.mlrec").exists()


def test_a_closed_terminal_saves_the_run(home: dict[str, str]) -> None:
    import signal

    app = PtyApp(python_argv("main.py", "play", "--seed", "12"), 80, 24, env=home)
    try:
        assert app.wait_for("Seed 12"), app.text()
        app.send(".")
        assert app.wait_for("Turn 1"), app.text()
        app.send(".")
        assert app.wait_for("Turn 2"), app.text()
        app.kill(signal.SIGHUP)
        app.wait()
    finally:
        app.close()
    from game.engine.recording_read import read_recording

    recording = read_recording(Path(home["MASTERLESS_HOME"]) / "data" / "autosave.mlrec")
    assert recording.header.seed == 12 and recording.turns == 2


def test_x_stops_at_a_door_to_a_new_room_and_the_screen_says_which_key_goes_on(tmp_path: Path) -> None:
    """Issue 14: autoexplore finishes the room and stops at the way on, as the player sees it."""
    kit = make_kit(tmp_path, hallway_after_room=False)
    session = Session(new_game(42, parse_seats("human,ai,ai"), 1))
    _, term = play(first_screen(kit, session), ["x"], (100, 30), kit)
    text = " ".join(term.text().split())
    assert session.game.stats.rooms_entered == 0
    assert "into a room not yet entered: x goes through" in text, text
    _, term = play(first_screen(kit, session), ["x"], (100, 30), kit)
    assert session.game.stats.rooms_entered == 1
    assert "You enter a new room." in " ".join(term.text().split())
