"""A Dungeon Game's reaction roll for monsters their designer marked wary."""

from engine_arena import arena, free_neighbour, put_monster, put_trap

from game.engine import actions as A
from game.engine.combat import FIGHT
from game.engine.dispatch import apply_action
from game.engine.encounters import REACTIONS, reaction
from game.rules.purchases import Monster, Trap
from game.world.components import MonsterState, TrapState


def test_reaction_table_covers_two_to_twelve():
    tops = [r.up_to for r in REACTIONS]
    assert tops[-1] == 12 and tops == sorted(tops) and tops[0] >= 2
    assert [r.attitude for r in REACTIONS] == ["friendly", "helpful", "uninterested", "hostile", "murderous"]
    assert [r.peaceful for r in REACTIONS] == [True, True, True, False, False]


def test_peaceful_monsters_keep_the_peace_until_struck_and_never_guard_treasure():
    for seed in range(1, 60):
        game, hero = arena(seed)
        x, y = free_neighbour(game, hero)
        eid = put_monster(game, x, y, Monster(1, "bite", name="shy rat"))
        attitude = reaction(game, eid, game.floor.cell_of(x, y))
        mon = game.world.comp(eid, MonsterState)
        if attitude in ("hostile", "murderous"):
            assert mon.hostile
            continue
        assert mon.peaceful and not mon.hostile
        apply_action(game, A.Wait(0))
        assert not any(r.title == FIGHT for r in game.rolls)  # it stood by
        pos = game.position(hero)
        apply_action(game, A.Move(0, x - pos.x, y - pos.y))  # a hero strikes it
        assert mon.hostile and mon.aware
        assert any(r.title == FIGHT for r in game.rolls)
        return
    raise AssertionError("no reaction roll in 60 seeds kept the peace")


def test_a_helpful_monster_points_at_the_trap_in_plain_words():
    """The trap's host is said as the theme names it ("locked chest"), never as the table's
    identifier ("locked_chest"), and the party then knows the trap."""
    for seed in range(1, 200):
        game, hero = arena(seed)
        x, y = free_neighbour(game, hero)
        cell = game.floor.cell_of(x, y)
        trap = put_trap(game, x, y, Trap("spikes", annoy=2, pain=1), action="open", host="locked_chest")
        eid = put_monster(game, x, y, Monster(1, "bite", name="shy rat"))
        attitude = reaction(game, eid, cell)
        if not next(r for r in REACTIONS if r.attitude == attitude).points_out_a_trap:
            continue
        said = [line.text for line in game.log if "jerks its head" in line.text]
        assert said == ["It jerks its head at the locked chest: something there is not right."]
        assert hero in game.world.comp(trap, TrapState).found_by
        return
    raise AssertionError("no helpful reaction in 200 seeds")


def test_a_peaceful_monster_is_said_in_words_of_its_own_mood():
    """"eyes the party warily (friendly)" said two moods at once, one of them as a table's word in
    brackets: each peaceful attitude has a line of its own, and the log says it."""
    said: dict[str, str] = {}
    for seed in range(1, 200):
        game, hero = arena(seed)
        x, y = free_neighbour(game, hero)
        eid = put_monster(game, x, y, Monster(1, "bite", name="Shy Rat"))
        before = len(game.log)
        attitude = reaction(game, eid, game.floor.cell_of(x, y))
        if next(r for r in REACTIONS if r.attitude == attitude).peaceful:
            said[attitude] = game.log[before].text
        game.close()
    assert set(said) == {r.attitude for r in REACTIONS if r.peaceful}
    for line in said.values():
        assert line.startswith("Shy Rat ") and "(" not in line and "warily" not in line, line
    assert len(set(said.values())) == len(said)


def test_a_monster_out_of_sight_is_not_said_to_nod_or_glance():
    """The roll is made as the room is entered, most often while the monster stands in the dark
    beyond the party's light: the log said it "greets the party with a nod" or "jerks its head"
    at a trap with no monster on the screen. Out of sight, the line says only what it means."""
    import numpy as np

    from game.engine.party_sight import update_sight

    said: dict[str, list[str]] = {}
    for seed in range(1, 200):
        game, hero = arena(seed)
        pos = game.position(hero)
        ys, xs = np.nonzero(game.floor.walkable)
        far = max(((int(x), int(y)) for x, y in zip(xs, ys, strict=True) if game.floor.cell_of(int(x), int(y))),
                  key=lambda p: max(abs(p[0] - pos.x), abs(p[1] - pos.y)))
        if max(abs(far[0] - pos.x), abs(far[1] - pos.y)) <= 12:
            continue
        cell = game.floor.cell_of(*far)
        put_trap(game, *far, Trap("spikes", annoy=2, pain=1), action="open", host="locked_chest")
        eid = put_monster(game, *far, Monster(1, "bite", name="Shy Rat"))
        update_sight(game)  # the party's look from where the arena put the hero
        assert not game.derived.visible[far[1], far[0]]  # not on the screen
        before = len(game.log)
        attitude = reaction(game, eid, cell)
        if next(r for r in REACTIONS if r.attitude == attitude).peaceful:
            said[attitude] = [line.text for line in game.log[before:]]
        game.close()
    assert set(said) == {r.attitude for r in REACTIONS if r.peaceful}
    for attitude, lines in said.items():
        text = " ".join(lines)
        assert lines[0].startswith("Shy Rat, out of sight in the room ahead, "), lines
        assert not any(word in text for word in ("nod", "glance", "looks the party over", "jerks")), lines
        if next(r for r in REACTIONS if r.attitude == attitude).points_out_a_trap:
            assert lines[1] == "It warns the party about the locked chest: something there is not right.", lines
