"""Keys the terminal's terminfo does not name (the reliability audit): PuTTY's F1 under
TERM=xterm sends ESC [ 1 1 ~, an F13 ESC [ 2 5 ~, mintty's Ctrl-Tab ESC [ 1 ; 5 I. blessed
names only the ESC [; the rest came out as the keys 1 1 ~ (the hero walked south-west twice),
2 5 (a step and a wait). Such a key now does nothing, and the key after it still acts."""

from __future__ import annotations

import re
from pathlib import Path

from fault_tools import env_for
from pty_tools import PtyApp, python_argv

UNKNOWN = ["\x1b[11~", "\x1b[14~", "\x1b[25~", "\x1b[34~", "\x1b[1;5I", "\x1b[23$", "\x1b[[A", "\x1b[I"]


def turn(app: PtyApp) -> int:
    found = re.search(r"Turn (\d+)", app.text())
    assert found, app.text()
    return int(found.group(1))


def test_unknown_function_keys_take_no_action_and_the_next_key_does(tmp_path: Path) -> None:
    app = PtyApp(python_argv("main.py", "play", "--seed", "7"), 80, 24, env=env_for(tmp_path))
    with app:
        assert app.wait_for("Seed 7", timeout=30), app.text()
        for key in UNKNOWN:
            app.send(key)
        app.send("?")  # help: once it shows, every key before it has been read
        assert app.wait_for("Help", timeout=10), app.text()
        app.send("\x1b")
        assert app.wait_for("Turn", timeout=10), app.text()
        assert turn(app) == 0
        app.send("." + "\x1b[25~" + ".")  # an unknown key between two waits
        assert app.wait_for("Turn 2", timeout=10), app.text()
        app.send("?")
        assert app.wait_for("Help", timeout=10), app.text()
        app.send("\x1b")
        assert app.wait_for("Turn", timeout=10), app.text()
        assert turn(app) == 2
        app.leave()
    assert "Traceback" not in app.output.decode(errors="replace")
