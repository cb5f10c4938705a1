"""AI heroes: companions (`ai+hero` seats) and the autoplayer's party. They play sensibly: fight
what is in reach, search a room for traps before crossing it, disarm what they find when their
class ties them to it, drink healing when low, gather the floor's loot, look round a floor before
going down a stair when strong, follow `way_on` when nothing is left in reach (mending first
when a door's failure could slay one of them), and turn for town when weak, short of food, or
done with the quest and deep enough. Every choice is a pure function of the game state (replays
stay exact), never of the turn limit, which only stops a run."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from game.agents.town_agent import BARELY_BEGUN, town_action
from game.engine import actions as A
from game.engine.game import TIME_TRACK
from game.engine.growth import ai_growth
from game.engine.loot import on_floor_of, reachable_treasure
from game.engine.quests import counts_for, fulfilled, to_be_caught
from game.engine.reach import RANGED_REACH, RANGED_TYPES, can_see
from game.engine.routes import Goals, exit_side, explore_goals, step_towards, steps_around, tiles_of, weakest_hero
from game.engine.way_on import has_way_on, seen_unworked, way_on
from game.mapgen.tiles import Tile
from game.rules.heroes import is_tied, max_hits
from game.world.components import HeroState, MonsterState, Position, TrapState, TreasureState

if TYPE_CHECKING:
    from game.engine.game import Game

DESCEND_STRENGTH = 0.6  # share of its Hits the party needs to go down a stair
WEAK = 0.3  # share of its Hits below which a party with no draught left turns back
QUEST_DONE_STRENGTH = 0.4  # share of its Hits a party with its quest done needs to keep delving
WAY_HOME_ROUNDS = 150  # rounds a party reckons on for each floor of its way back to town
FLOOR_ROOMS = 5  # rooms a party looks round on a floor before it goes down a stair it knows
ENTRY_STEP = {"s": (0, -1), "n": (0, 1), "w": (1, 0), "e": (-1, 0)}
# the stairs' tiles, asked for at every decision: an enum member looked up on its class costs some ten plain reads
STAIR_DOWN, STAIR_UP = Tile.STAIR_DOWN, Tile.STAIR_UP


def chebyshev(a: Position, x: int, y: int) -> int:
    return max(abs(a.x - x), abs(a.y - y))


def party_strength(game: Game) -> float:
    """The living heroes' Hits over their most (0 with none living), both summed in one pass."""
    hits = most = 0
    for _, hero in game.heroes(living=False):  # the living ones picked here, in the same pass
        if hero.hits > 0:
            hits += hero.hits
            most += max_hits(hero.level)
    return hits / most if most else 0.0


def wants_town(game: Game) -> bool:
    """Turn back as a good player would, from what the party can see of itself (never from the
    turn limit, which only stops a run): badly hurt with no draught left, food and oil both
    nearly gone, or the quest done and the party no longer strong enough to press on."""
    if game.party.returning:
        return True
    strength = party_strength(game)
    pressed_on = game.stats.town_visits > 0 and game.stats.rooms_entered < BARELY_BEGUN  # town could not mend it
    if strength < WEAK and game.stats.rooms_entered >= 2 and not healing_held(game) and not pressed_on:
        return True
    floors_up = game.dungeon.floor_no - game.dungeon.entrance_floor + 1
    if game.time.oil <= 0 and food_rounds(game) < WAY_HOME_ROUNDS * floors_up:
        return True  # the time track: the lantern is out and the food would not last much past the way home
    return (strength < QUEST_DONE_STRENGTH or deep_enough(game)) and fulfilled(game)  # the costly test last


def food_rounds(game: Game) -> int:
    """Rounds the party's rations feed every hero for (one ration each a meal)."""
    return game.time.rations // max(1, len(game.heroes())) * TIME_TRACK.meal_rounds


def healing_held(game: Game) -> bool:
    return any(draught(game, eid) is not None for eid, _ in game.heroes())


