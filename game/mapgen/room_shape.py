"""Shaping one room the way Roll Through the Dungeon maps it, as tiles Fungeon can play on.

`shape_room` rolls the room's sides on table RC (clockwise from the side the party came in by;
sides fixed by mapped neighbours or by the floor's edge are kept), each new door on table RD, what
the room holds on table RI, and on a "features" result one row of table RF. Then it lays the
room out in its cell's block of tiles (geometry.py): a shape (rect, cross, cave, pillared, round,
hall), corridors from each gap in the shared walls to the room, terrain, furniture, and the Spots
where the Traps seat's traps sit and the Treasure seat's items lie (DESIGN.md §3, "How the two
books meet").

Determinism: every roll comes from the cell's layout stream, through named forks (sides, doors,
interaction, feature, shape, ...), so the same cell always gets the same room, whatever order the
floor is explored in and however the fights went. A side that the floor rolls for a shared wall
comes from that wall's own stream (`side_stream`), so both rooms that share a wall would roll
the same side. Decisions where the book is silent are in the docstrings below.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.rng import Stream
from game.mapgen import tables
from game.mapgen.geometry import (
    GAP_RANGE_H,
    GAP_RANGE_V,
    Cell,
    clockwise_from,
    gap_tiles,
    origin,
)
from game.mapgen.plan import Door, Feature, RoomPlan, Spot
from game.mapgen.room_furnishing import RoomLayout
from game.mapgen.themes import theme as get_theme

# RF rows the entrance room does not take: the way in must never be closed (decision: re-roll).
ENTRANCE_REROLL = frozenset({"cave_in", "boulders", "chasm"})


def roll_side(stream: Stream) -> str:
    """Table RC for one side: "open" | "door" | "wall"."""
    return tables.room_config().roll(stream)[1]


def roll_door(stream: Stream, side: str) -> Door:
    """Table RD for a door on `side`."""
    row = tables.doors().roll(stream)[1]
    return Door(side, row.kind, row.tier)


def roll_gap(stream: Stream, side: str) -> int:
    """Where along its wall a side's gap lies (local offset)."""
    lo, hi = GAP_RANGE_V if side in ("w", "e") else GAP_RANGE_H
    return stream.randint(lo, hi)


