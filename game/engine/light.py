"""The time track's light (Roll Through the Dungeon): lantern oil, then torches, one after another."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.game import TORCH_TURNS

if TYPE_CHECKING:
    from game.engine.game import Game

def light_kind(game: Game) -> str:
    if game.oil > 0:
        return "lantern"
    return "torch" if game.torch_left > 0 else "none"


def burn_light(game: Game) -> None:
    """The time track: the lantern burns oil each round, then torches one after another."""
    if game.oil > 0:
        game.oil -= 1
        if game.oil == 0:
            game.say("The lantern gutters out: the party lights a torch.", "danger")
            light_torch(game)
    elif game.torch_left > 0:
        game.torch_left -= 1
        if game.torch_left == 0:
            light_torch(game)


def light_torch(game: Game) -> None:
    if game.torches > 0:
        game.torches -= 1
        game.torch_left = TORCH_TURNS
    else:
        game.say("The last torch dies. Darkness closes in.", "danger")
