"""A run in a real terminal emulator (tmux): `python main.py play --seed 7` in a 120x40 pane,
a step, help, a resize to 60x20 and back, quitting; the shell is back as it was at the end."""

from __future__ import annotations

from pathlib import Path

from tmux_helpers import TmuxPane, python_command, requires_tmux

from game.core.seats import parse_seats
from game.engine.start import new_game


@requires_tmux
def test_play_move_help_resize_and_quit_in_tmux(tmp_path: Path) -> None:
    game = new_game(7, parse_seats("human,ai,ai"), 2)
    name = game.name(game.party.hero_of[0])
    env = {"MASTERLESS_HOME": str(tmp_path / "home"), "MASTERLESS_CONFIG_DIR": str(tmp_path / "config")}
    shots: dict[str, str] = {}
    with TmuxPane(width=120, height=40, env=env) as pane:
        pane.run(f"echo BEFORE-PLAY; {python_command('main.py', 'play', '--seed', '7')}; echo AFTER-PLAY-$?")
        assert pane.wait_for(name), pane.capture()
        shots["start"] = pane.capture()
        assert pane.alternate_on()
        assert "@" in shots["start"] and "Turn 0" in shots["start"] and "Seed 7" in shots["start"]
        assert "BEFORE-PLAY" not in shots["start"]

        pane.send_keys(".")  # a step in place: waiting takes a turn
        assert pane.wait_for("Turn 1"), pane.capture()
        shots["moved"] = pane.capture()

        pane.send_keys("?")
        assert pane.wait_for("Traps and treasure"), pane.capture()  # the help is open: its second topic
        shots["help"] = pane.capture()
        assert "searches for traps" in shots["help"]
        for _ in range(3):  # a page or two down, as the help's length has it
            pane.send_keys("PageDown")
            if pane.wait_for("Go down the stairs", timeout=2.0):
                break
        assert "Go down the stairs" in pane.capture(), pane.capture()

        pane.resize(60, 20)
        assert pane.wait_for("larger"), pane.capture()
        shots["small"] = pane.capture()

        pane.resize(120, 40)
        assert pane.wait_for("Go down the stairs"), pane.capture()
        assert "larger" not in pane.capture()
        pane.send_keys("Escape")
        assert pane.wait_for(name), pane.capture()
        shots["back"] = pane.capture()
        assert "Turn 1" in shots["back"]

        pane.send_keys("S")
        assert pane.wait_for("Save and quit"), pane.capture()
        pane.send_keys("s")
        assert pane.wait_for("AFTER-PLAY-0"), pane.capture()
        shots["end"] = pane.capture()
        assert not pane.alternate_on()
        assert "BEFORE-PLAY" in shots["end"] and "Turn 1" not in shots["end"]
        assert shots["end"].rstrip().splitlines()[-1].startswith("$")  # the shell's prompt, ready
    assert (tmp_path / "home" / "data" / "autosave.mlrec").exists()
