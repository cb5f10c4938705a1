"""A Dungeon Game's morale for monsters: a group checks when one of it dies, a lone monster when
it falls to half its Hits and again in every later turn it takes damage; a failed check sends it
fleeing, a rally gives it an extra attack and ends its checks for the fight."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.sentences import possessive
from game.engine.log import RollRecord
from game.engine.sightings import out_of_sight, told_name
from game.rules.dice import Pool
from game.rules.monster_morale import MORALE_DIE, morale_result
from game.world.components import MonsterState

if TYPE_CHECKING:
    from game.engine.game import Game


def morale_check(game: Game, mon_eid: int, alone_at_half: bool = False) -> bool:
    """One morale check (d20 as written). Returns whether the monster fled. Decision (the book
    is silent on a grid): a rally's "extra attack" is the monster's Level dice rolled again in
    its next combat turn's painful conflict."""
    if not game.dials.morale:
        return False
    mon = game.world.comp(mon_eid, MonsterState)
    if mon.fleeing or mon.hits <= 0 or mon.rallied:
        return False
    if alone_at_half and len(room_mates(game, mon_eid)) > 0:
        return False
    roll = game.streams.get("morale").die(MORALE_DIE)
    result = morale_result(roll, mon.spec.level)
    name = game.name(mon_eid)
    unseen = out_of_sight(game, mon_eid)  # the panel names it as the log does: "Xol, out of sight,"
    title = f"{possessive(name)} morale" + (", out of sight" if unseen else "") + f": {result}"
    game.record_roll(RollRecord(game.turn, "check", title, (Pool(str(mon_eid), mon.seat, (roll,)),),
                                (f"{name}, out of sight" if unseen else name,), successes=(result != "flees",)))
    if result == "holds":
        return False
    if result == "rallies":
        mon.rallied = mon.extra_attack = True
        game.say(f"{told_name(game, mon_eid)} rallies with a roar!", "danger")
        return False
    mon.fleeing = True
    game.say(f"{told_name(game, mon_eid)} breaks and flees!", "combat")
    return True


def lone_morale(game: Game, mon_eid: int, before: int) -> None:
    """A lone monster that took damage: it checks when it falls to half its Hits and in every
    later turn it is hurt again while at half or below."""
    mon = game.world.comp(mon_eid, MonsterState)
    half = mon.spec.level * 3 // 2
    if 0 < mon.hits <= half and mon.hits < before:
        morale_check(game, mon_eid, alone_at_half=True)


def room_mates(game: Game, mon_eid: int) -> list[int]:
    mon = game.world.comp(mon_eid, MonsterState)
    return [e for e, m in game.monsters_of_room(mon.cell) if e != mon_eid and m.hostile]


def group_morale(game: Game, dead_eid: int) -> None:
    """When a monster of a group dies, the others of its room check morale."""
    dead = game.world.comp(dead_eid, MonsterState)
    for eid, mon in game.monsters_of_room(dead.cell):
        if mon.hostile:
            morale_check(game, eid)
