"""Sight: tcod's symmetric shadowcasting from each hero, its radius set by the light carried
(A Dungeon Game: torch 30 ft = 6 tiles, lantern 60 ft = 12); darkness leaves arm's reach."""

from __future__ import annotations

import numpy as np
import tcod.constants
import tcod.map

TORCH_RADIUS = 6
LANTERN_RADIUS = 12
DARK_RADIUS = 1


def light_radius(light: str, fuel_left: bool, dark_room: bool) -> int:
    """How far a hero sees: by its light, or arm's reach without fuel or in a Darkness room
    (magical dark swallows torchlight: the RTTD Darkness feature)."""
    if dark_room or not fuel_left:
        return DARK_RADIUS
    return LANTERN_RADIUS if light == "lantern" else TORCH_RADIUS


def field_of_view(transparent: np.ndarray, x: int, y: int, radius: int) -> np.ndarray:
    """Tiles seen from (x, y): `transparent` and the result are indexed [y, x] like every map
    array of a floor."""
    return tcod.map.compute_fov(
        transparent, (y, x), radius=radius, light_walls=True,
        algorithm=tcod.constants.FOV_SYMMETRIC_SHADOWCAST,
    )
