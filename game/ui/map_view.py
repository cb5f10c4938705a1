"""The dungeon drawn into a rectangle of the console: tiles from the floor's arrays in one numpy
step per frame (lit where the party sees now, dim where it only remembers), then the things on
them: found traps, treasure lying in the open, visible monsters and the heroes.

Tile looks come from the theme (data/themes.toml: an ASCII and a Unicode glyph and colours per
tile kind); the glyph set picks which glyph, the palette the colours (the default palette keeps
the theme's own colours, the others map each tile kind to a palette role so that colour-blind
and high-contrast players get the same readable map). Everything is looked up in tables built
once per (theme, glyph set, palette).

`Camera` keeps the active hero in view without scrolling on every step (a scrolling map
rewrites every cell of the terminal, so it only moves when the hero nears an edge).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

import numpy as np
import tcod.console

from game.mapgen.themes import theme as get_theme
from game.mapgen.tiles import Tile
from game.ui.glyphs import Glyphs
from game.ui.palette import RGB, Palette, load_palette
from game.world.components import Glyph, Position, TrapState, TreasureState

if TYPE_CHECKING:
    from game.engine.game import Game

# Tile kind -> the palette roles (fg, bg) used when the palette is not the default one.
TILE_ROLES: dict[Tile, tuple[str, str]] = {  # furniture for the rest
    Tile.ROCK: ("background", "background"),
    Tile.WALL: ("wall_fg", "wall_bg"),
    Tile.PILLAR: ("wall_fg", "wall_bg"),
    Tile.RUBBLE: ("wall_fg", "floor_bg"),
    Tile.BOULDER: ("wall_fg", "floor_bg"),
    Tile.FLOOR: ("floor_fg", "floor_bg"),
    Tile.DOOR: ("door", "wall_bg"),
    Tile.DOOR_OPEN: ("door", "floor_bg"),
    Tile.WATER: ("water", "floor_bg"),
    Tile.ICE: ("water", "floor_bg"),
    Tile.SWAMP: ("water", "floor_bg"),
    Tile.CHASM: ("chasm", "background"),
    Tile.PIT: ("chasm", "background"),
    Tile.STAIR_DOWN: ("stairs", "floor_bg"),
    Tile.STAIR_UP: ("stairs", "floor_bg"),
}
_SEEN_MIX = 0.7  # how far a remembered tile's colour moves towards the palette's "remembered" colour
THING_SEEN_MIX = 0.5  # the same for a remembered trap or treasure
TINT_MIX = 0.55  # a trap set on furniture or a door tints its background this far to the ground
ACTIVE_MIX = 0.6  # the hero whose turn it is stands on its seat's colour mixed this far to the ground


@dataclass(frozen=True)
class TileTables:
    """Per tile code: glyph codepoint and colours, lit and remembered. The ``all_*`` tables
    stack them for one lookup per frame: index ``tile`` (remembered), ``n + tile`` (lit) and
    ``2n`` (never seen)."""

    ch: np.ndarray  # (n,) int32
    lit_fg: np.ndarray  # (n, 3) uint8
    lit_bg: np.ndarray
    dim_fg: np.ndarray
    dim_bg: np.ndarray
    all_ch: np.ndarray  # (2n + 1,)
    all_fg: np.ndarray  # (2n + 1, 3)
    all_bg: np.ndarray


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def tile_tables(theme_name: str, glyph_set: str, palette: Palette, no_colour: bool = False) -> TileTables:
    """The tables for a theme; `no_colour` (a terminal that shows no colour, so no dimming
    either) leaves remembered floor blank, as classic roguelikes do: the dots are then exactly
    what the party sees now, and a remembered corridor reads as one a monster could stand in."""
    return _tile_tables(theme_name, glyph_set, palette.name, no_colour)


@cache
def _tile_tables(theme_name: str, glyph_set: str, palette_name: str, no_colour: bool = False) -> TileTables:
    palette = load_palette(palette_name)
    looks = get_theme(theme_name).tiles
    n = len(Tile)
    ch = np.zeros(n, dtype=np.int32)
    lit_fg = np.zeros((n, 3), dtype=np.uint8)
    lit_bg = np.zeros((n, 3), dtype=np.uint8)
    dim_fg = np.zeros((n, 3), dtype=np.uint8)
    dim_bg = np.zeros((n, 3), dtype=np.uint8)
    for tile in Tile:
        look = looks[tile]
        ch[tile] = ord(look.glyph if glyph_set == "ascii" else look.uni)
        if palette.name == "default":
            fg, bg = look.fg, look.bg
        else:
            fg_role, bg_role = TILE_ROLES.get(tile, ("furniture", "floor_bg"))
            fg, bg = palette[fg_role], palette[bg_role]
        lit_fg[tile], lit_bg[tile] = fg, bg
        dim_fg[tile] = mix(fg, palette["remembered_fg"], _SEEN_MIX)
        # a near-black background stays as it is when remembered: the dimmer glyph says it, and a
        # step then rewrites only the glyphs' colour at the edge of the light (fewer bytes)
        dim_bg[tile] = bg if max(bg) < 48 else mix(bg, palette["remembered_bg"], 0.85)
    ch[Tile.ROCK] = ord(" ")
    for arr in (lit_fg, lit_bg, dim_fg, dim_bg):
        arr[Tile.ROCK] = palette["background"]
    unseen = np.array([palette["background"]], dtype=np.uint8)
    dim_ch = ch.copy()
    if no_colour:
        dim_ch[Tile.FLOOR] = ord(" ")
    all_ch = np.concatenate([dim_ch, ch, [ord(" ")]]).astype(np.int32)
    all_fg = np.concatenate([dim_fg, lit_fg, unseen])
    all_bg = np.concatenate([dim_bg, lit_bg, unseen])
    return TileTables(ch, lit_fg, lit_bg, dim_fg, dim_bg, all_ch, all_fg, all_bg)


class Camera:
    """Which floor tile sits at the top-left of the view. It follows the hero in jumps: when the
    hero comes within `margin` of an edge, the view recentres on the hero. A floor smaller than
    the view is centred in it."""

    def __init__(self) -> None:
        self.x = 0
        self.y = 0
        self.view: tuple[int, int] = (0, 0)
        self.floor: int | None = None

    @staticmethod
    def _axis(cam: int, hero: int, view: int, size: int, margin: int, force: bool) -> int:
        if size <= view:
            return -((view - size) // 2)
        margin = max(1, min(margin, view // 3))
        if force or hero - cam < margin or hero - cam >= view - margin:
            cam = hero - view // 2
        return max(0, min(cam, size - view))

    def follow(self, hx: int, hy: int, view_w: int, view_h: int, floor_w: int, floor_h: int,
               floor_no: int, margin: int = 10) -> None:
        force = (view_w, view_h) != self.view or floor_no != self.floor
        self.view, self.floor = (view_w, view_h), floor_no
        self.x = self._axis(self.x, hx, view_w, floor_w, margin, force)
        self.y = self._axis(self.y, hy, view_h, floor_h, margin, force)

    def reveal(self, hx: int, hy: int, spots: list[tuple[int, int]], floor_w: int, floor_h: int) -> None:
        """Shift the view, as little as it takes, so the `spots` (monsters the party sees) show
        beside the hero at (hx, hy): sight reaches farther than the view is wide at 80 columns,
        and a monster the party saw stood under the sidebar. A spot too far to show with the
        hero stays out of the view."""
        view_w, view_h = self.view
        self.x = self._reveal_axis(self.x, hx, [x for x, _ in spots], view_w, floor_w)
        self.y = self._reveal_axis(self.y, hy, [y for _, y in spots], view_h, floor_h)

    @staticmethod
    def _reveal_axis(cam: int, hero: int, spots: list[int], view: int, size: int) -> int:
        if size <= view:
            return cam
        for spot in sorted(spots, key=lambda s: abs(s - hero)):  # the nearest first
            lo, hi = min(hero, spot), max(hero, spot)
            if hi - lo + 3 > view:
                continue  # it cannot show beside the hero
            if lo - 1 < cam:
                cam = max(0, lo - 1)
            if hi + 1 >= cam + view:
                cam = min(size - view, hi + 2 - view)
        return cam

    def to_screen(self, x: int, y: int, ox: int, oy: int) -> tuple[int, int] | None:
        sx, sy = x - self.x, y - self.y
        if 0 <= sx < self.view[0] and 0 <= sy < self.view[1]:
            return ox + sx, oy + sy
        return None

    def to_floor(self, sx: int, sy: int, ox: int, oy: int) -> tuple[int, int]:
        return sx - ox + self.x, sy - oy + self.y


class _Cells:
    """The console's arrays, fetched once a frame (each property access makes a new view)."""

    def __init__(self, console: tcod.console.Console) -> None:
        self.ch, self.fg, self.bg = console.ch, console.fg, console.bg

    def put(self, x: int, y: int, ch: int, fg: RGB | None, bg: RGB | None = None) -> None:
        self.ch[y, x] = ch
        if fg is not None:
            self.fg[y, x] = fg
        if bg is not None:
            self.bg[y, x] = bg


