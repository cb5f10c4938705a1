"""Annoying and painful conflicts, Thwack-O dice, narrators and the Law of Successes."""

from hypothesis import given
from hypothesis import strategies as st

from game.core.rng import Stream
from game.rules.conflicts import annoying_conflict, painful_conflict, trap_springers
from game.rules.dice import NO_SEAT, Pool, PoolRequest, Pools, make_pool, narrator, roll_event
from game.rules.successes import count_successes, spend_on_trap_facts


def pool(owner, dice, seat=-1):
    return make_pool(owner, seat, dice, None)


def test_donjon_gm_wins_with_two_successes():
    assert count_successes([6, 12, 15, 18], [4, 7, 9, 11, 12]) == 2


def test_donjon_player_wins_with_four_successes_through_ties():
    assert count_successes([3, 11, 12, 13, 15], [5, 8, 10, 13, 15]) == 4


def test_loser_has_no_successes():
    assert count_successes([4, 7, 9, 11, 12], [6, 12, 15, 18]) == 0


def test_annoy_equal_highest_succeeds_lower_fails():
    trap = pool("trap", [5, 2])
    result = annoying_conflict(trap, [pool("a", [5, 1]), pool("b", [4, 4, 4]), pool("c", [6, 6])])
    assert [r.success for r in result.results] == [True, False, True]
    assert result.of("c").successes == 2
    assert result.of("b").successes == 1  # the trap's 5 beats b's 4


def test_painful_conflict_by_ranks_with_shared_highest_dealing_nothing():
    hero, monster = pool("hero", [6, 4, 2]), pool("monster", [6, 5])
    result = painful_conflict([hero, monster], {"hero": ["monster"], "monster": ["hero"]},
                              {"hero": 10, "monster": 6})
    assert [r.winner for r in result.ranks] == [None, "monster", "hero"]
    assert [r.values for r in result.ranks] == [(6, 6), (4, 5), (2, 0)]
    assert result.hits == {"hero": 9, "monster": 5}


def test_trap_deals_damage_but_takes_none():
    trap, hero = pool("trap", [1, 1]), pool("hero", [6, 6])
    result = painful_conflict([trap, hero], {"trap": ["hero"], "hero": ["trap"]}, {"hero": 5})
    assert result.damage == ()
    assert "trap" not in result.hits


def test_dead_creature_stops_dealing_damage():
    hero, rat = pool("hero", [6, 6, 1]), pool("rat", [5, 5, 5])
    result = painful_conflict([hero, rat], {"hero": ["rat"], "rat": ["hero"]}, {"hero": 5, "rat": 2})
    assert result.hits["rat"] == 0
    assert result.ranks[2].values == (1, 0)
    assert result.ranks[2].winner == "hero" and result.ranks[2].target is None


def test_unplaceable_damage_is_lost():
    a, b = pool("a", [6]), pool("b", [1])
    result = painful_conflict([a, b], {}, {"a": 3, "b": 3})
    assert result.damage == () and result.ranks[0].winner == "a"


def test_one_thwacko_per_seat_per_event_and_narrator():
    event = roll_event(Stream(7), 6, [PoolRequest("hero", 0, 3), PoolRequest("trap", 0, 2),
                                      PoolRequest("monster", 1, 4), PoolRequest("none", -1, 2)], [1, 0])
    marked = [p.owner for p in event.pools if p.thwacko >= 0]
    assert marked == ["hero", "monster"]
    values = {p.seat: p.dice[p.thwacko] for p in event.pools if p.thwacko >= 0}
    expected = 1 if values[1] >= values[0] else 0
    assert event.narrator == expected


def test_narrator_tie_goes_to_earliest_in_category_order():
    pools = [Pool("x", 0, (4,), 0), Pool("y", 2, (4,), 0)]
    assert narrator(pools, [2, 0]) == 2
    assert narrator(pools, [0, 2]) == 0


def test_springers_highest_alone_faces_the_trap():
    assert trap_springers({"a": 5, "b": 7}) == "b"
    assert trap_springers({"a": 5, "b": 5}) is None


def test_search_successes_buy_facts_then_bonus_dice():
    assert spend_on_trap_facts(2) == (("type", "pain"), 0)
    assert spend_on_trap_facts(5) == (("type", "pain", "guards_treasure"), 2)


dice_lists = st.lists(st.integers(1, 20), min_size=0, max_size=8)


