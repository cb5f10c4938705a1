"""Palettes and glyph sets: complete, readable, and one cell wide everywhere."""

from __future__ import annotations

import unicodedata

import pytest
import wcwidth

from game.ui.glyphs import GLYPH_ROLES, GLYPH_SETS, load_glyphs
from game.ui.palette import PALETTES, ROLES, contrast_ratio, load_palette


@pytest.mark.parametrize("name", PALETTES)
def test_every_palette_defines_every_role(name: str) -> None:
    palette = load_palette(name)
    assert set(palette.colors) == set(ROLES)


@pytest.mark.parametrize("name", PALETTES)
def test_text_is_readable_in_every_palette(name: str) -> None:
    p = load_palette(name)
    minimum = 7.0 if name == "high_contrast" else 4.5
    assert contrast_ratio(p["text"], p["background"]) >= minimum
    assert contrast_ratio(p["text"], p["panel_bg"]) >= minimum
    assert contrast_ratio(p["selection_fg"], p["selection_bg"]) >= minimum
    assert contrast_ratio(p["text_dim"], p["background"]) >= 4.5
    assert contrast_ratio(p["disabled"], p["background"]) >= 3.0
    for role in ("hero", "monster", "trap", "treasure", "good", "bad"):
        assert contrast_ratio(p[role], p["background"]) >= 3.0, role


def test_colour_blind_palette_never_says_good_or_bad_with_green_against_red() -> None:
    p = load_palette("colorblind")
    good, bad = p["good"], p["bad"]
    assert not (good[1] > good[0] and bad[0] > bad[1] and good[2] < 100)  # not a green/red pair
    seats = [p.seat(i) for i in range(6)]
    assert len(set(seats)) == 6


def test_palettes_differ() -> None:
    colours = [tuple(sorted(load_palette(n).colors.items())) for n in PALETTES]
    assert len(set(colours)) == len(PALETTES)


@pytest.mark.parametrize("name", GLYPH_SETS)
def test_every_glyph_set_defines_every_role_in_one_cell(name: str) -> None:
    glyphs = load_glyphs(name)
    assert set(glyphs.chars) == set(GLYPH_ROLES)
    for role, char in glyphs.chars.items():
        assert len(char) == 1, role
        assert wcwidth.wcwidth(char) == 1, role
        assert unicodedata.east_asian_width(char) not in ("A", "W", "F"), (role, char)


def test_the_ascii_set_is_printable_ascii_only() -> None:
    for role, char in load_glyphs("ascii").chars.items():
        assert 32 <= ord(char) < 127, role


def test_the_unicode_set_actually_uses_unicode() -> None:
    assert any(ord(c) > 127 for c in load_glyphs("unicode").chars.values())


@pytest.mark.parametrize("name", GLYPH_SETS)
def test_map_glyphs_are_told_apart(name: str) -> None:
    glyphs = load_glyphs(name)
    must_differ = ["floor", "wall", "door_closed", "stairs_down", "entrance", "hero", "monster", "trap", "treasure"]
    chars = [glyphs[r] for r in must_differ]
    assert len(set(chars)) == len(chars)
