"""Character development through the engine: a level gained (or the quest fulfilled) gives a
story point and a trait, in solo play too: an AI hero's raised by its personality, a human's
chosen by its player (the game waits for a recorded ChooseTrait)."""

from engine_arena import arena

from game.agents.companion import ai_action
from game.engine import actions as A
from game.engine.dispatch import apply_action
from game.engine.growth import growth_choices
from game.engine.recorded_play import replay
from game.engine.recording import Recorder
from game.engine.recording_read import read_recording
from game.engine.results import Done, Refused
from game.engine.room_entry import hallway
from game.engine.town import arrive_in_town
from game.rules.party import xp_to_be
from game.world.components import HeroState


def test_a_level_gained_in_the_hallway_raises_an_ai_heros_trait_and_gives_a_story_point():
    game, hero = arena(3, seats="ai+hero,ai,ai")
    state = game.world.comp(hero, HeroState)
    before = game.sheet(hero)
    state.xp = xp_to_be(3)
    hallway(game, hero)
    assert state.level == 3 and state.story_points == 1
    assert len(state.traits) == 4 and state.traits[-1] == "strong"  # the trait its fighting leans on
    assert game.sheet(hero).ties != before.ties


def test_a_fulfilled_quest_grows_every_hero():
    game, hero = arena(4, seats="ai+hero,ai,ai")
    state = game.world.comp(hero, HeroState)
    game.stats.rooms_entered = game.quest.count if game.quest.goal == "map_rooms" else 0
    game.stats.fights_won = game.stats.monsters_killed = game.stats.collected = 99
    game.stats.collected_fancy = game.stats.collected_heal = game.stats.objectives = 99
    game.stats.deepest_floor = 99
    game.stats.rooms_by_interaction = {k: 99 for k in ("features", "empty", "objective", "encounter")}
    game.stats.kills_by_name = {n: 99 for n in game.quest.names}
    game.stats.caught_by_name = dict(game.stats.kills_by_name)
    game.stats.rooms_entered = 99
    arrive_in_town(game)
    assert game.stats.quest_paid and state.story_points == 1 and len(state.traits) == 4


def test_a_human_hero_is_owed_a_choice_the_game_waits_for_and_a_recorded_choose_trait_settles_it():
    game, hero = arena(3)
    state = game.world.comp(hero, HeroState)
    held = state.traits
    state.xp = xp_to_be(3)
    hallway(game, hero)
    assert state.level == 3 and state.story_points == 1 and state.traits == held  # nothing chosen for it
    assert state.growth_due == 1
    assert (game.awaiting().kind, game.awaiting().seat) == ("trait", 0)
    choices = dict(growth_choices(game, hero))
    assert choices["strong"] == "raise" and choices["commanding"] == "new"  # a class trait not yet held
    assert "blind" not in choices  # never a flaw
    refused = apply_action(game, A.ChooseTrait(0, "elegant"))  # an elf's trait, not this orc soldier's
    assert isinstance(refused, Refused) and state.traits == held
    assert isinstance(apply_action(game, A.ChooseTrait(0, "commanding")), Done)
    assert state.traits == (*held, "commanding") and state.growth_due == 0
    assert game.awaiting().kind == "hero"
    assert "now commanding" in game.log[-1].text
    assert isinstance(apply_action(game, A.ChooseTrait(0, "strong")), Refused)  # nothing more owed


def test_a_trait_choice_is_written_to_a_recording_and_read_back(tmp_path):
    path = tmp_path / "r.mlrec"
    recorder = Recorder.for_new_game(path, 3, "human,ai,ai", 2, None, flush_every=1, durable=False)
    game = recorder.start()
    for action in (A.Wait(0), A.ChooseTrait(0, "strong")):
        apply_action(game, action)
        recorder.add(game, action)
    recorder.finish(game)
    rec = read_recording(path)
    assert [s.action for s in rec.steps][-1] == A.ChooseTrait(0, "strong")
    assert replay(rec).state_hash() == game.state_hash()


