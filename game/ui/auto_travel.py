"""Travel as modern roguelikes do it: autoexplore, travel to the stair down, travel back to the
stair up. One step per frame, each an ordinary action through the session (so it is recorded
like a keypress); the walk stops at once when something new is seen: a monster comes into
view, treasure lies in the open, a feature (stairs, furniture) appears, a trap is found, the
log reports danger or loot, the hero is hurt, a new room is entered. In hot-seat the other
players' heroes follow on their turns, so the party moves together. Any key stops it too (the
map screen sees to that).

Autoexplore works as DCSS players know it: it finishes what is known before going on. It walks
to the nearest of treasure lying in the open (and takes it), furniture of the room the hero
stands in that may hold treasure (and searches it, after searching the room for traps once, as
the AI heroes do: a trap may lie on the furniture), and the edge of what has been seen. When
only ways into rooms not yet entered are left, it walks to the nearest and stops there, saying
which key goes on; pressed again on that opening, it steps through (into the cell, the opposite
way from the side the cell is entered by), which unfolds the next room. What it cannot take
(guarded treasure, furniture with a known trap on it) it says once and then leaves alone until
what kept it waiting is gone (the monsters fled or fell, the trap was disarmed), then goes back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from game.core.sentences import capitalised
from game.engine import actions as A
from game.engine.loot import kept_by, reachable_treasure
from game.engine.movement import friends_give_way
from game.engine.routes import explore_goals, step_by_open_ways, step_towards, steps_around, tiles_of, usable_exits
from game.engine.way_on import WORTH_WORKING, way_on
from game.mapgen.tables import door_kinds
from game.mapgen.tiles import Tile
from game.ui.describe import FEATURE_TILES, tile_words
from game.ui.keymap import COMMON, key_label
from game.world.components import DoorState, HeroState, MonsterState, Position, TrapState, TreasureState

if TYPE_CHECKING:
    from game.engine.game import Game
    from game.ui.session import Session

ENTRY_STEP = {"s": (0, -1), "n": (0, 1), "w": (1, 0), "e": (-1, 0)}  # entered by side -> step
MAX_STEPS = 400  # one command never walks further than this
MAX_WAITS = 3  # turns waited for a friend in the way before giving up
STOP_KINDS = frozenset({"danger", "loot", "trap"})
# what may hold treasure (not a lever); sorted by hand: np.setdiff1d would load numpy.ma at start-up
FURNITURE_CODES = np.array(sorted({int(t) for t in WORTH_WORKING} - {int(Tile.LEVER)}), dtype=WORTH_WORKING.dtype)
_FEATURE_CODES = np.array(sorted(int(t) for t in FEATURE_TILES), dtype=np.uint8)

KIND_LABEL = {"explore": "exploring", "stairs": "travelling to the stair down",
              "entrance": "travelling to the stair up"}


def visible_monsters(game: Game, calm: bool | None = None) -> list[int]:
    """The monsters the party sees: all of them, or only the calm (True: keeping the peace, or
    fleeing, which strikes no one until it rallies) or the others (False), who hold a walk up."""
    if game.derived.visible is None:
        return []
    out = []
    for eid, mon in game.monsters():
        pos = game.position(eid)
        if (pos is not None and pos.floor == game.dungeon.floor_no and game.derived.visible[pos.y, pos.x]
                and (calm is None or (mon.peaceful or mon.fleeing) == calm)):
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


def default_key(action: str) -> str:
    """An action's first key as the default layout binds it (the map screen passes the player's own)."""
    return key_label(COMMON[action][0])


@dataclass
class Travel:
    """One travel command under way for `seat`'s hero; `key` names an action's key in what it says."""

    kind: str  # explore | stairs | entrance
    seat: int
    steps: int = 0
    waits: int = 0
    seen_items: set[int] = field(default_factory=set)
    seen_calm: set[int] = field(default_factory=set)  # monsters keeping the peace or fleeing, each said once
    left: set[Any] = field(default_factory=set)  # items and furniture spots said once and left alone
    key: Callable[[str], str] = default_key

    @property
    def label(self) -> str:
        return KIND_LABEL[self.kind]


def goals(game: Game, kind: str) -> Sequence[tuple[int, int]]:
    if kind == "stairs":
        return tiles_of(game, Tile.STAIR_DOWN)
    if kind == "entrance":
        return tiles_of(game, Tile.STAIR_UP)
    return explore_goals(game)


def can_start(game: Game, eid: int, kind: str, key: Callable[[str], str] = default_key) -> str | None:
    """Why this travel cannot start now (None: it can). A monster keeping the peace stops no one:
    the walk never steps into it (it waits or goes round), so it cannot strike it by mistake. Nor
    does one fleeing: it strikes no one, and one that keeps to the edge of sight held x up for good."""
    seen = visible_monsters(game, calm=False)
    if seen:
        return f"Not with {game.name(seen[0])} in view: deal with it first (walk into it to fight)."
    pos = game.position(eid)
    if pos is None:
        return "Your hero is nowhere to travel from."
    if kind == "stairs" and not goals(game, kind):
        return f"You know of no stair down on this floor yet ({key('autoexplore')} explores)."
    if kind == "entrance" and not goals(game, kind):
        return "You know of no stair up on this floor."
    if kind != "explore" and (pos.x, pos.y) in goals(game, kind):
        return f"You are already on the {stair_words(kind, key)}."
    return None


def stair_words(kind: str, key: Callable[[str], str]) -> str:
    """The stair a travel ends on, and the key that takes it."""
    if kind == "stairs":
        return f"stair down ({key('descend')} goes down)"
    return f"stair up ({key('head_back')} climbs it)"


# the key that takes each way on (engine/way_on.py says which way it is), and what it does
WAY_ON_KEYS = {"stair": ("travel_stairs", "travels to the stair down"),
               "up": ("travel_entrance", "walks back to the stair up"), "search": ("search", "searches"),
               "work": ("use", "works what is beside you"), "town": ("head_back", "turns the party for town"),
               "mend": ("head_back", "turns the party for town")}
SIDE_WORDS = {"n": "north", "s": "south", "e": "east", "w": "west"}  # an opening's side, as seen from inside


def next_action(game: Game, eid: int, travel: Travel) -> tuple[Any | None, str | None]:
    """The next step of `travel`, or (None, why it ends)."""
    pos = game.position(eid)
    if pos is None:
        return None, "Your hero is gone."
    if travel.kind == "explore":
        return explore_action(game, eid, travel)
    targets = goals(game, travel.kind)
    if (pos.x, pos.y) in targets:
        return None, f"You reach the {stair_words(travel.kind, travel.key)}."
    return walk(game, eid, travel, targets, "There is no known way there.")


def walk(game: Game, eid: int, travel: Travel, targets: Sequence[tuple[int, int]], nowhere: str
         ) -> tuple[Any | None, str | None]:
    """A step towards the nearest target; with someone in the way, a step round them or past a
    friend, else a wait (see `way_past`)."""
    step_to = step_by_open_ways(game, eid, targets) if travel.kind != "explore" else step_towards(game, eid, targets)
    if step_to is None:
        return None, nowhere
    if step_to == (0, 0):  # someone in the way: round them or past a friend, a few times at most
        if travel.waits >= MAX_WAITS:
            return None, in_the_way_words(game, eid, targets, travel.key)
        travel.waits += 1  # a step round may be undone by the next one round: it counts as a wait
        past = way_past(game, eid, targets)
        if past is None and another_players_hero(game, eid, in_the_way(game, eid, targets)):
            # it follows this walk, which keeps it beside the walker: waiting for it only burns turns
            return None, in_the_way_words(game, eid, targets, travel.key)
        return (A.Wait(travel.seat) if past is None else A.Move(travel.seat, *past)), None
    travel.waits = 0
    return A.Move(travel.seat, *step_to), None


def in_the_way_words(game: Game, eid: int, targets: Sequence[tuple[int, int]],
                     key: Callable[[str], str] = default_key) -> str:
    """Who holds the walk up, by name, and what the player can do about it. Another player's hero
    moves only on that player's turn, which the walk's own turn comes before (the heroes who
    follow it take theirs as it goes): the player ends theirs to let it come."""
    who = in_the_way(game, eid, targets)
    if who is None:
        return "Someone stands in the way."
    name = capitalised(game.name(who))
    monster = game.world.try_comp(who, MonsterState)
    if monster is not None and monster.peaceful:
        return f"{name} stands in the way, keeping the peace: walking into it starts a fight."
    if another_players_hero(game, eid, who):
        seat = game.world.comp(who, HeroState).seat
        return (f"{name} stands in the way: {game.seats[seat].name} moves them on their turn; "
                f"end yours by waiting ({key('wait')}).")
    return f"{name} stands in the way."


def in_the_way(game: Game, eid: int, targets: Sequence[tuple[int, int]]) -> int | None:
    """Who stands on a step that would take the hero nearer its targets (None: nobody)."""
    pos = game.position(eid)
    here, around = steps_around(game, eid, targets)
    return next((w for d, dy, dx in around if d < here and (w := game.creature_at(pos.x + dx, pos.y + dy)) is not None),
                None)


def another_players_hero(game: Game, eid: int, who: int | None) -> bool:
    """Whether `who` is the hero of a human seat other than `eid`'s (theirs to move)."""
    hero = game.world.try_comp(who, HeroState) if who is not None else None
    return hero is not None and game.seats[hero.seat].human and hero.seat != game.world.comp(eid, HeroState).seat


