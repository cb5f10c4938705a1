"""A human designer's purchases as plain data, so that a BuildRoom action records and replays
like any other input: tuples of numbers and strings, turned back into rules values here.

  trap      (type, annoy, pain, guards_treasure, unlimited, universal, continuous, spot_index, name)
  monster   (level, type, name, abilities), ability = (type, annoy, pain, resist, hold, continuous,
            universal, name) with resist a tuple of Types
  treasure  (fancy, value, heal, annoy, pain, universal, type, spot_index or -1 for the floor, name)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.designers.records import PlacedTrap, PlacedTreasure
from game.mapgen.plan import Spot
from game.rules.purchases import Ability, Monster, Trap, Treasure


def freeze(value: Any) -> Any:
    """Lists (from a recording's JSON) back into tuples, all the way down."""
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def encode_trap(trap: Trap, spot_index: int) -> tuple:
    return (trap.type, trap.annoy, trap.pain, trap.guards_treasure, trap.unlimited, trap.universal, trap.continuous,
            spot_index, trap.name)


def encode_monster(monster: Monster) -> tuple:
    return (monster.level, monster.type, monster.name,
            tuple((a.type, a.annoy, a.pain, tuple(a.resist), a.hold, a.continuous, a.universal, a.name)
                  for a in monster.abilities))


def encode_treasure(item: Treasure, spot_index: int) -> tuple:
    return (item.fancy, item.value, item.heal, item.annoy, item.pain, item.universal, item.type, spot_index,
            item.name)


def decode(category: str, items: Sequence[tuple], spots: Sequence[Spot]) -> tuple:
    """The purchases of `category` as design_room's `manual` wants them. Raises ValueError on
    anything malformed (a recording edited by hand, a spot that is not there)."""
    out: list[Any] = []
    for raw in items:
        if category == "traps":
            t, annoy, pain, guards, unlimited, universal, continuous, spot, name = raw
            if not 0 <= spot < len(spots):
                raise ValueError(f"no spot {spot} in this room")
            out.append(PlacedTrap(Trap(t, annoy, pain, guards, unlimited, universal, continuous, name), spots[spot],
                                  spots[spot].host))
        elif category == "monsters":
            level, mtype, name, abilities = raw
            out.append(Monster(level, mtype, tuple(Ability(a[0], a[1], a[2], tuple(a[3]), a[4], a[5], a[6], a[7])
                                                   for a in abilities), name))
        elif category == "treasure":
            fancy, value, heal, annoy, pain, universal, t, spot, name = raw
            where = spots[spot] if 0 <= spot < len(spots) else None
            out.append(PlacedTreasure(Treasure(fancy, value, heal, annoy, pain, universal, t, name), where))
        else:
            raise ValueError(f"unknown category {category!r}")
    return tuple(out)

