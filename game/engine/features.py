"""Working a room's furniture and features: searching it, using it, and table RF's outcome the
first time (Roll Through the Dungeon); what a hero does to the tile beside it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.sentences import capitalised
from game.engine.doors import open_door, skill_test_name
from game.engine.harm import resist, suffer
from game.engine.results import DONE, Refused, Result
from game.engine.terrain import dig
from game.engine.trap_play import host_words, spring_all
from game.mapgen.tables import feature_specs, features
from game.mapgen.tiles import Tile
from game.world.components import Effect, Effects, HeroState, Position, TreasureState

if TYPE_CHECKING:
    from game.engine.game import Game

FURNITURE_ACTIONS = {"search", "use"}
# where on a piece of furniture a thing lies: "on the shelf", "at the statue", else "in the chest"
LIES = {int(Tile.THRONE): "on", int(Tile.SHELF): "on", int(Tile.ALTAR): "on", int(Tile.TABLE): "on",
        int(Tile.COUNTER): "on", int(Tile.STATUE): "at", int(Tile.LEVER): "at"}
USED = (Tile.LEVER, Tile.FOUNTAIN, Tile.MACHINE)  # worked, not searched


def interact(game: Game, eid: int, x: int, y: int) -> Result:
    """Work the tile beside the hero: open or shut a door, heave boulders, search or use furniture."""
    pos = game.position(eid)
    if pos is None or max(abs(pos.x - x), abs(pos.y - y)) > 1:
        return Refused("That is out of reach.")
    tile = int(game.floor.tile[y, x])
    if tile == Tile.DOOR:
        return open_door(game, eid, x, y)
    if tile == Tile.DOOR_OPEN:
        if game.creature_at(x, y) is not None:
            return Refused("Someone stands in the doorway.")
        game.floor.set_tile(x, y, Tile.DOOR)
        game.say(f"{game.name(eid)} shuts the door.")
        return DONE
    if tile == Tile.BOULDER:
        dig(game, eid, x, y)
        return DONE
    return use_feature(game, eid, x, y, tile)


def use_feature(game: Game, eid: int, x: int, y: int, tile: int) -> Result:
    """Search furniture (springing a trap set on it, uncovering what lies in it) or use it (a
    lever, a fountain, a machine); the first time a room's feature is worked, its Roll Through
    the Dungeon outcome (see `feature_outcome`)."""
    if tile not in ACTIONABLE:
        return Refused("There is nothing there to work.")
    action = "use" if tile in USED else "search"
    where = host_words(game, Tile(tile).name.lower())  # in the theme's words: "pile of old bones"
    lies = LIES.get(tile, "in")
    said = len(game.log)
    spring_all(game, eid, x, y, action, f"{'works' if action == 'use' else 'searches'} the {where}")
    spring_all(game, eid, x, y, "search" if action == "use" else "use", f"disturbs the {where}")
    if game.world.comp(eid, HeroState).hits <= 0:
        return DONE
    # "nothing more" after a trap went off here or a search before; the first look finds "nothing"
    more = len(game.log) > said or (game.dungeon.floor_no, x, y) in game.dungeon.opened
    game.dungeon.opened.add((game.dungeon.floor_no, x, y))
    found = 0
    for item_eid, (item, pos) in game.world.get2(TreasureState, Position):
        if (pos.x, pos.y, pos.floor) == (x, y, game.dungeon.floor_no) and item.hidden:
            item.hidden = False
            found += 1
            game.say(f"{lies.capitalize()} the {where}: {game.name(item_eid)}.", "loot")
    happened = feature_outcome(game, eid, x, y, tile)
    if not found and not happened:
        if action == "use":
            game.say(f"{game.name(eid)} works the {where}; nothing {'more ' if more else ''}comes of it.")
        else:
            game.say(f"{game.name(eid)} finds nothing {'more ' if more else ''}{lies} the {where}.")
    return DONE


def feature_outcome(game: Game, eid: int, x: int, y: int, tile: int) -> bool:
    """Table RF's d10 outcome of working a feature, once per feature of a room, read through
    Fungeon (DESIGN.md §3): the book's skill test is an annoying conflict against Floor +
    2 x tier dice and its hit-point losses painful conflicts; keys and levers count for the
    dungeon; poison and disease are continuous damage. What the book would hand out for free
    is left out, since every treasure and monster here is bought from a seat's budget: gems,
    gold and items (the Treasure seat's are in the room), healing (only treasure and level-ups
    heal) and monsters (names for the Monsters seat). Returns whether anything happened."""

    cell = game.floor.cell_of(x, y) or game.floor.cell_of(*_hero_xy(game, eid))
    record = game.floor.cells.get(cell) if cell else None
    if record is None or record.plan is None:
        return False
    specs = feature_specs()
    name = next((f.name for f in record.plan.features
                 if f.name in specs and specs[f.name].tile == Tile(tile).name.lower()), None)
    key = (game.dungeon.floor_no, cell, name or Tile(tile).name.lower())
    if key in game.dungeon.used_features:
        return False
    game.dungeon.used_features.add(key)
    if tile == Tile.LEVER and name is None:
        name = "lever"
    row = next((r for r in features().rows if r.feature == name), None) if name else None
    if row is None:
        return False
    spec = specs.get(name)
    called = host_words(game, name)  # in the theme's words, as the search that led here ("badger sett")
    stream = game.streams.get("features", game.dungeon.floor_no, cell[0], cell[1])
    if spec is not None and spec.skill:
        ok, _, teller = resist(game, eid, f"the {called} ({skill_test_name(spec.skill)})", -1,
                               game.dungeon.floor_no + 2 * row.tier, "", False, action=spec.skill)
        if not ok:
            if row.fail_pain:  # what the hero did first: the harm's line alone named no one working it
                game.say(f"{game.name(eid)} fails the {skill_test_name(spec.skill)} test at the {called}.", "danger",
                         teller)
                suffer(game, eid, f"the {called}", -1, row.fail_pain, "crushing", False,
                       f"the {called}", kind="features")
            else:
                # the failed test named: "cannot get anything more out of the locked chest" after its
                # search had found an item read as if nothing had been tried
                # "nothing more comes of it" read as if the treasure seen in it were locked away too;
                # only what the book hides there (keys, a lever) stays shut
                game.say(f"{game.name(eid)} fails the {skill_test_name(spec.skill)} test at the {called}: "
                         "whatever else it hides stays shut.", narrator=teller)
            return True
    outcome = row.outcome(stream.die(10))  # a d10, as the book rolls it
    if outcome is None:
        return False
    effect, n = outcome.effect, max(1, outcome.n)
    if effect == "key":
        game.dungeon.keys += n
        game.say(f"{game.name(eid)} finds {'a key' if n == 1 else f'{n} keys'}.", "loot")
    elif effect == "lever":
        game.dungeon.levers += n
        game.say("Somewhere a mechanism grinds: a lever-door will open.")
    elif effect == "hurt":
        game.say(f"The {called} kicks back at {game.name(eid)}!", "danger")  # a lever or a machine; then the harm
        suffer(game, eid, f"the {called}", -1, n, "crushing", False, f"the {called}",
               kind="features")
    elif effect in ("poison", "disease"):
        foul = capitalised(f"the {called}'s {effect}")
        ok, _, teller = resist(game, eid, foul, -1, game.dungeon.floor_no, "poison", False)
        if ok:
            game.say(f"{game.name(eid)} shrugs off something foul in the {called}.", narrator=teller)
        else:
            game.say(f"{game.name(eid)} is {'poisoned' if effect == 'poison' else 'sickened'}!", "danger", teller)
            game.world.comp(eid, Effects).active.append(
                Effect(f"{effect} from the {called}", -1, "poison", 2 * n, n, False, False, True,
                       "features"))
    else:
        return False
    return True


def _hero_xy(game: Game, eid: int) -> tuple[int, int]:
    pos = game.position(eid)
    return (pos.x, pos.y) if pos else (0, 0)


ACTIONABLE = {int(t) for t in (Tile.CHEST, Tile.CRATE, Tile.GRATE, Tile.TOMB, Tile.FOUNTAIN, Tile.THRONE,
                               Tile.SHELF, Tile.STATUE, Tile.ALTAR, Tile.LEVER, Tile.TABLE, Tile.COUNTER,
                               Tile.TREE, Tile.MACHINE, Tile.DEBRIS)}
