"""Same seed and same inputs give the same game; layout never depends on how fights went."""

from game.agents.autoplay import autoplay, play
from game.core.dials import Dials
from game.core.seats import parse_seats
from game.engine import actions as A
from game.engine.dispatch import apply_action
from game.engine.start import new_game


def test_same_seed_same_state_hash():
    _, a = autoplay(5, "ai+hero,ai+hero,ai", max_turns=400)
    _, b = autoplay(5, "ai+hero,ai+hero,ai", max_turns=400)
    assert a == b


def test_different_seeds_differ():
    hashes = {autoplay(seed, "ai+hero,ai", max_turns=150)[1]["state_hash"] for seed in (1, 2, 3)}
    assert len(hashes) == 3


def test_fighting_differently_never_changes_room_shapes():
    calm = new_game(21, parse_seats("ai+hero,ai+hero,ai"), 2, Dials())
    restless = new_game(21, parse_seats("ai+hero,ai+hero,ai"), 2, Dials())
    for _ in range(7):  # burn combat rolls: searching rolls dice on another stream than layout
        seat = restless.next_seat()
        apply_action(restless, A.Search(seat))
    play(calm, 600)
    play(restless, 600)
    def stairless(record):  # a Downward Stair is owed when Party Min rose: fights decide that
        return record.mapped and not any(f.name == "staircase" for f in record.plan.features)

    other = restless.dungeon.floors[restless.dungeon.entrance_floor].cells
    shared = [c for c, r in calm.dungeon.floors[calm.dungeon.entrance_floor].cells.items()
              if stairless(r) and stairless(other[c]) and r.entered_from == other[c].entered_from]
    assert len(shared) >= 2
    for cell in shared:
        a = calm.dungeon.floors[calm.dungeon.entrance_floor].cells[cell].plan
        b = restless.dungeon.floors[restless.dungeon.entrance_floor].cells[cell].plan
        assert a.layout == b.layout and a.sides == b.sides
