"""Key names from blessed and SDL, and the colour depth decision."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.ui.events import KeyEvent, key
from game.ui.present.colors import detect_color_mode
from game.ui.present.terminal import blessed_key_name


@pytest.mark.parametrize(
    ("text", "name", "expected"),
    [
        ("k", None, "k"),
        ("K", None, "K"),
        ("?", None, "?"),
        (" ", None, "space"),
        ("\x1b[A", "KEY_UP", "up"),
        ("\x1bOx", "KEY_KP_8", "KP_8"),
        ("\x1b[E", "KEY_CENTER", "KP_5"),
        ("\x1bOE", "KEY_BEGIN", "KP_5"),
        ("\r", "KEY_ENTER", "enter"),
        ("\x1b", "KEY_ESCAPE", "escape"),
        ("\x03", "KEY_CTRL_C", "C-c"),
        ("\x1a", "KEY_CTRL_Z", "C-z"),
        ("\x1bx", "KEY_ALT_X", "M-x"),
        ("\x1bX", "KEY_ALT_SHIFT_X", "M-X"),
        ("\x1b[Z", "KEY_BTAB", "S-tab"),
        ("\x1b[1;2A", "KEY_SHIFT_UP", "S-up"),
        ("\x1b[1;5A", "KEY_CTRL_UP", "C-up"),
        ("\x1b[6~", "KEY_PGDOWN", "pagedown"),
        ("\x1bOP", "KEY_F1", "f1"),
        ("\x7f", "KEY_BACKSPACE", "backspace"),
        ("", "MOUSE_LEFT", None),
        ("", "CPR_RESPONSE", None),
        ("", "KEY_A_RELEASED", None),
    ],
)
def test_blessed_keystrokes_get_our_names(text: str, name: str | None, expected: str | None) -> None:
    assert blessed_key_name(text, name) == expected


def test_key_events_are_small_frozen_values() -> None:
    assert key("esc") == KeyEvent("escape")
    assert key(" ").key == "space" and key(" ").char == " "
    assert KeyEvent("up").char == ""
    with pytest.raises(AttributeError):
        KeyEvent("a").key = "b"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("env", "colors", "override", "expected"),
    [
        ({"COLORTERM": "truecolor", "TERM": "xterm-256color"}, 256, "auto", "truecolor"),
        ({"COLORTERM": "24bit"}, 8, "auto", "truecolor"),
        ({"TERM": "xterm-256color"}, 1 << 24, "auto", "truecolor"),  # terminfo says 24-bit
        ({"TERM": "xterm-direct"}, None, "auto", "truecolor"),
        ({"TERM": "screen-256color"}, 256, "auto", "256"),  # tmux without COLORTERM
        ({"TERM": "tmux-256color"}, None, "auto", "256"),
        ({"TERM": "xterm"}, 8, "auto", "16"),
        ({"TERM": "dumb"}, 0, "auto", "none"),  # terminfo knows it has no colours
        ({"TERM": "xterm-mono"}, 0, "auto", "none"),
        ({"TERM": "vt100", "COLORTERM": "truecolor"}, 0, "auto", "truecolor"),  # the terminal's own word wins
        ({"TERM": "vt100"}, 0, "16", "16"),  # and so does the player's option
        ({"TERM": "no-such-terminal"}, None, "auto", "16"),  # unknown: a guess that most show
        ({"TERM": "xterm-256color", "COLORTERM": "truecolor"}, 256, "16", "16"),
        ({"TERM": "screen"}, 8, "truecolor", "truecolor"),
        ({"TERM": "screen", "MASTERLESS_COLORS": "truecolor"}, 8, "auto", "truecolor"),
        ({"TERM": "xterm", "MASTERLESS_COLORS": "256"}, 8, "auto", "256"),
        ({"TERM": "xterm", "MASTERLESS_COLORS": "256"}, 8, "16", "256"),  # --color beats the option
        ({"TERM": "xterm-256color", "NO_COLOR": "1"}, 256, "auto", "none"),
        ({"TERM": "xterm-256color", "NO_COLOR": ""}, 256, "auto", "256"),  # empty: not set
        ({"TERM": "xterm", "NO_COLOR": "1"}, 8, "16", "16"),  # the player's own option beats it
        ({"TERM": "xterm", "NO_COLOR": "1", "MASTERLESS_COLORS": "256"}, 8, "auto", "256"),
        ({"TERM": "xterm-256color", "MASTERLESS_COLORS": "none"}, 256, "auto", "none"),
        ({"TERM": "xterm", "WT_SESSION": "1"}, 8, "auto", "truecolor"),
    ],
)
def test_colour_depth(env: dict[str, str], colors: int | None, override: str, expected: str) -> None:
    assert detect_color_mode(env, colors, override) == expected


TERMINFO_COLORS = (
    "import sys; from game.ui.present.colors import terminfo_colors; print(terminfo_colors(sys.argv[1], 1))"
)


def terminfo_colors_of(term: str) -> str:
    """What `terminfo_colors` says for `term`, in a process of its own (curses keeps the first)."""
    out = subprocess.run([sys.executable, "-c", TERMINFO_COLORS, term], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[2])
    return out.stdout.strip()


def test_terminfo_gives_the_colour_count_of_the_terminal_type() -> None:
    if terminfo_colors_of("xterm") == "None":
        pytest.skip("this machine has no terminfo database")
    assert terminfo_colors_of("xterm") == "8"
    assert terminfo_colors_of("xterm-256color") == "256"
    assert terminfo_colors_of("no-such-terminal") == "None"
    assert terminfo_colors_of("vt100") == "0"  # known, and without colour
    assert terminfo_colors_of("") == "None"
