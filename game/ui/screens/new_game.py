"""New game: the table (1-4 seats, each human, ai or ai+hero, with a name), a hero
for every human seat (Budget Dungeons: a name, one race trait, two class traits; a trait taken
twice reads "very strong"), the starting Level, every dial, and the seed (blank: a fresh one).

"Start" calls ``start(seed, seats_text, level, dials, heroes)`` (the app's), which returns the
first screen of the run. The seats' names and colours go along as the keywords ``seat_names``
and ``seat_colours`` when ``start`` accepts them (the engine's seats take their names and
colours from their order today, so the form offers no colour to pick: one the game ignored
would be a setting that does nothing; a seat is drawn in its place's colour, here as in the game).

One form, scrolled: Up/Down pick a row, Left/Right change its value, Enter edits a text row (or
starts, on Start). The hot-seat entry point is the same form with two human seats and an AI.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable
from dataclasses import fields, replace
from typing import Any

from game.core.content import load, traits
from game.core.dials import DIE_SIZES, SERIOUSNESS, THEMES, Dials
from game.core.seats import EVERY_PERSONALITY, FIRST, LAST, NAME_MOST, SEAT_KINDS, HeroChoice, reads_as_ai
from game.ui.events import PASTE_NOT_HERE, PASTE_REFUSED, Event, KeyEvent, PasteEvent
from game.ui.kit import Kit
from game.ui.palette import RGB
from game.ui.screens.help import HelpScreen
from game.ui.screens.new_game_drafts import (
    LEVELS,
    MAX_SEATS,
    SEAT_COLOUR_CHOICES,
    HeroDraft,
    Row,
    SeatDraft,
    default_name,
    suggested_hero,
)
from game.ui.screens.new_game_view import NewGameView
from game.ui.screens.new_game_words import DIAL_HELP, HELP_TOPICS
from game.ui.screens.screen_base import Screen
from game.ui.screens.widgets import TextField
from game.ui.state import State

StartFn = Callable[..., State]













def ai_personality(name: str) -> str:
    """The personality an AI seat's name stands for ("Tyrant (AI)" -> "tyrant")."""
    return name.strip().lower().removesuffix(" (ai)")


def personality_help(name: str) -> str:
    summary = load("personalities").get(ai_personality(name), {}).get("summary", "")
    return ("An AI seat goes by the personality it designs rooms with; Left/Right picks another."
            + (f" {ai_personality(name).title()}: {summary}." if summary else ""))


