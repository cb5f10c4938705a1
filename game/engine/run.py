"""A whole run: starting at the entrance, applying each action, ending each round, deaths, and
the way out to town. `Game.apply` lands in `apply_action` here; nothing else changes a game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.seats import HeroChoice
from game.engine import actions as A
from game.engine.combat import combat_turn, continuous_effects, resist, struggle_free, suffer
from game.engine.entering import designer_input, enter_room, forget_retraced, retrace_check, spawn_doors
from game.engine.game import MEAL_TURNS, START_RATIONS, START_TORCHES, TORCH_TURNS
from game.engine.party_sight import update_sight
from game.engine.trap_play import disarm, search, spring_all
from game.mapgen.floor import Floor
from game.mapgen.tiles import Tile
from game.rules.costs import trade_value, treasure_cost
from game.rules.heroes import max_hits
from game.rules.party import entrance_floor
from game.rules.purchases import Treasure
from game.world.components import (
    Carried,
    DoorState,
    Effects,
    Glyph,
    HeroState,
    MonsterState,
    Named,
    Position,
    TrapState,
    TreasureState,
)

if TYPE_CHECKING:
    from game.engine.game import Game

DIRECTIONS = {(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - {(0, 0)}
LINGER_ROUNDS = 30  # rounds of lingering that make one of A Dungeon Game's wandering checks


# ----- starting ---------------------------------------------------------------------------------
def start_run(game: Game, heroes: dict[int, HeroChoice]) -> None:
    from game.engine.quests import pick_quest

    levels = [game.start_level for s in game.seats if s.has_hero]
    game.floor_no = entrance_floor(levels)
    game.entrance_floor = game.floor_no
    game.floors[game.floor_no] = Floor.new(game.streams, game.floor_no, game.dials.theme)
    game.stats.deepest_floor = game.floor_no
    for seat in game.seats:
        if seat.has_hero:
            game.make_hero(seat.index, game.start_level, heroes.get(seat.index))
    game.torches = START_TORCHES * len(levels)
    game.rations = START_RATIONS * len(levels)
    spawn_doors(game, game.floor.cells[game.floor.entrance].plan)
    x, y = game.floor.start
    for i, (eid, _) in enumerate(game.heroes()):
        px, py = free_tile_near(game, x, y) if i else (x, y)
        game.world.add(eid, Position(px, py, game.floor_no))
    game.last_party_min = game.party_numbers()[0]
    game.quest = pick_quest(game)
    game.say(f"The party stands at the mouth of the {game.dials.theme}, Floor {game.floor_no}.", "hallway")
    if game.quest is not None:
        game.say(f"Quest: {game.quest.name} - {game.quest.text}", "hallway")
    start_round(game)


def free_tile_near(game: Game, x: int, y: int) -> tuple[int, int]:
    """The nearest walkable, empty tile to (x, y) (ring by ring, in a fixed order)."""
    floor = game.floor
    for r in range(0, 12):
        for dy in range(-r, r + 1):
            for dx in range(-r, r + 1):
                if max(abs(dx), abs(dy)) != r:
                    continue
                nx, ny = x + dx, y + dy
                if 0 <= ny < floor.height and 0 <= nx < floor.width and floor.walkable[ny, nx] \
                        and int(floor.tile[ny, nx]) != Tile.DOOR and game.creature_at(nx, ny) is None:
                    return nx, ny
    return x, y


# ----- rounds -----------------------------------------------------------------------------------
def start_round(game: Game) -> None:
    """Every living hero acts once, in seat order; a held hero loses its action."""
    update_sight(game)
    for _ in range(50):
        if game.phase != "dungeon":
            return
        game.queue = [h.seat for e, h in game.heroes() if not game.world.comp(e, Effects).held]
        if game.queue:
            return
        if not game.heroes():
            wipe(game)
            return
        end_round(game)  # everyone is held: the monsters go on
        update_sight(game)


def end_round(game: Game) -> None:
    from game.engine.entering import wandering_check
    from game.engine.tactics import monster_turn

    monster_turn(game)
    fought = combat_turn(game)
    if not fought:
        struggle_free(game)
    game.turn += 1
    burn_light(game)
    if game.turn % MEAL_TURNS == 0:
        eat(game)
    game.focus = {k: v for k, v in game.focus.items() if alive_monster(game, v)}
    if not game.heroes():
        wipe(game)
        return
    if fought:
        game.lingering = 0
    elif not any(m.aware for _, m in game.monsters()):
        game.lingering += 1
        if game.lingering % LINGER_ROUNDS == 0:
            wandering_check(game)


def alive_monster(game: Game, eid: int) -> bool:
    mon = game.world.try_comp(eid, MonsterState)
    return mon is not None and mon.hits > 0


def burn_light(game: Game) -> None:
    """The time track: the lantern burns oil each round, then torches one after another."""
    if game.oil > 0:
        game.oil -= 1
        if game.oil == 0:
            game.say("The lantern gutters out: the party lights a torch.", "danger")
            light_torch(game)
    elif game.torch_left > 0:
        game.torch_left -= 1
        if game.torch_left == 0:
            light_torch(game)


def eat(game: Game) -> None:
    """The time track is full: every living hero eats a ration (Roll Through the Dungeon). A hero
    with none goes hungry: the book's loss of 1 HP, as a painful conflict against 1 Pain die."""
    for eid, _ in game.heroes():
        if game.rations > 0:
            game.rations -= 1
            continue
        game.say(f"{game.name(eid)} has nothing left to eat.", "danger")
        suffer(game, eid, "hunger", -1, 1, "hunger", True, "hunger")
    if 0 < game.rations <= len(game.heroes()):
        game.say(f"Food is running low: {game.rations} ration{'s' if game.rations != 1 else ''} left.", "danger")


def light_torch(game: Game) -> None:
    if game.torches > 0:
        game.torches -= 1
        game.torch_left = TORCH_TURNS
    else:
        game.say("The last torch dies. Darkness closes in.", "danger")


def light_kind(game: Game) -> str:
    if game.oil > 0:
        return "lantern"
    return "torch" if game.torch_left > 0 else "none"


def wipe(game: Game) -> None:
    game.phase = "over"
    game.outcome = "wiped"
    game.queue = []
    game.say("The whole party has fallen. The dungeon keeps them.", "danger")


# ----- deaths -----------------------------------------------------------------------------------
def hero_died(game: Game, eid: int, cause: str) -> None:
    hero = game.world.comp(eid, HeroState)
    hero.hits = 0
    hero.cause_of_death = cause
    game.stats.deaths += 1
    pos = game.position(eid)
    for item_eid, _ in game.pack(eid):
        game.world.remove(item_eid, Carried)
        if pos is not None:
            game.world.add(item_eid, Position(pos.x, pos.y, pos.floor))
    game.world.comp(eid, Effects).active.clear()
    game.say(f"{game.name(eid)} falls, slain by {cause}.", "danger")
    if pos is not None:
        game.world.remove(eid, Position)
        game.world.add(eid, Named(game.name(eid), f"died on Floor {pos.floor}"))
    if hero.seat in game.queue:
        game.queue.remove(hero.seat)


def monster_died(game: Game, eid: int, killer: int) -> None:
    from game.engine.tactics import group_morale

    mon = game.world.comp(eid, MonsterState)
    mon.hits = 0
    game.stats.monsters_killed += 1
    hero = game.world.try_comp(killer, HeroState) if killer >= 0 else None
    if hero is not None:
        hero.kills += 1
    game.kills_by_name[game.name(eid).lower()] = game.kills_by_name.get(game.name(eid).lower(), 0) + 1
    game.say(f"{game.name(eid)} dies.", "combat")
    game.world.remove(eid, Position)
    for heid, _ in game.heroes():  # a hold ends with its holder
        effects = game.world.comp(heid, Effects)
        effects.active = [e for e in effects.active if not (e.hold and e.source_entity == eid)]
    group_morale(game, eid)
    if not any(m.cell == mon.cell and m.hostile for _, m in game.monsters()):
        game.stats.fights_won += 1
        game.stats.rooms_cleared += 1
        game.say("The room falls quiet.", "loot")


# ----- actions ----------------------------------------------------------------------------------
def apply_action(game: Game, action: Any) -> None:
    """Apply one action. A hero action that does nothing (walking into a wall) costs no turn."""
    if game.phase == "over":
        return
    if isinstance(action, A.Narrate):
        narrate(game, action)
        return
    if game.phase == "town":
        from game.engine.town import town_action

        town_action(game, action)
        return
    if isinstance(action, A.HeadBack):
        if not game.returning:
            game.returning = True
            game.say("The party turns for town, retracing its steps.", "hallway")
        return
    if isinstance(action, A.SpendStory):
        spend_story(game, action.seat)
        return
    if game.pending is not None:
        if designer_input(game, action):
            resume_room(game)
        return
    if not game.queue or action.seat != game.queue[0] or action.seat not in game.hero_of:
        return
    eid = game.hero_of[action.seat]
    used = hero_action(game, eid, action)
    if used and game.pending is None:
        turn_done(game, action.seat)


def turn_done(game: Game, seat: int) -> None:
    """The acting hero's turn is over: the next hero, or the end of the round."""
    if game.phase != "dungeon":
        return
    if game.queue and game.queue[0] == seat:
        game.queue.pop(0)
    if not game.queue:
        end_round(game)
        start_round(game)
    else:
        update_sight(game)


def resume_room(game: Game) -> None:
    """Human designers gave what the Hallway waited for: if the room is now designed, the
    leader's step into it completes and its turn ends."""
    pending = game.pending
    if pending is None or not enter_room(game, pending.leader, pending.cell, pending.side, pending.target):
        return
    eid = pending.leader
    hero = game.world.comp(eid, HeroState)
    x, y = pending.target
    if hero.hits > 0 and game.phase == "dungeon" and game.floor.walkable[y, x] and game.creature_at(x, y) is None:
        pos = game.position(eid)
        pos.x, pos.y = x, y
        spring_all(game, eid, x, y, "walk", "steps on a hidden plate")
    turn_done(game, hero.seat)


def hero_action(game: Game, eid: int, action: Any) -> bool:
    if isinstance(action, A.Move):
        return move(game, eid, action.dx, action.dy)
    if isinstance(action, A.Wait):
        return True
    if isinstance(action, A.Search):
        search(game, eid)
        return True
    if isinstance(action, A.Disarm):
        trap = known_trap_at(game, eid, action.x, action.y)
        if trap is None:
            game.say("There is no trap you know of there.")
            return False
        disarm(game, eid, trap)
        return True
    if isinstance(action, A.Interact):
        return interact(game, eid, action.x, action.y)
    if isinstance(action, A.PickUp):
        return pick_up(game, eid)
    if isinstance(action, A.UseItem):
        return use_item(game, eid, action.item)
    if isinstance(action, A.Drop):
        return drop(game, eid, action.item)
    if isinstance(action, A.Descend):
        return descend(game, eid)
    if isinstance(action, A.Ascend):
        return ascend(game, eid)
    return False


def known_trap_at(game: Game, hero_eid: int, x: int, y: int) -> int | None:
    pos = game.position(hero_eid)
    if pos is None or max(abs(pos.x - x), abs(pos.y - y)) > 1:
        return None
    for teid, (trap, tpos) in game.world.get2(TrapState, Position):
        if (tpos.x, tpos.y, tpos.floor) == (x, y, pos.floor) and trap.live and hero_eid in trap.found_by:
            return teid
    return None


def move(game: Game, eid: int, dx: int, dy: int) -> bool:
    pos = game.position(eid)
    if pos is None or (dx, dy) not in DIRECTIONS:
        return False
    floor = game.floor
    nx, ny = pos.x + dx, pos.y + dy
    if not (0 <= nx < floor.width and 0 <= ny < floor.height):
        return False
    other = game.creature_at(nx, ny)
    if other is not None:
        mon = game.world.try_comp(other, MonsterState)
        if mon is not None:
            game.focus[eid] = other
            if mon.peaceful or not mon.aware:
                mon.peaceful, mon.aware = False, True
                game.say(f"{game.name(eid)} strikes at {game.name(other)}: it turns to fight!", "combat")
                return True
            game.say(f"{game.name(eid)} presses the attack on {game.name(other)}.", "combat")
            return True
        if any(m.aware for _, m in game.monsters()):
            return False
        opos = game.position(other)  # out of a fight, friends swap places
        opos.x, opos.y = pos.x, pos.y
        pos.x, pos.y = nx, ny
        return True
    tile = int(floor.tile[ny, nx])
    if tile == Tile.DOOR:
        return open_door(game, eid, nx, ny)
    entering = floor.step_into(pos.x, pos.y, nx, ny)
    if entering is not None:
        cell, side = entering
        if not enter_room(game, eid, cell, side, (nx, ny)):
            return True  # the Hallway waits for human designers; the step ends when they are done
        if game.phase != "dungeon" or game.world.comp(eid, HeroState).hits <= 0:
            return True
        tile = int(floor.tile[ny, nx])
        if not floor.walkable[ny, nx] or game.creature_at(nx, ny) is not None:
            return True  # the room is there now, but something stands in the way in
    elif not floor.walkable[ny, nx]:
        return False  # a wall: no turn spent
    elif game.returning and floor.cell_of(nx, ny) not in (None, floor.cell_of(pos.x, pos.y)):
        retrace_check(game, floor.cell_of(nx, ny))
        if game.creature_at(nx, ny) is not None:
            return True
    if not terrain_allows(game, eid, tile):
        return True
    pos.x, pos.y = nx, ny
    spring_all(game, eid, nx, ny, "walk", "steps on a hidden plate")
    return True


def terrain_allows(game: Game, eid: int, tile: int) -> bool:
    """Roll Through the Dungeon's terrain as Fungeon conflicts: wading a river or crossing ice is
    an Agility test (annoy vs Floor dice); a failure costs a painful conflict (the book's hit
    point loss) and, in water or swamp, the step."""
    if tile not in (Tile.WATER, Tile.ICE, Tile.SWAMP):
        return True
    pos = game.position(eid)
    if int(game.floor.tile[pos.y, pos.x]) == tile:
        return True  # already in it: keep going
    label = {Tile.WATER: "the current", Tile.ICE: "the ice", Tile.SWAMP: "the mire"}[Tile(tile)]
    ok, _ = resist(game, eid, label, -1, game.floor_no, "falling", False, action="agility")
    if ok:
        return True
    if tile == Tile.SWAMP:
        game.say(f"{game.name(eid)} sinks in {label} and struggles.", "danger")
        return False
    suffer(game, eid, label, -1, 1, "falling", False, label)
    return tile == Tile.ICE


def open_door(game: Game, eid: int, x: int, y: int) -> bool:
    """A closed door: its trap springs first (if there is one the hero does not know of), then
    its lock (Locks test), jam (Force test) or lever must be beaten (tier dice + Floor)."""
    door_eid = game.entity_at(x, y, DoorState)
    door = game.world.comp(door_eid, DoorState) if door_eid is not None else None
    spring_all(game, eid, x, y, "open", "opens a door")
    if game.world.comp(eid, HeroState).hits <= 0:
        return True
    if door is not None and door.locked:
        if door.kind == "lever":
            if game.levers <= 0:
                game.say("This door will not budge: somewhere a lever must work it.")
                return False
            game.levers -= 1
        elif game.keys > 0:
            game.keys -= 1
            game.say(f"{game.name(eid)} turns a key in the lock.")
        else:
            test, action = ("Locks", "locks") if not door.jammed else ("Force", "force")
            dice = game.floor_no + 2 * max(door.tier, 0)
            ok, _ = resist(game, eid, f"the door ({test})", -1, dice, "", False, action=action)
            if not ok:
                door.failed += 1
                game.say(f"{game.name(eid)} cannot get the door open.")
                return True
        door.locked = False
    if door is not None:
        door.is_open = True
    game.floor.set_tile(x, y, Tile.DOOR_OPEN)
    game.say(f"{game.name(eid)} opens the door.")
    return True


FURNITURE_ACTIONS = {"search", "use"}


def interact(game: Game, eid: int, x: int, y: int) -> bool:
    pos = game.position(eid)
    if pos is None or max(abs(pos.x - x), abs(pos.y - y)) > 1:
        return False
    tile = int(game.floor.tile[y, x])
    if tile == Tile.DOOR:
        return open_door(game, eid, x, y)
    if tile == Tile.DOOR_OPEN:
        if game.creature_at(x, y) is not None:
            return False
        game.floor.set_tile(x, y, Tile.DOOR)
        game.say(f"{game.name(eid)} shuts the door.")
        return True
    if tile == Tile.BOULDER:
        ok, _ = resist(game, eid, "the boulders (Force)", -1, game.floor_no + 2, "", False, action="force")
        if ok:
            game.floor.set_tile(x, y, Tile.FLOOR)
            game.say(f"{game.name(eid)} heaves the boulders aside.")
        else:
            game.say(f"{game.name(eid)} strains at the boulders in vain.")
        return True
    from game.engine.entering import use_feature

    return use_feature(game, eid, x, y, tile)


def pick_up(game: Game, eid: int) -> bool:
    from game.engine.entering import reachable_treasure

    items = reachable_treasure(game, eid)
    if not items:
        game.say("There is nothing here to take.")
        return False
    for item_eid, why_not in items:
        if why_not:
            game.say(why_not)
            continue
        item = game.world.comp(item_eid, TreasureState)
        game.world.remove(item_eid, Position)
        game.world.add(item_eid, Carried(eid))
        if item.seat >= 0:
            game.stats.treasure_found += item.cost
            item.seat = -1  # counted once, even if dropped and taken again
            game.collected += 1
            if item.spec.fancy:
                game.collected_fancy += 1
        game.say(f"{game.name(eid)} takes {game.name(item_eid)} (worth {trade_value(item.spec)} in town).",
                 "loot")
    return True


def use_item(game: Game, eid: int, index: int) -> bool:
    pack = game.pack(eid)
    if not 0 <= index < len(pack):
        return False
    item_eid, item = pack[index]
    if item.spec.heal <= 0:
        game.say(f"{game.name(item_eid)} is worn, not used: its magic is always at work.")
        return False
    hero = game.world.comp(eid, HeroState)
    before = hero.hits
    hero.hits = min(max_hits(hero.level), hero.hits + item.spec.heal)
    game.world.delete(item_eid)
    game.say(f"{game.name(eid)} uses {game.name(item_eid)} and heals {hero.hits - before}.", "loot")
    return True


def drop(game: Game, eid: int, index: int) -> bool:
    pack = game.pack(eid)
    pos = game.position(eid)
    if not 0 <= index < len(pack) or pos is None:
        return False
    item_eid, _ = pack[index]
    game.world.remove(item_eid, Carried)
    game.world.add(item_eid, Position(pos.x, pos.y, pos.floor))
    game.say(f"{game.name(eid)} drops {game.name(item_eid)}.")
    return True


