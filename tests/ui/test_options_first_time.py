"""The options screen as a newcomer meets it: its help says how to rebind a key and that a change
is kept; the Key layout, passed through with Left/Right by a player who has rebound keys, asks
before it clears them (rebinding belongs to a layout), and No keeps both the layout and the keys,
on screen and in the options file."""

from __future__ import annotations

from pathlib import Path

from game.ui.events import key
from game.ui.keymap import key_label
from game.ui.kit import Kit
from game.ui.options import Options, load_options
from game.ui.present.headless import run_headless
from game.ui.screens.options_screen import KeysScreen, OptionsScreen, builtin_specs

TO_KEY_LAYOUT = [key("down")] * [s.name for s in builtin_specs()].index("key_layout")


def rebound_kit(path: Path) -> Kit:
    kit = Kit.from_options(Options(), path)
    kit.set_keymap(kit.keymap.add_key("search", "F"))
    assert kit.save() is None
    return kit


def test_changing_the_key_layout_asks_before_it_clears_the_rebound_keys(tmp_path: Path) -> None:
    path = tmp_path / "options.toml"
    kit = rebound_kit(path)
    layout = kit.options.key_layout
    _, presenter = run_headless(OptionsScreen(kit), [*TO_KEY_LAYOUT, key("right")], size=(80, 24), kit=kit)
    asked = presenter.text()
    assert "Another key layout clears the keys you rebound for this one:" in asked
    assert "Search for traps. Change the layout?" in asked and "Change (Y)" in asked and "Keep (N)" in asked
    _, presenter = run_headless(OptionsScreen(kit), [*TO_KEY_LAYOUT, key("right"), key("N")], size=(80, 24), kit=kit)
    kept = load_options(path).options
    assert kept.key_layout == layout and "F" in kept.keys["search"]
    _, presenter = run_headless(OptionsScreen(kit), [*TO_KEY_LAYOUT, key("right"), key("Y")], size=(80, 24), kit=kit)
    changed = load_options(path).options
    assert changed.key_layout != layout and not changed.keys
    assert f"Key layout: {changed.key_layout}. Saved." in presenter.text()


def test_with_nothing_rebound_the_key_layout_changes_at_once(tmp_path: Path) -> None:
    path = tmp_path / "options.toml"
    kit = Kit.from_options(Options(), path)
    layout = kit.options.key_layout
    _, presenter = run_headless(OptionsScreen(kit), [*TO_KEY_LAYOUT, key("right")], size=(80, 24), kit=kit)
    assert "Another key layout" not in presenter.text()
    assert load_options(path).options.key_layout != layout


def test_the_options_help_says_how_to_rebind_a_key_and_that_changes_are_kept(tmp_path: Path) -> None:
    """? on the options screen and on its key list showed the key list alone: how to rebind a key,
    and whether a change is kept, went unsaid."""
    kit = Kit.from_options(Options(), tmp_path / "options.toml")
    label = {action: key_label(kit.keymap.keys_for(action)[0]) for action in ("select", "remove", "reset")}
    for screen, title in ((OptionsScreen(kit), "Help: options"), (KeysScreen(kit), "Help: keys")):
        _, presenter = run_headless(screen, [key("?")], size=(80, 24), kit=kit)
        text = " ".join(presenter.text().split())
        assert text.startswith(title)
        assert "it takes effect at once and is saved in the options file" in text
        assert (f"{label['select']} and then a key adds that key to the action picked, {label['remove']} takes "
                f"away its last key, {label['reset']} gives it back the keys of the key layout") in text
