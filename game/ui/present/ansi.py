"""Our own ANSI writer: turns a tcod Console's arrays into the bytes that change the screen.

Only the cells that changed since the last frame are sent (a numpy diff of glyph and colour
codes), the cursor is moved only where the next changed span starts, colours are emitted only
when they change (a run of same-coloured cells costs one SGR), and a space's foreground is
"don't care" (without colour, a space is never underlined: an underline shows on a blank).
Short gaps of unchanged cells inside a span are rewritten instead of skipped, where that is
cheaper than a cursor move. Output goes to any binary file-like object, so a
benchmark can count the bytes. Autowrap is off while we draw, so writing the last column never
scrolls.
"""

from __future__ import annotations

import unicodedata
from typing import BinaryIO

import numpy as np
import tcod.console
from numpy.typing import NDArray

from game.ui.present.colors import UNDERLINE, ColorCoder, ColorMode, RoleCodes, pack_rgb

ESC = "\x1b"
CSI = "\x1b["
ENTER_SEQUENCE = (
    CSI + "?1049h"  # alternate screen (saves the cursor)
    + CSI + "?25l"  # hide the cursor
    + CSI + "?7l"  # no autowrap: the last column never scrolls
    + CSI + "?1h" + ESC + "="  # application cursor keys and keypad
    + CSI + "?2004h"  # bracketed paste: a paste comes marked, never as keys
    + CSI + "0m" + CSI + "H" + CSI + "2J"
)
LEAVE_SEQUENCE = (
    CSI + "0m"  # the terminal's own colours again
    + CSI + "?7h"
    + CSI + "?1l" + ESC + ">"
    + CSI + "?2004l"
    + CSI + "?25h"  # cursor visible
    + CSI + "?1049l"  # back to the normal screen, cursor restored
)
SYNC_BEGIN = CSI + "?2026h"
SYNC_END = CSI + "?2026l"

# Rewriting up to this many unchanged cells is cheaper than a cursor move over them.
MERGE_GAP = 4
# Frames bigger than this are wrapped in synchronized output (terminals that lack it ignore it).
SYNC_THRESHOLD = 512


def one_cell(char: str) -> bool:
    """Whether the terminal writer can draw ``char`` as itself (else it shows '?')."""
    return len(char) == 1 and (char == "?" or _sanitize_codepoint(ord(char), False) not in (32, ord("?")))


def _sanitize_codepoint(cp: int, ascii_only: bool) -> int:
    """A codepoint that takes exactly one cell, or '?' for one that would not (on an ASCII-only
    terminal, an accented letter's base letter)."""
    if cp < 32 or 127 <= cp < 160:
        return 32
    if cp < 127:
        return cp
    char = chr(cp)
    if ascii_only:  # a letter's base, where it has one, reads better than '?': "Zoë" as "Zoe"
        base = ord(unicodedata.normalize("NFKD", char)[0])
        return base if 32 < base < 127 else ord("?")
    if unicodedata.east_asian_width(char) in ("W", "F") or unicodedata.combining(char):
        return ord("?")
    if unicodedata.category(char) in ("Mn", "Me", "Cf", "Cc", "Cs", "Co", "Cn", "Zl", "Zp"):
        return ord("?")
    return cp


