"""The fullscreen terminal front end: blessed for keys and size, our ANSI writer for frames.

- Keys: raw mode (Ctrl-C, Ctrl-Z arrive as keys: the loop saves and quits, or suspends), read
  through blessed with a short Esc delay (10 ms by default, an option), turned into ``KeyEvent``
  names that do not depend on blessed. blessed is loaded when the first key is read, after the
  first frame is out: its import is a quarter of the program's start (it brings asyncio), and
  keys typed meanwhile wait in the terminal. The colour depth before it needs only terminfo.
- Hostile input (issue 17): bytes that are not UTF-8 become U+FFFD, never an exception; a
  bracketed paste is one ``PasteEvent`` with its text; without brackets, when more input waits
  than a frame can show (a paste), the excess is dropped unread except for a Ctrl-C in it, so
  the game answers Ctrl-C at once under a paste of any length (`paste.py`).
- A terminal that goes away while a frame is drawn (EIO): the presenter reports a hang-up, the
  loop saves and leaves, and nothing more is written to the dead terminal.
- Size: SIGWINCH wakes the wait for input through a pipe and becomes a ``ResizeEvent``; the
  loop draws the next frame at the new size and the writer redraws every cell.
- Output: ``AnsiWriter`` (only changed cells, 24-bit colour with 256- and 16-colour fallbacks
  by what the terminal reports), the alternate screen, cursor hidden unless a state asks for it.
  libtcod's own terminal renderer is not used.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import re
import select
import signal
import sys
import termios
import time
import tty
from collections import deque
from collections.abc import Callable, Mapping
from types import FrameType
from typing import Any, BinaryIO

import tcod.console

from game.ui.colour_roles import role_codes
from game.ui.events import CloseEvent, Event, KeyEvent, PasteEvent, ResizeEvent, normalize_key
from game.ui.kit import Kit, terminal_speaks_utf8
from game.ui.loop import MIN_SIZE, run
from game.ui.options import Options
from game.ui.present.ansi import AnsiWriter
from game.ui.present.colors import ColorMode, detect_color_mode, terminfo_colors
from game.ui.present.paste import (
    PASTE_BACKLOG,
    PASTE_START,
    backlog,
    drop_paste,
    next_input_is,
    read_bracketed_paste,
)
from game.ui.state import Exit, State
from game.ui.terminal_guard import SignalExit, TerminalGuard, require_terminal, silence_standard_streams

DEFAULT_ESC_DELAY = 0.010

_NAMED = {
    "UP": "up",
    "DOWN": "down",
    "LEFT": "left",
    "RIGHT": "right",
    "HOME": "home",
    "END": "end",
    "PGUP": "pageup",
    "PGDOWN": "pagedown",
    "PPAGE": "pageup",
    "NPAGE": "pagedown",
    "INSERT": "insert",
    "DELETE": "delete",
    "ENTER": "enter",
    "KP_ENTER": "enter",
    "ESCAPE": "escape",
    "TAB": "tab",
    "BTAB": "S-tab",
    "BACKSPACE": "backspace",
    "SPACE": "space",
    "CENTER": "KP_5",
    "BEGIN": "KP_5",
    "B2": "KP_5",
    "A1": "KP_7",
    "A3": "KP_9",
    "C1": "KP_1",
    "C3": "KP_3",
}
_MODIFIERS = (("CTRL_", "C-"), ("ALT_", "M-"), ("META_", "M-"), ("SHIFT_", "S-"), ("SUPER_", ""), ("HYPER_", ""))
_FUNCTION_KEY = re.compile(r"F(\d{1,2})$")
_KEYPAD_DIGIT = re.compile(r"KP_(\d)$")


def _after_unknown_sequence(term: Any) -> Any:
    """Read past the rest of a control sequence blessed could not name (it gives the bare
    ``ESC [`` as "CSI"): its parameter bytes and final byte (``11~`` of PuTTY's F1, ``1;5I`` of
    mintty's Ctrl-Tab) would otherwise come out as keys, and ``1`` ``1`` walks the hero south-west
    twice. Only what has already arrived with it is read; the keystroke after the sequence, if
    one came with it, is returned to be read as usual."""
    first = True
    while keystroke := term.inkey(timeout=0, esc_delay=0):
        text = str(keystroke)
        if keystroke.name is not None or len(text) != 1:
            return keystroke  # a whole key of its own (an arrow, Esc): not part of the sequence
        code = ord(text)
        if first and text == "[":  # the Linux console's F1 to F5: ESC [ [ A
            first = False
            continue
        first = False
        if 0x20 <= code <= 0x3F:  # parameters (digits ; < = > ?) and intermediates (space ! " $ ...)
            continue
        if 0x40 <= code <= 0x7E:  # the final byte ends it
            return None
        return keystroke
    return None


def quiet_terminal(blessed: Any) -> Any:
    """blessed's Terminal without its XTGETTCAP probe (blessed 1.4x and later): it writes a DCS
    query a terminal that does not know it prints as text ("+q544e+q524742...", over the frame
    just drawn), and waits up to 5 s for an answer at the first key. The game reads only keys and
    the size from blessed (its colours are its own), so the answer is never needed. A blessed
    without the parameter makes its Terminal as ever."""
    try:
        from blessed._capabilities import TermcapResponse  # start-up: with the first key; private to blessed

        return blessed.Terminal(_xtgettcap_data=TermcapResponse(supported=False))
    except (ImportError, TypeError):
        return blessed.Terminal()


def blessed_key_name(text: str, name: str | None) -> str | None:
    """Our key name for a blessed keystroke (its ``str`` and ``.name``); None to ignore it.

    ``KEY_UP`` -> ``up``, ``KEY_KP_8`` -> ``KP_8``, ``KEY_CTRL_C`` -> ``C-c``,
    ``KEY_ALT_SHIFT_X`` -> ``M-X``, ``KEY_SHIFT_UP`` -> ``S-up``, ``KEY_BTAB`` -> ``S-tab``,
    ``KEY_CENTER`` -> ``KP_5``; plain characters are themselves, the space bar is ``space``.
    """
    if name is None:
        if len(text) == 1 and text.isprintable():
            return normalize_key(text)
        return None
    if not name.startswith("KEY_"):
        return None  # mouse, focus, paste, cursor reports: not keys
    rest = name[4:]
    for suffix in ("_REPEATED", "_RELEASED"):
        if rest.endswith(suffix):
            if suffix == "_RELEASED":
                return None
            rest = rest[: -len(suffix)]
    prefix_flags: dict[str, bool] = {}
    changed = True
    while changed:
        changed = False
        for word, _ in _MODIFIERS:
            if rest.startswith(word) and len(rest) > len(word):
                prefix_flags[word] = True
                rest = rest[len(word) :]
                changed = True
    ctrl = "CTRL_" in prefix_flags
    alt = "ALT_" in prefix_flags or "META_" in prefix_flags
    shift = "SHIFT_" in prefix_flags
    if len(rest) == 1:  # a character with modifiers
        char = rest if (shift and not ctrl) else rest.lower()
        base = char
        shift = False
    elif rest in _NAMED:
        base = _NAMED[rest]
    elif match := _FUNCTION_KEY.match(rest):
        base = f"f{int(match.group(1))}"
    elif match := _KEYPAD_DIGIT.match(rest):
        base = f"KP_{match.group(1)}"
    elif rest.startswith("KP_"):
        base = "KP_" + rest[3:].lower()
    else:
        base = rest.lower()
    if base.startswith("S-"):
        shift, base = True, base[2:]
    return ("C-" if ctrl else "") + ("M-" if alt else "") + ("S-" if shift else "") + base


class TerminalPresenter:
    """Draws frames in the terminal and reads its keys. Use ``open()``/``close()`` or ``with``.

    ``env`` (default ``os.environ``) and ``color_override`` decide the colour depth together
    with blessed's ``number_of_colors``. ``out`` is where frames go (default: standard output).
    """

    def __init__(
        self,
        *,
        color_override: str = "auto",
        esc_delay: float = DEFAULT_ESC_DELAY,
        env: Mapping[str, str] | None = None,
        out: BinaryIO | None = None,
    ) -> None:
        self.env = os.environ if env is None else env
        self.color_override = color_override
        self.esc_delay = esc_delay
        self._out_given = out
        self.term: Any = None  # blessed's Terminal, from the first key read on
        self._colors: int | None = None  # terminfo's colour count
        self.writer: AnsiWriter | None = None
        self.signals: TerminalGuard | None = None
        self._in_fd = -1
        self._out_fd = -1
        self._saved_attrs: list[Any] | None = None
        self._wake_r = self._wake_w = -1
        self._resized = False
        self._queue: deque[Event] = deque()
        self._previous_winch: Any = None
        self._open = False
        self.gone = False  # the terminal went away (EIO): no more frames, the loop gets a hang-up

    # -- lifetime -------------------------------------------------------------------------

    def open(self) -> None:
        self._in_fd = sys.__stdin__.fileno()  # type: ignore[union-attr]
        self._out_fd = sys.__stdout__.fileno()  # type: ignore[union-attr]
        out = self._out_given or open(self._out_fd, "wb", closefd=False)  # noqa: SIM115 - lives as long as we do
        self._colors = terminfo_colors(self.env.get("TERM", ""), self._out_fd)
        self.writer = AnsiWriter(out, self._detect_mode(), ascii_only=not terminal_speaks_utf8())
        self._wake_r, self._wake_w = os.pipe()
        os.set_blocking(self._wake_r, False)
        os.set_blocking(self._wake_w, False)
        self._saved_attrs = termios.tcgetattr(self._in_fd)
        self._open = True
        self._enter()
        with contextlib.suppress(ValueError, AttributeError):
            self._previous_winch = signal.signal(signal.SIGWINCH, self._on_winch)

    def _enter(self) -> None:
        assert self.writer is not None
        try:
            tty.setraw(self._in_fd, termios.TCSANOW)
            self.writer.enter()
        except (OSError, termios.error):  # the terminal is already gone: a hang-up, not a crash
            self.gone = True

    def _leave(self) -> None:
        if self.writer is not None:
            with contextlib.suppress(OSError, ValueError):
                self.writer.leave()
        if self._saved_attrs is not None:
            with contextlib.suppress(OSError, termios.error):
                termios.tcsetattr(self._in_fd, termios.TCSADRAIN, self._saved_attrs)

    def close(self) -> None:
        """Give the terminal back as it was; safe to call twice, and when the terminal is gone."""
        if not self._open:
            return
        self._open = False
        with contextlib.suppress(ValueError, AttributeError, TypeError):
            signal.signal(signal.SIGWINCH, self._previous_winch or signal.SIG_DFL)
        self._leave()
        for fd in (self._wake_r, self._wake_w):
            with contextlib.suppress(OSError):
                os.close(fd)
        self._wake_r = self._wake_w = -1

    def __enter__(self) -> TerminalPresenter:
        self.open()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def suspend(self) -> None:
        """Ctrl-Z: give the terminal back, stop, and take it again when the shell resumes us."""
        if not self._open:
            return
        self._leave()
        previous = signal.signal(signal.SIGTSTP, signal.SIG_DFL)
        try:
            os.kill(os.getpid(), signal.SIGTSTP)
        finally:
            signal.signal(signal.SIGTSTP, previous)
        self._enter()
        self.invalidate()

    # -- the presenter protocol -----------------------------------------------------------

    def _detect_mode(self) -> ColorMode:
        return detect_color_mode(self.env, self._colors, self.color_override)

    def _keys(self) -> Any:
        """blessed's terminal, made on the first key read (see the module's docstring)."""
        if self.term is None:
            import blessed  # start-up: loaded with the first key read, after the first frame

            self.term = quiet_terminal(blessed)
            with contextlib.suppress(AttributeError, LookupError, TypeError):  # any byte, never an exception
                encoding = getattr(self.term, "_encoding", None) or "utf-8"
                self.term._keyboard_decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
            # an older blessed may still ask the terminal something as it starts; a terminal that
            # does not know the question may print it, so the whole screen is drawn again
            self.invalidate()
            self._resized = True
            self.wake()
        return self.term

    def configure(self, options: Options) -> str | None:
        self.color_override = options.color_mode
        self.esc_delay = options.esc_delay_ms / 1000
        if self.writer is None:
            return None
        mode = self._detect_mode()
        # 16 colours and none give each role its own code; the other modes never look one up, so
        # they are spared working them out for every theme's tiles (a few ms of the start)
        self.writer.set_roles(role_codes(options.palette) if mode in ("16", "none") else {})
        self.writer.set_color_mode(mode)
        return self.writer.color_mode

    def size(self) -> tuple[int, int]:
        try:
            columns, lines = os.get_terminal_size(self._out_fd)
        except (OSError, ValueError):
            columns = lines = 0
        if columns <= 0 or lines <= 0:  # a pty whose size was never set
            columns = _env_size(self.env.get("COLUMNS"), 80)
            lines = _env_size(self.env.get("LINES"), 24)
        return columns, lines

    def invalidate(self) -> None:
        if self.writer is not None:
            self.writer.invalidate()

    def present(self, console: tcod.console.Console, cursor: tuple[int, int] | None) -> None:
        assert self.writer is not None, "open() the presenter first"
        if self.gone:
            return
        try:
            self.writer.frame(console, cursor)
        except OSError:  # EIO: the terminal closed under us; the next event is a hang-up
            self.gone = True
            self.wake()

    def wake(self) -> None:
        if self._wake_w >= 0:
            with contextlib.suppress(BlockingIOError, OSError):
                os.write(self._wake_w, b"!")

    def _on_winch(self, signum: int, frame: FrameType | None) -> None:
        self._resized = True
        self.wake()

    def _drain_wake(self) -> None:
        with contextlib.suppress(BlockingIOError, OSError):
            while os.read(self._wake_r, 512):
                pass

    def _pending(self) -> Event | None:
        if self.gone:
            return CloseEvent("hangup")
        if self.signals is not None and self.signals.pending is not None:
            name = signal.Signals(self.signals.pending).name
            return CloseEvent("hangup" if name == "SIGHUP" else name.lower())
        if self._resized:
            self._resized = False
            return ResizeEvent(*self.size())
        if self._queue:
            return self._queue.popleft()
        return None

    def _read_key(self) -> Event | None:
        try:
            term = self._keys()
        except OSError:  # the terminal went away as blessed asked it what it can do
            return CloseEvent("hangup")
        if backlog(term, self._in_fd) > PASTE_BACKLOG:
            if next_input_is(term, self._in_fd, PASTE_START):  # read whole here: blessed reads a byte at a time
                return self._read_paste(term, PASTE_START)
            dropped = drop_paste(term, self._in_fd)
            if dropped == "interrupt":
                return KeyEvent("C-c")
            if dropped is not None:
                return CloseEvent(dropped)
            return PasteEvent()
        try:
            keystroke = term.inkey(timeout=0, esc_delay=self.esc_delay)
            while keystroke.name == "CSI":  # a key this terminal's terminfo does not know (PuTTY's F1, F13)
                if next_input_is(term, self._in_fd, PASTE_START[2:], self.esc_delay):
                    return self._read_paste(term, PASTE_START[2:])
                # what came after it is read now: blessed holds it, and the wait for input would not wake for it
                keystroke = _after_unknown_sequence(term) or term.inkey(timeout=0, esc_delay=self.esc_delay)
        except EOFError:
            return CloseEvent("input closed")
        except OSError:
            return CloseEvent("hangup")
        except UnicodeDecodeError:  # a decoder that does not replace: drop the byte, never crash
            with contextlib.suppress(AttributeError):
                term._keyboard_decoder.reset()
            return None
        if not keystroke:
            if getattr(term, "_keyboard_eof", False):
                return CloseEvent("input closed")
            return None
        name = blessed_key_name(str(keystroke), keystroke.name)
        if str(keystroke) == "\x1b\x1b":
            # Esc, then an arrow key at once ("\x1b" "\x1bOA"): blessed takes the two Escs for
            # Alt-Esc, and the arrow's rest came out as the keys O and A (O opens the options).
            # The second Esc goes back, before what followed it, to be read with it: an arrow,
            # or Esc alone (blessed's `ungetch` queues behind what it holds, so that comes too).
            rest = "\x1b"
            while more := term.inkey(timeout=0, esc_delay=0):
                rest += str(more)
            term.ungetch(rest)
            return KeyEvent("escape")
        if name and name.startswith("M-") and len(name) > 2:
            # Alt-x and "Esc, then x typed quickly" are the same bytes; no binding uses Alt, so
            # it is read as the two keys (Esc backs out, then x does what it does)
            self._queue.append(KeyEvent(name[2:]))
            return KeyEvent("escape")
        return KeyEvent(name) if name else None

    def _read_paste(self, term: Any, marker: str) -> Event:
        """A bracketed paste, from the `marker` (what is left of its start marker) next in blessed's
        buffer: all of it, or after the ``ESC [`` that blessed read as "CSI"."""
        for _ in marker:
            term._keyboard_buf.pop()
        text, closed = read_bracketed_paste(term, self._in_fd)
        if closed is not None:
            return CloseEvent(closed)
        return PasteEvent(text)

    def next_event(self, timeout: float | None = None) -> Event | None:
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            event = self._pending() or self._read_key()
            if event is not None:
                return event
            remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                ready, _, _ = select.select([self._in_fd, self._wake_r], [], [], remaining)
            except OSError:
                return CloseEvent("hangup")
            if self._wake_r in ready:
                self._drain_wake()
            if not ready and deadline is not None:
                return self._pending()


def _env_size(text: str | None, default: int) -> int:
    """COLUMNS / LINES as a size, or `default` when unset or not a number (``COLUMNS=abc``)."""
    try:
        value = int((text or "").strip())
    except ValueError:
        return default
    return value if 0 < value < 10_000 else default


def run_in_terminal(
    state: State,
    *,
    kit: Kit | None = None,
    on_hangup: Callable[[], None] | None = None,
    min_size: tuple[int, int] = MIN_SIZE,
) -> Exit:
    """Run ``state`` fullscreen in this terminal until it exits; the terminal is always restored.

    ``on_hangup`` (autosave) is called once if the run is cut short: Ctrl-C, SIGHUP, SIGTERM.
    Refuses with a one-line ``UsageError`` (exit 2) when stdin/stdout are not terminals. After a
    signal, raises ``SignalExit`` (exit status 128 + signal) once the terminal is restored; a terminal
    that vanished is a hang-up (SIGHUP) whether the kernel's signal or a failed read told it first.
    """
    require_terminal()
    options = kit.options if kit is not None else Options()
    presenter = TerminalPresenter(color_override=options.color_mode, esc_delay=options.esc_delay_ms / 1000)
    guard = TerminalGuard(restore=presenter.close, on_hangup=on_hangup, wake=presenter.wake)
    with guard:
        presenter.signals = guard
        presenter.open()
        result = run(state, presenter, kit=kit, min_size=min_size, on_interrupt=guard.hangup)
    if guard.pending is not None:
        if presenter.gone:
            silence_standard_streams()  # the terminal is gone: leaving must not write to it
        raise SignalExit(guard.pending)
    if presenter.gone:  # the read failed before the kernel's SIGHUP came: the same hang-up, the same exit
        silence_standard_streams()
        raise SignalExit(signal.SIGHUP)
    return result
