"""Pastes in the terminal.

- Bracketed paste (mode 2004, switched on with the alternate screen): the terminal marks a paste
  with ``ESC [ 200 ~`` ... ``ESC [ 201 ~``, so a paste of any length is one event with its text,
  never keys; a focused text box takes the text as typing, every other screen ignores it.
- Terminals without it (issue 17): when more input waits than a frame can show, the excess is
  dropped unread, except for what must be answered: a Ctrl-C in it, or the input closing. So the
  game answers Ctrl-C at once under a paste of any length, instead of drawing a frame for each of
  ten thousand keys first (blessed also re-reads its whole buffer for every key)."""

from __future__ import annotations

import contextlib
import fcntl
import os
import select
import struct
import termios
import time
from typing import Any

PASTE_BACKLOG = 64  # bytes of input waiting beyond what a frame can show: a paste, not typing
PASTE_SLICE = 0.1  # seconds spent dropping a paste before the next frame is drawn
PASTE_START = "\x1b[200~"  # what a terminal in bracketed paste mode sends before a paste
PASTE_END = "\x1b[201~"  # ... and after it
PASTE_KEPT = 1024  # characters of a bracketed paste kept: more than any text box holds
PASTE_QUIET = 1.0  # seconds without input that end a bracketed paste whose end never came


def backlog(term: Any, fd: int) -> int:
    """Characters blessed holds plus bytes the terminal holds, not yet read as keys."""
    held = len(getattr(term, "_keyboard_buf", ()) or ())
    try:
        waiting = struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0]
    except (OSError, ValueError, struct.error):
        waiting = 0
    return held + waiting


def drop_paste(term: Any, fd: int) -> str | None:
    """Drop the input waiting (for at most PASTE_SLICE); "interrupt" when a Ctrl-C was in it,
    "hangup" or "input closed" when the input went away, else None."""
    interrupted = False
    held = getattr(term, "_keyboard_buf", None)
    if held:
        interrupted = "\x03" in "".join(held)
        held.clear()
    deadline = time.monotonic() + PASTE_SLICE
    while time.monotonic() < deadline:
        try:
            ready, _, _ = select.select([fd], [], [], 0)
            if not ready:
                break
            chunk = os.read(fd, 65536)
        except OSError:
            return "hangup"
        if not chunk:
            return "input closed"
        interrupted = interrupted or b"\x03" in chunk
    with contextlib.suppress(AttributeError):
        term._keyboard_decoder.reset()  # it may hold half a character of the paste
    return "interrupt" if interrupted else None


def next_input_is(term: Any, fd: int, text: str, wait: float = 0.0) -> bool:
    """Whether the input not yet read as keys begins with ``text``; what has arrived of it is
    moved into blessed's buffer (in the order blessed reads it: from the right) to look at. While
    what has come is the start of ``text``, the rest is waited for up to ``wait`` seconds (a
    paste's start marker split between two reads)."""
    held = term._keyboard_buf
    deadline = time.monotonic() + wait
    while True:
        ahead = "".join(held[-1 - i] for i in range(min(len(text), len(held))))
        if len(ahead) == len(text) or not text.startswith(ahead):
            return ahead == text
        try:
            if not select.select([fd], [], [], max(0.0, deadline - time.monotonic()))[0]:
                return False
            more = os.read(fd, 65536)
            if not more:
                return False
            held.extendleft(term._keyboard_decoder.decode(more))
        except (OSError, AttributeError):
            return False


class BracketedPaste:
    """The text of a bracketed paste as it arrives, kept up to PASTE_KEPT characters."""

    def __init__(self) -> None:
        self.text = ""
        self._tail = ""  # the last few characters: the end marker may come split in two

    def feed(self, more: str) -> str | None:
        """Take more input; once the end marker has come, what followed it (maybe ""), else None."""
        seen = self._tail + more
        at = seen.find(PASTE_END)
        if at >= 0:
            self._keep(seen[:at])
            self._tail = ""
            return seen[at + len(PASTE_END) :]
        cut = max(0, len(seen) - len(PASTE_END) + 1)
        self._keep(seen[:cut])
        self._tail = seen[cut:]
        return None

    def finish(self) -> str:
        """The text, when the input fell quiet before the end marker came."""
        self._keep(self._tail)
        self._tail = ""
        return self.text

    def _keep(self, text: str) -> None:
        room = PASTE_KEPT - len(self.text)
        if room > 0:
            self.text += text[:room]


def read_bracketed_paste(term: Any, fd: int) -> tuple[str, str | None]:
    """Read a bracketed paste whose start marker was just read, up to its end marker: its text,
    and None, or "hangup" / "input closed" when the input went away. What came after the end
    marker goes back to blessed, to be read as keys."""
    paste = BracketedPaste()
    held = term._keyboard_buf
    rest = paste.feed("".join(reversed(held)))
    held.clear()
    while rest is None:
        try:
            ready, _, _ = select.select([fd], [], [], PASTE_QUIET)
            chunk = os.read(fd, 65536) if ready else b""
        except OSError:
            return paste.finish(), "hangup"
        if not ready:  # the end marker never came: the paste ends here
            return paste.finish(), None
        if not chunk:
            return paste.finish(), "input closed"
        rest = paste.feed(term._keyboard_decoder.decode(chunk))
    if rest:
        term.ungetch(rest)
    return paste.text, None
