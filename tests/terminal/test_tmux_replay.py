"""The replay viewer in a real terminal (tmux): `python main.py replay FILE` on a checked-in
recording, stepping with `.`, back with `,`, a jump to a turn with `g`, play and pause, Esc."""

from __future__ import annotations

import re
from pathlib import Path

from tmux_helpers import TmuxPane, python_command, requires_tmux

RECORDING = Path(__file__).resolve().parents[1] / "recordings" / "companions-autoplay.mlrec"


def header(screen: str) -> tuple[int, int]:
    """(action index, turn) from the viewer's top line."""
    found = re.search(r"action (\d+)/\d+\s+turn (\d+)/", screen)
    assert found, screen
    return int(found.group(1)), int(found.group(2))


@requires_tmux
def test_replay_viewer_keys_in_tmux(tmp_path: Path) -> None:
    env = {"MASTERLESS_HOME": str(tmp_path / "home"), "MASTERLESS_CONFIG_DIR": str(tmp_path / "config")}
    with TmuxPane(width=120, height=40, env=env) as pane:
        pane.run(f"{python_command('main.py', 'replay', str(RECORDING))}; echo AFTER-REPLAY-$?")
        assert pane.wait_for("action 0/"), pane.capture()
        assert pane.alternate_on()
        assert "@" in pane.capture()

        for _ in range(12):  # a dozen single actions forward
            pane.send_keys(".")
        assert pane.wait_for("action 12/"), pane.capture()

        pane.send_keys(",")  # one action back, through a keyframe
        assert pane.wait_for("action 11/"), pane.capture()

        pane.send_keys("g")
        for ch in "30":
            pane.send_keys(ch)
        pane.send_keys("Enter")
        assert pane.wait_for("turn 30/"), pane.capture()
        index, turn = header(pane.capture())
        assert turn == 30 and index > 11

        pane.send_keys("space")  # play a moment, then pause
        assert pane.wait_for("playing"), pane.capture()
        pane.send_keys("space")
        assert pane.wait_for("paused"), pane.capture()
        assert header(pane.capture())[0] >= index

        pane.send_keys("Escape")
        assert pane.wait_for("AFTER-REPLAY-0"), pane.capture()
        assert not pane.alternate_on()
