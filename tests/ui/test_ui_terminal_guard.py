"""Terminal safety, in process: the guard's order of saving and restoring, and the tty check."""

from __future__ import annotations

import io
import os
import signal

import pytest

from game.core.errors import UsageError
from game.ui.terminal_guard import NOT_A_TERMINAL, SignalExit, TerminalGuard, check_terminal, require_terminal


class FakeTty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_pipes_are_not_a_terminal_and_the_refusal_is_one_line() -> None:
    assert check_terminal(io.StringIO(), FakeTty()) == NOT_A_TERMINAL
    assert check_terminal(FakeTty(), io.StringIO()) == NOT_A_TERMINAL
    assert check_terminal(FakeTty(), FakeTty()) is None
    with pytest.raises(UsageError) as caught:
        require_terminal(io.StringIO(), io.StringIO())
    assert caught.value.exit_code == 2
    assert "\n" not in str(caught.value)
    assert "autoplay" in str(caught.value) and "--window" in str(caught.value)


def test_normal_exit_restores_without_saving() -> None:
    calls: list[str] = []
    with TerminalGuard(restore=lambda: calls.append("restore"), on_hangup=lambda: calls.append("save")):
        pass
    assert calls == ["restore"]


def test_an_exception_still_restores_the_terminal() -> None:
    calls: list[str] = []
    with pytest.raises(ZeroDivisionError), TerminalGuard(restore=lambda: calls.append("restore")):
        1 / 0  # noqa: B018
    assert calls == ["restore"]


def test_a_signal_is_noted_wakes_the_presenter_and_saves_before_restoring() -> None:
    calls: list[str] = []
    previous = signal.getsignal(signal.SIGTERM)
    guard = TerminalGuard(
        restore=lambda: calls.append("restore"),
        on_hangup=lambda: calls.append("save"),
        wake=lambda: calls.append("wake"),
    )
    with guard:
        os.kill(os.getpid(), signal.SIGTERM)
        assert guard.pending == signal.SIGTERM
        assert calls == ["wake"]
    assert calls == ["wake", "save", "restore"]
    assert signal.getsignal(signal.SIGTERM) == previous


def test_a_second_signal_does_not_wait() -> None:
    calls: list[str] = []
    with pytest.raises(SignalExit) as caught, TerminalGuard(
        restore=lambda: calls.append("restore"), on_hangup=lambda: calls.append("save")
    ):
        os.kill(os.getpid(), signal.SIGTERM)
        os.kill(os.getpid(), signal.SIGTERM)
    assert caught.value.code == 128 + signal.SIGTERM
    assert calls == ["save", "restore"]


def test_the_save_runs_once_even_if_the_loop_already_saved() -> None:
    calls: list[str] = []
    guard = TerminalGuard(restore=lambda: calls.append("restore"), on_hangup=lambda: calls.append("save"))
    with guard:
        guard.hangup()  # the loop saw Ctrl-C
        os.kill(os.getpid(), signal.SIGTERM)
    assert calls == ["save", "restore"]


def test_a_failing_save_does_not_stop_the_restore() -> None:
    calls: list[str] = []

    def broken_save() -> None:
        raise RuntimeError("disk full")

    guard = TerminalGuard(restore=lambda: calls.append("restore"), on_hangup=broken_save)
    with pytest.raises(KeyboardInterrupt), guard:
        raise KeyboardInterrupt
    assert calls == ["restore"]
