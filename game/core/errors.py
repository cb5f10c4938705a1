"""The errors a player may see, each with its exit code (DESIGN.md §6). Never a traceback."""

from __future__ import annotations


class MasterlessError(Exception):
    """An error meant for the player: one line, and an exit code."""

    exit_code = 1


class UsageError(MasterlessError):
    exit_code = 2


class FileProblem(MasterlessError):
    """A file that cannot be used: corrupt, wrong format, newer version."""

    exit_code = 3


class ReplayDesync(MasterlessError):
    exit_code = 4

    def __init__(self, turn: int, detail: str = "") -> None:
        super().__init__(f"replay desynced at turn {turn}" + (f": {detail}" if detail else ""))
        self.turn = turn


class DataError(MasterlessError):
    """Bad content in a data file; names the file and key."""

    exit_code = 3


def printable(text: str) -> str:
    """`text` with control characters escaped (``\\x1b``, ``\\n``): a message that quotes a file
    name or an argument must never move the cursor, change colours or break the one line."""
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch.isprintable():
            out.append(ch)
        else:
            out.append(ch.encode("unicode_escape").decode("ascii"))
    return "".join(out)
