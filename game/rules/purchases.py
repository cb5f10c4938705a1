"""What the designing seats buy: traps, monsters with special abilities, and treasure (Fungeon,
"Traps", "Monsters", "Treasure"). Plain frozen values; their costs live in `costs.py`."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Trap:
    """A trap: Annoy dice (in pairs, at least one pair), Pain dice, one damage Type."""

    type: str
    annoy: int = 2
    pain: int = 0
    guards_treasure: bool = False
    unlimited: bool = False
    universal: bool = False
    continuous: bool = False
    name: str = ""

    def named(self, name: str) -> Trap:
        """This trap called `name`: `dataclasses.replace`'s answer without its walk over the
        fields, which every room paid for each purchase it names."""
        return Trap(self.type, self.annoy, self.pain, self.guards_treasure, self.unlimited, self.universal,
                    self.continuous, name)

    def of_type(self, kind: str) -> Trap:
        """This trap dealing damage of Type `kind` (see `named`)."""
        return Trap(kind, self.annoy, self.pain, self.guards_treasure, self.unlimited, self.universal,
                    self.continuous, self.name)


@dataclass(frozen=True, slots=True)
class Ability:
    """A monster's special ability: a Type, Annoy dice in pairs, optional Pain dice, and one
    Resist die per entry of `resist` (each naming the Type it resists)."""

    type: str
    annoy: int = 2
    pain: int = 0
    resist: tuple[str, ...] = ()
    hold: bool = False
    continuous: bool = False
    universal: bool = False
    name: str = ""

    def named(self, name: str) -> Ability:
        """This ability called `name` (see `Trap.named`)."""
        return Ability(self.type, self.annoy, self.pain, self.resist, self.hold, self.continuous, self.universal, name)


@dataclass(frozen=True, slots=True)
class Monster:
    """A monster: a Level (one point each), its attack Type, and its special abilities.
    Hits = 3 x Level. Its ordinary attacks are universal, with Level Pain dice each."""

    level: int
    type: str = "claws"
    abilities: tuple[Ability, ...] = ()
    name: str = ""


@dataclass(frozen=True, slots=True)
class Treasure:
    """An item: Mundane (1) or Fancy (2), Increased Value points, and on Fancy items only the
    magic: Heal points (single use), Annoy dice in pairs, Pain dice, Universal Type."""

    fancy: bool = False
    value: int = 0
    heal: int = 0
    annoy: int = 0
    pain: int = 0
    universal: bool = False
    type: str = ""
    name: str = ""

    def named(self, name: str) -> Treasure:
        """This item called `name` (see `Trap.named`)."""
        return Treasure(self.fancy, self.value, self.heal, self.annoy, self.pain, self.universal, self.type, name)


@dataclass(frozen=True, slots=True)
class Budgets:
    """The three point budgets of one room (Fungeon: Party Max/Total/Min + Floor)."""

    traps: int
    monsters: int
    treasure: int


@dataclass(frozen=True, slots=True)
class Violation:
    """A broken rule: a short stable code for tests and the rule's reason for players."""

    rule: str
    reason: str


@dataclass(frozen=True, slots=True)
class RoomPurchases:
    """Everything bought for one room, by category."""

    traps: tuple[Trap, ...] = ()
    monsters: tuple[Monster, ...] = ()
    treasure: tuple[Treasure, ...] = ()
    downward_stair: bool = False
    notes: tuple[str, ...] = field(default=())
