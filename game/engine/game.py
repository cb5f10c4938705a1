"""One game as data: the table, the party, the floors and the ECS world. Nothing here changes a
game: `engine.start.new_game` makes one and `engine.dispatch.apply_action` is the only way it
changes (DESIGN.md §5)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from game.core.content import traits
from game.core.dials import Dials
from game.core.rng import Streams
from game.core.seats import HeroChoice, Seat, random_hero
from game.engine.log import LogLine, RollRecord
from game.rules.heroes import HeroSheet, hero_sheet, max_hits
from game.rules.party import party_max, party_min, party_total
from game.rules.purchases import Treasure
from game.world.components import (
    Carried,
    Effects,
    Glyph,
    HeroState,
    MonsterState,
    Named,
    Position,
    TrapState,
    TreasureState,
)
from game.world.ecs import World

GAME_VERSION = "0.1.0"
RULES_VERSION = 10  # bump when a change to the rules would change how a recording plays
START_OIL = 900  # turns of lantern oil the party sets out with (RTTD time track)
START_TORCHES = 4  # torches per hero, TORCH_TURNS each once the oil is gone
TORCH_TURNS = 150
START_RATIONS = 4  # food rations per hero (RTTD time track: a meal when the track fills)
MEAL_TURNS = 300  # rounds between meals


@dataclass
class RunStats:
    rooms_entered: int = 0
    rooms_cleared: int = 0
    deepest_floor: int = 0
    fights_won: int = 0
    monsters_killed: int = 0
    traps_found: int = 0
    traps_sprung: int = 0
    deaths: int = 0
    xp_gained: int = 0
    treasure_found: int = 0
    banked: int = 0
    rooms: list[str] = field(default_factory=list)  # one line per room, for the morgue file


class Game:
    """Everything about one run. Made by `engine.start.new_game`, changed only by
    `engine.dispatch.apply_action` (the UI and the autoplayer both ask `next_seat()` whose hero
    must act)."""

    def __init__(self, seed: int, seats: tuple[Seat, ...], level: int, dials: Dials) -> None:
        self.seed = seed
        self.seats = seats
        self.start_level = level
        self.dials = dials
        self.streams = Streams(seed)
        self.world = World("masterless")
        self.turn = 0
        self.log: list[LogLine] = []
        self.rolls: list[RollRecord] = []
        self.hero_of: dict[int, int] = {}  # seat -> current hero entity
        self.queue: list[int] = []  # seats still to act this round
        self.phase = "dungeon"  # dungeon | town | over
        self.outcome = ""  # "", wiped, retired, quest
        self.returning = False  # heading back to town
        self.floors: dict[int, Any] = {}
        self.floor_no = 1
        self.last_party_min = 0
        self.category_order: tuple[int, ...] = tuple(s.index for s in seats)
        self.oil = START_OIL
        self.rations = 0  # the party's food (set for the party at the start)
        self.torches = 0
        self.torch_left = 0
        self.pending_narration: int = -1
        self.stats = RunStats()
        self.quest: Any = None
        self.lingering = 0
        self.focus: dict[int, int] = {}  # hero entity -> monster entity it pressed the attack on
        self.entrance_floor = 1
        self.keys = 0  # RTTD: keys and levers are counted per dungeon
        self.levers = 0
        self.retraced: set[tuple[int, tuple[int, int]]] = set()  # (floor, cell) checked on the way back
        self.used_features: set[tuple[object, ...]] = set()  # (floor, cell, feature) already worked
        self.seen_names: set[str] = set()
        self.last_design: Any = None
        self.room_titles: dict[tuple[int, tuple[int, int]], str] = {}  # (floor, cell) -> the room's name
        self.kills_by_name: dict[str, int] = {}
        self.collected = 0
        self.collected_fancy = 0
        self.wandering_count = 0
        self.purse = 0  # trade value in hand in town
        self.quest_paid = False
        self.caches: dict[str, Any] = {}  # derived data kept for speed (distance maps); never hashed
        self.searched: set[tuple[int, tuple[int, int] | None]] = set()  # (floor, cell) searched by a hero
        self.opened: set[tuple[int, int, int]] = set()  # (floor, x, y) furniture a hero has gone through
        self.dead_end_searches: dict[int, int] = {}  # floor -> searches made with no way on
        self.visible: Any = None  # tiles the party sees now ([y, x] bool)
        self._sheets: dict[tuple[int, int], HeroSheet] = {}
        self.fov_cache: dict[tuple[int, ...], Any] = {}  # sight.fov's cache (derived, never hashed)
        self.pending: Any = None  # a Hallway waiting for human designers (rooms.PendingRoom)
        self.designs: tuple[Any, ...] = ()  # the table's saved designs (`--designs`), which AI seats may draw

    # ----- making heroes -------------------------------------------------------------------
    def make_hero(self, seat: int, level: int, choice: HeroChoice | None = None) -> int:
        """A new hero entity for `seat` (ready-made from the seed unless `choice` is given)."""
        choice = choice or random_hero(self.streams.get("heroes", seat, self.stats.deaths))
        state = HeroState(seat=seat, race=choice.race, klass=choice.klass,
                          traits=(choice.race_trait, *choice.class_traits), level=level,
                          hits=max_hits(level))
        colour = self.seats[seat].colour
        eid = self.world.create(state, Named(choice.name), Glyph("@", colour, 2), Effects())
        self.hero_of[seat] = eid
        return eid

    # ----- queries -------------------------------------------------------------------------
    def heroes(self, living: bool = True) -> list[tuple[int, HeroState]]:
        """Current heroes in seat order (the dead ones too when `living` is False)."""
        out = []
        for seat in sorted(self.hero_of):
            eid = self.hero_of[seat]
            hero = self.world.comp(eid, HeroState)
            if hero.hits > 0 or not living:
                out.append((eid, hero))
        return out

    def levels(self) -> list[int]:
        return [h.level for _, h in self.heroes()]

    def party_numbers(self) -> tuple[int, int, int]:
        levels = self.levels() or [self.start_level]
        return party_min(levels), party_max(levels), party_total(levels)

    def sheet(self, eid: int) -> HeroSheet:
        """The hero's rules sheet (cached per entity and Level: only a level-up changes it)."""
        hero = self.world.comp(eid, HeroState)
        key = (eid, hero.level)
        sheet = self._sheets.get(key)
        if sheet is None:
            sheet = self._sheets[key] = hero_sheet(traits(), self.name(eid), hero.level, hero.race, hero.traits[0],
                                                       hero.klass, (hero.traits[1], hero.traits[2]))
        return sheet

    def name(self, eid: int) -> str:
        named = self.world.try_comp(eid, Named)
        return named.name if named else f"#{eid}"

    def pack(self, hero_eid: int) -> list[tuple[int, TreasureState]]:
        return [(e, t) for e, (t, c) in self.world.get2(TreasureState, Carried) if c.hero == hero_eid]

    def items(self, hero_eid: int) -> list[Treasure]:
        return [t.spec for _, t in self.pack(hero_eid)]

    def position(self, eid: int) -> Position | None:
        return self.world.try_comp(eid, Position)

    def monsters(self) -> list[tuple[int, MonsterState]]:
        return [(e, m) for e, m in self.world.get(MonsterState) if m.hits > 0]

    def traps(self) -> list[tuple[int, TrapState]]:
        return self.world.get(TrapState)

    @property
    def floor(self) -> Any:
        return self.floors[self.floor_no]

    def entity_at(self, x: int, y: int, kind: type) -> int | None:
        for eid, (comp, pos) in self.world.get2(kind, Position):
            if pos.x == x and pos.y == y and pos.floor == self.floor_no:
                if isinstance(comp, (HeroState, MonsterState)) and comp.hits <= 0:
                    continue
                return eid
        return None

    def creature_at(self, x: int, y: int) -> int | None:
        return self.entity_at(x, y, HeroState) or self.entity_at(x, y, MonsterState)

    def next_seat(self) -> int | None:
        """The seat whose hero must act now, or None when the game is over."""
        if self.phase == "over":
            return None
        if self.pending is not None and self.pending.waiting:
            return self.pending.waiting[1]
        if self.phase == "town":
            return self.heroes()[0][1].seat if self.heroes() else None
        return self.queue[0] if self.queue else None

    # ----- recording what happens ------------------------------------------------------------
    def say(self, text: str, kind: str = "info", narrator: int = -1) -> None:
        self.log.append(LogLine(self.turn, text, narrator, kind))

    def record_roll(self, record: RollRecord) -> None:
        self.rolls.append(record)
        if len(self.rolls) > 200:
            del self.rolls[:100]

    def state_hash(self) -> str:
        """A digest of everything that decides what happens next (recordings compare it)."""
        h = hashlib.blake2b(digest_size=16)
        h.update(repr((self.turn, self.floor_no, self.phase, self.outcome, self.returning, self.oil, self.rations,
                       self.torches, self.torch_left, tuple(self.queue))).encode())
        h.update(self.streams.checksum().to_bytes(8, "little"))
        for eid, hero in self.heroes(living=False):
            pos = self.position(eid)
            h.update(repr((eid, hero.level, hero.hits, hero.xp, pos and (pos.x, pos.y, pos.floor))).encode())
        for eid, mon in self.world.get(MonsterState):
            pos = self.position(eid)
            h.update(repr((eid, mon.hits, mon.fleeing, pos and (pos.x, pos.y, pos.floor))).encode())
        for eid, trap in self.world.get(TrapState):
            h.update(repr((eid, trap.sprung, trap.disarmed, sorted(trap.found_by))).encode())
        for eid, item in self.world.get(TreasureState):
            carried = self.world.try_comp(eid, Carried)
            h.update(repr((eid, item.cost, carried and carried.hero)).encode())
        return h.hexdigest()

    def close(self) -> None:
        self.world.close()
