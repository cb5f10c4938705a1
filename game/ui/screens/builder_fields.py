"""The rows of the room builder's draft form: one Field per feature a purchase can have, with
its price note, its explanation and how Left/Right change it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class Field:
    """One row of the draft: ``change(step)`` moves its value by one step left (-1) or right (+1)."""

    key: str
    label: str
    value: str
    note: str
    about: str
    change: Callable[[int], None]
    warn: bool = False


def yes(flag: bool) -> str:
    return "yes" if flag else "no"


def cycle(values: tuple[str, ...], current: str, step: int) -> str:
    if current not in values:
        return values[0]
    return values[(values.index(current) + step) % len(values)]


def cycle_int(values: tuple[int, ...], current: int, step: int) -> int:
    if current not in values:
        return values[0]
    return values[(values.index(current) + step) % len(values)]
