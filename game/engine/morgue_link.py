"""Morgue files that replay (issue 18): each morgue file names its run's recording, a copy kept
beside it under the same name (``morgue-7-t412.txt`` and ``morgue-7-t412.mlrec``), so the two
travel together and `replay MORGUE` plays the run the morgue describes.

The morgue's last line says so: ``Recording: morgue-7-t412.mlrec`` (a name beside the morgue, or
a full path). A morgue written before this, or whose recording is missing, is refused with one
line saying which file was looked for."""

from __future__ import annotations

from pathlib import Path

from game.core.errors import FileProblem, printable
from game.core.file_guard import read_head
from game.core.staged_files import file_staged, staged_bytes, staged_copy
from game.engine.recording import MAGIC

RECORDING_LINE = "Recording: "
MORGUE_FIRST_LINE = "Masterless - morgue file"
MAX_MORGUE_BYTES = 1 << 20  # morgue files are a few kilobytes


STAGED = ".morgue."  # a morgue file, or the recording beside it, being written: held locked until named


def attach_recording(morgue: Path, recording: Path) -> Path:
    """Copy `recording` beside `morgue` and name it in the morgue's last line; the copy's path.
    The copy, and the morgue rewritten with that line, are staged and renamed into place
    (`staged_file`), so one cut short (a full disk, a kill) never stands under its name; a killed
    one's is swept with the morgue files' at the next end of a run."""
    beside = morgue.with_suffix(".mlrec")
    file_staged(*staged_copy(recording, morgue.parent, STAGED), beside)
    text = morgue.read_text(encoding="utf-8")
    if not text.endswith("\n"):
        text += "\n"
    # rewritten with that line the same way: a kill leaves a staged file to sweep, never a stray
    file_staged(*staged_bytes(f"{text}\n{RECORDING_LINE}{beside.name}\n".encode(), morgue.parent, STAGED), morgue)
    return beside


def is_recording(path: Path) -> bool:
    try:
        return read_head(path, len(MAGIC), "recording") == MAGIC
    except FileProblem:
        return True  # let the recording reader say what is wrong with it


def recording_of(path: str | Path) -> Path:
    """The recording to play for `path`: itself if it is a recording, else the one the morgue
    file names. FileProblem (exit 3) when it is neither. Only a regular file is opened (a FIFO
    or /dev/zero is refused at once, issue 17), and only its first MAX_MORGUE_BYTES are read."""

    head = read_head(path, MAX_MORGUE_BYTES, "recording")
    path = Path(path)
    if head.startswith(MAGIC) or not head.startswith(MORGUE_FIRST_LINE.encode()):
        return path  # a recording, or for the recording reader to refuse in its own words
    text = head.decode("utf-8", errors="replace")
    named = [line[len(RECORDING_LINE):].strip() for line in text.splitlines() if line.startswith(RECORDING_LINE)]
    where = printable(str(path))
    if not named:
        raise FileProblem(f"{where}: is a morgue file that names no recording (written before morgues kept them)")
    target = Path(named[-1])
    if not target.is_absolute():
        target = path.parent / target
    if not target.exists():
        raise FileProblem(f"{where}: names the recording {printable(str(target))}, which is not there "
                          "(keep the two files together)")
    return target
