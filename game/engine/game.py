"""One game as data: the table, the party, the floors and the ECS world. Nothing here changes a
game: `engine.start.new_game` makes one and `engine.dispatch.apply_action` is the only way it
changes (DESIGN.md §5)."""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from game.core.content import load, require, traits
from game.core.dials import Dials
from game.core.rng import Streams
from game.core.seats import HeroChoice, Seat, random_hero
from game.engine.log import LogLine, RollRecord
from game.mapgen.floor import Floor
from game.mapgen.tables import Quest
from game.rules.heroes import HeroSheet, hero_sheet, max_hits
from game.rules.party import party_max, party_min, party_total, xp_to_be
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

if TYPE_CHECKING:
    from game.designers.records import RoomDesign

GAME_VERSION = "0.1.0"
RULES_VERSION = 24  # bump when a change to the rules would change how a recording plays


T = TypeVar("T")

@dataclass(frozen=True, slots=True)
class TimeTrackRules:
    """The numbers of the time track (data/time_track.toml)."""

    start_oil: int
    start_torches: int
    torch_rounds: int
    start_rations: int
    meal_rounds: int
    linger_rounds: int
    start_picks: int
    tick_rounds: int


def _time_track_rules() -> TimeTrackRules:
    raw = load("time_track")
    return TimeTrackRules(**{f: require(raw, f, int, "time_track.toml") for f in TimeTrackRules.__slots__})


TIME_TRACK = _time_track_rules()


HARM_SOURCES = ("traps", "monsters", "abilities", "doors", "terrain", "hunger", "features")


@dataclass
class RunStats:
    """What the run achieved: the score, the morgue file and the quests read these."""

    rooms_entered: int = 0
    rooms_cleared: int = 0  # rooms whose monsters all died, each counted once (cleared_rooms)
    deepest_floor: int = 0
    fights_won: int = 0
    monsters_killed: int = 0
    traps_found: int = 0
    traps_sprung: int = 0
    deaths: int = 0
    xp_gained: int = 0
    treasure_found: int = 0
    banked: int = 0
    collected: int = 0  # items taken below and carried out to town (a collect quest counts them)
    collected_fancy: int = 0
    collected_heal: int = 0  # healing items carried out (the apothecary's quest)
    objectives: int = 0  # objective items carried out to town (table RI's objective rooms)
    caught_by_name: dict[str, int] = field(default_factory=dict)  # creatures caught for a quest
    rooms_by_interaction: dict[str, int] = field(default_factory=dict)  # rooms entered by table RI
    quest_paid: bool = False
    quest_penalty: int = 0  # what giving up the quest cost when the run ended in town
    damage: dict[str, int] = field(default_factory=dict)  # hits lost by heroes, by source (HARM_SOURCES)
    deaths_by: dict[str, int] = field(default_factory=dict)  # heroes' deaths, by source
    town_visits: int = 0
    town_sold: int = 0  # items traded in at the workshop
    town_designed: int = 0  # items designed there
    town_healed: int = 0  # hits healed by healing treasure in town
    kills_by_name: dict[str, int] = field(default_factory=dict)
    rooms: list[str] = field(default_factory=list)  # one line per room, for the morgue file
    cleared_rooms: list[tuple[int, int, int]] = field(default_factory=list)  # (floor, x, y) of each room cleared


@dataclass
class Party:
    """The table's heroes and whose turn it is."""

    hero_of: dict[int, int] = field(default_factory=dict)  # seat -> current hero entity
    queue: list[int] = field(default_factory=list)  # seats still to act this round
    category_order: tuple[int, ...] = ()  # the seats in the latest roll-off's order (narrator ties)
    focus: dict[int, int] = field(default_factory=dict)  # hero entity -> monster it pressed the attack on
    pressed: list[tuple[int, int, int]] = field(default_factory=list)  # (turn, hero, monster) blows, for the log
    returning: bool = False  # heading back to town
    purse: int = 0  # trade value in hand in town


