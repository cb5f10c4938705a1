"""One hero against one obstacle: the annoying conflict that resists it and the painful one that
hurts; damage, experience and deaths after any conflict."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from game.core.content import traits
from game.core.sentences import capitalised, verb_for
from game.engine.fates import hero_died, lose_hits, monster_died
from game.engine.log import RollRecord
from game.engine.morale import lone_morale
from game.rules.conflicts import annoying_conflict, painful_conflict
from game.rules.dice import PoolRequest, roll_event
from game.rules.heroes import annoy_pool_size, pain_pool_size
from game.rules.party import xp_for_damage
from game.world.components import HeroState, MonsterState

if TYPE_CHECKING:
    from game.engine.game import Game

def take_bonus_dice(game: Game, eid: int) -> int:
    """Banked success dice and a spent story point go into the hero's next roll, then are gone."""
    hero = game.world.comp(eid, HeroState)
    extra = hero.bonus_dice
    hero.bonus_dice = 0
    if hero.spend_story_point:
        hero.spend_story_point = False
        extra += 2
    return extra


def alive(game: Game, eid: int) -> bool:
    hero = game.world.try_comp(eid, HeroState)
    if hero is not None:
        return hero.hits > 0
    mon = game.world.try_comp(eid, MonsterState)
    return mon is not None and mon.hits > 0


def apply_damage(game: Game, damage: tuple[tuple[str, str], ...], hits: dict[str, int], narrator: int) -> None:
    """Hits after a conflict, experience for damage dealt to monsters, deaths at once."""

    dealt: dict[tuple[int, int], int] = {}
    for src, dst in damage:
        dealt[(int(src), int(dst))] = dealt.get((int(src), int(dst)), 0) + 1
    for (src, dst), n in sorted(dealt.items()):
        mon = game.world.try_comp(dst, MonsterState)
        hero = game.world.try_comp(src, HeroState)
        if mon is not None and hero is not None:
            gained = xp_for_damage(mon.cost, n)
            hero.xp += gained
            game.stats.xp_gained += gained
        game.say(blow_words(game, src, dst, n), "combat", narrator)
    for owner, left in sorted(hits.items(), key=lambda kv: int(kv[0])):
        eid = int(owner)
        hero = game.world.try_comp(eid, HeroState)
        if hero is not None:
            lose_hits(game, "monsters", hero.hits - max(0, left))
            if hero.hits > 0 and left <= 0:
                killer = final_blow(damage, owner, hero.hits)
                hero.hits = 0
                hero_died(game, eid, "wounds" if killer is None else game.name(int(killer)))
            else:
                hero.hits = max(0, left)
            continue
        mon = game.world.try_comp(eid, MonsterState)
        if mon is not None and mon.hits > 0:
            before = mon.hits
            mon.hits = max(0, left)
            if mon.hits == 0:
                killer = final_blow(damage, owner, before)
                monster_died(game, eid, -1 if killer is None else int(killer))
            else:
                lone_morale(game, eid, before)


def final_blow(damage: tuple[tuple[str, str], ...], owner: str, hits: int) -> str | None:
    """Whose blow took `owner`'s last Hit: blows land in rank order, one Hit each, so the one that
    brought its `hits` to none (the last that reached it when it lost Hits besides; None when
    none did). The kill and "slain by" are put down to it, not to the first that landed."""
    last = None
    for src, dst in damage:
        if dst == owner:
            last, hits = src, hits - 1
            if hits <= 0:
                return src
    return last


def blow_words(game: Game, src: int, dst: int, n: int) -> str:
    """A blow in the log; one from beyond arm's reach (a ranged Type) says how it struck (shot,
    scorched, smote: the Type's `from_afar`), from how far, with what Type, and the damage (issue
    14: a mage killing from range must show in the log)."""
    hero = game.world.try_comp(src, HeroState)
    mon = game.world.try_comp(src, MonsterState)
    kind = game.sheet(src).attack if hero is not None else mon.spec.type if mon is not None else ""
    a, b = game.position(src), game.position(dst)
    far = max(abs(a.x - b.x), abs(a.y - b.y)) if a is not None and b is not None else 1
    if far > 1:
        verb = traits().from_afar.get(kind, "shoots")  # "Kell smites Ebbe", "Pim shoots Xol"
        return f"{game.name(src)} {verb} {game.name(dst)} from {far} tiles away ({kind}): {n} damage."
    return f"{game.name(src)} hits {game.name(dst)}" + (f" {n} times" if n > 1 else "") + "."


