"""Playing the map screen in tests: a presenter that sends every frame through the terminal
presenter's own writer (AnsiWriter) into a pyte screen, and a simple scripted player that
explores, fights what it sees and goes down stairs, for reaching a fight or a new floor on any
seed without depending on how the designers spend."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from pathlib import Path

import tcod.console
from pyte_tools import VirtualTerminal

from game.core.seats import parse_seats
from game.engine.routes import step_towards
from game.engine.start import new_game
from game.mapgen.tiles import Tile
from game.ui.auto_travel import visible_monsters
from game.ui.events import CloseEvent, Event, KeyEvent, ResizeEvent, key
from game.ui.kit import Kit
from game.ui.loop import run
from game.ui.options import Options
from game.ui.screens.map_screen import MapScreen, first_screen
from game.ui.session import Session
from game.ui.state import Exit, State

STEP_KEYS = {(-1, -1): "y", (0, -1): "k", (1, -1): "u", (-1, 0): "h", (1, 0): "l", (-1, 1): "b", (0, 1): "j",
             (1, 1): "n"}


def make_kit(tmp_path: Path, **options: object) -> Kit:
    return Kit.from_options(Options(**options), tmp_path / "options.toml")  # type: ignore[arg-type]


def new_session(seed: int = 7, seats: str = "human,ai,ai", level: int = 2) -> Session:
    return Session(new_game(seed, parse_seats(seats), level))


class PytePresenter:
    """Frames through AnsiWriter into pyte; events from a script (like the headless presenter:
    while a state animates, no event is delivered, so travel plays to its end)."""

    def __init__(self, width: int, height: int, events: Iterable[Event] = ()) -> None:
        self.vt = VirtualTerminal(width, height)
        self.width, self.height = width, height
        self.events: deque[Event] = deque(events)
        self.cursor: tuple[int, int] | None = None
        self.bytes_per_frame: list[int] = []

    def size(self) -> tuple[int, int]:
        return self.width, self.height

    def present(self, console: tcod.console.Console, cursor: tuple[int, int] | None) -> None:
        self.bytes_per_frame.append(len(self.vt.show(console, cursor)))
        self.cursor = cursor

    def invalidate(self) -> None:
        self.vt.writer.invalidate()

    def next_event(self, timeout: float | None = None) -> Event | None:
        if timeout is not None:
            return None
        if not self.events:
            return CloseEvent("script ended")
        event = self.events.popleft()
        if isinstance(event, ResizeEvent):
            self.width, self.height = event.width, event.height
            self.vt.resize(event.width, event.height)
        return event

    def configure(self, options: Options) -> str | None:
        return None

    @property
    def lines(self) -> list[str]:
        return self.vt.lines

    def text(self) -> str:
        return "\n".join(self.lines)

    def find(self, needle: str) -> tuple[int, int] | None:
        for y, line in enumerate(self.lines):
            x = line.find(needle)
            if x >= 0:
                return x, y
        return None


def play(state: State, keys: Iterable[str], size: tuple[int, int] = (80, 24), kit: Kit | None = None,
         ) -> tuple[Exit, PytePresenter]:
    presenter = PytePresenter(size[0], size[1], [key(k) for k in keys])
    return run(state, presenter, kit=kit), presenter


def settle(state: State) -> State:
    """Let an animating state play out (as the loop does between keys)."""
    for _ in range(5000):
        delay = getattr(state, "tick_delay", lambda: None)()
        if delay is None:
            return state
        nxt = state.on_tick()  # type: ignore[attr-defined]
        if nxt is not None:
            state = nxt
    raise AssertionError("the screen never stopped animating")


def bot_key(state: State) -> str:
    """What a simple player presses on `state`: fight what it sees, pick up, explore, go down."""
    if isinstance(state, MapScreen):
        game = state.game
        eid = state.hero()
        if eid is None:
            return "."
        pos = game.position(eid)
        monsters = visible_monsters(game)
        if monsters:
            def dist(m: int) -> int:
                p = game.position(m)
                return max(abs(p.x - pos.x), abs(p.y - pos.y))

            target = game.position(min(monsters, key=dist))
            step = step_towards(game, eid, [(target.x, target.y)]) if dist(min(monsters, key=dist)) > 1 else None
            if not step:
                step = ((target.x > pos.x) - (target.x < pos.x), (target.y > pos.y) - (target.y < pos.y))
            return STEP_KEYS.get(step, ".")
        if "moves them on their turn" in state.notice:  # behind another player's hero: end the turn for them
            return "."
        if "Nothing left" in state.notice or "no known way" in state.notice:
            tile = int(game.floor.tile[pos.y, pos.x])
            return ">" if tile == Tile.STAIR_DOWN else "t" if "t travels" in state.notice else "s"
        return "x"
    name = type(state).__name__
    if name == "ConfirmDialog":
        return "Y"
    if name == "MessageDialog":
        return "enter"
    return "escape"


def play_until(kit: Kit, session: Session, done: Callable[[Session, State], bool], max_keys: int = 600,
               ) -> State:
    """Press `bot_key`s on the map until `done(session, state)`; returns the state it ended on."""
    state: State = settle(first_screen(kit, session))
    for _ in range(max_keys):
        if done(session, state) or isinstance(state, Exit):
            return state
        nxt = state.on_event(KeyEvent(bot_key(state)))
        if nxt is not None:
            state = nxt
        state = settle(state)
    raise AssertionError(f"not done after {max_keys} keys; turn {session.game.turn}, phase {session.game.phase}")