@dataclass
class TimeTrack:
    """Light and food (Roll Through the Dungeon's time track)."""

    oil: int = TIME_TRACK.start_oil  # rounds of lantern oil left
    rations: int = 0  # the party's food
    torches: int = 0  # unlit torches
    torch_left: int = 0  # rounds the lit torch still burns
    lingering: int = 0  # rounds with no fight (wandering checks)
    picks: int = 0  # lock picks (a failed Locks test breaks one)


@dataclass
class Dungeon:
    """The floors and what the party has done in them (keys and levers count for the dungeon)."""

    floors: dict[int, Floor] = field(default_factory=dict)
    floor_no: int = 1
    entrance_floor: int = 1
    last_party_min: int = 0  # Party Min at the last Hallway (a Downward Stair when it rises)
    keys: int = 0
    levers: int = 0
    room_titles: dict[tuple[int, tuple[int, int]], str] = field(default_factory=dict)  # (floor, cell) -> name
    seen_names: set[str] = field(default_factory=set)  # names given so far (the designers avoid repeats)
    wandering_count: int = 0
    retraced: set[tuple[int, tuple[int, int]]] = field(default_factory=set)  # (floor, cell) checked heading back
    used_features: set[tuple[object, ...]] = field(default_factory=set)  # (floor, cell, feature) worked
    searched: set[tuple[int, tuple[int, int] | None]] = field(default_factory=set)  # (floor, cell) searched
    opened: set[tuple[int, int, int]] = field(default_factory=set)  # (floor, x, y) furniture gone through
    dead_end_searches: dict[int, int] = field(default_factory=dict)  # floor -> searches with no way on
    quest_carry: str = ""  # a quest target a room's budget could not buy: it waits for the next room


@dataclass
class PendingRoom:
    """A Hallway waiting for human designers (design = ask): their category picks, in roll-off
    order, and their purchases. Everything before (new heroes, level-ups, continuous damage) is
    done once; the roll-off is re-run from the same fresh stream with the picks made so far."""

    leader: int
    cell: tuple[int, int]
    side: str
    target: tuple[int, int]
    min_rose: bool
    picks: list[tuple[int, str]] = field(default_factory=list)
    manual: dict[str, tuple] = field(default_factory=dict)
    waiting: tuple = ()  # ("trait", seat), ("category", seat, left) or ("build", seat, category, budget, plan)
    quest_target: str | None = None  # the quest's creature due in this room ("" none), once the room is shaped


@dataclass
class HallwayState:
    """The Hallway in waiting (human designers still to choose) and the latest one designed."""

    pending: PendingRoom | None = None
    last_design: RoomDesign | None = None


@dataclass
class Derived:
    """Data kept for speed, worked out again from the rest whenever it is missing: never hashed,
    never recorded, and a copy of a game starts with it empty."""

    caches: dict[str, Any] = field(default_factory=dict)  # distance maps and the like
    visible: np.ndarray | None = None  # tiles the party sees now ([y, x] bool)
    sheets: dict[tuple[int, int, tuple[str, ...]], HeroSheet] = field(default_factory=dict)  # (entity, Level) -> sheet
    fov_cache: dict[tuple[int, ...], Any] = field(default_factory=dict)  # fields of view by spot and light
    last_sheet: dict[int, tuple[HeroState, int, tuple[str, ...], HeroSheet]] = field(default_factory=dict)  # per entity
    memo: dict[Any, Any] | None = None  # answers kept while an agent decides (see `Game.deciding`)
    on_floor: dict[type, tuple[int, int, list[Any], list[Any]]] = field(default_factory=dict)  # Game.on_floor, by kind

    def kept(self, name: str, key: Hashable, make: Callable[[], T], limit: int = 8) -> T:
        """`make()`, kept in the cache `name` under `key` (emptied once it holds more than `limit`
        answers): for an answer that depends on nothing but what `key` names. Its askers only read it."""
        cache = self.caches.setdefault(name, {})
        if key in cache:
            return cache[key]
        if len(cache) > limit:
            cache.clear()
        made = cache[key] = make()
        return made


class Deciding:
    """`Game.deciding`'s context: a memo for the agent's questions while it chooses (a plain
    class: entered before every AI action, where contextlib's generator costs about 1 µs)."""

    __slots__ = ("derived",)

    def __init__(self, derived: Derived) -> None:
        self.derived = derived

    def __enter__(self) -> None:
        self.derived.memo = {}

    def __exit__(self, *exc: object) -> None:
        self.derived.memo = None


