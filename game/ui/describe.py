"""Words for what is on the map: the tile kinds, and everything a player can know about one tile
(look mode, travel's "you see ..." messages). Only what the party knows: unseen tiles are
unknown, monsters only while in sight, traps only once found, treasure only in the open."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.sentences import capitalised, plural, possessive, with_article
from game.engine.doors import known_words
from game.engine.features import ACTIONABLE, USED
from game.engine.quests import to_be_caught
from game.engine.trap_play import host_words, known_facts
from game.mapgen.themes import theme as get_theme
from game.mapgen.tiles import Tile
from game.rules.costs import trade_value
from game.rules.heroes import max_hits
from game.world.components import DoorState, HeroState, MonsterState, Named, Position, TrapState, TreasureState

if TYPE_CHECKING:
    from game.engine.game import Game

TILE_WORDS: dict[Tile, str] = {
    Tile.ROCK: "solid rock",
    Tile.WALL: "a wall",
    Tile.FLOOR: "floor",
    Tile.DOOR: "a closed door",
    Tile.DOOR_OPEN: "an open door",
    Tile.WATER: "running water (wading it tests your agility)",
    Tile.CHASM: "a chasm",
    Tile.ICE: "ice (crossing it tests your agility)",
    Tile.SWAMP: "a swamp (it may hold you fast)",
    Tile.RUBBLE: "rubble from a cave-in",
    Tile.BOULDER: "heaped boulders (open/use to heave them aside)",
    Tile.PIT: "an open pit",
    Tile.STAIR_DOWN: "a stair down",
    Tile.STAIR_UP: "a stair up",
    Tile.PILLAR: "a pillar",
    Tile.DEBRIS: "a pile of debris (search it)",
    Tile.CHEST: "a chest",
    Tile.CRATE: "a crate",
    Tile.GRATE: "a grate",
    Tile.TOMB: "a tomb",
    Tile.FOUNTAIN: "a fountain",
    Tile.THRONE: "a throne",
    Tile.SHELF: "shelves of books",
    Tile.STATUE: "a statue",
    Tile.ALTAR: "an altar",
    Tile.LEVER: "a lever",
    Tile.TABLE: "a table",
    Tile.COUNTER: "a counter",
    Tile.TREE: "a tree",
    Tile.MACHINE: "a machine",
}
# what walking into a creature the quest wants caught does, as look says it
CATCH_WORDS = " The quest wants it caught: walking into it tries to (an Agility roll), and no blow is struck at it."
# Tiles that stop autoexplore the first time they come into view.
FEATURE_TILES = frozenset({
    Tile.STAIR_DOWN, Tile.STAIR_UP, Tile.CHEST, Tile.CRATE, Tile.GRATE, Tile.TOMB, Tile.FOUNTAIN,
    Tile.THRONE, Tile.SHELF, Tile.STATUE, Tile.ALTAR, Tile.LEVER, Tile.MACHINE,
})


def tile_words(game: Game, x: int, y: int) -> str:
    tile = Tile(int(game.floor.tile[y, x]))
    words = TILE_WORDS.get(tile, tile.name.lower())
    if tile == Tile.FLOOR:
        words = get_theme(game.floor.theme).floor or words
    elif tile == Tile.WALL:
        words = get_theme(game.floor.theme).wall or words
    elif tile == Tile.DEBRIS:
        words = f"a {get_theme(game.floor.theme).debris}"
    elif int(tile) in ACTIONABLE:  # furniture the log names in the theme's words: "a badger sett", not "a grate"
        plain = tile.name.lower()
        named = host_words(game, plain)
        if named != plain:
            words = with_article(named)
    if tile == Tile.STAIR_UP and game.dungeon.floor_no == game.dungeon.entrance_floor and (x, y) == game.floor.start:
        return "the way out: the stair up to town"
    return words


def _on_tile(game: Game, x: int, y: int, pos: Position) -> bool:
    return pos.x == x and pos.y == y and pos.floor == game.dungeon.floor_no


def things_at(game: Game, x: int, y: int) -> list[str]:
    """Everything the party knows of at (x, y), most important first, as short sentences."""
    floor = game.floor
    if not (0 <= x < floor.width and 0 <= y < floor.height) or not floor.explored[y, x]:
        return ["You have not seen this place."]
    seen = game.derived.visible is not None and bool(game.derived.visible[y, x])
    out: list[str] = []
    for eid, hero in game.heroes():
        pos = game.position(eid)
        if pos is not None and _on_tile(game, x, y, pos):
            out.append(f"{game.name(eid)}, Level {hero.level} {hero.race} {hero.klass} "
                       f"({hero.hits}/{max_hits(hero.level)} Hits), {possessive(game.seats[hero.seat].name)} hero.")
    if seen:
        for eid, mon in game.monsters():
            pos = game.position(eid)
            if pos is not None and _on_tile(game, x, y, pos):
                named = game.world.try_comp(eid, Named)
                catch = to_be_caught(game, eid)  # walking into it is a catch, never a blow (quests.try_catch)
                peace = " It keeps the peace." if catch else " It keeps the peace: walking into it starts a fight."
                state = (" It flees." if mon.fleeing else peace if mon.peaceful else "" if mon.aware
                         else " It has not noticed you.") + (CATCH_WORDS if catch else "")
                out.append(f"{capitalised(game.name(eid))}: Level {mon.spec.level}, {plural(mon.hits, 'Hit')} left, "
                           f"{designer_words(game, mon)}.{state}")
                if named is not None and named.description:
                    out.append(named.description)
    for eid, (trap, pos) in game.world.get2(TrapState, Position):
        if _on_tile(game, x, y, pos) and trap.found_by:
            status = "disarmed" if trap.disarmed else "sprung" if not trap.live else "live"
            known = known_facts(trap)
            facts = f" Known: {known}." if known else ""
            out.append(f"A {status} trap: {game.name(eid)} (on the {host_words(game, trap.host)}).{facts}")
    for eid, (item, pos) in game.world.get2(TreasureState, Position):
        if _on_tile(game, x, y, pos) and not item.hidden:  # in the words taking it uses (engine/loot.py)
            worth = (": what the quest is after, not for trading" if item.objective
                     else f", worth {trade_value(item.spec)} in town")
            out.append(capitalised(f"{game.name(eid)}{worth}."))
    door = game.entity_at(x, y, DoorState)
    words = tile_words(game, x, y)
    if door is not None and int(floor.tile[y, x]) == Tile.DOOR:
        known = known_words(game, game.world.comp(door, DoorState))
        words = f"{known}. Walk into it or open it to try again" if known else "a closed door (walk into it or open it)"
    elif int(floor.tile[y, x]) == Tile.DEBRIS:  # a search done, it holds nothing more to find
        words += " (searched)" if (game.dungeon.floor_no, x, y) in game.dungeon.opened else " (search next to it)"
    out.append(words[0].upper() + words[1:] + ("." if seen else ", as you remember it."))
    return out


def designer_words(game: Game, mon: MonsterState) -> str:
    """Who made the monster: a player's seat designs its own only in the room builder (design =
    ask); otherwise, and for a wanderer always, the AI builds it on that seat's budget, as the
    Hallway says ("built for them by the AI"), and a player never designed it."""
    seat = game.seats[mon.seat]
    if seat.human and (game.dials.design != "ask" or mon.wandering):
        return f"built by the AI on {possessive(seat.name)} budget"
    return f"designed by {seat.name}"


def hero_at(game: Game, x: int, y: int) -> int | None:
    eid = game.entity_at(x, y, HeroState)
    return eid


COMPASS = {(0, -1): "north", (1, -1): "north-east", (1, 0): "east", (1, 1): "south-east", (0, 1): "south",
           (-1, 1): "south-west", (-1, 0): "west", (-1, -1): "north-west"}


def worked_already(game: Game, x: int, y: int, take_key: str, use_key: str) -> str:
    """Why walking into furniture the party has gone through already does nothing ("" when it has
    not): a second search finds nothing new and a second pull of a lever changes nothing, so a
    bump spends no turn on it (as a bump into a wall), and says what still lies in it."""
    floor_no = game.dungeon.floor_no
    if (floor_no, x, y) not in game.dungeon.opened:
        return ""
    tile = Tile(int(game.floor.tile[y, x]))
    what = f"The {host_words(game, tile.name.lower())}"  # as the log names it: "the pile of old bones"
    if tile in USED:
        return f"{what} has been worked already; nothing more comes of it ({use_key} works it again)."
    left = [game.name(e) for e, (item, pos) in game.world.get2(TreasureState, Position)
            if _on_tile(game, x, y, pos) and not item.hidden]
    if left:
        lie = f"{left[0]} and {plural(len(left) - 1, 'more thing')} lie" if len(left) > 1 else f"{left[0]} lies"
        return f"{what} has been searched already: {lie} in it ({take_key} takes what is within reach)."
    return f"{what} has been searched already; nothing more is in it ({use_key} searches it again)."


def treasure_beside(game: Game, eid: int, take_key: str) -> str:
    """Where to stand for treasure lying in the open one step from the hero ("" if there is none):
    `g` takes what is underfoot, so a hero beside a `$` hears which way to step."""
    pos = game.position(eid)
    if pos is None:
        return ""
    near = []
    for item_eid, (item, ipos) in game.world.get2(TreasureState, Position):
        d = (ipos.x - pos.x, ipos.y - pos.y)
        if ipos.floor == pos.floor and not item.hidden and d in COMPASS and game.floor.walkable[ipos.y, ipos.x]:
            near.append((d, game.name(item_eid)))
    if not near:
        return ""
    (d, name), *more = sorted(near)
    also = f", and {plural(len(more), 'more thing')} close by" if more else ""
    return f"{take_key} takes what lies underfoot: {name} is one step {COMPASS[d]}, stand on it{also}."


def trap_afar(game: Game, eid: int) -> str:
    """Where the nearest trap the party knows of lies, when none is within the hero's reach ("" if
    it knows of no live trap on this floor): D disarms only from beside a trap, so a hero two or
    more steps off hears which way to go rather than to search again."""
    pos = game.position(eid)
    if pos is None:
        return ""
    known = sorted((max(abs(tpos.x - pos.x), abs(tpos.y - pos.y)), tpos.y, tpos.x, t)
                   for t, (trap, tpos) in game.on_floor(TrapState) if trap.live and eid in trap.found_by)
    if not known:
        return ""
    _, y, x, t = known[0]
    return f"{capitalised(game.name(t))} is {steps_words(x - pos.x, y - pos.y)}: stand next to it to disarm it."


def steps_words(dx: int, dy: int) -> str:
    """How far and which way (dx, dy) lies in steps: "2 steps west", "3 steps north-east", and off
    the eight ways, the longer leg first: "3 steps east and 1 south"."""
    ew = COMPASS[(1 if dx > 0 else -1, 0)] if dx else ""
    ns = COMPASS[(0, 1 if dy > 0 else -1)] if dy else ""
    if not dx or not dy or abs(dx) == abs(dy):
        return f"{plural(max(abs(dx), abs(dy)), 'step')} {COMPASS[((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))]}"
    (far, far_way), (near, near_way) = sorted([(abs(dx), ew), (abs(dy), ns)], reverse=True)
    return f"{plural(far, 'step')} {far_way} and {near} {near_way}"
