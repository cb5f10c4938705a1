"""Where the game keeps its files (DESIGN.md §7), and the one way it writes them: atomically.

Directories are platformdirs' user data and config directories for "masterless". The environment
variable ``MASTERLESS_HOME`` moves all of them under one directory (``$MASTERLESS_HOME/data``,
``$MASTERLESS_HOME/config``): tests, portable installs and anyone who wants two separate
careers on one account. ``MASTERLESS_CONFIG_DIR`` (the options file's own override) still wins
for the config directory, so the two never disagree.

`atomic_write` is temp file in the same directory, flush, fsync, rename; with ``backup`` the file
it replaces first becomes the backup (hard-linked, so the file itself is never missing), so after
any crash both are whole files: the current one, and the one before it. A file that is a
symbolic link is written through it: the temp file goes beside the link's target and replaces
that, so the link stays a link (an autosave kept elsewhere through one stays where it was put).
With ``shared`` (a file more than one process writes: the high-score list, the seed tables; or
one whose killed writer must not leave its temp file for good: the options, a build's draft,
what `continue` remembers of a run, a saved design, a recording, `balance --json`/`--plot`) the
temp file is held locked while it is written (`staged_files`), and the ones a killed writer left
are swept before each write to the same place, never one another process is writing now.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path

import platformdirs

from game.core.staged_files import made_plainly, staged_file, sweep_leftovers

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX
    fcntl = None  # type: ignore[assignment]

APP_NAME = "masterless"
HOME_ENV = "MASTERLESS_HOME"
CONFIG_ENV = "MASTERLESS_CONFIG_DIR"


def _env(env: Mapping[str, str] | None) -> Mapping[str, str]:
    return os.environ if env is None else env


def data_dir(env: Mapping[str, str] | None = None) -> Path:
    """The user data directory: autosave, recordings, morgue files, high scores."""
    home = _env(env).get(HOME_ENV)
    if home:
        return Path(home) / "data"
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def config_dir(env: Mapping[str, str] | None = None) -> Path:
    """The user config directory: the options file."""
    e = _env(env)
    if e.get(CONFIG_ENV):
        return Path(e[CONFIG_ENV])
    if e.get(HOME_ENV):
        return Path(e[HOME_ENV]) / "config"
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


RECORDINGS = "recordings"  # beside the autosave: where a finished run's recording is filed


def recordings_dir(env: Mapping[str, str] | None = None) -> Path:
    return data_dir(env) / RECORDINGS


def morgue_dir(env: Mapping[str, str] | None = None) -> Path:
    return data_dir(env) / "morgue"


def _fsync_dir(directory: Path) -> None:
    """Make a rename in `directory` durable (POSIX; a no-op where directories cannot be opened)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def written_through(path: Path) -> Path:
    """The file a write to `path` lands in: the final target when `path` is a symbolic link
    (replacing the link itself would cut it off from where the user keeps the file)."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def _keep_as_backup(path: Path, backup: Path) -> None:
    """Make `backup` the current `path`. A hard link first, so `path` itself never goes missing
    (a process killed here leaves both); where links are not allowed, a rename; where `path` is
    on another disk (a link's target), a copy."""
    link = backup.with_name(f".{backup.name}.link")
    try:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(link)
        os.link(path, link)
        os.replace(link, backup)
    except OSError:
        try:
            os.replace(path, backup)
        except OSError:
            shutil.copyfile(path, link)
            os.replace(link, backup)


def atomic_write(path: Path, data: bytes, backup: Path | None = None, durable: bool = True,
                 shared: bool = False) -> None:
    """Write `data` to `path` so that a crash leaves either the old file or the new one, never a
    mix. With `backup`, the old file becomes the backup (unless a folder sits in its place: then
    there is none, and the write still goes through). `durable` fsyncs the file and the
    directory (a power cut cannot lose the write); without it only the process dying is safe.
    `shared`: see the module docstring (a kill between the write and the rename leaves nothing
    for good)."""
    path = written_through(Path(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    if backup is not None:
        backup = written_through(Path(backup))
    prefix = f".{path.name}."
    held = -1
    if shared:
        sweep_leftovers(path.parent, prefix)
        tmp_path, held = staged_file(path.parent, prefix)
        fd, tmp = os.dup(held), str(tmp_path)
    else:
        fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=path.parent)
    made_plainly(fd, path)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            if durable:
                os.fsync(f.fileno())
        # a folder where the backup goes cannot be replaced: the save goes on without a backup
        if backup is not None and path.exists() and not Path(backup).is_dir():
            _keep_as_backup(path, Path(backup))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    finally:
        if held >= 0:
            os.close(held)  # renamed (or removed): its lock goes
    if durable:
        _fsync_dir(path.parent)


@contextlib.contextmanager
def one_writer_at_a_time(path: Path) -> Iterator[None]:
    """Hold `path`'s lock file (`path` + ".lock", a blocking flock) while a file is read, changed
    and written again: two processes doing it at once (a run ending while `scores import` runs)
    would each write what they read, and the first one's change would be lost. Where there is
    no flock, or the lock file cannot be made, it goes on unguarded, as before."""
    fd = -1
    if fcntl is not None:
        with contextlib.suppress(OSError):
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(f"{path}.lock", os.O_RDWR | os.O_CREAT, 0o644)
            fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        yield
    finally:
        if fd >= 0:
            os.close(fd)  # closing drops the flock
