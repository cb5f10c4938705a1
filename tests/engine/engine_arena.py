"""A small arena for engine tests: one game, its first hero, and ways to put things beside it."""

from __future__ import annotations

from game.core.dials import Dials
from game.core.seats import HeroChoice, parse_seats
from game.engine.game import Game
from game.engine.start import new_game
from game.rules.costs import monster_cost, monster_hits, trap_cost
from game.rules.purchases import Monster, Trap, Treasure
from game.world.components import Glyph, MonsterState, Named, Position, TrapState

SOLDIER = HeroChoice("Test Soldier", "orc", "strong", "soldier", ("strong", "disciplined"))


def arena(seed: int = 11, seats: str = "human,ai,ai", level: int = 2, **dials: object) -> tuple[Game, int]:
    """A game whose first hero stands on open floor (8 free tiles around it) in the entrance room,
    every pack empty (a test's items are the only ones: the kits have tests of their own); seeds
    whose entrance room is too cramped are passed over for the next one (seed + 1000)."""
    while True:
        game = new_game(seed, parse_seats(seats), level, Dials(**dials), heroes={0: SOLDIER})
        without_kits(game)
        hero = game.party.hero_of[0]
        f = game.floor.tile == 2
        roomy = (f[:-2, :-2] & f[1:-1, :-2] & f[2:, :-2] & f[:-2, 1:-1] & f[1:-1, 1:-1] & f[2:, 1:-1]
                 & f[:-2, 2:] & f[1:-1, 2:] & f[2:, 2:])
        ys, xs = roomy.nonzero()
        if len(xs):
            pos = game.position(hero)
            pos.x, pos.y = int(xs[0]) + 1, int(ys[0]) + 1
            return game, hero
        game.close()
        seed += 1000


def without_kits(game: Game) -> Game:
    """Empty every hero's pack (the starting kits out of the way)."""
    for eid, _ in game.heroes():
        for item, _ in game.pack(eid):
            game.world.delete(item)
    return game


def free_neighbour(game: Game, eid: int) -> tuple[int, int]:
    pos = game.position(eid)
    for dx, dy in ((1, 0), (-1, 0), (0, -1), (0, 1), (1, -1), (-1, -1), (1, 1), (-1, 1)):
        x, y = pos.x + dx, pos.y + dy
        if game.floor.walkable[y, x] and game.creature_at(x, y) is None and int(game.floor.tile[y, x]) == 2:
            return x, y
    raise AssertionError("no free floor beside the hero")


def put_trap(game: Game, x: int, y: int, trap: Trap, action: str = "walk", host: str = "floor") -> int:
    cell = game.floor.cell_of(x, y)
    return game.world.create(TrapState(trap, trap_cost(trap), 1, cell, action, host),
                             Position(x, y, game.dungeon.floor_no), Named(trap.name or "test trap"))


def put_monster(game: Game, x: int, y: int, monster: Monster) -> int:
    cell = game.floor.cell_of(x, y)
    return game.world.create(
        MonsterState(monster, monster_cost(monster), monster_hits(monster.level), 1, cell, aware=True),
        Position(x, y, game.dungeon.floor_no), Named(monster.name or "test monster"), Glyph("m", (255, 0, 0), 2))


def give(game: Game, hero: int, item: Treasure) -> int:
    from game.engine.spawning import make_treasure_entity

    return make_treasure_entity(game, item, item.name or "test item", -1, None, carried_by=hero)
