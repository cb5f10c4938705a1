"""The Hallway before the latest room: the category roll-off (every seat's die, each re-roll of a
tie, the order, who took which category) and what the designers bought, as far as the heroes can
know it. The rules let the heroes know the budgets and that the table spent them; monsters are
seen when met, so they are named; traps and treasure stay hidden until found."""

from __future__ import annotations

from collections.abc import Sequence

import tcod.console

from game.core.sentences import join_names, plural, tidy
from game.engine.quests import is_named
from game.ui import draw
from game.ui.events import KeyEvent
from game.ui.kit import Kit
from game.ui.screens.help import OWN_KEYS, HelpScreen
from game.ui.screens.screen_base import Screen
from game.ui.screens.table_intro import TITLE, first_time, table_words
from game.ui.screens.widgets import (
    NO_BREAK,
    Line,
    draw_lines,
    footer,
    line,
    scroll_marks,
    seat_named,
    unbroken,
    wrap_line,
)
from game.ui.scrolling import scrolled
from game.ui.session import Session
from game.ui.state import State

CATEGORY_LABEL = {"traps": "Traps", "monsters": "Monsters", "treasure": "Treasure"}
BUDGET_RULE = {"traps": "Party Max + Floor", "monsters": "Party Total + Floor", "treasure": "Party Min + Floor"}
HELP_TOPICS = (
    (
        "The Hallway",
        "Between rooms: dead heroes' seats make new heroes, heroes with the experience rise a Level, "
        "continuous harm bites, and then every seat at the table rolls one die. From the highest, each "
        "seat takes a category for the next room (Traps, Monsters, Treasure); ties re-roll among the "
        "tied seats. A seat may take several categories, or none.",
    ),
    (
        "Budgets",
        "Traps get Party Max + Floor points, Monsters Party Total + Floor, Treasure Party Min + Floor, "
        "and each designer must spend every point. The heroes know the budgets, that they were "
        "spent, and the name of every monster bought (what each can do shows when they meet it); "
        "how many traps there are, but not what or where; and nothing of the treasure until it is "
        "found.",
    ),
    ("Keys", "Up/Down, PgUp/PgDn scroll. Esc or Enter goes back."),
)


