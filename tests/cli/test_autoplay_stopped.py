"""`autoplay --record FILE` stopped by Ctrl-C: the recording is written whole when the run ends,
so the one line says FILE was not written (exit 130), not "interrupted" alone."""

from __future__ import annotations

import signal
from typing import Any

from game import cli
from game.commands import autoplay_command


def test_ctrl_c_in_autoplay_says_the_recording_was_not_written(tmp_path, capsys, monkeypatch) -> None:
    real_autoplay = autoplay_command.autoplay

    def stopped_after_five_actions(*args: Any, on_action: Any = None, **kwargs: Any) -> Any:
        count = 0

        def counting(game: Any, action: Any) -> None:
            nonlocal count
            if on_action is not None:
                on_action(game, action)
            count += 1
            if count == 5:
                raise KeyboardInterrupt  # the player's Ctrl-C in mid-run

        return real_autoplay(*args, on_action=counting, **kwargs)

    monkeypatch.setattr(autoplay_command, "autoplay", stopped_after_five_actions)
    target = tmp_path / "run.mlrec"
    assert cli.main(["autoplay", "--seed", "2", "--record", str(target)]) == 130
    assert capsys.readouterr().err.strip().splitlines() == [
        f"masterless: autoplay stopped by Ctrl-C before the run ended: {target} was not written"]
    assert not target.exists()
    previous = signal.getsignal(signal.SIGINT)
    try:  # without --record there is nothing to say of a file: the Ctrl-C is said as ever
        assert cli.main(["autoplay", "--seed", "2", "--max-turns", "50"]) == 130
    finally:  # leaving, main ignored Ctrl-C: the processes later tests start would inherit that
        signal.signal(signal.SIGINT, previous)
    assert capsys.readouterr().err.strip().splitlines() == ["masterless: interrupted"]
