"""The high-score file (``scores.json`` in the user data directory), read so that no entry in it
can crash the end of a run (issue 17).

Every row is checked field by field; a row of the wrong shape is dropped from the list, and
the file as it was is kept as ``scores.json.bad`` (``.bad.2`` and so on, never overwriting an
earlier copy) before the next write replaces it. The file is read bounded: a regular file of at
most MAX_BYTES.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from game.core.errors import FileProblem
from game.core.file_guard import MiB, read_bounded, set_aside
from game.core.paths import atomic_write

MAX_BYTES = 4 * MiB  # fifty runs are a few kilobytes


@dataclass(frozen=True, slots=True)
class ScoreEntry:
    score: int
    seed: int
    outcome: str
    floor: int
    rooms: int
    turns: int
    heroes: str


_TYPES = {f.name: f.type for f in fields(ScoreEntry)}


def entry_from_json(row: Any) -> ScoreEntry | None:
    """The entry `row` describes, or None when any field is missing or of the wrong type."""
    if not isinstance(row, dict) or set(row) != set(_TYPES):
        return None
    for name, kind in _TYPES.items():
        value = row[name]
        if kind == "int" and not (isinstance(value, int) and not isinstance(value, bool)):
            return None
        if kind == "str" and not isinstance(value, str):
            return None
    return ScoreEntry(**row)


def load_scores(path: Path) -> list[ScoreEntry]:
    """The high-score list (empty when there is none). A damaged file, or one with damaged rows,
    is kept aside as ``.bad`` and its good rows are returned."""
    return read_scores(path)[0]


def read_scores(path: Path) -> tuple[list[ScoreEntry], Path | None]:
    """`load_scores`, and where a damaged file was kept aside (None when it was whole), for the
    screen to say: an empty list must not look like runs never played."""
    if not path.exists() and not path.is_symlink():
        return [], None
    try:
        rows = json.loads(read_bounded(path, MAX_BYTES, "score list").decode("utf-8"))
    except (FileProblem, ValueError, RecursionError):
        return [], set_aside(path)
    if not isinstance(rows, list):
        return [], set_aside(path)
    entries = [e for e in map(entry_from_json, rows) if e is not None]
    if len(entries) == len(rows):
        return entries, None
    kept = set_aside(path)
    if kept is not None:  # the good rows stay in the list (moved aside with the bad ones, they were lost to it)
        with contextlib.suppress(OSError):
            write_scores(path, entries)
    return entries, kept


def write_scores(path: Path, entries: list[ScoreEntry]) -> None:
    """The list as the game keeps it: a JSON list of rows, written atomically; a temp file a
    killed write left is swept by the next write (`atomic_write(shared=True)`)."""
    atomic_write(path, json.dumps([asdict(e) for e in entries], indent=1).encode("utf-8"), shared=True)
