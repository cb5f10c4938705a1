"""Actions as plain data (DESIGN.md §5): the UI and the AIs turn intentions into these, the engine
applies them, nothing else changes the world; a recording is a list of them.

Actions of one shape share one frozen dataclass and differ only by their class: `Wait(0)` and
`Search(0)` are still unequal, and each prints and records under its own name. Making a frozen
dataclass costs Python about 0.6 ms (it compiles six methods), and every program that plays makes
these (on a game's first action, in every autoplay and balance worker); the shared shapes make 10
instead of 20. A subclass adds no field and no slot.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from game.core.errors import FileProblem


@dataclass(frozen=True, slots=True)
class SeatAction:
    """The shape of an action that needs only the acting seat."""

    seat: int


@dataclass(frozen=True, slots=True)
class TileAction:
    """The shape of an action on the thing at x, y."""

    seat: int
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class ItemAction:
    """The shape of an action on an item of the hero's pack."""

    seat: int
    item: int  # index in the hero's pack, in pack order


@dataclass(frozen=True, slots=True)
class Move:
    seat: int
    dx: int
    dy: int


class Wait(SeatAction):
    __slots__ = ()


class Search(SeatAction):
    """Search around the hero for traps (annoy vs dice equal to each trap's cost) and the
    adjacent furniture for what it holds (springing a trap set on it)."""

    __slots__ = ()


class Disarm(TileAction):
    __slots__ = ()


class Interact(TileAction):
    """Open a door, search furniture, pull a lever, drink from a fountain: the thing at x, y."""

    __slots__ = ()


class PickUp(SeatAction):
    __slots__ = ()


class UseItem(ItemAction):
    __slots__ = ()


class Drop(ItemAction):
    __slots__ = ()


class Descend(SeatAction):
    __slots__ = ()


class HeadBack(SeatAction):
    """The party turns for town: from now on it retraces its way, with wandering checks."""

    __slots__ = ()


class Ascend(SeatAction):
    """Climb the stair up (towards the entrance; from floor one's entrance, out to town)."""

    __slots__ = ()


class SpendStory(SeatAction):
    """Spend a story point: +2 dice on the hero's next roll (Budget Dungeons)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class ChooseTrait:
    """A human hero's owed growth: a new trait of its race or class, or one it holds a degree
    higher (Budget Dungeons; the Hallway asks)."""

    seat: int
    trait: str


@dataclass(frozen=True, slots=True)
class Narrate:
    seat: int
    text: str


@dataclass(frozen=True, slots=True)
class TakeCategory:
    seat: int
    category: str  # traps monsters treasure


@dataclass(frozen=True, slots=True)
class BuildRoom:
    """A human designer's purchases for the category it took (encoded by game.designers.builds)."""

    seat: int
    category: str
    items: tuple = ()

    def __post_init__(self) -> None:
        from game.designers.builds import freeze  # start-up: only a human's build needs it

        object.__setattr__(self, "items", freeze(self.items))


@dataclass(frozen=True, slots=True)
class Trade:
    """In town: trade pack item `item` in (half its points, to the hero's workshop) or have a
    healing draught of `heal` points made from them and drink it."""

    seat: int
    item: int = -1
    heal: int = 0


@dataclass(frozen=True, slots=True)
class DesignItem:
    """In town: the seat's hero has one item of treasure made with its workshop points."""

    seat: int
    fancy: bool = False
    value: int = 0
    heal: int = 0
    annoy: int = 0
    pain: int = 0
    universal: bool = False
    type: str = ""


class Retire(SeatAction):
    """In town: bank the loot and end the run."""

    __slots__ = ()


class Delve(SeatAction):
    """In town: go back down into the dungeon."""

    __slots__ = ()


Action = (Move | Wait | Search | Disarm | Interact | PickUp | UseItem | Drop | Descend | HeadBack | Ascend
          | SpendStory | ChooseTrait | Narrate | TakeCategory | BuildRoom | Trade | DesignItem | Retire | Delve)
KINDS: dict[str, type] = {cls.__name__: cls for cls in Action.__args__}  # type: ignore[attr-defined]


def to_record(action: Any) -> list[Any]:
    """A compact list form for recordings: [kind, field values...]."""
    return [type(action).__name__, *(getattr(action, f.name) for f in fields(action))]


def from_record(record: list[Any]) -> Any:
    """The action a recording line stands for, or FileProblem if it is not one."""
    try:
        cls = KINDS[record[0]]
        names = [f.name for f in fields(cls)]
        if len(record) - 1 != len(names):
            raise ValueError("wrong field count")
        return cls(**dict(zip(names, record[1:], strict=True)))
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise FileProblem(f"not an action: {record!r} ({exc})") from None


DESCRIBED_MOST = 100  # characters of an action's description in a line (a room build's purchases run long)


def describe(action: Any) -> str:
    text = f"{type(action).__name__}({', '.join(f'{k}={v!r}' for k, v in asdict(action).items())})"
    return text if len(text) <= DESCRIBED_MOST else text[:DESCRIBED_MOST - 4] + "...)"
