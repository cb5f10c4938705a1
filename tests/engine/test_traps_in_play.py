"""Every trap feature, played through the engine (Fungeon "Traps")."""

from engine_arena import arena, free_neighbour, put_trap

from game.engine import actions as A
from game.engine.dispatch import apply_action
from game.rules.purchases import Trap, Treasure
from game.world.components import Effects, HeroState, Position, TrapState, TreasureState


def step_onto(game, hero, x, y):
    pos = game.position(hero)
    apply_action(game, A.Move(0, x - pos.x, y - pos.y))


def test_walking_onto_a_plate_springs_it_with_an_annoy_roll():
    game, hero = arena()
    x, y = free_neighbour(game, hero)
    trap = put_trap(game, x, y, Trap("spikes", annoy=8, pain=3))
    step_onto(game, hero, x, y)
    assert game.world.comp(trap, TrapState).sprung
    annoy = [r for r in game.rolls if r.kind == "annoy"][-1]
    assert len(annoy.pools[0].dice) == 8  # the trap's Annoy dice
    assert len(annoy.pools[1].dice) == 2  # Level 2, no class bonus against spikes


def test_failed_annoy_means_a_pain_roll_and_damage_only_to_the_hero():
    for seed in range(1, 40):
        game, hero = arena(seed)
        x, y = free_neighbour(game, hero)
        put_trap(game, x, y, Trap("spikes", annoy=10, pain=6))
        step_onto(game, hero, x, y)
        pain = [r for r in game.rolls if r.kind == "pain"]
        if pain:
            before = 10
            taken = sum(1 for w in pain[-1].rank_winners if w == 0)
            assert game.world.comp(hero, HeroState).hits == max(0, before - taken)
            return
    raise AssertionError("a 10-dice trap never beat a 2-dice hero in 40 seeds")


def test_a_trap_springs_once_unless_unlimited():
    game, hero = arena(3)
    x, y = free_neighbour(game, hero)
    once = put_trap(game, x, y, Trap("arrows", annoy=2, pain=0))
    step_onto(game, hero, x, y)
    assert not game.world.comp(once, TrapState).live
    game, hero = arena(3)
    x, y = free_neighbour(game, hero)
    again = put_trap(game, x, y, Trap("arrows", annoy=2, pain=0, unlimited=True))
    step_onto(game, hero, x, y)
    assert game.world.comp(again, TrapState).live


def test_found_trap_must_still_be_got_past_and_can_be_disarmed():
    game, hero = arena(4)
    x, y = free_neighbour(game, hero)
    trap = put_trap(game, x, y, Trap("fire", annoy=2, pain=1))
    game.world.comp(trap, TrapState).found_by.add(hero)
    rolls = len(game.rolls)
    step_onto(game, hero, x, y)
    assert game.rolls[rolls].kind == "annoy" and game.rolls[rolls].title == "test trap"  # the get-past roll
    game, hero = arena(4)
    x, y = free_neighbour(game, hero)
    trap = put_trap(game, x, y, Trap("fire", annoy=2, pain=1))
    game.world.comp(trap, TrapState).found_by.add(hero)
    apply_action(game, A.Disarm(0, x, y))
    state = game.world.comp(trap, TrapState)
    assert state.disarmed or state.sprung  # disarmed, or fumbled and sprung


def test_a_fumbled_disarm_counts_as_a_trap_sprung():
    """Disarming is like springing (DESIGN.md §2): the morgue said "Traps sprung: 0" after a
    fumble had set a trap off and hurt the hero."""
    outcomes = set()
    for seed in range(1, 30):
        game, hero = arena(seed)
        x, y = free_neighbour(game, hero)
        trap = put_trap(game, x, y, Trap("fire", annoy=6, pain=1))
        game.world.comp(trap, TrapState).found_by.add(hero)
        apply_action(game, A.Disarm(0, x, y))
        sprung = game.world.comp(trap, TrapState).sprung
        assert game.stats.traps_sprung == int(sprung)
        outcomes.add(sprung)
        if outcomes == {True, False}:
            return
    raise AssertionError(f"30 seeds gave only {outcomes}")


def test_search_finds_a_trap_against_dice_equal_to_its_cost():
    game, hero = arena(6)
    x, y = free_neighbour(game, hero)
    trap = put_trap(game, x, y, Trap("poison", annoy=2, pain=1, continuous=True))  # cost 4
    apply_action(game, A.Search(0))
    search_rolls = [r for r in game.rolls if r.title == "hidden dangers"]
    assert len(search_rolls[-1].pools[0].dice) == game.world.comp(trap, TrapState).cost == 4
    found = hero in game.world.comp(trap, TrapState).found_by
    assert found == search_rolls[-1].successes[0]


def test_a_trap_found_is_said_to_be_a_trap_where_it_lies():
    """Its name alone ("Dizzy Seal") may not say that it is a trap."""
    outcomes = set()
    for seed in range(1, 9):
        game, hero = arena(seed)
        x, y = free_neighbour(game, hero)
        trap = put_trap(game, x, y, Trap("poison", annoy=2))  # cost 1: found more often than not
        apply_action(game, A.Search(0))
        found = hero in game.world.comp(trap, TrapState).found_by
        said = f"{game.name(hero)} finds a trap on the floor: {game.name(trap)}"
        assert any(line.text.startswith(said) for line in game.log) == found
        outcomes.add(found)
    assert True in outcomes


