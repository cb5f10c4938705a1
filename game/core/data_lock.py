"""One game per data directory (issue 17): two copies writing one autosave file each other's runs
under the wrong names, so the second copy is refused with one line naming the first.

The lock is ``DATA_DIR/masterless.lock``, held with `fcntl.flock` for as long as the game runs,
and holding the owner's pid (for the message). The kernel drops a flock when its process dies,
so a lock file left by a killed game never blocks the next one. Where flock does not exist
(not POSIX), the lock is a no-op.
"""

from __future__ import annotations

import contextlib
import os
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


class DataDirLock:
    """``with DataDirLock(directory):`` — FileProblem (exit 3, one line) if another copy holds it,
    or the directory cannot be written at all."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        self.path = self.directory / LOCK_NAME
        self._fd = -1

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
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                other = _read_pid(fd)
                os.close(fd)
                who = f"pid {other}" if other else "another process"
                raise DataDirBusy(f"another Masterless ({who}) is already playing from {where}; "
                                  "close it first (one game per data directory)") from None
            except OSError:
                pass  # a file system without locks: play on, unguarded
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self._fd = fd

    def release(self) -> None:
        if self._fd < 0:
            return
        with contextlib.suppress(OSError):
            os.ftruncate(self._fd, 0)
        with contextlib.suppress(OSError):
            os.close(self._fd)  # closing drops the flock
        self._fd = -1

    def __enter__(self) -> DataDirLock:
        self.acquire()
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.release()


def _read_pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None
