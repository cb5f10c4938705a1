"""The game's own data files (data/*.toml): a pipe, or a link to a device, in the place of one held
the start for good (the file was read to its end, and a pipe or /dev/zero has none). It is now one
line naming the file and exit 3, as for any file that cannot be used (DESIGN.md §6)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from fault_tools import REPO, env_for, one_line

# The real command line, on a copy of data/ that the test may damage (never the checkout's own)
ON_DATA = ("import sys; from pathlib import Path; import game.core.content as content; "
           "content.DATA_DIR = Path(sys.argv[1]); from game.cli import run_program; "
           "sys.exit(run_program(sys.argv[2:]))")


def damaged_data(tmp_path: Path, name: str, how: str) -> Path:
    data = tmp_path / "content"
    shutil.copytree(REPO / "data", data, ignore=shutil.ignore_patterns("__pycache__"))
    path = data / f"{name}.toml"
    path.unlink()
    if how == "pipe":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    return path


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("how", ["pipe", "/dev/zero"])
@pytest.mark.parametrize("name", ["types", "traits"])
def test_a_pipe_or_device_for_a_data_file_is_one_line_and_exit_3(tmp_path: Path, name: str, how: str) -> None:
    path = damaged_data(tmp_path, name, how)
    argv = [sys.executable, "-c", ON_DATA, str(path.parent), "generate", "--seed", "1", "--party", "2", "--rooms", "1"]
    try:
        done = subprocess.run(argv, cwd=REPO, env=env_for(tmp_path, PYTHONPATH=str(REPO)), stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=30)  # a guard, not a measure
    except subprocess.TimeoutExpired:
        pytest.fail(f"the start waited on {how} in the place of data/{name}.toml")
    line = one_line(done, 3)
    assert line.startswith(f"masterless: {path}: ") and line.endswith("not a data file"), line


def test_the_undamaged_copy_plays(tmp_path: Path) -> None:
    """The copy itself is good: what the test above damages is the only fault."""
    shutil.copytree(REPO / "data", tmp_path / "content", ignore=shutil.ignore_patterns("__pycache__"))
    argv = [sys.executable, "-c", ON_DATA, str(tmp_path / "content"), "generate", "--seed", "1", "--party", "2",
            "--rooms", "1"]
    done = subprocess.run(argv, cwd=REPO, env=env_for(tmp_path, PYTHONPATH=str(REPO)), stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("Seed 1,"), done.stderr


def test_a_data_file_that_is_not_text_is_one_line_and_exit_3(tmp_path: Path) -> None:
    """Bytes that are not UTF-8 in a data file were an internal error with a crash log."""
    shutil.copytree(REPO / "data", tmp_path / "content", ignore=shutil.ignore_patterns("__pycache__"))
    path = tmp_path / "content" / "types.toml"
    path.write_bytes(b"[types]\n\xff\xfe junk\n")
    argv = [sys.executable, "-c", ON_DATA, str(path.parent), "generate", "--seed", "1", "--party", "2"]
    done = subprocess.run(argv, cwd=REPO, env=env_for(tmp_path, PYTHONPATH=str(REPO)), stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)
    assert one_line(done, 3) == f"masterless: {path}: is not UTF-8 text (byte 0xff at 8)"
    assert not (tmp_path / "data" / "crash.log").exists()
