"""The rows of the room builder's draft form: one Field per feature a purchase can have, with
its price note, its explanation and how Left/Right change it."""

from __future__ import annotations

import textwrap
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
    shorter: tuple[str, ...] = ()  # `about` in fewer words, for a narrow draft (first that fits)
    short_values: tuple[str, ...] = ()  # `value` in fewer words, likewise

    def about_in(self, width: int, rows: int) -> str:
        """The first of `about` and its shorter forms that fits `rows` rows of `width`: a list
        elided in its middle reads wrong ("dart (arrows), falling... (gas)")."""
        forms = (self.about, *self.shorter)
        return next((text for text in forms if len(textwrap.wrap(text, max(1, width))) <= rows), forms[-1])


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
