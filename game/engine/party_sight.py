"""What the party sees this moment: each hero's field of view by the light it carries, merged;
the floor remembers every tile ever seen."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from game.engine.light import light_kind
from game.world.fov import LANTERN_RADIUS, field_of_view, light_radius

if TYPE_CHECKING:
    from game.engine.game import Game


def hero_radius(game: Game, x: int, y: int) -> int:
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
    key = (game.dungeon.floor_no, floor.version, x, y, radius)
    cache = game.derived.fov_cache
    seen = cache.get(key)
    if seen is None:
        if len(cache) > 256:
            cache.clear()
        seen = cache[key] = field_of_view(floor.transparent, x, y, radius)
    return seen


def update_sight(game: Game) -> None:
    """What the party sees now, and the floor's memory of it. Nothing to do when no hero has
    moved, no light has changed and no tile has changed since the last look."""
    floor = game.floor
    eyes = []
    for eid, _ in game.heroes():
        pos = game.position(eid)
        if pos is not None and pos.floor == game.dungeon.floor_no:
            eyes.append((pos.x, pos.y, hero_radius(game, pos.x, pos.y)))
    key = (game.dungeon.floor_no, floor.version, tuple(eyes))
    if key == game.derived.caches.get("sight_key") and game.derived.visible is not None:
        return
    seen = np.zeros(floor.transparent.shape, dtype=bool)
    for x, y, radius in eyes:
        seen |= fov(game, x, y, radius)
    floor.explored |= seen
    game.derived.visible = seen
    game.derived.caches["sight_key"] = key
