"""`watch`: a game in progress, read-only, as the party sees it (issue 18).

The spectator's screen is the player's own map screen (map, sidebar, roll panel, log), the
Hallway report after a new room (until the player acts again, as the player reads it), the town
screen while the party is in town and the end-of-run screen once the run is over, drawn from the
spectator's copy of the game (`game.engine.spectate.Follower`), so what the party has not seen
stays hidden exactly as it does for the player: unexplored rooms, unseen monsters, traps nobody
found. Only the bottom line differs: who is being watched and how far along. The screens are
only drawn: keys never reach the game: r shows or hides the roll panel, H the last Hallway, m
the log history, ? is help, q or Esc leaves. The file is looked
at a few times a second; the player's game does not wait for it (it does not know it is watched).
"""

from __future__ import annotations

from typing import Any

import tcod.console

from game.core.outcomes import ending
from game.core.sentences import plural
from game.engine.spectate import Follower
from game.ui import draw
from game.ui.events import Event, KeyEvent
from game.ui.fit import first_fitting
from game.ui.kit import Kit
from game.ui.other_screens import open_screen
from game.ui.screens.help import OWN_KEYS, HelpScreen
from game.ui.screens.map_screen import MapScreen
from game.ui.session import Session
from game.ui.state import Exit, State
from game.ui.where import where_words

POLL_SECONDS = 0.25
WATCH_KEYS = ("q leaves, r rolls, H Hallway, m log, ? help", "q leaves, ? help")  # the long hint, then the short
HELP_TOPICS = (
    (
        "Watching",
        "You are watching a game someone is playing: the screen follows their recording (the autosave "
        "unless you named another file) as it grows, a few times a second, and shows what their party "
        "sees and no more, on their screens: the map, the Hallway report after each new room, town, and "
        "the end of the run. Nothing you press reaches their game. r shows or hides the roll panel, H "
        "shows or hides the last Hallway report, m reads the log so far (Esc comes back). q or "
        "Esc stops watching. When their run ends the last moment stays on screen; when they start a new "
        "one, it is followed from its start.",
    ),
)


