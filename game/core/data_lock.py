"""One game per data directory (issue 17): two copies writing one autosave file each other's runs
under the wrong names, so the second copy is refused with one line naming the first. Likewise one
game per `--record FILE` (`RecordLock`).

The lock is ``DATA_DIR/masterless.lock``, held with `fcntl.flock` for as long as the game runs,
and holding the owner's pid (for the message). The kernel drops a flock when its process dies,
so a lock file left by a killed game never blocks the next one. Where flock does not exist
(not POSIX), the lock is a no-op.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from pathlib import Path
from types import TracebackType

from game.core.errors import FileProblem, printable
from game.core.file_guard import write_problem

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX
    fcntl = None  # type: ignore[assignment]

LOCK_NAME = "masterless.lock"


class DataDirBusy(FileProblem):
    """Another copy of the game holds the data directory (exit 3)."""


class HeldLock:
    """A flock held on an open lock file (`_fd`, -1: none) from `acquire` to `release`, as a
    `with` block; the file keeps the holder's pid while held, for the message of a refused copy."""

    _fd = -1

    def acquire(self) -> None:
        raise NotImplementedError

    def release(self) -> None:
        if self._fd < 0:
            return
        with contextlib.suppress(OSError):
            os.ftruncate(self._fd, 0)
        with contextlib.suppress(OSError):
            os.close(self._fd)  # closing drops the flock
        self._fd = -1

    def __enter__(self) -> HeldLock:
        self.acquire()
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.release()


class DataDirLock(HeldLock):
    """``with DataDirLock(directory):`` — FileProblem (exit 3, one line) if another copy holds it,
    or the directory cannot be written at all."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        self.path = self.directory / LOCK_NAME

    def acquire(self) -> None:
        where = printable(str(self.directory))
        unusable = ("the data directory {} cannot be used ({}); set MASTERLESS_HOME to a directory you can write")
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise FileProblem(unusable.format(where, write_problem(exc))) from None
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            if not (self.path.is_symlink() or self.path.exists()) or self.path.is_file():
                raise FileProblem(unusable.format(where, write_problem(exc))) from None  # the directory, the disk
            # a folder or a loop of links sits where the lock goes: a new MASTERLESS_HOME would hide the saves
            raise FileProblem(f"{printable(str(self.path))} is in the way of the game's lock file "
                              f"({write_problem(exc)}); move it aside, the saves beside it are untouched") from None
        holder = _hold(fd)
        if holder:
            raise DataDirBusy(f"another Masterless ({holder}) is already playing from {where}; "
                              "close it first (one game per data directory)")
        self._fd = fd


class RecordLock(HeldLock):
    """``with RecordLock(FILE):`` — one game per `--record FILE`: two games of two data
    directories could write one file, each over the other, and only the last kept. The lock is a
    flock on a file in the system's temp folder named by FILE's absolute path (nothing is made
    beside the player's file; it stays there, small, as the data directory's does: unlinking it
    would let a third game lock a new file while the second holds the old one); where it cannot be
    made, the game records unguarded, as without flock. None records nowhere: nothing to hold."""

    def __init__(self, target: str | Path | None) -> None:
        self.target = target

    def acquire(self) -> None:
        if self.target is None or str(self.target) == "":
            return
        digest = hashlib.sha256(os.fsencode(os.path.abspath(self.target))).hexdigest()[:16]
        try:
            fd = os.open(Path(tempfile.gettempdir()) / f"masterless-record-{digest}.lock", os.O_RDWR | os.O_CREAT,
                         0o644)
        except OSError:
            return  # no temp folder to lock in: record unguarded
        holder = _hold(fd)
        if holder:
            raise DataDirBusy(f"--record: another Masterless ({holder}) is recording to "
                              f"{printable(str(self.target))}; close it first, or name another file")
        self._fd = fd


def _hold(fd: int) -> str:
    """Take the flock on `fd` and write this pid in it; "" when held (or when the file system
    has no locks: play on, unguarded), else who holds it ("pid 123"), `fd` then closed."""
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            other = _read_pid(fd)
            os.close(fd)
            return f"pid {other}" if other else "another process"
        except OSError:
            pass  # a file system without locks
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    return ""


def _read_pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None
