"""What the New game form draws: its rows, the side panel explaining the row in hand, and the hint line."""

from __future__ import annotations

import tcod.console

from game.engine.kits import kit_for
from game.ui import draw
from game.ui.palette import RGB
from game.ui.screens.new_game_drafts import Row
from game.ui.screens.widgets import footer, scroll_marks
from game.ui.screens.words import hindrance_words, kit_words, reach_words, ties, trait_words

LABEL_W = 20
FORM_W = 48  # the form's width beside the side panel


class NewGameView:
    """Drawing for NewGameScreen (which holds the drafts)."""

    def hints(self) -> list[tuple[str, str]]:
        if self.editing is not None:
            return [("type", "text"), ("Enter", "keep"), ("Esc", "undo"), ("F1", "help")]
        return [("Up/Down", "row"), ("PgUp/PgDn", "first/last"), ("Left/Right", "change"), ("Enter", "edit/start"),
                ("*", "random hero"), ("S", "start"), ("Esc", "back"), ("?", "help")]

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        draw.clear(console, palette)
        draw.text(console, 1, 0, "New game", palette["title"])
        draw.text(console, 11, 0, f"  {self.seats_text()}, Level {self.level}", palette["text_dim"],
                  width=console.width - 12)
        bottom = footer(console, self.kit, self.hints()) - 1
        if self.status:
            draw.text(console, 1, bottom, self.status, palette["warning"], width=console.width - 2)
            bottom -= 1
        top = 2
        height = max(1, bottom - top + 1)
        side = console.width - FORM_W - 2 >= 26
        form_w = FORM_W if side else console.width - 2
        rows = self.rows()
        sel = self.row_index(rows)
        if sel < self.offset:
            self.offset = max(0, sel - 1 if sel and rows[sel - 1].kind == "heading" else sel)
        elif sel >= self.offset + height:
            self.offset = sel - height + 1
        self.offset = max(0, min(self.offset, max(0, len(rows) - height)))
        self._cursor = None
        for r, row in enumerate(rows[self.offset : self.offset + height]):
            y = top + r
            selected = row.key == self.selected
            if row.kind == "heading":
                draw.text(console, 1, y, row.label, palette["accent"], width=form_w)
                continue
            if selected:
                draw.fill(console, 1, y, form_w, 1, palette["selection_bg"])
                self._cursor = (2, y)
            fg = palette["selection_fg"] if selected else palette["text"]
            draw.text(console, 2, y, row.label, fg, width=LABEL_W - 1)
            vx = 2 + LABEL_W
            if row.kind == "button":
                draw.text(console, 2, y, f"[ {row.label} ]", fg if selected else palette["good"])
                continue
            if selected and self.editing is not None:
                self._cursor = self.editing.draw(console, vx, y, form_w - LABEL_W - 2, palette["text_bright"],
                                                 palette["panel_bg"])
                continue
            value = self.value(row.key)
            shown = f"< {value} >" if selected and row.kind == "choice" else f"  {value}"
            colour = fg if selected else palette["accent"] if row.kind == "choice" else palette["text_bright"]
            parts = row.key.split(".")
            if parts[0] == "seat" and parts[2] in ("name", "kind"):
                seat = self.seats[int(parts[1])]
                colour = fg if selected else self.kit.palette.seat(seat.colour)
            draw.text(console, vx, y, shown, colour, width=form_w - LABEL_W - 2)
        scroll_marks(console, self.kit, form_w + 1, top, top + height - 1, self.offset > 0,
                     self.offset + height < len(rows))
        if side:
            self.draw_side(console, FORM_W + 3, top, console.width - FORM_W - 4, height, rows[sel])

    def draw_side(self, console: tcod.console.Console, x: int, y: int, w: int, h: int, row: Row) -> None:
        palette = self.kit.palette
        draw.fill(console, x - 1, y, w + 2, h, palette["panel_bg"])
        lines: list[tuple[str, RGB]] = []
        for text in draw.wrap(row.help, w):
            lines.append((text, palette["text"]))
        index = self._seat_of(row.key)
        if index is not None and index < len(self.seats) and self.seats[index].kind == "human":
            hero = self.hero(index)
            types, actions, attack = ties(hero.chosen(), hero.klass)
            lines.append(("", palette["text"]))
            lines.append((hero.name or "(no name)", self.kit.palette.seat(self.seats[index].colour)))
            lines.append((f"{hero.race} {hero.klass}", palette["text_bright"]))
            for text in draw.wrap("Traits: " + ", ".join(trait_words(hero.chosen())), w):
                lines.append((text, palette["text_bright"]))
            for text in draw.wrap("Tied Types: " + (", ".join(types) or "none"), w):
                lines.append((text, palette["text"]))
            for text in draw.wrap("Tied actions: " + (", ".join(actions) or "none"), w):
                lines.append((text, palette["text"]))
            for flaw, hinders in hindrance_words(hero.chosen()):
                for text in draw.wrap(f"Hindered: {hinders} ({flaw}: a die fewer on each)", w):
                    lines.append((text, palette["text"]))
            for text in draw.wrap(f"Fights with {attack} ({reach_words(attack)})", w):
                lines.append((text, palette["text"]))
            lines.append((f"Hits {5 * self.level}", palette["text"]))
            for text in draw.wrap("Sets out with " + kit_words(kit_for(hero.klass)), w):
                lines.append((text, palette["treasure"]))
        if row.key == "start":
            lines.append(("", palette["text"]))
            for text in draw.wrap(f"Seats: {self.seats_text()}; Level {self.level}; seed {self.seed or 'fresh'}.", w):
                lines.append((text, palette["text_dim"]))
        for i, (text, colour) in enumerate(lines[:h]):
            draw.text(console, x, y + i, text, colour, width=w)

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor
