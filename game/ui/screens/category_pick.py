"""The Hallway roll-off, waiting for a human seat (design = ask): every seat's die (and each
re-roll of a tie), the order, what the seats before took, and the categories left, each with its
budget. The player picks one; the pick is a TakeCategory action like any other input.

What is shown is public at the table: the dice, the order, who took what and the budgets. What
other seats bought is not, and is never shown here."""

from __future__ import annotations

from collections.abc import Callable

import tcod.console

from game.designers.hallway import roll_off
from game.designers.records import RollOff
from game.designers.table import designers_for
from game.engine.actions import TakeCategory
from game.rules.party import room_budgets
from game.ui import draw
from game.ui.events import KeyEvent
from game.ui.kit import Kit
from game.ui.screens.hallway_screen import tie_face
from game.ui.screens.help import OWN_KEYS, HelpScreen
from game.ui.screens.quit_here import quit_key_words
from game.ui.screens.screen_base import Screen
from game.ui.screens.widgets import NO_BREAK, Line, draw_lines, footer, line, seat_named, unbroken, wrap_line
from game.ui.session import Session
from game.ui.state import State

CATEGORY_LABEL = {"traps": "Traps", "monsters": "Monsters", "treasure": "Treasure"}
BUDGET_RULE = {"traps": "Party Max + Floor", "monsters": "Party Total + Floor", "treasure": "Party Min + Floor"}
WHAT = {
    "traps": "on doors, furniture, floor",
    "monsters": "what waits in the room",
    "treasure": "what the room holds",
}
HELP_TOPICS = (
    (
        "Taking a category",
        "Every seat at the table rolled one die; from the highest, each seat takes one category of the "
        "next room (Traps, Monsters, Treasure), going round again while any are left. Ties re-roll among "
        "the tied seats. The category you take, you build yourself in the room builder, with the budget "
        "shown: Traps get Party Max + Floor points, Monsters Party Total + Floor, Treasure Party Min + "
        "Floor, and every point must be spent.",
    ),
    ("Keys", "Up/Down choose a category, Enter takes it. The table waits for your pick: there is no going "
             "back from here."),
)


def rolloff_so_far(game: object) -> RollOff:
    """The pending Hallway's roll-off as far as it has gone: every seat's die and re-roll (rolled
    before anyone chooses), the order, and the picks made before the seat that is asked now.

    The engine re-runs the roll-off from the same fresh stream with the picks made so far; this
    does the same without touching the game (a fork of the stream; no stream is advanced)."""
    pending = game.hallway.pending  # type: ignore[attr-defined]
    designers = designers_for(game.seats, game.dials.design)  # type: ignore[attr-defined]
    room_no = game.stats.rooms_entered + 1  # type: ignore[attr-defined]
    stream = game.streams.get("hallway", game.dungeon.floor_no, room_no).fork("roll-off")  # type: ignore[attr-defined]
    made = list(pending.picks) if pending is not None else []
    asked: dict[int, int] = {}
    stop: list[int] = []

    def choose(seat: int, left: tuple[str, ...]) -> str:
        mine = [c for s, c in made if s == seat]
        n = asked.get(seat, 0)
        asked[seat] = n + 1
        if n < len(mine) and not stop:
            return mine[n]
        stop.append(1)
        return left[0]  # a stand-in: the picks from here on are cut off below

    full = roll_off(designers, game.dials.die, stream, choose)  # type: ignore[attr-defined]
    picks: list[tuple[str, int]] = []
    if stop:
        # everything up to (not including) the first pick made by the stand-in
        seen: dict[int, int] = {}
        for category, seat in full.picks:
            n = seen.get(seat, 0)
            seen[seat] = n + 1
            human = not next(d for d in designers if d.seat == seat).ai
            if human and n >= len([c for s, c in made if s == seat]):
                break
            picks.append((category, seat))
    else:
        picks = list(full.picks)
    return RollOff(full.die, full.rounds, full.order, tuple(picks))


class CategoryPickScreen(Screen):
    """Seat `seat` takes one of the categories `left`; `then()` is where the table goes next."""

    def __init__(self, kit: Kit, session: Session, back: State | None, seat: int, left: tuple[str, ...],
                 then: Callable[[], State] | None = None) -> None:
        super().__init__(kit, back)
        self.session = session
        self.seat = seat
        self.left = tuple(left)
        self.then = then
        self.index = 0
        self.notice = ""
        self._cursor: tuple[int, int] | None = None

    @property
    def game(self) -> object:
        return self.session.game

    def budgets(self) -> object:
        game = self.session.game
        return room_budgets([h.level for _, h in game.heroes()] or [game.start_level], game.dungeon.floor_no)

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        self.notice = ""
        if action == "menu_up":
            self.index = (self.index - 1) % len(self.left)
        elif action == "menu_down":
            self.index = (self.index + 1) % len(self.left)
        elif action == "select":
            return self.take(self.left[self.index])
        else:
            self.notice = quit_key_words(self.kit, event.key, "your pick") or "Up/Down choose, Enter takes it, ? help."
        return None

    def go_back(self) -> State:
        self.notice = "The table waits for your pick: choose a category and press Enter."
        return self

    def open_help(self) -> State:
        return HelpScreen(self.kit, back=self, title="Help: taking a category", topics=HELP_TOPICS, sections=OWN_KEYS)

    def take(self, category: str) -> State | None:
        game = self.session.game
        self.session.apply(TakeCategory(self.seat, category))
        waiting = game.hallway.pending.waiting if game.hallway.pending is not None else ()
        if waiting and waiting[0] == "category" and waiting[1] == self.seat and tuple(waiting[2]) == self.left:
            self.notice = game.log[-1].text if game.log else "That pick was not taken."
            return None
        if self.then is not None:
            return self.then()
        return self.back

    # -- drawing ---------------------------------------------------------------------------------

    def lines(self) -> list[Line]:
        game = self.session.game
        p = self.kit.palette
        dim, text, accent = p["text_dim"], p["text"], p["accent"]
        rolloff = rolloff_so_far(game)
        rows: list[Line] = [line((f"Category roll-off: every seat rolled a d{rolloff.die}; the highest takes first",
                                  accent))]
        for r, dice in enumerate(rolloff.rounds):
            row = line(("  Roll     " if r == 0 else "  Re-roll  ", dim), indent=11)
            for seat, face in dice:
                name, colour = seat_named(self.kit, game, seat)
                row.add(unbroken(name), colour).add(NO_BREAK, text).add(f"[{face}]", colour).add("   ", text)
            if r:  # which tie this re-roll settles, as the Hallway report says it
                row.add(f"(tie on {tie_face(rolloff.rounds, r)})", dim)
            rows.append(row)
        order = line(("  Order    ", dim), indent=11)
        for i, seat in enumerate(rolloff.order):
            if i:
                order.add(", ", dim)
            order.add(*seat_named(self.kit, game, seat))
        rows.append(order)
        for n, (category, seat) in enumerate(rolloff.picks, start=1):
            rows.append(line((f"  {n}. ", dim), seat_named(self.kit, game, seat), (" took ", text),
                             (CATEGORY_LABEL.get(category, category), p["text_bright"])))
        return rows

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        game = self.session.game
        draw.clear(console, palette)
        draw.text(console, 1, 0, "The Hallway: take a category", palette["title"])
        where = f"Floor {game.dungeon.floor_no}, room {game.stats.rooms_entered + 1} of the run"
        draw.text(console, max(1, console.width - len(where) - 1), 0, where, palette["text_dim"])
        bottom = footer(console, self.kit, [("Up/Down", "choose"), ("Enter", "take it"), ("?", "help")]) - 1
        width = min(console.width - 3, 110)
        rows = [w for row in self.lines() for w in wrap_line(row, width)]
        top = 2
        room_for_roll = max(1, bottom - top - len(self.left) - 6)
        draw_lines(console, 1, top, width, room_for_roll, rows)
        y = top + min(len(rows), room_for_roll) + 1
        name, colour = seat_named(self.kit, game, self.seat)
        x = 1 + draw.text(console, 1, y, name, colour)
        draw.text(console, x, y, ", your pick. Left for the taking:", palette["text"])
        y += 1
        budgets = self.budgets()
        self._cursor = None
        for i, category in enumerate(self.left):
            selected = i == self.index
            fg = palette["selection_fg"] if selected else palette["text_bright"]
            bg = palette["selection_bg"] if selected else None
            label = f" {CATEGORY_LABEL.get(category, category):<9}"
            draw.text(console, 2, y, label + " ", fg, bg)
            budget = getattr(budgets, category)
            draw.text(console, 14, y, f"budget {budget:>2} ({BUDGET_RULE[category]}): {WHAT[category]}",
                      palette["text"] if selected else palette["text_dim"], width=console.width - 15)
            if selected:
                self._cursor = (3, y)
            y += 1
        y += 1
        note = self.notice or "The category you take, you build yourself in the room builder, spending every point."
        for row in draw.wrap(note, console.width - 3)[: max(0, bottom - y + 1)]:
            draw.text(console, 1, y, row, palette["warning"] if self.notice else palette["text_dim"])
            y += 1

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor
