"""Issue 13, played through the engine: found traps still roll, a held hero rolls nothing, a
trap's continuous damage waits for the Hallway, abilities every combat turn, morale rallies and
lone checks, light and surprise as A Dungeon Game has them."""

from engine_arena import arena, free_neighbour, put_monster, put_trap

from game.core.rng import Stream
from game.engine import actions as A
from game.engine.combat import FIGHT, continuous_effects
from game.engine.dispatch import apply_action
from game.engine.doors import skill_test_name
from game.engine.encounters import surprise
from game.engine.party_sight import hero_radius
from game.engine.routes import TRAP_STEP_COST, passable
from game.rules.purchases import Ability, Monster, Trap
from game.world.components import Effect, Effects, HeroState, MonsterState, TrapState


def rig(game, name: str, sides: int, value: int) -> None:
    """Replace a named stream by one whose next die of `sides` shows `value` (a loaded die)."""
    seed = next(s for s in range(10_000) if Stream(s).die(sides) == value)
    game.streams._streams[(name,)] = Stream(seed)


def step(game, hero, x, y):
    pos = game.position(hero)
    return apply_action(game, A.Move(0, x - pos.x, y - pos.y))


def test_a_found_trap_is_got_past_with_an_annoy_roll_and_pays_its_xp_once():
    for seed in range(1, 60):
        game, hero = arena(seed)
        x, y = free_neighbour(game, hero)
        home = game.position(hero).x, game.position(hero).y
        trap = put_trap(game, x, y, Trap("spikes", annoy=2, pain=2, unlimited=True))
        state = game.world.comp(trap, TrapState)
        state.found_by.add(hero)
        xp = game.world.comp(hero, HeroState).xp
        step(game, hero, x, y)
        roll = [r for r in game.rolls if r.kind == "annoy" and r.title == "test trap"]
        assert roll, "a known trap is not walked over for free"
        if not roll[-1].successes[0]:
            continue
        assert hero in state.passed_by and state.live
        assert game.world.comp(hero, HeroState).xp == xp + state.cost
        for _ in range(6):  # back and forth: every crossing rolls, the XP came once
            step(game, hero, *home)
            step(game, hero, x, y)
            if game.world.comp(hero, HeroState).hits < 10:
                break
        assert len([r for r in game.rolls if r.title == "test trap"]) > 1
        assert game.world.comp(hero, HeroState).xp == xp + state.cost
        return
    raise AssertionError("no hero got past a two-dice trap in 60 seeds")


def test_a_found_plate_is_a_costly_tile_on_the_way_not_a_wall():
    game, hero = arena(5)
    x, y = free_neighbour(game, hero)
    trap = put_trap(game, x, y, Trap("spikes", annoy=2, pain=2))
    game.floor.explored[y, x] = True
    assert passable(game, hero)[y, x] != TRAP_STEP_COST
    game.world.comp(trap, TrapState).found_by.add(hero)
    assert passable(game, hero)[y, x] == TRAP_STEP_COST


def test_a_held_hero_rolls_no_dice_and_the_holders_blows_land():
    for seed in range(1, 80):
        game, hero = arena(seed)
        x, y = free_neighbour(game, hero)
        mon = put_monster(game, x, y, Monster(3, "claws", name="grappler"))
        game.world.comp(hero, Effects).active.append(Effect("the grip", mon, "crushing", 12, 0, True, True, False))
        apply_action(game, A.Wait(0))  # rounds go on while the hero is held (it has no action to take)
        if any("shakes off" in line.text for line in game.log if line.turn == 0):
            continue  # it broke free in step 1 of the first turn and fought
        melee = [r for r in game.rolls if r.title == FIGHT and r.turn == 0][0]
        assert [p.owner for p in melee.pools if p.dice] == [str(mon)]  # the held hero's row: no dice
        assert [(p.owner, p.dice) for p in melee.pools[1:]] == [(str(hero), ())] and melee.idle == ((1, "held"),)
        assert all(w == 0 for w in melee.rank_winners)  # every one of its dice landed unopposed
        return
    raise AssertionError("the hold was shaken off in every seed")


