"""The Traps seat sets its floor plates by the doorways (DESIGN.md §2: thresholds, where a trap
cannot simply be walked around), not out in the room where the party walks round them."""

from __future__ import annotations

from game.core.rng import Stream
from game.designers.generate import static_party
from game.designers.personality import personalities
from game.designers.scout import view_party
from game.designers.traps import design_traps
from game.mapgen.plan import Spot

DOOR = Spot(5, 0, "open", "door")
BY_THE_DOOR = Spot(5, 1, "walk", "floor")
OUT_IN_THE_ROOM = Spot(5, 8, "walk", "floor")


def test_a_plate_by_the_doorway_is_trapped_far_more_often_than_one_out_in_the_room():
    party = view_party([h.sheet for h in static_party(1, (3, 3))])
    style = personalities()["trickster"].traps  # it likes plates best
    chosen = {BY_THE_DOOR: 0, OUT_IN_THE_ROOM: 0}
    for seed in range(300):
        for placed in design_traps(4, party, style, Stream(seed), (DOOR, BY_THE_DOOR, OUT_IN_THE_ROOM)):
            if placed.spot in chosen:
                chosen[placed.spot] += 1
    assert chosen[BY_THE_DOOR] > 2 * chosen[OUT_IN_THE_ROOM] > 0, chosen
