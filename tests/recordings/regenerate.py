"""Regenerate the checked-in recordings, on purpose: `.venv/bin/python tests/recordings/regenerate.py`.

These recordings are old games that must keep replaying (tests/engine/test_recording_fixtures.py
replays each with every check). When a change to the game is *meant* to change how games play,
bump RULES_VERSION in game/engine/game.py when the change would break players' saves, then run
this script and commit the new files with the change that made them necessary. Never regenerate
to silence a failure you cannot explain: that failure is the desync the test exists to catch.

`--check` regenerates into a temporary directory and says which files would change, writing nothing.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from game.agents.autoplay import play  # noqa: E402
from game.agents.scripted import play_scripted  # noqa: E402
from game.core.dials import parse_dials  # noqa: E402
from game.core.seats import HeroChoice  # noqa: E402
from game.engine.recorded_play import replay  # noqa: E402
from game.engine.recording import Recorder  # noqa: E402
from game.engine.recording_read import read_recording  # noqa: E402

# name -> (seed, seats, level, dials, hand-made heroes, how it is played, max actions / turns)
FIXTURES: dict[str, tuple[int, str, int, tuple[tuple[str, str], ...], dict[int, HeroChoice], str, int]] = {
    "solo-scripted": (1, "human,ai,ai", 2, (), {}, "scripted", 400),
    "companions-autoplay": (2, "ai+hero,ai+hero,ai", 2, (), {}, "autoplay", 400),
    "hotseat-scripted": (3, "human,human,ai", 2, (), {}, "scripted", 400),
    "handmade-dials-scripted": (
        4, "human,ai+hero,ai", 1, (("die", "8"), ("theme", "forest"), ("seriousness", "5")),
        {0: HeroChoice("Wren Tallow", "dwarf", "brave", "rogue", ("stealthy", "deadly"))},
        "scripted", 300),
    "hotseat-designers-scripted": (4, "human,human", 2, (("design", "ask"),), {}, "scripted", 300),
}


def make(name: str, directory: Path) -> Path:
    seed, seats, level, dial_pairs, heroes, how, limit = FIXTURES[name]
    path = directory / f"{name}.mlrec"
    recorder = Recorder.for_new_game(path, seed, seats, level, parse_dials(dial_pairs), heroes,
                                     flush_every=0, durable=False)
    game = recorder.start()
    if how == "autoplay":
        play(game, limit, on_action=recorder.add)
    else:
        play_scripted(game, limit, recorder.add)
    recorder.finish(game)
    replay(read_recording(path)).close()  # a new recording that does not replay is a bug to fix first
    game.close()
    return path


def main(argv: list[str]) -> int:
    check = "--check" in argv
    if check:
        with tempfile.TemporaryDirectory() as tmp:
            changed = [n for n in FIXTURES
                       if make(n, Path(tmp)).read_bytes() != (HERE / f"{n}.mlrec").read_bytes()]
        print("would change: " + (", ".join(changed) if changed else "nothing"))
        return 0
    for name in FIXTURES:
        path = make(name, HERE)
        rec = read_recording(path)
        print(f"{path.relative_to(HERE.parents[1])}: {len(rec.steps)} actions, {rec.turns} turns, "
              f"{path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
