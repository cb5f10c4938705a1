"""Rooms in a row differ (issue 14): the designers weigh down the Types the previous room of the
run was built with, as they do a Type already used in the same room."""

from __future__ import annotations

from game.core.dials import Dials
from game.core.rng import Streams
from game.designers.generate import static_party
from game.designers.hallway import roll_off
from game.designers.room_design import design_room
from game.designers.table import Designer

DESIGNERS = (Designer(0, "tyrant"), Designer(1, "swarm"), Designer(2, "warden"))


def _types(design) -> set[str]:
    return {a.type for p in design.monsters for a in p.monster.abilities} | {p.trap.type for p in design.traps}


def _shared(seed: int, remember: bool) -> int:
    party = [h.sheet for h in static_party(seed, (4, 4, 5))]
    streams = Streams(seed)
    seen: set[str] = set()
    rooms = []
    for room in (1, 2):
        rolloff = roll_off(DESIGNERS, 6, streams.get("h", room))
        rooms.append(design_room(streams, 2, room, party, DESIGNERS, rolloff, Dials(),
                                 seen_names=seen if remember else set()))
    return len(_types(rooms[0]) & _types(rooms[1]))


def test_the_next_room_mostly_plays_on_other_types_than_the_last():
    remembered = sum(_shared(seed, True) for seed in range(80))
    forgotten = sum(_shared(seed, False) for seed in range(80))
    assert remembered * 2 < forgotten, (remembered, forgotten)