def way_past(game: Game, eid: int, targets: Sequence[tuple[int, int]]) -> tuple[int, int] | None:
    """A step past whoever stands on the hero's best step: round them, onto a free tile no
    farther from the target, else into an AI companion on a nearer tile (friends trade places
    out of a fight); None leaves the hero waiting. Companions keep beside the hero they follow,
    so in a narrow place waiting for them would hold the walk up for good."""
    pos = game.position(eid)
    here, around = steps_around(game, eid, targets)
    for d, dy, dx in around:
        if d <= here and game.creature_at(pos.x + dx, pos.y + dy) is None:
            return dx, dy
    if not friends_give_way(game):
        return None
    for d, dy, dx in around:
        who = game.creature_at(pos.x + dx, pos.y + dy)
        friend = None if who is None else game.world.try_comp(who, HeroState)
        if d < here and friend is not None and not game.seats[friend.seat].human:
            return dx, dy  # an AI companion; another player's hero is theirs to move
    return None


def explore_action(game: Game, eid: int, travel: Travel) -> tuple[Any | None, str | None]:
    """Autoexplore's next step: take, search, look further, and only then a way on."""
    pos = game.position(eid)
    here = (pos.x, pos.y)
    seat = travel.seat
    on_exit = next((side for x, y, _, side in usable_exits(game) if (x, y) == here), None)
    takeable = [(item, why) for item, why in reachable_treasure(game, eid)
                if left_key(game, eid, item) not in travel.left]
    travel.left |= {left_key(game, eid, item) for item, _ in takeable}  # one try each: what stays was said
    if any(not why for _, why in takeable):
        return A.PickUp(seat), None
    if takeable:
        return None, takeable[0][1]
    for x, y in furniture_to_search(game, eid, travel):
        if max(abs(x - pos.x), abs(y - pos.y)) <= 1:
            if (game.dungeon.floor_no, game.floor.cell_of(pos.x, pos.y)) not in game.dungeon.searched:
                return A.Search(seat), None  # furniture may hide a trap: the room is searched first, once
            if trap_known_on(game, eid, x, y):
                travel.left.add(("trapped", game.dungeon.floor_no, x, y))  # until the trap is gone
                return None, (f"You know of a trap on {tile_words(game, x, y)}: {travel.key('disarm')} disarms it, "
                              f"{travel.key('use')} searches it anyway.")
            travel.left.add((game.dungeon.floor_no, x, y))  # one try: what stays shut was said
            return A.Interact(seat, x, y), None
    targets = [g for g in room_goals(game, eid, travel) if g != here]
    if targets and step_towards(game, eid, targets) is not None:
        return walk(game, eid, travel, targets, "")
    if on_exit is not None and travel.steps == 0:
        return A.Move(seat, *ENTRY_STEP[on_exit]), None  # pressed at the way on, the known done: through
    exits = {(x, y): side for x, y, _, side in usable_exits(game) if game.floor.explored[y, x]}
    if on_exit is not None:
        return None, way_on_words(exits[here], travel.key) if here in exits else ""
    if exits and step_towards(game, eid, list(exits)) is not None:
        return walk(game, eid, travel, sorted(exits), "")
    way = way_on(game, eid)
    action, does = WAY_ON_KEYS.get(way.kind, ("", ""))
    hint = f" ({travel.key(action)} {does})" if action else ""
    return None, f"Nothing left to explore that you can reach. {way.text}{hint}"


