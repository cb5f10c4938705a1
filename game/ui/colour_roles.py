"""Which of the 16 colours, or which attribute without colour, each colour on screen takes.

Nearest-colour mapping drew wall, floor, door, trap and monster in one grey at 16 colours. The
palette names an index per role (``[ansi16]``) and ``assets/no_color.toml`` an attribute per role;
here they become exact codes for every RGB the screens draw with: the palette's roles, every
theme's tiles (lit and remembered) and the map's tints, so the presenter looks them up first.
"""

from __future__ import annotations

from functools import cache

from game.core.content import parse_kept
from game.mapgen.themes import themes
from game.mapgen.tiles import Tile
from game.ui.map_view import ACTIVE_MIX, THING_SEEN_MIX, TILE_ROLES, TINT_MIX, mix, tile_tables
from game.ui.palette import ASSETS, RGB, Palette, load_palette
from game.ui.present.colors import BOLD, REVERSE, UNDERLINE, RoleCodes

_ATTRIBUTES = {"bold": BOLD, "underline": UNDERLINE, "reverse": REVERSE}


def packed(rgb: RGB) -> int:
    return (int(rgb[0]) << 16) | (int(rgb[1]) << 8) | int(rgb[2])


def _map_colours(palette: Palette) -> tuple[list[tuple[RGB, str]], list[tuple[RGB, str]]]:
    """(fg, bg) colours the map draws with beyond the palette's own, each with its role."""
    fg: list[tuple[RGB, str]] = []
    bg: list[tuple[RGB, str]] = []
    for name in sorted(themes()):
        for glyph_set in ("ascii", "unicode"):
            tables = tile_tables(name, glyph_set, palette)
            for tile in Tile:
                fg_role, bg_role = TILE_ROLES.get(tile, ("furniture", "floor_bg"))
                fg.append((tuple(tables.dim_fg[tile]), "remembered_fg"))  # type: ignore[arg-type]
                bg.append((tuple(tables.dim_bg[tile]), "remembered_bg"))  # type: ignore[arg-type]
                fg.append((tuple(tables.lit_fg[tile]), fg_role))  # type: ignore[arg-type]
                bg.append((tuple(tables.lit_bg[tile]), bg_role))  # type: ignore[arg-type]
    for role in ("trap", "treasure", "text_dim"):
        fg.append((mix(palette[role], palette["remembered_fg"], THING_SEEN_MIX), "remembered_fg"))
    for trap in (palette["trap"], mix(palette["trap"], palette["remembered_fg"], THING_SEEN_MIX)):  # seen, remembered
        bg.append((mix(trap, palette["background"], TINT_MIX), "trap"))
    for seat in range(6):
        bg.append((mix(palette.seat(seat), palette["background"], ACTIVE_MIX), f"seat_{seat + 1}"))
    return fg, bg


@cache
def _no_color() -> dict[str, dict[str, int]]:
    data = parse_kept(ASSETS / "no_color.toml")
    return {
        plane: {role: sum(_ATTRIBUTES[word] for word in str(words).split()) for role, words in data[plane].items()}
        for plane in ("fg", "bg")
    }


@cache
def _role_codes(palette_name: str) -> dict[str, RoleCodes]:
    palette = load_palette(palette_name)
    map_fg, map_bg = _map_colours(palette)
    attrs = _no_color()
    out: dict[str, RoleCodes] = {}
    for mode, fg_code, bg_code in (
        ("16", palette.ansi16, palette.ansi16),
        ("none", attrs["fg"], attrs["bg"]),
    ):
        fg: dict[int, int] = {}
        bg: dict[int, int] = {}
        # the map's colours first; the palette's own roles last, so they win a shared RGB
        for table, colours, codes in ((fg, map_fg, fg_code), (bg, map_bg, bg_code)):
            for rgb, role in colours:
                table[packed(rgb)] = codes.get(role, 0)
        for role, rgb in palette.colors.items():
            fg[packed(rgb)] = fg_code.get(role, 0)
            bg[packed(rgb)] = bg_code.get(role, 0)
        if mode == "none":
            fg.update(_shared_attributes(palette, attrs["fg"], plain="text", foreground=True))
            bg.update(_shared_attributes(palette, attrs["bg"], plain="background", foreground=False))
        out[mode] = RoleCodes(fg, bg)
    return out


def _shared_attributes(palette: Palette, wanted: dict[str, int], *, plain: str, foreground: bool) -> dict[int, int]:
    """Without colour, the attribute of each of the palette's colours. Roles that share a colour
    share their attributes: a role naming none (or, for text, one only ever drawn as a
    background) takes none away. Default's treasure is the winning die's ground; High
    contrast's selection is the colour of its text and its dice. The `plain` role (text, or the
    ground behind everything) stays plain wherever another role borrows its colour."""
    out: dict[int, int] = {}
    for role, rgb in palette.colors.items():
        if not foreground or not (role.endswith("_bg") or role == "background"):
            out[packed(rgb)] = out.get(packed(rgb), 0) | wanted.get(role, 0)
    out[packed(palette[plain])] = 0
    return out


def role_codes(palette: Palette | str) -> dict[str, RoleCodes]:
    """Exact codes per colour mode ("16", "none") for everything drawn with ``palette``."""
    return _role_codes(palette if isinstance(palette, str) else palette.name)
