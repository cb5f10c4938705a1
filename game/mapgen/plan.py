"""The shape of one room as the Traps seat rolled it: what the designers and the world read.

Spots are the things a hero will *do* in the room (open a door, search furniture, walk across a
plate): traps are placed on them, and treasure lies in the ones that can hold it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Spot:
    x: int  # floor tile coordinates
    y: int
    action: str  # "open" (a door), "search" (furniture), "walk" (a floor plate), "use" (a lever, fountain...)
    host: str  # what is there: "door", "chest", "crate", "tomb", "throne", "floor", ...
    holds_treasure: bool = False


@dataclass(frozen=True, slots=True)
class Door:
    side: str  # "n" "e" "s" "w"
    kind: str  # "open" "locked" "lever" "jammed" "trapped" "trapped_locked"
    tier: int = 0  # 1-4 where the book gives one; 0 otherwise


@dataclass(frozen=True, slots=True)
class Feature:
    name: str  # RTTD row, e.g. "fountain", "river", "chasm", "tomb"
    kind: str  # "furniture" (hosts traps/treasure), "terrain" (shapes movement), "stair", "dark"
    x: int = 0
    y: int = 0


@dataclass(frozen=True, slots=True)
class RoomPlan:
    cell: tuple[int, int]
    theme: str
    sides: dict[str, str]  # side -> "open" | "door" | "wall"
    doors: tuple[Door, ...]
    features: tuple[Feature, ...]
    spots: tuple[Spot, ...]
    shape: str = "rect"
    dark: bool = False
    name: str = ""  # a room name in the theme's vocabulary, e.g. "ossuary"
    # Added by mapgen (all defaulted, so older callers are unchanged):
    interaction: str = ""  # table RI: "features" | "empty" | "objective" | "encounter"
    blocked: str = ""  # why some walkable tiles cannot be reached from the entry: "chasm", "cave_in", "boulders"
    layout: tuple[str, ...] = ()  # the cell's block of tiles, one Tile.code per tile, row by row
