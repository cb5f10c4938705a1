"""Invariants checked after every action in test mode (autoplay --check): a broken one is a bug,
raised at once with what broke."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.costs import budget_violations, monster_cost, trap_cost, treasure_cost
from game.rules.heroes import max_hits
from game.rules.party import level_for_xp
from game.world.components import HeroState, MonsterState, Position

if TYPE_CHECKING:
    from game.engine.game import Game


class InvariantBroken(AssertionError):
    pass


def check_invariants(game: Game) -> None:
    floor = game.floor
    for eid, hero in game.heroes(living=False):
        if not 0 <= hero.hits <= max_hits(hero.level):
            raise InvariantBroken(f"hero {eid} has {hero.hits} of {max_hits(hero.level)} hits")
        if hero.level > level_for_xp(hero.xp, 1) and hero.level > game.start_level and hero.xp > 0:
            raise InvariantBroken(f"hero {eid} is Level {hero.level} with only {hero.xp} XP")
    for eid, (comp, pos) in game.world.get2(HeroState, Position):
        if pos.floor == game.dungeon.floor_no and comp.hits > 0 and not floor.walkable[pos.y, pos.x]:
            raise InvariantBroken(f"hero {eid} stands in a wall at {pos.x},{pos.y}")
    for eid, (mon, pos) in game.world.get2(MonsterState, Position):
        if not 0 < mon.hits <= 3 * mon.spec.level:
            raise InvariantBroken(f"monster {eid} has {mon.hits} hits")
        if pos.floor == game.dungeon.floor_no and not floor.walkable[pos.y, pos.x]:
            raise InvariantBroken(f"monster {eid} stands in a wall at {pos.x},{pos.y}")
    design = game.hallway.last_design
    if design is not None and id(design) != game.derived.caches.get("checked_design"):
        game.derived.caches["checked_design"] = id(design)
        b = design.budgets
        problems = (budget_violations([trap_cost(p.trap) for p in design.traps], b.traps, "traps")
                    + budget_violations([monster_cost(p.monster) for p in design.monsters], b.monsters, "monsters")
                    + budget_violations([treasure_cost(p.item) for p in design.treasure], b.treasure, "treasure"))
        if problems:
            raise InvariantBroken(f"room {design.room}: {problems[0].reason}")
