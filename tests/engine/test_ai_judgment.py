"""The AI heroes' judgment (issue 14): the turn cap only stops a run, never steers it, and no
run stands still until the cap."""

from game.agents.autoplay import autoplay


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
    for seed in (102, 205):
        for seats in ("ai+hero,ai+hero,ai", "ai+hero,ai+hero,ai+hero"):
            _, summary = autoplay(seed, seats, max_turns=5000)
            assert summary["outcome"] != "turn_limit", (seed, seats)
