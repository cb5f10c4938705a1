"""Quests from Roll Through the Dungeon's table Q as run goals: taken at the entrance, paid
there when the party leaves by it with the goal met (data/rttd/quests.toml)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.mapgen.tables import Quest, quests

if TYPE_CHECKING:
    from game.engine.game import Game

SUPPORTED = ("win_fights", "kill_monsters", "collect", "map_rooms", "reach_floor", "kill_named")


def all_quests() -> list[Quest]:
    """The quests of table Q whose goals a run can track."""
    return [q for q in quests() if q.goal in SUPPORTED]


def pick_quest(game: Game) -> Quest | None:
    quests = all_quests()
    return game.streams.get("quest").choice(quests) if quests else None


def progress(game: Game, quest: Quest) -> int:
    """How far the run has come towards `quest`."""
    stats = game.stats
    if quest.goal == "win_fights":
        return stats.fights_won
    if quest.goal == "kill_monsters":
        return stats.monsters_killed
    if quest.goal == "collect":
        return game.stats.collected_fancy if quest.fancy_only else game.stats.collected
    if quest.goal == "map_rooms":
        return stats.rooms_entered
    if quest.goal == "reach_floor":
        return stats.deepest_floor
    if quest.goal == "kill_named":
        return min((sum(v for k, v in game.stats.kills_by_name.items() if n in k) for n in quest.names), default=0)
    return 0


def fulfilled(game: Game) -> bool:
    return game.quest is not None and progress(game, game.quest) >= game.quest.count
