"""Whether a file's flock is held, asked as another copy of the game would ask: through an open
of our own (the tests of staged files and of the score tables' writers' lock share it)."""

from __future__ import annotations

import os
from pathlib import Path


def held(path: Path) -> bool:
    """Whether some open file holds `path`'s lock; a file that does not exist is held by nobody."""
    import fcntl  # POSIX only: asked only by tests that lock

    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False