class NewGameScreen(NewGameView, Screen):
    def __init__(self, kit: Kit, start: StartFn, back: State | None, preset: str = "solo") -> None:
        super().__init__(kit, back)
        self.start = start
        kinds = ["human", "human", "ai"] if preset == "hot_seat" else ["human", "ai", "ai"]
        self.seats: list[SeatDraft] = []
        for kind in kinds:
            self.add_seat(kind)
        self.heroes: dict[int, HeroDraft] = {}
        self.shuffle = int.from_bytes(os.urandom(2), "little")  # which ready heroes this screen offers
        self.level = 2
        self.dials = Dials(design="ask") if preset == "hot_seat" else Dials()
        self.seed = ""
        self.selected = "seats"
        self.editing: TextField | None = None
        self.offset = 0
        self.status = ""
        self._cursor: tuple[int, int] | None = None

    # -- the drafts -----------------------------------------------------------------------

    def add_seat(self, kind: str) -> None:
        taken = {s.colour for s in self.seats}
        free = [c for c in range(SEAT_COLOUR_CHOICES) if c not in taken] or [len(self.seats) % SEAT_COLOUR_CHOICES]
        self.seats.append(SeatDraft(kind, "", free[0]))
        self.rename()

    def rename(self) -> None:
        """Seats the player has not named are called as the engine calls them: Player 1, Tyrant (AI)..."""
        humans = 0
        for i, seat in enumerate(self.seats):
            humans += seat.kind == "human"
            if not seat.named:
                seat.name = default_name(seat.kind, i, humans)

    def hero(self, index: int) -> HeroDraft:
        if index not in self.heroes:
            self.heroes[index] = suggested_hero(index, self.shuffle)
        return self.heroes[index]

    def seats_text(self) -> str:
        """`human:Ann,ai,...`: a human seat's player name goes with it into the game and its
        recording (the characters that separate seats are left out of names)."""
        parts, humans = [], 0
        for i, seat in enumerate(self.seats):
            name = "".join(c for c in seat.name.strip() if c not in ",:")
            humans += seat.kind == "human"
            if seat.kind != "human":  # an AI seat picked a personality: `ai:tyrant`, as --seats takes it
                given = seat.named and name != default_name(seat.kind, i, humans)
                parts.append(f"{seat.kind}:{ai_personality(name)}" if given else seat.kind)
                continue
            given = name and name != f"Player {humans}"  # the engine's own default
            parts.append(f"{seat.kind}:{name}" if given else seat.kind)
        return ",".join(parts)

    def rows(self) -> list[Row]:
        rows = [Row("h.table", "The table", "heading"),
                Row("seats", "Seats", help="How many players sit at the table: 1 to 4."),
                Row("level", "Starting Level", help="Every hero starts at this Level (1-3); Hits are 5 per Level.")]
        for i in range(len(self.seats)):
            rows.append(Row(f"seat.{i}.kind", f"Seat {i + 1}",
                            help="human: a player here; ai: designs rooms, no hero; ai+hero: designs and brings "
                                 "an AI companion."))
            if self.seats[i].kind == "human":
                rows.append(Row(f"seat.{i}.name", "  name", "text", "The seat's name in the log and the Hallway."))
            else:
                rows.append(Row(f"seat.{i}.name", "  name", help=personality_help(self.seats[i].name)))
        for i, seat in enumerate(self.seats):
            if seat.kind != "human":
                continue
            rows.append(Row(f"h.hero.{i}", f"Hero of {seat.name}", "heading"))
            rows.append(Row(f"hero.{i}.name", "  name", "text", "The hero's name."))
            rows.append(Row(f"hero.{i}.race", "  race", help="The race's traits are offered below."))
            rows.append(Row(f"hero.{i}.race_trait", "  race trait", help="One trait of the race."))
            rows.append(Row(f"hero.{i}.klass", "  class", help="The class's traits are offered below."))
            rows.append(Row(f"hero.{i}.trait.0", "  class trait", help="First of two class traits (the same "
                                                                       "twice makes it 'very')."))
            rows.append(Row(f"hero.{i}.trait.1", "  class trait", help="Second class trait."))
        rows.append(Row("h.dials", "Dials", "heading"))
        for f in fields(Dials):
            rows.append(Row(f"dial.{f.name}", f.name.replace("_", " "), help=DIAL_HELP.get(f.name, "")))
        rows.append(Row("h.run", "The run", "heading"))
        rows.append(Row("seed", "Seed", "text", "A number; the same seed and choices give the same dungeon. "
                                                "Blank: a fresh seed."))
        rows.append(Row("start", "Start the run", "button", "Into the dungeon."))
        return rows

    def row_index(self, rows: list[Row]) -> int:
        keys = [r.key for r in rows]
        if self.selected not in keys:
            self.selected = "seats"
        return keys.index(self.selected)

    def value(self, key: str) -> str:
        parts = key.split(".")
        if key == "seats":
            return str(len(self.seats))
        if key == "level":
            return str(self.level)
        if key == "seed":
            return self.seed or "(random)"
        if parts[0] == "seat":
            seat = self.seats[int(parts[1])]
            return {"kind": seat.kind, "name": seat.name}[parts[2]]
        if parts[0] == "hero":
            hero = self.hero(int(parts[1]))
            if parts[2] == "trait":
                return hero.class_traits[int(parts[3])].replace("_", " ")
            return str(getattr(hero, parts[2])).replace("_", " ")
        if parts[0] == "dial":
            value = getattr(self.dials, parts[1])
            if parts[1] == "die":
                return f"d{value}"
            if parts[1] == "seriousness":
                return f"{value} ({SERIOUSNESS[value - 1]})"
            if isinstance(value, bool):
                return "on" if value else "off"
            return str(value)
        return ""

    def text_of(self, key: str) -> str:
        parts = key.split(".")
        if key == "seed":
            return self.seed
        if parts[0] == "seat":
            return self.seats[int(parts[1])].name
        return self.hero(int(parts[1])).name

    def set_text(self, key: str, text: str) -> None:
        parts = key.split(".")
        if key == "seed":
            self.seed = text
        elif parts[0] == "seat":
            seat = self.seats[int(parts[1])]
            seat.name, seat.named = text, bool(text.strip())
            self.rename()
        else:
            self.hero(int(parts[1])).name = text

    def change(self, key: str, delta: int) -> None:
        """Step the value of a choice row by ``delta`` (wrapping)."""

        def step(options: list[Any] | tuple[Any, ...], current: Any) -> Any:
            i = options.index(current) if current in options else 0
            return options[(i + delta) % len(options)]

        parts = key.split(".")
        t = traits()
        if key == "seats":
            count = step(list(range(1, MAX_SEATS + 1)), len(self.seats))
            while len(self.seats) < count:
                self.add_seat("ai")
            del self.seats[count:]
        elif key == "level":
            self.level = step(LEVELS, self.level)
        elif parts[0] == "seat":
            seat = self.seats[int(parts[1])]
            if parts[2] == "kind":
                was_human, seat.kind = seat.kind == "human", step(SEAT_KINDS, seat.kind)
                if was_human != (seat.kind == "human"):
                    seat.named = False  # a player's name is no AI's, nor an AI's a player's
                self.rename()
            elif parts[2] == "name":  # an AI seat: its name is its personality ("Tyrant (AI)")
                seat.name = f"{step(EVERY_PERSONALITY, ai_personality(seat.name)).title()} (AI)"
                seat.named = True
        elif parts[0] == "hero":
            hero = self.hero(int(parts[1]))
            what = parts[2]
            if what == "race":
                hero.race = step(sorted(t.races), hero.race)
                hero.race_trait = t.races[hero.race][0]
            elif what == "race_trait":
                hero.race_trait = step(list(t.races[hero.race]), hero.race_trait)
            elif what == "klass":
                hero.klass = step(sorted(t.classes), hero.klass)
                options = t.classes[hero.klass][0]
                hero.class_traits = [options[0], options[1 % len(options)]]
            elif what == "trait":
                j = int(parts[3])
                hero.class_traits[j] = step(list(t.classes[hero.klass][0]), hero.class_traits[j])
        elif parts[0] == "dial":
            name = parts[1]
            current = getattr(self.dials, name)
            if name == "die":
                new: Any = step(DIE_SIZES, current)
            elif name == "seriousness":
                new = step(list(range(1, len(SERIOUSNESS) + 1)), current)
            elif name == "design":
                new = step(["auto", "ask"], current)
            elif name == "theme":
                new = step(list(THEMES), current)
            else:
                new = not current
            self.dials = replace(self.dials, **{name: new})

    def random_hero(self, index: int) -> None:
        """A hero drawn from the OS's randomness (only the making: the run's dice are the seed's)."""
        t = traits()
        pick = int.from_bytes(os.urandom(8), "little")

        def take(options: list[str] | tuple[str, ...]) -> str:
            nonlocal pick
            choice = options[pick % len(options)]
            pick //= len(options)
            return choice

        race = take(sorted(t.races))
        klass = take(sorted(t.classes))
        options = t.classes[klass][0]
        others = {h.name.split()[0] for i, h in self.heroes.items() if i != index and h.name.split()}
        first = take([f for f in FIRST if f not in others] or list(FIRST))  # no two heroes of one first name
        self.heroes[index] = HeroDraft(f"{first} {take(LAST)}", race, take(t.races[race]), klass,
                                       [take(options), take(options)])

    # -- starting -------------------------------------------------------------------------

    def problems(self) -> list[str]:
        out = []
        if not any(s.kind in ("human", "ai+hero") for s in self.seats):
            out.append("At least one seat needs a hero: make one human or ai+hero.")
        for i, seat in enumerate(self.seats):
            if not seat.name.strip():
                out.append(f"Seat {i + 1} needs a name.")
            elif seat.kind == "human" and reads_as_ai(seat.name):  # it would read as an AI seat's
                out.append(f"{' '.join(seat.name.split())} ends in (AI), as only AI seats may: give the player "
                           "another name.")
            if seat.kind == "human" and not self.hero(i).name.strip():
                out.append(f"The hero of {seat.name or f'seat {i + 1}'} needs a name.")
        players = [" ".join(s.name.split()).casefold() for s in self.seats if s.kind == "human"]
        heroes = [" ".join(self.hero(i).name.split()).casefold() for i, s in enumerate(self.seats)
                  if s.kind == "human"]
        for names, who in ((players, "players"), (heroes, "heroes")):
            twice = next((n for n in names if n and names.count(n) > 1), None)
            if twice is not None:  # "Ann's turn" must say which Ann
                out.append(f"Two {who} share the name {twice.title()}: give each their own.")
        if self.seed and not self.seed.isdigit():
            out.append("The seed is a number (or blank for a fresh one).")
        return out

    def hero_choices(self) -> dict[int, HeroChoice]:
        return {i: self.hero(i).choice() for i, s in enumerate(self.seats) if s.kind == "human"}

    def seed_value(self) -> int:
        if self.seed:
            return int(self.seed)
        return int.from_bytes(os.urandom(4), "little") % 1_000_000_000

    def colours(self) -> list[RGB]:
        return [self.kit.palette.seat(s.colour) for s in self.seats]

    def begin(self) -> State | None:
        problems = self.problems()
        if problems:
            self.status = problems[0]
            return None
        start = self.start
        args = (self.seed_value(), self.seats_text(), self.level, self.dials, self.hero_choices())
        extra = {"seat_names": [s.name.strip() for s in self.seats], "seat_colours": self.colours(),
                 "seeded": bool(self.seed)}  # a seed typed in races on its seed's table, as `play --seed N`
        try:
            params = inspect.signature(start).parameters
        except (TypeError, ValueError):
            params = {}
        accepts_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
        kwargs = {k: v for k, v in extra.items() if accepts_any or k in params}
        return start(*args, **kwargs)

    # -- events ---------------------------------------------------------------------------

    def on_event(self, event: Event) -> State | None:
        if isinstance(event, PasteEvent):
            if event.text is None:
                self.status = PASTE_REFUSED
            elif self.editing is None:
                self.status = PASTE_NOT_HERE
            else:
                self.status = self.take_paste(event.text)
            return None
        if self.editing is not None and isinstance(event, KeyEvent):
            self.status = ""
            if event.key == "escape":
                self.editing = None
            elif event.key in ("enter", "tab", "down", "up"):
                self.set_text(self.selected, self.editing.value.strip() if self.selected == "seed"
                              else self.editing.value)
                self.editing = None
                if event.key in ("tab", "down", "up"):
                    self.move(-1 if event.key == "up" else 1)
            elif event.key == "f1":
                return self.open_help()
            elif self.selected == "seed" and event.char and not event.char.isdigit():
                self.status = "A seed is a number: digits only (blank for a fresh one)."
            else:  # a character that cannot be drawn, or one past the limit, is said (TextField.typed)
                words = self.editing.typed(event)
                self.status = words.replace(" characters", " digits") if self.selected == "seed" else words
            return None
        return super().on_event(event)

    def take_paste(self, text: str) -> str:
        """Put pasted text in the field being edited as if typed; what to say of what was left out."""
        assert self.editing is not None
        if self.selected != "seed":
            return self.editing.pasted(text)
        not_digits = any(not c.isdigit() for c in text if c.isprintable())
        words = self.editing.pasted(text)  # the seed's field takes digits only
        return "A seed is a number: only the digits of that paste went in." if not_digits \
            else words.replace(" characters", " digits")

    def move(self, delta: int) -> None:
        rows = self.rows()
        i = self.row_index(rows)
        for _ in range(len(rows)):
            i = (i + delta) % len(rows)
            if rows[i].kind != "heading":
                break
        self.selected = rows[i].key

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        rows = self.rows()
        row = rows[self.row_index(rows)]
        self.status = ""
        if event.key == "S":
            return self.begin()
        if event.key == "*":
            index = self._seat_of(row.key)
            if index is not None and self.seats[index].kind == "human":
                self.random_hero(index)
            else:
                self.status = "Pick a row of a human seat's hero first."
            return None
        if action == "menu_up":
            self.move(-1)
        elif action == "menu_down":
            self.move(1)
        elif action == "page_up":
            self.selected = "seats"
        elif action == "page_down":
            self.selected = "start"
        elif action in ("menu_left", "menu_right") and row.kind == "choice":
            self.change(row.key, -1 if action == "menu_left" else 1)
        elif action == "select":
            if row.kind == "text":
                # a player's name as long as the table shows it, so the form never shows more than the game
                limit = 12 if row.key == "seed" else NAME_MOST if row.key.startswith("seat.") else 40
                self.editing = TextField(self.text_of(row.key), limit, "0123456789" if row.key == "seed" else None)
            elif row.kind == "button":
                return self.begin()
            elif row.kind == "choice":
                self.change(row.key, 1)
        return None

    @staticmethod
    def _seat_of(key: str) -> int | None:
        parts = key.split(".")
        if parts[0] in ("seat", "hero") and len(parts) > 1:
            return int(parts[1])
        return None

    def open_help(self) -> State:
        return HelpScreen(self.kit, back=self, title="Help: new game", topics=HELP_TOPICS)

    # -- drawing --------------------------------------------------------------------------


def hot_seat_screen(kit: Kit, start: StartFn, back: State | None) -> NewGameScreen:
    """The hot-seat entry point: two human seats and an AI, rooms designed by hand."""
    return NewGameScreen(kit, start, back, preset="hot_seat")
