"""Palettes: named colours for every role on screen, loaded from ``assets/palettes/*.toml``.

Truecolor bypasses the terminal's own palette, so these are ours to get right: a default, a
colour-blind safe one (Okabe-Ito hues, meaning never carried by red against green alone) and a
high-contrast one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from game.core.content import parse_kept
from game.core.errors import DataError

ASSETS = Path(__file__).resolve().parents[2] / "assets"
PALETTE_DIR = ASSETS / "palettes"
PALETTES = ("default", "colorblind", "high_contrast")

RGB = tuple[int, int, int]

# Every role a palette must define, with what it colours.
ROLES: dict[str, str] = {
    "background": "the screen behind everything",
    "text": "ordinary text",
    "text_dim": "hints, footers, secondary text",
    "text_bright": "emphasis",
    "title": "screen titles and the title art",
    "accent": "headings and section names",
    "key": "key names in help and footers",
    "selection_fg": "text of the selected entry",
    "selection_bg": "background of the selected entry",
    "disabled": "entries that cannot be chosen now",
    "panel_bg": "dialogs, sidebars and panels",
    "panel_border": "the edge of a panel",
    "good": "success, healing, gains",
    "bad": "failure, damage, danger",
    "warning": "things to watch",
    "info": "neutral news",
    "floor_fg": "a lit floor's dot",
    "floor_bg": "a lit floor",
    "remembered_fg": "remembered tiles, out of sight",
    "remembered_bg": "remembered tiles' background",
    "wall_fg": "a lit wall",
    "wall_bg": "a lit wall's background",
    "door": "doors",
    "stairs": "stairs and the entrance",
    "hero": "the heroes",
    "monster": "monsters",
    "trap": "found traps",
    "treasure": "treasure",
    "furniture": "chests, crates, thrones, libraries",
    "water": "rivers and pools",
    "chasm": "chasms and pits",
    "die_fg": "a die's face",
    "die_bg": "a die",
    "die_winner_bg": "the die that won its rank",
    "seat_1": "the first seat's Thwack-O die and name",
    "seat_2": "the second seat",
    "seat_3": "the third seat",
    "seat_4": "the fourth seat",
    "seat_5": "the fifth seat",
    "seat_6": "the sixth seat",
}


def parse_hex(text: str) -> RGB:
    """'#rrggbb' -> (r, g, b)."""
    if not (isinstance(text, str) and len(text) == 7 and text[0] == "#"):
        raise ValueError(f"expected a colour like '#1a2b3c', got {text!r}")
    value = int(text[1:], 16)
    return (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF


@dataclass(frozen=True)
class Palette:
    """A palette: ``palette["text"]`` is an (r, g, b) tuple."""

    name: str
    label: str
    description: str
    colors: dict[str, RGB]
    ansi16: dict[str, int] = field(default_factory=dict)  # role -> index of the 16 ANSI colours

    def __getitem__(self, role: str) -> RGB:
        return self.colors[role]

    def seat(self, index: int) -> RGB:
        """The colour of the seat at ``index`` (0-based), cycling past the sixth."""
        return self.colors[f"seat_{index % 6 + 1}"]


@cache
def load_palette(name: str) -> Palette:
    """Load ``assets/palettes/<name>.toml``; every role of ``ROLES`` must be there."""
    if name not in PALETTES:
        raise DataError(f"unknown palette {name!r}: choose one of {', '.join(PALETTES)}")
    path = PALETTE_DIR / f"{name}.toml"
    data = parse_kept(path)  # a file that cannot be read is a FileProblem naming it
    raw = data.get("colors", {})
    missing = [role for role in ROLES if role not in raw]
    if missing:
        raise DataError(f"{path}: missing colours {', '.join(missing)}")
    colors: dict[str, RGB] = {}
    for role, value in raw.items():
        try:
            colors[role] = parse_hex(value)
        except ValueError as exc:
            raise DataError(f"{path}: colors.{role}: {exc}") from None
    ansi16 = data.get("ansi16", {})
    bad = [role for role in ROLES if not (isinstance(ansi16.get(role), int) and 0 <= ansi16[role] < 16)]
    if bad:
        raise DataError(f"{path}: ansi16 needs an index 0-15 for {', '.join(bad)}")
    return Palette(name, str(data.get("label", name)), str(data.get("description", "")), colors,
                   {role: int(ansi16[role]) for role in ROLES})


def relative_luminance(rgb: RGB) -> float:
    """WCAG relative luminance."""

    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio between two colours, 1 to 21."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def dim(rgb: RGB, factor: float = 0.5) -> RGB:
    return int(rgb[0] * factor), int(rgb[1] * factor), int(rgb[2] * factor)
