"""The SDL window front end, on SDL's dummy video driver (no display needed)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import tcod.event as sdl

from game.ui.events import CloseEvent, KeyEvent
from game.ui.present.window import WindowPresenter, sdl_key_name

REPO = Path(__file__).resolve().parents[2]


def keydown(sym: sdl.KeySym, mod: sdl.Modifier = sdl.Modifier.NONE) -> sdl.KeyDown:
    return sdl.KeyDown(scancode=sdl.Scancode.UNKNOWN, sym=sym, mod=mod)


def test_sdl_keys_get_the_same_names_as_terminal_keys() -> None:
    presenter = WindowPresenter()
    assert presenter._convert(keydown(sdl.KeySym.UP)) == KeyEvent("up")
    assert presenter._convert(keydown(sdl.KeySym.ESCAPE)) == KeyEvent("escape")
    assert presenter._convert(keydown(sdl.KeySym.RETURN)) == KeyEvent("enter")
    assert presenter._convert(keydown(sdl.KeySym.F1)) == KeyEvent("f1")
    assert presenter._convert(keydown(sdl.KeySym.C, sdl.Modifier.LCTRL)) == KeyEvent("C-c")
    assert presenter._convert(keydown(sdl.KeySym.TAB, sdl.Modifier.LSHIFT)) == KeyEvent("S-tab")
    assert presenter._convert(keydown(sdl.KeySym.A)) is None  # letters come as text
    assert presenter._convert(sdl.TextInput(text="?")) == KeyEvent("?")
    assert presenter._convert(sdl.TextInput(text=" ")) == KeyEvent("space")
    assert presenter._convert(sdl.WindowEvent(type="WindowClose", window_id=1, data=(0, 0))) == CloseEvent("close")
    assert sdl_key_name(sdl.KeySym.KP_5, sdl.Modifier.NUM) == "KP_5"


def test_a_numpad_digit_is_one_key_press_not_two() -> None:
    presenter = WindowPresenter()
    assert presenter._convert(keydown(sdl.KeySym.KP_8, sdl.Modifier.NUM)) == KeyEvent("KP_8")
    assert presenter._convert(sdl.TextInput(text="8")) is None
    assert presenter._convert(sdl.TextInput(text="8")) == KeyEvent("8")  # the number row


def run_on_sdl_dummy(script: str, config: Path) -> subprocess.CompletedProcess[str]:
    """`script` in a fresh Python on SDL's dummy video driver (a window with no screen), options
    kept in `config`; it must end cleanly."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "MASTERLESS_CONFIG_DIR": str(config)}
    result = subprocess.run([sys.executable, "-c", script], cwd=REPO, env=env, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    return result


def test_the_title_screen_runs_in_a_window_and_follows_its_size(tmp_path: Path) -> None:
    script = textwrap.dedent(
        """
        from game.ui.events import key, ResizeEvent
        from game.ui.kit import Kit
        from game.ui.loop import run
        from game.ui.present.window import WindowPresenter
        from game.ui.screens.title import TitleScreen, standard_title_entries

        class Scripted(WindowPresenter):
            script = [key("?"), key("escape"), key("q")]
            def next_event(self, timeout=None):
                return self.script.pop(0)

        kit = Kit.load()
        presenter = Scripted(100, 36)
        presenter.open()
        try:
            print("size", *presenter.size())
            result = run(TitleScreen(kit, standard_title_entries(kit)), presenter, kit=kit)
            print("exit", result.interrupted)
        finally:
            presenter.close()
        """
    )
    result = run_on_sdl_dummy(script, tmp_path)
    lines = result.stdout.split("\n")
    assert lines[0] == "size 100 36"
    assert "exit False" in lines


def glyph_box(tileset: object, char: str) -> tuple[int, int]:
    """The width and height in pixels of what `char` inks in its tile."""
    import numpy as np

    ink = tileset.get_tile(ord(char))[..., 3] > 64  # type: ignore[attr-defined]
    rows, columns = np.flatnonzero(ink.any(axis=1)), np.flatnonzero(ink.any(axis=0))
    return int(columns[-1] - columns[0] + 1), int(rows[-1] - rows[0] + 1)


def test_the_window_font_fills_its_cells() -> None:
    """A capital letter stands more than half a row high and a full block fills its cell edge to
    edge (libtcod's own sizing drew letters a third of the row high, lost in black)."""
    import pytest

    from game.ui.present.window import find_font, load_tileset

    if find_font() is None:
        pytest.skip("no monospace font on this machine: the window falls back on tcod's own")
    tileset = load_tileset()
    assert tileset is not None
    width, height = tileset.tile_width, tileset.tile_height
    assert glyph_box(tileset, "M")[1] > height / 2
    assert glyph_box(tileset, "\u2588") == (width, height)
    assert glyph_box(tileset, "\u2500")[0] == width  # a box line joins the next cell's


def test_a_window_too_small_asks_for_a_larger_window_not_terminal(tmp_path: Path) -> None:
    """Shrunk below 80x24, the window said "Make the terminal larger": there was no terminal."""
    script = textwrap.dedent(
        """
        from game.ui.events import CloseEvent
        from game.ui.kit import Kit
        from game.ui.loop import run
        from game.ui.present.window import WindowPresenter
        from game.ui.screens.title import TitleScreen, standard_title_entries

        class Scripted(WindowPresenter):
            def present(self, console, cursor):
                super().present(console, cursor)
                print("\\n".join("".join(chr(c) for c in row) for row in console.ch))
            def next_event(self, timeout=None):
                return CloseEvent("close")

        kit = Kit.load()
        presenter = Scripted(60, 20)
        presenter.open()
        try:
            run(TitleScreen(kit, standard_title_entries(kit)), presenter, kit=kit)
        finally:
            presenter.close()
        """
    )
    result = run_on_sdl_dummy(script, tmp_path)
    screen = " ".join(result.stdout.split())
    assert "Please make the window larger." in screen
    assert "It is 60x20; the game needs at least 80x24." in screen
    assert "terminal" not in screen
