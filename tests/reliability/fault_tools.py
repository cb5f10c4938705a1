"""Helpers for the fault corpus (issue 17): damaged recordings, the real command line in a
subprocess with its own data directory, and the checks every case makes (exit code, one line
of message, no earlier save destroyed)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
MAGIC_LINE = b"MASTERLESS RECORDING 1\n"


def env_for(home: Path, **extra: str) -> dict[str, str]:
    """The environment of a game whose every file lives under `home`."""
    env = dict(os.environ)
    env.update({"MASTERLESS_HOME": str(home), "MASTERLESS_CONFIG_DIR": str(home / "config")})
    env.update(extra)
    return env


def run_cli(home: Path, *args: str, timeout: float = 60, env: dict[str, str] | None = None,
            ) -> subprocess.CompletedProcess[str]:
    """`python main.py ARGS` with stdin closed, as a script would run it."""
    return subprocess.run([sys.executable, str(REPO / "main.py"), *args], cwd=home, env=env or env_for(home),
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout,
                          errors="replace")


def one_line(done: subprocess.CompletedProcess[str], code: int) -> str:
    """Assert the exit code and exactly one line of message on stderr, no traceback; the line."""
    lines = done.stderr.strip().splitlines()
    assert done.returncode == code, (done.returncode, done.stderr)
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    return lines[0]


def cli_line(capsys: Any, *args: str) -> tuple[int, str]:
    """`main.py ARGS` in this process (for sweeps: a subprocess each costs the start-up): the exit
    code and the one line of message ("" if none)."""
    from game import cli

    code = cli.main(list(args))
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) <= 1, err
    assert not err or ("Traceback" not in err[0] and "internal error" not in err[0]), err
    return code, err[0] if err else ""


def body_lines(data: bytes) -> list[bytes]:
    """The JSON lines inside a recording."""
    start = data.index(b"\n") + 1
    return zlib.decompressobj().decompress(data[start:]).split(b"\n")[:-1]


def pack(lines: Sequence[bytes]) -> bytes:
    """A recording file of `lines`, with a valid stream and checksum: a damage the checksum
    cannot see (what a hand edit, or another program, would write)."""
    z = zlib.compressobj(9)
    data = MAGIC_LINE + z.compress(b"".join(line + b"\n" for line in lines)) + z.flush()
    return data + zlib.crc32(data).to_bytes(4, "big")


def with_header(data: bytes, **changes: Any) -> bytes:
    """`data` with header fields changed (`dials={"seriousness": 99}` merges into the dials)."""
    lines = body_lines(data)
    header = json.loads(lines[0])
    for key, value in changes.items():
        if key == "dials" and isinstance(value, dict):
            header["dials"] = {**header["dials"], **value}
        else:
            header[key] = value
    return pack([json.dumps(header, sort_keys=True).encode(), *lines[1:]])


def flip(data: bytes, index: int, bit: int = 0) -> bytes:
    out = bytearray(data)
    out[index] ^= 1 << bit
    return bytes(out)


def bomb(inflated: int) -> bytes:
    """A file that starts as a recording and inflates to `inflated` bytes of nothing."""
    z = zlib.compressobj(9)
    chunk = b"\0" * (1 << 20)
    body = b"".join(z.compress(chunk) for _ in range(inflated // len(chunk))) + z.flush()
    data = MAGIC_LINE + body
    return data + zlib.crc32(data).to_bytes(4, "big")


def editing_first_seat_name(app: Any) -> None:
    """From the title menu on a pty: New game, down to the first seat's name, Enter to edit it."""
    assert app.wait_for("New game", timeout=30), app.text()
    app.send("n")
    assert app.wait_for("The table"), app.text()
    app.send("\x1b[B" * 3 + "\r")
    assert app.wait_for("Esc undo"), app.text()
