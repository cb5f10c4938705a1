"""The AI heroes' judgment (issue 14): the turn cap only stops a run, never steers it, and no
run stands still until the cap."""

from engine_arena import arena

from game.agents.autoplay import autoplay
from game.agents.town_agent import BARELY_BEGUN, town_action
from game.core.seats import drawn_personalities, parse_seats
from game.designers.table import designers_for
from game.engine import actions as A
from game.engine.town import arrive_in_town
from game.world.components import HeroState


def actions(seed: int, seats: str, cap: int) -> list:
    out: list = []
    autoplay(seed, seats, max_turns=cap, on_action=lambda game, action: out.append((game.turn, action)))
    return out


def test_the_same_seed_under_two_caps_plays_the_same_up_to_the_smaller_cap():
    for seed, seats in ((11, "ai+hero,ai+hero,ai+hero,ai"), (68, "ai+hero,ai+hero,ai"), (5, "ai+hero,ai,ai")):
        short, long = actions(seed, seats, 300), actions(seed, seats, 3000)
        assert short == long[:len(short)], seed
        assert len(long) > len(short) or short[-1][0] < 300  # the short run was cut by its cap, or ended


def test_runs_that_once_stood_still_until_the_cap_now_end():
    """102/205: a hero on its own found trap; 89: an unseen monster in a dark corridor; 168: a
    peaceful monster between the heroes and the one they fight; 68: two loot goals in turn."""
    runs = [(seed, seats) for seed in (102, 205) for seats in ("ai+hero,ai+hero,ai", "ai+hero,ai+hero,ai+hero")]
    for seed, seats in [*runs, (89, "ai+hero,ai+hero,ai"), (168, "ai+hero,ai+hero,ai"), (68, "ai+hero,ai+hero,ai")]:
        _, summary = autoplay(seed, seats, max_turns=5000)
        assert summary["outcome"] != "turn_limit", (seed, seats)


def test_every_personality_designs_at_all_ai_tables_and_a_named_one_is_kept():
    seen = {d.personality for seed in range(1, 40)
            for d in designers_for(parse_seats(drawn_personalities("ai+hero,ai+hero,ai", seed)))}
    assert seen == {"tyrant", "swarm", "warden", "trickster", "artisan", "curator"}
    named = designers_for(parse_seats(drawn_personalities("ai+hero:warden,ai,ai:curator", 5)))
    assert named[0].personality == "warden" and named[2].personality == "curator"
    assert drawn_personalities("human,ai", 5) == "human,ai"  # a human's table keeps its places
    _, tyrant = autoplay(5, "ai+hero,ai:tyrant,ai:tyrant", max_turns=400)
    _, swarm = autoplay(5, "ai+hero,ai:swarm,ai:swarm", max_turns=400)
    assert tyrant["state_hash"] != swarm["state_hash"]


def test_ai_heroes_spend_story_points():
    spent = []
    for seed in range(1, 15):
        autoplay(seed, "ai+hero,ai+hero,ai", max_turns=1500,
                 on_action=lambda game, action: spent.append(action) if type(action).__name__ == "SpendStory" else None)
        if spent:
            return
    raise AssertionError("no AI hero spent a story point in seeds 1-14")


def test_a_wounded_party_in_town_goes_on_if_its_run_has_barely_begun_and_retires_if_not():
    game, hero = arena(9, seats="ai+hero,ai,ai")
    arrive_in_town(game)
    game.quest = None
    state = game.world.comp(hero, HeroState)
    state.hits, state.workshop = 1, 0  # nothing to trade, nothing to heal with
    assert isinstance(town_action(game, 0), A.Delve)
    game.stats.rooms_entered = BARELY_BEGUN
    assert isinstance(town_action(game, 0), A.Retire)


def test_a_party_home_without_its_quest_banks_its_haul_once_its_run_is_under_way():
    """Healed and whole, but back without the quest after BARELY_BEGUN rooms: it retires rather
    than stake the haul on a second trip; the same party after fewer rooms goes down again."""
    game, hero = arena(9, seats="ai+hero,ai,ai")
    arrive_in_town(game)
    state = game.world.comp(hero, HeroState)
    state.workshop = 0
    game.stats.rooms_entered = BARELY_BEGUN - 1
    assert isinstance(town_action(game, 0), A.Delve)
    game.stats.rooms_entered = BARELY_BEGUN
    assert isinstance(town_action(game, 0), A.Retire)