@dataclass(frozen=True, slots=True)
class Awaiting:
    """What the game waits for next, for whoever drives it (a screen, an agent): "over" (nothing),
    "town" (a town action), "category" or "build" (a human designer's pick or build for the
    waiting Hallway, by `seat`), "trait" (the human hero of `seat` is owed a trait choice, a
    `ChooseTrait`), or "hero" (the hero of `seat` acts)."""

    kind: str
    seat: int | None = None


@functools.cache
def hero_turn(seat: int | None) -> Awaiting:
    """The hero of `seat` acts: made once per seat (a frozen value; asked before every action,
    where making one costs about as much as the rest of the question)."""
    return Awaiting("hero", seat)


def flawed_race_traits(choice: HeroChoice) -> tuple[str, ...]:
    """Budget Dungeons: a race with a negative trait (Troglodyte, Infernal) gives its members two
    race traits and the flaw. Decision: the second race trait is the one listed after the chosen
    one (a hero's making names only one), so hand-made and ready-made heroes alike carry both."""
    table = traits()
    flaw = table.flaws.get(choice.race)
    if flaw is None:
        return ()
    listed = table.races[choice.race]
    second = listed[(listed.index(choice.race_trait) + 1) % len(listed)] if choice.race_trait in listed else listed[0]
    return (second, flaw)


