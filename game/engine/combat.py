"""The combat turn of Fungeon, on the grid (DESIGN.md §2, §4): (1) continuous effects are rolled,
(2) each monster may use a special ability, (3) one painful conflict among everyone engaged.

Decisions where the book is silent, for a conflict on a map:
- Engaged = adjacent (8 directions), or in sight within RANGED_REACH tiles for ranged Types.
- A hero rolls Level + Class Bonus when its class ties it to the fight (the "fight" action or its
  own attack Type) + Pain dice of items of its attack Type. A monster's ordinary attacks are
  Universal (Fungeon), so no item or class protection keyed to the monster's Type helps against
  them; a monster rolls Level dice + each Resist die against an engaged hero's attack Type.
- A special ability's Pain roll is like a trap's: the monster's dice harm, the hero's defend.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.log import RollRecord
from game.rules.conflicts import annoying_conflict, painful_conflict
from game.rules.dice import NO_SEAT, PoolRequest, roll_event
from game.rules.heroes import annoy_pool_size, class_bonus, is_tied, item_applies, pain_pool_size
from game.rules.party import xp_for_damage
from game.rules.purchases import Ability
from game.world.components import Effect, Effects, HeroState, MonsterState, Position

if TYPE_CHECKING:
    from game.engine.game import Game

RANGED_TYPES = frozenset({"arrows", "fire", "cold", "lightning", "sonic", "holy", "psychic"})
RANGED_REACH = 6
ABILITY_REACH = 6


def chebyshev(a: Position, b: Position) -> int:
    return max(abs(a.x - b.x), abs(a.y - b.y))


def can_see(game: Game, a: Position, b: Position, reach: int) -> bool:
    from game.engine.party_sight import fov

    if chebyshev(a, b) > reach:
        return False
    if chebyshev(a, b) <= 1:
        return True
    return bool(fov(game, a.x, a.y, reach)[b.y, b.x])


def engaged_with(game: Game, eid: int, attack_type: str, opponents: list[tuple[int, Position]]) -> list[int]:
    """Opponents `eid` can hit this turn: adjacent ones, or seen ones in reach for ranged Types."""
    pos = game.position(eid)
    if pos is None:
        return []
    out = []
    for other, opos in opponents:
        if opos.floor != pos.floor:
            continue
        d = chebyshev(pos, opos)
        if d <= 1 or (attack_type in RANGED_TYPES and d <= RANGED_REACH and can_see(game, pos, opos, RANGED_REACH)):
            out.append(other)
    return out


def hero_fight_dice(game: Game, eid: int) -> int:
    hero = game.world.comp(eid, HeroState)
    sheet = game.sheet(eid)
    dice = hero.level + take_bonus_dice(game, eid)
    if is_tied(sheet, sheet.attack, "fight"):
        dice += class_bonus(hero.level)
    dice += sum(i.pain for i in game.items(eid) if item_applies(i, sheet.attack, False))
    return dice


def take_bonus_dice(game: Game, eid: int) -> int:
    """Banked success dice and a spent story point go into the hero's next roll, then are gone."""
    hero = game.world.comp(eid, HeroState)
    extra = hero.bonus_dice
    hero.bonus_dice = 0
    if hero.spend_story_point:
        hero.spend_story_point = False
        extra += 2
    return extra


def combat_turn(game: Game) -> bool:
    """Resolve one combat turn if anyone is engaged; returns whether a fight happened."""
    from game.engine.tactics import monster_targets

    heroes = [(e, game.position(e)) for e, _ in game.heroes() if game.position(e)]
    monsters = [(e, game.position(e)) for e, m in game.monsters() if game.position(e) and m.aware]
    heroes = [(e, p) for e, p in heroes if p.floor == game.floor_no]
    monsters = [(e, p) for e, p in monsters if p.floor == game.floor_no]
    if not heroes or not monsters:
        return False
    hero_targets: dict[int, list[int]] = {}
    for eid, _ in heroes:
        hero_targets[eid] = engaged_with(game, eid, game.sheet(eid).attack, monsters)
    mon_targets: dict[int, list[int]] = {}
    for eid, _ in monsters:
        mon = game.world.comp(eid, MonsterState)
        if mon.fleeing:
            continue
        mon_targets[eid] = engaged_with(game, eid, mon.spec.type, heroes)
    if not any(hero_targets.values()) and not any(mon_targets.values()):
        return False
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
    hero_attack_types = {game.sheet(e).attack for e in engaged if game.world.has(e, HeroState)}
    for eid in sorted(engaged):
        hero = game.world.try_comp(eid, HeroState)
        if hero is not None:
            count = hero_fight_dice(game, eid)
            requests.append(PoolRequest(str(eid), hero.seat, count))
            focus = game.focus.get(eid)
            order = sorted((t for t in hero_targets.get(eid, []) if alive(game, t)),
                           key=lambda t: (t != focus, game.world.comp(t, MonsterState).hits, t))
            held = game.world.comp(eid, Effects).held
            targets[str(eid)] = [] if held else [str(t) for t in order]
            hits[str(eid)] = hero.hits
        else:
            mon = game.world.comp(eid, MonsterState)
            resist = sum(1 for a in mon.spec.abilities for r in a.resist if r in hero_attack_types)
            requests.append(PoolRequest(str(eid), mon.seat, mon.spec.level + resist))
            order = monster_targets(game, eid, [t for t in mon_targets.get(eid, []) if alive(game, t)])
            targets[str(eid)] = [str(t) for t in order]
            hits[str(eid)] = mon.hits
    event = roll_event(game.streams.get("combat"), game.dials.die, requests, game.category_order)
    result = painful_conflict(event.pools, targets, hits)
    pools = event.pools
    game.record_roll(RollRecord(
        game.turn, "pain", "Melee", pools, tuple(game.name(int(p.owner)) for p in pools),
        tuple(next((i for i, p in enumerate(pools) if p.owner == r.winner), -1) for r in result.ranks),
        narrator=event.narrator))
    apply_damage(game, result.damage, result.hits, event.narrator)
    return True


