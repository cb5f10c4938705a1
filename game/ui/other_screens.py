"""Screens built in their own modules (inventory, hero sheet, log history, Hallway, town, end of
run, new game, high scores, replays), opened by name and imported only when first opened.

Convention: ``game/ui/screens/<module>.py`` holds a State class taking ``(kit, session, back)``,
found as the module's ``SCREEN`` attribute or as the class named after the module
(``hero_sheet`` -> ``HeroSheetScreen``). A screen that is not built yet gives None; the caller
shows "not available yet" instead.
"""

from __future__ import annotations

import importlib
from typing import Any

from game.ui.kit import Kit
from game.ui.screens.dialog import MessageDialog
from game.ui.state import State

# what the map screen asks for -> the module names it may live in, first found wins
MODULES: dict[str, tuple[str, ...]] = {
    "inventory": ("inventory",),
    "hero_sheet": ("hero_sheet", "sheet"),
    "log_history": ("log_history", "log"),
    "hallway": ("hallway",),
    "town": ("town",),
    "end_of_run": ("end_of_run", "end", "game_over"),
    "new_game": ("new_game",),
    "high_scores": ("high_scores", "scores"),
    "replays": ("replays", "replay_viewer", "replay"),
}
LABELS = {
    "inventory": "The inventory",
    "hero_sheet": "The hero sheet",
    "log_history": "The log history",
    "hallway": "The Hallway screen",
    "town": "The town screen",
    "end_of_run": "The end-of-run screen",
    "new_game": "New game",
    "high_scores": "High scores",
    "replays": "Replays",
}


def _class_name(module: str) -> str:
    return "".join(part.title() for part in module.split("_")) + "Screen"


def screen_class(name: str) -> Any | None:
    """The State class for `name`, or None if no module for it exists yet."""
    for module_name in MODULES.get(name, (name,)):
        try:
            module = importlib.import_module(f"game.ui.screens.{module_name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"game.ui.screens.{module_name}":
                continue
            raise
        cls = getattr(module, "SCREEN", None) or getattr(module, _class_name(module_name), None)
        if cls is not None:
            return cls
    return None


def open_screen(name: str, kit: Kit, session: Any, back: State, **extra: Any) -> State | None:
    """An instance of screen `name` for `session`, or None when it is not built yet."""
    cls = screen_class(name)
    if cls is None:
        return None
    return cls(kit, session, back, **extra)


def not_available(name: str, kit: Kit, back: State) -> State:
    label = LABELS.get(name, name.replace("_", " ").capitalize())
    return MessageDialog(kit, back, f"{label} is not available yet in this version.", title=label)


def open_or_explain(name: str, kit: Kit, session: Any, back: State, **extra: Any) -> State:
    return open_screen(name, kit, session, back, **extra) or not_available(name, kit, back)
