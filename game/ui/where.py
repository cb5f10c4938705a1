"""Where the party is, in a few words, for the lines that follow a game from outside it (watch,
replay, `replay --headless`): in town while it is there, and after a run that ended there (retired, or home with the
quest); else the floor it is on (a wiped party's is where it fell)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine.game import Game

ENDED_IN_TOWN = ("retired", "quest")  # engine/town.py: the endings written as the party retires


def in_town(game: Game) -> bool:
    return game.phase == "town" or (game.phase == "over" and game.outcome in ENDED_IN_TOWN)


def where_words(game: Game) -> str:
    return "in town" if in_town(game) else f"Floor {game.dungeon.floor_no}"
