"""Monster abilities and treasure features, played through the engine."""

from engine_arena import arena, free_neighbour, give, put_monster

from game.engine import actions as A
from game.engine.combat import FIGHT
from game.engine.dispatch import apply_action
from game.rules.heroes import max_hits
from game.rules.purchases import Ability, Monster, Treasure
from game.world.components import Effects, HeroState, MonsterState, Position, TreasureState


def fight_round(game):
    apply_action(game, A.Wait(0))


def test_adjacent_monster_and_hero_meet_in_one_painful_conflict():
    game, hero = arena(12)
    x, y = free_neighbour(game, hero)
    rat = put_monster(game, x, y, Monster(3, "bite", name="rat"))
    fight_round(game)
    melee = [r for r in game.rolls if r.title == FIGHT][-1]
    sizes = sorted(len(p.dice) for p in melee.pools)
    # the orc soldier is very strong (strong twice, tied to the fight): Level 2 + Class Bonus 1 + 1 for
    # the second degree; the rat rolls its Level
    assert sizes == [3, 4]
    hits = game.world.comp(rat, MonsterState).hits
    dealt = sum(1 for w in melee.rank_winners if w >= 0 and melee.pools[w].owner == str(hero))
    assert hits == 9 - dealt


def test_damage_to_a_monster_gives_experience_worth_its_cost():
    game, hero = arena(13)
    x, y = free_neighbour(game, hero)
    rat = put_monster(game, x, y, Monster(2, "bite", name="rat"))
    for _ in range(5):
        fight_round(game)
    taken = 6 - game.world.comp(rat, MonsterState).hits
    assert game.world.comp(hero, HeroState).xp >= 2 * taken


def test_resist_dice_join_the_monster_pool_against_the_heroes_attack_type():
    game, hero = arena(14)
    x, y = free_neighbour(game, hero)
    attack = game.sheet(hero).attack
    put_monster(game, x, y, Monster(2, "bite", (Ability("acid", annoy=2, resist=(attack, attack)),), name="ooze"))
    fight_round(game)
    melee = [r for r in game.rolls if r.title == FIGHT][-1]
    ooze = next(p for p in melee.pools if p.owner != str(hero))
    assert len(ooze.dice) == 4


def test_hold_ability_makes_a_hero_lose_its_actions():
    for seed in range(1, 80):
        game, hero = arena(seed)
        x, y = free_neighbour(game, hero)
        put_monster(game, x, y, Monster(4, "claws", (Ability("psychic", annoy=8, hold=True, universal=True),),
                                         name="gazer"))
        turn = game.turn
        fight_round(game)
        if any("catches" in line.text for line in game.log):
            # held, the hero's next action is lost: the round goes on without it
            assert game.turn >= turn + 2 or game.phase == "over"
            return
    raise AssertionError("a 12-dice hold never caught a 2-dice hero")


def test_continuous_damage_ability_leaves_an_effect():
    for seed in range(1, 80):
        game, hero = arena(seed)
        x, y = free_neighbour(game, hero)
        put_monster(game, x, y, Monster(2, "bite", (Ability("poison", annoy=8, pain=1, continuous=True),),
                                         name="wasp"))
        fight_round(game)
        effects = game.world.comp(hero, Effects).active
        if effects and game.world.comp(hero, HeroState).hits > 0:
            assert not effects[0].hold and effects[0].type == "poison"
            return
    raise AssertionError("the poison never took")


def test_healing_treasure_is_single_use():
    game, hero = arena(15)
    state = game.world.comp(hero, HeroState)
    state.hits = 3
    potion = give(game, hero, Treasure(fancy=True, heal=4, name="draught"))
    apply_action(game, A.UseItem(0, 0))
    assert state.hits == 7
    assert not game.world.exists(potion)
    assert max_hits(state.level) >= state.hits


def test_an_items_pain_dice_ward_off_harm_of_its_type_and_not_a_monsters_blows():
    for seed in range(16, 60):
        game, hero = arena(seed)
        give(game, hero, Treasure(fancy=True, pain=2, type="fire", name="ring of fire warding"))
        x, y = free_neighbour(game, hero)
        mon = put_monster(game, x, y, Monster(1, "bite", (Ability("fire", annoy=2, pain=2),), name="salamander"))
        game.world.comp(mon, MonsterState).rallied = True
        fight_round(game)
        melee = [r for r in game.rolls if r.title == FIGHT][0]
        mine = next(p for p in melee.pools if p.owner == str(hero))
        assert len(mine.dice) == 2 + 1 + 1  # Level, Class Bonus, very strong: the ring adds nothing to blows
        breath = [r for r in game.rolls if r.title == "salamander's fire" and r.kind == "pain"]
        if breath:
            assert len(breath[0].pools[1].dice) == 2 + 2  # Level + the ring's Pain dice against fire
            return
    raise AssertionError("the salamander's breath never caught the hero")


def test_dead_heroes_drop_their_treasure_where_they_fell():
    game, hero = arena(17, seats="human,human,ai")
    ring = give(game, hero, Treasure(fancy=True, value=3, name="ring"))
    from game.engine.fates import hero_died

    pos = game.position(hero)
    where = (pos.x, pos.y)
    hero_died(game, hero, "a test")
    assert (game.world.comp(ring, Position).x, game.world.comp(ring, Position).y) == where
    assert game.world.comp(ring, TreasureState) is not None


