"""Look mode: a cursor over the map and, in the log's place, everything the party knows of the
tile under it, as plain text (so a screen reader, or the terminal's own search, finds it; the
real cursor rests on the looked-at tile). Movement keys move the cursor, Tab and Shift-Tab jump
between the things in view nearest first, / finds a thing by name, Esc goes back to the map."""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np
import tcod.console

from game.mapgen.tiles import Tile
from game.ui import draw
from game.ui.auto_travel import visible_items, visible_monsters
from game.ui.describe import FEATURE_TILES, things_at
from game.ui.events import Event, KeyEvent
from game.ui.fit import elide
from game.ui.keymap import DIRECTIONS
from game.ui.map_view import draw_map
from game.ui.screens.help import HelpScreen
from game.ui.state import State
from game.world.components import Position, TrapState


class MapScreen(Protocol):
    """What look mode needs of the map screen it looks over (the map screen opens it)."""

    game: Any
    layout: Any
    camera: Any

    def focus_hero(self) -> int | None: ...

    def hero(self) -> int | None: ...

    def on_draw(self, console: Any) -> None: ...

# what Tab and / reach: the furniture autoexplore stops for, and the pile every room has (it is
# searched like furniture and may hold treasure or a trap, but explore does not stop for it)
_FEATURES = np.array(sorted(int(t) for t in FEATURE_TILES | {Tile.DEBRIS}), dtype=np.uint8)


class LookScreen:
    def __init__(self, kit, map_screen: MapScreen) -> None:  # noqa: ANN001 - Kit
        self.kit = kit
        self.map = map_screen
        game = map_screen.game
        eid = map_screen.focus_hero()
        pos = game.position(eid) if eid is not None else None
        self.x, self.y = (pos.x, pos.y) if pos is not None else game.floor.start
        self.target = -1
        self.searching: str | None = None
        self.status = ""
        self._cursor: tuple[int, int] | None = None

    @property
    def game(self):  # noqa: ANN201
        return self.map.game

    def targets(self) -> list[tuple[int, int]]:
        """Things worth a look, nearest first: monsters, treasure, found traps, features in view."""
        game = self.game
        spots: set[tuple[int, int]] = set()
        for eid in visible_monsters(game):
            pos = game.position(eid)
            spots.add((pos.x, pos.y))
        for eid in visible_items(game):
            pos = game.position(eid)
            spots.add((pos.x, pos.y))
        for _, (trap, pos) in game.world.get2(TrapState, Position):
            if trap.found_by and pos.floor == game.dungeon.floor_no:
                spots.add((pos.x, pos.y))
        if game.derived.visible is not None:
            ys, xs = np.nonzero(game.derived.visible & np.isin(game.floor.tile, _FEATURES))
            spots.update(zip(xs.tolist(), ys.tolist(), strict=True))
        eid = self.map.focus_hero()
        here = game.position(eid) if eid is not None else None
        hx, hy = (here.x, here.y) if here is not None else (self.x, self.y)
        return sorted(spots, key=lambda p: (max(abs(p[0] - hx), abs(p[1] - hy)), p[1], p[0]))

    def on_event(self, event: Event) -> State | None:
        if not isinstance(event, KeyEvent):
            return None
        if self.searching is not None:
            return self.search_key(event)
        key = event.key
        action = self.kit.keymap.action_for(key, "game")
        if action == "back" or action == "look":
            return self.map
        if action == "help":
            return HelpScreen(self.kit, back=self, title="Help: look mode",
                              topics=[("Look mode", "Movement keys move the cursor. Tab and Shift-Tab jump "
                                                    "to the next and previous thing in view, nearest first. "
                                                    "/ finds a thing by name. Esc goes back to the map.")])
        self.status = ""
        if action in DIRECTIONS:
            dx, dy = DIRECTIONS[action]
            floor = self.game.floor
            self.x = max(0, min(floor.width - 1, self.x + dx))
            self.y = max(0, min(floor.height - 1, self.y + dy))
        elif key in ("tab", "S-tab", "+", "-"):
            targets = self.targets()
            if targets:
                step = 1 if key in ("tab", "+") else -1
                self.target = (self.target + step) % len(targets)
                self.x, self.y = targets[self.target]
            else:
                self.status = "Nothing of note in view."
        elif key == "/":
            self.searching = ""
        return None

    def search_key(self, event: KeyEvent) -> State | None:
        assert self.searching is not None
        if event.key == "escape":
            self.searching = None
        elif event.key == "enter":
            needle, self.searching = self.searching.strip().lower(), None
            self.find(needle)
        elif event.key == "backspace":
            self.searching = self.searching[:-1]
        elif event.char:
            self.searching += event.char
        return None

    def find(self, needle: str) -> None:
        if not needle:
            return
        for x, y in self.targets():
            if any(needle in line.lower() for line in things_at(self.game, x, y)):
                self.x, self.y = x, y
                self.status = ""
                return
        self.status = f"Nothing called \"{needle}\" in view."

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        self.map.on_draw(console)
        lay = self.map.layout
        assert lay is not None
        mx, my, mw, mh = lay.map
        camera = self.map.camera
        if camera.to_screen(self.x, self.y, mx, my) is None:
            game = self.game
            camera.follow(self.x, self.y, mw, mh, game.floor.width, game.floor.height, game.dungeon.floor_no)
            draw_map(console, game, camera, lay.map, palette, self.kit.glyphs, active=self.map.hero(),
                     no_colour=self.kit.no_colour)
        at = camera.to_screen(self.x, self.y, mx, my)
        if at is not None:
            console.bg[at[1], at[0]] = palette["selection_bg"]
            console.fg[at[1], at[0]] = palette["selection_fg"]
        lx, ly, lw, lh = lay.log
        lines: list[str] = []
        for sentence in things_at(self.game, self.x, self.y):
            lines.extend(draw.wrap(sentence, lw))
        if self.status:
            lines.insert(0, self.status)
        # more to say than the log's rows hold: it takes rows above them, up to half the map
        # (a monster on a trapped pile of bones, with its flavour, ran one row past the log)
        grow = max(0, min(len(lines) - lh, mh // 2))
        if at is not None and at[1] >= ly - grow:
            grow = 0  # the looked-at tile would be under it: the text is cut instead, and says so
        ly, lh = ly - grow, lh + grow
        if len(lines) > lh:
            lines[lh - 1] = elide(lines[lh - 1] + " ...", lw)
        draw.fill(console, 0, ly, console.width, lh, palette["panel_bg"], fg=palette["text"])
        for i, line in enumerate(lines[:lh]):
            draw.text(console, lx, ly + i, line, palette["text"] if i or not self.status else palette["warning"],
                      width=lw)
        hint_y = lay.hint_y
        draw.fill(console, 0, hint_y, console.width, 1, palette["background"])
        if self.searching is not None:
            prompt = f"Find: {self.searching}"
            draw.text(console, 1, hint_y, prompt, palette["warning"], width=console.width - 2)
            self._cursor = (min(console.width - 1, 1 + len(prompt)), hint_y)
            return
        draw.footer(console, [("move", "cursor"), ("Tab", "next thing"), ("/", "find"), ("Esc", "back")], palette)
        self._cursor = at

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor
