"""Themes: the ones the design names exist, and every name they use is real."""

from __future__ import annotations

import unicodedata

import pytest

from game.core.errors import DataError
from game.mapgen import tables
from game.mapgen.themes import theme, themes
from game.mapgen.tiles import Tile


def test_the_design_themes_exist() -> None:
    assert {"catacombs", "forest", "tower", "necropolis", "caverns"} <= set(themes())


def test_a_river_in_a_forest_is_a_stream() -> None:
    assert theme("forest").feature_name("river") == "stream"
    assert theme("tower").feature_name("locked_chest") == "locked chest"


@pytest.mark.parametrize("name", sorted(themes()))
def test_theme_words_refer_to_real_features_and_tiles(name: str) -> None:
    th = theme(name)
    specs = tables.feature_specs()
    assert set(th.renames) <= set(specs)
    assert set(th.feature_rooms) <= set(specs)
    assert set(th.tiles) == set(Tile)
    for look in th.tiles.values():
        assert look.glyph.isascii()
        assert unicodedata.east_asian_width(look.uni) in ("N", "Na")


def test_an_unknown_theme_lists_the_known_ones() -> None:
    with pytest.raises(DataError, match="catacombs"):
        theme("moon base")


@pytest.mark.parametrize("name", sorted(themes()))
def test_no_tile_is_drawn_as_a_monster(name: str) -> None:
    """A monster is drawn as its name's first letter, lower case, and upper case from Level 5: a
    crate drawn "x" beside a bone archer, a pillar "I" beside an imp of Level 5, read as two
    monsters. No tile is a Latin letter, in Unicode or in ASCII (without colour, nothing else
    tells them apart)."""
    lettered = {Tile(tile).name.lower(): (look.glyph, look.uni) for tile, look in theme(name).tiles.items()
                if any(c.isascii() and c.isalpha() for c in (look.glyph, look.uni))}
    assert lettered == {}