def way_on_words(side: str, key: Callable[[str], str]) -> str:
    """What the hero stands at when the known is done: an opening into a room not yet entered."""
    toward = SIDE_WORDS[{"n": "s", "s": "n", "e": "w", "w": "e"}[side]]
    return f"A way {toward} into a room not yet entered: {key('autoexplore')} goes through to the Hallway."


def room_goals(game: Game, eid: int, travel: Travel) -> list[tuple[int, int]]:
    """Where autoexplore still has something to do before a way on: beside treasure lying in
    the open, beside furniture of this room not yet searched, at the edge of what has been seen."""
    floor = game.floor
    out: set[tuple[int, int]] = set()
    for item_eid, (item, ipos) in game.world.get2(TreasureState, Position):
        if (ipos.floor != game.dungeon.floor_no or item.hidden or left_key(game, eid, item_eid) in travel.left
                or not floor.explored[ipos.y, ipos.x]):
            continue
        out |= {(ipos.x, ipos.y)} if floor.walkable[ipos.y, ipos.x] else set(beside(game, ipos.x, ipos.y))
    for x, y in furniture_to_search(game, eid, travel):
        out |= set(beside(game, x, y))
    ways = {(x, y) for x, y, _, _ in usable_exits(game)}
    out |= {g for g in explore_goals(game) if g not in ways}
    return sorted(out)