class AnsiWriter:
    """Writes frames of a console to ``out`` as ANSI, sending only what changed.

    ``out`` is a binary file-like object (``write(bytes)``, optionally ``flush()``).
    Call ``invalidate()`` after a resize or anything else that may have garbled the screen:
    the next frame is then a full redraw.
    """

    def __init__(
        self,
        out: BinaryIO,
        color_mode: ColorMode = "truecolor",
        *,
        ascii_only: bool = False,
        synchronized: bool = True,
    ) -> None:
        self.out = out
        self.ascii_only = ascii_only
        self.synchronized = synchronized
        self.bytes_written = 0
        self.frames_written = 0
        self._roles: dict[str, RoleCodes] = {}
        self._coder = ColorCoder(color_mode)
        self._sanitized: dict[int, int] = {}
        self._cursor_visible = False
        self.invalidate()

    @property
    def color_mode(self) -> ColorMode:
        return self._coder.mode

    def set_color_mode(self, mode: ColorMode) -> None:
        if mode != self._coder.mode:
            self._coder = ColorCoder(mode, self._roles.get(mode))
            self.invalidate()

    def set_roles(self, roles: dict[str, RoleCodes]) -> None:
        """Exact codes for the palette's colours, per colour mode ("16", "none")."""
        self._roles = roles
        self._coder = ColorCoder(self._coder.mode, roles.get(self._coder.mode))
        self.invalidate()

    def set_ascii_only(self, ascii_only: bool) -> None:
        if ascii_only != self.ascii_only:
            self.ascii_only = ascii_only
            self._sanitized.clear()
            self.invalidate()

    def invalidate(self) -> None:
        """Forget what the screen shows: the next frame clears and redraws every cell."""
        self._prev: tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]] | None = None
        self._pos: tuple[int, int] | None = None
        self._fg: int | None = None
        self._bg: int | None = None

    # -- raw output -------------------------------------------------------------------------

    def write(self, text: str) -> int:
        data = text.encode("utf-8")
        self.out.write(data)
        flush = getattr(self.out, "flush", None)
        if flush is not None:
            flush()
        self.bytes_written += len(data)
        return len(data)

    def enter(self) -> None:
        """Alternate screen, cursor hidden, no autowrap, keypad in application mode."""
        self._cursor_visible = False
        self.invalidate()
        self.write(ENTER_SEQUENCE)

    def leave(self) -> None:
        """Undo ``enter``: normal screen, the terminal's colours, a visible cursor."""
        self.write(LEAVE_SEQUENCE)
        self._cursor_visible = True
        self.invalidate()

    # -- frames -----------------------------------------------------------------------------

    def _glyphs(self, ch: NDArray[np.int32]) -> NDArray[np.int32]:
        """Replace what would not take exactly one cell; the common case (ASCII) is vectorized."""
        ch = ch.astype(np.int32, copy=True)
        ch[(ch < 32) | ((ch >= 127) & (ch < 160))] = 32
        odd = ch >= 127
        if odd.any():
            for cp in sorted(set(ch[odd].tolist())):  # np.unique's order; np.unique would load numpy.ma
                fixed = self._sanitized.get(cp)
                if fixed is None:
                    fixed = self._sanitized[cp] = _sanitize_codepoint(cp, self.ascii_only)
                if fixed != cp:
                    ch[ch == cp] = fixed
        return ch

    def frame_text(self, console: tcod.console.Console, cursor: tuple[int, int] | None = None) -> str:
        """The ANSI text that brings the screen from the last frame to ``console``; updates state."""
        rgb = console.rgb
        if getattr(console, "_order", "C") == "F":
            rgb = rgb.T
        ch = self._glyphs(rgb["ch"])
        fg = self._coder.codes(pack_rgb(rgb["fg"]))
        bg = self._coder.codes(pack_rgb(rgb["bg"]), foreground=False)
        if self._coder.mode == "none":  # a space shows no bold, but it does show an underline
            fg = np.where(ch == 32, fg & ~UNDERLINE, fg)
        else:
            fg = np.where(ch == 32, -1, fg)  # a space shows no foreground
        height, width = ch.shape

        parts: list[str] = []
        if self._prev is None or self._prev[0].shape != ch.shape:
            parts.append(CSI + "0m" + CSI + "H" + CSI + "2J")
            self._fg = self._bg = None
            self._pos = (0, 0)
            changed = np.ones(ch.shape, dtype=bool)
        else:
            pch, pfg, pbg = self._prev
            changed = (ch != pch) | (fg != pfg) | (bg != pbg)
        self._prev = (ch, fg, bg)

        for y in np.flatnonzero(changed.any(axis=1)):
            y = int(y)
            cols = np.flatnonzero(changed[y])
            row_text = ch[y].astype("<u4").tobytes().decode("utf-32-le")
            gaps = np.flatnonzero(np.diff(cols) > MERGE_GAP + 1)
            starts = cols[np.concatenate(([0], gaps + 1))]
            ends = cols[np.concatenate((gaps, [len(cols) - 1]))] + 1
            for start, end in zip(starts.tolist(), ends.tolist(), strict=True):
                self._move(parts, start, y, width)
                self._span(parts, row_text, fg[y, start:end], bg[y, start:end], start)
                self._pos = (end, y) if end < width else None

        if cursor is not None and 0 <= cursor[0] < width and 0 <= cursor[1] < height:
            self._move(parts, cursor[0], cursor[1], width)
            if not self._cursor_visible:
                parts.append(CSI + "?25h")
                self._cursor_visible = True
        elif self._cursor_visible:
            parts.append(CSI + "?25l")
            self._cursor_visible = False

        text = "".join(parts)
        if self.synchronized and len(text) > SYNC_THRESHOLD:
            text = SYNC_BEGIN + text + SYNC_END
        return text

    def frame(self, console: tcod.console.Console, cursor: tuple[int, int] | None = None) -> int:
        """Write one frame; returns the number of bytes written."""
        text = self.frame_text(console, cursor)
        self.frames_written += 1
        return self.write(text) if text else 0

    def _span(
        self, parts: list[str], row_text: str, fg: NDArray[np.int64], bg: NDArray[np.int64], start: int
    ) -> None:
        """Cells [start, start+len) of one row, cursor already there: one SGR per colour run."""
        n = len(fg)
        if n == 1:
            boundaries = [0, 1]
        else:
            # a "don't care" foreground takes the one before it, so spaces never split a run
            fill = np.where(fg >= 0, np.arange(n), 0)
            np.maximum.accumulate(fill, out=fill)
            filled = np.where(fg[fill] >= 0, fg[fill], -1)
            split = np.flatnonzero((filled[1:] != filled[:-1]) | (bg[1:] != bg[:-1])) + 1
            boundaries = [0, *split.tolist(), n]
            fg = filled
        for a, b in zip(boundaries[:-1], boundaries[1:], strict=True):
            f = int(fg[a])
            k = int(bg[a])
            sgr = []
            if f >= 0 and f != self._fg:
                sgr.append(self._coder.fg_param(f))
                self._fg = f
            if k != self._bg:
                sgr.append(self._coder.bg_param(k))
                self._bg = k
            if sgr:
                parts.append(CSI + ";".join(sgr) + "m")
            parts.append(row_text[start + a : start + b])

    def _move(self, parts: list[str], x: int, y: int, width: int) -> None:
        """Move the cursor to (x, y) by the shortest sequence we know."""
        pos = self._pos
        if pos == (x, y):
            return
        if pos is not None and pos[1] == y and x > pos[0]:
            n = x - pos[0]
            parts.append(CSI + "C" if n == 1 else f"{CSI}{n}C")
        elif pos is not None and pos[1] == y and x == 0:
            parts.append("\r")
        elif pos is not None and y == pos[1] + 1 and x == 0:
            parts.append("\r\n")
        elif x == 0:
            parts.append(f"{CSI}{y + 1}H")
        else:
            parts.append(f"{CSI}{y + 1};{x + 1}H")
        self._pos = (x, y)


class NaiveWriter:
    """For comparison only: every cell of every frame, each with its full colour codes."""

    def __init__(self, out: BinaryIO, color_mode: ColorMode = "truecolor") -> None:
        self.out = out
        self._coder = ColorCoder(color_mode)
        self.bytes_written = 0

    def frame(self, console: tcod.console.Console, cursor: tuple[int, int] | None = None) -> int:
        rgb = console.rgb
        fg = self._coder.codes(pack_rgb(rgb["fg"]))
        bg = self._coder.codes(pack_rgb(rgb["bg"]))
        parts: list[str] = []
        for y in range(console.height):
            parts.append(f"{CSI}{y + 1};1H")
            for x in range(console.width):
                cp = int(rgb["ch"][y, x])
                char = chr(cp) if cp >= 32 else " "
                parts.append(
                    f"{CSI}{self._coder.fg_param(int(fg[y, x]))};{self._coder.bg_param(int(bg[y, x]))}m{char}"
                )
        if cursor is not None:
            parts.append(f"{CSI}{cursor[1] + 1};{cursor[0] + 1}H")
        data = "".join(parts).encode("utf-8")
        self.out.write(data)
        self.bytes_written += len(data)
        return len(data)
