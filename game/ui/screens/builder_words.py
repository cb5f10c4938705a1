"""The room builder's words: category labels and nouns, and a purchase told in one short line
(the bought list, the town workshop)."""

from __future__ import annotations

from collections.abc import Callable

from game.designers.builder import Purchase
from game.mapgen.plan import Spot
from game.rules.purchases import Monster, Trap
from game.ui.fit import elide, first_fitting
from game.ui.screens.spot_words import spot_short

CATEGORY_LABEL = {"traps": "Traps", "monsters": "Monsters", "treasure": "Treasure"}


NOUN = {"traps": "trap", "monsters": "monster", "treasure": "item"}


LEFT_W = 28  # the bought list's panel


def pairs_text(annoy: int) -> str:
    return f"{annoy // 2} pair{'s' * (annoy // 2 != 1)}"


def bought_name(p: Purchase) -> str:
    """A bought thing's first row in the list: its name, or what it is: "arrows", "Fancy item",
    "monster Lv3 +1ab"."""
    item = p.item
    if isinstance(item, Trap):
        return item.name or item.type
    if isinstance(item, Monster):
        extra = f" +{len(item.abilities)}ab" if item.abilities else ""
        return f"{item.name or 'monster'} Lv{item.level}{extra}"
    return item.name or ("Fancy" if item.fancy else "Mundane") + " item"


def bought_place(p: Purchase, spots: tuple[Spot, ...], where: Callable[[Spot], str] = spot_short,
                 width: int = 0) -> str:
    """Where a bought trap or item sits, for the row under its name ("" for a monster or an item
    in the open); in `width` cells if given, giving up " wall" before any word is cut."""
    if isinstance(p.item, Monster) or not 0 <= p.spot < len(spots):
        return ""
    at = where(spots[p.spot])
    if not width or len(at) <= width:
        return at
    return first_fitting(width, at.removesuffix(" wall"), elide(at.removesuffix(" wall"), width))


def describe_short(p: Purchase, spots: tuple[Spot, ...], where: Callable[[Spot], str] = spot_short) -> str:
    """A bought thing on one line: "fire trap (door, N wall)", "monster Lv3", "Fancy item"."""
    at = bought_place(p, spots, where)
    return f"{bought_name(p)}{f' ({at})' if at else ''}"
