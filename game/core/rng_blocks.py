"""SplitMix64 in numpy for whole blocks: many draws or many rows of dice at once, bit for bit the
values `Stream.next64` and `Stream.dice` would give one by one (the arithmetic is
`rng.draws_after`, which also feeds the look-ahead of `Stream.dice_rows`). For Monte Carlo over
many fights (`rules.conflict_batch`) and the rules benchmark."""

from __future__ import annotations

import numpy as np

from game.core.rng import GAMMA, Stream, draws_after

_MASK = (1 << 64) - 1
_SHIFTS = np.array([0, 16, 32, 48], dtype=np.uint64)


def next64_block(stream: Stream, count: int) -> np.ndarray:
    """The stream's next `count` 64-bit draws as a uint64 array; the stream moves past them."""
    start = stream.state
    stream.state = (start + count * GAMMA) & _MASK
    return draws_after(start, count)


def dice_block(stream: Stream, counts: np.ndarray | list[int], sides: int) -> np.ndarray:
    """Many `Stream.dice(count, sides)` calls in a row, one per entry of `counts` (each >= 1):
    a (len(counts), max(counts)) int array of the dice in roll order, 0 past each row's count.
    Each row starts on a fresh draw, four 16-bit dice per draw, exactly as the scalar calls do."""
    counts = np.asarray(counts, dtype=np.int64)
    per_row = (counts + 3) // 4
    draws = next64_block(stream, int(per_row.sum()))
    width = int(per_row.max()) if len(per_row) else 0
    # the draws of row i sit at draws[first[i] : first[i] + per_row[i]]; pad with a harmless draw
    first = np.concatenate(([0], np.cumsum(per_row)[:-1]))
    index = first[:, None] + np.arange(width)[None, :]
    valid = np.arange(width)[None, :] < per_row[:, None]
    lanes = (draws[np.where(valid, index, 0)][:, :, None] >> _SHIFTS) & np.uint64(0xFFFF)
    dice = ((lanes.astype(np.int64) * sides) >> 16) + 1
    dice = dice.reshape(len(counts), width * 4)
    dice[np.arange(width * 4)[None, :] >= counts[:, None]] = 0
    return dice
