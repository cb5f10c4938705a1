"""Deaths and the end of a party: a hero's fall (its pack dropped where it fell), a monster's
(experience, the room falling quiet, the others' morale), and the wipe."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.outcomes import ending
from game.core.sentences import join_names, plural
from game.engine.morale import group_morale
from game.world.components import Carried, Effects, HeroState, MonsterState, Named, Position

if TYPE_CHECKING:
    from game.engine.game import Game

def wipe(game: Game) -> None:
    game.phase = "over"
    game.outcome = "wiped"
    game.party.queue = []
    game.say(ending("wiped").log, "danger")


def lose_hits(game: Game, kind: str, hits: int) -> None:
    """Hits lost by heroes, counted by where they came from (autoplay --json `damage`)."""
    if hits > 0:
        game.stats.damage[kind] = game.stats.damage.get(kind, 0) + hits


def hero_died(game: Game, eid: int, cause: str, kind: str = "monsters") -> None:
    """A hero falls: its pack drops where it fell; `kind` is the source counted in `deaths_by`."""
    hero = game.world.comp(eid, HeroState)
    game.stats.deaths_by[kind] = game.stats.deaths_by.get(kind, 0) + 1
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
    if hero.seat in game.party.queue:
        game.party.queue.remove(hero.seat)


def monster_died(game: Game, eid: int, killer: int) -> None:
    """A monster falls. The room falls quiet (a fight won) when no monster fights for it any more:
    at the death of the last that did, or of one that fled from a room not yet cleared; a fled
    monster killed after its room fell quiet wins no second fight."""
    mon = game.world.comp(eid, MonsterState)
    was_fighting = mon.hostile
    mon.hits = 0
    game.stats.monsters_killed += 1
    hero = game.world.try_comp(killer, HeroState) if killer >= 0 else None
    if hero is not None:
        hero.kills += 1
    game.stats.kills_by_name[game.name(eid).lower()] = game.stats.kills_by_name.get(game.name(eid).lower(), 0) + 1
    game.say(f"{game.name(eid)} dies.", "combat")
    game.world.remove(eid, Position)
    for heid, _ in game.heroes():  # a hold ends with its holder, and the held hero is told so
        effects = game.world.comp(heid, Effects)
        for effect in [e for e in effects.active if e.hold and e.source_entity == eid]:
            effects.active.remove(effect)
            game.say(f"{game.name(heid)} is free of {effect.source}.", "combat")
    group_morale(game, eid)
    room = (game.dungeon.floor_no, *mon.cell)
    left = game.monsters_of_room(mon.cell)
    if not any(m.hostile for _, m in left) and (was_fighting or room not in game.stats.cleared_rooms):
        game.stats.fights_won += 1
        if room not in game.stats.cleared_rooms:  # a room is cleared once, however often it is fought in
            game.stats.cleared_rooms.append(room)
            game.stats.rooms_cleared += 1
        game.say(fight_won_words(game, [(e, m) for e, m in left if m.fleeing]), "loot")


def fight_won_words(game: Game, fleeing: list[tuple[int, MonsterState]]) -> str:
    """The line for a fight won: the room falls quiet only when nothing of it is left to flee
    (a fled monster still lives, and may be met again); the ones the log has named are named."""
    if not fleeing:
        return "The room falls quiet."
    if all(m.told for _, m in fleeing):
        who = join_names([game.name(e) for e, _ in fleeing])
    else:
        who = plural(len(fleeing), "foe")
    return f"The fight is won; {who} still {'flees' if len(fleeing) == 1 else 'flee'}."
