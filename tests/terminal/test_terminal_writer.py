"""The ANSI writer, seen through a terminal emulator (pyte): what the player sees, and what it costs."""

from __future__ import annotations

import io

import numpy as np
import pyte
import tcod.console
from hypothesis import given, settings
from hypothesis import strategies as st
from pyte_tools import ALT_SCREEN, VirtualTerminal, hex_of

from game.ui import draw
from game.ui.present.ansi import ENTER_SEQUENCE, LEAVE_SEQUENCE, AnsiWriter, NaiveWriter
from game.ui.present.colors import ANSI16, rgb_to_16, rgb_to_256

GREY = (40, 40, 40)
WHITE = (230, 230, 230)


def make_console(width: int, height: int, bg: tuple[int, int, int] = GREY) -> tcod.console.Console:
    console = tcod.console.Console(width, height, order="C")
    console.clear(ch=32, fg=WHITE, bg=bg)
    return console


def test_text_appears_where_it_was_drawn() -> None:
    console = make_console(40, 10)
    draw.text(console, 0, 0, "top left")
    draw.text(console, 30, 9, "bottom end")  # the very last cell too
    draw.text(console, 12, 4, "@ in the middle")
    vt = VirtualTerminal(40, 10)
    vt.show(console)
    assert vt.lines[0] == "top left"
    assert vt.lines[4] == " " * 12 + "@ in the middle"
    assert vt.lines[9] == " " * 30 + "bottom end"


def test_writing_the_last_column_of_the_last_row_never_scrolls() -> None:
    console = make_console(20, 5)
    for y in range(5):
        draw.text(console, 0, y, f"row{y}".ljust(20, "x"))
    vt = VirtualTerminal(20, 5)
    vt.writer.write(ENTER_SEQUENCE)  # autowrap off, as the presenter does
    vt.show(console)
    assert vt.lines == [f"row{y}".ljust(20, "x") for y in range(5)]


def test_truecolor_sends_the_exact_colours() -> None:
    console = make_console(10, 2)
    draw.text(console, 1, 1, "A", fg=(255, 128, 0), bg=(0, 0, 200))
    vt = VirtualTerminal(10, 2, "truecolor")
    data = vt.show(console)
    cell = vt.cell(1, 1)
    assert (cell.data, cell.fg, cell.bg) == ("A", "ff8000", "0000c8")
    assert vt.cell(0, 0).bg == hex_of(GREY)
    assert b"38;2;255;128;0" in data


def test_256_colour_fallback_picks_the_nearest_cube_or_grey() -> None:
    console = make_console(10, 2, bg=(128, 128, 128))
    draw.text(console, 0, 0, "R", fg=(250, 5, 5))
    vt = VirtualTerminal(10, 2, "256")
    data = vt.show(console)
    assert b"38;2;" not in data
    assert b"38;5;196" in data  # pure red in the 6x6x6 cube
    assert vt.cell(0, 0).fg == "ff0000"
    assert vt.cell(0, 0).bg == pyte.graphics.FG_BG_256[244] == "808080"  # the grey ramp


def test_16_colour_fallback_uses_the_ansi_colours() -> None:
    console = make_console(10, 2, bg=(0, 0, 0))
    draw.text(console, 0, 0, "R", fg=(250, 10, 10), bg=(0, 0, 230))
    draw.text(console, 1, 0, "g", fg=(0, 190, 0))
    vt = VirtualTerminal(10, 2, "16")
    data = vt.show(console)
    assert b"38;" not in data and b"48;" not in data
    assert vt.cell(0, 0).fg == "brightred"
    assert vt.cell(0, 0).bg == "blue"
    assert vt.cell(1, 0).fg == "green"


def test_colour_fallbacks_map_every_colour_somewhere_sensible() -> None:
    rng = np.random.default_rng(7)
    colours = rng.integers(0, 256, size=(500, 3))
    idx256 = rgb_to_256(colours)
    assert ((idx256 >= 16) & (idx256 <= 255)).all()  # never the terminal-defined 0-15
    idx16 = rgb_to_16(colours)
    assert ((idx16 >= 0) & (idx16 < 16)).all()
    assert (rgb_to_16(ANSI16) == np.arange(16)).all()


