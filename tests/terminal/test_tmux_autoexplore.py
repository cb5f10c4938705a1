"""Autoexplore in the real program in a real terminal (tmux), as a new player meets it (issue 14:
`play --seed 42 --level 1`, where x used to run on into the next room): x finishes the entrance
room and stops at the way into a room not yet entered, saying x goes through; x there does."""

from __future__ import annotations

from pathlib import Path

from tmux_helpers import TmuxPane, python_command, requires_tmux


@requires_tmux
def test_x_stops_at_the_door_then_goes_through_in_tmux(tmp_path: Path) -> None:
    env = {"MASTERLESS_HOME": str(tmp_path / "home"), "MASTERLESS_CONFIG_DIR": str(tmp_path / "config")}
    with TmuxPane(width=120, height=40, env=env) as pane:
        pane.run(python_command("main.py", "play", "--seed", "42", "--level", "1") + "; echo AFTER-PLAY-$?")
        assert pane.wait_for("Turn 0"), pane.capture()
        pane.send_keys("x")
        assert pane.wait_for("x goes through"), pane.capture()
        stopped = pane.capture()
        assert "into a room not yet entered" in " ".join(stopped.split())
        pane.send_keys("x")
        assert pane.wait_for("The Hallway"), pane.capture()  # the new room's report: the way on was taken
        pane.send_keys("Escape")
        pane.send_keys("S")
        assert pane.wait_for("Save and quit"), pane.capture()
        pane.send_keys("s")
        assert pane.wait_for("AFTER-PLAY-0"), pane.capture()
