"""Driver for test_filing_kill.py: a run in a linked autosave (`MASTERLESS_HOME` from the
environment) filed under Replays, stopped where its copy is made and not yet filed: it prints
"staged" there and waits for a line on stdin (or to be killed) before it files it."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.agents.scripted import play_scripted  # noqa: E402
from game.engine import saves  # noqa: E402


def main() -> None:
    game, recorder = saves.new_autosave(int(sys.argv[1]), "human,human,ai")
    play_scripted(game, 30, recorder.add)
    game.close()
    claim = saves.claim_name

    def claim_when_told(*args: object, **kwargs: object) -> object:
        print("staged", flush=True)
        sys.stdin.readline()
        return claim(*args, **kwargs)

    saves.claim_name = claim_when_told
    print("filed", saves.archive_autosave(), flush=True)


if __name__ == "__main__":
    main()
