"""Temp files a copy of the game fills before it files them under their real name (a run's
recording and its morgue file at the end of the run, a friend's recording), held locked
(`fcntl.flock`) for as long as their writer has them, so that another copy can tell one being
written now from one a killed writer left behind. The kernel drops a flock when its process
dies: a temp file nobody holds is a leftover, and `sweep_leftovers` removes it. Where flock does
not exist (not POSIX), or a file system refuses it, nothing is swept: no file is removed that
might still be written."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX
    fcntl = None  # type: ignore[assignment]

TRIES = 5  # a fresh name each time a sweep took the one just made (before it was locked)


def _read_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


UMASK = _read_umask()  # read once, at start: setting it to read it is unsafe while threads make files


def made_plainly(fd: int, like: Path | None = None) -> None:
    """Give a temp file (mkstemp makes it owner-only) the mode a plainly made file would have:
    that of the file it is about to replace, else what the umask allows. A chart, a recording or
    an options file made 0600 could not be read by another user the player shares it with."""
    try:
        mode = stat.S_IMODE(os.stat(like).st_mode) if like is not None and like.is_file() else 0o666 & ~UMASK
        os.fchmod(fd, mode)
    except OSError:
        pass  # a file system without modes: the file is written all the same


def staged_file(directory: Path, prefix: str) -> tuple[Path, int]:
    """A new empty temp file ``PREFIX*.tmp`` in `directory` and its open descriptor, locked:
    keep the descriptor open until the file is filed (renamed or linked, the lock stays with
    it), then close it. A sweep may take the name between its making and its lock: the name is
    checked to be still this file's, else a fresh one is made."""
    for _ in range(TRIES):
        fd, name = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=directory)
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:  # a sweep took it between its making and now: it is about to go
                os.close(fd)
                continue
            except OSError:
                pass  # a file system without locks: nothing is swept there either
        if _same_file(fd, name):
            made_plainly(fd)
            return Path(name), fd
        os.close(fd)
    raise OSError(f"could not make a temp file in {directory}")


def staged_copy(source: Path, directory: Path, prefix: str) -> tuple[Path, int]:
    """A `staged_file` in `directory` filled with a copy of `source`, and its descriptor, held
    locked until it is filed; when the copy fails, nothing of it is left."""

    def copy(out: BinaryIO) -> None:
        with open(source, "rb") as original:
            shutil.copyfileobj(original, out)

    return _staged_with(directory, prefix, copy)


def staged_bytes(data: bytes, directory: Path, prefix: str) -> tuple[Path, int]:
    """A `staged_file` in `directory` holding `data` (on disk: fsynced), and its descriptor, held
    locked until it is filed; when the write fails, nothing of it is left."""

    def write(out: BinaryIO) -> None:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())

    return _staged_with(directory, prefix, write)


def _staged_with(directory: Path, prefix: str, fill: Callable[[BinaryIO], None]) -> tuple[Path, int]:
    staged, fd = staged_file(directory, prefix)
    try:
        with os.fdopen(os.dup(fd), "wb") as out:
            fill(out)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(staged)
        os.close(fd)
        raise
    return staged, fd


def file_staged(staged: Path, fd: int, target: Path) -> None:
    """Rename a staged file to its real name and let its lock go; when the rename fails, the
    staged file is removed (nothing is left half-filed)."""
    try:
        os.replace(staged, target)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(staged)
        raise
    finally:
        os.close(fd)


def sweep_leftovers(directory: Path, prefix: str) -> list[Path]:
    """Remove the ``PREFIX*.tmp`` files in `directory` that no living writer holds; returns them."""
    if fcntl is None:
        return []
    gone = []
    for path in sorted(Path(directory).glob(f"{glob.escape(prefix)}*.tmp")):
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            continue  # gone already, or not a file of ours
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            if _same_file(fd, path):
                os.unlink(path)
                gone.append(path)
        except OSError:
            pass  # held by a copy writing it now (or no locks here): left alone
        finally:
            os.close(fd)
    return gone


def _same_file(fd: int, path: str | Path) -> bool:
    """Whether `path` still names the file open as `fd`."""
    try:
        held, named = os.fstat(fd), os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    return (held.st_dev, held.st_ino) == (named.st_dev, named.st_ino)
