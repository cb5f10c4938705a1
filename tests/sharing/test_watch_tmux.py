"""`watch` in real terminals (tmux): a player plays `play --seed 7` in one pane while two
spectators run `watch` in two others; they follow each step, see exactly the player's map (no
more: hidden things stay hidden), and nothing they press reaches the game."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "terminal"))
from tmux_helpers import TmuxPane, python_command, requires_tmux  # noqa: E402

from game.engine.recording_read import read_recording  # noqa: E402

MAP_ROWS = 25  # the map and sidebar of a 120x40 screen, above the log and the hint line


def _top(pane: TmuxPane) -> list[str]:
    return pane.capture().splitlines()[:MAP_ROWS]


@requires_tmux
def test_two_spectators_follow_a_game_without_touching_it(tmp_path: Path) -> None:
    env = {"MASTERLESS_HOME": str(tmp_path / "home"), "MASTERLESS_CONFIG_DIR": str(tmp_path / "config")}
    autosave = tmp_path / "home" / "data" / "autosave.mlrec"
    with TmuxPane(width=120, height=40, env=env) as player, TmuxPane(width=120, height=40, env=env) as fan, \
            TmuxPane(width=80, height=24, env=env) as small_fan:
        fan.run(python_command("main.py", "watch"))
        assert fan.wait_for("Waiting for a game"), fan.capture()
        player.run(python_command("main.py", "play", "--seed", "7"))
        assert player.wait_for("Turn 0"), player.capture()
        assert fan.wait_for("turn 0, "), fan.capture()
        small_fan.run(python_command("main.py", "watch", str(autosave)))
        assert small_fan.wait_for("Watching autosave.mlrec"), small_fan.capture()

        for turn in (1, 2, 3):
            player.send_keys(".")
            assert player.wait_for(f"Turn {turn}"), player.capture()
            assert fan.wait_for(f"turn {turn}, "), fan.capture()
            assert small_fan.wait_for(f"turn {turn}, "), small_fan.capture()
        # the same screen as the player's, down to the tile: what the party has not seen is not drawn
        assert fan.wait_for("Turn 3")
        assert _top(fan) == _top(player)

        actions = len(read_recording(autosave).steps)
        fan.send_keys(".", "x", "s", "o", "Enter")  # a spectator's keys go nowhere
        small_fan.send_keys("l", "l", "D")
        player.send_keys("?")
        assert player.wait_for("Traps and treasure"), player.capture()  # the help is open: its second topic
        player.send_keys("Escape", ".")
        assert fan.wait_for("turn 4, "), fan.capture()
        assert len(read_recording(autosave).steps) == actions + 1  # the player's one step, nothing else

        fan.send_keys("q")
        assert fan.wait_until_gone("Watching autosave"), fan.capture()
        assert not fan.alternate_on()
        player.send_keys("S")
        assert player.wait_for("Save and quit"), player.capture()
        player.send_keys("s")
        assert small_fan.wait_for("turn 4, "), small_fan.capture()  # the last moment stays on screen
        small_fan.send_keys("Escape")
        assert small_fan.wait_until_gone("Watching autosave"), small_fan.capture()


@requires_tmux
def test_watch_of_a_file_that_is_not_there_is_one_line_and_exit_3(tmp_path: Path) -> None:
    env = {"MASTERLESS_HOME": str(tmp_path / "home")}
    with TmuxPane(width=80, height=24, env=env) as pane:
        pane.run(f"{python_command('main.py', 'watch', str(tmp_path / 'nope.mlrec'))}; echo EXIT-$?")
        assert pane.wait_for("EXIT-3"), pane.capture()
        assert "no such file" in pane.capture()


@requires_tmux
def test_a_spectator_sees_the_hallway_report_as_the_player_does_and_reads_the_log(tmp_path: Path) -> None:
    env = {"MASTERLESS_HOME": str(tmp_path / "home"), "MASTERLESS_CONFIG_DIR": str(tmp_path / "config")}
    with TmuxPane(width=120, height=40, env=env) as player, TmuxPane(width=120, height=40, env=env) as fan:
        player.run(python_command("main.py", "play", "--seed", "42", "--level", "1"))
        assert player.wait_for("Turn 0"), player.capture()
        fan.run(python_command("main.py", "watch"))
        assert fan.wait_for("Watching autosave.mlrec"), fan.capture()
        player.send_keys("x")  # explore the entrance room, stop at the door
        assert player.wait_for("x goes through"), player.capture()
        player.send_keys("x")  # and through it: a new room, its Hallway report
        assert player.wait_for("The Hallway"), player.capture()
        assert fan.wait_for("The Hallway"), fan.capture()
        player.send_keys("Escape")
        assert player.wait_until_gone("The Hallway"), player.capture()
        player.send_keys(".")  # the player acts again: the report is behind them
        assert fan.wait_until_gone("The Hallway"), fan.capture()
        fan.send_keys("m")  # the log so far, on the spectator's own copy
        assert fan.wait_for("Log"), fan.capture()
        assert "Hallway:" in fan.capture()
        fan.send_keys("Escape")
        assert fan.wait_for("Watching autosave.mlrec"), fan.capture()
        fan.send_keys("q")
        assert fan.wait_until_gone("Watching autosave"), fan.capture()
        player.send_keys("S")
        assert player.wait_for("Save and quit"), player.capture()
        player.send_keys("s")
