"""Seeds players type and share: `--seed N`, and the daily seed of `--daily YYYY-MM-DD`.

The daily seed comes from the date given on the command line, never from the clock inside the
game logic: the caller (the UI, for "today") reads the clock and passes the date, so the same
date is the same dungeon for everyone, on any machine, in any time zone they choose to name.
"""

from __future__ import annotations

import datetime as dt
import re

from game.core.errors import UsageError
from game.core.rng import derive_seed

SEED_LIMIT = 1 << 64  # a recording's header holds seeds below this, either side of 0: none bigger is played
DAILY_RANGE = 1_000_000_000  # daily seeds have at most nine digits: short enough to read aloud
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def daily_seed(date: str) -> int:
    """The seed of the day `date` ("YYYY-MM-DD"); UsageError for anything else."""
    text = date.strip()
    try:
        if not _DATE.fullmatch(text):
            raise ValueError
        day = dt.date.fromisoformat(text)
    except ValueError:
        raise UsageError(f"--daily takes a date as YYYY-MM-DD, not '{date}'") from None
    return derive_seed(0, "daily", day.isoformat()) % DAILY_RANGE


def today() -> str:
    """Today's date in the player's local time, for the UI to pass to `daily_seed`."""
    return dt.date.today().isoformat()