class Resisted(NamedTuple):
    """An annoying conflict's end: won or lost, the successes (the hero's on a win, the
    obstacle's on a loss: the Law of Successes), and the seat that tells it (its line's "~ Seat")."""

    ok: bool
    successes: int
    teller: int


def resist(game: Game, hero_eid: int, title: str, obstacle_seat: int, annoy_dice: int, roll_type: str,
           universal: bool, action: str | None = None) -> Resisted:
    """One annoying conflict of a hero against an obstacle's dice (see `Resisted`)."""
    hero = game.world.comp(hero_eid, HeroState)
    sheet = game.sheet(hero_eid)
    size = annoy_pool_size(sheet, roll_type, action, universal, game.items(hero_eid),
                           take_bonus_dice(game, hero_eid))
    event = roll_event(game.streams.get("combat"), game.dials.die,
                       [PoolRequest("obstacle", obstacle_seat, annoy_dice),
                        PoolRequest(str(hero_eid), hero.seat, size)], game.party.category_order)
    result = annoying_conflict(event.pools[0], event.pools[1:])
    outcome = result.results[0]
    game.record_roll(RollRecord(game.turn, "annoy", title, event.pools, (title, game.name(hero_eid)),
                                successes=(outcome.success,), narrator=event.narrator))
    successes = outcome.successes if game.dials.successes else 0
    return Resisted(outcome.success, successes, event.narrator)


def suffer(game: Game, hero_eid: int, title: str, obstacle_seat: int, pain_dice: int, roll_type: str,
           universal: bool, source_name: str, source_eid: int | None = None, kind: str = "traps") -> int:
    """The painful conflict of a trap or an ability. A trap takes no damage; a monster whose
    ability it is can be hit back, when the hero can reach it (`source_eid`). `kind` is where
    the hits lost are counted (traps, abilities, doors, terrain, hunger, features)."""
    hero = game.world.comp(hero_eid, HeroState)
    if pain_dice <= 0:
        return 0
    sheet = game.sheet(hero_eid)
    size = pain_pool_size(sheet, roll_type, None, universal, game.items(hero_eid), take_bonus_dice(game, hero_eid))
    obstacle = "obstacle" if source_eid is None else str(source_eid)
    event = roll_event(game.streams.get("combat"), game.dials.die,
                       [PoolRequest(obstacle, obstacle_seat, pain_dice),
                        PoolRequest(str(hero_eid), hero.seat, size)], game.party.category_order)
    hits = {str(hero_eid): hero.hits}
    targets = {obstacle: [str(hero_eid)]}
    if source_eid is not None:
        mon = game.world.comp(source_eid, MonsterState)
        hits[obstacle] = mon.hits
        targets[str(hero_eid)] = [obstacle]
    result = painful_conflict(event.pools, targets, hits)
    game.record_roll(RollRecord(
        game.turn, "pain", title, event.pools, (title, game.name(hero_eid)),
        tuple(0 if winner == obstacle else (1 if winner else -1) for winner in result.winners),
        narrator=event.narrator))
    taken = result.taken_by(str(hero_eid))
    if taken:
        game.say(f"{capitalised(title)} {verb_for(title, 'deals', 'deal')} {game.name(hero_eid)} {taken} damage.",
                 "danger", event.narrator)
    else:  # the hero won every rank: the roll is on the panel, and the log says how it ended
        game.say(f"{capitalised(title)} {verb_for(title, 'does', 'do')} {game.name(hero_eid)} no harm.",
                 "trap" if kind == "traps" else "combat", event.narrator)
    if source_eid is not None and result.taken_by(obstacle):
        apply_damage(game, tuple(d for d in result.damage if d[1] == obstacle), {obstacle: result.hits[obstacle]},
                     event.narrator)

    lose_hits(game, kind, min(hero.hits, taken))
    hero.hits = max(0, hero.hits - taken)
    if hero.hits == 0 and taken:
        hero_died(game, hero_eid, source_name, kind)
    return taken
