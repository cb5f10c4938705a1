"""`pip install` gives a `masterless` command that is `python main.py` (for `ssh host masterless
watch`): the script is declared, and its function runs the same command line."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib

from sharing_tools import ROOT


def test_the_masterless_script_is_the_command_line(tmp_path):
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"masterless": "game.cli:entry"}
    env = {**os.environ, "MASTERLESS_HOME": str(tmp_path)}
    code = "import sys; sys.argv = ['masterless', 'scores']; from game.cli import entry; entry()"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "No seeded runs yet" in done.stdout
    code = "import sys; sys.argv = ['masterless', 'watch', 'nope.mlrec']; from game.cli import entry; entry()"
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env={**env, "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 3 and "no such file" in done.stderr
