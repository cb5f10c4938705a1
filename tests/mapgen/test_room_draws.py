"""Rooms draw some of their random numbers in one numpy step: the same numbers, in the same order,
as the stream's own one-at-a-time draws, and the stream left where those would leave it."""

from __future__ import annotations

from game.core.rng import Stream
from game.mapgen.room_grid import randoms


def test_randoms_are_the_streams_randoms() -> None:
    mine, theirs = Stream(11), Stream(11)
    assert randoms(mine, 300).tolist() == [theirs.random() for _ in range(300)]
    assert mine.state == theirs.state
