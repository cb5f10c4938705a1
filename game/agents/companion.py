"""AI heroes: companions (`ai+hero` seats) and the autoplayer's party. They play sensibly: fight
what is in reach, search a room for traps before crossing it, disarm what they find when their
class ties them to it, drink healing when low, gather loot, go down when strong and turn for town
when weak. Every choice is a pure function of the game state (replays stay exact)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from game.agents.town_agent import town_action
from game.engine import actions as A
from game.engine.loot import reachable_treasure
from game.engine.quests import fulfilled
from game.engine.reach import RANGED_REACH, RANGED_TYPES, can_see
from game.engine.routes import explore_goals, step_towards, tiles_of, usable_exits
from game.mapgen.tiles import Tile
from game.rules.heroes import is_tied, max_hits
from game.world.components import HeroState, Position, TrapState, TreasureState

if TYPE_CHECKING:
    from game.engine.game import Game

ENTRY_STEP = {"s": (0, -1), "n": (0, 1), "w": (1, 0), "e": (-1, 0)}
IS_FURNITURE = np.isin(np.arange(max(Tile) + 1), [Tile.CHEST, Tile.CRATE, Tile.GRATE, Tile.TOMB, Tile.THRONE,
                                                  Tile.SHELF, Tile.STATUE, Tile.ALTAR, Tile.TABLE, Tile.COUNTER,
                                                  Tile.DEBRIS])  # by tile code: a lookup, not np.isin per step


def chebyshev(a: Position, x: int, y: int) -> int:
    return max(abs(a.x - x), abs(a.y - y))


def party_strength(game: Game) -> float:
    heroes = game.heroes()
    if not heroes:
        return 0.0
    return sum(h.hits for _, h in heroes) / sum(max_hits(h.level) for _, h in heroes)


def wants_town(game: Game, max_turns: int) -> bool:
    """Turn back when the party is badly hurt, when the quest is done and the floor is deep
    enough, when food and oil run out, or when time (the turn limit) is running short."""
    if game.party.returning:
        return True
    if party_strength(game) < 0.35 and game.stats.rooms_entered >= 2:
        return True
    if fulfilled(game) and game.dungeon.floor_no >= game.dungeon.entrance_floor + 1:
        return True
    if game.time.rations < len(game.heroes()) and game.time.oil <= 0:
        return True  # the time track: food and lantern oil both nearly gone
    return game.turn > max_turns * 0.6


def hero_action(game: Game, seat: int, max_turns: int = 5000, leader: int | None = None) -> Any:
    """The action an AI hero takes now. `leader` (a human hero's entity) makes it a companion
    that keeps near its friend instead of exploring on its own."""
    if game.phase == "town":
        return town_action(game, seat, max_turns)
    eid = game.party.hero_of[seat]
    hero = game.world.comp(eid, HeroState)
    pos = game.position(eid)
    if pos is None:
        return A.Wait(seat)
    # 1. drink when low
    if hero.hits <= max(2, max_hits(hero.level) // 3):
        for i, (_, item) in enumerate(game.pack(eid)):
            if item.spec.heal > 0:
                return A.UseItem(seat, i)
    # 2. fight
    fight = fight_action(game, seat, eid, pos)
    if fight is not None:
        return fight
    # 3. a known trap next to us: disarm it if the class knows how, or if it guards loot
    for _, (trap, tpos) in game.world.get2(TrapState, Position):
        near = tpos.floor == pos.floor and chebyshev(pos, tpos.x, tpos.y) <= 1
        if near and trap.live and eid in trap.found_by and (  # the sheet is read only for a trap beside us
                is_tied(game.sheet(eid), trap.spec.type, "disarm") or trap.spec.guards_treasure):
            return A.Disarm(seat, tpos.x, tpos.y)
    # 4. search each new room once, before crossing it
    cell = game.floor.cell_of(pos.x, pos.y)
    if cell is not None and (game.dungeon.floor_no, cell) not in game.dungeon.searched:
        return A.Search(seat)
    if leader is not None and leader != eid:
        return follow(game, seat, eid, pos, leader)
    # 5. loot (on the way home, only what lies within reach)
    homeward = wants_town(game, max_turns)
    loot = loot_action(game, seat, eid, pos, detours=not homeward)
    if loot is not None:
        return loot
    # 6. going home / going down / exploring
    if homeward:
        if not game.party.returning:
            return A.HeadBack(seat)
        return travel_or_act(game, seat, eid, pos, tiles_of(game, Tile.STAIR_UP), A.Ascend(seat))
    stairs = tiles_of(game, Tile.STAIR_DOWN)
    if stairs and party_strength(game) > 0.6 and rooms_here(game) >= 3:
        return travel_or_act(game, seat, eid, pos, stairs, A.Descend(seat))
    for x, y, _, side in usable_exits(game):
        if (x, y) == (pos.x, pos.y):
            dx, dy = ENTRY_STEP[side]
            return A.Move(seat, dx, dy)
    step = step_towards(game, eid, explore_goals(game))
    if step is not None:
        return step_action(seat, step)
    if stairs:
        return travel_or_act(game, seat, eid, pos, stairs, A.Descend(seat))
    if not usable_exits(game) and game.dungeon.dead_end_searches.get(game.dungeon.floor_no, 0) < 3:
        return A.Search(seat)
    if not game.party.returning:
        return A.HeadBack(seat)
    return travel_or_act(game, seat, eid, pos, tiles_of(game, Tile.STAIR_UP), A.Ascend(seat))


def rooms_here(game: Game) -> int:
    return sum(1 for r in game.floor.cells.values() if r.mapped)


def travel_or_act(game: Game, seat: int, eid: int, pos: Position, goals: list[tuple[int, int]], act: Any) -> Any:
    if (pos.x, pos.y) in goals:
        return act
    return step_action(seat, step_towards(game, eid, goals))


def step_action(seat: int, step: tuple[int, int] | None) -> Any:
    """A Move for a step, a Wait when blocked for now (or nowhere to go)."""
    if step is None or step == (0, 0):
        return A.Wait(seat)
    return A.Move(seat, *step)


def fight_action(game: Game, seat: int, eid: int, pos: Position) -> Any:
    foes = []
    for meid, mon in game.monsters():
        mpos = game.position(meid)
        if mpos is None or mpos.floor != pos.floor or not mon.aware:
            continue
        if game.derived.visible is not None and not game.derived.visible[mpos.y, mpos.x]:
            continue
        foes.append((chebyshev(pos, mpos.x, mpos.y), mon.hits, meid, mpos, mon))
    if not foes:
        return None
    foes.sort(key=lambda f: f[:3])
    dist, _, meid, mpos, mon = foes[0]
    if dist <= 1:
        if mon.fleeing and len(foes) == 1:
            return A.Move(seat, mpos.x - pos.x, mpos.y - pos.y)
        weakest = min((f for f in foes if f[0] <= 1), key=lambda f: (f[1], f[2]))
        return A.Move(seat, weakest[3].x - pos.x, weakest[3].y - pos.y)
    if game.sheet(eid).attack in RANGED_TYPES and dist <= RANGED_REACH and can_see(game, pos, mpos, RANGED_REACH):
        return A.Wait(seat)
    if mon.fleeing:
        return None
    step = step_towards(game, eid, [(mpos.x + dx, mpos.y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                                    if (dx or dy)])
    return step_action(seat, step)


def loot_action(game: Game, seat: int, eid: int, pos: Position, detours: bool = True) -> Any:
    if any(not why for _, why in reachable_treasure(game, eid)):
        return A.PickUp(seat)
    cell = game.floor.cell_of(pos.x, pos.y)
    if not detours:
        return None
    if cell is None or any(m.cell == cell and m.hostile for _, m in game.monsters()):
        return None
    goals = []
    for _, (item, ipos) in game.world.get2(TreasureState, Position):
        if ipos.floor == pos.floor and not item.hidden and game.floor.explored[ipos.y, ipos.x]:
            if game.floor.walkable[ipos.y, ipos.x]:
                goals.append((ipos.x, ipos.y))
            else:
                goals.extend(neighbours(game, ipos.x, ipos.y))
    # unsearched furniture in this room: open it (its traps were looked for on the way in)
    x0, y0, x1, y1 = game.floor.cells[cell].bounds
    ys, xs = np.nonzero(IS_FURNITURE[game.floor.tile[y0:y1 + 1, x0:x1 + 1]])
    for x, y in zip((xs + x0).tolist(), (ys + y0).tolist(), strict=True):
        if (game.dungeon.floor_no, x, y) in game.dungeon.opened:
            continue
        if chebyshev(pos, x, y) <= 1:
            if any(eid in game.world.comp(t, TrapState).found_by and game.world.comp(t, TrapState).live
                   for t in traps_on(game, x, y)):
                return A.Disarm(seat, x, y)
            return A.Interact(seat, x, y)
        goals.extend(neighbours(game, x, y))
    if not goals:
        return None
    step = step_towards(game, eid, goals)
    if step is None:
        return None
    return step_action(seat, step)


def traps_on(game: Game, x: int, y: int) -> list[int]:
    return [e for e, (t, p) in game.world.get2(TrapState, Position)
            if (p.x, p.y, p.floor) == (x, y, game.dungeon.floor_no)]


def neighbours(game: Game, x: int, y: int) -> list[tuple[int, int]]:
    floor = game.floor
    return [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
            if (dx or dy) and 0 <= y + dy < floor.height and 0 <= x + dx < floor.width
            and floor.walkable[y + dy, x + dx]]


def follow(game: Game, seat: int, eid: int, pos: Position, leader: int) -> Any:
    lpos = game.position(leader)
    if lpos is None or lpos.floor != pos.floor or chebyshev(pos, lpos.x, lpos.y) <= 2:
        return A.Wait(seat)
    return step_action(seat, step_towards(game, eid, neighbours(game, lpos.x, lpos.y)))
