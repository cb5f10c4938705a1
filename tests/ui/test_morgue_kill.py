"""A game killed while it wrote a finished run's morgue file left the half-named file in the
morgue folder's `.writing` for good. The morgue is now written to a temp file held locked until it
has its name; the next end of a run removes such leftovers, and only those: the morgue another
game is writing at that very moment stays."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest
from screen_games import make_kit

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))  # the shared driver runner
from stopped_drivers import stopped_driver  # noqa: E402

from game.agents.autoplay import play
from game.core.paths import morgue_dir
from game.core.seats import parse_seats
from game.engine.start import new_game
from game.ui import app
from game.ui.session import Session
from game.ui.state import Exit

DRIVER = Path(__file__).with_name("morgue_driver.py")
pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def end_a_run(tmp_path: Path, seed: int) -> Path:
    session = Session(new_game(seed, parse_seats("ai+hero,ai"), 2))
    play(session.game, 3000)
    app.AppHost(make_kit(tmp_path), None, after=lambda: Exit("done")).end_of_run(session, Exit("map"))
    return session.morgue_path


def not_morgues() -> list[str]:
    """Whatever the morgue folder holds besides morgue files (and recordings beside them)."""
    return sorted(str(p.relative_to(morgue_dir())) for p in morgue_dir().rglob("*")
                  if not (p.parent == morgue_dir() and p.name.startswith("morgue-")))


def test_a_killed_games_half_written_morgue_is_swept_but_never_one_being_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("MASTERLESS_HOME", str(home))
    monkeypatch.setenv("MASTERLESS_CONFIG_DIR", str(home / "config"))
    with stopped_driver(DRIVER, home, "11", str(tmp_path / "options.toml"), config=home / "config") as proc:
        (being_written,) = not_morgues()
        mine = end_a_run(tmp_path, 12)  # another game's run ends meanwhile
        assert mine.exists() and not_morgues() == [being_written], "a morgue another game is writing was swept"
        os.kill(proc.pid, signal.SIGKILL)  # killed before its morgue had its name
        proc.wait(timeout=30)
    assert not_morgues() == [being_written]  # what the kill left behind
    end_a_run(tmp_path, 13)  # the next end of a run
    assert not_morgues() == []
