"""Answers of a pure function kept by argument, for hot lookups (a dict hit costs less than
working the answer out again)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class KeptAnswers(dict[K, V]):
    """`kept[key]` is `make(key)`, worked out on the first lookup and kept (while fewer than
    `limit` are: past that, answers are worked out each time, so memory stays bounded). `make`
    must depend on nothing but its argument, and its answers are only read."""

    __slots__ = ("_make", "_limit")

    def __init__(self, make: Callable[[K], V], limit: int) -> None:
        super().__init__()
        self._make = make
        self._limit = limit

    def __missing__(self, key: K) -> V:
        answer = self._make(key)
        if len(self) < self._limit:
            self[key] = answer
        return answer
