"""Options > Rebind keys: any one of an action's keys can be removed, not only the last added
(Backspace removed the last, and Del did the same, so Explore's x could never move elsewhere)."""

from __future__ import annotations

from pathlib import Path

from game.ui.events import key
from game.ui.keymap import ACTIONS
from game.ui.kit import Kit
from game.ui.options import Options
from game.ui.present.headless import run_headless
from game.ui.screens.options_screen import KeysScreen


def row_of(lines: list[str], label: str) -> str:
    return next(line for line in lines if label in line)


def test_left_picks_the_first_key_and_del_removes_it_so_it_can_go_to_another_action(tmp_path: Path) -> None:
    kit = Kit.from_options(Options(), tmp_path / "options.toml")
    explore = next(i for i, a in enumerate(ACTIONS) if a.name == "autoexplore")
    screen = KeysScreen(kit)
    _, shot = run_headless(screen, [*[key("down")] * explore, key("enter"), key("z")], size=(80, 24), kit=kit)
    label = ACTIONS[explore].label
    assert row_of(shot.lines(), label).split(label)[1].strip() == "x, [z]"  # Del would remove the z
    assert "Left/Right pick a key" in shot.lines()[-1] and "Del remove it" in shot.lines()[-1]
    _, shot = run_headless(screen, [key("left")], size=(80, 24), kit=kit)
    assert row_of(shot.lines(), label).split(label)[1].strip() == "[x], z"
    _, shot = run_headless(screen, [key("delete")], size=(80, 24), kit=kit)
    assert row_of(shot.lines(), label).split(label)[1].strip() == "[z]"
    assert "Removed x from 'Explore automatically'. Saved." in shot.text()
    assert kit.keymap.keys_for("autoexplore") == ("z",)
    _, shot = run_headless(screen, [key("backspace")], size=(80, 24), kit=kit)  # the last one stays
    assert "needs at least one key" in shot.text() and kit.keymap.keys_for("autoexplore") == ("z",)
    _, shot = run_headless(screen, [key("up"), key("enter"), key("x")], size=(80, 24), kit=kit)
    assert f"x now means {ACTIONS[explore - 1].label!r}" in shot.text()
    assert "x" in kit.keymap.keys_for(ACTIONS[explore - 1].name)
