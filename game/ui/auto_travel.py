"""Travel as modern roguelikes do it: autoexplore, travel to the stair down, travel back to the
stair up. One step per frame, each an ordinary action through the session (so it is recorded
like a keypress); the walk stops at once when something new is seen: a monster comes into
view, treasure lies in the open, a feature (stairs, furniture) appears, a trap is found, the
log reports danger or loot, the hero is hurt, a new room is entered. In hot-seat the other
players' heroes follow on their turns, so the party moves together. Any key stops it too (the
map screen sees to that).

Autoexplore walks over known tiles to the nearest place with something left to see
(`explore_goals`); standing on an opening into an unmapped cell, it steps through (into the
cell, the opposite way from the side the cell is entered by), which unfolds the next room.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from game.engine import actions as A
from game.engine.routes import explore_goals, step_towards, tiles_of
from game.mapgen.tiles import Tile
from game.ui.describe import FEATURE_TILES, tile_words
from game.world.components import HeroState, Position, TrapState, TreasureState

if TYPE_CHECKING:
    from game.engine.game import Game
    from game.ui.session import Session

ENTRY_STEP = {"s": (0, -1), "n": (0, 1), "w": (1, 0), "e": (-1, 0)}  # entered by side -> step
MAX_STEPS = 400  # one command never walks further than this
MAX_WAITS = 3  # turns waited for a friend in the way before giving up
STOP_KINDS = frozenset({"danger", "loot", "trap"})
_FEATURE_CODES = np.array(sorted(int(t) for t in FEATURE_TILES), dtype=np.uint8)

KIND_LABEL = {"explore": "exploring", "stairs": "travelling to the stair down",
              "entrance": "travelling to the stair up"}


def visible_monsters(game: Game) -> list[int]:
    if game.derived.visible is None:
        return []
    out = []
    for eid, _ in game.monsters():
        pos = game.position(eid)
        if pos is not None and pos.floor == game.dungeon.floor_no and game.derived.visible[pos.y, pos.x]:
            out.append(eid)
    return out


def visible_items(game: Game) -> set[int]:
    if game.derived.visible is None:
        return set()
    return {eid for eid, (item, pos) in game.world.get2(TreasureState, Position)
            if pos.floor == game.dungeon.floor_no and not item.hidden and game.derived.visible[pos.y, pos.x]}


def found_traps(game: Game) -> int:
    return sum(1 for _, trap in game.traps() if trap.found_by)


def feature_mask(game: Game) -> np.ndarray:
    floor = game.floor
    return floor.explored & np.isin(floor.tile, _FEATURE_CODES)


@dataclass
class Snapshot:
    floor: int
    phase: str
    log: int
    traps: int
    hits: int
    design: Any
    features: np.ndarray
    where: tuple[int, int]

    @classmethod
    def of(cls, game: Game, eid: int) -> Snapshot:
        hero = game.world.try_comp(eid, HeroState)
        pos = game.position(eid)
        return cls(game.dungeon.floor_no, game.phase, len(game.log), found_traps(game), hero.hits if hero else 0,
                   game.hallway.last_design, feature_mask(game), (pos.x, pos.y) if pos else (-1, -1))


@dataclass
class Travel:
    """One travel command under way for `seat`'s hero."""

    kind: str  # explore | stairs | entrance
    seat: int
    steps: int = 0
    waits: int = 0
    seen_items: set[int] = field(default_factory=set)

    @property
    def label(self) -> str:
        return KIND_LABEL[self.kind]


def goals(game: Game, kind: str) -> list[tuple[int, int]]:
    if kind == "stairs":
        return tiles_of(game, Tile.STAIR_DOWN)
    if kind == "entrance":
        return tiles_of(game, Tile.STAIR_UP)
    return explore_goals(game)


def can_start(game: Game, eid: int, kind: str) -> str | None:
    """Why this travel cannot start now (None: it can)."""
    seen = visible_monsters(game)
    if seen:
        return f"Not with {game.name(seen[0])} in view."
    pos = game.position(eid)
    if pos is None:
        return "Your hero is nowhere to travel from."
    if kind == "stairs" and not goals(game, kind):
        return "You know of no stair down on this floor yet (x explores)."
    if kind == "entrance" and not goals(game, kind):
        return "You know of no stair up on this floor."
    if kind != "explore" and (pos.x, pos.y) in goals(game, kind):
        return "You are standing on it." + (" (> goes down)" if kind == "stairs" else " (< climbs it)")
    return None


