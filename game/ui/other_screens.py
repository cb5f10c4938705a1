"""Screens built in their own modules (inventory, hero sheet, log history, Hallway, town, the
trait choice, end of run, high scores, replays), opened by name. Each is imported only when first opened:
the map screen starts faster without them (start-up time is a measured number, DESIGN.md §8)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.ui.kit import Kit
from game.ui.state import State


def _inventory() -> Any:
    from game.ui.screens.inventory import InventoryScreen  # start-up: opened on demand

    return InventoryScreen


def _hero_sheet() -> Any:
    from game.ui.screens.hero_sheet import HeroSheetScreen  # start-up: opened on demand

    return HeroSheetScreen


def _log_history() -> Any:
    from game.ui.screens.log_history import LogHistoryScreen  # start-up: opened on demand

    return LogHistoryScreen


def _hallway() -> Any:
    from game.ui.screens.hallway_screen import HallwayScreen  # start-up: opened on demand

    return HallwayScreen


def _town() -> Any:
    from game.ui.screens.town_screen import TownScreen  # start-up: opened on demand

    return TownScreen


def _trait_choice() -> Any:
    from game.ui.screens.trait_choice import TraitChoiceScreen  # start-up: opened on demand

    return TraitChoiceScreen


def _end_of_run() -> Any:
    from game.ui.screens.end_of_run import EndOfRunScreen  # start-up: opened on demand

    return EndOfRunScreen


def _high_scores() -> Any:
    from game.ui.screens.high_scores import HighScoresScreen  # start-up: opened on demand

    return HighScoresScreen


def _replays() -> Any:
    from game.ui.screens.replay_viewer import open_replays  # start-up: opened on demand

    return open_replays


SCREENS: dict[str, Callable[[], Any]] = {
    "inventory": _inventory,
    "hero_sheet": _hero_sheet,
    "log_history": _log_history,
    "hallway": _hallway,
    "town": _town,
    "trait_choice": _trait_choice,
    "end_of_run": _end_of_run,
    "high_scores": _high_scores,
    "replays": _replays,
}


def open_screen(name: str, kit: Kit, session: Any, back: State, **extra: Any) -> State:
    """An instance of screen `name` for `session`."""
    return SCREENS[name]()(kit, session, back, **extra)
