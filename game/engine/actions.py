"""Actions as plain data (DESIGN.md §5): the UI and the AIs turn intentions into these, the engine
applies them, nothing else changes the world; a recording is a list of them."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from game.core.errors import FileProblem


@dataclass(frozen=True, slots=True)
class Move:
    seat: int
    dx: int
    dy: int


@dataclass(frozen=True, slots=True)
class Wait:
    seat: int


@dataclass(frozen=True, slots=True)
class Search:
    """Search around the hero for traps (annoy vs dice equal to each trap's cost) and the
    adjacent furniture for what it holds (springing a trap set on it)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Disarm:
    seat: int
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Interact:
    """Open a door, search furniture, pull a lever, drink from a fountain: the thing at x, y."""

    seat: int
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class PickUp:
    seat: int


@dataclass(frozen=True, slots=True)
class UseItem:
    seat: int
    item: int  # index in the hero's pack, in pack order


@dataclass(frozen=True, slots=True)
class Drop:
    seat: int
    item: int


@dataclass(frozen=True, slots=True)
class Descend:
    seat: int


@dataclass(frozen=True, slots=True)
class HeadBack:
    """The party turns for town: from now on it retraces its way, with wandering checks."""

    seat: int


@dataclass(frozen=True, slots=True)
class Ascend:
    """Climb the stair up (towards the entrance; from floor one's entrance, out to town)."""

    seat: int


@dataclass(frozen=True, slots=True)
class SpendStory:
    """Spend a story point: +2 dice on the hero's next roll (Budget Dungeons)."""

    seat: int


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


@dataclass(frozen=True, slots=True)
class Retire:
    """In town: bank the loot and end the run."""

    seat: int


@dataclass(frozen=True, slots=True)
class Delve:
    """In town: go back down into the dungeon."""

    seat: int


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


def describe(action: Any) -> str:
    return f"{type(action).__name__}({', '.join(f'{k}={v!r}' for k, v in asdict(action).items())})"
