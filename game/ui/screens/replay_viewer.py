"""Watching a recording: the map and the roll panel as they were after each action, played at a
chosen speed or stepped by hand, forwards and back (backwards uses the replay's keyframes), or
jumped to a turn. Also the list of recordings to pick one from (the title's "Replays").

Drives ``game.engine.replay.Replay`` (step, step_back, seek, jump_to_turn, game, index, total,
turn); a recording that desyncs pauses with the reason shown. Playing asks the loop for ticks
(``tick_delay``/``on_tick``). The map and the roll panel are drawn by the map screen's own
drawing (``game.ui.map_view``, ``game.ui.roll_panel``) when they are there, else plainly here."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import tcod.console

from game.core.errors import MasterlessError
from game.core.paths import recordings_dir
from game.core.sentences import tidy
from game.engine.recording import SUFFIX
from game.engine.replay import Replay
from game.ui import draw
from game.ui.events import Event, KeyEvent, PasteEvent
from game.ui.fit import elide
from game.ui.kit import Kit
from game.ui.map_view import Camera, draw_map
from game.ui.roll_panel import draw_rolls, recent_records
from game.ui.screens.help import OWN_KEYS, HelpScreen
from game.ui.screens.screen_base import Screen
from game.ui.screens.widgets import TextField, footer, scroll_marks
from game.ui.state import State
from game.ui.where import in_town, where_words

SPEEDS = (1, 2, 4, 8, 16, 32, 64, 128, 256)  # actions per second
DEFAULT_SPEED = 8
FRAME = 1 / 60  # the fastest the screen is redrawn while playing
ROLL_ROWS = 6  # the roll panel's height at 80x24 (more on taller screens)

HELP_TOPICS = (
    (
        "Watching a recording",
        "A recording is every action of a run; the viewer plays them again with the same dice. Space "
        "plays or pauses; . steps one action and , steps one back (going back starts from the nearest "
        "keyframe, so it is quick anywhere in a long run); + and - change the speed; g, a turn number "
        "and Enter jump to that turn; Home and End go to the start and the end. A recording made under "
        "another version of the rules is not opened (it would not play the same); one that still goes "
        "astray (a damaged or altered file) stops where it does, saying so.",
    ),
)


def _draw_map(console: tcod.console.Console, kit: Kit, game: Any, camera: Any, rect: tuple[int, int, int, int],
              active: int | None) -> Any:
    """The map screen's map drawing (returns its camera)."""
    if camera is None or not isinstance(camera, Camera):
        camera = Camera()
    x, y, w, h = rect
    pos = game.position(active) if active is not None else None
    floor = game.floor
    if pos is not None:
        camera.follow(pos.x, pos.y, w, h, floor.width, floor.height, game.dungeon.floor_no)
    draw_map(console, game, camera, rect, kit.palette, kit.glyphs, active, no_colour=kit.no_colour)
    return camera


def _draw_rolls(console: tcod.console.Console, kit: Kit, game: Any, rect: tuple[int, int, int, int]) -> None:
    """The latest roll events as the roll panel draws them."""
    x, y, w, h = rect
    if h <= 0 or w <= 0:
        return
    draw_rolls(console, game, rect, kit.palette, kit.glyphs, recent_records(game, 8), no_colour=kit.no_colour)