def test_a_traps_continuous_damage_waits_for_the_hallway_and_shaking_it_off_pays_xp():
    for seed in range(1, 60):
        game, hero = arena(seed)
        x, y = free_neighbour(game, hero)
        trap = put_trap(game, 0, 0, Trap("poison", annoy=2, pain=1, continuous=True))
        game.world.comp(hero, Effects).active.append(
            Effect("test trap", trap, "poison", 2, 1, False, False, True, "traps"))
        put_monster(game, x, y, Monster(1, "bite", name="rat"))
        apply_action(game, A.Wait(0))  # a combat turn: the trap's effect is not rolled
        assert not [r for r in game.rolls if r.title == "test trap"]
        xp = game.world.comp(hero, HeroState).xp
        continuous_effects(game, in_combat=False)  # the Hallway's step
        roll = [r for r in game.rolls if r.title == "test trap" and r.kind == "annoy"][-1]
        if roll.successes[0]:
            assert not game.world.comp(hero, Effects).active
            assert game.world.comp(hero, HeroState).xp >= xp + game.world.comp(trap, TrapState).cost
            return
    raise AssertionError("no hero shook off a two-dice poison in 60 seeds")


def test_a_monsters_continuous_damage_goes_on_in_the_hallway_too():
    """Fungeon's Hallway has "Rupert the Taxonomist" roll for "a nasty spider bite": a monster's
    Continuous Damage, rolled in each combat turn (step 1), is also rolled in each Hallway; a hold
    is not (it lasts only while its holder fights)."""
    for seed in range(1, 60):
        game, hero = arena(seed)
        mon = put_monster(game, 0, 0, Monster(2, "bite", name="spider"))
        effects = game.world.comp(hero, Effects)
        effects.active += [Effect("the spider's bite", mon, "poison", 2, 1, False, False, False),
                           Effect("the spider's web", mon, "bite", 2, 0, False, True, False)]
        before, hits = len(game.rolls), game.world.comp(hero, HeroState).hits
        continuous_effects(game, in_combat=False)  # the Hallway's step
        rolled = [r for r in game.rolls[before:] if r.kind == "annoy"]
        assert [r.title for r in rolled] == ["the spider's bite"]  # the web is not rolled
        pains = [r.title for r in game.rolls[before:] if r.kind == "pain"]
        assert pains == ([] if rolled[0].successes[0] else ["the spider's bite"])
        if game.world.comp(hero, HeroState).hits < hits:
            return
    raise AssertionError("a two-dice poison never hurt in the Hallway in 60 seeds")


def test_a_monster_uses_its_ability_in_every_combat_turn():
    game, hero = arena(21)
    x, y = free_neighbour(game, hero)
    mon = put_monster(game, x, y, Monster(2, "bite", (Ability("fire", annoy=2),), name="salamander"))
    game.world.comp(mon, MonsterState).rallied = True  # no morale checks: it stays to fight
    game.world.comp(mon, MonsterState).hits = 50
    for _ in range(3):
        game.world.comp(hero, HeroState).hits = 10
        apply_action(game, A.Wait(0))
    turns = {r.turn for r in game.rolls if r.title.startswith("salamander's")}
    assert turns == {0, 1, 2}


