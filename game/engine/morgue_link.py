"""Morgue files that replay (issue 18): each morgue file names its run's recording, a copy kept
beside it under the same name (``morgue-7-t412.txt`` and ``morgue-7-t412.mlrec``), so the two
travel together and `replay MORGUE` plays the run the morgue describes.

The morgue's last line says so: ``Recording: morgue-7-t412.mlrec`` (a name beside the morgue, or
a full path). A morgue written before this, or whose recording is missing, is refused with one
line saying which file was looked for."""

from __future__ import annotations

import shutil
from pathlib import Path

from game.core.errors import FileProblem
from game.core.paths import atomic_write

RECORDING_LINE = "Recording: "
MORGUE_FIRST_LINE = "Masterless - morgue file"
MAX_MORGUE_BYTES = 1 << 20  # morgue files are a few kilobytes


def attach_recording(morgue: Path, recording: Path) -> Path:
    """Copy `recording` beside `morgue` and name it in the morgue's last line; the copy's path."""
    beside = morgue.with_suffix(".mlrec")
    shutil.copyfile(recording, beside)
    text = morgue.read_text(encoding="utf-8")
    if not text.endswith("\n"):
        text += "\n"
    atomic_write(morgue, f"{text}\n{RECORDING_LINE}{beside.name}\n".encode())
    return beside


def is_recording(path: Path) -> bool:
    from game.engine.recording import MAGIC

    try:
        with Path(path).open("rb") as fh:
            return fh.read(len(MAGIC)) == MAGIC
    except OSError:
        return True  # let the recording reader say what is wrong with it


def is_morgue(path: Path) -> bool:
    try:
        with Path(path).open("rb") as fh:
            return fh.read(len(MORGUE_FIRST_LINE)) == MORGUE_FIRST_LINE.encode()
    except OSError:
        return False  # let the recording reader say what is wrong with it


def recording_of(path: str | Path) -> Path:
    """The recording to play for `path`: itself if it is a recording, else the one the morgue
    file names. FileProblem (exit 3) when it is neither."""
    path = Path(path)
    if is_recording(path) or not is_morgue(path):
        return path  # a recording, or for the recording reader to refuse in its own words
    try:
        with path.open("rb") as fh:
            text = fh.read(MAX_MORGUE_BYTES).decode("utf-8", errors="replace")
    except OSError as exc:
        raise FileProblem(f"{path}: cannot be read ({exc.strerror or exc})") from None
    named = [line[len(RECORDING_LINE):].strip() for line in text.splitlines() if line.startswith(RECORDING_LINE)]
    if not named:
        raise FileProblem(f"{path}: is a morgue file that names no recording (written before morgues kept them)")
    target = Path(named[-1])
    if not target.is_absolute():
        target = path.parent / target
    if not target.exists():
        raise FileProblem(f"{path}: names the recording {target}, which is not there (keep the two files together)")
    return target
