"""File names that are not UTF-8 (the reliability audit): Linux allows any bytes in a name, and
Python hands them over as lone surrogates, which the screen could not draw: the Replays list
and `replay FILE` ended in "internal error: UnicodeEncodeError". Such a name now shows with a
"?" where the bad byte is, and the recording plays."""

from __future__ import annotations

import os
from pathlib import Path

from fault_tools import env_for
from pty_tools import PtyApp, python_argv

NAME = b"caf\xe9-run.mlrec"  # Latin-1 "café": not UTF-8


def with_recording(home: Path, recordings: dict[str, Path]) -> Path:
    folder = home / "data" / "recordings"
    folder.mkdir(parents=True)
    path = Path(os.fsdecode(os.fsencode(folder) + b"/" + NAME))
    path.write_bytes(recordings["solo"].read_bytes())
    return path


def no_crash(app: PtyApp, home: Path) -> None:
    out = app.output.decode(errors="replace")
    assert "internal error" not in out and "Traceback" not in out, out[-1500:]
    assert not (home / "data" / "crash.log").exists()


def test_the_replays_list_shows_a_name_that_is_not_utf8(tmp_path: Path, recordings: dict[str, Path]) -> None:
    with_recording(tmp_path, recordings)
    app = PtyApp(python_argv("main.py"), 80, 24, env=env_for(tmp_path))
    with app:
        assert app.wait_for("New game", timeout=30), app.text()
        app.send("r")
        assert app.wait_for("caf?-run.mlrec", timeout=10), app.text()
        app.send("\r")  # and it plays
        assert app.wait_for("action 0/", timeout=10), app.text()
        app.leave()
    no_crash(app, tmp_path)


def test_replay_of_a_file_whose_name_is_not_utf8(tmp_path: Path, recordings: dict[str, Path]) -> None:
    path = with_recording(tmp_path, recordings)
    app = PtyApp([*python_argv("main.py", "replay"), str(path)], 80, 24, env=env_for(tmp_path))
    with app:
        assert app.wait_for("caf?-run", timeout=30), app.text()
        app.leave()
    no_crash(app, tmp_path)
