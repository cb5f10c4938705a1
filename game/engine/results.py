"""What applying an action did: `Done` (it happened; a hero's action spends its turn), `Refused`
(nothing happened and no turn passed; `reason` is the sentence a player reads) or `Waiting`
(taken, but the game waits for more: human designers still to choose or build)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Done:
    what: str = ""


@dataclass(frozen=True, slots=True)
class Refused:
    reason: str


@dataclass(frozen=True, slots=True)
class Waiting:
    reason: str


Result = Done | Refused | Waiting

DONE = Done()
