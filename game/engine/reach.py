"""Who can reach whom on the grid: adjacent, or in sight within reach for ranged Types and
special abilities (DESIGN.md §4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.content import traits
from game.engine.party_sight import fov
from game.world.components import Position

if TYPE_CHECKING:
    from game.engine.game import Game

RANGED_TYPES = traits().ranged_types  # data/types.toml: `ranged = true`


RANGED_REACH = 6


ABILITY_REACH = 6


def chebyshev(a: Position, b: Position) -> int:
    return max(abs(a.x - b.x), abs(a.y - b.y))


def can_see(game: Game, a: Position, b: Position, reach: int) -> bool:
    d = chebyshev(a, b)  # once: monsters ask this of every hero each turn
    if d > reach:
        return False
    return d <= 1 or bool(fov(game, a.x, a.y, reach)[b.y, b.x])


def engaged_with(game: Game, eid: int, attack_type: str, opponents: list[tuple[int, Position]]) -> list[int]:
    """Opponents `eid` can hit this turn: adjacent ones, or seen ones in reach for ranged Types
    (`can_see`'s test, with the distance worked out once: every combat turn asks this)."""
    pos = game.position(eid)
    if pos is None:
        return []
    x, y, floor_no = pos.x, pos.y, pos.floor
    ranged = attack_type in RANGED_TYPES
    out = []
    for other, opos in opponents:
        if opos.floor != floor_no:
            continue
        d = max(abs(x - opos.x), abs(y - opos.y))
        if d <= 1 or (ranged and d <= RANGED_REACH and fov(game, x, y, RANGED_REACH)[opos.y, opos.x]):
            out.append(other)
    return out
