"""A driver script (a game cut down to one write) run as another process and stopped where it
has staged its file, for the tests that kill a writer there (tests/engine, tests/ui)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def stopped_driver(driver: Path, home: Path, *args: str, config: Path | None = None) -> Iterator[subprocess.Popen[str]]:
    """`driver ARGS` with its files under `home` (and its options in `config`), once it says it
    has staged its file; killed on the way out if the test has not ended it."""
    env = {**os.environ, "MASTERLESS_HOME": str(home)}
    if config is not None:
        env["MASTERLESS_CONFIG_DIR"] = str(config)
    proc = subprocess.Popen([sys.executable, str(driver), *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, env=env)
    try:
        assert proc.stdout is not None and proc.stdin is not None
        assert proc.stdout.readline() == "staged\n"
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
        for stream in (proc.stdin, proc.stdout):
            if stream is not None:
                stream.close()
