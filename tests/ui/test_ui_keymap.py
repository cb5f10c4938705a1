"""Keymap: presets, the rules every binding keeps, rebinding."""

from __future__ import annotations

import pytest

from game.ui.keymap import (
    ACTIONS,
    LAYOUTS,
    LOOP_KEYS,
    MOVES,
    Keymap,
    KeymapError,
    key_label,
)
from game.ui.screens.help import LABEL_WIDTH

BRIEF_ACTIONS = {
    *MOVES,
    "wait",
    "search",
    "disarm",
    "use",
    "pick_up",
    "inventory",
    "hero_sheet",
    "log_history",
    "look",
    "autoexplore",
    "travel_stairs",
    "travel_entrance",
    "descend",
    "head_back",
    "help",
    "options",
    "quit",
}


def test_every_game_action_of_the_design_has_a_key() -> None:
    keymap = Keymap.from_layout()
    for action in BRIEF_ACTIONS:
        assert keymap.keys_for(action), action


def test_the_default_layout_has_arrows_numpad_and_vi_keys_at_once() -> None:
    keymap = Keymap.from_layout()
    for keys, action in [
        (("up", "KP_8", "8", "k"), "move_n"),
        (("home", "KP_7", "7", "y"), "move_nw"),
        (("pagedown", "KP_3", "3", "n"), "move_se"),
        (("left", "KP_4", "h"), "move_w"),
        (("KP_5", ".", "5"), "wait"),
    ]:
        for key in keys:
            assert keymap.action_for(key, "game") == action, key


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_no_movement_key_doubles_as_yes_in_any_layout(layout: str) -> None:
    keymap = Keymap.from_layout(layout)
    confirming = set(keymap.keys_for("yes")) | set(keymap.keys_for("select"))
    for move in (*MOVES, "wait"):
        assert not confirming & set(keymap.keys_for(move))
    assert "y" not in confirming and "Y" in keymap.keys_for("yes")


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_every_action_has_a_key_without_modifiers(layout: str) -> None:
    keymap = Keymap.from_layout(layout)
    for action in ACTIONS:
        assert any(not k.startswith(("C-", "M-")) for k in keymap.keys_for(action.name)), action.name


def test_escape_backs_out_and_question_mark_helps_in_every_context() -> None:
    keymap = Keymap.from_layout()
    for context in ("game", "menu"):
        assert keymap.action_for("escape", context) == "back"
        assert keymap.action_for("?", context) == "help"


def test_binding_a_movement_key_to_yes_is_refused() -> None:
    keymap = Keymap.from_layout()
    with pytest.raises(KeymapError, match="confirms"):
        keymap.with_keys("yes", ("Y", "y"))
    with pytest.raises(KeymapError):
        keymap.add_key("move_n", "Y")


def test_reserved_and_loop_keys_cannot_be_rebound() -> None:
    keymap = Keymap.from_layout()
    for key in ("escape", "?", *LOOP_KEYS):
        with pytest.raises(KeymapError):
            keymap.add_key("search", key)


def test_alt_chords_cannot_be_bound() -> None:
    with pytest.raises(KeymapError, match="Alt"):
        Keymap.from_layout().add_key("search", "M-s")


def test_a_key_cannot_mean_two_things_in_one_context() -> None:
    keymap = Keymap.from_layout()
    with pytest.raises(KeymapError, match="already means"):
        keymap.add_key("search", "i")  # inventory


def test_the_same_key_may_differ_between_map_and_menus() -> None:
    keymap = Keymap.from_layout()
    assert keymap.action_for("k", "game") == "move_n"
    assert keymap.action_for("k", "menu") == "menu_up"


def test_rebinding_is_stored_as_overrides_and_comes_back() -> None:
    keymap = Keymap.from_layout().add_key("search", "F").remove_key("pick_up", ",")
    overrides = keymap.overrides()
    assert overrides == {"search": ("s", "F"), "pick_up": ("g",)}
    again = Keymap.from_layout(keymap.layout, overrides)
    assert again.bindings == keymap.bindings
    assert again.reset_action("search").keys_for("search") == ("s",)


def test_an_action_keeps_at_least_one_key() -> None:
    keymap = Keymap.from_layout()
    with pytest.raises(KeymapError, match="at least one key"):
        keymap.remove_key("search", "s")


def test_broken_overrides_fall_back_to_the_layout_with_a_notice() -> None:
    keymap, problem = Keymap.from_options("arrows", {"search": ("i",)})
    assert problem and "ignored" in problem
    assert keymap.keys_for("search") == ("s",)
    keymap, problem = Keymap.from_options("arrows", {"no_such_action": ("z",)})
    assert problem and "no action" in problem


def test_key_labels_read_like_a_keyboard() -> None:
    assert key_label("up") == "Up"
    assert key_label("KP_8") == "Numpad 8"
    assert key_label("C-c") == "Ctrl-C"
    assert key_label("M-x") == "Alt-x"
    assert key_label("S-tab") == "Shift-Tab"
    assert key_label("f1") == "F1"
    assert key_label(",") == "Comma"
    assert key_label("k") == "k"


def test_action_labels_fit_the_help_column() -> None:
    """A label fills at most LABEL_WIDTH - 3 cells: one that filled the column ran into its keys
    ("Quit; a run in play is savedCtrl-C")."""
    for label in [action.label for action in ACTIONS] + list(LOOP_KEYS.values()):
        assert len(label) <= LABEL_WIDTH - 3, label

