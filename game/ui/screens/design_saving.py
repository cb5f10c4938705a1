"""Saving what the room builder holds as a design file (issue 18): a small dialog over the builder
that asks for the design's name and writes it into the user's designs folder, to be shared and
given to `--designs DIR`. Saving changes nothing in the game: the build is still to be confirmed."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import tcod.console

from game.core.file_guard import write_problem
from game.core.paths import data_dir
from game.core.sentences import plural
from game.designers.design_files import NAME_LIMIT
from game.designers.design_writing import design_from_build, names_in, write_design
from game.mapgen.plan import Spot
from game.ui import draw
from game.ui.events import Event, KeyEvent, PasteEvent
from game.ui.kit import Kit
from game.ui.screens.builder_words import NOUN
from game.ui.screens.dialog import MessageDialog
from game.ui.screens.screen_base import Screen
from game.ui.screens.widgets import TextField
from game.ui.state import State

DESIGNS_FOLDER = "designs"


def designs_dir() -> Path:
    """Where saved designs go: `designs` in the user data directory."""
    return data_dir() / DESIGNS_FOLDER


class SaveDesignDialog(Screen):
    """Name the design (a suggestion is filled in); Enter writes it, Esc leaves without saving."""

    def __init__(self, kit: Kit, back: State, category: str, purchases: Sequence[Any], spots: Sequence[Spot],
                 suggested: str, by: str = "") -> None:
        super().__init__(kit, back)
        self.category = category
        self.purchases = tuple(purchases)
        self.spots = tuple(spots)
        self.by = by
        self.field = TextField(suggested[:NAME_LIMIT], NAME_LIMIT)
        self.problem = ""  # why Enter saved nothing (it once did nothing, silently)
        self._cursor: tuple[int, int] | None = None

    def on_event(self, event: Event) -> State | None:
        if isinstance(event, PasteEvent):
            self.problem = self.field.pasted(event.text)
            return None
        if not isinstance(event, KeyEvent):
            return None
        if event.key == "escape":
            return self.go_back()
        if event.key == "enter":
            return self.save()
        # every other key edits the name (letters are not menu keys here): a key typed answers
        # "A design needs a name." and the like, so it clears them, or says what did not go in
        self.problem = self.field.typed(event)
        return None

    def save(self) -> State | None:
        name = self.field.value.strip()
        if not name:
            self.problem = "A design needs a name."
            return None
        design = design_from_build(name, self.category, self.purchases, self.spots, self.by)
        if design.name in names_in(designs_dir()):  # `--designs` would refuse the folder for it
            self.problem = "A design in the folder has this name: give this one another."
            return None
        try:
            path = write_design(design, designs_dir())
        except OSError as exc:
            return MessageDialog(self.kit, self.back, f"Could not save the design in {designs_dir()}: "
                                 f"{write_problem(exc)}.",
                                 title="Not saved")
        points = plural(design.cost(self.category), "point")
        # each path on a line of its own: run into the sentence, it broke mid-name (".l" / "ocal/...")
        # who sets it out, and where: no builder loads it, and a room whose budget differs never draws it
        return MessageDialog(self.kit, self.back, f"Saved \"{design.name}\" ({points} of "
                             f"{self.category}) as\n{path}\nAn AI seat may set it out for a room whose "
                             f"{self.category} budget is exactly {points}:\n--designs {path.parent}",
                             title="Design saved")

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        if self.back is not None:
            self.back.on_draw(console)
            draw.dim_console(console)
        width = min(console.width - 2, 64)
        count = len(self.purchases)
        bought = plural(count, NOUN.get(self.category, "purchase"))
        body = draw.wrap(f"The {bought} bought so far {'goes' if count == 1 else 'go'} into a design file in "
                         f"{designs_dir()}. Its name:", width - 4)
        height = len(body) + 6
        x, y = (console.width - width) // 2, max(0, (console.height - height) // 2)
        ix, iy, iw, _ = draw.panel(console, x, y, width, height, palette, "Save as a design")
        for i, line in enumerate(body):
            draw.text(console, ix, iy + i, line, palette["text"], width=iw)
        row = iy + len(body) + 1
        self._cursor = self.field.draw(console, ix, row, iw, palette["text_bright"], palette["background"])
        hint = "Enter: save   Esc: cancel"
        draw.text(console, ix + max(0, iw - len(hint)), row + 2, hint, palette["text_dim"])
        if self.problem:  # on the row under the name, the width of the panel: beside the hint it was cut
            draw.text(console, ix, row + 1, self.problem, palette["bad"], width=iw)

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor
