"""What the party sees this moment: each hero's field of view by the light it carries, merged;
the floor remembers every tile ever seen."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from game.world.sight import LANTERN_RADIUS, field_of_view, light_radius

if TYPE_CHECKING:
    from game.engine.game import Game


def hero_radius(game: Game, x: int, y: int) -> int:
    from game.engine.run import light_kind

    if not game.dials.light:
        return LANTERN_RADIUS
    record = game.floor.room_at(x, y)
    dark = bool(record and record.plan and record.plan.dark)
    kind = light_kind(game)
    return light_radius(kind, kind != "none", dark)


def fov(game: Game, x: int, y: int, radius: int) -> np.ndarray:
    """Field of view from (x, y) on the current floor, cached until a tile changes (sight is
    asked for again and again from the same spots: every step, every engagement check)."""
    floor = game.floor
    key = (game.floor_no, floor.version, x, y, radius)
    cache = game.fov_cache
    seen = cache.get(key)
    if seen is None:
        if len(cache) > 256:
            cache.clear()
        seen = cache[key] = field_of_view(floor.transparent, x, y, radius)
    return seen


def update_sight(game: Game) -> None:
    floor = game.floor
    seen = np.zeros(floor.transparent.shape, dtype=bool)
    for eid, _ in game.heroes():
        pos = game.position(eid)
        if pos is None or pos.floor != game.floor_no:
            continue
        seen |= fov(game, pos.x, pos.y, hero_radius(game, pos.x, pos.y))
    floor.explored |= seen
    game.visible = seen


def can_party_see(game: Game, x: int, y: int) -> bool:
    return game.visible is not None and bool(game.visible[y, x])