def test_an_unchanged_frame_writes_nothing() -> None:
    console = make_console(80, 24)
    draw.text(console, 3, 3, "hello")
    vt = VirtualTerminal(80, 24)
    vt.show(console)
    assert vt.show(console) == b""


def test_one_cell_change_on_a_big_screen_writes_only_a_few_bytes() -> None:
    console = make_console(200, 60)
    rng = np.random.default_rng(1)
    console.ch[...] = rng.choice([ord("."), ord("#"), ord(" ")], size=(60, 200))
    console.fg[...] = rng.integers(0, 256, size=(60, 200, 3))
    vt = VirtualTerminal(200, 60)
    full = vt.show(console)
    console.ch[30, 100] = ord("@")
    console.fg[30, 100] = (255, 255, 255)
    step = vt.show(console)
    assert len(full) > 12000
    assert len(step) <= 40, step
    assert vt.lines[30][100] == "@"
    assert vt.cell(100, 30).fg == "ffffff"


def test_a_hero_step_costs_two_small_spans() -> None:
    console = make_console(200, 60)
    draw.text(console, 50, 20, "@", fg=(255, 255, 255))
    vt = VirtualTerminal(200, 60)
    vt.show(console)
    draw.text(console, 50, 20, ".", fg=(100, 100, 100))
    draw.text(console, 51, 20, "@", fg=(255, 255, 255))
    step = vt.show(console)
    assert len(step) < 60
    assert vt.lines[20][50:52] == ".@"


def test_diff_writer_is_far_cheaper_than_the_naive_one() -> None:
    console = make_console(120, 40)
    draw.text(console, 5, 5, "a map would be here")
    sink = io.BytesIO()
    naive = NaiveWriter(sink)
    naive.frame(console)
    ours = VirtualTerminal(120, 40)
    full = ours.show(console)
    assert len(full) * 5 < len(sink.getvalue())


def test_a_colour_change_the_terminal_cannot_show_costs_nothing() -> None:
    console = make_console(20, 3, bg=(0, 0, 0))
    draw.text(console, 0, 0, "x", fg=(250, 0, 0))
    vt = VirtualTerminal(20, 3, "16")
    vt.show(console)
    draw.text(console, 0, 0, "x", fg=(240, 10, 10))  # still bright red in 16 colours
    assert vt.show(console) == b""


def test_a_space_changing_foreground_costs_nothing() -> None:
    console = make_console(20, 3)
    vt = VirtualTerminal(20, 3)
    vt.show(console)
    console.fg[1, 5] = (1, 2, 3)
    assert vt.show(console) == b""


def test_same_coloured_runs_share_one_colour_code() -> None:
    console = make_console(60, 2)
    draw.text(console, 0, 0, "a long line all in one colour", fg=(10, 200, 10))
    vt = VirtualTerminal(60, 2)
    data = vt.show(console)
    assert data.count(b"38;2;10;200;10") == 1


def test_wide_and_control_characters_never_break_the_row() -> None:
    console = make_console(20, 2)
    console.ch[0, 0:6] = [ord("a"), 0x6F22, ord("b"), 0x0301, 7, ord("c")]  # CJK, combining, BEL
    vt = VirtualTerminal(20, 2)
    vt.show(console)
    assert vt.lines[0] == "a?b? c"


def test_ascii_only_terminals_get_question_marks_for_other_characters() -> None:
    console = make_console(10, 1)
    draw.text(console, 0, 0, "a⋅b")
    vt = VirtualTerminal(10, 1, ascii_only=True)
    data = vt.show(console)
    assert vt.lines[0] == "a?b"
    data.decode("ascii")


def test_the_cursor_rests_where_the_state_asks() -> None:
    console = make_console(30, 10)
    vt = VirtualTerminal(30, 10)
    vt.writer.write(ENTER_SEQUENCE)
    vt.show(console, cursor=(7, 4))
    assert (vt.screen.cursor.x, vt.screen.cursor.y) == (7, 4)
    assert not vt.screen.cursor.hidden
    draw.text(console, 0, 9, "a new log line")
    vt.show(console, cursor=(0, 9))
    assert (vt.screen.cursor.x, vt.screen.cursor.y) == (0, 9)
    vt.show(console, cursor=None)
    assert vt.screen.cursor.hidden


