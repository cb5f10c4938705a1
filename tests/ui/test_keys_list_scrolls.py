"""The options' key list at the smallest terminal the game takes: more actions than rows, so its
edge says there are more above or below, as the help's does."""

from __future__ import annotations

from pathlib import Path

from game.ui.events import key
from game.ui.keymap import ACTIONS
from game.ui.kit import Kit
from game.ui.options import Options
from game.ui.present.headless import run_headless
from game.ui.screens.options_screen import KeysScreen


def keys_rows(kit: Kit, downs: int) -> list[str]:
    _, presenter = run_headless(KeysScreen(kit), [key("down")] * downs, size=(80, 24), kit=kit)
    return [line for line in presenter.lines()[2:-3] if line.strip()]


def test_the_key_list_marks_the_actions_out_of_sight_at_80x24(tmp_path: Path) -> None:
    kit = Kit.from_options(Options(), tmp_path / "options.toml")
    above, below = kit.glyphs["more_above"], kit.glyphs["more_below"]
    first = keys_rows(kit, 0)
    assert ACTIONS[0].label in first[0] and ACTIONS[-1].label not in " ".join(first)  # it does not all fit
    assert first[-1].rstrip().endswith(below) and not any(row.rstrip().endswith(above) for row in first)
    last = keys_rows(kit, len(ACTIONS) - 1)  # down to the last action
    assert ACTIONS[-1].label in last[-1]
    assert last[0].rstrip().endswith(above) and not any(row.rstrip().endswith(below) for row in last)
