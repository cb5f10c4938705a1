"""Reading and keeping files the player (or a fault) may have damaged, without hanging or
losing anything (DESIGN.md §7; issue 17).

- `read_bounded`: only a regular file, at most `cap` bytes. A FIFO, a device (`/dev/zero`), a
  directory or an oversized file is refused with one line (FileProblem, exit 3) instead of
  hanging or filling memory. The file is opened non-blocking, so opening a FIFO with no writer
  returns at once.
- `inflate_bounded`: zlib decompression with an output cap (a 65 KB bomb cannot take 1 GB).
- `set_aside`: moves a damaged file to ``NAME.bad`` (or ``NAME.bad.2``, ``.3`` ...), never over an
  earlier copy: each is kept for a bug report.
- `probe_writable_dir`: can the game write here at all (read-only, full, not a directory)?
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
import zlib
from collections.abc import Callable
from pathlib import Path

from game.core.errors import FileProblem, printable
from game.core.paths import written_through

MiB = 1 << 20


def _describe(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "is a directory"
    if stat.S_ISFIFO(mode):
        return "is a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device"
    if stat.S_ISSOCK(mode):
        return "is a socket"
    return "is not a regular file"


def _a(what: str) -> str:
    """'a recording', 'an options file': the game's own few names for its files, by their first
    letter (`sentences.with_article` knows sounds, but loads the word lists: 20 ms at start-up)."""
    return ("an " if what[:1].lower() in "aeiou" else "a ") + what


def read_head(path: str | Path, size: int, what: str = "file") -> bytes:
    """The first `size` bytes of the regular file at `path` (however long it is), or FileProblem
    naming the path and why not: for telling what kind of file it is without reading it all."""
    return read_bounded(path, size, what, head=True)


def read_bounded(path: str | Path, cap: int, what: str = "file", head: bool = False) -> bytes:
    """The bytes of the regular file at `path`, or FileProblem naming the path and why not.
    With `head`, a longer file is not refused: its first `cap` bytes are returned."""
    where = printable(str(path))
    if str(path) == "":
        raise FileProblem(f"no {what} named (the name is empty)")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        if os.path.islink(path):
            raise FileProblem(f"{where}: is a link to {printable(os.readlink(path))}, which does not exist") from None
        raise FileProblem(f"{where}: no such file") from None
    except IsADirectoryError:
        raise FileProblem(f"{where}: is a directory, not {_a(what)}") from None
    except OSError as exc:
        raise FileProblem(f"{where}: cannot be read ({exc.strerror or exc})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem(f"{where}: {_describe(info.st_mode)}, not {_a(what)}")
        if info.st_size > cap and not head:
            raise FileProblem(f"{where}: is too large to be {_a(what)} ({info.st_size:,} bytes; "
                              f"at most {cap:,})")
        chunks: list[bytes] = []
        total = 0
        while True:  # the size may have changed since fstat: read no more than the cap
            chunk = os.read(fd, min(1 << 16, cap + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > cap:
                if head:
                    return b"".join(chunks)[:cap]
                raise FileProblem(f"{where}: is too large to be {_a(what)} (more than {cap:,} bytes)")
        return b"".join(chunks)
    except OSError as exc:
        raise FileProblem(f"{where}: cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def inflate_bounded(data: bytes, cap: int) -> tuple[bytes, zlib._Decompress, bool]:
    """Decompress `data` (a zlib stream, maybe with bytes after it) to at most `cap` bytes.
    Returns the output, the decompressor (for `eof` and `unused_data`) and whether the cap
    was hit (the stream holds more than `cap` bytes). zlib.error for damaged data."""
    d = zlib.decompressobj()
    out = d.decompress(data, cap + 1)
    if len(out) > cap:
        return out[:cap], d, True
    return out, d, False


def set_aside(path: Path, suffix: str = ".bad") -> Path | None:
    """Move a damaged `path` to the first free ``NAME.bad``, ``NAME.bad.2`` ...; None if it could
    not be moved. An earlier copy is never overwritten."""
    path = Path(path)
    return claim_name(path, lambda n: path.with_name(path.name + suffix + ("" if n == 1 else f".{n}")))


def claim_name(path: Path, name: Callable[[int], Path], tries: int = 1000) -> Path | None:
    """Move `path` to the first of ``name(1)``, ``name(2)`` ... that does not exist yet; None if it
    could not be moved. A hard link claims the name (it fails if the name exists), so nothing
    is ever overwritten, even by a second process doing the same at once."""
    for n in range(1, tries + 1):
        target = name(n)
        try:
            os.link(path, target, follow_symlinks=False)
        except FileExistsError:
            continue
        except FileNotFoundError:
            return None
        except OSError:  # no hard links here: rename, after checking the name is free
            if target.exists() or target.is_symlink():
                continue
            try:
                os.rename(path, target)
            except OSError:
                return None
            return target
        with contextlib.suppress(OSError):
            os.unlink(path)
        return target
    return None


def probe_writable_dir(directory: Path) -> str | None:
    """None when files can be created in `directory` (made if missing), else one line why not."""
    where = printable(str(directory))
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return f"{where} is not a directory"
    except NotADirectoryError:
        return f"{where} cannot be made: part of its path is a file, not a directory"
    except OSError as exc:
        return f"{where} cannot be made ({exc.strerror or exc})"
    if not directory.is_dir():
        return f"{where} is not a directory"
    try:
        fd, tmp = tempfile.mkstemp(prefix=".probe.", suffix=".tmp", dir=directory)
    except OSError as exc:
        return f"{where} cannot be written ({write_problem(exc)})"
    try:
        os.write(fd, b"\0" * 4096)  # a full disk often still creates empty files (no fsync: start-up time)
    except OSError as exc:
        return f"{where} cannot be written ({write_problem(exc)})"
    finally:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    return None


def write_problem(exc: OSError) -> str:
    """A player's words for a failed write."""
    if exc.errno == errno.ENOSPC or exc.errno == getattr(errno, "EDQUOT", -1):
        return "the disk is full"
    if exc.errno == errno.EROFS:
        return "the disk is read-only"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if exc.errno in (errno.ENOTDIR, errno.EEXIST):  # EEXIST: making a folder where a file is
        return "part of the path is a file, not a directory"
    if exc.errno == errno.EISDIR:  # a folder where the file goes
        return "it is a directory, not a file"
    if exc.errno == errno.EFBIG:  # `ulimit -f`, or past what the file system holds in one file
        return "the file would grow past the largest size allowed (a file-size limit)"
    return exc.strerror or str(exc)


def probe_writable_file(path: str | Path) -> str | None:
    """None when `path` can be written the way `paths.atomic_write` writes it (a temp file beside
    it, then a rename), else one line why not. Nothing is left behind and nothing is changed."""
    if str(path) == "":
        return "no file named (the name is empty)"
    path = Path(path)
    where = printable(str(path))
    try:
        path = written_through(path)  # a link is written through, to its target
        if path.is_dir():
            return f"{where} is a directory, not a file"
        if (path.exists() or path.is_symlink()) and not path.is_file():
            return f"{where} is not a regular file"
        parent = path.parent
        if not parent.is_dir():
            return f"{where} cannot be written: its directory {printable(str(parent))} does not exist"
    except OSError as exc:  # a name too long, a loop of links
        return f"{where} cannot be written ({write_problem(exc)})"
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=parent)
    except OSError as exc:
        return f"{where} cannot be written ({write_problem(exc)})"
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(tmp)
    return None
