"""How a run can end, in words: one table (data/outcomes.toml) for every screen, file and log
line that names an ending, so no two of them can disagree."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from game.core.content import load, require


@dataclass(frozen=True, slots=True)
class Ending:
    title: str  # the end-of-run screen's title
    sentence: str  # one sentence saying what happened
    morgue: str  # "The party <morgue>." in the morgue file
    short: str  # a word or two for the high-score table
    log: str  # the log line when it happens ({banked} is the score)


@functools.cache
def endings() -> dict[str, Ending]:
    raw = load("outcomes")
    return {name: Ending(**{f: require(body, f, str, f"outcomes.toml {name}") for f in Ending.__slots__})
            for name, body in sorted(raw.items())}


def ending(outcome: str) -> Ending:
    """The words for `outcome` ("" or anything unknown: a run that has not ended)."""
    table = endings()
    return table.get(outcome or "unfinished", table["unfinished"])
