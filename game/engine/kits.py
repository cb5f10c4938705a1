"""Starting kits (data/kits.toml, issue 14): the items a hero of each class carries out of town,
bought by the treasure rules from one starting budget, spent to the last point. Checked when
first read, so a kit that breaks a rule or the budget fails loudly instead of handing out free
power; the score takes the kits' trade value back off the value banked (engine.run_score)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from game.core.content import load, require, traits
from game.core.errors import DataError
from game.engine.spawning import make_treasure_entity
from game.rules.costs import trade_value, treasure_cost, treasure_violations
from game.rules.purchases import Treasure
from game.world.components import HeroState

if TYPE_CHECKING:
    from game.engine.game import Game

FEATURES = {"fancy": bool, "value": int, "heal": int, "annoy": int, "pain": int, "universal": bool, "type": str}


def _item(raw: Any, where: str) -> Treasure:
    if not isinstance(raw, dict) or set(raw) - {"name", *FEATURES}:
        raise DataError(f"{where}: an item is a table of name and {', '.join(FEATURES)}")
    name = require(raw, "name", str, where)
    features = {k: raw[k] for k in FEATURES if k in raw}
    for key, value in features.items():
        if not isinstance(value, FEATURES[key]) or (FEATURES[key] is int and isinstance(value, bool)):
            raise DataError(f"{where}.{key}: expected {FEATURES[key].__name__}")
    item = Treasure(name=name, **features)
    broken = treasure_violations(item)
    if broken:
        raise DataError(f"{where} ({name}): {broken[0].reason}")
    if item.type and item.type not in traits().types:
        raise DataError(f"{where} ({name}): no Type '{item.type}'")
    return item


@functools.cache
def kits() -> dict[str, tuple[Treasure, ...]]:
    """Every class's kit, checked against the treasure rules and the budget."""
    raw = load("kits")
    budget = require(raw, "budget", int, "kits.toml")
    out: dict[str, tuple[Treasure, ...]] = {}
    for klass in sorted(traits().classes):
        where = f"kits.toml {klass}"
        if klass not in raw or not isinstance(raw[klass], dict):
            raise DataError(f"{where}: every class needs a kit")
        items = tuple(_item(r, f"{where}.items[{i}]")
                      for i, r in enumerate(require(raw[klass], "items", list, where)))
        spent = sum(treasure_cost(i) for i in items)
        if spent != budget:
            raise DataError(f"{where}: the kit costs {spent}, the budget is {budget}: spend it exactly")
        out[klass] = items
    return out


def kit_for(klass: str) -> tuple[Treasure, ...]:
    """The kit a hero of `klass` sets out with (none for a class the data does not know)."""
    return kits().get(klass, ())


def kit_value(klass: str) -> int:
    """What the class's kit would fetch in town: its items' trade values."""
    return sum(trade_value(i) for i in kit_for(klass))


def give_kit(game: Game, eid: int) -> None:
    """Put the hero's class kit in its pack (a new hero's, first or replacement)."""
    for item in kit_for(game.world.comp(eid, HeroState).klass):
        make_treasure_entity(game, item, item.name, -1, None, carried_by=eid)


def kits_issued(game: Game) -> int:
    """The trade value of every kit the run has handed out: one per hero, the fallen included."""
    return sum(kit_value(hero.klass) for _, hero in game.world.get(HeroState))
