"""A blow struck at a monster that then moves out of reach: the log says why no blow follows."""

from __future__ import annotations

from engine_arena import arena, free_neighbour, put_monster

from game.engine import actions as A
from game.engine.combat import FIGHT
from game.engine.dispatch import apply_action
from game.rules.purchases import Monster
from game.world.components import MonsterState


def test_a_fleeing_monster_that_slips_away_from_a_blow_is_said_to():
    """Seed 3, turn 41: Corvin walked into a fleeing centipede; the log read "Corvin Sootwhistle
    presses the attack on Lurr" and then nothing, no roll and no word, as the centipede had run
    before the combat turn. Now the log says it slipped out of the hero's reach."""
    game, hero = arena(3)
    x, y = free_neighbour(game, hero)
    runner = put_monster(game, x, y, Monster(2, "claws", name="Lurr the Quick"))
    game.world.comp(runner, MonsterState).fleeing = True
    hpos = game.position(hero)
    start = len(game.log)
    apply_action(game, A.Move(0, x - hpos.x, y - hpos.y))
    said = [line.text for line in game.log[start:]]
    assert said[0] == f"{game.name(hero)} presses the attack on Lurr the Quick."
    rpos = game.position(runner)
    gone = max(abs(rpos.x - hpos.x), abs(rpos.y - hpos.y)) > 1
    fought = any(r.title == FIGHT and r.turn == game.turn - 1 for r in game.rolls)
    assert gone and not fought  # the scene: it ran, and no blow was struck
    assert f"Lurr the Quick slips out of {game.name(hero)}'s reach." in said


def test_a_monster_that_stands_and_fights_gets_no_such_line():
    game, hero = arena(3)
    x, y = free_neighbour(game, hero)
    put_monster(game, x, y, Monster(2, "claws", name="Lurr the Stubborn"))
    hpos = game.position(hero)
    start = len(game.log)
    apply_action(game, A.Move(0, x - hpos.x, y - hpos.y))
    assert any(r.title == FIGHT and r.turn == game.turn - 1 for r in game.rolls)
    assert not any("slips out of" in line.text for line in game.log[start:])
