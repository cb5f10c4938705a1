"""What `play`, `continue` and the title menu check before a run starts (issue 17), so that a
game is never lost to a second copy, an unwritable disk or a `--record FILE` that cannot be
written: each refusal is one line and exit 3 (2 for a bad argument), before the screen opens.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from game.core.data_lock import DataDirLock, RecordLock
from game.core.errors import FileProblem, printable
from game.core.file_guard import probe_writable_dir
from game.core.paths import data_dir
from game.core.sentences import capitalised
from game.designers.table import check_named_personalities
from game.engine.saves import record_file_problem, recording_there_problem
from game.ui.kit import Kit
from game.ui.screens.dialog import MessageDialog
from game.ui.state import State


@contextlib.contextmanager
def own_data_dir() -> Iterator[Path]:
    """Hold the data directory for this game: FileProblem (exit 3, one line) when it cannot be
    written (read-only, full, not a directory) or another copy of the game is using it."""
    directory = data_dir()
    problem = probe_writable_dir(directory)
    if problem:
        raise FileProblem(f"the data directory {problem}; saving would fail, so the game does not start "
                          "(set MASTERLESS_HOME to a directory you can write)")
    with DataDirLock(directory):
        yield directory


def check_record_file(path: str | None) -> None:
    """`play --record FILE`: FileProblem (exit 3, one line) unless it can be written, and is no
    recording already (a new run would replace it: `continue` writes on in its own)."""
    if path is None:
        return
    problem = record_file_problem(path)
    if problem is None:
        with RecordLock(path):  # a game recording there now is named as that (its lock's line), not as a run's
            pass
        problem = recording_there_problem(path)
    if problem:
        raise FileProblem(f"--record: {problem}")


def check_personalities(seats: str) -> None:
    """An AI seat's name after the colon is its personality (`ai:tyrant`), as `generate` reads it:
    an unknown one is refused (exit 2) instead of being taken for a name."""
    check_named_personalities(seats)


def with_notices(kit: Kit, state: State) -> State:
    """`state`, behind a dialog with the kit's notices (a corrupt options file set aside, bad
    key bindings) when there are any: `play` and `continue` never show the title's notice line."""
    if not kit.notices:
        return state
    # each a sentence of its own: run together, "...; using the default there key bindings ignored: ..." read as one
    text = " ".join(capitalised(printable(n).rstrip(".")) + "." for n in kit.notices[:3])
    return MessageDialog(kit, state, text, title="Options")
