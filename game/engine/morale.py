"""A Dungeon Game's morale for monsters: a group checks when one of it dies, a lone monster when
it falls to half its Hits; a failed check sends it fleeing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.components import MonsterState

if TYPE_CHECKING:
    from game.engine.game import Game

def morale_check(game: Game, mon_eid: int, alone_at_half: bool = False) -> bool:
    """A Dungeon Game morale: d20 under 10 + Level stands, otherwise the monster flees. A group
    checks when one of it dies; a lone monster when it falls to half its Hits. Returns fled."""
    if not game.dials.morale:
        return False
    mon = game.world.comp(mon_eid, MonsterState)
    if mon.fleeing or mon.hits <= 0:
        return False
    if alone_at_half and len(room_mates(game, mon_eid)) > 0:
        return False
    roll = game.streams.get("morale").die(20)  # a d20, whatever the die dial says
    if roll < 10 + mon.spec.level:
        return False
    mon.fleeing = True
    game.say(f"{game.name(mon_eid)} breaks and flees!", "combat")
    return True


def room_mates(game: Game, mon_eid: int) -> list[int]:
    mon = game.world.comp(mon_eid, MonsterState)
    return [e for e, m in game.monsters() if e != mon_eid and m.cell == mon.cell and m.hostile]


def group_morale(game: Game, dead_eid: int) -> None:
    """When a monster of a group dies, the others of its room check morale."""
    dead = game.world.comp(dead_eid, MonsterState)
    for eid, mon in game.monsters():
        if mon.cell == dead.cell and mon.hostile:
            morale_check(game, eid)
