"""A hero that fights from range says so in the log (issue 14: a mage killed from across the
room with no line saying it shot anything): who struck whom and how, from how far, with what Type,
the damage."""

from __future__ import annotations

from engine_arena import put_monster

from game.core.content import traits
from game.core.dials import Dials
from game.core.seats import HeroChoice, parse_seats
from game.engine.combat import combat_turn
from game.engine.start import new_game
from game.rules.purchases import Monster
from game.world.components import MonsterState

MAGE = HeroChoice("Test Mage", "human", "cunning", "mage", ("intelligent", "learned"))
# what a blow from afar does, by Type: a bolt of fire scorches, it is not shot (data/types.toml)
FROM_AFAR = {"arrows": "shoots", "fire": "scorches", "cold": "chills", "lightning": "jolts", "psychic": "assails",
             "holy": "smites", "sonic": "blasts"}


def test_every_ranged_type_says_what_its_blow_from_afar_does() -> None:
    assert traits().from_afar == FROM_AFAR
    assert set(FROM_AFAR) == traits().ranged_types


def test_a_mage_hitting_from_three_tiles_away_says_how_its_attack_struck() -> None:
    game = new_game(11, parse_seats("human,ai,ai"), 4, Dials(), heroes={0: MAGE})
    hero = game.party.hero_of[0]
    pos = game.position(hero)
    floor = game.floor
    spot = next((pos.x + dx, pos.y + dy) for dx, dy in ((3, 0), (-3, 0), (0, -3), (0, 3), (3, 3), (-3, -3))
                if floor.walkable[pos.y + dy, pos.x + dx] and game.creature_at(pos.x + dx, pos.y + dy) is None
                and all(floor.transparent[pos.y + dy * i // 3, pos.x + dx * i // 3] for i in range(4)))
    mon = put_monster(game, *spot, Monster(level=1, name="Target Dummy"))
    for _ in range(30):
        before = len(game.log)
        assert combat_turn(game)
        lines = [line.text for line in game.log[before:] if "Target Dummy" in line.text]
        hurt = [t for t in lines if t.startswith("Test Mage ")]
        if hurt:
            attack = game.sheet(hero).attack
            verb = FROM_AFAR[attack]
            assert hurt[0].startswith(f"Test Mage {verb} Target Dummy from 3 tiles away ({attack}): "), hurt
            assert hurt[0].endswith(" damage.")
            return
        if game.world.comp(mon, MonsterState).hits <= 0:
            break
    raise AssertionError("the mage never hit the dummy from range")
