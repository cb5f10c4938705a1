"""design = ask: the Hallway waits for a human seat's category pick and build, refuses a build
that breaks a rule, and the step into the room completes once the room is built."""

from game.agents.companion import hero_action
from game.core.dials import Dials
from game.core.seats import parse_seats
from game.designers.builds import encode_trap, encode_treasure
from game.engine import actions as A
from game.engine.dispatch import apply_action
from game.engine.game import Game
from game.engine.start import new_game
from game.rules.purchases import Trap, Treasure


def walk_until_hallway(game: Game) -> None:
    for _ in range(2000):
        if game.hallway.pending is not None and game.hallway.pending.waiting:
            return
        seat = game.next_seat()
        apply_action(game, hero_action(game, seat))
    raise AssertionError("the party never reached a new room")


def legal_build(category: str, budget: int, floor: int) -> tuple:
    if category == "traps":
        return (encode_trap(Trap("fire", annoy=2, pain=budget - 1), 0),)
    if category == "monsters":
        return ((budget, "claws", "test brute", ()),)
    return (encode_treasure(Treasure(value=budget - 1), -1),)


def test_the_hallway_waits_for_a_human_designer_and_then_the_party_enters():
    game = new_game(4, parse_seats("human,human"), 2, Dials(design="ask"))
    walk_until_hallway(game)
    rooms = game.stats.rooms_entered
    for _ in range(10):
        waiting = game.hallway.pending.waiting if game.hallway.pending else ()
        if not waiting:
            break
        seat = waiting[1]
        assert game.next_seat() == seat
        if waiting[0] == "category":
            apply_action(game, A.TakeCategory(seat, waiting[2][0]))
        else:
            _, _, category, budget, _plan = waiting
            apply_action(game, A.BuildRoom(seat, category, legal_build(category, budget, game.dungeon.floor_no)))
    assert game.hallway.pending is None
    assert game.stats.rooms_entered == rooms + 1
    owner = next(s for c, s, _ in game.hallway.last_design.takers if c == "monsters")
    names = [p.monster.name for p in game.hallway.last_design.monsters]
    if game.seats[owner].human:  # its monsters are the human's build, played for it by the AI
        assert names == ["test brute"]
        assert any(line.text == f"{game.seats[owner].name}'s monsters hold this room: test brute "
                   "(the AI plays them for that seat)." for line in game.log)


def test_a_build_that_breaks_a_rule_is_refused_with_its_reason():
    game = new_game(4, parse_seats("human,human"), 2, Dials(design="ask"))
    walk_until_hallway(game)
    while game.hallway.pending.waiting[0] == "category":
        apply_action(game, A.TakeCategory(game.hallway.pending.waiting[1], game.hallway.pending.waiting[2][0]))
    _, seat, category, budget, _ = game.hallway.pending.waiting
    apply_action(game, A.BuildRoom(seat, category, legal_build(category, budget + 1, game.dungeon.floor_no)))
    assert game.hallway.pending is not None and game.hallway.pending.waiting[2] == category
    assert "cannot stand" in game.log[-1].text


def test_titled_monster_names_are_told_apart_in_the_rooms_line():
    """"monsters hold this room: Lurr, Bane of Heroes, test brute" read as three monsters; when
    a name has a comma of its own the names are set apart by semicolons."""
    game = new_game(4, parse_seats("human,human"), 2, Dials(design="ask"))
    walk_until_hallway(game)
    for _ in range(10):
        waiting = game.hallway.pending.waiting if game.hallway.pending else ()
        if not waiting:
            break
        seat = waiting[1]
        if waiting[0] == "category":
            apply_action(game, A.TakeCategory(seat, waiting[2][0]))
            continue
        _, _, category, budget, _plan = waiting
        build = (((budget - 2, "claws", "Lurr, Bane of Heroes", ()), (2, "claws", "test brute", ()))
                 if category == "monsters" else legal_build(category, budget, game.dungeon.floor_no))
        apply_action(game, A.BuildRoom(seat, category, build))
    assert game.hallway.pending is None
    line = next(line.text for line in game.log if "monsters hold this room" in line.text)
    assert "monsters hold this room: Lurr, Bane of Heroes; test brute (the AI plays them for that seat)." in line