@given(st.lists(dice_lists, min_size=2, max_size=6), st.integers(0, 5))
def test_painful_damage_at_most_longest_pool_and_never_to_trap(all_dice, trap_index):
    trap_index %= len(all_dice)
    pools = [pool(f"p{i}", d) for i, d in enumerate(all_dice)]
    owners = [p.owner for p in pools]
    targets = {o: [x for x in owners if x != o] for o in owners}
    hits = {o: 100 for i, o in enumerate(owners) if i != trap_index}
    result = painful_conflict(pools, targets, hits)
    assert len(result.damage) <= max(len(d) for d in all_dice)
    assert all(victim != f"p{trap_index}" for _, victim in result.damage)
    assert sum(100 - h for h in result.hits.values()) == len(result.damage)


@given(dice_lists.filter(bool), dice_lists.filter(bool), dice_lists)
def test_annoy_decided_only_by_highest_dice(obstacle, hero, extra_low):
    base = annoying_conflict(pool("o", obstacle), [pool("h", hero)]).results[0].success
    padded = hero + [min(d, max(hero)) for d in extra_low]
    assert annoying_conflict(pool("o", obstacle), [pool("h", padded)]).results[0].success == base
    assert base == (max(hero) >= max(obstacle))


@given(st.lists(st.tuples(dice_lists, st.integers(-1, 3)), min_size=1, max_size=5), st.randoms(use_true_random=False))
def test_painful_ranks_read_rank_by_rank_as_the_book_says(people, rnd):
    # the rule told plainly, rank by rank: the result's columns (and the winners looked up in a
    # table) must agree with it, deaths at earlier ranks emptying the dice at later ones
    pools = [pool(f"p{i}", d) for i, (d, _) in enumerate(people)]
    owners = [p.owner for p in pools]
    hits = {o: h for o, (_, h) in zip(owners, people, strict=True) if rnd.random() < 0.8}
    targets = {o: rnd.sample(owners, k=rnd.randint(0, len(owners))) for o in owners}
    result = painful_conflict(pools, targets, hits)
    left = dict(hits)
    for r, rank in enumerate(result.ranks):
        values = tuple(p.dice[r] if r < len(p.dice) and left.get(p.owner, 1) > 0 else 0 for p in pools)
        top = max(values)
        winner = owners[values.index(top)] if top > 0 and values.count(top) == 1 else None
        target = next((t for t in targets.get(winner, ()) if left.get(t, 0) > 0), None) if winner else None
        if target is not None:
            left[target] -= 1
        assert rank == (values, winner, target)
    assert len(result.ranks) == max(len(p.dice) for p in pools)
    assert result.hits == left
    assert result.damage == tuple((r.winner, r.target) for r in result.ranks if r.target is not None)


requests_drawn = st.lists(st.tuples(st.sampled_from((NO_SEAT, 0, 1, 2, 5)), st.integers(-1, 9)), max_size=6)


@given(st.integers(0, 2**64 - 1), st.sampled_from((4, 6, 10, 20, 300)), requests_drawn,
       st.lists(st.sampled_from((0, 1, 2, 5, 5)), max_size=4).map(tuple), st.randoms(use_true_random=False))
def test_roll_events_are_the_rule_told_plainly(state, sides, people, seat_order, rnd):
    # each pool rolled on its own (`Stream.dice`), the seat's first pool with dice carrying its
    # first die as the Thwack-O, the narrator found afterwards: the roll event's pools (made only
    # when read) and a painful conflict on them must be exactly these
    requests = [PoolRequest(f"p{i}", seat, count) for i, (seat, count) in enumerate(people)]
    plain, stream = Stream(state), Stream(state)
    expected, carried = [], set()
    for owner, seat, count in requests:
        rolled = plain.dice(count, sides)
        carries = bool(rolled) and seat != NO_SEAT and seat not in carried
        if carries:
            carried.add(seat)
        expected.append(make_pool(owner, seat, rolled, rolled[0] if carries else None))
    event = roll_event(stream, sides, requests, seat_order)
    assert stream.state == plain.state
    assert event.narrator == narrator(expected, seat_order)
    owners = [r.owner for r in requests]
    targets = {o: rnd.sample(owners, k=rnd.randint(0, len(owners))) for o in owners}
    hits = {o: rnd.randint(-1, 4) for o in owners if rnd.random() < 0.8}
    result = painful_conflict(event.pools, targets, hits)  # from the columns, before any pool is made
    assert tuple(result[1:]) == tuple(painful_conflict(expected, targets, hits)[1:])
    pools = event.pools
    assert isinstance(pools, Pools) and len(pools) == len(expected)
    assert pools == tuple(expected) and tuple(expected) == pools and list(pools) == expected
    assert pools[1:] == tuple(expected[1:]) and hash(pools) == hash(tuple(expected))
    assert repr(pools) == repr(tuple(expected)) and pools != list(expected)