def left_key(game: Game, eid: int, item: int) -> tuple[str, int, str | int | None]:
    """How autoexplore remembers treasure it could not take, with what kept it waiting (the
    room's monsters, a guard trap): it walks back to it once that no longer does (the monsters
    fled or fell, the trap was disarmed or sprung), and not before."""
    return ("item", item, kept_by(game, eid, game.world.comp(item, TreasureState)))


def furniture_to_search(game: Game, eid: int, travel: Travel) -> list[tuple[int, int]]:
    """Furniture of the room the hero stands in that may hold treasure and was never gone through."""
    pos = game.position(eid)
    cell = game.floor.cell_of(pos.x, pos.y)
    if cell is None:
        return []
    x0, y0, x1, y1 = game.floor.cells[cell].bounds
    area = np.isin(game.floor.tile[y0:y1 + 1, x0:x1 + 1], FURNITURE_CODES) & game.floor.explored[y0:y1 + 1, x0:x1 + 1]
    ys, xs = np.nonzero(area)
    floor_no = game.dungeon.floor_no
    return [(x, y) for x, y in zip((xs + x0).tolist(), (ys + y0).tolist(), strict=True)
            if (floor_no, x, y) not in game.dungeon.opened and (floor_no, x, y) not in travel.left
            and not (("trapped", floor_no, x, y) in travel.left and trap_known_on(game, eid, x, y))]


def beside(game: Game, x: int, y: int) -> list[tuple[int, int]]:
    floor = game.floor
    return [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
            if (dx or dy) and 0 <= y + dy < floor.height and 0 <= x + dx < floor.width
            and floor.walkable[y + dy, x + dx]]


def trap_known_on(game: Game, eid: int, x: int, y: int) -> bool:
    return any(trap.live and eid in trap.found_by and (tpos.x, tpos.y, tpos.floor) == (x, y, game.dungeon.floor_no)
               for _, (trap, tpos) in game.world.get2(TrapState, Position))


def stop_reason(game: Game, eid: int, before: Snapshot, travel: Travel, own_finds: bool = False) -> str | None:
    """Why the walk must stop after the step just taken (None: walk on). `own_finds`: the step
    took treasure or searched furniture, so the loot it reports does not stop the walk."""
    if game.phase != before.phase or game.phase != "dungeon":
        return ""
    if game.dungeon.floor_no != before.floor:
        return ""
    hero = game.world.try_comp(eid, HeroState)
    if hero is None or hero.hits <= 0:
        return ""
    news = [line.text for line in game.log[before.log:]]
    monsters = visible_monsters(game, calm=False)
    if monsters:
        return "" if log_names(game, monsters[0], news) else f"{capitalised(game.name(monsters[0]))} comes into view."
    calm = set(visible_monsters(game, calm=True)) - travel.seen_calm
    if calm:
        travel.seen_calm |= calm
        first = min(calm)
        if log_names(game, first, news):
            return ""
        how = "fleeing" if game.world.comp(first, MonsterState).fleeing else "keeping the peace"
        return f"{capitalised(game.name(first))} comes into view, {how}."
    if game.hallway.last_design is not before.design:
        return "You enter a new room."
    if hero.hits < before.hits:
        return "You are hurt."
    for line in game.log[before.log:]:
        if line.kind in STOP_KINDS and not (own_finds and line.kind == "loot"):
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


def log_names(game: Game, monster: int, news: list[str]) -> bool:
    """Whether the step's own log lines name the monster: the log told of it coming into view
    before it acted, and a notice saying so after them would read as if it came later."""
    name = game.name(monster)
    return any(name in text for text in news)


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
    own_finds = isinstance(action, A.PickUp | A.Interact)  # what it came for is no news
    if own_finds:
        travel.seen_items |= visible_items(game)
    if target is not None and game.phase == "dungeon" and game.dungeon.floor_no == before.floor:
        pos = game.position(eid)
        moved = pos is not None and (pos.x, pos.y) != before.where
        if not moved and int(game.floor.tile[target[1], target[0]]) == tile_before:
            return ""  # the step changed nothing (a door that will not open): the log says why
    return stop_reason(game, eid, before, travel, own_finds)


def trapped_doors_near(game: Game, eid: int) -> list[tuple[int, int]]:
    """Closed doors next to the hero that the party knows are trapped (a try at one failed its
    Traps test): trying the door again is disarming its trap, so Disarm reaches them too."""
    pos = game.position(eid)
    if pos is None:
        return []
    kinds = door_kinds()
    return sorted((dpos.x, dpos.y) for _, (door, dpos) in game.on_floor(DoorState)
                  if max(abs(dpos.x - pos.x), abs(dpos.y - pos.y)) == 1 and door.locked and door.failed
                  and kinds[door.now].skill == "disarm" and int(game.floor.tile[dpos.y, dpos.x]) == Tile.DOOR)


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
