"""Races on one seed from the title menu (issue 18): what `python main.py scores` prints, as a
screen. The seeds raced on this machine with their best score; Enter opens a seed's table (every
run on it, best first, a friend's imported line marked as checked by replaying it or not, and
the recording `replay` plays). Read-only: runs are filed by playing (`play --seed N`, `play
--daily`) and by `scores import`."""

from __future__ import annotations

from pathlib import Path

import tcod.console

from game.core.outcomes import ending
from game.core.program import command
from game.engine.seed_scores import SeedScore, read_tables_held, scores_path
from game.ui import draw
from game.ui.events import KeyEvent
from game.ui.fit import elide
from game.ui.kit import Kit
from game.ui.screens.help import OWN_KEYS, HelpScreen
from game.ui.screens.screen_base import Screen
from game.ui.screens.widgets import footer, scroll_marks
from game.ui.scrolling import scrolled
from game.ui.state import State

HELP_TOPICS = (
    ("Races on a seed", "A run started with a seed (play --seed N) or on a day (play --daily YYYY-MM-DD) is "
                        "filed in that seed's table, so friends can race the same dungeon. scores export prints "
                        "your last run as one line; a friend's line goes in with scores import LINE, and with "
                        "--recording FILE it is replayed and checked before it is filed."),
    ("Keys", "Up/Down choose a seed, Enter opens its table, Esc goes back."),
)


def who(row: SeedScore) -> str:
    """The party of a run, and whether a friend's imported line was checked."""
    text = row.heroes or "a friend's party"
    if row.source != "here":
        text += " [imported, replayed here]" if row.verified else " [imported, not checked]"
    return text


class SeedRacesScreen(Screen):
    """Every seed raced here; `seed` set: that seed's table."""

    def __init__(self, kit: Kit, back: State | None, path: Path | None = None, seed: int | None = None) -> None:
        super().__init__(kit, back)
        self.path = path if path is not None else scores_path()
        self.tables, damaged = read_tables_held(self.path)
        self.damaged = "" if damaged is None else str(damaged)
        self.seed = seed
        self.index = 0
        self.offset = 0  # the first seed (or, in a seed's table, the first row) shown
        self._page, self._last = 1, 0  # a seed's table: a page of rows, and the last first row

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        seeds = sorted(self.tables)
        if self.seed is not None:
            if action == "select":
                return self.go_back()
            self.offset = scrolled(self.offset, action, event.key, self._page, self._last)
            return None
        if not seeds:
            return self.go_back() if action == "select" else None
        if action == "menu_up":
            self.index = (self.index - 1) % len(seeds)
        elif action == "menu_down":
            self.index = (self.index + 1) % len(seeds)
        elif action == "select":
            return SeedRacesScreen(self.kit, self, self.path, seeds[self.index])
        return None

    def open_help(self) -> State:
        return HelpScreen(self.kit, back=self, title="Help: races on a seed", topics=HELP_TOPICS, sections=OWN_KEYS)

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        draw.clear(console, palette)
        hints = [("Up/Down", "choose"), ("Enter", "open"), ("Esc", "back"), ("?", "help")]
        if self.seed is not None:
            hints = [("Up/Down PgUp/PgDn", "scroll"), ("Esc", "back"), ("?", "help")]
        bottom = footer(console, self.kit, hints) - 1
        if self.seed is None:
            self.draw_seeds(console, bottom)
        else:
            self.draw_table(console, bottom)

    def draw_seeds(self, console: tcod.console.Console, bottom: int) -> None:
        palette = self.kit.palette
        draw.text(console, 1, 0, "Races on a seed", palette["title"])
        top = 2
        for i, row in enumerate(draw.wrap(self.damaged, console.width - 3) if self.damaged else ()):
            draw.text(console, 1, 2 + i, row, palette["bad"])
            top = 3 + i + 1
        if not self.tables:
            text = (f"No seeded runs yet: a run on a chosen seed ({command('play', '--seed', 'N')}, play --daily "
                    "YYYY-MM-DD, or a seed typed on New game) starts a race; a friend's run comes in with "
                    "scores import LINE.")
            for i, row in enumerate(draw.wrap(text, console.width - 3)):
                draw.text(console, 1, top + i, row, palette["text_dim"])
            return
        draw.text(console, 1, top, f"{'Seed':>12}  {'Best':>5}  Runs", palette["accent"])
        seeds = sorted(self.tables)
        height = max(1, bottom - top)
        # the list scrolls with the selection: Up/Down never move it off the screen
        self.offset = min(max(self.offset, self.index - height + 1), self.index, max(0, len(seeds) - height))
        for i, seed in enumerate(seeds[self.offset:self.offset + height]):
            rows = self.tables[seed]
            selected = self.offset + i == self.index
            fg = palette["selection_fg"] if selected else palette["text"]
            bg = palette["selection_bg"] if selected else None
            draw.text(console, 1, top + 1 + i, f"{seed:>12}  {rows[0].score:>5}  {len(rows)}", fg, bg)
        scroll_marks(console, self.kit, console.width - 1, top + 1, top + height, self.offset > 0,
                     self.offset + height < len(seeds))

    def draw_table(self, console: tcod.console.Console, bottom: int) -> None:
        palette = self.kit.palette
        draw.text(console, 1, 0, f"Seed {self.seed}", palette["title"])
        draw.text(console, 1, 2, f"{'#':>3}  {'Score':>5}  {'Outcome':<10} {'Floor':>5} {'Turns':>6}  Who",
                  palette["accent"])
        lines: list[tuple[int, str, tuple[int, int, int]]] = []  # (x, text, colour), one a row
        for rank, row in enumerate(self.tables.get(self.seed or 0, []), start=1):
            outcome = ending(row.outcome).short if row.outcome else "-"  # in the words of `scores` and the high scores
            head = (f"{rank:>3}  {row.score:>5}  {outcome:<10} {row.floor or '-':>5} "
                    f"{row.turns or '-':>6}  ")
            lines.append((1, head + elide(who(row), console.width - 2 - len(head)), palette["text"]))
            if row.recording:  # a long path goes on in rows of its own: never cut at the edge
                text = f"replay {row.recording}"
                width = max(1, console.width - 9)
                lines += [(8, text[i:i + width], palette["text_dim"]) for i in range(0, len(text), width)]
        height = max(1, bottom - 2)
        self._page, self._last = max(1, height - 1), max(0, len(lines) - height)
        self.offset = min(self.offset, self._last)
        for i, (x, text, colour) in enumerate(lines[self.offset:self.offset + height]):
            draw.text(console, x, 3 + i, text, colour)
        scroll_marks(console, self.kit, console.width - 1, 3, 3 + height - 1, self.offset > 0,
                     self.offset < self._last)
