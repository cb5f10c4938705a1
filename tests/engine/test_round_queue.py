"""A round's bookkeeping: who may act (a held hero may not; any other effect does not stop one),
whether any monster anywhere is still after the party (the lingering count waits then), and
whether anyone stands within reach of a fight."""

from engine_arena import arena, free_neighbour, put_monster

from game.engine.combat import any_effects, within_reach
from game.engine.reach import RANGED_REACH
from game.engine.rounds import monster_after_party, unheld_seats
from game.rules.purchases import Monster
from game.world.components import Effect, Effects, HeroState, MonsterState, Position


def test_a_held_hero_is_left_out_of_the_round_and_a_poisoned_one_is_not():
    game, hero = arena(seats="human,human,ai")
    seats = [h.seat for _, h in game.heroes()]
    assert len(seats) == 2 and unheld_seats(game) == seats
    other = next(eid for eid, _ in game.heroes() if eid != hero)
    game.world.comp(other, Effects).active.append(Effect("venom", -1, "poison", 2, 1, False, False, True))
    assert unheld_seats(game) == seats  # an effect that holds nobody
    game.world.comp(hero, Effects).active.append(Effect("the grip", -1, "crushing", 12, 0, False, True, False))
    assert unheld_seats(game) == [game.world.comp(other, HeroState).seat]


def test_a_monster_after_the_party_counts_on_any_floor_while_it_lives():
    game, hero = arena()
    for _, mon in game.world.get(MonsterState):
        mon.aware = False
    assert not monster_after_party(game)
    x, y = free_neighbour(game, hero)
    mon = game.world.comp(put_monster(game, x, y, Monster(1, "bite", name="rat")), MonsterState)
    mon.aware = True
    assert monster_after_party(game)
    game.dungeon.floor_no += 1  # the party elsewhere: the rat still hunts it
    assert monster_after_party(game)
    mon.hits = 0
    assert not monster_after_party(game)


def test_a_fight_is_looked_for_only_within_the_farthest_reach():
    heroes = [(1, Position(10, 10, 0)), (2, Position(11, 10, 0))]
    near = [(3, Position(11 + RANGED_REACH, 10 + RANGED_REACH, 0))]  # a corner of the farther hero's reach
    far = [(4, Position(11 + RANGED_REACH + 1, 10, 0)), (5, Position(10, 10 - RANGED_REACH - 1, 0))]
    assert within_reach(heroes, near)
    assert not within_reach(heroes, far)
    assert within_reach(heroes, far + near)
    assert not within_reach([], near) and not within_reach(heroes, [])


def test_any_effects_looks_at_every_hero_and_only_at_active_effects():
    game, hero = arena(seats="human,human,ai")
    assert not any_effects(game)  # the usual round: struggle_free and unheld_seats stop at once
    other = next(eid for eid, _ in game.heroes() if eid != hero)
    grip = Effect("the grip", -1, "crushing", 12, 0, False, True, False)
    game.world.comp(other, Effects).active.append(grip)
    assert any_effects(game)
    game.world.comp(other, HeroState).hits = 0  # dead, still held: asked on as before (the full look)
    assert any_effects(game) and unheld_seats(game) == [game.world.comp(hero, HeroState).seat]
    game.world.comp(other, Effects).active.remove(grip)
    assert not any_effects(game)


def test_a_wanderer_brought_by_lingering_is_said_to_come_from_the_wandering_check():
    """The lingering check rolls no dice the roll panel shows: "Swarm sends Sinister Scorpion out
    of the dark!" came with no reason on the screen, just after a check the party had passed."""
    from game.engine import actions as A
    from game.engine.dispatch import apply_action
    from game.engine.game import TIME_TRACK

    outcomes = set()
    for seed in range(1, 60):
        game, hero = arena(seed)
        for _, mon in game.world.get(MonsterState):
            mon.hits = 0  # nobody after the party: the round counts as lingering
        game.time.lingering = TIME_TRACK.linger_rounds - 1
        lines = len(game.log)
        apply_action(game, A.Wait(0))
        said = [line.text for line in game.log[lines:]]
        why = [i for i, text in enumerate(said) if "without a fight, and the wandering check's d6 comes up 1" in text]
        came = game.dungeon.wandering_count
        assert len(why) == came
        if came:
            assert "out of the dark" in said[why[0] + 1]
        outcomes.add(came)
        if outcomes == {0, 1}:
            return
    raise AssertionError(f"59 seeds gave only {outcomes}")
