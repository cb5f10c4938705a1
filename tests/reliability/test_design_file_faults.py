"""Design folders from a friend (`--designs DIR`, the reliability audit): a name holding control
characters is refused in one line naming the file, never printed raw to the terminal (where an
escape sequence clears the screen or recolours it) or written into the log and the recording;
a file saved with a byte order mark (as Notepad saves) is read."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from fault_tools import REPO, cli_line, one_line, run_cli

SHARED = REPO / "data" / "designs" / "bone-throne.toml"


def design_with(folder: Path, **fields: str) -> Path:
    """A copy of a shipped design with `fields` (TOML basic strings, escapes allowed) in place."""
    folder.mkdir()
    kept = [line for line in SHARED.read_text(encoding="utf-8").splitlines()
            if line.split("=")[0].strip() not in fields]
    top = [f'{key} = "{value}"' for key, value in fields.items()]
    (folder / "a.toml").write_text("\n".join(top + kept) + "\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize(("key", "value"), [("name", "\\u001b[31mRed\\u0007"), ("by", "\\u001b[2JAnn"),
                                            ("about", "a line\\nand another")])
def test_a_design_text_with_control_characters_is_refused_not_printed(tmp_path, key, value) -> None:
    fields = {"name": "Plain Name", key: value}
    folder = design_with(tmp_path / "designs", **fields)
    done = run_cli(tmp_path, "generate", "--seed", "1", "--party", "2", "--designs", str(folder))
    line = one_line(done, 3)
    assert "a.toml" in line and f"'{key}'" in line and "control characters" in line
    assert "\x1b" not in done.stdout + done.stderr and "\x07" not in done.stdout + done.stderr


def test_the_same_design_with_plain_text_is_taken(tmp_path) -> None:
    folder = design_with(tmp_path / "designs", name="Café Throne", by="Zoë")
    done = run_cli(tmp_path, "generate", "--seed", "1", "--party", "2", "--designs", str(folder))
    assert done.returncode == 0 and done.stderr == "", done.stderr


def test_a_design_saved_with_a_byte_order_mark_is_taken(tmp_path) -> None:
    folder = tmp_path / "designs"
    folder.mkdir()
    (folder / "a.toml").write_bytes(b"\xef\xbb\xbf" + SHARED.read_bytes())
    done = run_cli(tmp_path, "generate", "--seed", "1", "--party", "2", "--designs", str(folder))
    assert done.returncode == 0 and done.stderr == "", done.stderr


@pytest.mark.parametrize(("make", "said"), [
    (os.mkfifo, "is a pipe (FIFO), not a design file"),
    (os.mkdir, "is a directory, not a design file"),
    (lambda p: os.symlink("gone.toml", p), "is a link to gone.toml, which does not exist"),
])
def test_something_named_like_a_design_that_is_not_a_file_is_named_not_passed_over(tmp_path, make, said) -> None:
    """A pipe, a folder or a broken link named `b.toml` was skipped without a word (and the
    table played with less than it was given); a pipe is never opened to wait on."""
    folder = design_with(tmp_path / "designs")
    make(folder / "b.toml")
    done = run_cli(tmp_path, "generate", "--seed", "1", "--party", "2", "--designs", str(folder))
    line = one_line(done, 3)
    assert "b.toml" in line and said in line


def test_a_hidden_editor_lock_beside_the_designs_is_not_a_design(tmp_path) -> None:
    folder = design_with(tmp_path / "designs")
    os.symlink("ann@host.1234", folder / ".#a.toml")  # what Emacs leaves while a.toml is open
    done = run_cli(tmp_path, "generate", "--seed", "1", "--party", "2", "--designs", str(folder))
    assert done.returncode == 0 and done.stderr == "", done.stderr


def test_a_designs_folder_that_cannot_be_read_says_so_not_that_it_is_empty(tmp_path, capsys, monkeypatch) -> None:
    """It said "holds no design files (*.toml)" of a folder full of them that it may not read."""
    folder = design_with(tmp_path / "designs")

    def denied(real):
        def listing(path="."):
            if Path(path) == folder:  # as a folder one may not read answers (root reads any)
                raise PermissionError(13, "Permission denied", str(path))
            return real(path)
        return listing

    monkeypatch.setattr(os, "listdir", denied(os.listdir))
    monkeypatch.setattr(os, "scandir", denied(os.scandir))
    code, line = cli_line(capsys, "generate", "--seed", "1", "--party", "2", "--designs", str(folder))
    assert code == 3 and line == f"masterless: {folder}: cannot be read (Permission denied)"