def test_a_rally_gives_an_extra_attack_and_ends_the_checks():
    game, hero = arena(22)
    x, y = free_neighbour(game, hero)
    a = put_monster(game, x, y, Monster(3, "bite", name="jackal"))
    x2, y2 = next((px, py) for px, py in [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
                  if game.floor.walkable[py, px] and game.creature_at(px, py) is None and (px, py) != (x, y)
                  and int(game.floor.tile[py, px]) == 2)
    b = put_monster(game, x2, y2, Monster(3, "bite", name="jackal"))
    game.world.comp(a, MonsterState).hits = 1
    rig(game, "morale", 20, 13)  # exactly 10 + Level: a rally
    from game.engine.fates import monster_died

    game.world.comp(a, MonsterState).hits = 0
    monster_died(game, a, hero)
    mon = game.world.comp(b, MonsterState)
    assert mon.rallied and mon.extra_attack and not mon.fleeing
    apply_action(game, A.Wait(0))
    melee = [r for r in game.rolls if r.title == FIGHT][-1]
    assert len(next(p for p in melee.pools if p.owner == str(b)).dice) == 6  # its Level dice twice
    assert not mon.extra_attack


def test_a_lone_monster_checks_at_half_and_again_each_later_turn_it_is_hurt():
    game, hero = arena(23)
    x, y = free_neighbour(game, hero)
    ogre = put_monster(game, x, y, Monster(10, "club", name="ogre"))  # flees only above 20: never
    mon = game.world.comp(ogre, MonsterState)
    mon.hits = 16  # one above half its 30 Hits
    checks = 0
    for _ in range(30):
        game.world.comp(hero, HeroState).bonus_dice = 8  # enough dice to hurt an ogre now and then
        game.world.comp(hero, HeroState).hits = 100
        before_state, before_hits = game.streams.get("morale").state, mon.hits
        apply_action(game, A.Wait(0))
        if mon.hits <= 0:
            break
        if mon.hits < before_hits and mon.hits <= 15:
            assert game.streams.get("morale").state != before_state  # a check in this turn
            checks += 1
        elif not mon.rallied:
            assert game.streams.get("morale").state == before_state
    assert checks >= 2 or mon.rallied


def test_monsters_notice_a_lit_hero_from_its_light_and_a_dark_one_only_close_by():
    def noticed(lit: bool) -> bool:
        for seed in range(31, 60):
            game, hero = arena(seed)
            pos = game.position(hero)
            lines = [[(pos.x + dx * k, pos.y + dy * k) for k in (1, 2, 3)]
                     for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
            clear = [ln for ln in lines if all(game.floor.walkable[y, x] and game.creature_at(x, y) is None
                                               and int(game.floor.tile[y, x]) == 2 for x, y in ln)]
            if clear and hero_radius(game, pos.x, pos.y) >= 6:  # not a room of magical darkness
                break
        if not lit:
            game.time.oil = game.time.torches = game.time.torch_left = 0
        mon = put_monster(game, *clear[0][-1], Monster(2, "bite", name="rat"))
        game.world.comp(mon, MonsterState).aware = False
        apply_action(game, A.Wait(0))
        return game.world.comp(mon, MonsterState).aware

    assert noticed(lit=True)
    assert not noticed(lit=False)


def test_a_lit_party_never_surprises_and_a_surprised_party_rolls_nothing_in_the_free_turn():
    caught = False
    for seed in range(1, 40):
        game, hero = arena(seed)
        x, y = free_neighbour(game, hero)
        mon = put_monster(game, x, y, Monster(2, "bite", name="rat"))
        cell = game.world.comp(mon, MonsterState).cell
        surprise(game, cell)
        assert not any("unawares" in line.text for line in game.log)  # a lantern burns
        if any(line.text.startswith("Surprise!") for line in game.log):
            melee = [r for r in game.rolls if r.title == FIGHT][-1]
            assert [p.owner for p in melee.pools if p.dice] == [str(mon)]  # the party's rows: no dice
            assert [(p.owner, p.dice) for p in melee.pools[1:]] == [(str(hero), ())]
            assert melee.idle == ((1, "caught unready"),)
            caught = True
    assert caught


def test_a_hold_that_is_continuous_damage_too_wounds_in_every_combat_turn_it_keeps_its_grip():
    """A monster's ability bought with both Continuous Hold and Continuous Damage (each doubles
    its cost) leaves one effect, a hold with Pain dice (as `use_ability` makes it): step 1 of a
    combat turn, the held hero resists once; failing, it stays held and suffers the damage. The
    damage used to be dropped for any hold."""
    for seed in range(1, 60):
        game, hero = arena(seed)
        x, y = free_neighbour(game, hero)
        mon = put_monster(game, x, y, Monster(1, "bite", name="constrictor"))
        game.world.comp(hero, Effects).active.append(Effect("the coils", mon, "crushing", 1 + 12, 1 + 2, False, True,
                                                            False))
        hits, rolled = game.world.comp(hero, HeroState).hits, len(game.rolls)
        continuous_effects(game, in_combat=True)
        if not game.world.comp(hero, Effects).active:
            continue  # shaken off: no harm this time
        assert [r.kind for r in game.rolls[rolled:]] == ["annoy", "pain"]  # held still, and it hurts
        if game.world.comp(hero, HeroState).hits < hits:
            return
    raise AssertionError("the coils never wounded a hero they held in 60 seeds")


def test_skill_tests_are_titled_by_the_books_names():
    assert [skill_test_name(s) for s in ("force", "locks", "agility", "disarm")] == ["Force", "Locks", "Agility",
                                                                                      "Traps"]