def next_action(game: Game, eid: int, travel: Travel) -> tuple[Any | None, str | None]:
    """The next step of `travel`, or (None, why it ends)."""
    pos = game.position(eid)
    if pos is None:
        return None, "Your hero is gone."
    seat = travel.seat
    if travel.kind == "explore":
        for x, y, _, side in game.floor.exits():
            if (x, y) == (pos.x, pos.y):
                return A.Move(seat, *ENTRY_STEP[side]), None
    targets = goals(game, travel.kind)
    if travel.kind == "explore":
        targets = [g for g in targets if g != (pos.x, pos.y)]
    elif (pos.x, pos.y) in targets:
        where = "stair down (> goes down)" if travel.kind == "stairs" else "stair up (< climbs it)"
        return None, f"You reach the {where}."
    step = step_towards(game, eid, targets)
    if step is None:
        if travel.kind == "explore":
            more = " (t travels to the stair down)" if tiles_of(game, Tile.STAIR_DOWN) else ""
            return None, "Nothing left to explore that you can reach." + more
        return None, "There is no known way there."
    if step == (0, 0):
        if travel.waits >= MAX_WAITS:
            return None, "Someone stands in the way."
        travel.waits += 1
        return A.Wait(seat), None
    travel.waits = 0
    return A.Move(seat, *step), None


def stop_reason(game: Game, eid: int, before: Snapshot, travel: Travel) -> str | None:
    """Why the walk must stop after the step just taken (None: walk on)."""
    if game.phase != before.phase or game.phase != "dungeon":
        return ""
    if game.dungeon.floor_no != before.floor:
        return ""
    hero = game.world.try_comp(eid, HeroState)
    if hero is None or hero.hits <= 0:
        return ""
    monsters = visible_monsters(game)
    if monsters:
        return f"{game.name(monsters[0])} comes into view."
    if game.hallway.last_design is not before.design:
        return "You enter a new room."
    if hero.hits < before.hits:
        return "You are hurt."
    for line in game.log[before.log:]:
        if line.kind in STOP_KINDS:
            return ""  # the log says it
    if found_traps(game) > before.traps:
        return "You found a trap."
    items = visible_items(game) - travel.seen_items
    if items:
        travel.seen_items |= items
        return f"You see {game.name(min(items))}."
    new = feature_mask(game) & ~before.features
    if new.any():
        ys, xs = np.nonzero(new)
        return f"You see {tile_words(game, int(xs[0]), int(ys[0]))}."
    if travel.steps >= MAX_STEPS:
        return "You stop to get your bearings."
    return None


def follow_action(game: Game, follower: int, leader: int, seat: int) -> Any | None:
    """Hot-seat travel: another player's hero keeps beside the one who travels (a step towards
    it, or a wait when already beside it); None when it cannot reach it at all."""
    fpos, lpos = game.position(follower), game.position(leader)
    if fpos is None or lpos is None or fpos.floor != lpos.floor:
        return None
    if max(abs(fpos.x - lpos.x), abs(fpos.y - lpos.y)) <= 1:
        return A.Wait(seat)
    around = [(lpos.x + dx, lpos.y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    free = [(x, y) for x, y in around if 0 <= y < game.floor.height and 0 <= x < game.floor.width
            and game.floor.walkable[y, x] and game.creature_at(x, y) is None]
    move = step_towards(game, follower, free)
    if move is None:
        return None
    return A.Wait(seat) if move == (0, 0) else A.Move(seat, *move)


def follow(session: Session, leader: int, travel: Travel) -> str | None:
    """One step of the party following the traveller: the hero of the seat whose turn it is."""
    game = session.game
    seat = session.human_seat()
    follower = game.party.hero_of.get(seat) if seat is not None else None
    if seat is None or follower is None:
        return ""
    action = follow_action(game, follower, leader, seat)
    if action is None:
        return f"{game.name(follower)} cannot keep up."
    before = Snapshot.of(game, follower)
    session.apply(action)
    return stop_reason(game, follower, before, travel)


def step(session: Session, eid: int, travel: Travel) -> str | None:
    """Take one step of `travel` through the session; returns None to go on, or a message
    (possibly empty) saying why the walk ended. In hot-seat, when another player's turn comes,
    that player's hero follows (the whole party travels on one key)."""
    game = session.game
    if session.human_seat() != travel.seat:
        return follow(session, eid, travel)
    action, why = next_action(game, eid, travel)
    if action is None:
        return why or ""
    before = Snapshot.of(game, eid)
    target = None
    if isinstance(action, A.Move):
        target = (before.where[0] + action.dx, before.where[1] + action.dy)
        tile_before = int(game.floor.tile[target[1], target[0]])
    session.apply(action)
    travel.steps += 1
    if target is not None and game.phase == "dungeon" and game.dungeon.floor_no == before.floor:
        pos = game.position(eid)
        moved = pos is not None and (pos.x, pos.y) != before.where
        if not moved and int(game.floor.tile[target[1], target[0]]) == tile_before:
            return ""  # the step changed nothing (a door that will not open): the log says why
    return stop_reason(game, eid, before, travel)


def trap_known_near(game: Game, eid: int) -> list[tuple[int, int]]:
    """Known live traps next to (or under) the hero: where Disarm can reach."""
    pos = game.position(eid)
    if pos is None:
        return []
    out = []
    for _, (trap, tpos) in game.world.get2(TrapState, Position):
        if (tpos.floor == game.dungeon.floor_no and trap.live and eid in trap.found_by
                and max(abs(tpos.x - pos.x), abs(tpos.y - pos.y)) <= 1):
            out.append((tpos.x, tpos.y))
    return sorted(set(out))
