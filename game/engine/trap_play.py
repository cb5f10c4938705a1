"""Traps in play (Fungeon "Traps"): found by searching, sprung by the action they sit on,
avoided with an annoying conflict or suffered as a painful one, disarmed, guarding treasure."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.sentences import plural
from game.engine.harm import resist, suffer
from game.engine.routes import usable_exits
from game.mapgen.themes import theme
from game.rules.party import xp_for_trap
from game.rules.successes import TRAP_FACTS, spend_on_trap_facts
from game.world.components import Effect, Effects, HeroState, Position, TrapState

if TYPE_CHECKING:
    from game.engine.game import Game

SEARCH_REACH = 3  # a search covers the tiles within this many steps of the hero


def traps_at(game: Game, x: int, y: int, action: str | None = None) -> list[int]:
    """The live traps on (x, y) of this floor (that `action` sets off), by entity id."""
    here = trap_spots(game).get((x, y))
    if here is None:  # most tiles (every step asks)
        return []
    return [eid for eid, trap in here if trap.live and (action is None or trap.action == action)]


def host_words(game: Game, host: str) -> str:
    """What a trap or an item sits on, in the floor theme's words ("locked chest", "heaped
    coffins"), never the table's name for it ("locked_chest")."""
    return theme(game.floor.theme).feature_name(host)


def trap_spots(game: Game) -> dict[tuple[int, int], list[tuple[int, TrapState]]]:
    """This floor's traps by tile, in entity order: asked at every step, and a trap never moves,
    so the table is kept while the floor's list of traps is the same (`Game.on_floor`)."""
    traps = game.on_floor(TrapState)
    kept = game.derived.caches.get("trap_spots")
    if kept is None or kept[0] is not traps:
        spots: dict[tuple[int, int], list[tuple[int, TrapState]]] = {}
        for eid, (trap, pos) in traps:
            spots.setdefault((pos.x, pos.y), []).append((eid, trap))
        kept = game.derived.caches["trap_spots"] = (traps, spots)
    return kept[1]


def spring(game: Game, trap_eid: int, hero_eid: int, cause: str) -> bool:
    """A hero stumbles into a trap it did not know of by `cause`: it goes off (once, unless
    Unlimited); an annoying conflict avoids it (earning its XP), a failure means its painful
    conflict and, if it has it, its continuous damage. Returns whether it hurt."""
    trap = game.world.comp(trap_eid, TrapState)
    if not trap.live:
        return False
    trap.sprung = True
    game.stats.traps_sprung += 1
    label = game.name(trap_eid)
    game.say(f"{game.name(hero_eid)} {cause} and sets off {label}!", "trap")
    ok, successes, teller = resist(game, hero_eid, label, trap.seat, trap.spec.annoy, trap.spec.type,
                                   trap.spec.universal)
    if ok:
        earn_trap_xp(game, hero_eid, trap)
        game.say(f"{game.name(hero_eid)} avoids {label}.", "trap", teller)
        return False
    hurt(game, trap_eid, hero_eid, successes)
    return True


def get_past(game: Game, trap_eid: int, hero_eid: int) -> bool:
    """A hero crosses or works a trap it knows of (DESIGN.md §2, a found trap on a grid): the
    annoy roll of Fungeon's "get past"; success passes unharmed and leaves the trap live for the
    next hero (its XP once per hero), failure springs it. Returns whether it hurt."""
    trap = game.world.comp(trap_eid, TrapState)
    label = game.name(trap_eid)
    ok, successes, teller = resist(game, hero_eid, label, trap.seat, trap.spec.annoy, trap.spec.type,
                                   trap.spec.universal)
    if ok:
        if hero_eid not in trap.passed_by:
            trap.passed_by.add(hero_eid)
            earn_trap_xp(game, hero_eid, trap)
        game.say(f"{game.name(hero_eid)} edges past {label}.", "trap", teller)
        return False
    trap.sprung = True
    game.stats.traps_sprung += 1
    game.say(f"{game.name(hero_eid)} misjudges {label} and sets it off!", "trap")
    hurt(game, trap_eid, hero_eid, successes)
    return True


def earn_trap_xp(game: Game, hero_eid: int, trap: TrapState) -> None:
    """Fungeon: each successful annoy against a trap is worth the trap's cost in XP."""
    game.world.comp(hero_eid, HeroState).xp += xp_for_trap(trap.cost)
    game.stats.xp_gained += xp_for_trap(trap.cost)


def hurt(game: Game, trap_eid: int, hero_eid: int, successes: int) -> None:
    """A failed annoy against a trap: its painful conflict (the obstacle's successes as extra
    Pain dice), then its continuous damage, rolled again in each Hallway."""
    trap = game.world.comp(trap_eid, TrapState)
    spec, label = trap.spec, game.name(trap_eid)
    if spec.pain + successes <= 0:
        game.say(f"{label} has no Pain dice: it does {game.name(hero_eid)} no harm.", "trap")  # no roll to show
    suffer(game, hero_eid, label, trap.seat, spec.pain + successes, spec.type, spec.universal, label)
    hero = game.world.comp(hero_eid, HeroState)
    if spec.continuous and hero.hits > 0:
        game.world.comp(hero_eid, Effects).active.append(
            Effect(label, trap_eid, spec.type, spec.annoy, spec.pain, spec.universal, False, True, "traps"))
        game.say(f"{label} stays with {game.name(hero_eid)}: it strikes again in each Hallway until shaken off.",
                 "danger")  # said after the roll, which may have done no harm yet


