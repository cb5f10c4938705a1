"""Bracketed paste on a real pseudo-terminal: the game asks the terminal to mark pastes, so a
paste of any length is never read as keys; a name being typed takes it as typing."""

from __future__ import annotations

import threading
from pathlib import Path

from fault_tools import editing_first_seat_name, env_for
from pty_tools import PtyApp, python_argv

from game.engine.recording_read import read_recording

PASTE_ON, PASTE_OFF = b"\x1b[?2004h", b"\x1b[?2004l"


def bracketed(text: str) -> bytes:
    return b"\x1b[200~" + text.encode() + b"\x1b[201~"


def test_a_short_paste_on_the_map_moves_no_hero_and_says_so(tmp_path: Path) -> None:
    """"hello world" is shorter than a frame's worth of input: it was read as keys (h walked west)."""
    app = PtyApp(python_argv("main.py", "play", "--seed", "2"), 80, 24, env=env_for(tmp_path))
    with app:
        assert app.wait_for("Seed 2", timeout=30), app.text()
        app.send(bracketed("hello world"))
        assert app.wait_for("Pasted text goes only into a box being typed in"), app.text()
        app.send(".")  # keys after the paste still act
        assert app.wait_for("Turn 1"), app.text()
        app.leave()
    assert read_recording(tmp_path / "data" / "autosave.mlrec").turns == 1  # the rest, only the "."
    assert app.output.rfind(PASTE_OFF) > app.output.rfind(PASTE_ON) > -1  # and the terminal is given back without it


def test_a_long_paste_on_the_map_is_one_paste_to_its_last_character(tmp_path: Path) -> None:
    """Ten thousand characters: none of them a key, however the pty splits them up."""
    app = PtyApp(python_argv("main.py", "play", "--seed", "2"), 80, 24, env=env_for(tmp_path))
    with app:
        assert app.wait_for("Seed 2", timeout=30), app.text()
        paste = bracketed("hjkl." * 2000)
        writer = threading.Thread(target=app.send, args=(paste,), daemon=True)
        writer.start()
        while writer.is_alive():  # keep reading the screen, or the game blocks writing frames
            app.pump(0.05)
        assert app.wait_for("Pasted text goes only into a box being typed in"), app.text()
        app.leave()
    assert read_recording(tmp_path / "data" / "autosave.mlrec").turns == 0


def test_a_paste_into_a_name_goes_in_as_typing_without_control_characters(tmp_path: Path) -> None:
    app = PtyApp(python_argv("main.py"), 80, 24, env=env_for(tmp_path))
    with app:
        editing_first_seat_name(app)
        app.send("\x15")  # Ctrl-U empties it
        app.send(bracketed("Zed\x07 the\r\nBold"))
        assert app.wait_for("Zed theBold"), app.text()
        app.send(bracketed("x" * 300))  # cut at the name's limit, and told so
        assert app.wait_for("That is as long as it can be here: 20 characters; the rest was left out."), app.text()
        assert "Zed theBold" + "x" * 9 in app.text() and "x" * 10 not in app.text()
        app.leave()
