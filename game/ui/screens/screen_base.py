"""The base of the generic screens: menu keys (menu_keys.py), and ``?`` opens the help."""

from __future__ import annotations

from game.ui.screens.menu_keys import MenuKeys
from game.ui.state import State


class Screen(MenuKeys):
    """A generic screen (see MenuKeys) whose ``?`` opens the help of every key."""

    def open_help(self) -> State:
        from game.ui.screens.help import HelpScreen  # start-up: opened on demand

        return HelpScreen(self.kit, back=self)
