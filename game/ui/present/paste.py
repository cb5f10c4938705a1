"""Pastes in the terminal (issue 17): when more input waits than a frame can show, the excess
is dropped unread, except for what must be answered: a Ctrl-C in it, or the input closing. So
the game answers Ctrl-C at once under a paste of any length, instead of drawing a frame for
each of ten thousand keys first (blessed also re-reads its whole buffer for every key)."""

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
