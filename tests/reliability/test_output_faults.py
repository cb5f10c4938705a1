"""Standard output that cannot be written (the reliability audit): `generate > rooms.txt` on a
full disk was "internal error: OSError ... (details in crash.log)", a bug report for no bug, with
a crash log written to the same full disk. Now one line saying the write failed, exit 3."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from fault_tools import REPO, env_for, one_line, run_cli

COMMANDS = [["generate", "--seed", "1", "--party", "2"], ["autoplay", "--seed", "1", "--max-turns", "3", "--json"],
            ["catalog", "--seeds", "1-3"], ["scores"]]


def run_into(home: Path, target: Path, argv: list[str], limit: int | None = None) -> subprocess.CompletedProcess[str]:
    def limited() -> None:  # files may grow to `limit` bytes, no more: a full disk without mounting one
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    with open(target, "w") as out:
        return subprocess.run([sys.executable, str(REPO / "main.py"), *argv], cwd=home, env=env_for(home),
                              stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.PIPE, text=True, timeout=120,
                              preexec_fn=limited)


def said_once(done: subprocess.CompletedProcess[str], home: Path) -> str:
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 3 and len(lines) == 1, (done.returncode, done.stderr)
    assert "internal error" not in lines[0] and not (home / "data" / "crash.log").exists()
    return lines[0]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("argv", COMMANDS)
def test_output_to_a_full_device_is_one_line(tmp_path, argv) -> None:
    line = said_once(run_into(tmp_path, Path("/dev/full"), argv), tmp_path)
    assert line == "masterless: a write failed: the disk is full"


def test_output_to_a_file_that_cannot_grow_is_one_line(tmp_path) -> None:
    """A file-size limit (`ulimit -f`) was said in the system's words, "File too large", where a
    full disk is "the disk is full": now in the game's own."""
    line = said_once(run_into(tmp_path, tmp_path / "rooms.txt", ["catalog", "--seeds", "1-50"], limit=2000), tmp_path)
    assert line == "masterless: a write failed: the file would grow past the largest size allowed (a file-size " \
                   "limit)", line


@pytest.mark.parametrize("argv", COMMANDS)
def test_a_closed_standard_output_is_one_line_not_a_silent_success(tmp_path: Path, argv: list[str]) -> None:
    """`autoplay --seed 1 --json >&-` played the run, printed nothing anywhere and exited 0, as if
    all was well: a script read an empty answer. It is now one line, exit 3, and nothing is run."""
    done = subprocess.run([sys.executable, str(REPO / "main.py"), *argv], cwd=tmp_path, env=env_for(tmp_path),
                          stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=120,
                          preexec_fn=lambda: os.close(1))
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 3 and len(lines) == 1, done.stderr
    assert "standard output is closed" in lines[0]


@pytest.mark.parametrize(("flag", "code", "said"),
                         [("--json", 3, "masterless: --json: no file named (the name is empty)"),
                          ("--plot", 2, "masterless: --plot writes a .png or an .svg file")])
def test_balance_refuses_an_empty_output_name_before_the_runs(tmp_path: Path, flag: str, code: int, said: str) -> None:
    """`balance --json "$OUT"` with OUT unset played the batch, wrote nothing anywhere and exited
    0: the file asked for was dropped unsaid (autoplay --record "" was refused all along)."""
    done = run_cli(tmp_path, "balance", "--seeds", "1-2", "--max-turns", "5", "--workers", "1", flag, "")
    assert one_line(done, code) == said
    assert done.stdout == ""  # refused before the runs: no tables