def test_alternate_screen_is_entered_and_left() -> None:
    vt = VirtualTerminal(30, 5)
    vt.stream.feed(b"shell prompt $ ")
    vt.writer.enter()
    vt.pump()
    assert ALT_SCREEN in vt.screen.mode
    assert vt.screen.cursor.hidden
    console = make_console(30, 5)
    draw.text(console, 0, 0, "in the game")
    vt.show(console)
    vt.writer.leave()
    vt.pump()
    assert ALT_SCREEN not in vt.screen.mode
    assert not vt.screen.cursor.hidden
    assert LEAVE_SEQUENCE.encode().endswith(b"\x1b[?1049l")
    assert vt.screen.cursor.attrs.fg == "default" and vt.screen.cursor.attrs.bg == "default"


def test_after_a_resize_the_whole_new_screen_is_redrawn() -> None:
    vt = VirtualTerminal(40, 10)
    small = make_console(40, 10)
    draw.text(small, 0, 0, "small")
    vt.show(small)
    vt.resize(60, 20)
    big = make_console(60, 20)
    draw.text(big, 50, 19, "corner")
    draw.text(big, 0, 0, "big")
    data = vt.show(big)
    assert data.startswith(b"\x1b[?2026h")  # a big frame is sent as one synchronized update
    assert vt.lines[0] == "big"
    assert vt.lines[19] == " " * 50 + "corner"
    assert all(vt.cell(x, 10).bg == hex_of(GREY) for x in range(60))


def test_changing_colour_mode_redraws_in_the_new_depth() -> None:
    console = make_console(10, 2)
    draw.text(console, 0, 0, "A", fg=(255, 0, 0))
    vt = VirtualTerminal(10, 2)
    vt.show(console)
    vt.writer.set_color_mode("256")
    data = vt.show(console)
    assert b"38;5;196" in data and b"38;2" not in data


frames = st.lists(
    st.tuples(
        st.integers(0, 15),  # x
        st.integers(0, 5),  # y
        st.sampled_from([" ", ".", "#", "@", "⋅", "g"]),
        st.sampled_from([(255, 255, 255), (200, 0, 0), (0, 90, 0), (10, 10, 10)]),
        st.sampled_from([(0, 0, 0), (40, 40, 40), (0, 0, 120)]),
    ),
    min_size=0,
    max_size=30,
)


@settings(max_examples=60, deadline=None)
@given(st.lists(frames, min_size=1, max_size=6), st.sampled_from(["truecolor", "256", "16"]))
def test_whatever_is_drawn_the_terminal_ends_up_showing_the_console(changes, mode) -> None:
    console = make_console(16, 6)
    vt = VirtualTerminal(16, 6, mode)
    vt.writer.write(ENTER_SEQUENCE)
    vt.pump()
    reference = VirtualTerminal(16, 6, mode)
    for frame in changes:
        for x, y, char, fg, bg in frame:
            draw.text(console, x, y, char, fg, bg)
        vt.show(console)
        fresh = AnsiWriter(io.BytesIO(), mode)  # a full redraw of the same console, for comparison
        reference.writer = fresh
        reference.sink = fresh.out  # type: ignore[assignment]
        reference._fed = 0
        reference.show(console)
        for y in range(6):
            for x in range(16):
                got, want = vt.cell(x, y), reference.cell(x, y)
                assert got.data == want.data == chr(int(console.ch[y, x]))
                assert got.bg == want.bg
                if got.data != " ":
                    assert got.fg == want.fg


def test_ascii_only_terminals_get_an_accented_letters_base_letter() -> None:
    """A hero named "Zoë Brûlé" read "Zo? Br?l?" where the terminal speaks only ASCII."""
    console = make_console(12, 1)
    draw.text(console, 0, 0, "Zoë Brûlé ⋅")
    vt = VirtualTerminal(12, 1, ascii_only=True)
    vt.show(console).decode("ascii")
    assert vt.lines[0].rstrip() == "Zoe Brule ?"
