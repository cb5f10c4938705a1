"""The loop's animation ticks: a state that asks for them gets them while no key arrives; a key
still goes to the state; the headless presenter plays an animation out before its next key."""

from __future__ import annotations

import tcod.console

from game.ui.events import KeyEvent, key
from game.ui.loop import run
from game.ui.present.headless import HeadlessPresenter
from game.ui.state import Exit


class Ticker:
    def __init__(self, ticks: int = 5) -> None:
        self.limit = ticks
        self.ticks = 0
        self.keys: list[str] = []
        self.ticks_at_key: list[int] = []

    def tick_delay(self) -> float | None:
        return 0.0 if self.ticks < self.limit else None

    def on_tick(self) -> None:
        self.ticks += 1

    def on_event(self, event: KeyEvent) -> Exit | None:
        self.keys.append(event.key)
        self.ticks_at_key.append(self.ticks)
        if event.key == "again":
            self.limit += 3
        return Exit(self.ticks) if event.key == "q" else None

    def on_draw(self, console: tcod.console.Console) -> None:
        return None

    def cursor(self) -> None:
        return None


def test_loop_ticks_an_animating_state_and_a_key_interrupts_it() -> None:
    ticker = Ticker()
    assert run(ticker, HeadlessPresenter(80, 24, [key("a"), key("q")])) == Exit(5)
    assert ticker.keys == ["a", "q"]




def test_headless_plays_an_animation_out_before_the_next_key() -> None:
    ticker = Ticker(2)
    assert run(ticker, HeadlessPresenter(80, 24, [key("again"), key("q")])) == Exit(5)
    assert ticker.ticks_at_key == [2, 5]


def test_a_state_without_ticks_blocks_for_keys_as_before() -> None:
    class Still(Ticker):
        tick_delay = None  # type: ignore[assignment]

    still = Still()
    assert run(still, HeadlessPresenter(80, 24, [key("a")])).interrupted
    assert still.ticks == 0 and still.keys == ["a"]
