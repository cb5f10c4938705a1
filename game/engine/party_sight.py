"""What the party sees this moment: each hero's field of view by the light it carries, merged;
the floor remembers every tile ever seen."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from game.engine.light import light_kind
from game.world.components import Position
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
    """Field of view from (x, y) on the current floor, cached until a tile changes (reach asks
    for it again and again from the same spots: every engagement check). The answer is shared
    by every asker, so it is read-only. (The party's own sight keeps its views in `update_sight`.)"""
    floor = game.floor
    key = (game.dungeon.floor_no, floor.version, x, y, radius)
    cache = game.derived.fov_cache
    seen = cache.get(key)
    if seen is None:
        if len(cache) > 256:
            cache.clear()
        seen = cache[key] = field_of_view(floor.transparent, x, y, radius)
        seen.flags.writeable = False
    return seen


SPOTS_KEPT = 512  # fields of view kept per spot for the party's sight (each a floor-sized array)


def update_sight(game: Game) -> None:
    """What the party sees now, and the floor's memory of it. Nothing to do when no hero has
    moved, no light has changed and no tile has changed since the last look. Each spot's field
    of view is kept while the floor's tiles and the light stay the same (a hero's radius follows
    from its tile, the light and the tiles), and it is remembered when it is first kept (the
    memory only grows, so a kept one is remembered already). Adding to the memory drops the
    kept count of remembered ground (`seen_count`)."""
    dungeon = game.dungeon
    floor_no = dungeon.floor_no
    floor = dungeon.floors[floor_no]  # `game.floor`, without the property's call
    kind = light_kind(game) if game.dials.light else ""
    try_comp = game.world.try_comp  # each hero's Position, asked straight (update_sight runs after every turn)
    spots = []
    for eid, _ in game.heroes():
        pos = try_comp(eid, Position)
        if pos is not None and pos.floor == floor_no:
            spots.append((pos.x, pos.y))
    version = floor.version
    key = (floor_no, version, kind, spots)
    derived = game.derived
    caches = derived.caches
    if key == caches.get("sight_key") and derived.visible is not None:
        return
    caches["sight_key"] = key
    kept = caches.get("sight_views")
    if kept is None or kept[0] is not floor or kept[1] != version or kept[2] != kind:
        kept = caches["sight_views"] = (floor, version, kind, {})
    by_spot = kept[3]
    views = []
    fresh = False
    for spot in spots:
        view = by_spot.get(spot)
        if view is None:
            if len(by_spot) >= SPOTS_KEPT:
                by_spot.clear()
            x, y = spot
            # cast here, not through `fov`: these views are the party's own and kept above
            view = by_spot[spot] = field_of_view(floor.transparent, x, y,
                                                 radius_by(floor, kind, x, y) if kind else LANTERN_RADIUS)
            fresh = True
        views.append(view)
    if not views:
        seen = np.zeros(floor.transparent.shape, dtype=bool)
    elif len(views) == 1:
        seen = views[0].copy()  # `visible` is the party's own: a kept view stays as it was cast
    else:
        seen = np.logical_or(views[0], views[1])
        for view in views[2:]:
            seen |= view
    if fresh:
        floor.explored |= seen
        caches.pop("seen_count", None)
    derived.visible = seen


def kept_view(game: Game, x: int, y: int) -> np.ndarray | None:
    """The field of view `update_sight` keeps for a hero standing at (x, y), while the floor's
    tiles and the light are as they were when it was cast (None: not kept). Read only."""
    kept = game.derived.caches.get("sight_views")
    floor = game.floor
    if kept is None or kept[0] is not floor or kept[1] != floor.version:
        return None
    if kept[2] != (light_kind(game) if game.dials.light else ""):
        return None
    return kept[3].get((x, y))


def seen_count(game: Game) -> int:
    """How many walkable tiles of this floor the party remembers: counted once, and again only
    after `update_sight` added to the memory or a tile changed (or in a copied game)."""
    floor = game.floor
    kept = game.derived.caches.get("seen_count")
    if kept is None or kept[0] is not floor or kept[1] != floor.version:
        kept = game.derived.caches["seen_count"] = (floor, floor.version,
                                                    int(np.count_nonzero(floor.explored & floor.walkable)))
    return kept[2]