def alive(game: Game, eid: int) -> bool:
    hero = game.world.try_comp(eid, HeroState)
    if hero is not None:
        return hero.hits > 0
    mon = game.world.try_comp(eid, MonsterState)
    return mon is not None and mon.hits > 0


def apply_damage(game: Game, damage: tuple[tuple[str, str], ...], hits: dict[str, int], narrator: int) -> None:
    """Hits after a conflict, experience for damage dealt to monsters, deaths at once."""
    from game.engine.run import hero_died, monster_died

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
        game.say(f"{game.name(src)} hits {game.name(dst)}" + (f" {n} times" if n > 1 else "") + ".",
                 "combat", narrator)
    for owner, left in sorted(hits.items(), key=lambda kv: int(kv[0])):
        eid = int(owner)
        hero = game.world.try_comp(eid, HeroState)
        if hero is not None:
            if hero.hits > 0 and left <= 0:
                killer = next((game.name(int(s)) for s, d in damage if d == owner), "wounds")
                hero.hits = 0
                hero_died(game, eid, killer)
            else:
                hero.hits = max(0, left)
            continue
        mon = game.world.try_comp(eid, MonsterState)
        if mon is not None and mon.hits > 0:
            before = mon.hits
            mon.hits = max(0, left)
            if mon.hits == 0:
                killer = next((int(s) for s, d in damage if d == owner), -1)
                monster_died(game, eid, killer)
            elif before > mon.spec.level * 3 // 2 >= mon.hits:
                from game.engine.tactics import morale_check

                morale_check(game, eid, alone_at_half=True)


def resist(game: Game, hero_eid: int, title: str, obstacle_seat: int, annoy_dice: int, roll_type: str,
           universal: bool, action: str | None = None) -> tuple[bool, int]:
    """One annoying conflict of a hero against an obstacle's dice. Returns (success, successes)
    where successes are the hero's on a win and the obstacle's on a loss (Law of Successes)."""
    hero = game.world.comp(hero_eid, HeroState)
    sheet = game.sheet(hero_eid)
    size = annoy_pool_size(sheet, roll_type, action, universal, game.items(hero_eid),
                           take_bonus_dice(game, hero_eid))
    event = roll_event(game.streams.get("combat"), game.dials.die,
                       [PoolRequest("obstacle", obstacle_seat, annoy_dice),
                        PoolRequest(str(hero_eid), hero.seat, size)], game.category_order)
    result = annoying_conflict(event.pools[0], event.pools[1:])
    outcome = result.results[0]
    game.record_roll(RollRecord(game.turn, "annoy", title, event.pools, (title, game.name(hero_eid)),
                                successes=(outcome.success,), narrator=event.narrator))
    successes = outcome.successes if game.dials.successes else 0
    return outcome.success, successes