class Game:
    """Everything about one run, as plain records. Made by `engine.start.new_game`, changed only
    by `engine.dispatch.apply_action` (the UI and the autoplayer both ask `next_seat()` whose
    hero must act). The methods only read it."""

    def __init__(self, seed: int, seats: tuple[Seat, ...], level: int, dials: Dials) -> None:
        self.seed = seed
        self.seats = seats
        self.start_level = level
        self.dials = dials
        self.designs: tuple[Any, ...] = ()  # the table's saved designs (`--designs`), which AI seats may draw
        self.streams = Streams(seed)
        self.world = World("masterless")
        self.turn = 0
        self.phase = "dungeon"  # dungeon | town | over
        self.outcome = ""  # "", wiped, retired, quest
        self.log: list[LogLine] = []
        self.rolls: list[RollRecord] = []
        self.party = Party(category_order=tuple(s.index for s in seats))
        self.time = TimeTrack()
        self.dungeon = Dungeon()
        self.stats = RunStats()
        self.quest: Quest | None = None
        self.hallway = HallwayState()
        self.derived = Derived()

    # ----- making heroes -------------------------------------------------------------------
    def make_hero(self, seat: int, level: int, choice: HeroChoice | None = None) -> int:
        """A new hero entity for `seat` (ready-made from the seed unless `choice` is given).
        Decision: a hero made at Level L holds the XP to be L (a replacement hero at Level 3
        gains its next level 20 XP later, as a hero who reached 3 would, not 40)."""
        choice = choice or random_hero(self.streams.get("heroes", seat, self.stats.deaths))
        state = HeroState(seat=seat, race=choice.race, klass=choice.klass,
                          traits=(choice.race_trait, *choice.class_traits, *flawed_race_traits(choice)), level=level,
                          hits=max_hits(level), xp=xp_to_be(level))
        colour = self.seats[seat].colour
        eid = self.world.create(state, Named(choice.name), Glyph("@", colour, 2), Effects())
        self.party.hero_of[seat] = eid
        return eid

    # ----- queries -------------------------------------------------------------------------
    def deciding(self) -> Deciding:
        """While an agent chooses an action the game cannot change, so the routes' questions
        (stuck doors, known plates, who stands where) are answered once, not once per ask."""
        return Deciding(self.derived)

    def heroes(self, living: bool = True) -> list[tuple[int, HeroState]]:
        """Current heroes in seat order (the dead ones too when `living` is False). The seat ->
        entity list is kept until a seat gets a new hero (hits change in place, so they are read)."""
        seated = self.party.hero_of
        cached = self.derived.caches.get("heroes")
        if cached is None or cached[0] != seated:
            comp = self.world.comp
            everyone = [(eid, comp(eid, HeroState)) for _, eid in sorted(seated.items())]
            cached = self.derived.caches["heroes"] = (dict(seated), everyone)
        if living:  # a plain loop: asked some twenty times a round, where a comprehension's call costs
            alive = []
            for pair in cached[1]:
                if pair[1].hits > 0:
                    alive.append(pair)
            return alive
        return list(cached[1])

    def levels(self) -> list[int]:
        return [h.level for _, h in self.heroes()]

    def party_numbers(self) -> tuple[int, int, int]:
        levels = self.levels() or [self.start_level]
        return party_min(levels), party_max(levels), party_total(levels)

    def sheet(self, eid: int) -> HeroSheet:
        """The hero's rules sheet (cached per entity, Level and traits: only growing changes it)."""
        hero = self.world.comp(eid, HeroState)
        last = self.derived.last_sheet.get(eid)
        if last is not None and last[0] is hero and last[1] == hero.level and last[2] == hero.traits:
            return last[3]  # asked again and again for the same hero: no key to build
        key = (eid, hero.level, hero.traits)
        sheet = self.derived.sheets.get(key)
        if sheet is None:
            sheet = self.derived.sheets[key] = hero_sheet(traits(), self.name(eid), hero.level, hero.race,
                                                          hero.traits[0], hero.klass, (hero.traits[1], hero.traits[2]),
                                                          hero.traits[3:])
        self.derived.last_sheet[eid] = (hero, hero.level, hero.traits, sheet)
        return sheet

    def name(self, eid: int) -> str:
        named = self.world.try_comp(eid, Named)
        return named.name if named else f"#{eid}"

    def pack(self, hero_eid: int) -> list[tuple[int, TreasureState]]:
        """The hero's carried treasure, by entity id (a fresh list: the caller may change it)."""
        return list(self._packs()[0].get(hero_eid, ()))

    def items(self, hero_eid: int) -> list[Treasure]:
        """The specs of the hero's carried treasure, in `pack` order (a fresh list)."""
        packs, specs = self._packs()
        kept = specs.get(hero_eid)
        if kept is None:
            kept = specs[hero_eid] = [t.spec for _, t in packs.get(hero_eid, ())]
        return list(kept)

    def _packs(self) -> tuple[dict[int, list[tuple[int, TreasureState]]], dict[int, list[Treasure]]]:
        """Every hero's pack, and the specs in it as `items` asks for them, made in one pass over the
        carried treasure and kept while the world's list of it is the same (what is carried changes
        only by a write to it, and a spec is never replaced in place): every roll's pools ask."""
        carried = self.world.get2(TreasureState, Carried)  # the same list until what is carried changes
        kept = self.derived.caches.get("packs")
        if kept is None or kept[0] is not carried:
            packs: dict[int, list[tuple[int, TreasureState]]] = {}
            for e, (t, c) in carried:
                packs.setdefault(c.hero, []).append((e, t))
            kept = self.derived.caches["packs"] = (carried, packs, {})
        return kept[1], kept[2]

    def position(self, eid: int) -> Position | None:
        return self.world.try_comp(eid, Position)

    def monsters(self) -> list[tuple[int, MonsterState]]:
        return [(e, m) for e, m in self.world.get(MonsterState) if m.hits > 0]

    def monsters_of_room(self, cell: tuple[int, int]) -> list[tuple[int, MonsterState]]:
        """The living monsters of the room at `cell` on this floor: a cell names a room on one
        floor only (every floor's grid has a room at the same cell)."""
        return [(e, m) for e, (m, _) in self.on_floor(MonsterState) if m.hits > 0 and m.cell == cell]

    def on_floor(self, kind: type) -> list[tuple[int, tuple[Any, Position]]]:
        """The entities with `kind` and a Position on the current floor, by entity id. Only for
        things that never change floor in place (doors, traps, treasure, monsters): the list is kept
        (the same object) until a `kind` or a Position is added or removed or the party changes floor."""
        world = self.world
        floor_no = self.dungeon.floor_no
        cached = self.derived.on_floor.get(kind)
        if cached is not None and cached[0] == world.version and cached[1] == floor_no:
            return cached[2]
        placed = world.get2(kind, Position)  # the same list until a write touches `kind` or Position
        if cached is None or cached[3] is not placed or cached[1] != floor_no:
            here = [pair for pair in placed if pair[1][1].floor == floor_no]
        else:
            here = cached[2]
        self.derived.on_floor[kind] = (world.version, floor_no, here, placed)
        return here

    def traps(self) -> list[tuple[int, TrapState]]:
        return self.world.get(TrapState)

    @property
    def floor(self) -> Any:
        return self.dungeon.floors[self.dungeon.floor_no]

    def entity_at(self, x: int, y: int, kind: type) -> int | None:
        """The first entity with `kind` on tile (x, y) of this floor, by entity order (a hero or
        a monster only while it lives). Only heroes change floor in place: anything else is
        looked for in the floor's kept list (`on_floor`)."""
        living = kind is HeroState or kind is MonsterState
        if kind is HeroState:
            floor_no = self.dungeon.floor_no
            for eid, (comp, pos) in self.world.get2(kind, Position):
                if pos.x == x and pos.y == y and pos.floor == floor_no and comp.hits > 0:
                    return eid
            return None
        for eid, (comp, pos) in self.on_floor(kind):
            if pos.x == x and pos.y == y and not (living and comp.hits <= 0):
                return eid
        return None

    def creature_at(self, x: int, y: int) -> int | None:
        memo = self.derived.memo
        if memo is None:
            return self.entity_at(x, y, HeroState) or self.entity_at(x, y, MonsterState)
        standing = memo.get("standing")
        if standing is None:  # while an agent decides: who stands where, looked up once
            standing = memo["standing"] = self._standing()
        return standing.get((x, y))

    def _standing(self) -> dict[tuple[int, int], int]:
        """Living creatures on this floor by tile: on a shared tile the first hero, else the
        first monster, by entity order (as `creature_at` finds them). Written last-wins from
        the back, monsters before heroes, so the first of each and a hero over a monster stay."""
        out: dict[tuple[int, int], int] = {}
        for eid, (comp, pos) in reversed(self.on_floor(MonsterState)):
            if comp.hits > 0:
                out[(pos.x, pos.y)] = eid
        floor_no = self.dungeon.floor_no
        for eid, (comp, pos) in reversed(self.world.get2(HeroState, Position)):
            if pos.floor == floor_no and comp.hits > 0:
                out[(pos.x, pos.y)] = eid
        return out

    def awaiting(self) -> Awaiting:
        """What the game waits for now (see `Awaiting`)."""
        if self.phase == "over":
            return Awaiting("over")
        pending = self.hallway.pending
        if pending is not None and pending.waiting:
            return Awaiting(pending.waiting[0], pending.waiting[1])
        for _, hero in self.heroes():  # a plain loop: asked before every action
            if hero.growth_due > 0:
                return Awaiting("trait", hero.seat)
        if self.phase == "town":
            return Awaiting("town", self.next_seat())
        return hero_turn(self.next_seat())

    def next_seat(self) -> int | None:
        """The seat whose hero must act now, or None when the game is over."""
        if self.phase == "over":
            return None
        if self.hallway.pending is not None and self.hallway.pending.waiting:
            return self.hallway.pending.waiting[1]
        if self.phase == "town":
            return self.heroes()[0][1].seat if self.heroes() else None
        return self.party.queue[0] if self.party.queue else None

    # ----- recording what happens ------------------------------------------------------------
    def say(self, text: str, kind: str = "info", narrator: int = -1, turn: int | None = None) -> None:
        self.log.append(LogLine(self.turn if turn is None else turn, text, narrator, kind))

    def record_roll(self, record: RollRecord) -> None:
        self.rolls.append(record)
        if len(self.rolls) > 200:
            del self.rolls[:100]

    def state_hash(self) -> str:
        """A digest of everything that decides what happens next (recordings compare it)."""
        h = hashlib.blake2b(digest_size=16)
        time = self.time
        h.update(repr((self.turn, self.dungeon.floor_no, self.phase, self.outcome, self.party.returning, time.oil,
                       time.rations, time.torches, time.torch_left, time.picks, tuple(self.party.queue))).encode())
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
