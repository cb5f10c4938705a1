"""The Hallway between two rooms (Fungeon "Hallway"), step by step and in the book's order:
new heroes for the dead -> level-ups -> continuous damage -> the category roll-off -> (the
designers spend: `game.designers.room_design.design_room`).

Every step is a pure function of its arguments and, for the dice, one stream. Continuous damage
needs the world's dice and effects, so the engine hands it in as a function.

Decisions taken here:
- a new hero (Floor - 1, at least Level 1) starts with the experience it takes to *be* that Level,
  so that its next Level costs what it costs everyone else;
- Party Min "rose" as `rules.party.party_min_rose` reads it, seat by seat (the engine's Hallway
  reads it the same way);
- roll-off ties are re-rolled among the tied seats only, as often as it takes; with fewer seats
  than categories the picking goes round again in the same order."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from game.core.rng import Stream
from game.designers.personality import personality
from game.designers.records import RollOff
from game.designers.table import CATEGORIES, Designer
from game.rules.heroes import HeroSheet, max_hits
from game.rules.party import level_for_xp, level_up_heal, new_hero_level, party_min_rose, xp_to_be


@dataclass(frozen=True, slots=True)
class Member:
    """A seat's hero as the Hallway sees it: its rules sheet, Hits and total experience."""

    seat: int
    sheet: HeroSheet
    hits: int
    xp: int = 0

    @property
    def alive(self) -> bool:
        return self.hits > 0


@dataclass(frozen=True, slots=True)
class Hallway:
    """What happened in one Hallway, for the engine to apply and the Hallway screen to show."""

    members: tuple[Member, ...]
    renewed: tuple[int, ...]  # seats that made a new hero
    gained: tuple[tuple[int, int], ...]  # (seat, Levels gained)
    rolloff: RollOff
    min_before: int
    min_after: int
    min_rose: bool  # the Traps seat must place a Downward Stair in the next room


# An AI seat takes its favourite category left most of the time, not always: a table where the
# same seat builds the same thing in every room is a dull table.
PREFERENCE_WEIGHTS = (3.0, 2.0, 1.0)
MakeHero = Callable[[int, int], HeroSheet]  # (seat, level) -> a new hero's sheet
ContinuousDamage = Callable[[tuple[Member, ...]], tuple[Member, ...]]
Choose = Callable[[int, tuple[str, ...]], str]  # (seat, categories left) -> the one it takes


def living_min(members: Sequence[Member]) -> int:
    levels = [m.sheet.level for m in members if m.alive]
    if not levels:
        raise ValueError("every hero is dead: the run is over, there is no Hallway")
    return min(levels)


def replace_dead(
    members: Sequence[Member], floor: int, make_hero: MakeHero
) -> tuple[tuple[Member, ...], tuple[int, ...]]:
    """First: every seat whose hero died makes a new one at Level max(1, Floor - 1)."""
    level = new_hero_level(floor)
    out, renewed = [], []
    for m in members:
        if m.alive:
            out.append(m)
        else:
            out.append(Member(m.seat, make_hero(m.seat, level), max_hits(level), xp_to_be(level)))
            renewed.append(m.seat)
    return tuple(out), tuple(renewed)


def level_ups(members: Sequence[Member]) -> tuple[tuple[Member, ...], tuple[tuple[int, int], ...]]:
    """Second: every hero with the experience for it gains Levels (several at once if it has
    earned them), and heals five Hits per Level gained, up to its new maximum."""
    out, gained = [], []
    for m in members:
        level = level_for_xp(m.xp, m.sheet.level) if m.alive else m.sheet.level
        if level > m.sheet.level:
            up = level - m.sheet.level
            hits = min(max_hits(level), m.hits + level_up_heal(up))
            out.append(replace(m, sheet=replace(m.sheet, level=level), hits=hits))
            gained.append((m.seat, up))
        else:
            out.append(m)
    return tuple(out), tuple(gained)


def _rank(
    seats: list[int],
    faces: dict[int, int],
    die: int,
    stream: Stream,
    rounds: list[tuple[tuple[int, int], ...]],
) -> list[int]:
    """Seats from highest die to lowest; tied seats re-roll among themselves (recorded)."""
    order: list[int] = []
    for face in sorted(set(faces[s] for s in seats), reverse=True):
        tied = [s for s in seats if faces[s] == face]
        if len(tied) == 1:
            order.extend(tied)
            continue
        again = {s: stream.die(die) for s in tied}
        rounds.append(tuple((s, again[s]) for s in tied))
        order.extend(_rank(tied, again, die, stream, rounds))
    return order


def roll_off(
    designers: Sequence[Designer], die: int, stream: Stream, choose: Choose | None = None
) -> RollOff:
    """Last before the room: every seat rolls one die; from the highest, each seat takes one
    category, going round again while categories are left. A seat whose categories the AI builds
    takes by its personality's taste (its favourite left, most of the time); `choose` is asked for
    the others (a human with design = ask) and, when it is None, they take by taste too."""
    seats = [d.seat for d in designers]
    if not seats:
        raise ValueError("a roll-off needs at least one seat")
    faces = {s: stream.die(die) for s in seats}
    rounds: list[tuple[tuple[int, int], ...]] = [tuple((s, faces[s]) for s in seats)]
    order = _rank(seats, faces, die, stream, rounds)
    by_seat = {d.seat: d for d in designers}
    left = list(CATEGORIES)
    picks: list[tuple[str, int]] = []
    turn = 0
    while left:
        seat = order[turn % len(order)]
        designer = by_seat[seat]
        if choose is not None and not designer.ai:
            category = choose(seat, tuple(left))
            if category not in left:
                raise ValueError(f"seat {seat} chose {category!r}, not one of {left}")
        else:
            liked = [c for c in personality(designer.personality).prefers if c in left]
            category = stream.weighted(liked, PREFERENCE_WEIGHTS[: len(liked)])
        left.remove(category)
        picks.append((category, seat))
        turn += 1
    return RollOff(die, tuple(rounds), tuple(order), tuple(picks))


def run_hallway(
    members: Sequence[Member],
    floor: int,
    designers: Sequence[Designer],
    die: int,
    stream: Stream,
    make_hero: MakeHero,
    continuous_damage: ContinuousDamage | None = None,
    choose: Choose | None = None,
) -> Hallway:
    """The whole Hallway but the spending: new heroes, level-ups, continuous damage, roll-off."""
    before = living_min(members)
    levels_before = {m.seat: m.sheet.level for m in members}
    renewed_members, renewed = replace_dead(members, floor, make_hero)
    levelled, gained = level_ups(renewed_members)
    hurt = continuous_damage(levelled) if continuous_damage is not None else levelled
    rolloff = roll_off(designers, die, stream, choose)
    after = min((m.sheet.level for m in hurt if m.alive), default=0)  # 0: wiped, the run is over
    levels_after = {m.seat: m.sheet.level for m in hurt if m.alive}
    rose = party_min_rose(levels_before, levels_after, set(renewed))
    return Hallway(hurt, renewed, gained, rolloff, before, after, rose)
