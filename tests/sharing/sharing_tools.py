"""Running the game's command line as a player would, with its files kept in a test folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "data" / "designs"


def run(home: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """`python main.py ARGS` with MASTERLESS_HOME and MASTERLESS_CONFIG_DIR under `home`."""
    env = {**os.environ, "MASTERLESS_HOME": str(home), "MASTERLESS_CONFIG_DIR": str(home / "config")}
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, env=env)
