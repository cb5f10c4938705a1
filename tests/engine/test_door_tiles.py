"""A wall's closed doors (placement.door_tiles, looked for in numpy) are the DOOR tiles a
tile-by-tile walk along that wall finds, in the same order."""

from __future__ import annotations

from game.agents.autoplay import autoplay
from game.engine.placement import door_tiles
from game.mapgen.geometry import SIDES
from game.mapgen.tiles import Tile


def _doors_tile_by_tile(floor, cell, side):
    x0, y0, x1, y1 = floor.cells[cell].bounds
    if side in ("n", "s"):
        y = y0 if side == "n" else y1
        return [(x, y) for x in range(x0, x1 + 1) if floor.tile[y, x] == Tile.DOOR]
    x = x0 if side == "w" else x1
    return [(x, y) for y in range(y0, y1 + 1) if floor.tile[y, x] == Tile.DOOR]


def test_a_walls_doors_are_those_a_tile_by_tile_look_finds() -> None:
    found = 0
    for seed in (1, 2, 3):
        game, _ = autoplay(seed, seats="ai+hero,ai", max_turns=400)
        floor = game.floor
        for cell, record in floor.cells.items():
            if not record.mapped:
                continue
            for side in SIDES:
                doors = door_tiles(game, cell, side)
                assert doors == _doors_tile_by_tile(floor, cell, side)
                assert all(isinstance(x, int) and isinstance(y, int) for x, y in doors)
                found += len(doors)
        game.close()
    assert found  # some walls hold doors
