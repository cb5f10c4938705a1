"""Rooms draw some of their random numbers in one numpy step: the same numbers, in the same order,
as the stream's own one-at-a-time draws, and the stream left where those would leave it."""

from __future__ import annotations

from game.core.rng import Stream
from game.mapgen.room_grid import SHUFFLE_AT_ONCE, randoms, shuffle


def test_shuffle_at_once_is_the_streams_shuffle() -> None:
    for n in [0, 1, 2, SHUFFLE_AT_ONCE - 1, SHUFFLE_AT_ONCE, SHUFFLE_AT_ONCE + 1, 57, 200]:
        for seed in range(20):
            mine, theirs = Stream(seed * 7919 + n), Stream(seed * 7919 + n)
            a, b = list(range(n)), list(range(n))
            shuffle(mine, a)
            theirs.shuffle(b)
            assert a == b
            assert mine.state == theirs.state


def test_randoms_are_the_streams_randoms() -> None:
    mine, theirs = Stream(11), Stream(11)
    assert randoms(mine, 300).tolist() == [theirs.random() for _ in range(300)]
    assert mine.state == theirs.state
