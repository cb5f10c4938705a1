"""The game's kept query answers (who stands where while an agent decides, the heroes by seat)
must say what a fresh look at the world says, at every moment of a played game."""

from __future__ import annotations

from typing import Any

from game.agents.autoplay import autoplay
from game.engine.game import Game
from game.world.components import Carried, HeroState, MonsterState, Position, TreasureState


def fresh_standing(game: Game) -> dict[tuple[int, int], int]:
    """Who stands where, looked up tile by tile without any kept answer."""
    spots = {(p.x, p.y) for _, (_, p) in game.world.get2(HeroState, Position)}
    spots |= {(p.x, p.y) for _, (_, p) in game.world.get2(MonsterState, Position)}
    found = {spot: game.creature_at(*spot) for spot in sorted(spots)}
    return {spot: eid for spot, eid in found.items() if eid is not None}


def test_who_stands_where_while_deciding_is_what_each_tile_says() -> None:
    checked = []

    def check(game: Game, _action: Any) -> None:
        expected = fresh_standing(game)
        with game.deciding():
            assert {spot: game.creature_at(*spot) for spot in expected} == expected
            assert game._standing() == expected
        heroes = sorted(game.party.hero_of.items())
        assert [eid for eid, _ in game.heroes(living=False)] == [eid for _, eid in heroes]
        assert game.heroes() == [(eid, h) for eid, h in game.heroes(living=False) if h.hits > 0]
        checked.append(len(expected))

    game, _ = autoplay(4, max_turns=150, on_action=check)
    game.close()
    assert len(checked) > 100 and max(checked) > 3  # heroes and monsters were met


def test_packs_and_items_are_what_a_scan_of_the_carried_treasure_says() -> None:
    carried = []

    def check(game: Game, _action: Any) -> None:
        for eid, _ in game.heroes(living=False):
            scanned = [(e, t) for e, (t, c) in game.world.get2(TreasureState, Carried) if c.hero == eid]
            assert game.pack(eid) == scanned
            assert game.items(eid) == [t.spec for _, t in scanned]
            game.pack(eid).clear()  # a caller's change to its list never reaches the kept one
            game.items(eid).clear()
            assert game.pack(eid) == scanned and game.items(eid) == [t.spec for _, t in scanned]
            carried.append(len(scanned))

    game, _ = autoplay(4, max_turns=400, on_action=check)
    game.close()
    assert max(carried) > 1  # the heroes picked treasure up
