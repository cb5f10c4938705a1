"""Files the game writes get the mode a plainly made file would have: temp files (made
owner-only by mkstemp) used to carry their 0600 over to the real name, so a chart, a batch's
JSON, a recording or a saved design could not be read by anyone the player shared it with, and
an options file kept 0644 became 0600 at its next save."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.paths import atomic_write

ROOT = Path(__file__).resolve().parents[2]


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


@pytest.mark.parametrize("shared", [False, True])
def test_a_new_file_gets_what_the_umask_allows_and_a_rewritten_one_keeps_its_mode(tmp_path: Path,
                                                                                   shared: bool) -> None:
    made = tmp_path / "options.toml"
    atomic_write(made, b"a = 1\n", shared=shared)
    assert mode(made) == 0o666 & ~umask()
    made.chmod(0o640)
    atomic_write(made, b"a = 2\n", shared=shared)
    assert mode(made) == 0o640 and made.read_bytes() == b"a = 2\n"


def test_a_recording_written_by_the_command_line_is_readable_by_others_under_umask_022(tmp_path: Path) -> None:
    record = tmp_path / "run.mlrec"
    out = subprocess.run([sys.executable, "main.py", "autoplay", "--seed", "3", "--max-turns", "60",
                          "--record", str(record)], cwd=ROOT, capture_output=True, text=True, umask=0o022,
                         env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "d"), "XDG_STATE_HOME": str(tmp_path / "s"),
                              "XDG_CONFIG_HOME": str(tmp_path / "c")}, timeout=120)
    assert out.returncode == 0, out.stderr
    assert mode(record) == 0o644