def entrance_tile(game: Game) -> tuple[int, int] | None:
    """The stair up that leads out to town (only on the floor the party came in by)."""
    return game.floor.start if game.dungeon.floor_no == game.dungeon.entrance_floor else None


def draw_map(console: tcod.console.Console, game: Game, camera: Camera, rect: tuple[int, int, int, int],
             palette: Palette, glyphs: Glyphs, active: int | None = None, no_colour: bool = False) -> None:
    """Draw the floor through `camera` into `rect` (x, y, width, height) of `console`;
    `no_colour` when the terminal shows none (remembered floor is then left blank)."""
    ox, oy, vw, vh = rect
    if vw <= 0 or vh <= 0:
        return
    floor = game.floor
    tables = tile_tables(floor.theme, glyphs.name, palette, no_colour)
    cells = _Cells(console)
    cells.ch[oy:oy + vh, ox:ox + vw] = ord(" ")
    cells.bg[oy:oy + vh, ox:ox + vw] = palette["background"]
    # the part of the floor inside the view, and where it lands on screen
    fx0, fy0 = max(0, camera.x), max(0, camera.y)
    fx1, fy1 = min(floor.width, camera.x + vw), min(floor.height, camera.y + vh)
    if fx0 >= fx1 or fy0 >= fy1:
        return
    sx0, sy0 = ox + fx0 - camera.x, oy + fy0 - camera.y
    sx1, sy1 = sx0 + (fx1 - fx0), sy0 + (fy1 - fy0)
    n = len(tables.ch)
    index = floor.tile[fy0:fy1, fx0:fx1].astype(np.intp)
    if game.derived.visible is not None:
        index += n * game.derived.visible[fy0:fy1, fx0:fx1]
    index[~floor.explored[fy0:fy1, fx0:fx1]] = 2 * n
    cells.ch[sy0:sy1, sx0:sx1] = tables.all_ch[index]
    cells.fg[sy0:sy1, sx0:sx1] = tables.all_fg[index]
    cells.bg[sy0:sy1, sx0:sx1] = tables.all_bg[index]
    _put = cells.put

    def on_screen(x: int, y: int) -> tuple[int, int] | None:
        if fx0 <= x < fx1 and fy0 <= y < fy1 and floor.explored[y, x]:
            return sx0 + x - fx0, sy0 + y - fy0
        return None

    def seen_now(x: int, y: int) -> bool:
        return game.derived.visible is not None and bool(game.derived.visible[y, x])

    here = game.dungeon.floor_no
    entrance = entrance_tile(game)
    if entrance is not None and (at := on_screen(*entrance)) is not None:
        _put(*at, glyphs.code("entrance"), palette["stairs"] if seen_now(*entrance) else None)
    # found traps: a plate on the floor shows as a trap; one set on furniture or a door tints it
    for _, (trap, pos) in game.world.get2(TrapState, Position):
        if pos.floor != here or not trap.found_by or (at := on_screen(pos.x, pos.y)) is None:
            continue
        colour = palette["trap"] if trap.live else palette["text_dim"]
        if not seen_now(pos.x, pos.y):
            colour = mix(colour, palette["remembered_fg"], THING_SEEN_MIX)
        if trap.host == "floor" or trap.action == "walk":
            _put(*at, glyphs.code("trap"), colour)
        else:
            cells.bg[at[1], at[0]] = mix(colour, palette["background"], TINT_MIX)
    # treasure in the open (not inside furniture, not carried)
    for _, (item, pos) in game.world.get2(TreasureState, Position):
        if pos.floor != here or item.hidden or (at := on_screen(pos.x, pos.y)) is None:
            continue
        colour = palette["treasure"]
        if not seen_now(pos.x, pos.y):
            colour = mix(colour, palette["remembered_fg"], THING_SEEN_MIX)
        _put(*at, glyphs.code("treasure"), colour)
    # monsters only where the party sees them now
    for eid, _ in game.monsters():
        pos = game.position(eid)
        if pos is None or pos.floor != here or not seen_now(pos.x, pos.y):
            continue
        if (at := on_screen(pos.x, pos.y)) is None:
            continue
        look = game.world.try_comp(eid, Glyph)
        char = look.char if look is not None and len(look.char) == 1 else glyphs["monster"]
        _put(*at, ord(char), palette["monster"])
    # heroes last, each in its seat's colour; the one whose turn it is stands out
    for eid, hero in game.heroes():
        pos = game.position(eid)
        if pos is None or pos.floor != here or (at := on_screen(pos.x, pos.y)) is None:
            continue
        colour = palette.seat(hero.seat)
        bg = mix(colour, palette["background"], ACTIVE_MIX) if eid == active else None
        fg = palette["text_bright"] if eid == active else colour
        _put(*at, glyphs.code("hero"), fg, bg)