def draught(game: Game, eid: int) -> int | None:
    """The pack index of the hero's first healing item that the quest does not count, else its
    first (None without one): the apothecary's draughts are drunk last. A pack changes only by
    adding or removing components, and what the quest counts only when the party brings it out
    (`quests.bring_out` adds to the stats), so the answer is kept per `World.version` and those
    counts: a hurt hero with nothing to drink asks at every step."""
    world, stats = game.world, game.stats
    key = (world.version, stats.collected, stats.objectives)
    kept = game.derived.caches.get("draughts")
    if kept is None or kept[0] is not world or kept[1] != key:
        kept = game.derived.caches["draughts"] = (world, key, {})
    found = kept[2]
    if eid not in found:
        quest = game.quest
        healing = [(quest is not None and counts_for(quest, item), i)
                   for i, (_, item) in enumerate(game.pack(eid)) if item.spec.heal > 0]
        found[eid] = min(healing)[1] if healing else None
    return found[eid]


def deep_enough(game: Game) -> bool:
    """With the quest done, the party has seen what it came for once it has looked round a floor
    three below the entrance."""
    return (game.dungeon.floor_no >= game.dungeon.entrance_floor + 3 and rooms_here(game) >= FLOOR_ROOMS
            or game.stats.deepest_floor >= game.dungeon.entrance_floor + 4)


