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
    """Opponents `eid` can hit this turn: adjacent ones, or seen ones in reach for ranged Types."""
    pos = game.position(eid)
    if pos is None:
        return []
    out = []
    for other, opos in opponents:
        if opos.floor != pos.floor:
            continue
        d = chebyshev(pos, opos)
        if d <= 1 or (attack_type in RANGED_TYPES and d <= RANGED_REACH and can_see(game, pos, opos, RANGED_REACH)):
            out.append(other)
    return out
