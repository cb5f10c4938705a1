"""What the designers hand to the world: a room's design, each purchase with where it sits and
the words that go with it, and the record of the Hallway roll-off (for the Hallway screen)."""

from __future__ import annotations

from dataclasses import dataclass

from game.mapgen.plan import RoomPlan, Spot
from game.rules.purchases import Budgets, Monster, RoomPurchases, Trap, Treasure


@dataclass(frozen=True, slots=True)
class PlacedTrap:
    """A bought trap on the spot whose common action springs it. `kind` is its row of the trap
    catalogue (data/rttd/traps.toml), e.g. "poison_dart"."""

    trap: Trap
    spot: Spot
    kind: str
    description: str = ""


@dataclass(frozen=True, slots=True)
class PlacedMonster:
    monster: Monster
    description: str = ""


@dataclass(frozen=True, slots=True)
class PlacedTreasure:
    """A bought item and the spot that holds it (None: it lies in the open, with the monsters)."""

    item: Treasure
    spot: Spot | None
    description: str = ""


@dataclass(frozen=True, slots=True)
class RollOff:
    """The Hallway category roll-off. `rounds[0]` is every seat's die as (seat, face); each later
    round is a re-roll among seats that tied. `order` is the seats from highest to lowest,
    `picks` each category with the seat that took it, in picking order."""

    die: int
    rounds: tuple[tuple[tuple[int, int], ...], ...]
    order: tuple[int, ...]
    picks: tuple[tuple[str, int], ...]

    def taker(self, category: str) -> int:
        for cat, seat in self.picks:
            if cat == category:
                return seat
        raise KeyError(category)


@dataclass(frozen=True, slots=True)
class RoomDesign:
    """One room as the table built it: its plan (shaped by the Traps seat), its three budgets,
    which seat took each category (and with what personality), what each bought and where it
    sits, and the Downward Stair when Party Min rose in the Hallway."""

    floor: int
    room: int
    plan: RoomPlan
    title: str  # the room's name as the players see it
    budgets: Budgets
    takers: tuple[tuple[str, int, str], ...]  # (category, seat, personality) in CATEGORIES order
    traps: tuple[PlacedTrap, ...]
    monsters: tuple[PlacedMonster, ...]
    treasure: tuple[PlacedTreasure, ...]
    downward_stair: Spot | None = None
    rolloff: RollOff | None = None
    from_design: tuple[tuple[str, str], ...] = ()  # (category, design name) for a category drawn from a design

    def design_of(self, category: str) -> str | None:
        """The name of the saved design `category` was drawn from, or None (built here)."""
        return dict(self.from_design).get(category)

    def taker(self, category: str) -> tuple[int, str]:
        for cat, seat, personality in self.takers:
            if cat == category:
                return seat, personality
        raise KeyError(category)

    def purchases(self) -> RoomPurchases:
        """The bare purchases, for the rules (costs, validation)."""
        return RoomPurchases(
            traps=tuple(p.trap for p in self.traps),
            monsters=tuple(p.monster for p in self.monsters),
            treasure=tuple(p.item for p in self.treasure),
            downward_stair=self.downward_stair is not None,
        )