def shape_room(stream: Stream, theme: str, floor: int, cell: Cell, fixed_sides: dict[str, str],
               entered_from: str | None, *, fixed_doors: dict[str, Door] | None = None,
               side_stream: Callable[[str], Stream] | None = None, gaps: dict[str, int] | None = None,
               need_stair: bool = False) -> RoomPlan:
    """The plan of the room in `cell`, entered from `entered_from` (None: the floor's entrance,
    which the party reaches by a stair up in it, its south side closed, as in the book).

    fixed_sides:  sides already decided ("open" | "door" | "wall"), kept as they are
    fixed_doors:  the Door records of fixed door sides (else a fixed door is rolled on RD here)
    side_stream:  the stream to roll a side's RC/RD/gap on (the floor gives each shared wall's
                  own stream), asked only for a side something is rolled on; default: forks of
                  `stream`
    gaps:         where each side's gap lies along its wall (local offset); default: rolled
    need_stair:   the room must hold a stair down (Fungeon: Party Min rose in this Hallway)
    """
    th = get_theme(theme)
    for side, kind in fixed_sides.items():
        if kind not in ("open", "door", "wall"):
            raise ValueError(f"fixed side {side}={kind!r}: expected open, door or wall")
    if entered_from is not None and fixed_sides.get(entered_from) == "wall":
        raise ValueError(f"cannot enter cell {cell} through the wall on its {entered_from} side")

    # -- sides (RC), doors (RD), gaps ---------------------------------------------------------
    sides: dict[str, str] = {}
    doors: dict[str, Door] = {}
    offsets: dict[str, int] = {}
    order = ((entered_from,) if entered_from else ()) + clockwise_from(entered_from)
    if entered_from is None:
        order += ("s",)

    def side_rolls(side: str) -> Stream:
        """The stream a side's rolls are drawn on, made only for a side something is rolled on."""
        return side_stream(side) if side_stream is not None else stream.fork("side", side)

    for side in order:
        ss: Stream | None = None
        if side in fixed_sides:
            kind = fixed_sides[side]
        elif side == entered_from:
            kind = "open"
        elif entered_from is None and side == "s":
            kind = "wall"
        else:
            ss = side_rolls(side)
            kind = roll_side(ss)
        sides[side] = kind
        if kind == "door":
            door = (fixed_doors or {}).get(side)
            if door is None:
                ss = ss or side_rolls(side)
                door = roll_door(ss, side)
            doors[side] = door
        offset = (gaps or {}).get(side)
        if not offset:
            offset = roll_gap((ss or side_rolls(side)).fork("gap"), side)
        offsets[side] = offset

    # -- what the room holds (RI, RF) ---------------------------------------------------------
    interaction = tables.interactions().roll(stream.fork("interaction"))[1]
    rf_rows: list[tables.FeatureRow] = []
    if interaction == "features":
        fs = stream.fork("feature")
        row = tables.features().roll(fs)[1]
        while entered_from is None and row.feature in ENTRANCE_REROLL:
            row = tables.features().roll(fs)[1]
        rf_rows.append(row)
    names = [r.feature for r in rf_rows]
    if need_stair and "staircase" not in names:
        names.append("staircase")

    layout = RoomLayout(stream.fork("shape"), cell, sides, offsets, entered_from)
    shape = layout.shape_mask(th.shapes)
    layout.dig_corridors()
    specs = tables.feature_specs()
    fstream = stream.fork("place")
    placed: list[Feature] = []
    spots: list[Spot] = []
    for name in names:  # terrain first: it decides what the rest can reach
        if specs[name].kind == "terrain":
            placed += layout.terrain(fstream, specs[name])
    layout.settle_entry()
    for name in names:
        spec = specs[name]
        if spec.place == "in_wall":
            continue  # placed once the walls stand
        if spec.kind in ("furniture", "stair") or (spec.kind == "trap" and spec.tile):
            feats, new_spots = layout.furnish(fstream, spec)
            placed += feats
            spots += new_spots
        elif spec.kind == "dark":
            placed.append(Feature(name, "dark", *layout.glob(layout.centre())))
    layout.raise_walls()
    for name in names:
        if specs[name].place == "in_wall":
            feats, new_spots = layout.furnish_wall(fstream, specs[name])
            placed += feats
            spots += new_spots
    spots += layout.boulder_spots()
    spots.append(layout.debris_spot(fstream))
    trap_sites = [specs[n].trap for n in names if specs[n].kind == "trap"]
    plates = layout.plates(fstream, trap_sites, spots)
    spots += plates
    for name, plate in zip([n for n in names if specs[n].kind == "trap" and not specs[n].tile], plates,
                           strict=False):
        placed.append(Feature(name, "trap", plate.x, plate.y))
    door_spots = [Spot(*layout.glob(gap_tiles(s, offsets[s], "door")[0]), "open", "door") for s in doors]

    ox, oy = origin(cell)
    blocked = layout.blocked_reason(names)
    room_names = next((th.feature_rooms[n] for n in names if n in th.feature_rooms), th.rooms)
    return RoomPlan(
        cell=cell, theme=theme, sides=dict(sorted(sides.items(), key=lambda kv: "nesw".index(kv[0]))),
        doors=tuple(doors[s] for s in "nesw" if s in doors),
        features=tuple(layout.stair_up_feature() + placed), spots=tuple(door_spots + spots), shape=shape,
        dark="darkness" in names, name=stream.fork("name").choice(room_names), interaction=interaction,
        blocked=blocked, layout=layout.rows())
