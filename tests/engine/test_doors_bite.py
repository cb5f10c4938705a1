"""Roll Through the Dungeon's doors (table RD) through the engine: every failure field read."""

from engine_arena import arena, free_neighbour

from game.agents import autoplay as runs
from game.agents.companion import ai_action
from game.engine import actions as A
from game.engine.dispatch import apply_action
from game.engine.game import TIME_TRACK
from game.engine.results import Refused
from game.engine.routes import stuck_doors
from game.mapgen.tables import door_kinds
from game.mapgen.tiles import Tile
from game.world.components import DoorState, HeroState, Position


def door_beside(game, hero, kind: str, tier: int) -> tuple[int, int, DoorState]:
    x, y = free_neighbour(game, hero)
    game.floor.set_tile(x, y, Tile.DOOR)
    door = DoorState(kind, tier, game.floor.cell_of(x, y), "n", False, kind != "open", kind == "jammed")
    game.world.create(door, Position(x, y, game.dungeon.floor_no))
    return x, y, door


def push(game, hero, x, y):
    pos = game.position(hero)
    return apply_action(game, A.Move(0, x - pos.x, y - pos.y))


def first_failure(kind: str, tier: int):
    """A game where the first try at such a door failed (seeds until one does)."""
    for seed in range(1, 80):
        game, hero = arena(seed)
        oil = game.time.oil
        x, y, door = door_beside(game, hero, kind, tier)
        push(game, hero, x, y)
        if int(game.floor.tile[y, x]) == Tile.DOOR:
            return game, hero, door, oil
    raise AssertionError(f"no try at a {kind} door failed in 80 seeds")


def test_a_failed_force_on_a_jammed_door_hurts_and_costs_time():
    game, hero, door, oil = first_failure("jammed", 3)
    pain = [r for r in game.rolls if r.kind == "pain" and r.title == "the stuck door"][-1]
    assert len(pain.pools[0].dice) == 3  # fail_pain of tier 3
    assert oil - game.time.oil == 1 + TIME_TRACK.tick_rounds  # the round, and the tick it cost
    lost = 10 - game.world.comp(hero, HeroState).hits
    assert game.stats.damage.get("doors", 0) == lost
    assert door.failed == 1


def test_a_trapped_door_springs_on_a_failed_traps_test():
    game, hero, door, _ = first_failure("trapped", 2)
    test = [r for r in game.rolls if r.kind == "annoy" and r.title == "the door (Traps)"][-1]
    assert len(test.pools[0].dice) == game.dungeon.floor_no + 4
    pain = [r for r in game.rolls if r.kind == "pain" and r.title == "the door's trap"][-1]
    assert len(pain.pools[0].dice) == 3  # fail_pain of tier 2
    assert door.now == "trapped"
    assert game.stats.traps_sprung == 1  # the door's trap went off (the morgue said "Traps sprung: 0")


def test_a_trap_locked_door_disarmed_is_still_locked():
    for seed in range(1, 80):
        game, hero = arena(seed)
        x, y, door = door_beside(game, hero, "trapped_locked", 1)
        push(game, hero, x, y)
        if door.now == "locked":
            assert int(game.floor.tile[y, x]) == Tile.DOOR and door.locked
            return
    raise AssertionError("no trap-locked door was disarmed in 80 seeds")


def test_a_failed_lever_roll_jams_the_door_except_at_tier_four():
    game, hero = arena(3)
    game.dungeon.levers = 0  # 1d10 <= 0 always fails
    x, y, door = door_beside(game, hero, "lever", 2)
    push(game, hero, x, y)
    assert door.now == "jammed" and door.jammed and door.locked and door.kind == "lever"
    game, hero = arena(3)
    x, y, door = door_beside(game, hero, "lever", 4)
    push(game, hero, x, y)
    assert door.now == "lever" and door.failed == 1


def test_a_key_is_rolled_against_the_keys_held_and_a_miss_leaves_only_the_lock():
    outcomes = set()
    for seed in range(1, 40):
        game, hero = arena(seed)
        game.dungeon.keys = 3
        x, y, door = door_beside(game, hero, "locked", 1)
        push(game, hero, x, y)
        if door.now == "open":
            assert game.dungeon.keys == 2
            outcomes.add("key")
        else:
            assert door.keys_tried and game.dungeon.keys == 3
            outcomes.add("miss")
    assert outcomes == {"key", "miss"}


