"""The fast paths draw the very numbers of the scalar ones: SplitMix64 blocks equal `next64` one by
one, dice blocks and `dice_rows` equal `Stream.dice` calls, and a block of conflicts equals `roll_event` then
`painful_conflict` event by event (dice, Thwack-O, narrator, damage, Hits)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.rng import Stream
from game.core.rng_blocks import dice_block, next64_block
from game.rules.conflict_batch import painful_conflicts, roll_events
from game.rules.conflicts import painful_conflict
from game.rules.dice import NO_SEAT, PoolRequest, roll_event

STATES = st.integers(0, 2**64 - 1)
SIDES = st.sampled_from((4, 6, 8, 10, 12, 20))


@given(STATES, st.integers(0, 300))
def test_a_block_of_draws_is_the_scalar_sequence(state, count):
    scalar, block = Stream(state), Stream(state)
    expected = [scalar.next64() for _ in range(count)]
    assert [int(x) for x in next64_block(block, count)] == expected
    assert block.state == scalar.state


@given(STATES, st.lists(st.integers(1, 40), min_size=1, max_size=12), SIDES)
def test_a_block_of_dice_is_the_scalar_calls_in_a_row(state, counts, sides):
    scalar, block = Stream(state), Stream(state)
    expected = [scalar.dice(c, sides) for c in counts]
    rows = dice_block(block, counts, sides)
    assert [[int(d) for d in row[:c]] for row, c in zip(rows, counts, strict=True)] == expected
    assert int((rows == 0).sum()) == sum(rows.shape[1] - c for c in counts)  # zeros only as padding
    assert block.state == scalar.state


@given(STATES, st.lists(st.integers(0, 40), max_size=12), SIDES)
def test_dice_rows_are_the_scalar_calls_in_a_row(state, counts, sides):
    scalar, rows = Stream(state), Stream(state)
    assert list(rows.dice_rows(counts, sides)) == [scalar.dice(c, sides) for c in counts]
    assert rows.state == scalar.state


@given(STATES, st.lists(st.tuples(st.sampled_from(("rows", "next64", "dice", "reseat")),
                                  st.lists(st.integers(0, 40), max_size=6), SIDES), max_size=40))
def test_dice_rows_drawn_ahead_stay_the_scalar_sequence(state, steps):
    # the look-ahead is kept across calls: other draws, another die size, or a state set from
    # outside in between must never let it hand out dice the scalar stream would not roll
    scalar, ahead = Stream(state), Stream(state)
    for i, (kind, counts, sides) in enumerate(steps):
        if kind == "rows":
            assert list(ahead.dice_rows(counts, sides)) == [scalar.dice(c, sides) for c in counts]
        elif kind == "next64":
            assert ahead.next64() == scalar.next64()
        elif kind == "dice":
            assert ahead.dice(sum(counts), sides) == scalar.dice(sum(counts), sides)
        else:
            scalar.state = ahead.state = (state + i) % 2**64
        assert ahead.state == scalar.state


participants = st.lists(st.tuples(st.integers(0, 8), st.sampled_from((NO_SEAT, 0, 1, 2)), st.integers(0, 4)),
                        min_size=1, max_size=5)


@settings(max_examples=150, deadline=None)
@given(STATES, SIDES, participants, st.integers(1, 12), st.randoms(use_true_random=False),
       st.lists(st.sampled_from((0, 1, 2, 3)), max_size=3, unique=True))
def test_a_block_of_conflicts_is_the_scalar_conflicts_one_by_one(state, sides, people, n, rnd, seat_order):
    owners = [f"p{i}" for i in range(len(people))]
    requests = [PoolRequest(o, seat, count) for o, (count, seat, _) in zip(owners, people, strict=True)]
    hits = {o: h for o, (_, _, h) in zip(owners, people, strict=True) if rnd.random() < 0.8}  # some take none
    targets = {o: rnd.sample([x for x in owners if x != o], k=rnd.randint(0, len(owners) - 1)) for o in owners}
    scalar, batch = Stream(state), Stream(state)
    block = roll_events(batch, sides, requests, n, seat_order)
    pain = painful_conflicts(block, targets, hits)
    for e in range(n):
        event = roll_event(scalar, sides, requests, seat_order)
        for p, pool in enumerate(event.pools):
            assert tuple(int(d) for d in block.dice[e, p] if d) == pool.dice
            assert int(block.thwacko[e, p]) == (pool.dice[pool.thwacko] if pool.thwacko >= 0 else 0)
        assert int(block.narrator[e]) == event.narrator
        result = painful_conflict(event.pools, targets, hits)
        dealt = Counter(result.damage)
        for p, owner in enumerate(owners):
            for v, name in enumerate(pain.names):
                assert int(pain.damage[e, p, v]) == dealt[(owner, name)]
        assert {name: int(pain.hits[e, pain.names.index(name)]) for name in hits} == dict(result.hits)
    assert batch.state == scalar.state