class HallwayScreen(Screen):
    def __init__(self, kit: Kit, session: Session, back: State | None) -> None:
        super().__init__(kit, back)
        self.session = session
        self.offset = 0
        self._max = 0
        self._page = 1
        self.explain = first_time(kit, session.game)  # a table's first Hallway: who builds what

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        if action == "select":
            return self.go_back()
        self.offset = scrolled(self.offset, action, event.key, self._page, self._max)
        return None

    def open_help(self) -> State:
        topics = (*HELP_TOPICS[:-1], (TITLE, table_words(self.session.game)), HELP_TOPICS[-1])
        return HelpScreen(self.kit, back=self, title="Help: the Hallway", topics=topics, sections=OWN_KEYS)

    # -- content --------------------------------------------------------------------------

    def seat(self, seat: int) -> tuple[str, tuple[int, int, int]]:
        return seat_named(self.kit, self.session.game, seat)

    def die(self, face: int, seat: int) -> list[tuple[str, tuple[int, int, int]]]:
        name, colour = self.seat(seat)
        p = self.kit.palette
        return [(unbroken(name), colour), (NO_BREAK, p["text"]), (f"[{face}]", colour), ("   ", p["text"])]

    def lines(self) -> list[Line]:
        game = self.session.game
        design = game.hallway.last_design
        p = self.kit.palette
        dim, text, accent = p["text_dim"], p["text"], p["accent"]
        if design is None:
            return [line(("No Hallway yet: the party has not come to a room.", dim))]
        rows: list[Line] = [
            line(("Ahead: ", dim), (design.title, p["text_bright"]),  # rooms are counted over the run, not the floor
                 (f"  (Floor {design.floor}, room {design.room} of the run)", dim)),
        ]
        notes = self.hallway_notes()
        for note in notes:
            rows.append(line(("  " + note, p["good"]), indent=4))
        rows.append(Line())
        if self.explain:
            rows.append(line((TITLE, accent)))
            for paragraph in table_words(game).split("\n\n"):
                rows.append(line(("  " + paragraph, text), indent=2))
            rows.append(Line())
        rolloff = design.rolloff
        if rolloff is not None:
            rule = f"Category roll-off: every seat rolls a d{rolloff.die}; the highest takes first"
            rows.append(line((rule, accent)))
            for r, dice in enumerate(rolloff.rounds):
                row = line(("  Roll     " if r == 0 else "  Re-roll  ", dim), indent=11)
                for seat, face in dice:
                    row.segments.extend(self.die(face, seat))
                if r:
                    row.add(f"(tie on {tie_face(rolloff.rounds, r)})", dim)
                rows.append(row)
            order = line(("  Order    ", dim), indent=11)
            for i, seat in enumerate(rolloff.order):
                if i:
                    order.add(", ", dim)
                order.add(*self.seat(seat))
            rows.append(order)
            for n, (category, seat) in enumerate(rolloff.picks, start=1):
                name, colour = self.seat(seat)
                rows.append(line((f"  {n}. ", dim), (name, colour), (" takes ", text),
                                 (CATEGORY_LABEL.get(category, category), p["text_bright"])))
            rows.append(Line())
        rows.append(line(("What the table bought, as far as the heroes can know", accent)))
        for category, seat, personality in design.takers:
            name, colour = self.seat(seat)
            budget = getattr(design.budgets, category)
            head = line((f"  {CATEGORY_LABEL.get(category, category)}: ", p["text_bright"]), (name, colour),
                        (self.style(seat, name, personality), dim),
                        (f", budget {budget} ({BUDGET_RULE.get(category, '')}), all spent", text), indent=4)
            rows.append(head)
            rows.append(line(("    " + self.bought(category), text), indent=4))
        if design.downward_stair is not None:
            # `party_min_rose`: the newcomer of a dead hero's seat counts only if it joined higher
            # true whether or not a newcomer joined below them (Party Min itself may then have fallen)
            rows.append(line(("  The lowest Level among the heroes who were here before rose: a stair down waits "
                              "in this room.", p["good"]), indent=4))
        return rows

    def style(self, seat: int, name: str, personality: str) -> str:
        """How a seat's purchase was made: a human's own room, or the AI's style for it."""
        game = self.session.game
        if not personality or personality.lower() in name.lower():
            return ""
        if 0 <= seat < len(game.seats) and game.seats[seat].human:
            return "" if game.dials.design == "ask" else f" (built for them by the AI: {personality})"
        return f" ({personality})"

    def bought(self, category: str) -> str:
        design = self.session.game.hallway.last_design
        if category == "monsters":
            names: dict[str, int] = {}
            for placed in design.monsters:
                name = placed.monster.name or "something"
                names[name] = names.get(name, 0) + 1
            listed = join_names([(n if c == 1 else f"{n} (x{c})") + self.quest_mark(n) for n, c in names.items()])
            return f"{plural(len(design.monsters), 'monster')}: {listed}" if names else "no monsters"
        if category == "traps":
            count = len(design.traps)
            return f"{plural(count, 'trap')}; what and where stays hidden until found"
        return "what and where stays hidden until found"

    def quest_mark(self, name: str) -> str:
        """' (the quest's)' after a monster the run's quest names: bought first from the budget
        (DESIGN.md §3: nothing in a room is free, a quest's creature neither)."""
        quest = self.session.game.quest
        if quest is None or quest.goal != "kill_named" or not any(is_named(name, n) for n in quest.names):
            return ""
        return " (the quest's: catch it)" if quest.catch else " (the quest's)"

    def hallway_notes(self) -> list[str]:
        """What else happened in this Hallway (new heroes, level-ups), from the log; not a human
        seat's pick of a category ("Ann takes Monsters."): the roll-off lists the picks."""
        game = self.session.game
        log = game.log
        last = next((i for i in range(len(log) - 1, -1, -1) if log[i].text.startswith("Hallway:")), None)
        if last is None:
            return []
        design = game.hallway.last_design
        picks = {f"{game.seats[seat].name} takes {category.title()}." for category, seat in
                 (design.rolloff.picks if design is not None and design.rolloff is not None else ())}
        notes = []
        i = last - 1
        while i >= 0 and log[i].kind == "hallway" and log[i].turn == log[last].turn \
                and not log[i].text.startswith("Hallway:"):
            if log[i].text not in picks:
                notes.insert(0, tidy(log[i].text))
            i -= 1
        return notes

    # -- drawing --------------------------------------------------------------------------

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        draw.clear(console, palette)
        draw.text(console, 1, 0, "The Hallway", palette["title"])
        bottom = footer(console, self.kit, [("Up/Down PgUp/PgDn", "scroll"), ("Esc/Enter", "back"),
                                            ("?", "help")]) - 1
        top = 2
        height = max(1, bottom - top + 1)
        width = min(console.width - 3, 110)
        rows = [w for row in self.lines() for w in wrap_line(row, width)]
        self._page = max(1, height - 1)
        self._max = max(0, len(rows) - height)
        self.offset = max(0, min(self.offset, self._max))
        draw_lines(console, 1, top, width, height, rows, self.offset)
        scroll_marks(console, self.kit, console.width - 1, top, top + height - 1, self.offset > 0,
                     self.offset < self._max)

    def cursor(self) -> tuple[int, int] | None:
        return (1, 2)


def tie_face(rounds: Sequence[Sequence[tuple[int, int]]], r: int) -> str:
    """The face the seats re-rolling in round `r` had tied on: theirs in the latest round before
    it that holds them all (a tie for a lower place is re-rolled after the tie above it)."""
    seats = {s for s, _ in rounds[r]}
    for earlier in reversed(rounds[:r]):
        faces = {f for s, f in earlier if s in seats}
        if seats <= {s for s, _ in earlier}:
            return str(faces.pop()) if len(faces) == 1 else "?"
    return "?"
