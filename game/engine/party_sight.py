"""What the party sees this moment: each hero's field of view by the light it carries, merged;
the floor remembers every tile ever seen."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from game.engine.light import light_kind
from game.world.fov import LANTERN_RADIUS, field_of_view, light_radius

if TYPE_CHECKING:
    from game.engine.game import Game
    from game.mapgen.floor import Floor


def hero_radius(game: Game, x: int, y: int) -> int:
    if not game.dials.light:
        return LANTERN_RADIUS
    return radius_by(game.floor, light_kind(game), x, y)


def radius_by(floor: Floor, kind: str, x: int, y: int) -> int:
    """How far a hero at (x, y) sees by the light `kind` (a Darkness room swallows it)."""
    record = floor.room_at(x, y)
    dark = bool(record and record.plan and record.plan.dark)
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
    floor_no = game.dungeon.floor_no
    kind = light_kind(game) if game.dials.light else ""
    position = game.position
    eyes = []
    for eid, _ in game.heroes():
        pos = position(eid)
        if pos is not None and pos.floor == floor_no:
            x, y = pos.x, pos.y
            eyes.append((x, y, radius_by(floor, kind, x, y) if kind else LANTERN_RADIUS))
    key = (floor_no, floor.version, eyes)
    derived = game.derived
    if key == derived.caches.get("sight_key") and derived.visible is not None:
        return
    seen = np.zeros(floor.transparent.shape, dtype=bool)
    for x, y, radius in eyes:
        seen |= fov(game, x, y, radius)
    floor.explored |= seen
    derived.visible = seen
    derived.caches["sight_key"] = key
