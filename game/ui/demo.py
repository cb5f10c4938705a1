"""A tiny demo of the front end: the title menu and a toy map. ``python -m game.ui.demo [--window]``.

The toy map shows how a game screen plugs in: it reads actions from the keymap's ``game``
context, draws with the kit's palette and glyphs, appends to a log and rests the real cursor on
the newest log line.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import tcod.console

from game.core.errors import MasterlessError
from game.ui import draw
from game.ui.events import Event, KeyEvent
from game.ui.keymap import DIRECTIONS
from game.ui.kit import Kit
from game.ui.present.terminal import run_in_terminal
from game.ui.present.window import run_in_window
from game.ui.screens.dialog import ConfirmDialog
from game.ui.screens.help import HelpScreen
from game.ui.screens.options_screen import OptionsScreen
from game.ui.screens.screen_base import Screen
from game.ui.screens.title import TitleScreen, standard_title_entries
from game.ui.state import State

ROOM = (
    "###########",
    "#.........#",
    "#..{...(..#",
    "#.........+",
    "#..^...>..#",
    "###########",
)
_ROOM_ROLES = {
    "#": "wall",
    ".": "floor",
    "+": "door_closed",
    "{": "fountain",
    "(": "chest",
    "^": "trap",
    ">": "stairs_down",
}
_ROLE_COLORS = {
    "wall": "wall_fg",
    "floor": "floor_fg",
    "door_closed": "door",
    "fountain": "water",
    "chest": "treasure",
    "trap": "trap",
    "stairs_down": "stairs",
}


class DemoMapScreen(Screen):
    """A room to walk in: movement keys, a log, Esc back to the title, S/Q asks to quit."""

    def __init__(self, kit: Kit, back: State | None) -> None:
        super().__init__(kit, back)
        self.hero = (2, 1)
        self.log: list[str] = ["You enter a quiet room. (Esc: back to the title)"]
        self._cursor: tuple[int, int] | None = None

    def on_event(self, event: Event) -> State | None:
        if not isinstance(event, KeyEvent):
            return None
        action = self.kit.keymap.action_for(event.key, "game")
        if action == "help":
            return HelpScreen(self.kit, back=self)
        if action == "back":
            return self.go_back()
        if action == "options":
            return OptionsScreen(self.kit, back=self)
        if action == "quit":
            return ConfirmDialog(self.kit, self, "Leave the demo?", on_yes=self.go_back)
        if action in DIRECTIONS:
            dx, dy = DIRECTIONS[action]
            x, y = self.hero[0] + dx, self.hero[1] + dy
            if ROOM[y][x] in ".^>{(":
                self.hero = (x, y)
                self.log.append(f"You step to {x},{y}.")
            else:
                self.log.append("A wall blocks the way.")
        elif action == "wait":
            self.log.append("You wait.")
        elif action is not None:
            self.log.append(f"({action} is not part of the demo)")
        return None

    def on_draw(self, console: tcod.console.Console) -> None:
        palette, glyphs = self.kit.palette, self.kit.glyphs
        draw.clear(console, palette)
        ox, oy = 2, 2
        for y, row in enumerate(ROOM):
            for x, char in enumerate(row):
                role = _ROOM_ROLES[char]
                bg = palette["wall_bg"] if role == "wall" else palette["floor_bg"]
                draw.text(console, ox + x, oy + y, glyphs[role], palette[_ROLE_COLORS[role]], bg)
        draw.text(console, ox + self.hero[0], oy + self.hero[1], glyphs["hero"], palette["hero"])
        log_top = console.height - 6
        lines = self.log[-5:]
        for i, line in enumerate(lines):
            draw.text(console, 1, log_top + i, line, palette["text"], width=console.width - 2)
        self._cursor = (1, log_top + len(lines) - 1)
        draw.text(console, 1, 0, "Demo room", palette["title"])

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor


def demo_title(kit: Kit) -> TitleScreen:
    entries = standard_title_entries(kit, new_game=lambda screen: DemoMapScreen(kit, back=screen))
    return TitleScreen(kit, entries, subtitle="front-end demo: New game opens a toy room")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ui.demo")
    parser.add_argument("--window", action="store_true", help="an SDL window instead of the terminal")
    args = parser.parse_args(argv)
    kit = Kit.load()
    try:
        if args.window:
            run_in_window(demo_title(kit), kit=kit)
        else:
            run_in_terminal(demo_title(kit), kit=kit)
    except MasterlessError as exc:
        print(f"masterless: {exc}", file=sys.stderr)
        return exc.exit_code
    return 0


if __name__ == "__main__":
    sys.exit(main())
