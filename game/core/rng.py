"""Named, independent random streams derived from one game seed (DESIGN.md §5).

Why not `random.Random`: its state is a 625-word tuple that is slow to checksum every action,
and its algorithms are not promised stable across Python versions. A SplitMix64 stream is a
single 64-bit integer: portable, trivially hashed into a recording, and cheap to derive.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter
from types import MappingProxyType
from typing import TypeVar

import numpy as np

from game.core.kept import KeptAnswers

T = TypeVar("T")
_MASK = (1 << 64) - 1
_blake2b, _from_bytes = hashlib.blake2b, int.from_bytes  # read once: a derivation per fork
GAMMA = 0x9E3779B97F4A7C15
SHUFFLE_AT_ONCE = 24  # from this many items `Stream.shuffle` draws in one numpy step
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_GAMMA64, _S30, _S27, _S31 = np.uint64(GAMMA), np.uint64(30), np.uint64(27), np.uint64(31)
AHEAD_MIN, AHEAD_MAX = 16, 4096  # draws worked out at once for a stream that rolls dice again and again


def draws_after(state: int, count: int) -> np.ndarray:
    """The next `count` outputs of a SplitMix64 stream now in `state`, as uint64, all at once:
    bit for bit `Stream.next64`'s (uint64 array arithmetic wraps exactly like its `& _MASK`,
    and silently). Worked in place: the look-ahead of `dice_rows` makes many of these."""
    z = np.arange(1, count + 1, dtype=np.uint64)
    z *= _GAMMA64
    z += np.uint64(state)
    z ^= z >> _S30
    z *= _MIX1
    z ^= z >> _S27
    z *= _MIX2
    z ^= z >> _S31
    return z


def faces_after(state: int, count: int, sides: int) -> list[int]:
    """The dice of the next `count` draws, four per draw from the low 16 bits up, as
    `Stream.dice` makes them (each draw read as four little-endian 16-bit lanes, on any machine)."""
    lanes = draws_after(state, count).astype("<u8", copy=False).view("<u2")
    wide = np.uint32 if sides <= 0xFFFF else np.uint64  # lane * sides must not wrap
    faces = lanes.astype(wide)
    faces *= wide(sides)
    faces >>= wide(16)
    faces += wide(1)
    return faces.tolist()


def derive_seed(seed: int, *names: object) -> int:
    """A 64-bit seed for the stream called `names` of the game `seed` (stable on every platform).
    One name (a fork, as rooms make dozens of) is written by one f-string: the same text as the
    join, made without the tuple and the map."""
    if len(names) == 1:
        text = f"{seed!s}:{names[0]!s}"
    else:
        text = ":".join(map(str, (seed, *names)))
    return _from_bytes(_blake2b(text.encode(), digest_size=8).digest(), "little")


Rows = tuple[list[int], ...]


def row_cutter(counts: tuple[int, ...]) -> tuple[Callable[[list[int]], Rows], int]:
    """How `Stream.dice_rows` cuts a window of faces into rows of `counts`, and the window's width
    in faces (each row starts on a fresh draw of four faces; a count of 0 or less is an empty row)."""
    rows, at = [], 0
    for count in counts:
        rows.append(slice(at, at + max(count, 0)))
        at += (count + 3) & -4 if count > 0 else 0
    # one C call for two rows or more (an itemgetter of one item gives it, not a tuple of it)
    return (itemgetter(*rows) if len(rows) > 1 else lambda faces: tuple(faces[row] for row in rows)), at


# kept per counts: a fight's pools are rolled again and again with the same counts
_ROW_CUTTERS = KeptAnswers(row_cutter, 1 << 12)


class Stream:
    """One SplitMix64 stream. Drawing from it never touches any other stream."""

    __slots__ = ("state", "_ahead")

    def __init__(self, state: int) -> None:
        self.state = state & _MASK
        # dice worked out ahead for `dice_rows`: (the state they follow, sides, faces, faces used)
        self._ahead: tuple[int, int, list[int], int] | None = None

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) (Lemire's multiply-shift; bias under 2**-50 for n < 2**14)."""
        return (self.next64() * n) >> 64

    def die(self, sides: int) -> int:
        return self.below(sides) + 1

    def dice(self, count: int, sides: int) -> list[int]:
        """`count` dice of `sides` faces: four dice from each 64-bit draw, 16 bits apiece
        (bias below sides/65536: far under anything a table can notice, and 4x fewer draws)."""
        out: list[int] = []
        append = out.append
        state = self.state
        left = count
        while left > 0:  # next64() inlined: dice are the hottest draw of the game
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            for _ in range(4 if left >= 4 else left):
                append((((x & 0xFFFF) * sides) >> 16) + 1)
                x >>= 16
            left -= 4
        self.state = state
        return out

    def dice_rows(self, counts: Sequence[int], sides: int) -> Rows:
        """`self.dice(c, sides)` for each of `counts` in one call, the same dice (a list a row, each
        row starting on a fresh draw): a roll event's pools. The dice of the next draws are worked out
        ahead in numpy and kept while nothing else draws from the stream: the future of a
        SplitMix64 stream is a function of its state alone, so they are the very dice `dice`
        would roll. The rows are cut from them by one C call kept per `counts`."""
        cut, width = _ROW_CUTTERS[counts if type(counts) is tuple else tuple(counts)]
        state = self.state
        ahead = self._ahead
        if ahead is not None and ahead[0] == state and ahead[1] == sides:
            faces, start = ahead[2], ahead[3]
            if start + width > len(faces):  # used up: twice as many draws ahead (at least these rows')
                faces, start = faces_after(state, max(width >> 2, min(AHEAD_MAX, len(faces) >> 1)), sides), 0
        else:  # a first roll, or the stream was drawn from otherwise: a small look-ahead
            faces, start = faces_after(state, max(width >> 2, AHEAD_MIN), sides), 0
        self.state = state = (state + (width >> 2) * GAMMA) & _MASK
        self._ahead = (state, sides, faces, start + width)
        return cut(faces[start:start + width])

    def randint(self, lo: int, hi: int) -> int:
        """Inclusive on both ends, like `random.randint`."""
        return lo + self.below(hi - lo + 1)

    def d100(self) -> int:
        return self.below(100) + 1

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)

    def chance(self, p: float) -> bool:
        return self.random() < p

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[self.below(len(items))]

    def weighted(self, items: Sequence[T], weights: Sequence[float]) -> T:
        """One of `items`, each as likely as its weight (`self.random()` of one draw, read inline:
        the designers pick this way thousands of times a game)."""
        total = float(sum(weights))
        x = ((self.next64() >> 11) / float(1 << 53)) * total
        for item, w in zip(items, weights, strict=True):
            x -= w
            if x < 0:
                return item
        return items[-1]

    def shuffle(self, items: list[T]) -> None:
        """In-place Fisher-Yates, a `below(i + 1)` for each i from the last down. A long list (rooms
        shuffle dozens of tiles) has its draws made in one numpy step: the same draws, so the
        same order and the same state after (a short one costs less drawn one at a time)."""
        n = len(items)
        if n < SHUFFLE_AT_ONCE:
            for i in range(n - 1, 0, -1):
                j = self.below(i + 1)
                items[i], items[j] = items[j], items[i]
            return
        draws = draws_after(self.state, n - 1).tolist()
        self.state = (self.state + (n - 1) * GAMMA) & _MASK
        for i, draw in zip(range(n - 1, 0, -1), draws, strict=True):
            j = (draw * (i + 1)) >> 64  # `below(i + 1)` of that draw
            items[i], items[j] = items[j], items[i]

    def __deepcopy__(self, memo: dict[int, object]) -> Stream:
        """The same stream, without its look-ahead (a function of the state alone, worked out
        again when next needed): a copy of a game need not copy thousands of dice."""
        return Stream(self.state)

    def fork(self, *names: object) -> Stream:
        """A child stream named from this one's current state, without advancing it."""
        return Stream(derive_seed(self.state, *names))


class Streams:
    """All the named streams of one game. `streams.get("layout", floor, room)` is always the
    same stream for the same names, created on first use from the game seed."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._streams: dict[tuple[str, ...], Stream] = {}

    def get(self, *names: object) -> Stream:
        stream = self._streams.get(names)  # names all strings already (as "combat"): the key itself
        if stream is not None:
            return stream
        key = tuple(map(str, names))
        stream = self._streams.get(key)
        if stream is None:
            stream = self._streams[key] = Stream(derive_seed(self.seed, *key))
        return stream

    def named(self) -> Mapping[tuple[str, ...], Stream]:
        """Every stream made so far, by name, in the order they were first used (read-only)."""
        return MappingProxyType(self._streams)

    def checksum(self) -> int:
        """A 64-bit digest of every stream's state, in sorted name order (for recordings)."""
        h = hashlib.blake2b(digest_size=8)
        for key in sorted(self._streams):
            h.update(":".join(key).encode())
            h.update(self._streams[key].state.to_bytes(8, "little"))
        return int.from_bytes(h.digest(), "little")
