"""The terminal front end under faults it cannot prevent (issue 17): the terminal closing while a
frame is written (EIO), nonsense sizes (a 0x0 pty with COLUMNS=abc)."""

from __future__ import annotations

import errno
import io

import tcod.console

from game.ui.events import CloseEvent
from game.ui.loop import run
from game.ui.present.ansi import AnsiWriter
from game.ui.present.terminal import TerminalPresenter
from game.ui.state import Exit


class ClosedTerminal(io.RawIOBase):
    """Standard output after the terminal window closed: every write is EIO."""

    def writable(self) -> bool:
        return True

    def write(self, data: object) -> int:
        raise OSError(errno.EIO, "Input/output error")


class Drawing:
    """A state that only draws (the loop must end through the presenter's hang-up)."""

    def on_draw(self, console: tcod.console.Console) -> None:
        console.print(0, 0, "drawing")

    def cursor(self) -> None:
        return None

    def on_event(self, event: object) -> None:
        return None


def closed_presenter() -> TerminalPresenter:
    presenter = TerminalPresenter(env={"COLUMNS": "100", "LINES": "30"})
    presenter.writer = AnsiWriter(ClosedTerminal(), "truecolor")  # type: ignore[arg-type]
    return presenter


def test_eio_while_drawing_becomes_a_hang_up_that_saves() -> None:
    presenter = closed_presenter()
    console = tcod.console.Console(100, 30, order="C")
    presenter.present(console, None)  # no exception
    assert presenter.gone
    event = presenter.next_event(0)
    assert isinstance(event, CloseEvent) and event.reason == "hangup"
    saved: list[str] = []
    result = run(Drawing(), presenter, on_interrupt=lambda: saved.append("saved"))  # type: ignore[arg-type]
    assert result == Exit(interrupted=True) and saved == ["saved"]


def test_a_zero_by_zero_terminal_with_columns_abc_is_80_by_24() -> None:
    presenter = TerminalPresenter(env={"COLUMNS": "abc", "LINES": "-3"})
    assert presenter.size() == (80, 24)  # no pty at all: the environment's nonsense is ignored
    assert TerminalPresenter(env={"COLUMNS": "120", "LINES": " 40 "}).size() == (120, 40)


def test_a_terminal_gone_before_the_first_frame_is_a_hang_up_too(monkeypatch) -> None:
    import tty

    presenter = closed_presenter()

    def gone(fd: int, when: int = 0) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(tty, "setraw", gone)
    presenter._enter()  # no exception
    event = presenter.next_event(0)
    assert presenter.gone and isinstance(event, CloseEvent) and event.reason == "hangup"


def test_a_terminal_gone_as_the_keys_are_first_read_is_a_hang_up(monkeypatch) -> None:
    """blessed is made with the first key read and asks the terminal what it can do: a terminal
    that went away after the first frame answers EIO there, which is a hang-up, not a traceback."""
    import blessed

    def gone(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(blessed, "Terminal", gone)
    presenter = TerminalPresenter(env={"COLUMNS": "100", "LINES": "30"})
    event = presenter._read_key()
    assert isinstance(event, CloseEvent) and event.reason == "hangup"