class WatchScreen:
    """Follows `follower` (already pointed at its file); `back` is where q goes (None: the end)."""

    def __init__(self, kit: Kit, follower: Follower, back: State | None = None) -> None:
        self.kit = kit
        self.follower = follower
        self.back = back
        self.view: MapScreen | None = None
        self.town: Any = None  # the town screen, drawn while the party is in town
        self.hallway: Any = None  # the Hallway report, drawn after a new room or on H
        self.end: Any = None  # the end-of-run screen, drawn once the run is over
        self.design_seen: Any = None  # the Hallway last reported
        self.hallway_until = -1  # the report stays up while the player has made this many actions
        self.hallway_pinned = False  # H: the spectator asked for the last report
        self._game: Any = None
        self._cursor: tuple[int, int] | None = None
        follower.poll()

    # -- following -------------------------------------------------------------------------------
    def tick_delay(self) -> float | None:
        return POLL_SECONDS

    def on_tick(self) -> State | None:
        self.follower.poll()
        return None

    def _map(self) -> MapScreen | None:
        game = self.follower.game
        if game is None:
            return None
        if game is not self._game:  # a new run (or the first): a fresh view of it
            roll_mode = self.view.roll_mode if self.view is not None else "auto"
            session = Session(game)
            self.view = MapScreen(self.kit, session, back=None)
            self.view.roll_mode = roll_mode
            self.town = open_screen("town", self.kit, session, self)
            self.hallway = self.end = None  # made when first shown
            self.design_seen = game.hallway.last_design  # joined mid-run: no old report pops up
            self.hallway_until, self.hallway_pinned = -1, False
            self._game = game
        return self.view

    def screen(self) -> Any:
        """Which of the player's screens the player sees now: the end of the run, the Hallway
        report (from a new room until the player's next action, or pinned by H), town, the map."""
        view = self.view
        assert view is not None
        game = view.game
        if game.phase == "over":
            if self.end is None:
                self.end = open_screen("end_of_run", self.kit, view.session, self, spectator=True)
            return self.end
        design = game.hallway.last_design
        if design is not self.design_seen:
            self.design_seen = design
            if design is not None and self.kit.options.hallway_after_room:
                self.hallway_until = self.follower.actions
        if design is not None and (self.hallway_pinned or self.hallway_until == self.follower.actions):
            if self.hallway is None:
                self.hallway = open_screen("hallway", self.kit, view.session, self)
            return self.hallway
        return self.town if game.awaiting().kind == "town" or game.phase == "town" else view

    # -- keys ------------------------------------------------------------------------------------
    def on_event(self, event: Event) -> State | None:
        if not isinstance(event, KeyEvent):
            return None
        action = self.kit.keymap.action_for(event.key, "game")
        if event.key in ("q", "escape") or action in ("back", "quit"):
            self.follower.close()
            return self.back if self.back is not None else Exit("watched")
        if action == "help" or event.key == "?":
            return HelpScreen(self.kit, back=self, title="Help: watching", topics=HELP_TOPICS, sections=OWN_KEYS)
        if self.view is None:
            return None
        if action == "roll_panel" or event.key == "r":
            self.view.roll_mode = {"auto": "expanded", "expanded": "hidden"}.get(self.view.roll_mode, "auto")
        elif action == "log_history" or event.key == "m":
            return open_screen("log_history", self.kit, self.view.session, self)
        elif action == "hallway" or event.key == "H":
            showing = self.hallway is not None and self.screen() is self.hallway
            self.hallway_pinned, self.hallway_until = not showing, -1
        return None

    # -- drawing -----------------------------------------------------------------------------------
    def status(self, width: int | None = None) -> str:
        """What is watched and the keys; within `width`, the keys shortened to fit ("q leaves, ?
        help"), so the line never ends mid-word ("H H")."""
        text = self.watched()
        keys = WATCH_KEYS if self.follower.game is not None else WATCH_KEYS[1:]  # no game yet: no rolls, log
        lines = [f"{text}.  {hint}" for hint in keys]
        lines.append(f"{self.watched(brief=True)}.  {keys[-1]}")  # the run's end said whole, keys too
        return lines[0] if width is None else first_fitting(width, *lines)

    def watched(self, brief: bool = False) -> str:
        """What is watched and how far it has come; `brief` leaves out the file and the actions
        (at 80 columns "The run is over (fell)" left no room for the keys: "q l")."""
        f = self.follower
        game = f.game
        name = f.path.name
        if game is None:
            return f"Waiting for a game in {f.path}" + (f" ({f.problem})" if f.problem else "")
        where = where_words(game)
        text = f"{where[0].upper()}{where[1:]}, turn {game.turn}" if brief else \
            f"Watching {name}: {where}, turn {game.turn}, {plural(f.actions, 'action')}"
        if game.phase == "over":
            text += f". The run is over ({ending(game.outcome).short if game.outcome else 'ended'})"
        elif f.status == "filed":
            text += ". The player left this run: it is kept under Replays"
        elif f.status == "left":
            text += ". The player left this run: no more will come"
        elif f.status == "gone":
            text += ". The player has stopped (the file is gone)"
        elif f.status == "stuck":
            text += f". Cannot follow: {f.problem}"
        return text

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        view = self._map()
        if view is None:
            draw.clear(console, palette)
            draw.text(console, 1, 0, "Masterless: watching", palette["title"])
            # the keys on a line of their own: wrapped after a long path they were split, "q" / "leaves"
            rows = [*draw.wrap(self.watched(), console.width - 2), "", WATCH_KEYS[-1]]
            for i, row in enumerate(rows):
                draw.text(console, 1, 2 + i, row, palette["text"])
            self._cursor = (1, 2)
            return
        shown = self.screen()
        shown.on_draw(console)
        y = view.layout.hint_y if view.layout is not None and shown is view else console.height - 1
        draw.fill(console, 0, y, console.width, 1, palette["background"])
        draw.text(console, 1, y, self.status(console.width - 2), palette["info"], width=console.width - 2)
        self._cursor = shown.cursor()

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor
