"""The fault corpus drives the game on a pseudo-terminal with the terminal tests' helpers (and asks
locks with the core tests' `lock_probe`)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

for helpers in ("terminal", "core"):  # pty_tools, map_tools; lock_probe
    folder = str(Path(__file__).resolve().parents[1] / helpers)
    if folder not in sys.path:
        sys.path.append(folder)


import pytest  # noqa: E402

# name -> (seed, seats, level, dials, hand-made hero of seat 0, actions): games played afresh by
# the scripted player, so the corpus follows the rules as they are today (the checked-in
# recordings pin old games; these only need to be whole ones)
GAMES = {
    "solo": (1, "human,ai,ai", 2, (), False, 140),
    "hotseat": (3, "human,human,ai", 2, (), False, 400),
    "handmade": (4, "human,ai+hero,ai", 1, (("die", "8"), ("theme", "forest"), ("seriousness", "5")), True, 120),
}


@pytest.fixture(scope="session")
def recordings(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Whole recordings written by this version: name -> path (copy before damaging)."""
    from game.agents.scripted import play_scripted
    from game.core.dials import parse_dials
    from game.core.seats import HeroChoice
    from game.engine.recording import Recorder

    directory = tmp_path_factory.mktemp("recordings")
    made = {}
    for name, (seed, seats, level, dials, hero, actions) in GAMES.items():
        heroes = {0: HeroChoice("Wren Tallow", "dwarf", "brave", "rogue", ("stealthy", "deadly"))} if hero else {}
        path = directory / f"{name}.mlrec"
        recorder = Recorder.for_new_game(path, seed, seats, level, parse_dials(dials), heroes, flush_every=0,
                                         durable=False)
        game = recorder.start()
        try:
            play_scripted(game, actions, recorder.add)
            recorder.finish(game)
        finally:
            game.close()
        made[name] = path
    return made


@pytest.fixture
def earlier_save(tmp_path: Path, recordings: dict[str, Path]) -> Iterator[Path]:
    """A saved game in progress in the data directory of `tmp_path` (the one `fault_tools.env_for`
    gives a subprocess): after the test it must be byte for byte as it was, and no crash logged."""
    data = tmp_path / "data"
    data.mkdir(exist_ok=True)
    saved = recordings["hotseat"].read_bytes()
    (data / "autosave.mlrec").write_bytes(saved)
    (data / "autosave.bak.mlrec").write_bytes(saved)
    yield data
    assert (data / "autosave.mlrec").read_bytes() == saved
    assert (data / "autosave.bak.mlrec").read_bytes() == saved
    assert not (data / "crash.log").exists()