def hero_action(game: Game, seat: int, leader: int | None = None) -> Any:
    """The action an AI hero takes now. `leader` (a human hero's entity) makes it a companion
    that keeps near its friend instead of exploring on its own."""
    if game.phase == "town":
        return town_action(game, seat)
    eid = game.party.hero_of[seat]
    hero = game.world.comp(eid, HeroState)
    pos = game.position(eid)
    if pos is None:
        return A.Wait(seat)
    # 1. drink when low
    if hero.hits <= max(2, max_hits(hero.level) // 3):
        index = draught(game, eid)
        if index is not None:
            return A.UseItem(seat, index)
    # 2. fight
    fight = fight_action(game, seat, eid, pos)
    if fight is not None:
        if story_worth_spending(game, eid, hero, pos):
            return A.SpendStory(seat)
        return fight
    # 2b. the quest's creature to catch, in sight: lay hands on it
    catch = catch_action(game, seat, eid, pos)
    if catch is not None:
        return catch
    # 3. a known trap next to us: disarm it if the class knows how, or if it guards loot
    px, py = pos.x, pos.y
    for _, (trap, tpos) in on_floor_of(game, TrapState, pos):  # the cheapest test first
        if eid in trap.found_by and -1 <= tpos.x - px <= 1 and -1 <= tpos.y - py <= 1 and trap.live and (
                is_tied(game.sheet(eid), trap.spec.type, "disarm") or trap.spec.guards_treasure):  # sheet: last
            return A.Disarm(seat, tpos.x, tpos.y)
    # 4. search each new room once, before crossing it
    cell = game.floor.cell_of(pos.x, pos.y)
    if cell is not None and (game.dungeon.floor_no, cell) not in game.dungeon.searched:
        return A.Search(seat)
    if leader is not None and leader != eid:
        return follow(game, seat, eid, pos, leader)
    # 5. loot (on the way home, only what lies within reach)
    homeward = wants_town(game)
    loot = loot_action(game, seat, eid, pos, detours=not homeward)
    if loot is not None:
        return loot
    # 6. going home / going down / exploring
    if homeward:
        if not game.party.returning:
            return A.HeadBack(seat)
        return travel_or_act(game, seat, eid, pos, tiles_of(game, STAIR_UP), A.Ascend(seat))
    stairs = tiles_of(game, STAIR_DOWN)
    if stairs and ready_to_go_down(game):
        return travel_or_act(game, seat, eid, pos, stairs, A.Descend(seat))
    side = exit_side(game, pos.x, pos.y)
    if side is not None:
        dx, dy = ENTRY_STEP[side]
        return move_action(seat, dx, dy)
    step = walk(game, seat, eid, explore_goals(game))
    if step is not None:
        return step
    return go_on(game, seat, eid, pos)


def trait_action(game: Game, seat: int) -> A.ChooseTrait:
    """The owed growth of a human seat's hero when the AI plays that seat (autoplay, the scripted
    player): the trait the AI would raise when it may be raised, else the first one offered (a
    player taking the top line of the menu)."""
    return A.ChooseTrait(seat, ai_growth(game, game.party.hero_of[seat]))


def ai_action(game: Game) -> Any:
    """What the AI does for the seat the game waits for: a human seat's owed trait (autoplay and
    the tests play human seats by the AI too), else its hero's action."""
    waiting = game.awaiting()
    if waiting.kind == "trait":
        return trait_action(game, waiting.seat)
    return hero_action(game, game.next_seat())


def ready_to_go_down(game: Game) -> bool:
    """A good party goes down a known stair when it is strong, has looked round this floor (its
    loot and experience) and the floor below still leads somewhere."""
    if party_strength(game) <= DESCEND_STRENGTH or rooms_here(game) < FLOOR_ROOMS:
        return False
    return has_way_on(game, game.dungeon.floor_no + 1)  # the costly test last


def go_on(game: Game, seat: int, eid: int, pos: Position) -> Any:
    """Nothing left to explore in reach: do what `way_on` says is the way on."""
    way = way_on(game, eid)
    if way.kind == "stair":
        return travel_or_act(game, seat, eid, pos, list(way.goals), A.Descend(seat))
    if way.kind == "work":
        near = [(x, y) for x, y in way.goals if chebyshev(pos, x, y) <= 1]
        if near:
            return A.Interact(seat, *near[0])
        return travel_or_act(game, seat, eid, pos, [n for x, y in way.goals for n in neighbours(game, x, y)],
                             A.Search(seat))
    if way.kind == "search":
        return A.Search(seat)
    if way.kind == "mend":
        mend = mend_action(game, seat, eid)
        if mend is not None:
            return mend
    if way.kind == "up":
        return travel_or_act(game, seat, eid, pos, list(way.goals), A.Ascend(seat))
    if not game.party.returning:
        return A.HeadBack(seat)
    return travel_or_act(game, seat, eid, pos, tiles_of(game, STAIR_UP), A.Ascend(seat))


def mend_action(game: Game, seat: int, eid: int) -> Any:
    """A door's failure could slay the weakest hero: it drinks a draught if it holds one (another
    hero waits for it to), else None (the party turns for town, where it is mended)."""
    found = weakest_hero(game)
    index = None if found is None else draught(game, found[0])
    if index is None:
        return None
    return A.UseItem(seat, index) if found[0] == eid else A.Wait(seat)


def story_worth_spending(game: Game, eid: int, hero: HeroState, pos: Position) -> bool:
    """A story point's two dice are worth most when a blow could finish the hero: it spends one
    in a fight at close quarters once it is down to half its Hits (costs no turn)."""
    if hero.story_points <= 0 or hero.spend_story_point or hero.hits > max_hits(hero.level) // 2:
        return False
    return any(m.aware and (p := game.position(m_eid)) is not None and p.floor == pos.floor
               and chebyshev(pos, p.x, p.y) <= 1 for m_eid, m in game.monsters())


def rooms_here(game: Game) -> int:
    """The floor's mapped rooms, counted again only when its tiles change (mapping a room changes
    them): a party deep down asks at every step."""
    floor = game.floor
    kept = game.derived.caches.get("rooms_here")
    if kept is None or kept[0] is not floor or kept[1] != floor.version:
        kept = game.derived.caches["rooms_here"] = (floor, floor.version,
                                                    sum(1 for r in floor.cells.values() if r.mapped))
    return kept[2]


def travel_or_act(game: Game, seat: int, eid: int, pos: Position, goals: Goals, act: Any) -> Any:
    """`act` on a goal tile, else a step towards the nearest; a Search when none can be reached
    (a search is never wasted: it may find a trap or a passage), so a hero never stands idle."""
    if (pos.x, pos.y) in goals:
        return act
    step = walk(game, seat, eid, goals)
    return A.Search(seat) if step is None else step


def walk(game: Game, seat: int, eid: int, goals: Goals) -> Any:
    """The next step towards the nearest goal, or None when none can be reached. When someone
    stands in the way: a hostile monster there is fought (one unseen in the dark blocks a
    corridor for good otherwise), else the hero steps round if a tile no farther from the goal
    is free, else it pushes past a peaceful monster by force; it waits only for a friend."""
    step = step_towards(game, eid, goals)
    if step != (0, 0):
        return None if step is None else move_action(seat, *step)
    pos = game.position(eid)
    here, around = steps_around(game, eid, goals)
    in_the_way = [(d, dy, dx, game.world.try_comp(who, MonsterState)) for d, dy, dx in around if d < here
                  and (who := game.creature_at(pos.x + dx, pos.y + dy)) is not None]
    for _, dy, dx, mon in in_the_way:
        if mon is not None and mon.hostile:
            return move_action(seat, dx, dy)
    for d, dy, dx in around:
        if d <= here and game.creature_at(pos.x + dx, pos.y + dy) is None:
            return move_action(seat, dx, dy)
    for _, dy, dx, mon in in_the_way:
        if mon is not None:
            return move_action(seat, dx, dy)  # nothing else gets past it
    return A.Wait(seat)


@functools.cache
def move_action(seat: int, dx: int, dy: int) -> A.Move:
    """A hero's step as an action, made once per seat and step: a Move is a frozen value, and
    making one costs about as much as twenty plain calls (nearly every decision is a step)."""
    return A.Move(seat, dx, dy)


def step_action(seat: int, step: tuple[int, int] | None) -> Any:
    """A Move for a step, a Wait when blocked for now (or nowhere to go)."""
    if step is None or step == (0, 0):
        return A.Wait(seat)
    return move_action(seat, *step)


def fight_action(game: Game, seat: int, eid: int, pos: Position) -> Any:
    foes = []
    visible = game.derived.visible
    catching = game.quest is not None and game.quest.catch  # its creature is caught, not fought (`catch_action`)
    for meid, (mon, mpos) in on_floor_of(game, MonsterState, pos):  # `game.monsters()` here, with their places
        if mon.hits <= 0 or not mon.aware:
            continue
        if visible is not None and not visible[mpos.y, mpos.x]:
            continue
        if catching and to_be_caught(game, meid):
            continue
        foes.append((max(abs(pos.x - mpos.x), abs(pos.y - mpos.y)), mon.hits, meid, mpos, mon))
    if not foes:
        return None
    foes.sort()  # by distance, Hits and entity: the entity is unique, so nothing after it is compared
    dist, _, meid, mpos, mon = foes[0]
    if dist <= 1:
        if mon.fleeing and len(foes) == 1:
            return move_action(seat, mpos.x - pos.x, mpos.y - pos.y)
        weakest = min((f for f in foes if f[0] <= 1), key=lambda f: (f[1], f[2]))
        return move_action(seat, weakest[3].x - pos.x, weakest[3].y - pos.y)
    if game.sheet(eid).attack in RANGED_TYPES and dist <= RANGED_REACH and can_see(game, pos, mpos, RANGED_REACH):
        return A.Wait(seat)
    if mon.fleeing:
        return None
    step = walk(game, seat, eid, [(mpos.x + dx, mpos.y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                                  if (dx or dy)])
    return A.Wait(seat) if step is None else step


def catch_action(game: Game, seat: int, eid: int, pos: Position) -> Any:
    """The quest wants a creature caught and one is in sight: walk up to it and step into it (a
    catch, `quests.try_catch`), peaceful or not; None when there is none, or no way to it."""
    if game.quest is None or not game.quest.catch:
        return None
    visible = game.derived.visible
    near = []
    for meid, (mon, mpos) in on_floor_of(game, MonsterState, pos):
        if mon.hits > 0 and (visible is None or visible[mpos.y, mpos.x]) and to_be_caught(game, meid):
            near.append((chebyshev(pos, mpos.x, mpos.y), meid, mpos))
    if not near:
        return None
    dist, _, mpos = min(near)
    if dist <= 1:
        return move_action(seat, mpos.x - pos.x, mpos.y - pos.y)
    return walk(game, seat, eid, [(mpos.x + dx, mpos.y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                                  if (dx or dy)])


def loot_action(game: Game, seat: int, eid: int, pos: Position, detours: bool = True) -> Any:
    """Take what can be taken here; otherwise (unless `detours` is off, on the way home) walk to
    the nearest loot of the floor's entered rooms that no monster still holds: treasure lying in
    the open that nothing keeps from this hero, and furniture not yet worked. The goals are the
    whole floor's, not the room the hero happens to stand in, so walking towards one never turns
    into walking away from it on the next step."""
    px, py = pos.x, pos.y
    near = False  # any treasure within a step: reachable_treasure looks at no other, so it is asked only then
    held = None  # the cells monsters hold, asked only once some loot is in question
    goals = []
    floor = game.floor
    for _, (item, ipos) in on_floor_of(game, TreasureState, pos):
        if item.hidden:
            continue
        if -1 <= ipos.x - px <= 1 and -1 <= ipos.y - py <= 1:
            near = True
        if not detours or not floor.explored[ipos.y, ipos.x]:
            continue
        held = held_cells(game) if held is None else held
        if floor.cell_of(ipos.x, ipos.y) in held or kept_by_trap(game, item, eid):
            continue
        if floor.walkable[ipos.y, ipos.x]:
            goals.append((ipos.x, ipos.y))
        else:
            goals.extend(neighbours(game, ipos.x, ipos.y))
    if near and any(not why for _, why in reachable_treasure(game, eid)):
        return A.PickUp(seat)
    if not detours:
        return None
    # unworked furniture in entered rooms: open it (its traps were looked for on the way in)
    seen = seen_unworked(game, game.dungeon.floor_no)  # `unworked` less the held cells, asked once
    if seen:
        held = held_cells(game) if held is None else held
    for cell, x, y in seen:
        if cell in held:
            continue
        if chebyshev(pos, x, y) <= 1:
            if any(eid in game.world.comp(t, TrapState).found_by and game.world.comp(t, TrapState).live
                   for t in traps_on(game, x, y)):
                return A.Disarm(seat, x, y)
            return A.Interact(seat, x, y)
        goals.extend(neighbours(game, x, y))
    if not goals:
        return None
    return walk(game, seat, eid, goals)


def held_cells(game: Game) -> set[tuple[int, int]]:
    """The cells of this floor a living hostile monster holds (its own cell)."""
    return {m.cell for _, (m, _) in game.on_floor(MonsterState) if m.hits > 0 and m.hostile}


def kept_by_trap(game: Game, item: TreasureState, eid: int) -> bool:
    """A live trap still guards the item against this hero (walking up to it takes nothing)."""
    return any(game.world.exists(t) and game.world.comp(t, TrapState).live and not game.world.comp(t, TrapState).sprung
               and eid not in game.world.comp(t, TrapState).passed_by for t in item.guarded_by)


def traps_on(game: Game, x: int, y: int) -> list[int]:
    return [e for e, (t, p) in game.world.get2(TrapState, Position)
            if (p.x, p.y, p.floor) == (x, y, game.dungeon.floor_no)]


def neighbours(game: Game, x: int, y: int) -> list[tuple[int, int]]:
    """The walkable tiles around (x, y) on this floor, kept per tile until its tiles change (the
    same furniture is walked to at every step). Shared: its askers only read it."""
    floor = game.floor
    kept = game.derived.caches.get("neighbours")
    if kept is None or kept[0] is not floor or kept[1] != floor.version:
        kept = game.derived.caches["neighbours"] = (floor, floor.version, {})
    found = kept[2].get((x, y))
    if found is None:
        found = kept[2][(x, y)] = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                                   if (dx or dy) and 0 <= y + dy < floor.height and 0 <= x + dx < floor.width
                                   and floor.walkable[y + dy, x + dx]]
    return found


def follow(game: Game, seat: int, eid: int, pos: Position, leader: int) -> Any:
    lpos = game.position(leader)
    if lpos is None or lpos.floor != pos.floor or chebyshev(pos, lpos.x, lpos.y) <= 2:
        return A.Wait(seat)
    return step_action(seat, step_towards(game, eid, neighbours(game, lpos.x, lpos.y)))