def stair_under(game: Game, eid: int, tile: Tile) -> bool:
    pos = game.position(eid)
    return pos is not None and int(game.floor.tile[pos.y, pos.x]) == tile


def gather_party(game: Game, x: int, y: int) -> None:
    """Every living hero comes along through a stair, placed around (x, y) on the current floor."""
    placed = [(eid, game.position(eid)) for eid, _ in game.heroes()]
    placed = [(eid, pos) for eid, pos in placed if pos is not None]
    for _, pos in placed:
        pos.floor = -1  # off the map while the party is placed again
    for i, (_, pos) in enumerate(placed):
        pos.x, pos.y = free_tile_near(game, x, y) if i else (x, y)
        pos.floor = game.floor_no


def descend(game: Game, eid: int) -> bool:
    """Down the Downward Stair: the whole party goes to the next Floor."""
    if not stair_under(game, eid, Tile.STAIR_DOWN):
        game.say("There is no stair down here.")
        return False
    pos = game.position(eid)
    below = game.floor_no + 1
    came_from = (pos.x, pos.y)
    if below not in game.floors:
        cell = game.floor.cell_of(pos.x, pos.y)
        game.floors[below] = Floor.new(game.streams, below, game.dials.theme, entrance=cell)
        game.floors[below].came_from = came_from
    game.floor_no = below
    spawn_doors(game, game.floor.cells[game.floor.entrance].plan)  # a no-op on a floor seen before
    game.stats.deepest_floor = max(game.stats.deepest_floor, below)
    gather_party(game, *game.floor.start)
    game.say(f"The party goes down to Floor {below}.", "hallway")
    return True


def ascend(game: Game, eid: int) -> bool:
    """Up the stair the party came down by; from the first floor's entrance, out to town."""
    if not stair_under(game, eid, Tile.STAIR_UP):
        game.say("There is no stair up here.")
        return False
    if game.floor_no == game.entrance_floor:
        forget_retraced(game)
        from game.engine.town import arrive_in_town

        arrive_in_town(game)
        return True
    came_from = getattr(game.floor, "came_from", None)
    game.floor_no -= 1
    x, y = came_from or game.floor.start
    gather_party(game, x, y)
    game.say(f"The party climbs back to Floor {game.floor_no}.", "hallway")
    return True


def spend_story(game: Game, seat: int) -> None:
    eid = game.hero_of.get(seat)
    if eid is None:
        return
    hero = game.world.comp(eid, HeroState)
    if hero.story_points <= 0 or hero.spend_story_point:
        game.say("No story point to spend." if hero.story_points <= 0 else "A story point is already in play.")
        return
    hero.story_points -= 1
    hero.spend_story_point = True
    game.say(f"{game.name(eid)} spends a story point: +2 dice on the next roll.", "narration")


def narrate(game: Game, action: A.Narrate) -> None:
    """A narrating seat's own line (hot-seat): it goes in the log under its name and earns the
    seat's hero a story point (Budget Dungeons)."""
    text = action.text.strip()[:200]
    if not text:
        return
    game.say(f"{game.seats[action.seat].name}: {text}", "narration", action.seat)
    eid = game.hero_of.get(action.seat)
    if eid is not None:
        game.world.comp(eid, HeroState).story_points += 1


def make_treasure_entity(game: Game, spec: Treasure, name: str, seat: int, pos: Position | None,
                         carried_by: int | None = None) -> int:
    comps: list[Any] = [TreasureState(spec, treasure_cost(spec), seat, None), Named(name),
                        Glyph("!" if spec.heal else "$", (240, 210, 80), 1)]
    if pos is not None:
        comps.append(pos)
    if carried_by is not None:
        comps.append(Carried(carried_by))
    return game.world.create(*comps)


__all__ = ["start_run", "apply_action", "hero_died", "monster_died", "continuous_effects", "light_kind",
           "make_treasure_entity"]
