"""The command as the player typed it, for every line that tells them what to type next."""

from __future__ import annotations

import os
import sys


def program_name() -> str:
    """`masterless` (the command pip installs, as over ssh), else `python main.py`: a hint that
    names the other would send the player to a command or a file that is not there."""
    return "masterless" if os.path.basename(sys.argv[0] if sys.argv else "") == "masterless" else "python main.py"


def command(*words: str) -> str:
    """`words` as a command line to type: command("continue") -> "python main.py continue"."""
    return " ".join([program_name(), *words])
