"""Temp files held locked while a copy of the game fills them: another copy's sweep removes only
the ones nobody holds, and a file a sweep has taken is never handed out to be filled."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from lock_probe import held

from game.core import staged_files
from game.core.staged_files import staged_file, sweep_leftovers

fcntl = pytest.importorskip("fcntl")


def test_a_sweep_leaves_a_file_being_written_and_takes_one_nobody_holds(tmp_path: Path) -> None:
    writing, fd = staged_file(tmp_path, ".filing.")
    left = tmp_path / ".filing.k1ll3d.tmp"  # what a killed writer leaves: nobody holds it
    left.write_bytes(b"half a recording")
    assert sweep_leftovers(tmp_path, ".filing.") == [left]
    assert writing.exists() and not left.exists()
    os.close(fd)


def test_a_name_a_sweep_took_before_its_lock_is_never_handed_out(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Between making a temp file and locking it, another copy's sweep may lock it (to remove it):
    it was handed out all the same, unlocked and about to vanish, and its filing then failed."""
    made = []
    sweeps = []
    real_mkstemp = tempfile.mkstemp

    def mkstemp_then_swept(**kwargs: object) -> tuple[int, str]:
        fd, name = real_mkstemp(**kwargs)
        made.append(name)
        if len(made) == 1:  # the sweep of another copy gets the first one's lock first
            sweep = os.open(name, os.O_RDONLY)
            fcntl.flock(sweep, fcntl.LOCK_EX | fcntl.LOCK_NB)
            sweeps.append(sweep)
        return fd, name

    monkeypatch.setattr(staged_files.tempfile, "mkstemp", mkstemp_then_swept)
    path, fd = staged_file(tmp_path, ".filing.")
    try:
        assert str(path) != made[0] and held(path)
    finally:
        os.close(fd)
        for sweep in sweeps:
            os.close(sweep)