def test_a_hold_ends_when_its_holder_flees_or_dies():
    from game.world.components import Effect

    game, hero = arena(18)
    x, y = free_neighbour(game, hero)
    gazer = put_monster(game, x + 20, y, Monster(3, "claws", (Ability("psychic", annoy=8, hold=True),),
                                                 name="gazer"))
    game.world.comp(gazer, MonsterState).fleeing = True
    game.world.comp(hero, Effects).active.append(Effect("the gazer's stare", gazer, "psychic", 11, 0, False,
                                                        True, False))
    assert game.world.comp(hero, Effects).held
    turn = game.turn
    for _ in range(3):  # a held solo hero's rounds go on without it
        if not game.world.comp(hero, Effects).held:
            break
        apply_action(game, A.Wait(0))
    assert not game.world.comp(hero, Effects).held
    assert game.turn - turn < 10
    assert any("is free of the gazer's stare" in line.text for line in game.log)


def test_a_held_heros_lost_turns_failed_struggles_and_freeing_are_all_told():
    """A held player's turn went by with no word, a failed try to break free left no line (only
    "shakes off" was logged), and the holder's death ended the hold in silence."""
    from game.engine.fates import monster_died
    from game.world.components import Effect

    told = set()
    for seed in range(1, 40):
        game, hero = arena(seed, seats="human,human,ai")
        x, y = free_neighbour(game, hero)
        gazer = put_monster(game, x, y, Monster(1, "claws", (), name="gazer"))  # it holds by this stare alone
        game.world.comp(gazer, MonsterState).aware = True
        game.world.comp(hero, Effects).active.append(Effect("the gazer's stare", gazer, "psychic", 11, 0, False,
                                                            True, False))
        name = game.name(hero)
        other = next(h.seat for e, h in game.heroes() if e != hero)
        apply_action(game, A.Wait(game.world.comp(hero, HeroState).seat))  # caught after this round's queue
        lines = len(game.log)
        apply_action(game, A.Wait(other))  # the round ends: the fight, the struggle, the next round
        said = [line.text for line in game.log[lines:]]
        alive = game.world.comp(hero, HeroState).hits > 0
        held = game.world.comp(hero, Effects).held and alive
        assert (f"{name} cannot break free of the gazer's stare." in said) == held
        assert (f"{name} shakes off the gazer's stare." in said) == (not held and alive)
        if held:
            assert f"{name} is held by the gazer's stare: no action this turn." in said
            assert game.party.queue == [other]
            lines = len(game.log)
            monster_died(game, gazer, -1)
            assert f"{name} is free of the gazer's stare." in [line.text for line in game.log[lines:]]
            assert not game.world.comp(hero, Effects).held
        told.add(held)
        if told == {True, False}:
            return
    raise AssertionError(f"39 seeds gave only {told}")


def test_a_re_roll_to_break_a_hold_has_the_holders_seat_and_its_thwack_o_die():
    """Each seat involved puts its Thwack-O die in every roll event (DESIGN.md §2): the re-roll to
    break a hold was rolled for nobody, so the held hero's seat told every one and the designer
    of the monster that held it had no die in it."""
    from game.engine.combat import continuous_effects
    from game.world.components import Effect

    game, hero = arena(5, seats="human,human,ai")
    x, y = free_neighbour(game, hero)
    gazer = put_monster(game, x, y, Monster(1, "claws", (), name="gazer"))
    holder_seat = game.world.comp(gazer, MonsterState).seat
    assert holder_seat != game.world.comp(hero, HeroState).seat
    game.world.comp(hero, Effects).active.append(Effect("the gazer's stare", gazer, "psychic", 6, 0, False,
                                                        True, False))
    continuous_effects(game, in_combat=True)
    roll = [r for r in game.rolls if r.title == "the gazer's stare"][-1]
    obstacle = roll.pools[0]
    assert obstacle.seat == holder_seat and obstacle.thwacko >= 0
    assert len(obstacle.dice) == 6


def test_meals_come_off_the_time_track_and_hunger_hurts():
    from game.engine.rounds import eat

    game, hero = arena(19)
    game.time.rations = 1
    eat(game)
    assert game.time.rations == 0 and not [r for r in game.rolls if r.title == "hunger"]
    eat(game)  # nothing left: a painful conflict against one Pain die, nothing to protect the hero
    hunger = [r for r in game.rolls if r.title == "hunger"]
    assert len(hunger) == 1 and len(hunger[0].pools[0].dice) == 1
    assert len(hunger[0].pools[1].dice) == game.world.comp(hero, HeroState).level


def test_town_restocks_oil_torches_and_food():
    from game.engine.game import TIME_TRACK
    from game.engine.town import arrive_in_town

    game, _ = arena(20)
    game.time.oil, game.time.torches, game.time.rations = 0, 0, 0
    arrive_in_town(game)
    assert game.time.oil == TIME_TRACK.start_oil and game.time.torches > 0 and game.time.rations > 0
