"""The time track's light (Roll Through the Dungeon): lantern oil, then torches, one after another."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.game import TIME_TRACK

if TYPE_CHECKING:
    from game.engine.game import Game

def light_kind(game: Game) -> str:
    if game.time.oil > 0:
        return "lantern"
    return "torch" if game.time.torch_left > 0 else "none"


def burn_light(game: Game) -> None:
    """The time track: the lantern burns oil each round, then torches one after another."""
    if game.time.oil > 0:
        game.time.oil -= 1
        if game.time.oil == 0:
            if game.time.torches > 0:  # said only when there is a torch to light
                game.say("The lantern gutters out: the party lights a torch.", "danger")
            light_torch(game, "The lantern gutters out, and no torch is left")
    elif game.time.torch_left > 0:
        game.time.torch_left -= 1
        if game.time.torch_left == 0:
            light_torch(game)


def light_torch(game: Game, gone: str = "The last torch dies") -> None:
    """The next torch, if one is left; else `gone` is said with what the dark does to sight (with
    the light dial off, nothing: the party sees as far as ever)."""
    if game.time.torches > 0:
        game.time.torches -= 1
        game.time.torch_left = TIME_TRACK.torch_rounds
    elif game.dials.light:
        game.say(f"{gone}. Darkness closes in.", "danger")
    else:
        game.say(f"{gone}; with the light dial off, the party sees as far as ever.", "danger")


def spend_ticks(game: Game, ticks: int) -> None:
    """Time lost on the time track (a failed door): the light burns `tick_rounds` rounds a tick."""
    for _ in range(ticks * TIME_TRACK.tick_rounds):
        burn_light(game)
