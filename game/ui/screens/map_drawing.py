"""What the map screen draws: the map, sidebar, log and roll panel laid out for the terminal,
the seat banner and the hint line (the run's state and keys are in map_screen.py)."""

from __future__ import annotations

import tcod.console

from game.core.sentences import possessive
from game.ui import draw
from game.ui.auto_travel import visible_monsters
from game.ui.fit import elide
from game.ui.log_pane import draw_log
from game.ui.map_layout import compute_layout, hint_line
from game.ui.map_view import draw_map
from game.ui.roll_panel import draw_rolls, recent_records, record_height
from game.ui.sidebar import draw_sidebar

ROLL_RECENT = 2  # turns a roll stays in the "auto" panel


class MapDrawing:
    """Drawing for MapScreen (which holds the game and the screen's state)."""

    def roll_rows(self) -> int:
        game = self.game
        if self.roll_mode == "hidden" or not game.rolls:
            return 0
        if self.roll_mode == "expanded":
            return sum(record_height(r) for r in recent_records(game, 8))
        latest = game.rolls[-1]
        if latest.turn < game.turn - ROLL_RECENT:
            return 0
        return sum(record_height(r) for r in recent_records(game, 8))  # every roll of that turn

    def banner_text(self) -> tuple[str, int] | None:
        game = self.game
        humans = [s for s in game.seats if s.human and s.has_hero]
        seat = self.seat()
        if seat is None:
            if game.phase == "dungeon" and humans:
                return "Your companions act...", -1
            return None
        if len(humans) < 2:
            return None
        eid = game.party.hero_of.get(seat)
        return f" {possessive(game.seats[seat].name)} turn: {game.name(eid)} ", seat

    def on_draw(self, console: tcod.console.Console) -> None:
        palette, glyphs = self.kit.palette, self.kit.glyphs
        game = self.game
        draw.clear(console, palette)
        banner = self.banner_text()
        lay = compute_layout(console.width, console.height, banner is not None, self.roll_rows())
        self.layout = lay
        if banner is not None:
            text, seat = banner
            bx, by, bw, _ = lay.banner
            draw.fill(console, bx, by, bw, 1, palette["panel_bg"])
            colour = palette.seat(seat) if seat >= 0 else palette["text_dim"]
            draw.text(console, bx, by, text, palette["selection_fg"] if seat >= 0 else colour,
                      colour if seat >= 0 else None, width=bw)
        focus = self.focus_hero()
        pos = game.position(focus) if focus is not None else None
        mx, my, mw, mh = lay.map
        if pos is not None:
            self.camera.follow(pos.x, pos.y, mw, mh, game.floor.width, game.floor.height, game.dungeon.floor_no)
            seen = [(p.x, p.y) for e in visible_monsters(game) if (p := game.position(e)) is not None]
            if seen:
                self.camera.reveal(pos.x, pos.y, seen, game.floor.width, game.floor.height)
        draw_map(console, game, self.camera, lay.map, palette, glyphs, active=self.hero(), no_colour=self.kit.no_colour)
        if lay.rolls[3] > 0:
            records = recent_records(game, 8)
            draw_rolls(console, game, lay.rolls, palette, glyphs, records, no_colour=self.kit.no_colour)
        draw_sidebar(console, game, lay.sidebar, palette, active=self.hero(),
                     here=(pos.x, pos.y) if pos is not None else None,
                     hide_seed=self.kit.options.hide_seed, titles=self.game.dungeon.room_titles)
        # a notice too long for the hint line takes rows from the log (its oldest lines give way)
        lx, ly, lw, lh = lay.log
        extra = min(len(self.notice_rows(console.width - 2)) - 1, max(0, lh - 1)) if self.notice else 0
        self._cursor = draw_log(console, game, (lx, ly, lw, lh - extra) if extra > 0 else lay.log, palette,
                                self.session.log_seen)
        self.draw_hint(console, lay.hint_y, max(0, extra))

    def notice_rows(self, width: int) -> list[str]:
        return draw.wrap(self.notice, width) or [""]

    def draw_hint(self, console: tcod.console.Console, y: int, extra: int = 0) -> None:
        palette = self.kit.palette
        if self.prompt is not None:
            text = f"{self.prompt.question} {self.keys('wait')} for here, Esc to cancel."
            draw.text(console, 1, y, text, palette["warning"], width=console.width - 2)
            self._cursor = (min(console.width - 1, 1 + len(text)), y)
            return
        if self.travel is not None:
            draw.text(console, 1, y, f"{self.travel.label.capitalize()}... (any key stops)", palette["info"],
                      width=console.width - 2)
            return
        if self.notice:
            width = console.width - 2
            rows = self.notice_rows(width)
            if len(rows) > extra + 1:  # more than the screen can spare: the last row says so
                rows = rows[:extra + 1]
                rows[-1] = elide(rows[-1] + " ...", width)
            for i, row in enumerate(rows):
                draw.text(console, 1, y - len(rows) + 1 + i, row, palette["warning"], width=width)
            return
        problem = getattr(self.host, "save_problem", lambda: None)()
        if problem:  # the reason before the reassurance, when the line cannot hold both
            line = f"Saving failed: {problem}. Play on: it saves again when it can."
            if len(line) > console.width - 2:
                line = f"Saving failed: {problem}."
            draw.text(console, 1, y, line, palette["warning"], width=console.width - 2)
            return
        copy = getattr(self.host, "record_problem", lambda: None)()
        if copy:  # the run is saved: only the --record copy is failing, said as such
            draw.text(console, 1, y, f"The run is saved, but its --record copy is not: {copy}.",
                      palette["warning"], width=console.width - 2)
            return
        k = self.kit.keymap
        moves = "arrows" if "up" in k.keys_for("move_n") else self.keys("move_n")
        if "k" in k.keys_for("move_n"):
            moves += "/hjkl"
        hints = [(moves, "move"), (self.keys("autoexplore"), "explore"), (self.keys("search"), "search"),
                 (self.keys("use"), "open"), (self.keys("pick_up"), "take"), (self.keys("disarm"), "disarm"),
                 (self.keys("help"), "help"), (self.keys("descend"), "down"), (self.keys("head_back"), "home"),
                 (self.keys("inventory"), "pack"), (self.keys("look"), "look"), (self.keys("roll_panel"), "rolls"),
                 (self.keys("hero_sheet"), "hero"), (self.keys("log_history"), "log"), (self.keys("quit"), "quit")]
        hint_line(console, y, hints, palette)

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor
