"""Table Q through the engine: every quest offered, targets bought from the room's budget, the
kitten caught, hobgoblins no goblins, the apothecary's draughts, objective items, the penalty,
and what a collect or objective quest counts: what is carried out to town, once."""

from engine_arena import arena, free_neighbour, give, put_monster

from game.agents.companion import ai_action, hero_action
from game.core.dials import Dials
from game.core.seats import parse_seats
from game.engine import actions as A
from game.engine.combat import combat_turn
from game.engine.dispatch import apply_action
from game.engine.fates import hero_died, monster_died
from game.engine.quests import all_quests, fulfilled, is_named, pick_quest, progress, progress_words
from game.engine.room_entry import place_objective
from game.engine.spawning import make_treasure_entity
from game.engine.start import new_game
from game.rules.costs import monster_cost, monster_hits
from game.rules.purchases import Monster, Treasure
from game.world.components import HeroState, MonsterState, Named, Position, TreasureState


def quest(n: int):
    return next(q for q in all_quests() if q.id == n)


def test_every_quest_of_table_q_is_offered():
    assert {q.id for q in all_quests()} == set(range(1, 19))
    game, _ = arena(1)
    offered = set()
    for seed in range(200):
        game.streams._streams.pop(("quest",), None)
        game.streams.seed = seed
        offered.add(pick_quest(game).id)
    assert {5, 10, 13, 15, 16} <= offered


def test_a_quest_target_is_bought_first_from_the_rooms_monster_budget():
    game, _ = arena(7, seats="ai+hero,ai,ai")
    game.quest = quest(6)  # the goblins
    game.dungeon.quest_carry = "goblin"  # one the last room could not hold
    rooms = game.stats.rooms_entered
    for _ in range(3000):
        if game.stats.rooms_entered > rooms or game.phase != "dungeon":
            break
        apply_action(game, ai_action(game))
    design = game.hallway.last_design
    assert design is not None and game.stats.rooms_entered == rooms + 1
    assert design.monsters[0].monster.name == "Goblin"  # named as the room's other monsters are
    assert sum(monster_cost(p.monster) for p in design.monsters) == design.budgets.monsters
    assert game.dungeon.quest_carry == ""


def test_the_kitten_is_caught_with_agility_not_killed():
    outcomes = set()
    for seed in range(1, 40):
        game, hero = arena(seed)
        game.quest = quest(14)
        x, y = free_neighbour(game, hero)
        kitten = put_monster(game, x, y, Monster(2, "claws", name="kitten"))
        pos = game.position(hero)
        apply_action(game, A.Move(0, x - pos.x, y - pos.y))
        roll = [r for r in game.rolls if r.title == "kitten (Agility)"]
        assert len(roll[-1].pools[0].dice) == game.dungeon.floor_no
        if roll[-1].successes[0]:
            assert progress(game, game.quest) == 1 and game.stats.monsters_killed == 0
            assert game.world.try_comp(kitten, Position) is None
            outcomes.add("caught")
        else:
            assert game.world.comp(kitten, MonsterState).fleeing and progress(game, game.quest) == 0
            outcomes.add("escaped")
    assert outcomes == {"caught", "escaped"}


def test_a_hobgoblin_is_no_goblin():
    assert is_named("Goblin", "goblin") and is_named("grim goblin", "goblin")
    assert not is_named("hobgoblin", "goblin")
    game, _ = arena(2)
    game.quest = quest(6)
    game.stats.kills_by_name = {"hobgoblin": 3}
    assert progress(game, game.quest) == 0


def test_the_apothecary_counts_only_healing_draughts():
    game, hero = arena(3)
    game.quest = quest(7)
    pos = game.position(hero)
    make_treasure_entity(game, Treasure(fancy=True, value=2), "a ring", 1, Position(pos.x, pos.y, pos.floor))
    apply_action(game, A.PickUp(0))
    assert progress(game, game.quest) == 0
    make_treasure_entity(game, Treasure(fancy=True, heal=2), "a draught", 1, Position(pos.x, pos.y, pos.floor))
    apply_action(game, A.PickUp(0))
    assert progress(game, game.quest) == 1


