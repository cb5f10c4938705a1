"""Floors, room cells, and Roll Through the Dungeon's tables applied (DESIGN.md §3-§5).

  plan.py        RoomPlan, Spot, Door, Feature: the shared shape of a room
  tables.py      the RTTD tables from data/rttd/*.toml (RC, RD, RI, RF, E, Q, trap catalogue)
  themes.py      data/themes.toml: shapes, room names, feature renames, tile looks
  tiles.py       the Tile enum and its walkable/transparent/actionable/cost lookup arrays
  geometry.py    the grid of cells and where their tiles lie (7 x 4 cells of 24 x 13 tiles)
  room_shape.py  shape_room: one room rolled (tables RC, RD, RI, RF) and laid out
  room_grid.py   a room's tiles while it is laid out: shape, corridors, walls
  room_furnishing.py  terrain, furniture and the spots for traps and treasure
  table_rows.py  the rows of the RTTD tables as typed records
  floor.py       Floor: the cells unfolding into numpy tile arrays; render_text
"""
