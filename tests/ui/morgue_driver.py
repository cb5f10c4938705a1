"""Driver for test_morgue_kill.py: a run on seed ARGV[1] played to its end by the AI and ended
through the app's host (`MASTERLESS_HOME` from the environment), stopped where its morgue file is
written and not yet named: it prints "staged" there and waits for a line on stdin (or to be
killed) before it goes on."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.agents.autoplay import play  # noqa: E402
from game.core.seats import parse_seats  # noqa: E402
from game.engine import morgue  # noqa: E402
from game.engine.start import new_game  # noqa: E402
from game.ui import app  # noqa: E402
from game.ui.kit import Kit  # noqa: E402
from game.ui.options import Options  # noqa: E402
from game.ui.session import Session  # noqa: E402
from game.ui.state import Exit  # noqa: E402


def main() -> None:
    session = Session(new_game(int(sys.argv[1]), parse_seats("ai+hero,ai"), 2))
    play(session.game, 3000)
    claim = morgue.claim_name

    def claim_when_told(*args: object, **kwargs: object) -> object:
        print("staged", flush=True)
        sys.stdin.readline()
        return claim(*args, **kwargs)

    morgue.claim_name = claim_when_told  # the morgue file's naming, as `write_morgue` does it
    kit = Kit.from_options(Options(), Path(sys.argv[2]))
    app.AppHost(kit, None, after=lambda: Exit("done")).end_of_run(session, Exit("map"))
    print("ended", flush=True)


if __name__ == "__main__":
    main()
