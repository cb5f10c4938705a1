"""Old games keep playing: every recording checked in under tests/recordings/ replays with every
check (Brogue CE's CI does the same). A failure here means a change to the game changed how a
recorded game plays."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.commands.replay_command import verify_headless
from game.core.errors import FileProblem, ReplayDesync
from game.engine.recording_read import read_recording

FIXTURES = Path(__file__).resolve().parents[1] / "recordings"
FILES = sorted(FIXTURES.glob("*.mlrec"))
REGENERATE = (
    "If the change was meant to change how games play, bump RULES_VERSION in game/engine/game.py when "
    "players' saves would break, then regenerate the fixtures on purpose with "
    "`.venv/bin/python tests/recordings/regenerate.py` and commit them with your change (see its docstring). "
    "Otherwise this is the desync the test exists to catch."
)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_checked_in_recording_still_replays(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        verify_headless(read_recording(path), strict=True)
    except (ReplayDesync, FileProblem) as exc:
        pytest.fail(f"{path.name} no longer replays: {exc}.\n{REGENERATE}", pytrace=False)
    assert "verified" in capsys.readouterr().out


def test_the_fixtures_cover_solo_companions_and_hot_seat() -> None:
    seats = {read_recording(p).header.seats for p in FILES}
    kinds = [s.split(",") for s in seats]
    assert any(k.count("human") == 1 and "ai+hero" not in k for k in kinds), "a solo game"
    assert any("human" not in k and "ai+hero" in k for k in kinds), "a companions game"
    assert any(k.count("human") >= 2 for k in kinds), "a hot-seat game"
    assert any(read_recording(p).header.heroes for p in FILES), "hand-made heroes"
    kinds_played = {type(s.action).__name__ for p in FILES for s in read_recording(p).steps}
    assert {"Move", "Wait", "Search", "TakeCategory", "BuildRoom"} <= kinds_played