def spring_all(game: Game, hero_eid: int, x: int, y: int, action: str, cause: str) -> None:
    """Every live trap on (x, y) that `action` sets off: an unknown one springs, a known one
    must be got past."""
    if (x, y) not in trap_spots(game):  # most steps: no trap there at all
        return
    for trap_eid in traps_at(game, x, y, action):
        if hero_eid in game.world.comp(trap_eid, TrapState).found_by:
            get_past(game, trap_eid, hero_eid)
        else:
            spring(game, trap_eid, hero_eid, cause)
        if game.world.comp(hero_eid, HeroState).hits <= 0:
            return


def search(game: Game, hero_eid: int) -> int:
    """Search for traps near the hero: an annoying conflict against dice equal to each unfound
    trap's cost. Successes become facts about the trap, then bonus dice for disarming it."""
    pos = game.position(hero_eid)
    hero = game.world.comp(hero_eid, HeroState)
    game.dungeon.searched.add((game.dungeon.floor_no, game.floor.cell_of(pos.x, pos.y)))
    found = 0
    for eid, (trap, tpos) in game.world.get2(TrapState, Position):
        if tpos.floor != pos.floor or not trap.live or hero_eid in trap.found_by:
            continue
        if max(abs(tpos.x - pos.x), abs(tpos.y - pos.y)) > SEARCH_REACH:
            continue
        ok, successes, teller = resist(game, hero_eid, "hidden dangers", trap.seat, trap.cost, trap.spec.type,
                                       False, action="search")
        if not ok:
            continue
        found += 1
        game.stats.traps_found += 1
        for seat_hero in game.party.hero_of.values():  # the party shares what it finds
            trap.found_by.add(seat_hero)
        facts, bonus = spend_on_trap_facts(successes)
        trap.facts.update(facts)
        hero.bonus_dice += bonus
        earn_trap_xp(game, hero_eid, trap)
        known, host = describe_known(trap), host_words(game, trap.host)
        game.say(f"{game.name(hero_eid)} finds a trap on the {host}: {game.name(eid)}{known}.", "trap", teller)

    if not usable_exits(game):
        dead_ends = game.dungeon.dead_end_searches
        dead_ends[game.dungeon.floor_no] = dead_ends.get(game.dungeon.floor_no, 0) + 1
    if not usable_exits(game) and secret_passage(game, hero_eid):
        return found
    if not found:
        game.say(f"{game.name(hero_eid)} searches and finds nothing.")
    return found


def secret_passage(game: Game, hero_eid: int) -> bool:
    """Roll Through the Dungeon's way out of a dead end: when no opening leads anywhere new, a
    search finds a secret passage (from this room if it can, else from another mapped room)."""
    pos = game.position(hero_eid)
    cell = game.floor.cell_of(pos.x, pos.y)
    opened = game.floor.open_secret_passage(cell) or game.floor.open_secret_passage()
    if opened is None:
        return False
    game.say(f"{game.name(hero_eid)} finds a secret passage!", "loot")
    return True


def describe_known(trap: TrapState) -> str:
    """What a search learned of the trap it found, for its line: " (fire, 2 Pain dice)"."""
    known = known_facts(trap)
    return f" ({known})" if known else ""


def known_facts(trap: TrapState) -> str:
    """What the party learned of a found trap (the Law of Successes spends a search's successes on
    its Type, its Pain dice and whether it guards treasure), with what it learned: "fire, 2 Pain
    dice, guards no treasure". A trap found to guard nothing was told as if that were not known,
    and look named the facts, not what they were ("Known: guards_treasure, pain, type")."""
    spec = trap.spec
    words = {"type": spec.type or "no Type", "pain": plural(spec.pain, "Pain die"),
             "guards_treasure": "guards the room's treasure" if spec.guards_treasure else "guards no treasure"}
    return ", ".join(words[fact] for fact in TRAP_FACTS if fact in trap.facts)


def disarm(game: Game, hero_eid: int, trap_eid: int) -> bool:
    """Disarming is like springing it, but the Class Bonus counts if the class ties to it."""
    trap = game.world.comp(trap_eid, TrapState)
    label = game.name(trap_eid)
    ok, successes, teller = resist(game, hero_eid, label, trap.seat, trap.spec.annoy, trap.spec.type,
                                   trap.spec.universal, action="disarm")
    if ok:
        trap.disarmed = True
        earn_trap_xp(game, hero_eid, trap)
        game.say(f"{game.name(hero_eid)} disarms {label}.", "trap", teller)
        return True
    trap.sprung = True
    game.stats.traps_sprung += 1
    game.say(f"{game.name(hero_eid)} fumbles {label}!", "danger", teller)
    hurt(game, trap_eid, hero_eid, successes)
    return False
