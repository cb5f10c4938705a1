"""Closed doors (Roll Through the Dungeon table RD, data/rttd/doors.toml): the Traps seat's trap
first, then one try at the door as it stands now. Every field of a door kind is read: its skill
test (an annoying conflict against Floor + 2 x tier dice), a key or lever roll against the
counters held (1d10 as written), what a failure costs (`fail_pain` as a painful conflict,
`fail_time` ticks of the time track, `fail_picks` lock picks) and what it turns the door into
(`becomes`, `fail_becomes` at the tiers of `fail_becomes_tiers`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.harm import resist, suffer
from game.engine.light import spend_ticks
from game.engine.results import DONE, Refused, Result
from game.engine.trap_play import spring_all
from game.mapgen.tables import DoorKind, door_kinds
from game.mapgen.tiles import Tile
from game.world.components import DoorState, HeroState

if TYPE_CHECKING:
    from game.engine.game import Game

TEST_NAMES = {"disarm": "Traps"}  # the book's names of its skill tests, where not the action's own


def skill_test_name(skill: str) -> str:
    """The book's name of a skill test as a roll's title gives it: "Force", "Locks", "Traps"."""
    return TEST_NAMES.get(skill, skill.capitalize())


def open_door(game: Game, eid: int, x: int, y: int) -> Result:
    """A closed door: a trap set on it springs first (or must be got past), then the door as it
    stands: open at once, or one try at its trap, key, lock, lever or jam (the turn is spent
    whether it opens or not)."""
    door_eid = game.entity_at(x, y, DoorState)
    door = game.world.comp(door_eid, DoorState) if door_eid is not None else None
    spring_all(game, eid, x, y, "open", "opens a door")
    if game.world.comp(eid, HeroState).hits <= 0:
        return DONE
    if door is not None and door.locked:
        result = try_door(game, eid, door)
        if result is not None:
            return result
    if door is not None:
        door.is_open = True
    game.floor.set_tile(x, y, Tile.DOOR_OPEN)
    game.say(f"{game.name(eid)} opens the door.")
    return DONE


def try_door(game: Game, eid: int, door: DoorState) -> Result | None:
    """One try at a door that is not simply open. None when it opens now; otherwise what the
    try did (Done: the turn is spent; Refused: it could not be tried at all)."""
    kind = door_kinds()[door.now]
    if kind.levers:
        return None if counter_roll(game, eid, door, "levers") else fail(game, eid, door, kind)
    if kind.keys and not door.keys_tried and game.dungeon.keys > 0:
        if counter_roll(game, eid, door, "keys"):
            return None
        door.keys_tried = True  # the book's [*]: from now on only the lock
        game.say("None of the party's keys fits this lock; it must be picked.")
        return DONE
    if kind.fail_picks and game.time.picks <= 0:
        reason = "The party has no lock picks left and no key that fits."
        game.say(reason)
        return Refused(reason)
    dice = test_dice(game, door)
    ok, _, teller = resist(game, eid, f"the door ({skill_test_name(kind.skill)})", -1, dice, "", False,
                           action=kind.skill)
    if not ok:
        return fail(game, eid, door, kind, teller)
    become(door, kind.becomes)
    if door.locked:
        game.say(f"{game.name(eid)} disables the door's trap; the lock still holds.", narrator=teller)
        return DONE
    return None


def test_dice(game: Game, door: DoorState) -> int:
    """The dice a door's skill test is rolled against: Floor + 2 x its tier."""
    return game.dungeon.floor_no + 2 * max(door.tier, 0)


KNOWN_AS = {"disarm": "a trapped door", "force": "a jammed door", "locks": "a locked door"}


def known_words(game: Game, door: DoorState) -> str | None:
    """What the party knows of a closed door that is more than a door: nothing until a try at it
    failed (until then it looks like any other), then what it is and what its next try asks
    ("a trapped door: a Traps test against 10 dice; a failed try deals 5 Pain dice")."""
    if not door.locked or not door.failed:
        return None
    kind = door_kinds()[door.now]
    if not kind.skill:
        return "a door that only a lever pulled on this floor opens" if kind.levers else None
    asks = [f"a {skill_test_name(kind.skill)} test against {test_dice(game, door)} dice"]
    if kind.pain_at(door.tier):
        asks.append(f"a failed try deals {kind.pain_at(door.tier)} Pain dice")
    if kind.fail_picks:
        asks.append(f"a failed try spends a lock pick ({game.time.picks} left)")
    return f"{KNOWN_AS[kind.skill]}: {'; '.join(asks)}"


def counter_roll(game: Game, eid: int, door: DoorState, counter: str) -> bool:
    """The book's 1d10 <= Keys (or Levers), rolled as written: a success spends one."""
    held = getattr(game.dungeon, counter)
    roll = game.streams.get("doors").die(10)
    if roll > held:
        return False
    setattr(game.dungeon, counter, held - 1)
    game.say(f"{game.name(eid)} {'turns a key in the lock' if counter == 'keys' else 'hears the lever-work give'}.")
    become(door, "open")
    return True


def fail(game: Game, eid: int, door: DoorState, kind: DoorKind, teller: int = -1) -> Result:
    """A failed try (told by `teller`, the seat that tells its roll): its pain, its time and
    picks, and what it makes of the door."""
    door.failed += 1
    game.say(f"{game.name(eid)} cannot get the door open.", narrator=teller)
    if kind.fail_picks:
        game.time.picks = max(0, game.time.picks - kind.fail_picks)
        game.say("A lock pick snaps.", "danger")
    if kind.fail_time:
        spend_ticks(game, kind.fail_time)
    if kind.fail_becomes and door.tier in kind.fail_becomes_tiers:
        become(door, kind.fail_becomes)
        game.say(f"Something in the door grinds and sticks: it is {kind.fail_becomes} now.", "danger")
    pain = kind.pain_at(door.tier)
    if kind.skill == "disarm":  # the door's own trap went off: a trap sprung, as the morgue counts them
        game.stats.traps_sprung += 1
    if pain:
        label = "the door's trap" if kind.skill == "disarm" else "the stuck door"
        suffer(game, eid, label, -1, pain, "crushing", False, label, kind="doors")
    return DONE


def become(door: DoorState, kind: str) -> None:
    """The door's status changes (its table RD `kind` stays what was rolled)."""
    door.status = kind
    door.locked = kind != "open"
    door.jammed = kind == "jammed"
