"""A title screen run fullscreen whose ``on_hangup`` writes a marker file (terminal safety tests).

    python tests/terminal/guard_app.py MARKER
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.core.errors import MasterlessError  # noqa: E402
from game.ui.kit import Kit  # noqa: E402
from game.ui.present.terminal import run_in_terminal  # noqa: E402
from game.ui.screens.title import TitleScreen, standard_title_entries  # noqa: E402


def main() -> int:
    marker = Path(sys.argv[1])
    kit = Kit.load()

    def on_hangup() -> None:
        with marker.open("a") as handle:
            handle.write("saved\n")

    try:
        result = run_in_terminal(TitleScreen(kit, standard_title_entries(kit)), kit=kit, on_hangup=on_hangup)
    except MasterlessError as exc:
        print(f"masterless: {exc}", file=sys.stderr)
        return exc.exit_code
    with marker.open("a") as handle:
        handle.write(f"ended interrupted={result.interrupted}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
