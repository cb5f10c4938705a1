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
            game.say("The lantern gutters out: the party lights a torch.", "danger")
            light_torch(game)
    elif game.time.torch_left > 0:
        game.time.torch_left -= 1
        if game.time.torch_left == 0:
            light_torch(game)


def light_torch(game: Game) -> None:
    if game.time.torches > 0:
        game.time.torches -= 1
        game.time.torch_left = TIME_TRACK.torch_rounds
    else:
        game.say("The last torch dies. Darkness closes in.", "danger")


def spend_ticks(game: Game, ticks: int) -> None:
    """Time lost on the time track (a failed door): the light burns `tick_rounds` rounds a tick."""
    for _ in range(ticks * TIME_TRACK.tick_rounds):
        burn_light(game)
