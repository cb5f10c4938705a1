"""Heroes trade places out of a fight, and only a monster on this floor that fights makes one."""

from __future__ import annotations

from engine_arena import arena, free_neighbour, put_monster

from game.engine import actions as A
from game.engine.dispatch import apply_action
from game.engine.results import Refused
from game.rules.purchases import Monster
from game.world.components import MonsterState, Position


def two_heroes_side_by_side() -> tuple:
    """A hot-seat-free table of a human hero and an AI companion standing beside it."""
    game, hero = arena(seats="human,ai+hero,ai")
    friend = game.party.hero_of[1]
    x, y = free_neighbour(game, hero)
    fpos = game.position(friend)
    fpos.x, fpos.y, fpos.floor = x, y, game.dungeon.floor_no
    return game, hero, friend


def step_into_friend(game, hero: int, friend: int):  # noqa: ANN001, ANN201 - a Game; a Result
    pos, fpos = game.position(hero), game.position(friend)
    while game.next_seat() != 0:
        apply_action(game, A.Wait(game.next_seat()))
    return apply_action(game, A.Move(0, fpos.x - pos.x, fpos.y - pos.y))


def test_a_monster_left_aware_on_another_floor_or_fleeing_does_not_hold_a_friend_in_place() -> None:
    """A companion behind the hero in a one-tile strip "will not give way in the middle of a fight"
    while the only monsters after the party were on the floor above, or fleeing: explore and
    travel stood there turn after turn, burning oil. Only a monster here that still fights does."""
    for where in ("another floor", "fleeing"):
        game, hero, friend = two_heroes_side_by_side()
        mon = put_monster(game, 1, 1, Monster(1, name="Fell Zombie"))
        state = game.world.comp(mon, MonsterState)
        if where == "another floor":
            game.world.comp(mon, Position).floor = game.dungeon.floor_no - 1
        else:
            state.fleeing = True
        before = (game.position(hero).x, game.position(hero).y)
        result = step_into_friend(game, hero, friend)
        assert not isinstance(result, Refused), (where, result)
        assert (game.position(friend).x, game.position(friend).y) == before, where  # they traded places
    game, hero, friend = two_heroes_side_by_side()
    put_monster(game, 1, 1, Monster(1, name="Fell Zombie"))  # aware, here, fighting, out of sight
    result = step_into_friend(game, hero, friend)
    assert isinstance(result, Refused)
    assert result.reason.endswith("will not give way while something unseen is after the party.")
    game, hero, friend = two_heroes_side_by_side()
    x, y = free_neighbour(game, hero)
    put_monster(game, x, y, Monster(1, name="Fell Zombie"))  # beside the hero: in sight
    assert game.next_seat() == 0
    game.derived.visible[y, x] = True
    result = step_into_friend(game, hero, friend)
    assert isinstance(result, Refused) and "will not give way in the middle of a fight" in result.reason
