"""Output files named on the command line (the reliability audit): `--record`, `balance --json`
may not write over a file the game already keeps (a finished run under Replays, the score table,
a morgue file, the options file). Each is refused in one line, exit 3, the file untouched; a new
file beside them is still written."""

from __future__ import annotations

from pathlib import Path

import pytest
from fault_tools import cli_line, env_for, one_line, run_cli

OWN = ["data/recordings/run-5.mlrec", "data/scores.json", "data/morgue/morgue-5-t40.txt", "config/options.toml"]


def kept_files(home: Path) -> dict[Path, bytes]:
    files = {}
    for i, name in enumerate(OWN):
        path = home / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"the player's own %d\n" % i)
        files[path] = path.read_bytes()
    return files


@pytest.mark.parametrize("name", OWN)
def test_autoplay_record_never_writes_over_a_file_the_game_keeps(tmp_path, capsys, monkeypatch, name) -> None:
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    monkeypatch.delenv("MASTERLESS_CONFIG_DIR", raising=False)
    files = kept_files(tmp_path)
    code, line = cli_line(capsys, "autoplay", "--seed", "2", "--max-turns", "3", "--record", str(tmp_path / name))
    assert code == 3 and line.startswith("masterless: --record:") and "game's own files" in line
    assert {p: p.read_bytes() for p in files} == files


def test_play_record_and_balance_json_are_refused_the_same_way(tmp_path) -> None:
    files = kept_files(tmp_path)
    env = env_for(tmp_path)
    env.pop("MASTERLESS_CONFIG_DIR")
    line = one_line(run_cli(tmp_path, "play", "--seed", "5", "--record", str(tmp_path / OWN[0]), env=env), 3)
    assert "--record" in line and "game's own files" in line
    line = one_line(run_cli(tmp_path, "balance", "--seeds", "1-1", "--workers", "1", "--max-turns", "3",
                            "--json", str(tmp_path / OWN[3]), env=env), 3)
    assert "--json" in line and "game's own files" in line
    assert {p: p.read_bytes() for p in files} == files


def test_a_new_file_beside_them_is_written(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    kept_files(tmp_path)
    target = tmp_path / "data" / "recordings" / "mine.mlrec"
    assert cli_line(capsys, "autoplay", "--seed", "2", "--max-turns", "3", "--record", str(target)) == (0, "")
    assert target.read_bytes().startswith(b"MASTERLESS RECORDING")