def suffer(game: Game, hero_eid: int, title: str, obstacle_seat: int, pain_dice: int, roll_type: str,
           universal: bool, source_name: str, source_eid: int | None = None) -> int:
    """The painful conflict of a trap or an ability. A trap takes no damage; a monster whose
    ability it is can be hit back, when the hero can reach it (`source_eid`)."""
    hero = game.world.comp(hero_eid, HeroState)
    if pain_dice <= 0:
        return 0
    sheet = game.sheet(hero_eid)
    size = pain_pool_size(sheet, roll_type, None, universal, game.items(hero_eid), take_bonus_dice(game, hero_eid))
    obstacle = "obstacle" if source_eid is None else str(source_eid)
    event = roll_event(game.streams.get("combat"), game.dials.die,
                       [PoolRequest(obstacle, obstacle_seat, pain_dice),
                        PoolRequest(str(hero_eid), hero.seat, size)], game.category_order)
    hits = {str(hero_eid): hero.hits}
    targets = {obstacle: [str(hero_eid)]}
    if source_eid is not None:
        mon = game.world.comp(source_eid, MonsterState)
        hits[obstacle] = mon.hits
        targets[str(hero_eid)] = [obstacle]
    result = painful_conflict(event.pools, targets, hits)
    game.record_roll(RollRecord(
        game.turn, "pain", title, event.pools, (title, game.name(hero_eid)),
        tuple(0 if r.winner == obstacle else (1 if r.winner else -1) for r in result.ranks),
        narrator=event.narrator))
    taken = result.taken_by(str(hero_eid))
    if taken:
        game.say(f"{title} deals {game.name(hero_eid)} {taken} damage.", "danger", event.narrator)
    if source_eid is not None and result.taken_by(obstacle):
        apply_damage(game, tuple(d for d in result.damage if d[1] == obstacle), {obstacle: result.hits[obstacle]},
                     event.narrator)
    from game.engine.run import hero_died

    hero.hits = max(0, hero.hits - taken)
    if hero.hits == 0 and taken:
        hero_died(game, hero_eid, source_name)
    return taken


def continuous_effects(game: Game, in_combat: bool) -> None:
    """Step 1 of a combat turn (and, for continuous damage, every Hallway): each held hero tries
    to break free; each poisoned or burning hero resists again, or suffers its Pain roll."""
    for eid, hero in game.heroes():
        effects = game.world.comp(eid, Effects)
        for effect in list(effects.active):
            if hero.hits <= 0:
                break
            if effect.hold and not in_combat:
                continue
            ok, _ = resist(game, eid, effect.source, NO_SEAT, effect.annoy, effect.type, effect.universal)
            if ok:
                effects.active.remove(effect)
                game.say(f"{game.name(eid)} shakes off {effect.source}.", "combat")
            elif not effect.hold:
                suffer(game, eid, effect.source, NO_SEAT, effect.pain, effect.type, effect.universal, effect.source)


def struggle_free(game: Game) -> None:
    """A round with no combat turn: a hold can only last while its holder fights. A hero held by
    a monster that died or fled is free; one whose holder still stands tries to break free as
    in a combat turn (Fungeon rolls holds in combat only; outside it, nothing else would end one)."""
    for eid, hero in game.heroes():
        effects = game.world.comp(eid, Effects)
        for effect in [e for e in effects.active if e.hold]:
            holder = game.world.try_comp(effect.source_entity, MonsterState)
            if holder is None or holder.hits <= 0 or not holder.hostile:
                effects.active.remove(effect)
                game.say(f"{game.name(eid)} is free of {effect.source}.", "combat")
                continue
            ok, _ = resist(game, eid, effect.source, NO_SEAT, effect.annoy, effect.type, effect.universal)
            if ok:
                effects.active.remove(effect)
                game.say(f"{game.name(eid)} shakes off {effect.source}.", "combat")
            if hero.hits <= 0:
                break


def special_abilities(game: Game) -> None:
    """Step 2: each aware monster may use one special ability on a hero it can see."""
    from game.engine.tactics import choose_ability

    for eid, mon in game.monsters():
        if not mon.aware or mon.fleeing or not mon.spec.abilities or mon.hits <= 0:
            continue
        choice = choose_ability(game, eid)
        if choice is None:
            continue
        ability, target = choice
        use_ability(game, eid, ability, target)


def use_ability(game: Game, mon_eid: int, ability: Ability, hero_eid: int) -> None:
    mon = game.world.comp(mon_eid, MonsterState)
    label = f"{game.name(mon_eid)}'s {ability.name or ability.type}"
    ok, successes = resist(game, hero_eid, label, mon.seat, mon.spec.level + ability.annoy, ability.type,
                           ability.universal)
    if ok:
        game.say(f"{game.name(hero_eid)} avoids {label}.", "combat")
        return
    game.say(f"{label} catches {game.name(hero_eid)}.", "danger")
    effects = game.world.comp(hero_eid, Effects)
    if ability.hold or ability.continuous:
        effects.active.append(Effect(label, mon_eid, ability.type, mon.spec.level + ability.annoy,
                                     mon.spec.level + ability.pain if ability.continuous else 0,
                                     ability.universal, ability.hold, False))
    if ability.pain:
        reach = engaged_with(game, hero_eid, game.sheet(hero_eid).attack, [(mon_eid, game.position(mon_eid))])
        suffer(game, hero_eid, label, mon.seat, mon.spec.level + ability.pain + successes, ability.type,
               ability.universal, game.name(mon_eid), mon_eid if reach else None)