class ReplayViewerScreen(Screen):
    """``replay``: a ``game.engine.replay.Replay``. Esc goes back (and closes it)."""

    def __init__(self, kit: Kit, replay: Any, back: State | None, title: str = "") -> None:
        super().__init__(kit, back)
        self.replay = replay
        self.title = title or "Replay"
        self.playing = False
        self.speed = DEFAULT_SPEED
        self.jump: TextField | None = None
        self.status = ""
        self.problem = ""
        self._camera: Any = None

    # -- moving through the recording -----------------------------------------------------

    def _guard(self, move: Any, *args: Any) -> bool:
        """Run a move of the replay; a desync or a broken file pauses with the reason."""
        try:
            move(*args)
        except MasterlessError as exc:
            self.playing = False
            self.problem = str(exc)
            return False
        return True

    def step(self) -> None:
        if self.replay.at_end:
            self.playing = False
            self.status = "The end of the recording."
            return
        if self._guard(self.replay.step) and self.replay.at_end:
            self.playing = False
            self.status = "The end of the recording."

    def step_back(self) -> None:
        self.playing = False
        if self.replay.at_start:
            self.status = "The start of the recording."
            return
        self._guard(self.replay.step_back)

    def jump_to(self, turn: int) -> None:
        self.playing = False
        if self._guard(self.replay.jump_to_turn, turn):
            self.status = f"Turn {self.replay.turn}."

    # -- the loop's ticks -----------------------------------------------------------------

    def tick_delay(self) -> float | None:
        if not self.playing or self.replay.at_end or self.problem:
            return None
        return max(FRAME, 1 / self.speed)

    def on_tick(self) -> State | None:
        for _ in range(max(1, int(self.speed * FRAME))):  # above 60 a second, several per frame
            if not self.playing:
                break
            self.step()
        return None

    # -- events ---------------------------------------------------------------------------

    def on_event(self, event: Event) -> State | None:
        if self.jump is not None and isinstance(event, PasteEvent) and event.text is not None:
            self.jump.paste(event.text)
            return None
        if self.jump is not None and isinstance(event, KeyEvent):
            if event.key == "escape":
                self.jump = None
            elif event.key == "enter":
                text = self.jump.value
                self.jump = None
                if text:
                    self.jump_to(int(text))
            elif event.key == "f1":
                return self.open_help()
            else:
                self.jump.feed(event)
            return None
        return super().on_event(event)

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        k = event.key
        self.status = ""
        if k == "space":
            if self.replay.at_end:
                self.status = "The end of the recording: Home starts it again."
            elif not self.problem:
                self.playing = not self.playing
        elif k == ".":
            self.playing = False
            self.step()
        elif k == ",":
            self.step_back()
        elif k in ("+", "="):
            self.speed = SPEEDS[min(len(SPEEDS) - 1, SPEEDS.index(self.speed) + 1)]
        elif k == "-":
            self.speed = SPEEDS[max(0, SPEEDS.index(self.speed) - 1)]
        elif k == "g":
            self.playing = False
            self.jump = TextField("", 7, "0123456789")
        elif k == "home":
            self.playing = False
            self._guard(self.replay.seek, 0)
        elif k == "end":
            self.playing = False
            self._guard(self.replay.seek, self.replay.total)
        return None

    def go_back(self) -> State:
        close = getattr(self.replay, "close", None)
        if close is not None:
            close()
        return super().go_back()

    def open_help(self) -> State:
        return HelpScreen(self.kit, back=self, title="Help: replays", topics=HELP_TOPICS, sections=OWN_KEYS)

    # -- drawing --------------------------------------------------------------------------

    def leader(self, game: Any) -> int | None:
        heroes = game.heroes()
        if not heroes:
            return None
        seat = game.next_seat()
        for eid, hero in heroes:
            if hero.seat == seat:
                return eid
        return heroes[0][0]

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        replay = self.replay
        game = replay.game
        draw.clear(console, palette)
        state = "playing" if self.playing else "paused"
        where = (f"action {replay.index}/{replay.total}  turn {game.turn}/{replay.last_turn}  "
                 f"{where_words(game)}  {state}, {self.speed}/s")
        room = console.width - 2 - len(where) - 2  # a long file name gives way, never where the replay is
        head = f"{elide(self.title, room)}  {where}" if room >= 12 else where
        draw.text(console, 1, 0, elide(head, console.width - 2), palette["title"], width=console.width - 2)
        if self.jump is not None:
            hints = [("digits", "turn"), ("Enter", "jump"), ("Esc", "cancel"), ("F1", "help")]
        else:
            hints = [("Space", "play/pause"), (".", "step"), (",", "step back"), ("+/-", "speed"),
                     ("g", "go to turn"), ("Home/End", "start/end"), ("Esc", "back"), ("?", "help")]
        bottom = footer(console, self.kit, hints) - 1
        if self.jump is not None:
            draw.text(console, 1, bottom, "Go to turn:", palette["accent"])
            self.jump.draw(console, 13, bottom, 10, palette["text_bright"], palette["panel_bg"])
        elif self.problem or self.status:
            rows = draw.wrap(self.problem or self.status, console.width - 2)[-2:]
            for i, row in enumerate(rows):
                draw.text(console, 1, bottom - len(rows) + 1 + i, row, palette["bad"] if self.problem
                          else palette["info"])
            bottom -= len(rows) - 1
        else:
            last = tidy(game.log[-1].text) if game.log else ""
            rows = draw.wrap(last, console.width - 2)  # the newest line whole on two rows, then elided
            rows = rows[:1] + [elide(" ".join(rows[1:]), console.width - 2)] if len(rows) > 1 else rows
            for i, row in enumerate(rows):
                draw.text(console, 1, bottom - len(rows) + 1 + i, row, palette["text_dim"], width=console.width - 2)
            bottom -= len(rows) - 1
        bottom -= 1
        roll_h = ROLL_ROWS + max(0, (console.height - 24) // 3)
        map_top = 1
        map_h = max(1, bottom - map_top + 1 - roll_h)
        if game.dungeon.floor_no in game.dungeon.floors and not in_town(game):  # in town: not the floor left
            self._camera = _draw_map(console, self.kit, game, self._camera, (0, map_top, console.width, map_h),
                                     self.leader(game))
        else:
            draw.text_center(console, map_top + map_h // 2, "In town.", palette["text_dim"])
        _draw_rolls(console, self.kit, game, (0, map_top + map_h, console.width, roll_h))

    def cursor(self) -> tuple[int, int] | None:
        return None


class ReplaysScreen(Screen):
    """The recordings in a directory (the user's by default), newest first; Enter watches one."""

    def __init__(self, kit: Kit, directory: Path | str | None, back: State | None) -> None:
        super().__init__(kit, back)
        if directory is None:
            directory = recordings_dir()
        self.directory = Path(directory)
        self.unreadable = ""  # why the folder could not be listed, if it could not
        self.files = self.scan()
        self.index = 0
        self.offset = 0
        self.status = ""
        self._cursor: tuple[int, int] | None = None

    def scan(self) -> list[Path]:
        found: list[tuple[float, str, Path]] = []
        self.unreadable = ""
        try:
            for p in self.directory.iterdir():
                if p.suffix == SUFFIX and p.is_file():
                    with contextlib.suppress(OSError):  # gone as the list is read (a run being filed)
                        found.append((-p.stat().st_mtime, p.name, p))
        except FileNotFoundError:
            return []  # no run has been kept yet
        except OSError as exc:
            self.unreadable = f"The folder cannot be read ({exc.strerror or exc}), so no recording can be listed."
            return []
        return [p for _, _, p in sorted(found)]

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        n = len(self.files)
        if action == "menu_up" and n:
            self.index = (self.index - 1) % n
        elif action == "menu_down" and n:
            self.index = (self.index + 1) % n
        elif action == "select" and n:
            return self.watch(self.files[self.index])
        return None

    def watch(self, path: Path) -> State | None:
        try:
            replay = Replay.open(str(path))
        except MasterlessError as exc:
            self.status = str(exc)
            return None
        return ReplayViewerScreen(self.kit, replay, self, title=path.stem)

    def open_help(self) -> State:
        return HelpScreen(self.kit, back=self, title="Help: replays", topics=HELP_TOPICS, sections=OWN_KEYS)

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        draw.clear(console, palette)
        draw.text(console, 1, 0, "Replays", palette["title"])
        where = str(self.directory)
        if len(where) <= console.width - 11:
            draw.text(console, 10, 0, where, palette["text_dim"])
            top = 2
        else:  # a long data directory: the whole path on rows of its own, never cut at the edge
            rows = [where[i:i + console.width - 2] for i in range(0, len(where), console.width - 2)][:3]
            for i, row in enumerate(rows):
                draw.text(console, 1, 1 + i, row, palette["text_dim"])
            top = 2 + len(rows)
        bottom = footer(console, self.kit, [("Up/Down", "choose"), ("Enter", "watch"), ("Esc", "back"),
                                            ("?", "help")]) - 1
        if self.status:
            rows = draw.wrap(self.status, console.width - 2)[-3:]
            for i, row in enumerate(rows):
                draw.text(console, 1, bottom - len(rows) + 1 + i, row, palette["bad"])
            bottom -= len(rows)
        self._cursor = None
        if not self.files:
            text = self.unreadable or "No recordings yet: every run you play is kept here when it ends."
            for i, row in enumerate(draw.wrap(text, console.width - 4)):
                draw.text(console, 2, top + i, row, palette["bad"] if self.unreadable else palette["text_dim"])
            return
        height = max(1, bottom - top + 1)
        if self.index < self.offset:
            self.offset = self.index
        elif self.index >= self.offset + height:
            self.offset = self.index - height + 1
        for r, path in enumerate(self.files[self.offset : self.offset + height]):
            y = top + r
            selected = self.offset + r == self.index
            if selected:
                draw.fill(console, 1, y, console.width - 2, 1, palette["selection_bg"])
                self._cursor = (2, y)
            draw.text(console, 2, y, path.name, palette["selection_fg"] if selected else palette["text"],
                      width=console.width - 4)
        scroll_marks(console, self.kit, console.width - 1, top, top + height - 1, self.offset > 0,
                     self.offset + height < len(self.files))

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor


def open_replays(kit: Kit, replay: Any, back: State | None) -> State:
    """The title's "Replays": the viewer for a replay, or the list of recordings when given none
    (or a directory to list)."""
    if replay is None or isinstance(replay, (str, Path)):
        return ReplaysScreen(kit, replay, back)
    return ReplayViewerScreen(kit, replay, back)


SCREEN = open_replays  # what ``game.ui.other_screens`` opens for "replays"
