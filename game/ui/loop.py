"""The main loop: draw, present, read an event, dispatch. Resizes relayout for free (every
frame is drawn at the current size); below the minimum size the "make it larger" screen shows
instead, and the real screen resumes when the terminal grows.

A state that animates (travel and autoexplore take one step per frame) may define
``tick_delay() -> float | None`` and ``on_tick() -> State | None``: while ``tick_delay`` gives
a number, the loop waits at most that long for an event and calls ``on_tick`` when none came.
A key that arrives meanwhile goes to ``on_event`` as usual (and may stop the animation)."""

from __future__ import annotations

from collections.abc import Callable

import tcod.console

from game.core.start_up import under_way
from game.ui.events import INTERRUPT_KEYS, CloseEvent, KeyEvent, ResizeEvent
from game.ui.kit import Kit
from game.ui.present.presenter import Presenter
from game.ui.screens.too_small import TooSmallScreen
from game.ui.state import Exit, State

MIN_SIZE = (80, 24)


def run(
    state: State,
    presenter: Presenter,
    *,
    kit: Kit | None = None,
    min_size: tuple[int, int] = MIN_SIZE,
    on_interrupt: Callable[[], None] | None = None,
    max_events: int | None = None,
) -> Exit:
    """Run ``state`` until a state returns ``Exit`` (handed back) or the player interrupts.

    Ctrl-C and a ``CloseEvent`` (window closed, input gone) call ``on_interrupt`` (autosave),
    then end with ``Exit(interrupted=True)``. ``kit``: when its options change, the presenter
    is reconfigured. ``max_events`` bounds the loop (tests, benchmarks).
    """
    console: tcod.console.Console | None = None
    kit_version = -1
    handled = 0
    while not isinstance(state, Exit):
        if kit is not None and kit.version != kit_version:
            kit_version = kit.version
            kit.color_mode_in_use = presenter.configure(kit.options)
        width, height = presenter.size()
        if console is None or (console.width, console.height) != (width, height):
            console = tcod.console.Console(max(1, width), max(1, height), order="C")
            presenter.invalidate()
        too_small = width < min_size[0] or height < min_size[1]
        surface = getattr(presenter, "surface", "terminal")  # what the player is asked to make larger
        shown: State = TooSmallScreen(min_size, state, surface) if too_small else state
        console.clear()
        shown.on_draw(console)
        presenter.present(console, shown.cursor())
        under_way()  # the first frame is out: the program's start is over

        if max_events is not None and handled >= max_events:
            return Exit(interrupted=True)
        delay = _tick_delay(shown)
        event = presenter.next_event(delay)
        if event is None and delay is not None and not too_small:
            nxt = state.on_tick()  # type: ignore[attr-defined]
            if nxt is not None:
                state = nxt
            continue
        if event is None or isinstance(event, ResizeEvent):
            continue
        handled += 1
        if isinstance(event, CloseEvent) or (isinstance(event, KeyEvent) and event.key in INTERRUPT_KEYS):
            if on_interrupt is not None:
                on_interrupt()
            return Exit(interrupted=True)
        if isinstance(event, KeyEvent) and event.key == "C-z":
            suspend = getattr(presenter, "suspend", None)
            if suspend is not None:
                suspend()
            continue
        if too_small:
            continue
        nxt = state.on_event(event)
        if nxt is not None:
            state = nxt
    return state


def _tick_delay(state: State) -> float | None:
    """How long ``state`` waits for a key before its next animation frame (None: no animation)."""
    tick_delay = getattr(state, "tick_delay", None)
    if tick_delay is None or not hasattr(state, "on_tick"):
        return None
    delay = tick_delay()
    return None if delay is None else max(0.0, float(delay))
