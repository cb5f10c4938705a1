"""The kinds of map tile, and what each lets through (walking, sight) or lets a hero act on."""

from __future__ import annotations

from enum import IntEnum

import numpy as np


class Tile(IntEnum):
    """A map tile kind, stored as a small int in `Floor.tile`. `code` is its one-character name
    in a room plan's `layout` and in `render_text` (the theme's glyphs are for the screen)."""

    ROCK = 0  # never dug: solid, unseen
    WALL = 1
    FLOOR = 2
    DOOR = 3  # a closed door (its lock, lever or trap lives on the Door record)
    DOOR_OPEN = 4
    WATER = 5  # a river: walkable, crossing it is the world's agility test
    CHASM = 6
    ICE = 7
    SWAMP = 8
    RUBBLE = 9  # a cave-in: impassable for good
    BOULDER = 10  # heaped boulders: impassable until dug out ("use")
    PIT = 11  # an open pit: see across it, cannot walk it
    STAIR_DOWN = 12
    STAIR_UP = 13
    PILLAR = 14
    DEBRIS = 15  # the pile every room has that can be searched
    CHEST = 16
    CRATE = 17
    GRATE = 18
    TOMB = 19
    FOUNTAIN = 20
    THRONE = 21
    SHELF = 22
    STATUE = 23
    ALTAR = 24
    LEVER = 25
    TABLE = 26
    COUNTER = 27
    TREE = 28
    MACHINE = 29

    @property
    def code(self) -> str:
        return CODES[self]


CODES: dict[Tile, str] = {
    Tile.ROCK: " ", Tile.WALL: "#", Tile.FLOOR: ".", Tile.DOOR: "+", Tile.DOOR_OPEN: "/",
    Tile.WATER: "~", Tile.CHASM: ":", Tile.ICE: "_", Tile.SWAMP: '"', Tile.RUBBLE: "%",
    Tile.BOULDER: "0", Tile.PIT: "o", Tile.STAIR_DOWN: ">", Tile.STAIR_UP: "<", Tile.PILLAR: "I",
    Tile.DEBRIS: ",", Tile.CHEST: "=", Tile.CRATE: "x", Tile.GRATE: "*", Tile.TOMB: "&",
    Tile.FOUNTAIN: "{", Tile.THRONE: "\\", Tile.SHELF: "|", Tile.STATUE: "8", Tile.ALTAR: "-",
    Tile.LEVER: "!", Tile.TABLE: "n", Tile.COUNTER: "]", Tile.TREE: "T", Tile.MACHINE: "}",
}
BY_CODE: dict[str, Tile] = {c: t for t, c in CODES.items()}
BY_NAME: dict[str, Tile] = {t.name.lower(): t for t in Tile}

WALKABLE_TILES = frozenset({
    Tile.FLOOR, Tile.DOOR, Tile.DOOR_OPEN, Tile.WATER, Tile.ICE, Tile.SWAMP, Tile.STAIR_DOWN,
    Tile.STAIR_UP, Tile.DEBRIS, Tile.GRATE,
})
OPAQUE_TILES = frozenset({
    Tile.ROCK, Tile.WALL, Tile.DOOR, Tile.PILLAR, Tile.RUBBLE, Tile.BOULDER, Tile.TREE, Tile.LEVER,
})
# Tiles a hero can act on without standing on them (from an adjacent tile): furniture, doors,
# boulders to dig, stairs. Every Spot sits on a walkable or an actionable tile.
ACTIONABLE_TILES = frozenset({
    Tile.DOOR, Tile.DOOR_OPEN, Tile.BOULDER, Tile.STAIR_DOWN, Tile.STAIR_UP, Tile.DEBRIS,
    Tile.CHEST, Tile.CRATE, Tile.GRATE, Tile.TOMB, Tile.FOUNTAIN, Tile.THRONE, Tile.SHELF,
    Tile.STATUE, Tile.ALTAR, Tile.LEVER, Tile.TABLE, Tile.COUNTER, Tile.TREE, Tile.MACHINE,
})

# The tiles numpy compares whole arrays with, as plain ints: an IntEnum member costs numpy a
# round of attribute lookups (about 4x the comparison itself on a room's block).
ROCK, WALL, FLOOR, PILLAR = int(Tile.ROCK), int(Tile.WALL), int(Tile.FLOOR), int(Tile.PILLAR)

# Lookup tables indexed by tile code: `WALKABLE[floor.tile]` is the walkable mask.
WALKABLE = np.array([t in WALKABLE_TILES for t in Tile], dtype=bool)
TRANSPARENT = np.array([t not in OPAQUE_TILES for t in Tile], dtype=bool)
ACTIONABLE = np.array([t in ACTIONABLE_TILES for t in Tile], dtype=bool)
# Path cost for tcod.path (0 = blocked): wading and slipping cost more than walking.
COST = np.array([0 if t not in WALKABLE_TILES else 3 if t in (Tile.WATER, Tile.SWAMP) else 2
                 if t == Tile.ICE else 1 for t in Tile], dtype=np.int8)
# Byte code -> tile, for turning a plan's layout text into tile codes in one numpy step.
DECODE = np.zeros(256, dtype=np.uint8)
for _tile, _code in CODES.items():
    DECODE[ord(_code)] = int(_tile)
