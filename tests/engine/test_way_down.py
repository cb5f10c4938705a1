"""The way down opens as the party grows (DESIGN.md §2, issue 14): a Downward Stair is owed when
Party Min rose in the Hallway, read seat by seat with dead and replaced heroes as
`rules.party.party_min_rose` says; and the room entered after such a Hallway holds the stair."""

import game.engine.room_entry as entry
from game.agents.autoplay import play
from game.core.dials import Dials
from game.core.seats import parse_seats
from game.engine.room_entry import hallway
from game.engine.start import new_game
from game.mapgen.tiles import Tile
from game.rules.party import party_min_rose, xp_to_be
from game.world.components import HeroState


def party(level: int = 2):
    game = new_game(7, parse_seats("ai+hero,ai+hero,ai"), level, Dials())
    (a, hero_a), (b, hero_b) = game.heroes()
    return game, a, hero_a, hero_b


def test_the_lowest_hero_gaining_a_level_owes_a_stair_and_a_higher_one_does_not():
    game, leader, low, high = party()
    high.xp = xp_to_be(4)
    assert hallway(game, leader) is False  # Party Min is still the other hero's 2
    low.xp = xp_to_be(3)
    assert hallway(game, leader) is True


def test_a_death_alone_owes_no_stair():
    game, leader, _, other = party()
    other.hits = 0
    start = len(game.log)
    rose = hallway(game, leader)
    assert not rose and any("joins the party at Level 1" in line.text for line in game.log[start:])


def test_a_newcomer_at_or_below_the_dead_heros_level_does_not_hold_the_way_down():
    game, leader, survivor, other = party()
    other.hits = 0  # dies at Level 2 on Floor 2: its seat's new hero joins at Level 1
    survivor.xp = xp_to_be(3)
    assert hallway(game, leader) is True  # the hero there all along grew
    newcomer = game.world.comp(game.party.hero_of[other.seat], HeroState)
    assert newcomer.level == 1 and game.party_numbers()[0] == 1
    newcomer.hits = 0  # the newcomer dies in the next room and is replaced at Level 1 again
    assert hallway(game, leader) is False  # nobody grew
    survivor.xp = xp_to_be(4)
    newest = game.world.comp(game.party.hero_of[other.seat], HeroState)
    newest.hits = 0  # and the next newcomer dies too: the survivor's Level still opens the way down
    assert hallway(game, leader) is True
    survivor.xp = xp_to_be(5)  # a newcomer who lived through a room counts like any member
    assert hallway(game, leader) is False and game.party_numbers()[0] == 1


def test_a_newcomer_above_the_dead_heros_level_raises_party_min():
    game, leader, _, other = party(level=4)  # the entrance is Floor 4: newcomers join at Level 3
    other.level, other.hits = 2, 0
    assert hallway(game, leader) is True


def test_the_rule_seat_by_seat():
    assert party_min_rose({0: 2, 1: 5}, {0: 3, 1: 5}, set())
    assert not party_min_rose({0: 2, 1: 5}, {0: 2, 1: 6}, set())
    assert party_min_rose({0: 2, 1: 5}, {0: 3, 1: 5}, {0})  # replaced above the dead hero's Level
    assert not party_min_rose({0: 2, 1: 5}, {0: 1, 1: 5}, {0})
    assert party_min_rose({0: 1, 1: 9}, {0: 1, 1: 10}, {0})  # the newcomer is left out of both sides
    assert not party_min_rose({0: 3}, {0: 1}, {0})


def test_every_room_entered_after_party_min_rose_holds_a_stair_down(monkeypatch):
    owed: list[bool] = []
    original = entry.hallway

    def watched(game, leader):
        rose = original(game, leader)
        owed.append(rose)
        return rose

    monkeypatch.setattr(entry, "hallway", watched)
    checked = 0
    for seed in (3, 11, 13):
        game = new_game(seed, parse_seats("ai+hero,ai+hero,ai"), 2, Dials())
        rooms = [0]

        def after(game, action, rooms=rooms):
            nonlocal checked
            if game.stats.rooms_entered == rooms[0]:
                return
            rooms[0] = game.stats.rooms_entered
            if owed and owed[-1]:
                plan = game.hallway.last_design.plan
                x0, y0, x1, y1 = game.floor.cells[plan.cell].bounds
                assert (game.floor.tile[y0:y1 + 1, x0:x1 + 1] == Tile.STAIR_DOWN).any()
                checked += 1

        play(game, 1500, on_action=after)
    assert checked >= 3
