"""The rows of Roll Through the Dungeon's tables as typed records, and the words a row may use
(kinds, places, actions, door kinds, quest goals); tables.py reads data/rttd/*.toml into them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from game.core.rng import Stream

R = TypeVar("R")

FEATURE_KINDS = ("furniture", "terrain", "trap", "stair", "dark")
PLACES = ("centre", "wall", "corner", "scatter", "in_wall", "floor", "diagonal", "exits", "everywhere")
ACTIONS = ("open", "search", "walk", "use")
DOOR_KINDS = ("open", "locked", "lever", "jammed", "trapped", "trapped_locked")
GOALS = ("win_fights", "kill_monsters", "kill_named", "collect", "find_objective", "map_rooms",
         "map_each", "reach_floor")
INTERACTIONS = ("features", "empty", "objective", "encounter")


@dataclass(frozen=True, slots=True)
class Table(Generic[R]):
    """Rows keyed by die ranges. `rows[i]` covers `spans[i]` (inclusive)."""

    file: str
    die: int
    spans: tuple[tuple[int, int], ...]
    rows: tuple[R, ...]

    def lookup(self, roll: int) -> R:
        """The row for `roll`; below the first row or above the last, the first or last row."""
        for (lo, hi), row in zip(self.spans, self.rows, strict=True):
            if lo <= roll <= hi:
                return row
        return self.rows[0] if roll < self.spans[0][0] else self.rows[-1]

    def roll(self, stream: Stream, modifier: int = 0) -> tuple[int, R]:
        """Roll the book's die (plus `modifier`, as in "table X+10") and look the row up."""
        value = (stream.d100() if self.die == 100 else stream.die(self.die)) + modifier
        return value, self.lookup(value)


@dataclass(frozen=True, slots=True)
class DoorKind:
    name: str
    skill: str  # the action a hero tests ("locks", "force", "disarm"), "" for none
    keys: bool  # a key from the floor's counter opens it without a test
    levers: bool  # a pulled lever opens it
    fail_pain: tuple[int, ...]  # Pain dice of a failure, by tier
    fail_time: int
    fail_picks: int
    becomes: str
    fail_becomes: str
    fail_becomes_tiers: tuple[int, ...] = (1, 2, 3, 4)  # the tiers at which a failure changes the door

    def pain_at(self, tier: int) -> int:
        """The Pain dice a failed try rolls at `tier` (0: a failure does not hurt)."""
        return self.fail_pain[tier - 1] if self.fail_pain and 1 <= tier <= 4 else 0


@dataclass(frozen=True, slots=True)
class DoorRow:
    kind: str
    tier: int


@dataclass(frozen=True, slots=True)
class Outcome:
    lo: int
    hi: int
    effect: str
    n: int = 0
    value: int = 0
    name: str = ""
    table: str = ""


@dataclass(frozen=True, slots=True)
class FeatureSpec:
    """What a table RF feature is on the map (see the header of data/rttd/features.toml)."""

    name: str
    kind: str
    text: str
    tile: str = ""
    place: str = ""
    count: tuple[int, int] = (1, 1)
    cluster: bool = False  # several tiles side by side (a counter, a machine) rather than spread
    action: str = ""
    spots: int = 1
    treasure: bool = False
    skill: str = ""
    keys: bool = False
    trap: str = ""
    width: tuple[int, int] = (2, 2)
    extra: tuple[str, str, tuple[int, int]] | None = None  # (tile, place, count) of a second part
    dig_tiers: tuple[int, ...] = ()
    names: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class FeatureRow:
    feature: str
    tier: int
    fail_pain: int
    outcomes: tuple[Outcome, ...]

    def outcome(self, roll: int) -> Outcome | None:
        for o in self.outcomes:
            if o.lo <= roll <= o.hi:
                return o
        return None


@dataclass(frozen=True, slots=True)
class TrapKind:
    name: str
    rf: int
    type: str
    sits_on: tuple[str, ...]
    book_pain: int
    suggest: tuple[str, ...]
    text: str


@dataclass(frozen=True, slots=True)
class Encounter:
    roll: int
    name: str
    kind: str
    skills: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Quest:
    id: int
    name: str
    text: str
    goal: str
    count: int
    encounter: str
    reward: int
    penalty: str
    names: tuple[str, ...] = ()
    interactions: tuple[str, ...] = ()
    fancy_only: bool = False
    heal_only: bool = False
    catch: bool = False  # its named creatures are caught (an Agility test beside them), not killed
    target_rooms: tuple[str, ...] = ()  # where its named targets are met: "objective" rooms, "encounter" rolls
