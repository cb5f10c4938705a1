"""Help, as a player sees it in the terminal, lists every key the keymap binds (it is generated)."""

from __future__ import annotations

from pathlib import Path

import pytest
import tcod.console
from pyte_tools import VirtualTerminal

from game.ui.events import key
from game.ui.keymap import ACTIONS, LOOP_KEYS, key_label
from game.ui.kit import Kit
from game.ui.options import Options
from game.ui.present.headless import run_headless
from game.ui.screens.help import HelpScreen
from game.ui.state import Exit


def kit_with(tmp_path: Path, **options: object) -> Kit:
    return Kit.from_options(Options(**options), tmp_path / "options.toml")  # type: ignore[arg-type]


def screen_rows(kit: Kit, width: int, height: int) -> list[str]:
    console = tcod.console.Console(width, height, order="C")
    HelpScreen(kit, back=Exit()).on_draw(console)
    vt = VirtualTerminal(width, height)
    vt.show(console)
    return vt.lines


def assert_every_binding_shown(kit: Kit, rows: list[str]) -> None:
    text = "\n".join(rows)
    for action in ACTIONS:
        assert action.label in text, action.label
        row = next(r for r in rows if action.label in r)
        at = row.index(action.label)
        shown = row[at + len(action.label) :]
        i = rows.index(row) + 1
        while i < len(rows) and rows[i][: at + len(action.label)].strip() == "" and rows[i].strip():
            shown += " " + rows[i].strip()  # a long key list wraps onto the next line
            i += 1
        labels = [p.strip() for p in shown.split(",")]
        for bound in kit.keymap.keys_for(action.name):
            assert key_label(bound) in labels, (action.label, bound, shown)
    for loop_key, label in LOOP_KEYS.items():
        assert label in text and key_label(loop_key) in text


@pytest.mark.parametrize("layout", ["arrows+numpad+vi", "arrows+numpad", "arrows+vi", "arrows"])
def test_help_on_a_big_terminal_lists_every_bound_key(tmp_path: Path, layout: str) -> None:
    kit = kit_with(tmp_path, key_layout=layout)
    assert_every_binding_shown(kit, screen_rows(kit, 200, 60))


def test_help_follows_rebinding(tmp_path: Path) -> None:
    kit = kit_with(tmp_path)
    kit.set_keymap(kit.keymap.add_key("search", "F"))
    rows = screen_rows(kit, 200, 60)
    assert_every_binding_shown(kit, rows)
    assert any("Search for traps" in r and "s, F" in r for r in rows)


def test_help_at_80x24_scrolls_through_every_key(tmp_path: Path) -> None:
    kit = kit_with(tmp_path)
    pages: list[str] = []
    help_screen = HelpScreen(kit, back=Exit())
    for presses in range(0, 12):
        _, presenter = run_headless(help_screen, [key("pagedown")] * presses, kit=kit)
        marks = (kit.glyphs["more_above"], kit.glyphs["more_below"])
        pages.extend(line.rstrip("".join(marks) + " ") for line in presenter.lines()[2:-2])
    seen = list(dict.fromkeys(pages))
    assert_every_binding_shown(kit, seen)
