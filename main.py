"""Masterless entry point: `python main.py [command]` (DESIGN.md §6)."""

from __future__ import annotations

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