def test_a_failed_lock_pick_breaks_a_pick_and_with_none_the_lock_is_refused():
    game, _, door, _ = first_failure("locked", 4)
    assert game.time.picks == TIME_TRACK.start_picks - 1
    game, hero = arena(5)
    game.time.picks = 0
    x, y, door = door_beside(game, hero, "locked", 1)
    result = push(game, hero, x, y)
    assert isinstance(result, Refused) and "lock picks" in result.reason


def test_wading_a_river_tests_its_tier_and_a_failure_costs_the_books_pain_and_ticks():
    for seed in range(1, 80):
        game, hero = arena(seed)
        x, y = free_neighbour(game, hero)
        game.floor.set_tile(x, y, Tile.WATER)
        oil, start = game.time.oil, (game.position(hero).x, game.position(hero).y)
        push(game, hero, x, y)
        test = [r for r in game.rolls if r.title == "the current" and r.kind == "annoy"][-1]
        assert len(test.pools[0].dice) == game.dungeon.floor_no + 2 * 2  # river: tier 2
        if test.successes[0]:
            continue
        pain = [r for r in game.rolls if r.title == "the current" and r.kind == "pain"][-1]
        assert len(pain.pools[0].dice) == 3
        assert oil - game.time.oil == 1 + 2 * TIME_TRACK.tick_rounds
        assert (game.position(hero).x, game.position(hero).y) == start  # swept back
        return
    raise AssertionError("nobody failed to wade a river in 80 seeds")


def test_a_heap_of_boulders_is_dug_against_the_dice_its_d10_sets():
    from game.engine.terrain import BOULDERS

    sizes = set()
    for seed in range(1, 30):
        game, hero = arena(seed)
        x, y = free_neighbour(game, hero)
        game.floor.set_tile(x, y, Tile.BOULDER)
        apply_action(game, A.Interact(0, x, y))
        test = [r for r in game.rolls if r.title == "the boulders (Force)"][-1]
        sizes.add(len(test.pools[0].dice) - game.dungeon.floor_no)
    assert sizes <= set(BOULDERS["dig_dice"]) and len(sizes) > 1


def test_a_door_whose_failed_try_could_slay_the_weakest_hero_is_routed_round_until_it_is_mended():
    game, hero = arena(7)
    x, y, door = door_beside(game, hero, "trapped", 3)  # a failure rolls 4 Pain dice
    weakest = min(game.heroes(), key=lambda pair: pair[1].hits)[1]
    weakest.hits = 4  # four dice could deal four damage...
    assert (x, y) not in stuck_doors(game)  # ...but nobody knows the door is trapped before a try fails
    door.failed = 1
    assert (x, y) in stuck_doors(game)
    weakest.hits = 5
    assert (x, y) not in stuck_doors(game)


def test_no_ai_hero_tries_again_a_door_whose_failure_could_slay_one_of_the_party(monkeypatch):
    """Through whole solo runs (seat 0 alone in the dungeon): every time an AI hero steps into a
    closed door whose failure has hurt the party already, each living hero has more Hits than the
    failure's Pain dice."""
    tried = []

    def checked(game):
        action = ai_action(game)
        if isinstance(action, A.Move):
            pos = game.position(game.party.hero_of[action.seat])
            door = game.entity_at(pos.x + action.dx, pos.y + action.dy, DoorState)
            state = game.world.comp(door, DoorState) if door is not None else None
            if state is not None and state.locked and state.failed and (
                    pain := door_kinds()[state.now].pain_at(state.tier)):
                tried.append((pain, min(h.hits for _, h in game.heroes())))
        return action

    monkeypatch.setattr(runs, "ai_action", checked)
    for seed in range(60041, 60101):
        runs.autoplay(seed, "ai+hero,ai,ai")[0].close()
    assert tried, "no run tried a door that can hurt"
    assert all(pain < hits for pain, hits in tried), [t for t in tried if t[0] >= t[1]]
