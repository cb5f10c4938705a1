"""The kept parse of a content file: used only for the very bytes it was made from, never a reason
to fail."""

from __future__ import annotations

import os
import tomllib

import pytest

from game.core.content import kept_parse_path, parse_kept
from game.core.errors import DataError, FileProblem

TEXT = 'name = "goblin"\nhits = [1, 2.5, 3]\n[loot]\ngold = true\n'


@pytest.fixture
def writing(monkeypatch):
    monkeypatch.setattr("sys.dont_write_bytecode", False)  # this machine's image turns caches off


def test_the_kept_parse_is_the_parse(tmp_path, writing) -> None:
    path = tmp_path / "monster.toml"
    path.write_text(TEXT)
    first = parse_kept(path)
    assert kept_parse_path(path).is_file()
    again = parse_kept(path)
    assert first == again == tomllib.loads(TEXT)
    assert repr(again) == repr(tomllib.loads(TEXT))  # the same types and key order, floats included


def test_a_changed_file_is_parsed_again_even_with_its_old_size_and_time(tmp_path, writing) -> None:
    path = tmp_path / "monster.toml"
    path.write_text(TEXT)
    parse_kept(path)
    stat = path.stat()
    path.write_text(TEXT.replace("goblin", "kobold"))
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert parse_kept(path)["name"] == "kobold"
    assert parse_kept(path)["name"] == "kobold"  # and that parse is kept in turn


@pytest.mark.parametrize("junk", [b"", b"\x00\x01not marshal", b"\xe9" * 40, bytes(range(256))])
def test_a_damaged_kept_parse_is_ignored_and_replaced(tmp_path, writing, junk) -> None:
    path = tmp_path / "monster.toml"
    path.write_text(TEXT)
    kept = kept_parse_path(path)
    kept.parent.mkdir()
    kept.write_bytes(junk)
    assert parse_kept(path) == tomllib.loads(TEXT)
    assert kept.read_bytes() != junk


def test_a_place_that_cannot_be_written_only_costs_the_parse(tmp_path, writing) -> None:
    path = tmp_path / "monster.toml"
    path.write_text(TEXT)
    kept_parse_path(path).parent.write_text("a file where the cache folder would go")
    assert parse_kept(path) == tomllib.loads(TEXT)


def test_nothing_is_kept_when_python_is_told_not_to_write_caches(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr("sys.dont_write_bytecode", True)
    path = tmp_path / "monster.toml"
    path.write_text(TEXT)
    assert parse_kept(path) == tomllib.loads(TEXT)
    assert not kept_parse_path(path).parent.exists()


def test_a_date_marshal_cannot_keep_is_parsed_every_time(tmp_path, writing) -> None:
    path = tmp_path / "dated.toml"
    path.write_text("when = 2026-11-23\n")
    assert parse_kept(path) == tomllib.loads("when = 2026-11-23\n")
    assert not kept_parse_path(path).exists()


def test_bad_toml_is_a_data_error_naming_the_file(tmp_path, writing) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("name = \n")
    with pytest.raises(DataError, match="broken.toml: Invalid value"):
        parse_kept(path)
    assert not kept_parse_path(path).exists()
    with pytest.raises(FileProblem, match="missing.toml: no such file"):  # one line, exit 3
        parse_kept(tmp_path / "missing.toml")


def test_a_kept_parse_that_is_a_pipe_is_passed_over_not_waited_on_for_ever(tmp_path) -> None:
    """The kept parse was read whatever it was: a pipe in its place (or a link to /dev/zero) held
    the game at start-up for good, waiting for bytes that never come. It is passed over like any
    kept parse that cannot be used, and a real one takes its place."""
    import subprocess
    import sys
    from pathlib import Path

    path = tmp_path / "monster.toml"
    path.write_text(TEXT)
    kept = kept_parse_path(path)
    kept.parent.mkdir()
    os.mkfifo(kept)
    repo = Path(__file__).resolve().parents[2]
    script = ("import sys; sys.dont_write_bytecode = False; from pathlib import Path; "
              "from game.core.content import parse_kept; print(parse_kept(Path(sys.argv[1]))['name'])")
    done = subprocess.run([sys.executable, "-c", script, str(path)], cwd=repo, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(repo)}, timeout=60)  # timeout: the hang itself
    assert (done.returncode, done.stdout, done.stderr) == (0, "goblin\n", "")
    assert kept.is_file() and parse_kept(path) == tomllib.loads(TEXT)