def test_an_objective_item_counts_once_and_is_worth_nothing_in_town():
    game, hero = arena(4)
    game.quest = quest(15)
    pos = game.position(hero)
    cell = game.floor.cell_of(pos.x, pos.y)
    place_objective(game, cell)
    item = next(e for e, _ in game.world.get(TreasureState) if "object of the quest" in game.name(e))
    ipos = game.position(item)
    pos.x, pos.y = ipos.x, ipos.y
    apply_action(game, A.PickUp(0))
    assert progress(game, game.quest) == 1 and game.stats.treasure_found == 0


def test_an_objective_item_carried_out_is_handed_over_and_counted_once():
    game, hero = arena(14)
    game.quest = quest(13)  # two gems for the statue's eyes
    pos = game.position(hero)
    place_objective(game, game.floor.cell_of(pos.x, pos.y))
    item = next(e for e, _ in game.world.get(TreasureState) if "object of the quest" in game.name(e))
    ipos = game.position(item)
    pos.x, pos.y = ipos.x, ipos.y
    apply_action(game, A.PickUp(0))
    name = game.name(item)
    climb_out(game, hero)
    assert not game.world.exists(item) and game.pack(hero) == []
    assert f"{game.name(hero)} hands over {name}." in [line.text for line in game.log]
    assert progress(game, game.quest) == 1 and progress_words(game) == "1 of 2 brought out"
    apply_action(game, A.Delve(0))
    climb_out(game, hero)
    assert progress(game, game.quest) == 1 and not fulfilled(game)


def test_map_each_counts_rooms_of_every_kind():
    game, _ = arena(5)
    game.quest = quest(16)  # five encounter rooms and five feature rooms
    game.stats.rooms_by_interaction = {"encounter": 7, "features": 4}
    assert progress(game, game.quest) == 4


def test_giving_up_the_quest_costs_half_the_purse():
    game, _ = arena(6)
    game.quest = quest(12)
    game.phase, game.party.purse = "town", 11
    apply_action(game, A.Retire(0))
    assert game.stats.banked == 6 and game.outcome == "retired"


def test_no_party_is_sent_to_a_floor_it_sets_out_on():
    """A Level 3 party starts on Floor 3: "Deeper" (reach Floor 3) was fulfilled at turn 0.
    Through new games at every starting level: a floor quest is always below the entrance."""
    floors = set()
    for level in (1, 2, 3, 4, 5):
        for seed in range(60):
            game = new_game(seed, parse_seats("ai+hero,ai"), level, Dials())
            assert not fulfilled(game), (level, seed, game.quest.name)
            if game.quest.goal == "reach_floor":
                floors.add((level, game.quest.count))
            game.close()
    assert (2, 3) in floors and (4, 5) in floors and not any(count <= level for level, count in floors)


def test_no_hero_strikes_or_shoots_at_the_creature_to_be_caught():
    """Whiskers ("Gently"): the combat turn's blows went to the kitten beside a hero, and ranged
    heroes shot it from across the room, so the quest was mostly lost (won 9 of 64 in a 1,000-run
    batch). A hero's dice now only ward off its bites; a foe beside it is still fought."""
    kitten_hurt = foe_hurt = 0
    for seed in range(1, 30):
        game, hero = arena(seed)
        game.quest = quest(14)
        pos = game.position(hero)
        (kx, ky), (fx, fy) = (pos.x + 1, pos.y), (pos.x - 1, pos.y)
        if None in (game.floor.cell_of(kx, ky), game.floor.cell_of(fx, fy)):
            continue  # a kill is counted by the room it clears
        kitten = put_monster(game, kx, ky, Monster(2, "claws", name="kitten"))
        foe = put_monster(game, fx, fy, Monster(2, "claws", name="grim goblin"))
        for _ in range(3):
            combat_turn(game)
        kitten_hurt += game.world.comp(kitten, MonsterState).hits < monster_hits(2)
        foe_hurt += game.world.comp(foe, MonsterState).hits < monster_hits(2)
    assert kitten_hurt == 0 and foe_hurt > 3


def test_ai_heroes_walk_up_to_the_creature_to_be_caught_and_catch_it():
    """AI heroes never went to a peaceful kitten keeping its distance: the quest waited for a
    fight that never came. Now one in sight is walked up to and caught (or it bolts)."""
    caught = 0
    for seed in range(1, 15):
        game, hero = arena(seed, seats="ai+hero,ai,ai")
        game.quest = quest(14)
        pos = game.position(hero)
        kitten = put_monster(game, pos.x + 2, pos.y, Monster(2, "claws", name="kitten"))
        mon = game.world.comp(kitten, MonsterState)
        mon.aware, mon.peaceful = False, True
        for _ in range(6):
            apply_action(game, ai_action(game))
            if any(r.title == "kitten (Agility)" for r in game.rolls):
                break
        else:
            raise AssertionError(f"seed {seed}: no hero tried to catch the kitten")
        caught += progress(game, game.quest)
        assert game.world.comp(kitten, MonsterState).hits > 0 or progress(game, game.quest) == 1
    assert caught > 0


def climb_out(game, hero: int) -> None:
    """The hero walks onto the entrance's stair and climbs out to town (the arena's floor is the entrance)."""
    pos = game.position(hero)
    pos.x, pos.y = game.floor.start
    apply_action(game, A.Ascend(0))
    assert game.phase == "town", game.log[-3:]


def take(game, hero: int, item: Treasure, name: str) -> int:
    """An item a room's designer placed (seat 1) at the hero's feet, picked up."""
    pos = game.position(hero)
    eid = make_treasure_entity(game, item, name, 1, Position(pos.x, pos.y, pos.floor))
    apply_action(game, A.PickUp(0))
    return eid


def test_a_collected_item_counts_once_it_is_carried_out_and_only_once():
    game, hero = arena(8)
    game.quest = quest(7)  # four healing draughts
    take(game, hero, Treasure(fancy=True, heal=2), "a draught")
    assert progress(game, game.quest) == 1 and game.stats.collected_heal == 0  # carried, not yet out
    climb_out(game, hero)
    assert game.stats.collected_heal == 1 and progress(game, game.quest) == 1
    apply_action(game, A.Delve(0))
    climb_out(game, hero)  # the same draught carried out again is not counted again
    assert game.stats.collected_heal == 1 and progress(game, game.quest) == 1


def test_a_draught_drunk_below_no_longer_counts_for_the_apothecary():
    game, hero = arena(9)
    game.quest = quest(7)
    take(game, hero, Treasure(fancy=True, heal=2), "a draught")
    take(game, hero, Treasure(fancy=True, heal=2), "a draught")
    assert progress(game, game.quest) == 2
    apply_action(game, A.UseItem(0, 0))
    assert progress(game, game.quest) == 1
    climb_out(game, hero)
    assert game.stats.collected_heal == 1 and progress(game, game.quest) == 1


def test_an_objective_item_left_below_by_a_fallen_hero_is_not_brought_out():
    game, hero = arena(10, seats="human,ai+hero,ai")
    game.quest = quest(15)  # one glowing stone
    place_objective(game, game.floor.cell_of(game.position(hero).x, game.position(hero).y))
    item = next(e for e, _ in game.world.get(TreasureState) if "object of the quest" in game.name(e))
    ipos = game.position(item)
    pos = game.position(hero)
    pos.x, pos.y = ipos.x, ipos.y
    apply_action(game, A.PickUp(0))
    assert fulfilled(game)
    hero_died(game, hero, "a test")
    assert not fulfilled(game) and game.position(item) is not None  # dropped where the hero fell
    assert progress_words(game) == "0 of 1 brought out"


def test_the_quest_line_tells_what_is_carried_from_what_is_brought_out():
    game, hero = arena(11)
    game.quest = quest(2)  # three pieces of gear
    take(game, hero, Treasure(value=1), "a spoon")
    climb_out(game, hero)
    apply_action(game, A.Delve(0))
    take(game, hero, Treasure(value=1), "a ladle")
    assert progress_words(game) == "1 of 3 items brought out, 1 more in the packs"


def test_town_says_what_was_carried_out_for_a_quest_not_yet_done():
    game, hero = arena(12)
    game.quest = quest(2)  # three pieces of gear
    take(game, hero, Treasure(value=1), "a spoon")
    take(game, hero, Treasure(value=1), "a ladle")
    climb_out(game, hero)
    assert "Carried out for the quest (Kit and Caboodle): 2. So far 2 of 3 items brought out." in [
        line.text for line in game.log]


def test_a_hurt_ai_hero_drinks_a_draught_the_apothecary_does_not_count_first():
    game, hero = arena(13)
    game.quest = quest(7)
    take(game, hero, Treasure(fancy=True, heal=2), "a draught from below")  # counts for the quest
    give(game, hero, Treasure(fancy=True, heal=1, name="kit draught"))  # from town: counts for nothing
    game.world.comp(hero, HeroState).hits = 1
    assert hero_action(game, 0) == A.UseItem(0, 1)
    apply_action(game, A.UseItem(0, 1))
    assert progress(game, game.quest) == 1
    assert hero_action(game, 0) == A.UseItem(0, 0)  # with no other, the quest's draught is drunk after all


def test_a_kitten_that_bolts_slips_through_a_heros_fingers_in_good_english():
    for seed in range(1, 40):
        game, hero = arena(seed)
        game.world.add(hero, Named("Ilias"))  # a name ending in s
        game.quest = quest(14)
        x, y = free_neighbour(game, hero)
        put_monster(game, x, y, Monster(2, "claws", name="kitten"))
        pos = game.position(hero)
        apply_action(game, A.Move(0, x - pos.x, y - pos.y))
        bolted = [line.text for line in game.log if "slips through" in line.text]
        if bolted:
            assert bolted == ["kitten slips through Ilias' fingers and bolts!"]
            return
    raise AssertionError("the kitten was caught in every seed")


def test_a_fled_monster_killed_after_its_room_fell_quiet_wins_no_second_fight() -> None:
    """Two monsters: the first dies and the other flees, so the room falls quiet, a fight won. The
    fled one killed then counted a second fight and said the room fell quiet again, which a
    "win fights" quest took as progress. A fled monster still wins the fight when its room had
    not fallen quiet yet (it fled on its own while the other stood)."""
    game, hero = arena()
    x, y = free_neighbour(game, hero)
    first = put_monster(game, x, y, Monster(1, name="Grub"))
    second = put_monster(game, x, y, Monster(1, name="Mite"))
    game.world.comp(second, MonsterState).fleeing = True  # as a morale check at the first one's death
    monster_died(game, first, hero)
    monster_died(game, second, hero)
    assert game.stats.fights_won == 1
    won = [line.text for line in game.log if line.text.startswith(("The room falls quiet", "The fight is won"))]
    assert won == ["The fight is won; 1 foe still flees."]  # Mite, never named in the log, lives on

    game, hero = arena(seed=12)
    x, y = free_neighbour(game, hero)
    lone = put_monster(game, x, y, Monster(1, name="Grub"))
    game.world.comp(lone, MonsterState).fleeing = True  # fled on its own, the room not yet quiet
    monster_died(game, lone, hero)
    assert game.stats.fights_won == 1


def test_a_fight_won_with_a_foe_fled_does_not_say_the_room_fell_quiet() -> None:
    """"The room falls quiet." while two fled monsters stood in view, killed later: the fight is
    won (its count and the quests see it), but the line names who is still about."""
    game, hero = arena()
    x, y = free_neighbour(game, hero)
    first = put_monster(game, x, y, Monster(1, name="Grub"))
    second = put_monster(game, x, y, Monster(1, name="Mite"))
    fled = game.world.comp(second, MonsterState)
    fled.fleeing = fled.told = True  # seen, then broke at the first one's death
    monster_died(game, first, hero)
    assert game.stats.fights_won == 1
    assert game.log[-1].text == "The fight is won; Mite still flees."
    monster_died(game, second, hero)
    assert "The room falls quiet." not in [line.text for line in game.log]
