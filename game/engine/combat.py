"""The combat turn of Fungeon, on the grid (DESIGN.md §2, §4): (1) continuous effects are rolled,
(2) each monster may use a special ability, (3) one painful conflict among everyone engaged.

Decisions where the book is silent, for a conflict on a map:
- Engaged = adjacent (8 directions), or in sight within RANGED_REACH tiles for ranged Types.
- A hero rolls Level + Class Bonus when its class ties it to the fight (the "fight" action or its
  own attack Type). A monster's ordinary attacks are Universal (Fungeon), so no item keyed to a
  Type helps against them; a monster rolls Level dice + each Resist die against an engaged
  hero's attack Type.
- A special ability's Pain roll is like a trap's: the monster's dice harm, the hero's defend.
- A creature the quest wants caught is never a hero's target: its dice only ward off its bites
  (the quest says "gently"; a hero catches it by walking into it, `quests.try_catch`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.core.sentences import possessive, verb_for
from game.engine.harm import alive, apply_damage, resist, suffer, take_bonus_dice
from game.engine.log import RollRecord
from game.engine.quests import to_be_caught
from game.engine.reach import RANGED_REACH, engaged_with
from game.engine.sightings import tell_sightings, tell_unseen_fighter
from game.engine.tactics import choose_ability, monster_targets
from game.rules.conflicts import painful_conflict
from game.rules.dice import NO_SEAT, Pool, PoolRequest, roll_event
from game.rules.heroes import tied_bonus
from game.rules.party import xp_for_trap
from game.rules.purchases import Ability
from game.world.components import Effect, Effects, HeroState, MonsterState, Position, TrapState

if TYPE_CHECKING:
    from game.engine.game import Game

FIGHT = "Fight"  # the combat turn's painful conflict, its blows and shots alike, as the roll panel titles it


def hero_fight_dice(game: Game, eid: int) -> int:
    """Level + the Class Bonus (and degrees) of a trait tied to its attack or to fighting, + banked
    dice. No item dice: a monster's ordinary attacks are Universal harm, and an item's dice count
    only against harm of its own Type (DESIGN.md §3), never against Universal harm."""
    hero = game.world.comp(eid, HeroState)
    sheet = game.sheet(eid)
    return hero.level + take_bonus_dice(game, eid) + tied_bonus(sheet, sheet.attack, "fight")


def combat_turn(game: Game, surprised_party: bool = False) -> bool:
    """Resolve one combat turn if anyone is engaged; returns whether a fight happened. A held
    hero rolls no dice (DESIGN.md §2), nor does a surprised side in its first combat turn (A
    Dungeon Game): `surprised_party` for the monsters' free turn, `MonsterState.surprised` for
    monsters caught unawares."""

    after = [(e, m, p) for e, (m, p) in game.on_floor(MonsterState) if m.aware and m.hits > 0]
    if not after:
        return False  # the usual turn: no monster is after the party
    tell_sightings(game)  # the monsters have moved: what came into view is said before it acts
    monsters = [(e, p) for e, _, p in after]
    floor_no = game.dungeon.floor_no
    heroes = [(e, p) for e, _ in game.heroes() if (p := game.position(e)) is not None and p.floor == floor_no]
    if not heroes:
        return False
    if not within_reach(heroes, monsters):
        return False  # nobody within anybody's reach (see `engaged_with`): no fight this turn
    hittable = monsters
    if game.quest is not None and game.quest.catch:  # "gently": no blow or shot at what is to be caught
        hittable = [(e, p) for e, p in monsters if not to_be_caught(game, e)]
    hero_targets: dict[int, list[int]] = {}
    for eid, _ in heroes:
        hero_targets[eid] = engaged_with(game, eid, game.sheet(eid).attack, hittable)
    mon_targets: dict[int, list[int]] = {}
    for eid, mon, _ in after:
        if mon.fleeing:
            continue
        mon_targets[eid] = engaged_with(game, eid, mon.spec.type, heroes)
    if not any(hero_targets.values()) and not any(mon_targets.values()):
        return False
    for eid in sorted({m for ts in hero_targets.values() for m in ts} | {m for m, ts in mon_targets.items() if ts}):
        tell_unseen_fighter(game, eid)  # one fighting from the dark is there, out of sight
    if not surprised_party:
        continuous_effects(game, in_combat=True)
    special_abilities(game)
    # the painful conflict among everyone engaged
    engaged = {e for e, t in hero_targets.items() if t} | {e for e, t in mon_targets.items() if t}
    for ts in list(hero_targets.values()) + list(mon_targets.values()):
        engaged.update(ts)
    engaged = {e for e in engaged if alive(game, e)}
    if not engaged:
        return True
    requests, targets, hits = [], {}, {}
    sitting_out: list[tuple[int, int, str]] = []  # in the fight but rolling nothing: (entity, seat, why)
    hero_attack_types = {game.sheet(e).attack for e in engaged if game.world.has(e, HeroState)}
    for eid in sorted(engaged):
        hero = game.world.try_comp(eid, HeroState)
        if hero is not None:
            hits[str(eid)] = hero.hits
            effects = game.world.comp(eid, Effects)
            if (effects.active and effects.held) or surprised_party:
                sitting_out.append((eid, hero.seat, "caught unready" if surprised_party else "held"))
                continue  # "may not act" / caught unready: no dice, the blows against it land unopposed
            requests.append(PoolRequest(str(eid), hero.seat, hero_fight_dice(game, eid)))
            focus = game.party.focus.get(eid)
            order = sorted((t for t in hero_targets.get(eid, []) if alive(game, t)),
                           key=lambda t: (t != focus, game.world.comp(t, MonsterState).hits, t))
            targets[str(eid)] = [str(t) for t in order]
        else:
            mon = game.world.comp(eid, MonsterState)
            hits[str(eid)] = mon.hits
            if mon.surprised:
                mon.surprised = False  # caught unawares: no dice in its first combat turn
                sitting_out.append((eid, mon.seat, "caught unawares"))
                continue
            resist = sum(1 for a in mon.spec.abilities for r in a.resist if r in hero_attack_types)
            rally = mon.spec.level if mon.extra_attack else 0  # a rally's extra attack: its Level dice again
            mon.extra_attack = False
            requests.append(PoolRequest(str(eid), mon.seat, mon.spec.level + resist + rally))
            order = monster_targets(game, eid, [t for t in mon_targets.get(eid, []) if alive(game, t)])
            targets[str(eid)] = [str(t) for t in order]
    if not requests:
        return True
    event = roll_event(game.streams.get("combat"), game.dials.die, requests, game.party.category_order)
    result = painful_conflict(event.pools, targets, hits)
    owners = [request.owner for request in requests]  # the pools' (which are made only if drawn)
    pool_of = {owner: i for i, owner in enumerate(owners)}  # each owner asks for one pool
    unplaced = tuple(i for i, owner in enumerate(owners) if not targets.get(owner))
    pools, names = event.pools, tuple(game.name(int(owner)) for owner in owners)
    if sitting_out:  # the panel shows them too, with no dice: else a held hero's wounds came from nowhere
        pools = (*event.pools, *(Pool(str(e), seat, ()) for e, seat, _ in sitting_out))
        names += tuple(game.name(e) for e, _, _ in sitting_out)
    game.record_roll(RollRecord(
        game.turn, "pain", FIGHT, pools, names,
        tuple(pool_of.get(winner, -1) for winner in result.winners), narrator=event.narrator,
        unplaced=unplaced, fleeing=tuple(i for i in unplaced if is_fleeing(game, int(owners[i]))),
        idle=tuple((len(owners) + i, why) for i, (_, _, why) in enumerate(sitting_out)),
        fell=fallen_ranks(event.pools, result.values)))
    apply_damage(game, result.damage, result.hits, event.narrator)
    return True


def fallen_ranks(pools: Sequence[Pool], columns: Sequence[tuple[int, ...]]) -> tuple[tuple[int, int], ...]:
    """(pool, rank) for each pool whose owner fell during the fight: the first rank at which its
    die counted 0 (`painful_conflict` empties a dead creature's later dice; a die is never 0)."""
    out = []
    for i, pool in enumerate(pools):
        rank = next((r for r in range(len(pool.dice)) if columns[r][i] == 0), None)
        if rank is not None:
            out.append((i, rank))
    return tuple(out)


def is_fleeing(game: Game, eid: int) -> bool:
    """A fleeing monster rolls when a hero engages it, but strikes no one."""
    mon = game.world.try_comp(eid, MonsterState)
    return mon is not None and mon.fleeing


def within_reach(heroes: list[tuple[int, Position]], monsters: list[tuple[int, Position]]) -> bool:
    """Whether some hero and some monster stand within RANGED_REACH of each other (the farthest
    anyone engages). Plain loops: asked every round a monster is after the party."""
    for _, h in heroes:
        hx, hy = h.x, h.y
        for _, m in monsters:
            if abs(hx - m.x) <= RANGED_REACH and abs(hy - m.y) <= RANGED_REACH:
                return True
    return False


def continuous_effects(game: Game, in_combat: bool) -> None:
    """Step 1 of a combat turn (and, for continuous damage, every Hallway): each held hero tries
    to break free; each poisoned or burning hero resists again, or suffers its Pain roll. A
    trap's continuous damage is rolled only in the Hallway (Fungeon "during each Hallway"), and
    shaking it off is an annoy won against the trap: its XP, as for any trap avoided."""
    for eid, hero in game.heroes():
        effects = game.world.comp(eid, Effects)
        for effect in list(effects.active):
            if hero.hits <= 0:
                break
            if (effect.hold and not in_combat) or (effect.from_trap and in_combat):
                continue
            seat = effect_seat(game, effect)
            ok, _, teller = resist(game, eid, effect.source, seat, effect.annoy, effect.type, effect.universal)
            if ok:
                effects.active.remove(effect)
                game.say(f"{game.name(eid)} shakes off {effect.source}.", "combat", teller)
                trap = game.world.try_comp(effect.source_entity, TrapState) if effect.source_entity >= 0 else None
                if effect.from_trap and trap is not None:
                    hero.xp += xp_for_trap(trap.cost)
                    game.stats.xp_gained += xp_for_trap(trap.cost)
                continue
            if effect.hold:  # said, as its breaking is: the hero stays out of the fight
                game.say(f"{game.name(eid)} cannot break free of {effect.source}.", "combat", teller)
            if effect.pain:  # Continuous Damage, a hold's too: a hold alone has no Pain dice
                suffer(game, eid, effect.source, seat, effect.pain, effect.type, effect.universal, effect.source,
                       kind=effect.source_kind)


def effect_seat(game: Game, effect: Effect) -> int:
    """The seat that rolls for what keeps an effect going (the monster's or the trap's designer):
    "each seat involved" puts its Thwack-O die in every roll event (DESIGN.md §2), a re-roll to
    break free or shake it off too (they were rolled with none: the hero's seat told every one)."""
    if effect.source_entity >= 0:
        mon = game.world.try_comp(effect.source_entity, MonsterState)
        if mon is not None:
            return mon.seat
        trap = game.world.try_comp(effect.source_entity, TrapState)
        if trap is not None:
            return trap.seat
    return NO_SEAT


def struggle_free(game: Game) -> None:
    """A round with no combat turn: a hold can only last while its holder fights. A hero held by
    a monster that died or fled is free; one whose holder still stands tries to break free as
    in a combat turn (Fungeon rolls holds in combat only; outside it, nothing else would end one)."""
    if not any_effects(game):
        return  # the usual round: nothing on any hero
    for eid, hero in game.heroes():
        effects = game.world.comp(eid, Effects)
        if not effects.active:
            continue  # the usual hero: nothing on it
        for effect in [e for e in effects.active if e.hold]:
            holder = game.world.try_comp(effect.source_entity, MonsterState)
            if holder is None or holder.hits <= 0 or not holder.hostile:
                effects.active.remove(effect)
                game.say(f"{game.name(eid)} is free of {effect.source}.", "combat")
                continue
            ok, _, teller = resist(game, eid, effect.source, holder.seat, effect.annoy, effect.type,
                                   effect.universal)
            if ok:
                effects.active.remove(effect)
                game.say(f"{game.name(eid)} shakes off {effect.source}.", "combat", teller)
            else:
                game.say(f"{game.name(eid)} cannot break free of {effect.source}.", "combat", teller)
            if hero.hits <= 0:
                break


def any_effects(game: Game) -> bool:
    """Whether any hero has an effect on it (only heroes have Effects): one look over the world's
    kept list, asked every round, where most rounds no hero has any. A plain loop (any() would
    resume a generator per hero)."""
    for _, effects in game.world.get(Effects):  # noqa: SIM110 - see the docstring
        if effects.active:
            return True
    return False


def special_abilities(game: Game) -> None:
    """Step 2: each aware monster may use one special ability on a hero it can see: only those on
    the party's floor can (every living hero is on it)."""

    for eid, (mon, _) in game.on_floor(MonsterState):
        if not mon.aware or mon.fleeing or not mon.spec.abilities or mon.hits <= 0:
            continue
        choice = choose_ability(game, eid)
        if choice is None:
            continue
        ability, target = choice
        use_ability(game, eid, ability, target)


def use_ability(game: Game, mon_eid: int, ability: Ability, hero_eid: int) -> None:
    tell_unseen_fighter(game, mon_eid)
    mon = game.world.comp(mon_eid, MonsterState)
    label = f"{possessive(game.name(mon_eid))} {ability.name or ability.type}"
    ok, successes, teller = resist(game, hero_eid, label, mon.seat, mon.spec.level + ability.annoy, ability.type,
                                   ability.universal)
    if ok:
        game.say(f"{game.name(hero_eid)} avoids {label}.", "combat", teller)
        return
    game.say(f"{label} {verb_for(label, 'catches', 'catch')} {game.name(hero_eid)}.", "danger", teller)
    effects = game.world.comp(hero_eid, Effects)
    if ability.hold or ability.continuous:
        effects.active.append(Effect(label, mon_eid, ability.type, mon.spec.level + ability.annoy,
                                     mon.spec.level + ability.pain if ability.continuous else 0,
                                     ability.universal, ability.hold, False,
                                     holder=game.name(mon_eid).partition(",")[0]))
    if ability.pain:
        reach = engaged_with(game, hero_eid, game.sheet(hero_eid).attack, [(mon_eid, game.position(mon_eid))])
        suffer(game, hero_eid, label, mon.seat, mon.spec.level + ability.pain + successes, ability.type,
               ability.universal, game.name(mon_eid), mon_eid if reach else None, kind="abilities")