def test_universal_trap_removes_class_bonus():
    game, hero = arena(8)
    game.world.comp(hero, HeroState).level = 4  # Class Bonus 2
    assert "psychic" in game.sheet(hero).types  # the test soldier is disciplined: tied to psychic
    x, y = free_neighbour(game, hero)
    put_trap(game, x, y, Trap("psychic", annoy=2, pain=0, universal=True))
    step_onto(game, hero, x, y)
    annoy = [r for r in game.rolls if r.kind == "annoy"][-1]
    assert len(annoy.pools[1].dice) == 4  # Level only: no Class Bonus against Universal damage


def test_tied_trap_gets_class_bonus():
    game, hero = arena(8)
    game.world.comp(hero, HeroState).level = 4
    x, y = free_neighbour(game, hero)
    put_trap(game, x, y, Trap("psychic", annoy=2, pain=0))
    step_onto(game, hero, x, y)
    annoy = [r for r in game.rolls if r.kind == "annoy"][-1]
    assert len(annoy.pools[1].dice) == 6


def test_continuous_trap_keeps_hurting_until_an_annoy_succeeds():
    for seed in range(1, 60):
        game, hero = arena(seed)
        x, y = free_neighbour(game, hero)
        put_trap(game, x, y, Trap("poison", annoy=12, pain=1, continuous=True))
        step_onto(game, hero, x, y)
        effects = game.world.comp(hero, Effects).active
        if effects:
            assert effects[0].from_trap and not effects[0].hold
            # said so, and not as "keeps hurting" right after a pain roll that may have done no harm
            assert game.log[-1].text.endswith("strikes again in each Hallway until shaken off.")
            return
    raise AssertionError("never failed a 12-dice annoy roll")


def test_trap_guarding_treasure_keeps_it_out_of_reach_until_sprung():
    game, hero = arena(9)
    pos = game.position(hero)
    trap = put_trap(game, pos.x + 30, pos.y, Trap("acid", annoy=2, pain=0, guards_treasure=True))
    from game.engine.spawning import make_treasure_entity

    item = make_treasure_entity(game, Treasure(fancy=True, value=1, name="idol"), "idol", 2,
                                Position(pos.x, pos.y, game.dungeon.floor_no))
    state = game.world.comp(item, TreasureState)
    state.cell, state.guarded_by = game.floor.cell_of(pos.x, pos.y), (trap,)
    apply_action(game, A.PickUp(0))
    assert game.world.has(item, Position)
    assert game.log[-1].text == "Something about idol feels wrong: a trap somewhere in this room guards it " \
                                "(a search may find it)."
    # found, it is named with where it lies: it may sit on other furniture than the item
    game.world.comp(trap, TrapState).found_by.add(hero)
    apply_action(game, A.PickUp(0))
    assert game.world.has(item, Position)
    assert game.log[-1].text == "Test trap on the floor guards idol: it must be disarmed or got past first."
    game.world.comp(trap, TrapState).sprung = True
    apply_action(game, A.PickUp(0))
    assert not game.world.has(item, Position)


def test_a_sprung_trap_always_says_how_it_ended():
    """After "sets off", the log says whether the hero avoided it, was hurt, or came to no harm
    (a pain roll the hero wins every rank of, or a trap with no Pain dice, once left nothing said)."""
    endings = set()
    for seed in range(1, 60):
        for pain in (0, 1):
            game, hero = arena(seed)
            x, y = free_neighbour(game, hero)
            put_trap(game, x, y, Trap("spikes", annoy=6, pain=pain, name="Test Spikes"))
            step_onto(game, hero, x, y)
            lines = [line.text for line in game.log]
            at = next(i for i, text in enumerate(lines) if "sets off Test Spikes" in text)
            after = " ".join(lines[at + 1:])
            ending = ("avoided" if "avoids Test Spikes" in after else "hurt" if "damage" in after
                      else "no harm" if "no harm" in after else None)
            assert ending is not None, lines[at:]
            if ending == "hurt":
                assert pain == 1
            endings.add((pain, ending))
    assert {(0, "no harm"), (1, "no harm"), (1, "hurt")} <= endings


def test_what_a_search_learned_of_a_trap_is_said_with_what_it_learned():
    """With the Law of Successes a search learns a found trap's Type, its Pain dice and whether it
    guards treasure. Look said "Known: guards_treasure, pain, type." (the facts' names, not what
    they were), and the log left out a trap found to guard nothing, as if that were not known."""
    import numpy as np

    from game.ui.describe import things_at

    learned = set()
    for seed in range(1, 40):
        game, hero = arena(seed, successes=True)
        x, y = free_neighbour(game, hero)
        trap = put_trap(game, x, y, Trap("poison", annoy=2, pain=1))  # cost 2: 2 dice against the hero's
        game.world.comp(hero, HeroState).level = 6  # many dice: often all three facts
        apply_action(game, A.Search(0))
        facts = game.world.comp(trap, TrapState).facts
        if not facts:
            continue
        words = {"type": "poison", "pain": "1 Pain die", "guards_treasure": "guards no treasure"}
        known = ", ".join(words[f] for f in ("type", "pain", "guards_treasure") if f in facts)
        line = next(line.text for line in game.log if "finds a trap" in line.text)
        assert line.endswith(f"{game.name(trap)} ({known})."), line
        game.derived.visible = np.ones_like(game.floor.explored)
        look = next(text for text in things_at(game, x, y) if "trap" in text)
        assert look.endswith(f"Known: {known}."), look
        learned.add(len(facts))
    assert 3 in learned, learned