def test_a_troglodyte_carries_two_race_traits_and_its_blindness_costs_a_search_die():
    from engine_arena import put_trap, without_kits

    from game.core.dials import Dials
    from game.core.seats import HeroChoice, parse_seats
    from game.engine import actions as A
    from game.engine.dispatch import apply_action
    from game.engine.start import new_game
    from game.rules.purchases import Trap

    trog = HeroChoice("Grub", "troglodyte", "keen_senses", "rogue", ("cunning", "deadly"))
    game = without_kits(new_game(5, parse_seats("human,ai,ai"), 2, Dials(), heroes={0: trog}))  # the kit's dice aside
    hero = game.party.hero_of[0]
    assert game.world.comp(hero, HeroState).traits == ("keen_senses", "cunning", "deadly", "stealthy", "blind")
    x, y = game.position(hero).x, game.position(hero).y
    put_trap(game, x, y, Trap("spikes", annoy=2, pain=1), action="search")
    apply_action(game, A.Search(0))
    search = [r for r in game.rolls if r.title == "hidden dangers"][-1]
    assert len(search.pools[1].dice) == 2 + 1 - 1  # Level + Class Bonus (tied to search) - blindness


def test_an_infernal_is_cursed_against_holy_harm():
    from game.core.content import traits
    from game.rules.heroes import annoy_pool_size, hero_sheet

    sheet = hero_sheet(traits(), "Imp", 2, "infernal", "sadistic", "soldier", ("strong", "disciplined"),
                       ("cunning", "cursed"))
    assert annoy_pool_size(sheet, "holy") == 1 and annoy_pool_size(sheet, "fire") == 2


def test_the_scripted_player_answers_every_trait_choice():
    """The scripted 'human' of the checked-in recordings grows its hero when the Hallway asks,
    as a player must (the game waits for it): levels gained, traits grown, nothing left owed."""
    from game.agents.scripted import play_scripted
    from game.core.dials import Dials
    from game.core.seats import parse_seats
    from game.engine.start import new_game

    game = new_game(2, parse_seats("human,ai+hero,ai"), 2, Dials())
    start = game.world.comp(game.party.hero_of[0], HeroState)
    first_traits, first_level = start.traits, start.level
    chosen = []
    play_scripted(game, 600, on_action=lambda g, a: chosen.append(a) if isinstance(a, A.ChooseTrait) else None)
    hero = game.world.comp(game.party.hero_of[0], HeroState)
    assert chosen and all(h.growth_due == 0 for _, h in game.heroes())
    if hero is start:
        assert hero.level > first_level and len(hero.traits) > len(first_traits)


def test_the_log_tells_a_level_reached_before_the_growth_it_brings():
    """The Hallway says what it does in the book's order: a new hero for the dead, then each
    level reached, then what that level brings (the log read 'grows (a level gained)' first)."""
    game, hero = arena(3, seats="human,ai+hero,ai")
    friend = game.party.hero_of[1]
    game.world.comp(friend, HeroState).hits = 0
    game.world.comp(hero, HeroState).xp = xp_to_be(3)
    start = len(game.log)
    hallway(game, hero)
    said = [line.text for line in game.log[start:]]
    name = game.name(hero)
    joins = next(i for i, t in enumerate(said) if "joins the party" in t)
    reached = said.index(f"{name} reaches Level 3!")
    grows = next(i for i, t in enumerate(said) if t.startswith(f"{name} grows (a level gained)"))
    assert joins < reached < grows


def test_the_hallway_waits_for_a_human_heros_growth_before_anyone_designs_the_room():
    """A level reached in the Hallway brings its trait before the roll-off (DESIGN.md §2: the
    level-ups come before the designers spend), so the designers and the room's first blows meet
    the hero as it grew; the step into the room completes once the player has chosen."""
    game, hero = arena(3, seats="human,ai,ai")
    game.world.comp(hero, HeroState).xp = xp_to_be(3)
    rooms = game.stats.rooms_entered
    for _ in range(2000):
        if game.awaiting().kind == "trait":
            break
        apply_action(game, ai_action(game))
    else:
        raise AssertionError("the party never reached a new room")
    pos = game.position(hero)
    before = (pos.x, pos.y)
    assert game.stats.rooms_entered == rooms and game.hallway.pending is not None
    assert game.next_seat() == 0
    refused = apply_action(game, A.Wait(0))
    assert refused == Refused(f"The Hallway waits for {game.name(hero)}'s growth to be chosen.")
    trait = growth_choices(game, hero)[0][0]
    assert isinstance(apply_action(game, A.ChooseTrait(0, trait)), Done)
    assert game.hallway.pending is None and game.stats.rooms_entered == rooms + 1
    said = [line.text for line in game.log]
    grew = next(i for i, t in enumerate(said) if t.startswith(f"{game.name(hero)} grows: now"))
    designed = next(i for i, t in enumerate(said) if t.startswith("Hallway: "))
    assert grew < designed
    pos = game.position(hero)
    assert (pos.x, pos.y) != before  # the step into the room completed
