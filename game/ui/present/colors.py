"""Colour depth: what the terminal can show (truecolor, 256, 16) and how our RGB maps onto it.

``COLORTERM`` is often lost over ssh and inside tmux, so the decision also weighs ``TERM``, the
colour count terminfo gives it (what blessed's ``number_of_colors`` falls back on, read here
before blessed is loaded: `terminfo_colors`), and overrides: ``MASTERLESS_COLORS`` (what
``--color`` sets for one run), then the ``color_mode`` option, then ``NO_COLOR``
(https://no-color.org: any value, no colour at all). A terminal terminfo knows to have no colour
(vt100, xterm-mono) gets none too: 16-colour codes there drew the selection and every mark in
colours it cannot show.

Nearest-colour mapping alone draws a whole map in one grey at 16 colours, so a palette also says
which of the 16 (and which attribute without colour) each of its roles takes: ``RoleCodes``, exact
matches consulted before the nearest colour.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
from numpy.typing import NDArray

ColorMode = Literal["truecolor", "256", "16", "none"]
COLOR_MODES: tuple[ColorMode, ...] = ("truecolor", "256", "16", "none")

# Terminals that are known to draw 24-bit colour even when COLORTERM does not say so.
_TRUECOLOR_PROGRAMS = {"iTerm.app", "WezTerm", "vscode", "Hyper", "ghostty", "tabby", "rio", "kitty"}
_TRUECOLOR_ENV_MARKERS = ("KITTY_WINDOW_ID", "WT_SESSION", "WEZTERM_EXECUTABLE", "KONSOLE_VERSION")

# The 16 colours as xterm draws them by default: only a guess at what the player's palette shows.
ANSI16 = np.array(
    [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
        (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ],
    dtype=np.int32,
)
_CUBE_LEVELS = np.array([0, 95, 135, 175, 215, 255], dtype=np.int32)


def detect_color_mode(
    env: Mapping[str, str], number_of_colors: int | None = None, override: str = "auto"
) -> ColorMode:
    """Pick the richest colour depth the terminal can show. ``MASTERLESS_COLORS`` (one run's
    ``--color``) wins, then ``override`` (the saved option) unless "auto", then ``NO_COLOR``."""
    for wish in (env.get("MASTERLESS_COLORS", "auto"), override):
        wish = wish.strip().lower()
        if wish in ("truecolor", "24bit", "direct"):
            return "truecolor"
        if wish in ("256", "16", "none"):
            return wish  # type: ignore[return-value]
    if env.get("NO_COLOR", ""):
        return "none"
    term = env.get("TERM", "").lower()
    if env.get("COLORTERM", "").lower() in ("truecolor", "24bit"):
        return "truecolor"
    if number_of_colors is not None and number_of_colors >= 1 << 24:
        return "truecolor"
    if term.endswith("-direct") or "truecolor" in term or "24bit" in term or term == "xterm-kitty":
        return "truecolor"
    if env.get("TERM_PROGRAM", "") in _TRUECOLOR_PROGRAMS or any(k in env for k in _TRUECOLOR_ENV_MARKERS):
        return "truecolor"
    if (number_of_colors is not None and number_of_colors >= 256) or "256" in term:
        return "256"
    if number_of_colors == 0:  # terminfo knows this terminal and it has no colours (vt100, xterm-mono)
        return "none"
    return "16"


def terminfo_colors(term: str, fd: int) -> int | None:
    """The number of colours terminfo gives the terminal type `term` (on output `fd`): 0 for a
    terminal it knows to have none (vt100, xterm-mono), None when terminfo does not know it.
    curses sets up one terminal a process: the first asked is kept."""
    if not term or "\0" in term:
        return None
    import curses  # here: only the terminal front end asks

    try:
        curses.setupterm(term, fd)
        colors = curses.tigetnum("colors")
    except (curses.error, OSError, ValueError):
        return None
    return max(0, colors)  # -1: the terminal has no colour capability at all


def pack_rgb(rgb: NDArray[np.uint8]) -> NDArray[np.int64]:
    """(..., 3) uint8 -> (...,) ints 0xRRGGBB."""
    rgb = rgb.astype(np.int64, copy=False)
    return (rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]


def unpack_rgb(packed: int) -> tuple[int, int, int]:
    return (packed >> 16) & 0xFF, (packed >> 8) & 0xFF, packed & 0xFF


def _redmean_distance(a: NDArray[np.int32], b: NDArray[np.int32]) -> NDArray[np.float64]:
    """A cheap perceptual distance between RGB arrays (broadcasting over leading axes)."""
    rmean = (a[..., 0] + b[..., 0]) / 2.0
    dr = a[..., 0] - b[..., 0]
    dg = a[..., 1] - b[..., 1]
    db = a[..., 2] - b[..., 2]
    return (2 + rmean / 256) * dr * dr + 4 * dg * dg + (2 + (255 - rmean) / 256) * db * db


def rgb_to_256(rgb: NDArray[np.integer]) -> NDArray[np.int64]:
    """Nearest xterm-256 index for each (..., 3) colour, from the 6x6x6 cube and the grey ramp.

    Indices 0-15 are avoided: they follow the terminal's palette, so they are not predictable.
    """
    rgb = np.asarray(rgb, dtype=np.int32)
    levels = np.abs(rgb[..., None] - _CUBE_LEVELS).argmin(axis=-1)  # (..., 3) in 0..5
    cube_rgb = _CUBE_LEVELS[levels]
    cube_index = 16 + 36 * levels[..., 0] + 6 * levels[..., 1] + levels[..., 2]
    grey_step = np.clip(np.round((rgb.mean(axis=-1) - 8) / 10), 0, 23).astype(np.int32)
    grey_value = 8 + 10 * grey_step
    grey_rgb = np.stack([grey_value] * 3, axis=-1)
    use_grey = _redmean_distance(rgb, grey_rgb) < _redmean_distance(rgb, cube_rgb)
    return np.where(use_grey, 232 + grey_step, cube_index).astype(np.int64)


def rgb_to_16(rgb: NDArray[np.integer]) -> NDArray[np.int64]:
    """Nearest of the 16 ANSI colours (as xterm draws them) for each (..., 3) colour."""
    rgb = np.asarray(rgb, dtype=np.int32)
    distances = _redmean_distance(rgb[..., None, :], ANSI16)
    return distances.argmin(axis=-1).astype(np.int64)


# Without colour a code is a set of attributes: these bits for a foreground, REVERSE for a background.
BOLD, UNDERLINE = 1, 2
REVERSE = 1
_NO_COLOR_FG = {0: "22;24", BOLD: "1;24", UNDERLINE: "22;4", BOLD | UNDERLINE: "1;4"}
_NO_COLOR_BG = {0: "27", REVERSE: "7"}


@dataclass(frozen=True)
class RoleCodes:
    """Exact codes for a palette's colours (packed RGB -> code), foreground and background apart:
    a 16-colour index, or without colour the attribute bits above."""

    fg: Mapping[int, int] = field(default_factory=dict)
    bg: Mapping[int, int] = field(default_factory=dict)


class ColorCoder:
    """Turns packed RGB arrays into the colour codes of one mode, and codes into SGR parameters.

    Codes are what the diff compares: in 256 or 16 colours two RGB values that map to the same
    index are the same on screen, so changing between them costs nothing. ``roles`` gives exact
    codes for the palette's own colours (16 colours and none only).
    """

    def __init__(self, mode: ColorMode, roles: RoleCodes | None = None) -> None:
        self.mode: ColorMode = mode
        self.roles = roles or RoleCodes()
        self._code_of: tuple[dict[int, int], dict[int, int]] = ({}, {})
        self._fg_param: dict[int, str] = {}
        self._bg_param: dict[int, str] = {}

    def _lookup(self, colours: list[int], foreground: bool) -> list[int]:
        exact = self.roles.fg if foreground else self.roles.bg
        if self.mode == "none":
            return [exact.get(c, 0) for c in colours]
        arr = np.array(colours, dtype=np.int64)
        rgb = np.stack([(arr >> 16) & 0xFF, (arr >> 8) & 0xFF, arr & 0xFF], axis=-1)
        if self.mode == "256":
            return [int(c) for c in rgb_to_256(rgb)]
        return [exact.get(c, int(n)) for c, n in zip(colours, rgb_to_16(rgb), strict=True)]

    def codes(self, packed: NDArray[np.int64], foreground: bool = True) -> NDArray[np.int64]:
        if self.mode == "truecolor":
            return packed
        code_of = self._code_of[0 if foreground else 1]
        unique, inverse = np.unique(packed, return_inverse=True)
        missing = [int(u) for u in unique if int(u) not in code_of]
        if missing:
            if len(code_of) > 1 << 16:
                code_of.clear()
                missing = [int(u) for u in unique]
            code_of.update(zip(missing, self._lookup(missing, foreground), strict=True))
        mapped = np.fromiter((code_of[int(u)] for u in unique), dtype=np.int64, count=len(unique))
        return mapped[inverse].reshape(packed.shape)

    def fg_param(self, code: int) -> str:
        param = self._fg_param.get(code)
        if param is None:
            param = self._param(code, foreground=True)
            if len(self._fg_param) > 1 << 16:
                self._fg_param.clear()
            self._fg_param[code] = param
        return param

    def bg_param(self, code: int) -> str:
        param = self._bg_param.get(code)
        if param is None:
            param = self._param(code, foreground=False)
            if len(self._bg_param) > 1 << 16:
                self._bg_param.clear()
            self._bg_param[code] = param
        return param

    def _param(self, code: int, *, foreground: bool) -> str:
        if self.mode == "none":
            return (_NO_COLOR_FG if foreground else _NO_COLOR_BG)[code]
        if self.mode == "truecolor":
            r, g, b = unpack_rgb(code)
            return f"{38 if foreground else 48};2;{r};{g};{b}"
        if self.mode == "256":
            return f"{38 if foreground else 48};5;{code}"
        base = (30 if foreground else 40) if code < 8 else (90 if foreground else 100)
        return str(base + code % 8)
