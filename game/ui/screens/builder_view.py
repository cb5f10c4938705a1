"""The room builder as the player sees it: the bought list, the draft with every feature's price
and verdict, the room's small map and the hint line (the editing is in builder_screen.py)."""

from __future__ import annotations

import tcod.console

from game.designers.builder import quote
from game.ui import draw
from game.ui.fit import elide, first_fitting, fit_rows
from game.ui.screens.builder_words import CATEGORY_LABEL, LEFT_W, NOUN, bought_name, bought_place
from game.ui.screens.room_sketch import draw_sketch, sketch_size, spot_mark
from game.ui.screens.widgets import footer, hint_rows, seat_named

# The draft panel's widest: on a very wide terminal a field's price stayed at the far edge,
# a hundred columns from its value, and its words ran the whole width.
DRAFT_MAX_W = 72


class BuilderView:
    """Drawing for BuilderScreen (which holds the state it reads)."""

    def hints(self, focus: str | None = None, editing: bool | None = None) -> list[tuple[str, str]]:
        """The keys as they work now: Enter buys the draft, saves a change or takes a bought thing
        back; Esc is named only where it does something (in the draft it stops nothing)."""
        if self.naming is not None and focus is None:  # typing a name: every letter is the name's
            return [("Enter", "keep the name"), ("Esc", "cancel"), ("Left/Right", "move"), ("F1", "help")]
        focus = self.focus if focus is None else focus
        editing = self.editing is not None if editing is None else editing
        enter = "change it" if focus == "bought" else "save change" if editing else "buy"
        hints = [("Tab", "draft/bought"), ("Up/Down", "move"), ("Left/Right/-/+", "change"),
                 ("Enter", enter), ("Del", "sell back")]
        if self.category == "monsters":
            hints.append(("a/d", "add/drop ability"))
        hints += [("r", "name"), ("s", "suggest"), ("f", "fill the rest"), ("w", "save design"), ("c", "confirm")]
        if editing:
            hints.append(("Esc", "keep as it was"))
        elif focus == "bought":
            hints.append(("Esc", "back to draft"))
        return [*hints, ("?", "help")]

    def footer_rows(self, width: int) -> int:
        """Rows kept for the hints: the most any of their forms needs, so the panels above stay
        put as the hints change with the focus."""
        forms = (self.hints(), self.hints("draft", True), self.hints("bought", False))
        return max(len(hint_rows(form, width - 1)) for form in forms)

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        game = self.game
        model = self.model
        w, h = console.width, console.height
        draw.clear(console, palette)
        name, colour = seat_named(self.kit, game, self.seat)
        x = 1 + draw.text(console, 1, 0, "Room builder: ", palette["title"])
        x += draw.text(console, x, 0, name, colour)
        draw.text(console, x, 0, f" builds the {CATEGORY_LABEL[self.category]}", palette["title"])
        where = f"Floor {game.dungeon.floor_no}, room {self.room_no()} of the run"
        if x + 30 + len(where) < w:
            draw.text(console, w - len(where) - 1, 0, where, palette["text_dim"])
        # the budget meter
        left_colour = palette["good"] if model.left == 0 else palette["bad"] if model.left < 0 else palette["warning"]
        x = 1 + draw.text(console, 1, 1, f"Budget {model.budget} ({model.budget_rule})  Spent {model.spent}  ",
                          palette["text"])
        x += draw.text(console, x, 1, f"Left {model.left}", left_colour)
        bar = max(4, min(30, w - x - 4))
        filled = round(bar * min(model.spent, model.budget) / max(1, model.budget))
        draw.text(console, x + 2, 1, "[", palette["text_dim"])
        draw.text(console, x + 3, 1, "#" * filled, left_colour)
        draw.text(console, x + 3 + filled, 1, "." * (bar - filled), palette["text_dim"])
        draw.text(console, x + 3 + bar, 1, "]", palette["text_dim"])
        rule_rows = draw.wrap(model.cost_rule, w - 2)[:2]
        for i, row in enumerate(rule_rows):
            draw.text(console, 1, 2 + i, row, palette["text_dim"])
        hints = self.hints()
        foot_top = h - self.footer_rows(w)
        msg_rows = fit_rows(self.message, w - 2, 2) if self.message else []
        body_top = 2 + len(rule_rows) + 1
        body_bottom = foot_top - 1 - 2  # two rows for the message
        self._cursor = None
        lx = min(LEFT_W, w // 3) + 1
        body_h = body_bottom - body_top + 2
        sketch_w, sketch_h = sketch_size(self.plan)
        bounds = self.room_bounds()
        sketched = bool(sketch_w and bounds is not None and w - lx - sketch_w >= 52 and body_h >= sketch_h)
        self.draw_bought(console, 0, body_top - 1, min(LEFT_W, w // 3), body_bottom - body_top + 2, sketched)
        draft_w = min(DRAFT_MAX_W, w - lx - (sketch_w if sketched else 0))
        if sketched and bounds is not None:
            draw_sketch(console, self.kit, self.plan, self.spots(), (bounds[0], bounds[1]),
                        self.draft.spot if self.category != "monsters" else -1,
                        (lx + draft_w, body_top - 1, sketch_w, sketch_h),
                        self.model.treasure_spots() if self.category == "treasure" else None)
        self.draw_draft(console, lx, body_top - 1, draft_w, body_h)
        for i, row in enumerate(msg_rows):
            draw.text(console, 1, foot_top - 2 + i, row, palette["bad"] if self.message_bad else palette["info"])
        footer(console, self.kit, hints)

    def draw_bought(self, console: tcod.console.Console, x: int, y: int, width: int, height: int,
                    sketched: bool = False) -> None:
        """The purchases, numbered, each with the spot it sits on in the row below; with the room's
        sketch beside, that row starts with the spot's number on the sketch and the purchases go
        unnumbered (a second run of numbers from 1 read as the sketch's)."""
        palette = self.kit.palette
        model = self.model
        ix, iy, iw, ih = draw.panel(console, x, y, width, height, palette, f"Bought ({len(model.items)})")
        levels = ", ".join(str(v) for v in self.party.levels)  # four heroes' levels read "2, 2, 2," cut
        facts = [f"Left {model.left} of {model.budget}",
                 *fit_rows(first_fitting(iw, f"Party Levels {levels}", f"Levels {levels}"), iw, 2),
                 *fit_rows(f"Party attacks with: {', '.join(self.party.attack_types) or '-'}", iw, 3)]
        if self.category == "monsters":
            facts.append(f"Each monster >= {model.floor}")
            pending = self.game.hallway.pending
            if pending is not None and pending.quest_target:  # bought here or it comes in a later room
                facts.extend(fit_rows(f"Quest's creature due: {pending.quest_target}", iw, 2))
        list_h = max(1, ih - len(facts) - 1)
        # each purchase on a row of its own, with the spot it sits on in the row below (a trap's
        # spot could not share the row: "arrows (door,..." told neither which door nor where)
        lines: list[tuple[int, str, str]] = []  # (purchase, text, cost on its first row)
        for i, p in enumerate(model.items):
            number = "" if sketched else f"{i + 1} "
            lines.append((i, number + elide(bought_name(p), iw - 4 - len(number)), f"{model.cost(p):>3}"))
            mark = f"{spot_mark(p.spot)}: " if sketched else ""
            at = bought_place(p, self.spots(), self.where_short, iw - 2 - len(mark))
            if at:
                lines.append((i, "  " + mark + at, ""))
        mine = [n for n, line in enumerate(lines) if line[0] == self.bought_row]
        start = max(0, min(mine[-1] - list_h + 1 if mine else 0, len(lines) - list_h))
        while 0 < start < len(lines) and not lines[start][2]:  # never a spot without its purchase above
            start += 1
        if not model.items:
            draw.text(console, ix, iy, "nothing yet", palette["text_dim"], width=iw)
        for n, (i, text, cost) in enumerate(lines[start:start + list_h]):
            selected = self.focus == "bought" and i == self.bought_row
            editing = i == self.editing
            fg = palette["selection_fg"] if selected else palette["warning"] if editing else palette["text"]
            bg = palette["selection_bg"] if selected else None
            draw.text(console, ix - 1, iy + n, f" {text:<{iw - 3}}{cost:>3}", fg, bg, width=iw + 1)
            if selected and self._cursor is None:
                self._cursor = (ix, iy + n)
        if start > 0:
            draw.text(console, ix + iw, iy, self.kit.glyphs["more_above"], palette["text_dim"])
        if start + list_h < len(lines):
            draw.text(console, ix + iw, iy + list_h - 1, self.kit.glyphs["more_below"], palette["text_dim"])
        for n, fact in enumerate(facts):
            draw.text(console, ix, iy + ih - len(facts) + n, fact, palette["text_dim"], width=iw)

    def draw_draft(self, console: tcod.console.Console, x: int, y: int, width: int, height: int) -> None:
        palette = self.kit.palette
        noun = NOUN[self.category]
        title = f"Changing purchase {self.editing + 1}" if self.editing is not None else f"New {noun}"
        ix, iy, iw, ih = draw.panel(console, x, y, width, height, palette, title)
        fields = self.fields()
        self.row = max(0, min(self.row, len(fields) - 1))
        about_rows = 2 if width < DRAFT_MAX_W else 4  # a capped panel has rows to spare, not columns
        about = fields[self.row].about_in(iw, about_rows) if self.focus == "draft" else \
            "Enter takes it back into the draft to change it; Del sells it back."
        if self.naming is not None:
            about = "Type its name: Enter keeps it, Esc leaves the name as it was."
        q = quote(self.draft.item)
        why = self.model.refusal(self.draft, self.editing)
        if self.model.left == 0 and self.editing is None and self.model.can_confirm():
            verdict, verdict_colour = "Every point is spent: c confirms the room.", palette["good"]
        elif why:
            verdict, verdict_colour = f"Breaks a rule: {why}", palette["bad"]
        else:
            after = self.model.left - q.cost + (self.model.cost(self.model.items[self.editing])
                                                if self.editing is not None else 0)
            enter = "saves it" if self.editing is not None else "buys it"
            short = self.category == "monsters" and 0 < after < self.model.floor  # a point stranded: say so first
            lone = self.category == "treasure" and after == 1  # one point buys only an item worth nothing
            verdict = (f"Legal: {'then ' if self.naming is not None else ''}Enter {enter} ({after} left after"
                       + (": too few for another monster)" if short else
                          ": too few for an item worth anything in town)" if lone else ")"))
            verdict_colour = palette["good"]
        info = ([(row, palette["text_dim"]) for row in fit_rows(about, iw, about_rows)]
                + [(row, palette["accent"]) for row in fit_rows(f"Cost {q.sum_text}", iw, 2)]
                + [(row, verdict_colour) for row in fit_rows(verdict, iw, 4)])  # a rule broken, said whole
        info = info[-max(1, ih - 3):]
        info_h = len(info)
        rows_h = max(1, ih - info_h)
        self.scroll = max(0, min(self.scroll, len(fields) - rows_h))
        if self.row < self.scroll:
            self.scroll = self.row
        elif self.row >= self.scroll + rows_h:
            self.scroll = self.row - rows_h + 1
        label_w = 16
        for n, field in enumerate(fields[self.scroll:self.scroll + rows_h]):
            i = self.scroll + n
            selected = self.focus == "draft" and i == self.row
            fg = palette["selection_fg"] if selected else palette["text"]
            bg = palette["selection_bg"] if selected else None
            draw.text(console, ix - 1, iy + n, (">" if selected else " ") + f"{field.label:<{label_w}}", fg, bg)
            vx = ix + label_w + 1
            if self.naming is not None and field.key == "name":
                self._cursor = self.naming.draw(console, vx, iy + n, iw - label_w - 2, palette["text_bright"],
                                                palette["background"])
                continue
            value_colour = palette["bad"] if field.warn else palette["text_bright"]
            shown = elide(first_fitting(iw - label_w - 1, field.value, *field.short_values), iw - label_w - 1)
            written = draw.text(console, vx, iy + n, shown, value_colour, width=iw - label_w - 1)
            if field.note and vx + written + 2 + len(field.note) <= ix + iw:
                draw.text(console, ix + iw - len(field.note), iy + n, field.note,
                          palette["bad"] if field.warn else palette["text_dim"])
            if selected and self.naming is None:
                self._cursor = (ix - 1, iy + n)
        if self.scroll > 0:
            draw.text(console, ix + iw, iy, self.kit.glyphs["more_above"], palette["text_dim"])
        if self.scroll + rows_h < len(fields):
            draw.text(console, ix + iw, iy + rows_h - 1, self.kit.glyphs["more_below"], palette["text_dim"])
        # what the field under the cursor means, the price worked out, and whether it can be bought
        for n, (row, colour) in enumerate(info):
            draw.text(console, ix, iy + ih - info_h + n, row, colour, width=iw)

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor
