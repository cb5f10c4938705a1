"""The kit every screen carries: options, palette, glyphs and keymap, kept in step with each other."""

from __future__ import annotations

import locale
import sys
from dataclasses import dataclass, field
from pathlib import Path

from game.core.file_guard import write_problem
from game.ui.glyphs import Glyphs, load_glyphs
from game.ui.keymap import Keymap
from game.ui.options import Options, load_options, options_path, save_options
from game.ui.palette import Palette, load_palette


def terminal_speaks_utf8() -> bool:
    encoding = getattr(sys.__stdout__, "encoding", None) or locale.getpreferredencoding(False) or ""
    return "utf" in encoding.lower().replace("-", "")


def resolve_glyph_set(choice: str, utf8: bool | None = None) -> str:
    if choice in ("unicode", "ascii"):
        return choice
    return "unicode" if (terminal_speaks_utf8() if utf8 is None else utf8) else "ascii"


@dataclass
class Kit:
    """Shared, mutable on purpose: when the options screen changes the palette every screen sees it.

    ``version`` goes up on every change, so a presenter can reconfigure itself (colour depth).
    ``notices`` are one-line problems for the player (a corrupt options file, bad key bindings).
    """

    options: Options
    path: Path
    palette: Palette
    glyphs: Glyphs
    keymap: Keymap
    version: int = 0
    notices: list[str] = field(default_factory=list)
    color_mode_in_use: str | None = None  # set by the presenter, shown by the options screen

    @property
    def no_colour(self) -> bool:
        """The terminal shows no colour (NO_COLOR, ``--color none``): screens mark by glyph instead."""
        return self.color_mode_in_use == "none"

    @classmethod
    def from_options(cls, options: Options, path: Path | None = None) -> Kit:
        keymap, problem = Keymap.from_options(options.key_layout, options.keys)
        options = in_effect(options, keymap, problem)
        return cls(
            options=options,
            path=options_path() if path is None else path,
            palette=load_palette(options.palette),
            glyphs=load_glyphs(resolve_glyph_set(options.glyphs)),
            keymap=keymap,
            notices=[problem] if problem else [],
        )

    @classmethod
    def load(cls, path: Path | None = None) -> Kit:
        """Read the options file (never fails: problems become notices)."""
        loaded = load_options(path)
        kit = cls.from_options(loaded.options, loaded.path)
        if loaded.problem:
            kit.notices.insert(0, loaded.problem)
        return kit

    def _install(self, options: Options) -> None:
        keymap, problem = Keymap.from_options(options.key_layout, options.keys)
        if problem:
            self.notices.append(problem)
        self.options = in_effect(options, keymap, problem)
        self.palette = load_palette(options.palette)
        self.glyphs = load_glyphs(resolve_glyph_set(options.glyphs))
        self.keymap = keymap

    def apply(self, options: Options) -> None:
        """Switch to new options at once (not saved: call ``save``)."""
        self._install(options)
        self.version += 1

    def set_keymap(self, keymap: Keymap) -> None:
        self.apply(self.options.with_changes(key_layout=keymap.layout, keys=keymap.overrides()))

    def save(self) -> str | None:
        """Write the options file; returns a one-line problem, or None."""
        try:
            save_options(self.options, self.path)
        except OSError as exc:
            return f"could not save options to {self.path}: {write_problem(exc)}"
        return None


def in_effect(options: Options, keymap: Keymap, problem: str | None) -> Options:
    """`options` with the keys the keymap took from them, when it had to leave some out: what a
    save then writes (the options screen said "Saved." and wrote the ignored bindings back, so
    their warning came again at every start)."""
    if not problem:
        return options
    return options.with_changes(key_layout=keymap.layout, keys=keymap.overrides())
