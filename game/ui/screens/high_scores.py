"""The high-score list: the best runs, best first (score, then deepest floor, then rooms)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import tcod.console

from game.core.outcomes import ending
from game.core.paths import data_dir
from game.core.score_table import read_scores
from game.engine.morgue import ScoreEntry
from game.ui import draw
from game.ui.events import KeyEvent
from game.ui.fit import elide, elide_list
from game.ui.kit import Kit
from game.ui.screens.help import OWN_KEYS, HelpScreen
from game.ui.screens.screen_base import Screen
from game.ui.screens.widgets import footer, scroll_marks
from game.ui.scrolling import scrolled
from game.ui.state import State

HELP_TOPICS = (
    (
        "High scores",
        "Every finished run, best first. The score counts what the run achieved: the value banked in "
        "town less what the starting kits would fetch, 10 for each floor reached below the entrance and "
        "2 for each room cleared (a fallen party banks nothing). Entered counts the rooms the party went "
        "into (not those it cleared). Ties go to the deeper floor, then the more rooms entered, then the "
        "fewer turns. Seeds are hidden when the Hide the seed option is on.",
    ),
    ("Keys", "Up/Down, PgUp/PgDn, Home/End scroll. Esc goes back."),
)
SCORES_FILE = "scores.json"  # in the user data directory, as the app writes it
COLUMNS = (("#", 4), ("Score", 7), ("Outcome", 12), ("Floor", 6), ("Entered", 8), ("Turns", 7), ("Seed", 12))


def scores_path() -> Path:
    return data_dir() / SCORES_FILE


class HighScoresScreen(Screen):
    """``scores`` None reads the list from the user data directory."""

    def __init__(
        self, kit: Kit, scores: Sequence[ScoreEntry] | None, back: State | None, highlight: int | None = None
    ) -> None:
        super().__init__(kit, back)
        self.scores, self.kept = (list(scores), None) if scores is not None else read_scores(scores_path())
        self.highlight = highlight  # a rank (1-based) to mark: the run just ended
        self.offset = max(0, (highlight or 1) - 5)
        self._max = 0
        self._page = 1
        self._cursor: tuple[int, int] | None = None

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        if action == "select":
            return self.go_back()
        self.offset = scrolled(self.offset, action, event.key, self._page, self._max)
        return None

    def open_help(self) -> State:
        return HelpScreen(self.kit, back=self, title="Help: high scores", topics=HELP_TOPICS, sections=OWN_KEYS)

    def row(self, rank: int, entry: ScoreEntry) -> list[str]:
        seed = "-" if self.kit.options.hide_seed else str(entry.seed)
        return [str(rank), str(entry.score), ending(entry.outcome).short, str(entry.floor),
                str(entry.rooms), str(entry.turns), seed]

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        draw.clear(console, palette)
        draw.text(console, 1, 0, "High scores", palette["title"])
        bottom = footer(console, self.kit, [("Up/Down PgUp/PgDn Home/End", "scroll"), ("Esc", "back"),
                                            ("?", "help")]) - 1
        self._cursor = (1, 2)
        if self.kept is not None:  # damaged: what could be read is shown, and the file as it was is kept
            note = f"The damaged score list is kept as {self.kept.name} in the data folder."
            draw.text(console, 1, bottom, elide(note, console.width - 2), palette["warning"])
            bottom -= 1
        if not self.scores:
            empty = "Nothing in the score list could be read." if self.kept else "No runs yet. The dungeon is waiting."
            draw.text(console, 2, 2, empty, palette["text_dim"])
            return
        x = 1
        for label, width in COLUMNS:
            draw.text(console, x, 2, label, palette["accent"])
            x += width
        draw.text(console, x, 2, "Heroes", palette["accent"])
        top = 3
        height = max(1, bottom - top + 1)
        self._page = max(1, height - 1)
        self._max = max(0, len(self.scores) - height)
        self.offset = max(0, min(self.offset, self._max))
        for i, entry in enumerate(self.scores[self.offset : self.offset + height]):
            rank = self.offset + i + 1
            y = top + i
            marked = rank == self.highlight
            if marked:
                draw.fill(console, 0, y, console.width, 1, palette["selection_bg"])
                self._cursor = (1, y)
            fg = palette["selection_fg"] if marked else palette["text"]
            x = 1
            for (_, width), cell in zip(COLUMNS, self.row(rank, entry), strict=True):
                draw.text(console, x, y, cell, fg, width=width - 1)
                x += width
            draw.text(console, x, y, elide_list(entry.heroes.split(", "), console.width - x - 2),
                      fg if marked else palette["text_dim"])
        scroll_marks(console, self.kit, console.width - 1, top, top + height - 1, self.offset > 0,
                     self.offset < self._max)

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor
