"""esper components: small data-only classes (STYLE.md). Behaviour lives in processors and the
engine; nothing here knows about the screen."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.purchases import Monster, Trap, Treasure


@dataclass(slots=True)
class Position:
    x: int
    y: int
    floor: int


@dataclass(slots=True)
class Glyph:
    char: str
    colour: tuple[int, int, int]
    layer: int = 1  # 0 floor things, 1 items, 2 creatures


@dataclass(slots=True)
class Named:
    name: str
    description: str = ""


@dataclass(slots=True)
class HeroState:
    """A Fungeoneer: its seat, its making, and what changes during the run."""

    seat: int
    race: str
    klass: str
    traits: tuple[str, ...]
    level: int
    hits: int
    xp: int = 0
    story_points: int = 0
    bonus_dice: int = 0  # banked successes (Law of Successes) for a related roll
    spend_story_point: bool = False  # +2 dice on the next roll
    cause_of_death: str = ""
    kills: int = 0
    workshop: int = 0  # points traded in at the town workshop, not yet spent
    growth_due: int = 0  # a human hero's trait choices owed (a level gained, a quest fulfilled)


@dataclass(slots=True)
class MonsterState:
    spec: Monster
    cost: int
    hits: int
    seat: int  # the designing seat whose piece it is
    cell: tuple[int, int]
    aware: bool = False
    fleeing: bool = False
    wary: bool = False
    wandering: bool = False
    last_ability: int = -99  # the turn it last used a special ability
    peaceful: bool = False  # a wary monster whose reaction roll came out friendly or uninterested
    surprised: bool = False  # caught unawares: rolls no dice in its first combat turn
    rallied: bool = False  # its morale rallied: no more checks this fight
    extra_attack: bool = False  # a rally's extra attack, in the next combat turn
    told: bool = False  # the log has told the party it is there (engine/sightings.py); plays no part

    @property
    def hostile(self) -> bool:
        """Still fighting for its room (and guarding its treasure): not fled, not at peace."""
        return not self.fleeing and not self.peaceful


@dataclass(slots=True)
class TrapState:
    spec: Trap
    cost: int
    seat: int
    cell: tuple[int, int]
    action: str  # what springs it: "walk", "open", "search", "use"
    host: str
    found_by: set[int] = field(default_factory=set)  # hero entity ids that know of it
    passed_by: set[int] = field(default_factory=set)  # heroes who got past it (its XP once each)
    facts: set[str] = field(default_factory=set)
    sprung: bool = False
    disarmed: bool = False

    @property
    def live(self) -> bool:
        return not self.disarmed and (self.spec.unlimited or not self.sprung)


@dataclass(slots=True)
class TreasureState:
    spec: Treasure
    cost: int
    seat: int
    cell: tuple[int, int] | None
    host: str = "floor"
    guarded_by: tuple[int, ...] = ()  # trap entities that must be passed first
    hidden: bool = False  # inside furniture, until the furniture is searched
    objective: bool = False  # a quest's objective item (worth nothing in town)
    from_below: bool = False  # taken from a room and not yet carried out: a collect quest counts it in town


@dataclass(slots=True)
class Carried:
    """An item in a hero's pack (it has no Position while carried)."""

    hero: int


@dataclass(slots=True)
class DoorState:
    kind: str  # open locked lever jammed trapped trapped_locked
    tier: int
    cell: tuple[int, int]
    side: str
    is_open: bool = False
    locked: bool = False
    jammed: bool = False
    failed: int = 0  # attempts that did not open it (the AI gives up on a door after a few)
    keys_tried: bool = False  # the book's [*]: its key roll failed once, only the lock is left
    status: str = ""  # what the door is now, when tries have changed it ("" = still its `kind`)

    @property
    def now(self) -> str:
        return self.status or self.kind


@dataclass(slots=True)
class Effect:
    """A continuous effect on a hero (Fungeon Continuous Hold / Continuous Damage)."""

    source: str  # name of what did it
    source_entity: int
    type: str
    annoy: int
    pain: int
    universal: bool
    hold: bool
    from_trap: bool  # rolled only in the Hallway (Fungeon: a trap's Continuous Damage)
    source_kind: str = "abilities"  # where its hits are counted (RunStats.damage)
    holder: str = ""  # the monster's name without its title ("Hagra"), where a monster did it


@dataclass(slots=True)
class Effects:
    active: list[Effect] = field(default_factory=list)

    @property
    def held(self) -> bool:
        return any(e.hold for e in self.active)
