"""The Hallway in the book's order: new heroes for the dead, level-ups, continuous damage, the
category roll-off."""

from __future__ import annotations

from collections import Counter

from game.core.rng import Stream
from game.core.seats import parse_seats
from game.designers.hallway import Member, level_ups, replace_dead, roll_off, run_hallway
from game.designers.table import CATEGORIES, Designer, designers_for
from game.rules.heroes import HeroSheet


def hero(level: int, name: str = "h") -> HeroSheet:
    return HeroSheet(name=name, level=level)


def make_hero(seat: int, level: int) -> HeroSheet:
    return hero(level, f"new {seat}")


def test_a_dead_hero_is_replaced_at_floor_minus_one():
    members = (Member(0, hero(4), 0, 50), Member(1, hero(3), 7, 25))
    after, renewed = replace_dead(members, floor=5, make_hero=make_hero)
    assert renewed == (0,)
    assert after[0].sheet.level == 4 and after[0].hits == 20 and after[0].sheet.name == "new 0"
    assert after[0].xp == 40  # the experience it takes to *be* Level 4
    assert after[1] == members[1]


def test_a_new_hero_on_floor_one_is_first_level():
    after, _ = replace_dead((Member(0, hero(2), 0),), floor=1, make_hero=make_hero)
    assert after[0].sheet.level == 1 and after[0].hits == 5


def test_level_ups_can_take_several_levels_and_heal_five_each():
    members = (Member(0, hero(2), 3, xp=45), Member(1, hero(3), 12, xp=19))
    after, gained = level_ups(members)
    assert gained == ((0, 2),)  # 45 XP: Level 4 (40), not yet 5 (80)
    assert after[0].sheet.level == 4 and after[0].hits == 13  # 3 + 2 x 5, under the new max of 20
    assert after[1] == members[1]


def test_level_up_healing_stops_at_the_new_maximum():
    after, _ = level_ups((Member(0, hero(1), 5, xp=10),))
    assert after[0].sheet.level == 2 and after[0].hits == 10


def test_roll_off_gives_out_every_category_once():
    designers = designers_for(parse_seats("human,ai,ai"))
    for seed in range(200):
        r = roll_off(designers, 6, Stream(seed))
        assert sorted(c for c, _ in r.picks) == sorted(CATEGORIES)
        assert sorted(r.order) == [0, 1, 2]
        assert [s for _, s in r.picks] == list(r.order)  # one category each, from the highest


def test_the_highest_roll_picks_first_and_ties_are_rerolled_among_the_tied():
    designers = tuple(Designer(i, "artisan") for i in range(4))
    tied_rounds = 0
    for seed in range(300):
        r = roll_off(designers, 6, Stream(seed))
        first = dict(r.rounds[0])
        faces = [first[s] for s in r.order]
        assert faces == sorted(faces, reverse=True)
        if len(set(first.values())) < 4:
            assert len(r.rounds) > 1
            tied_rounds += 1
            for again in r.rounds[1:]:
                assert len(again) >= 2
        assert len(r.picks) == 3 and r.order[3] not in [s for _, s in r.picks]  # the lowest gets none
    assert tied_rounds > 100


def test_fewer_seats_than_categories_go_round_again():
    one = roll_off((Designer(0, "swarm"),), 6, Stream(3))
    assert [s for _, s in one.picks] == [0, 0, 0]
    two = roll_off((Designer(0, "swarm"), Designer(1, "warden")), 6, Stream(3))
    seats = [s for _, s in two.picks]
    assert seats == [two.order[0], two.order[1], two.order[0]]


def test_each_personality_mostly_takes_its_favourite_category():
    first_picks = Counter()
    for seed in range(600):
        r = roll_off((Designer(0, "warden"), Designer(1, "swarm")), 6, Stream(seed))
        first_picks[r.picks[0]] += 1
    warden = sum(n for (c, s), n in first_picks.items() if s == 0)
    swarm = sum(n for (c, s), n in first_picks.items() if s == 1)
    assert first_picks[("traps", 0)] > 0.4 * warden  # 3 : 2 : 1 for its first, second, third taste
    assert first_picks[("monsters", 1)] > 0.4 * swarm
    assert first_picks[("treasure", 0)] > 0  # but not always


def test_a_human_who_designs_is_asked_for_its_category():
    designers = designers_for(parse_seats("human,ai"), design="ask")
    answers = []

    def choose(seat: int, left: tuple[str, ...]) -> str:
        assert seat == 0
        answers.append(left[-1])
        return left[-1]

    for seed in range(10):
        answers.clear()
        r = roll_off(designers, 6, Stream(seed), choose)
        assert [c for c, s in r.picks if s == 0] == answers and answers


def test_the_die_size_dial_sets_the_faces():
    designers = tuple(Designer(i, "artisan") for i in range(3))
    faces = {f for seed in range(200) for rnd in roll_off(designers, 20, Stream(seed)).rounds for _, f in rnd}
    assert max(faces) > 12 and min(faces) >= 1


def test_run_hallway_in_order_and_party_min_rising():
    members = (Member(0, hero(2), 0), Member(1, hero(2), 8, xp=20), Member(2, hero(4), 18))
    seen_by_damage = []

    def damage(ms: tuple[Member, ...]) -> tuple[Member, ...]:
        seen_by_damage.append(ms)
        return ms

    hall = run_hallway(members, floor=5, designers=designers_for(parse_seats("human,ai,ai")), die=6,
                       stream=Stream(9), make_hero=make_hero, continuous_damage=damage)
    assert hall.renewed == (0,)  # dead hero 0 comes back at Level 4
    assert hall.gained == ((1, 1),)  # 20 XP: Level 3
    assert seen_by_damage[0][0].sheet.level == 4 and seen_by_damage[0][1].sheet.level == 3  # damage after both
    assert hall.min_before == 2 and hall.min_after == 3 and hall.min_rose


def test_party_min_that_stays_put_needs_no_stair():
    members = (Member(0, hero(2), 5), Member(1, hero(3), 9))
    hall = run_hallway(members, 2, designers_for(parse_seats("human")), 6, Stream(1), make_hero)
    assert not hall.min_rose


def test_a_newcomer_at_the_floors_level_does_not_hide_a_level_gained():
    """The engine's reading, seat by seat (`rules.party.party_min_rose`): the lowest hero who was
    there all along gains a Level while a dead seat comes back at Floor - 1 = 1, below it. The
    lowest living Level falls (2 -> 1), yet the way down opens."""
    members = (Member(0, hero(3), 0), Member(1, hero(2), 8, xp=20), Member(2, hero(4), 18))
    hall = run_hallway(members, floor=2, designers=designers_for(parse_seats("human,ai,ai")), die=6,
                       stream=Stream(9), make_hero=make_hero)
    assert hall.renewed == (0,) and hall.gained == ((1, 1),)
    assert hall.min_after == 1 and hall.min_rose
