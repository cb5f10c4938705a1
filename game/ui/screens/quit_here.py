"""The map's quit key pressed where the table waits for one player's answer (the category pick,
the room builder, a hero's trait choice). Those screens have no quit of their own: the game
cannot go on without the answer, and `continue` must come back to it. Ctrl-C saves the run and
leaves from anywhere, and these screens say so when a player reaches for the quit key."""

from __future__ import annotations

from game.core.program import command
from game.ui.keymap import key_label
from game.ui.kit import Kit


def quit_key_words(kit: Kit, key: str, waits_for: str) -> str | None:
    """The line for `key` if it is a quit key of the map (None otherwise); `waits_for` names the
    answer the table waits for ("your pick")."""
    if key not in kit.keymap.keys_for("quit"):
        return None
    return (f"{key_label(key)} does not quit here: the table waits for {waits_for}. Ctrl-C saves the run and "
            f"leaves, and `{command('continue')}` comes back to it.")
