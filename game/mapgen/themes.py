"""Dungeon themes from `data/themes.toml`: room shapes, room names, feature renames, tile looks."""

from __future__ import annotations

import functools
import unicodedata
from dataclasses import dataclass
from typing import Any

from game.core import content
from game.core.errors import DataError
from game.mapgen.tiles import BY_NAME, Tile

SHAPES = ("rect", "cross", "cave", "pillared", "round", "hall")
FILE = "themes.toml"


@dataclass(frozen=True, slots=True)
class TileLook:
    glyph: str  # pure ASCII
    uni: str  # Unicode (never of ambiguous width); the ASCII glyph when there is none
    fg: tuple[int, int, int]
    bg: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Theme:
    name: str
    shapes: tuple[tuple[str, int], ...]
    rooms: tuple[str, ...]
    feature_rooms: dict[str, tuple[str, ...]]
    renames: dict[str, str]
    debris: str
    wall: str
    floor: str
    tiles: dict[Tile, TileLook]

    def feature_name(self, feature: str) -> str:
        """What a table RF feature (or a Spot host, or a tile: "debris") is called in this theme,
        in plain words."""
        if feature == "debris":
            return self.debris
        return self.renames.get(feature, feature.replace("_", " "))


def _look(body: dict[str, Any], base: TileLook | None, where: str) -> TileLook:
    def colour(key: str) -> tuple[int, int, int]:
        value = body.get(key, list(getattr(base, key)) if base else None)
        if (not isinstance(value, list) or len(value) != 3
                or not all(isinstance(v, int) and 0 <= v <= 255 for v in value)):
            raise DataError(f"{FILE} {where}.{key}: expected [r, g, b] of 0-255, got {value!r}")
        return value[0], value[1], value[2]

    glyph = body.get("glyph", base.glyph if base else None)
    if not isinstance(glyph, str) or len(glyph) != 1 or not glyph.isascii() or not glyph.isprintable():
        raise DataError(f"{FILE} {where}.glyph: expected one printable ASCII character, got {glyph!r}")
    uni = body.get("uni", glyph if "glyph" in body or base is None else base.uni)
    if not isinstance(uni, str) or len(uni) != 1 or unicodedata.east_asian_width(uni) not in ("N", "Na"):
        raise DataError(f"{FILE} {where}.uni: {uni!r} is not one character of unambiguous width")
    return TileLook(glyph, uni, colour("fg"), colour("bg"))


def _tiles(raw: dict[str, Any], base: dict[Tile, TileLook] | None, where: str) -> dict[Tile, TileLook]:
    out = dict(base or {})
    for name, body in raw.items():
        if name not in BY_NAME:
            raise DataError(f"{FILE} {where}.{name}: unknown tile")
        tile = BY_NAME[name]
        out[tile] = _look(body, (base or {}).get(tile), f"{where}.{name}")
    if base is None:
        missing = [t.name.lower() for t in Tile if t not in out]
        if missing:
            raise DataError(f"{FILE} {where}: no look for {', '.join(missing)}")
    return out


@functools.cache
def themes() -> dict[str, Theme]:
    raw = content.load("themes")
    base = _tiles(content.require(raw, "tiles", dict, FILE), None, "tiles")
    out = {}
    for name, body in content.require(raw, "themes", dict, FILE).items():
        where = f"{FILE} themes.{name}"
        shapes = content.require(body, "shapes", dict, where)
        for s, w in shapes.items():
            if s not in SHAPES:
                raise DataError(f"{where}.shapes: unknown shape '{s}' (one of {', '.join(SHAPES)})")
            if not isinstance(w, int) or w < 0:
                raise DataError(f"{where}.shapes.{s}: expected a weight >= 0")
        if not any(shapes.values()):
            raise DataError(f"{where}.shapes: every weight is 0")
        rooms = tuple(content.require(body, "rooms", list, where))
        if not rooms:
            raise DataError(f"{where}.rooms: needs at least one name")
        out[name] = Theme(
            name=name, shapes=tuple((s, shapes[s]) for s in SHAPES if shapes.get(s)), rooms=rooms,
            feature_rooms={k: tuple(v) for k, v in body.get("feature_rooms", {}).items()},
            renames=dict(body.get("renames", {})), debris=content.require(body, "debris", str, where),
            wall=content.require(body, "wall", str, where), floor=content.require(body, "floor", str, where),
            tiles=_tiles(body.get("tiles", {}), base, f"themes.{name}.tiles"))
    return out


def theme(name: str) -> Theme:
    """The theme called `name`, or a DataError listing the ones there are."""
    all_ = themes()
    if name not in all_:
        raise DataError(f"{FILE}: no theme '{name}' (there are {', '.join(sorted(all_))})")
    return all_[name]
