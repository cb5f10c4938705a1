"""The room builder's words: category labels and nouns, and a purchase told in one short line
(the bought list, the town workshop)."""

from __future__ import annotations

from collections.abc import Callable

from game.designers.builder import Purchase
from game.mapgen.plan import Spot
from game.rules.purchases import Monster, Trap
from game.ui.screens.spot_words import spot_short

CATEGORY_LABEL = {"traps": "Traps", "monsters": "Monsters", "treasure": "Treasure"}


NOUN = {"traps": "trap", "monsters": "monster", "treasure": "item"}


LEFT_W = 28  # the bought list's panel


def pairs_text(annoy: int) -> str:
    return f"{annoy // 2} pair{'s' * (annoy // 2 != 1)}"


def describe_short(p: Purchase, spots: tuple[Spot, ...], where: Callable[[Spot], str] = spot_short) -> str:
    """A bought thing for the narrow list: "fire trap, door N wall", "Lv3 monster", "Fancy item"."""
    item = p.item
    if isinstance(item, Trap):
        at = f" ({where(spots[p.spot])})" if 0 <= p.spot < len(spots) else ""
        return f"{item.name or item.type}{at}"
    if isinstance(item, Monster):
        extra = f" +{len(item.abilities)}ab" if item.abilities else ""
        return f"{item.name or 'monster'} Lv{item.level}{extra}"
    at = f" ({where(spots[p.spot])})" if 0 <= p.spot < len(spots) else ""
    return f"{item.name or ('Fancy' if item.fancy else 'Mundane') + ' item'}{at}"
