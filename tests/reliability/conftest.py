"""The fault corpus drives the game on a pseudo-terminal with the terminal tests' helpers."""

from __future__ import annotations

import sys
from pathlib import Path

TERMINAL_TESTS = str(Path(__file__).resolve().parents[1] / "terminal")
if TERMINAL_TESTS not in sys.path:
    sys.path.append(TERMINAL_TESTS)
