"""`generate`: the Hallways and rooms a static party would meet (DESIGN.md §6).

The party never changes (nobody dies, nobody levels up), so Party Min never rises and no room
needs a Downward Stair; each room has its own Hallway roll-off. The rooms snake through the
floor's room cells (east along one row, back west along the next), each joined to the one
before and the one after by a door. Heroes get a race, class and name from the seed's
`("heroes", i)` streams."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.content import traits
from game.core.dials import Dials
from game.core.rng import Streams
from game.core.seats import HeroChoice, random_hero
from game.designers.design_files import SavedDesign
from game.designers.hallway import roll_off
from game.designers.records import RoomDesign
from game.designers.room_design import design_room
from game.designers.table import Designer
from game.mapgen.geometry import GRID_H, GRID_W
from game.rules.heroes import HeroSheet, hero_sheet


@dataclass(frozen=True, slots=True)
class StaticHero:
    """A hero of the static party: how it was made, and its rules sheet."""

    choice: HeroChoice
    sheet: HeroSheet


def static_party(seed: int, levels: Sequence[int]) -> tuple[StaticHero, ...]:
    """Heroes of the given Levels, each with a race, class and traits drawn from the seed."""
    t = traits()
    streams = Streams(seed)
    out = []
    for i, level in enumerate(levels):
        choice = random_hero(streams.get("heroes", i))
        sheet = hero_sheet(t, choice.name, level, choice.race, choice.race_trait, choice.klass, choice.class_traits)
        out.append(StaticHero(choice, sheet))
    return tuple(out)


def room_cell(room: int) -> tuple[tuple[int, int], str | None, str | None]:
    """The cell of the `room`-th room (1-based), the side it is entered by and the side it is left
    by: along the even rows eastwards, back along the odd rows, down at each row's end."""
    cells = GRID_W * GRID_H
    index = (room - 1) % cells

    def place(i: int) -> tuple[int, int]:
        row, col = divmod(i, GRID_W)
        return (GRID_W - 1 - col if row % 2 else col), row

    def side(a: tuple[int, int], b: tuple[int, int]) -> str:
        return {(1, 0): "e", (-1, 0): "w", (0, 1): "s", (0, -1): "n"}[(b[0] - a[0], b[1] - a[1])]

    here = place(index)
    entered = side(here, place(index - 1)) if index else None
    left = side(here, place(index + 1)) if index + 1 < cells else None
    return here, entered, left


def generate_rooms(
    seed: int,
    party_levels: Sequence[int],
    floor: int,
    rooms: int,
    designers: Sequence[Designer],
    dials: Dials,
    streams: Streams | None = None,
    library: Sequence[SavedDesign] = (),
) -> list[RoomDesign]:
    """`rooms` rooms of Floor `floor` built by `designers` for a static party of `party_levels`
    (drawing on the saved designs of `library` where they fit)."""
    streams = streams if streams is not None else Streams(seed)
    party = [h.sheet for h in static_party(seed, party_levels)]
    seen: set[str] = set()
    out = []
    for room in range(1, rooms + 1):
        rolloff = roll_off(designers, dials.die, streams.get("hallway", floor, room))
        cell, entered, left = room_cell(room)
        fixed = {s: "door" for s in (entered, left if room < rooms else None) if s}
        out.append(
            design_room(
                streams,
                floor,
                room,
                party,
                designers,
                rolloff,
                dials,
                cell=cell,
                entered_from=entered,
                fixed_sides=fixed,
                seen_names=seen,
                library=library,
            )
        )
    return out
