"""Monsters played as their designing seat would play them (Fungeon: "attack the Players,
hopefully in an intelligent way"): focus the hero they can kill, aim abilities where the hero has
no protection, come around obstacles, hold a doorway against a bigger party, and flee when
A Dungeon Game's morale check says so."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from game.engine.morale import room_mates
from game.engine.party_sight import hero_radius
from game.engine.reach import ABILITY_REACH, RANGED_TYPES, can_see, chebyshev
from game.engine.sightings import party_sees
from game.mapgen.tiles import COST, Tile
from game.rules.heroes import annoy_pool_size
from game.rules.purchases import Ability
from game.world.components import Effects, HeroState, MonsterState, Position
from game.world.distances import FAR, UNREACHABLE, distances_beside

if TYPE_CHECKING:
    from game.engine.game import Game

SIGHT = 8  # how far a monster notices a hero when the light dial is off
CLOSE_BY = 2  # how near a hero without light must come to be noticed (A Dungeon Game)
DOOR_OPEN = int(Tile.DOOR_OPEN)  # a plain int: compared with a numpy tile without the enum's cost


# Fungeon's combat turn: "each Monster may use its Special Ability" in every turn (DESIGN.md §2).
ABILITY_EVERY = 1


PATH_MARGIN = 16  # tiles around the fighters that monsters look for a way through
STEP_COST = COST.astype(np.int32)  # by tile code, for monsters: a tile's own cost; a closed door stops them
STEP_COST[Tile.DOOR] = 0


def monster_targets(game: Game, mon_eid: int, candidates: list[int]) -> list[int]:
    """Which engaged hero a monster hits first: the one closest to death, then the lowest Level
    (a kill takes a whole hero's dice out of the next conflict)."""

    def key(eid: int) -> tuple[int, int, int]:
        hero = game.world.comp(eid, HeroState)
        return (hero.hits, hero.level, eid)

    return sorted(candidates, key=key)


def protection(game: Game, hero_eid: int, ability: Ability) -> int:
    """Dice the hero would resist this ability with: the smaller, the better the target."""
    return annoy_pool_size(game.sheet(hero_eid), ability.type, None, ability.universal, game.items(hero_eid))


def ability_reach(ability: Ability) -> int:
    """How far an ability strikes: a ranged Type (data/types.toml) within ABILITY_REACH in sight,
    any other only a hero beside the monster, as an attack of that Type (a bite needs teeth on
    the hero; a blast of cold does not)."""
    return ABILITY_REACH if ability.type in RANGED_TYPES else 1


def choose_ability(game: Game, mon_eid: int) -> tuple[Ability, int] | None:
    """The ability and target hero with the best odds: fewest resisting dice, most harm; a hero
    already held by this monster is left held, and each ability only reaches as far as its
    Type does. A monster with a hero at its throat deals with that hero first: it aims past
    the melee at the weakest only when nobody stands beside it (so a newcomer at the back is
    not the whole room's target while the fighters in front go unanswered)."""

    mon = game.world.comp(mon_eid, MonsterState)
    pos = game.position(mon_eid)
    if pos is None or game.turn - mon.last_ability < ABILITY_EVERY:
        return None
    best: tuple[float, int, int] | None = None
    choice = None
    abilities = [(i, ability, ability_reach(ability)) for i, ability in enumerate(mon.spec.abilities)]
    reach = 1  # no use looking farther than the farthest reaching ability
    for _, _, far in abilities:
        if far > reach:
            reach = far
    in_sight = []  # (hero, its distance), the distance worked out once per hero
    beside = []
    for eid, _hero in game.heroes():
        hpos = game.position(eid)
        if hpos is not None and hpos.floor == pos.floor and can_see(game, pos, hpos, reach):
            d = chebyshev(pos, hpos)
            in_sight.append((eid, d))
            if d <= 1:
                beside.append((eid, d))
    for eid, d in beside or in_sight:
        active = game.world.comp(eid, Effects).active
        for i, ability, far in abilities:
            if d > far:
                continue
            if active and any(e.source_entity == mon_eid and (e.hold or e.pain) and e.hold == ability.hold
                              for e in active):
                continue
            odds = (mon.spec.level + ability.annoy) - protection(game, eid, ability)
            harm = ability.pain + 3 * ability.hold + 2 * ability.continuous
            score = (-(odds * 2 + harm), eid, i)
            if best is None or score < best:
                best, choice = score, (ability, eid)
    if choice is not None:
        mon.last_ability = game.turn
    return choice


def floor_costs(game: Game) -> np.ndarray:
    """Step costs of the floor itself for monsters ([y, x]; wading costs more, walls and closed
    doors 0), cached until a tile changes."""

    floor = game.floor
    key = ("monster_costs", game.dungeon.floor_no, floor.version)
    cost = game.derived.caches.get("monster_costs")
    if cost is None or cost[0] != key:
        cost = game.derived.caches["monster_costs"] = (key, STEP_COST[floor.tile])
    return cost[1]


# A monster's step toward its hero is "the whole map's": of the free tiles beside it, the one
# nearest the hero on the floor's full map of distances to the hero (ties: the first in row
# order, north to south, west to east), none when its own tile is no farther. `open_step` and
# `sure_step` give that step for less search (tests/engine/test_monster_steps.py compares).
UNPROVEN = (-1, -1)  # `open_step`'s answer when only a search can tell


def open_step(cost: np.ndarray, x: int, y: int, x0: int, y0: int, hx: int, hy: int,
              taken: set[tuple[int, int]]) -> tuple[int, int] | None:
    """The whole map's step toward the hero at (hx, hy) without a search, when the open floor proves it:
    no way costs less than the fewest steps (2 a step as a rook, 3 diagonally, on tiles of cost
    1), so the free floor tile beside (x, y) with the fewest (ties: the first in row order; a
    wall is never a step) is the whole map's step if such a way to it is clear: all on tiles of
    cost 1, diagonal steps first or last. Its distance is then less than any other free
    neighbour's, and less than the monster's own tile's (it costs 8 to enter, at least 14 more
    than the fewest steps to it, and the step at most 3 less). UNPROVEN when no such way is
    clear (a search tells then); None when every tile beside is taken or a wall. `cost` is the
    window of the floor whose corner is (x0, y0)."""
    best = None
    least = 0
    for dy in (-1, 0, 1):
        ny = y + dy
        b = ny - hy if ny >= hy else hy - ny
        for dx in (-1, 0, 1):
            if dx or dy:
                nx = x + dx
                if (nx, ny) in taken:
                    continue
                a = nx - hx if nx >= hx else hx - nx
                steps = 2 * a + b if a > b else 2 * b + a  # 3 * diagonal + 2 * straight
                if (best is None or steps < least) and cost.item(ny - y0, nx - x0):  # a wall is no step
                    best, least = (nx, ny), steps
    if best is None:
        return None
    nx, ny = best
    if clear_way(cost, hx - x0, hy - y0, nx - x0, ny - y0):
        return best
    return UNPROVEN


def clear_way(cost: np.ndarray, hx: int, hy: int, nx: int, ny: int) -> bool:
    """Whether one of the two ways of fewest steps from (hx, hy) to (nx, ny) that take their
    diagonal steps all first or all last runs on tiles of cost 1 only (the start not counted)."""
    sx = (nx > hx) - (nx < hx)
    sy = (ny > hy) - (ny < hy)
    a = nx - hx if sx >= 0 else hx - nx
    b = ny - hy if sy >= 0 else hy - ny
    diagonal = (a if a < b else b, sx, sy)
    straight = (a - b, sx, 0) if a > b else (b - a, 0, sy)  # along the longer side
    return open_legs(cost.item, hx, hy, (diagonal, straight)) or open_legs(cost.item, hx, hy, (straight, diagonal))


def open_legs(item: Any, x: int, y: int, legs: tuple[tuple[int, int, int], ...]) -> bool:
    """Whether walking `legs` ((steps, dx, dy), in order) from (x, y) stays on tiles of cost 1."""
    for steps, dx, dy in legs:
        for _ in range(steps):
            x += dx
            y += dy
            if item(y, x) != 1:
                return False
    return True


def notice_reach(game: Game, hero_eid: int, hpos: Position) -> int:
    """How far off a monster notices this hero (A Dungeon Game): carried light is seen from the
    edge of its light, a hero in the dark only close by."""
    if not game.dials.light:
        return SIGHT
    return max(CLOSE_BY, hero_radius(game, hpos.x, hpos.y))


def sees_hero(game: Game, pos: Position) -> int | None:
    for eid, _ in game.heroes():
        hpos = game.position(eid)
        if hpos is not None and hpos.floor == pos.floor and can_see(game, pos, hpos, notice_reach(game, eid, hpos)):
            return eid
    return None


def monster_turn(game: Game) -> None:
    """Every aware monster moves: to its chosen hero, around obstacles and each other; a fleeing
    one away from the party; one holding a doorway against a bigger party stays where it stands.
    The way to each hero is worked out once a turn (other monsters in it cost more)."""
    here = game.on_floor(MonsterState)  # monsters never change floor: the floor's list is kept
    if not here:
        return  # the usual round away from a fight: nobody to move
    movers = []
    for eid, (mon, pos) in here:
        if mon.hits <= 0 or mon.peaceful:
            continue  # a peaceful monster keeps the peace until a hero strikes it
        if not mon.aware:
            if sees_hero(game, pos) is None:
                continue
            mon.aware = True
            game.say(f"{game.name(eid)} notices the party." if mon.told or party_sees(game, pos)
                     else "Something out of sight notices the party.", "danger")
        movers.append((eid, mon, pos))
    if not movers:
        return
    floor_no = game.dungeon.floor_no  # the heroes here, asked once a monster is after them
    position = game.position
    heroes = [(e, p) for e, _ in game.heroes() if (p := position(e)) is not None and p.floor == floor_no]
    if not heroes:
        return
    way: Way | None = None  # made for the first monster that steps (in a melee, none does)
    for eid, mon, pos in movers:
        if mon.fleeing:
            nearest = min(heroes, key=lambda hp: (max(abs(hp[1].x - pos.x), abs(hp[1].y - pos.y)), hp[0]))
            if way is None:
                way = Way(game, heroes, movers, here)
            step = step_away(way.cost, pos, way.x0, way.y0, nearest[1], way.taken)
        else:
            if beside_hero(pos, heroes) or holds_doorway(game, eid, pos, len(heroes)):
                continue
            if way is None:
                way = Way(game, heroes, movers, here)
            step = way.toward(eid, pos)
        if step is None:
            continue
        way.taken.discard((pos.x, pos.y))
        pos.x, pos.y = step
        way.taken.add(step)


class Way:
    """The window of the floor a turn's monsters find their way through, made before any of
    them moves: where every creature stands (taken), the steps' costs (other monsters' tiles
    cost more) and each goer's hero, chosen from where it stands; each hero's map is searched
    once, for all the monsters going for that hero."""

    def __init__(self, game: Game, heroes: list[tuple[int, Position]],
                 movers: list[tuple[int, MonsterState, Position]],
                 here: list[tuple[int, tuple[MonsterState, Position]]]) -> None:
        taken = self.taken = {(p.x, p.y) for _, p in heroes}
        for _, (_, p) in here:
            taken.add((p.x, p.y))
        # the window's bounds in one pass over heroes and movers (no coordinate lists to build)
        first = heroes[0][1]
        left = right = first.x
        top = bottom = first.y
        for p in [p for _, p in heroes] + [p for _, _, p in movers]:
            x, y = p.x, p.y
            if x < left:
                left = x
            elif x > right:
                right = x
            if y < top:
                top = y
            elif y > bottom:
                bottom = y
        base = floor_costs(game)
        h, w = base.shape
        self.y0, self.x0 = y0, x0 = max(0, top - PATH_MARGIN), max(0, left - PATH_MARGIN)
        cost = self.cost = base[y0:min(h, bottom + PATH_MARGIN + 1), x0:min(w, right + PATH_MARGIN + 1)].copy()
        for _, _, pos in movers:
            cost[pos.y - y0, pos.x - x0] = 8  # go around one another where there is room
        comp = game.world.comp
        ranked = [(comp(hp[0], HeroState).hits, hp) for hp in heroes]
        # each goer's hero (the pair from `heroes` itself: `toward` tells goers apart by it): the
        # fewest hits, then the nearest (steps as a rook), then the entity (unique: the first least
        # is min's), in a plain loop rather than min() with a key function per goer
        self.targets = targets = {}
        for eid, mon, pos in movers:
            if mon.fleeing:
                continue
            px, py = pos.x, pos.y
            best = target = None
            for hits, hp in ranked:
                p = hp[1]
                key = (hits, abs(p.x - px) + abs(p.y - py), hp[0])
                if best is None or key < best:
                    best, target = key, hp
            targets[eid] = target
        self.movers = movers
        self.heroes = heroes
        self.order = {eid: i for i, (eid, _, _) in enumerate(movers)}  # where each stands in the turn
        self.maps: dict[int, tuple[np.ndarray, dict[int, int]]] = {}

    def toward(self, eid: int, pos: Position) -> tuple[int, int] | None:
        """The step of the monster `eid` (standing at `pos`) on the way to its hero: read off the
        open floor when it proves it (`open_step`), else off the hero's map, searched once for
        the monsters still to step toward that hero (`sure_step`); searched anew when the tiles
        beside this one changed since, so that the map cannot tell."""
        x0, y0 = self.x0, self.y0
        target = self.targets[eid]
        hero = target[1]
        step = open_step(self.cost, pos.x, pos.y, x0, y0, hero.x, hero.y, self.taken)
        if step is not UNPROVEN:
            return step
        found = self.maps.get(target[0])
        if found is None:
            found = self.maps[target[0]] = self.search(eid, target)
        step = sure_step(found[0], self.cost, pos.x, pos.y, x0, y0, self.taken, found[1].get(eid, -1))
        if step is UNPROVEN:  # searched anew from here on, with the tiles now free
            found = self.maps[target[0]] = self.search(eid, target)
            step = sure_step(found[0], self.cost, pos.x, pos.y, x0, y0, self.taken, found[1][eid])
        return step

    def search(self, eid: int, target: tuple[int, Position]) -> tuple[np.ndarray, dict[int, int]]:
        """The map of the way to `target`'s hero, for `eid` and the goers after it in the turn
        (those before it stepped; one beside a hero does not step): searched until each knows
        its best free neighbour (`distances_beside`), and how far each's map holds."""
        x0, y0, cost, taken, heroes = self.x0, self.y0, self.cost, self.taken, self.heroes
        eids, goals = [], []
        for e, m, p in self.movers[self.order[eid]:]:
            if m.fleeing or self.targets[e] is not target or beside_hero(p, heroes):
                continue
            x, y = p.x, p.y
            gx, gy = x - x0, y - y0
            tiles = [(gx + dx, gy + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                     if (dx or dy) and (x + dx, y + dy) not in taken and cost.item(gy + dy, gx + dx)]
            eids.append(e)
            goals.append((gx, gy, tiles))
        hx, hy = target[1].x - x0, target[1].y - y0
        under = cost[hy, hx]
        cost[hy, hx] = 1  # walked up to, not onto (for this map only): put back below
        near, sure = distances_beside(cost, (hx, hy), 2, 3, goals)
        cost[hy, hx] = under
        return near, dict(zip(eids, sure, strict=True))


def sure_step(dist: np.ndarray, cost: np.ndarray, x: int, y: int, x0: int, y0: int,
              taken: set[tuple[int, int]], sure: int) -> tuple[int, int] | None:
    """The whole map's step from floor tile (x, y) on a map that holds the distances beside it up to
    `sure` (`distances_beside`), or UNPROVEN when its least free neighbour is past that. The
    free neighbour of least distance (ties: the scan order) is the whole map's step unless the
    monster's own tile is no farther: its distance is a neighbour's plus the cost of entering it
    (by `cost`, the window whose corner is (x0, y0)), and a neighbour near enough for that holds
    its distance."""
    wx, wy = x - x0, y - y0
    rows = dist[wy - 1:wy + 2, wx - 1:wx + 2].tolist()
    best, least = None, UNREACHABLE + 1
    for dy in (-1, 0, 1):
        row = rows[dy + 1]
        for dx in (-1, 0, 1):
            if (dx or dy) and row[dx + 1] < least and (x + dx, y + dy) not in taken \
                    and cost.item(wy + dy, wx + dx):
                best, least = (x + dx, y + dy), row[dx + 1]
    if best is None:
        return None  # nowhere to step but walls
    if least > sure:
        return UNPROVEN
    if least >= FAR:
        return None  # `sure` UNREACHABLE: the whole map searched, and no way from here
    enter = cost.item(wy, wx)
    for dy in (-1, 0, 1):
        row = rows[dy + 1]
        for dx in (-1, 0, 1):
            if (dx or dy) and row[dx + 1] + (3 if dx and dy else 2) * enter <= least:
                return None  # the monster's own tile is no farther than its best neighbour
    return best


def beside_hero(pos: Position, heroes: list[tuple[int, Position]]) -> bool:
    """Whether a hero stands beside `pos` (a plain loop: any() would resume a generator per hero,
    asked for every monster that moves)."""
    x, y = pos.x, pos.y
    for _, p in heroes:  # noqa: SIM110 - see the docstring
        if -1 <= p.x - x <= 1 and -1 <= p.y - y <= 1:
            return True
    return False


def step_away(cost: np.ndarray, pos: Position, x0: int, y0: int, threat: Position,
              taken: set[tuple[int, int]]) -> tuple[int, int] | None:
    """The free tile beside `pos` farthest from `threat`; `cost` is the window of the floor whose
    corner is (x0, y0)."""
    best, best_d = None, max(abs(pos.x - threat.x), abs(pos.y - threat.y))
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            x, y = pos.x + dx, pos.y + dy
            if (dx or dy) and cost[y - y0, x - x0] >= 1 and (x, y) not in taken:
                d = max(abs(x - threat.x), abs(y - threat.y))
                if d > best_d:
                    best, best_d = (x, y), d
    return best


def holds_doorway(game: Game, mon_eid: int, pos: Position, party_size: int) -> bool:
    """A monster standing in a doorway, outnumbered by the party, keeps it: only one hero at a
    time can reach it there."""

    if game.floor.tile.item(pos.y, pos.x) != DOOR_OPEN:
        return False  # the usual case, asked first: no need to count its room-mates
    return party_size > len(room_mates(game, mon_eid)) + 1
