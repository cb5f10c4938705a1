"""Party math, budgets, experience and town trade (Fungeon "Party Math", "Hallway", "Experience",
"Heading Back to Town"), as pure functions of hero levels."""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.purchases import Budgets


def party_min(levels: Sequence[int]) -> int:
    """The lowest Level among the living heroes."""
    return min(levels)


def party_max(levels: Sequence[int]) -> int:
    """The highest Level among the living heroes."""
    return max(levels)


def party_total(levels: Sequence[int]) -> int:
    """The sum of the living heroes' Levels."""
    return sum(levels)


def party_min_rose(before: dict[int, int], after: dict[int, int], replaced: set[int]) -> bool:
    """DESIGN.md §2: "if Party Min rose in this Hallway the room must hold a Downward Stair".
    Read seat by seat, the party as it entered the Hallway (a hero who died in the last room at
    the Level it died at) against the party as it leaves (the living). A seat whose new hero
    joins above the Level its dead hero had is counted, so a replacement can raise Party Min as
    the book's order has it (new heroes first, then level-ups); one that joins at or below it is
    left out of both sides, since the Floor sets a newcomer's Level (max(1, Floor - 1)) and a
    newcomer is not the party shrinking; it counts from the next Hallway on, like any member.
    So a level gained by the lowest hero who was there all along opens the way down, even when
    a newcomer keeps dying beside it."""
    counted = [s for s in after if s in before and (s not in replaced or after[s] > before[s])]
    if not counted:
        return False
    return min(after[s] for s in counted) > min(before[s] for s in counted)


def room_budgets(levels: Sequence[int], floor: int) -> Budgets:
    """Traps get Party Max + Floor, Monsters Party Total + Floor, Treasure Party Min + Floor."""
    return Budgets(
        traps=party_max(levels) + floor,
        monsters=party_total(levels) + floor,
        treasure=party_min(levels) + floor,
    )


def wandering_budget(hero_level: int, floor: int) -> int:
    """Heading back to town: a seat whose hero fails the annoy roll builds a wandering monster
    of its hero's Level + the Floor."""
    return hero_level + floor


def new_hero_level(floor: int) -> int:
    """A dead hero's seat makes a new hero at Floor - 1, at least First Level."""
    return max(1, floor - 1)


def entrance_floor(levels: Sequence[int]) -> int:
    """A dungeon's entrance opens onto a Floor equal to the Party Min."""
    return party_min(levels)


def xp_to_be(level: int) -> int:
    """Total experience needed to *be* `level` (DESIGN.md's decision on the book's table):
    0 for Level 1, then 10 x 2^(L-2): 10, 20, 40, 80, ..."""
    if level <= 1:
        return 0
    return 10 << (level - 2)


def level_for_xp(xp: int, current: int = 1) -> int:
    """The Level a hero reaches with `xp` (several levels at once are possible; never lower)."""
    level = max(1, current)
    while xp >= xp_to_be(level + 1):
        level += 1
    return level


def xp_for_damage(monster_cost: int, damage: int) -> int:
    """Each point of damage dealt to a monster is worth that monster's cost."""
    return monster_cost * damage


def xp_for_trap(trap_cost: int) -> int:
    """Each successful Annoy roll against a trap is worth that trap's cost."""
    return trap_cost


def level_up_heal(levels_gained: int) -> int:
    """Each Level gained heals five Hits (never past the new maximum)."""
    return 5 * levels_gained
