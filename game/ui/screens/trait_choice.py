"""The trait choice (Budget Dungeons, DESIGN.md §3): a human hero that gained a level (in the
Hallway) or fulfilled the quest (in town, where it is paid) picks a new trait of its race or
class, or raises one it holds a degree. Each choice says what the trait ties the hero to (the
rolls where its Class Bonus counts). The pick is a ChooseTrait action like any other input; the
game waits for it, so there is no backing out."""

from __future__ import annotations

import re

import tcod.console

from game.core.content import traits
from game.engine.actions import ChooseTrait
from game.engine.growth import degree_words, growth_choices, ties_words
from game.ui import draw
from game.ui.events import KeyEvent
from game.ui.fit import ELLIPSIS, elide
from game.ui.kit import Kit
from game.ui.screens.help import OWN_KEYS, HelpScreen
from game.ui.screens.quit_here import quit_key_words
from game.ui.screens.screen_base import Screen
from game.ui.screens.widgets import footer
from game.ui.session import Session
from game.ui.state import State
from game.world.components import HeroState

HELP_TOPICS = (
    ("Growing", "At each level gained (in the Hallway) and when the quest is paid (in town, the party back "
                "with it fulfilled), your hero gains a story point and grows: a new trait of its race or "
                "class, or a trait it holds one degree higher (strong, very strong, incredibly strong...). A "
                "trait ties the hero to actions and Types: every roll it ties to gets the Class Bonus, plus "
                "one die for each degree above the first."),
    ("Keys", "Up/Down choose (Home and End go to the first and the last), Enter takes it. The game waits for "
             "your choice."),
)


class TraitChoiceScreen(Screen):
    """The hero of `seat` picks how it grows; then the table goes back to `back`."""

    def __init__(self, kit: Kit, session: Session, back: State | None, seat: int) -> None:
        super().__init__(kit, back)
        self.session = session
        self.seat = seat
        self.index = 0
        self.notice = ""
        self._cursor: tuple[int, int] | None = None

    def hero(self) -> int | None:
        return self.session.game.party.hero_of.get(self.seat)

    def choices(self) -> list[tuple[str, str]]:
        eid = self.hero()
        return growth_choices(self.session.game, eid) if eid is not None else []

    def label(self, trait: str, how: str) -> str:
        """'very strong (raise strong a degree)' or 'commanding (new)'."""
        eid = self.hero()
        held = self.session.game.world.comp(eid, HeroState).traits if eid is not None else ()
        return degree_words((*held, trait), trait) + (" (a degree higher)" if how == "raise" else " (new)")

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        self.notice = ""
        choices = self.choices()
        if not choices:
            return self.back
        if action == "menu_up":
            self.index = (self.index - 1) % len(choices)
        elif action == "menu_down":
            self.index = (self.index + 1) % len(choices)
        elif event.key in ("home", "end"):
            self.index = 0 if event.key == "home" else len(choices) - 1
        elif action == "select":
            return self.choose(choices[min(self.index, len(choices) - 1)][0])
        else:
            keys = "Up/Down (Home/End) choose, Enter takes it, ? help."
            self.notice = quit_key_words(self.kit, event.key, "your choice") or keys
        return None

    def go_back(self) -> State:
        self.notice = f"{self.where()} waits for your choice: pick one and press Enter."
        return self

    def open_help(self) -> State:
        return HelpScreen(self.kit, back=self, title="Help: growing", topics=HELP_TOPICS, sections=OWN_KEYS)

    def where(self) -> str:
        """Where the growth comes: the Hallway (a level gained) or town (the quest paid there)."""
        return "Town" if self.session.game.phase == "town" else "The Hallway"

    def choose(self, trait: str) -> State | None:
        game = self.session.game
        eid = self.hero()
        owed = game.world.comp(eid, HeroState).growth_due if eid is not None else 0
        result = self.session.apply(ChooseTrait(self.seat, trait))
        if eid is not None and game.world.comp(eid, HeroState).growth_due == owed:
            self.notice = getattr(result, "reason", "") or "That choice was not taken."
            return None
        self.index = 0
        if game.world.comp(eid, HeroState).growth_due > 0:
            self.notice = game.log[-1].text if game.log else ""
            return None  # another growth owed (two levels at once): choose again
        return self.back

    # -- drawing ---------------------------------------------------------------------------------

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        game = self.session.game
        draw.clear(console, palette)
        why = ", the quest fulfilled" if game.phase == "town" else ""
        draw.text(console, 1, 0, f"{self.where()}: your hero grows{why}", palette["title"])
        bottom = footer(console, self.kit, [("Up/Down", "choose"), ("Enter", "take it"), ("?", "help")]) - 1
        eid = self.hero()
        if eid is None:
            return
        hero = game.world.comp(eid, HeroState)
        width = console.width - 3
        y = 2
        held = ", ".join(traits().describe(hero.traits))
        came = "with each growth" if hero.growth_due > 1 else "with it"  # each growth brought its own point
        intro = (f"{game.name(eid)} (Level {hero.level} {hero.race} {hero.klass}; {held}) grows: choose a new "
                 f"trait or one it holds a degree higher. A story point came {came} ({hero.story_points} now).")
        if sum(1 for seat in game.seats if seat.human) > 1:  # hot-seat: whose choice it is
            intro = f"{game.seats[self.seat].name}, your choice. " + intro
        if hero.growth_due > 1:
            intro += f" {hero.growth_due} choices are owed."
        for row in draw.wrap(intro, width):
            draw.text(console, 1, y, row, palette["text"])
            y += 1
        y += 1
        choices = self.choices()
        self.index = min(self.index, max(0, len(choices) - 1))
        self._cursor = None
        name_w = max((len(self.label(t, h)) for t, h in choices), default=10) + 2
        ties_w = max(1, console.width - name_w - 5)
        cut = ""  # the selected trait's ties in full, when its row has to shorten them
        for i, (trait, how) in enumerate(choices):
            if y >= bottom - 2:
                break
            selected = i == self.index
            fg = palette["selection_fg"] if selected else palette["text_bright"]
            bg = palette["selection_bg"] if selected else None
            draw.text(console, 2, y, f" {self.label(trait, how):<{name_w}}", fg, bg)
            ties = ties_words(trait)
            draw.text(console, 3 + name_w + 1, y, whole_ties(ties, ties_w),
                      palette["text"] if selected else palette["text_dim"], width=ties_w)
            if selected:
                self._cursor = (3, y)
                if len(ties) > ties_w:
                    cut = f"{self.label(trait, how)}: {ties}. "
            y += 1
        y += 1
        note = self.notice or (cut + "A trait ties the hero to the rolls listed beside it: there its Class Bonus "
                                     "counts.")
        for row in draw.wrap(note, width)[: max(0, bottom - y + 1)]:
            draw.text(console, 1, y, row, palette["warning"] if self.notice else palette["text_dim"])
            y += 1

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor


def whole_ties(ties: str, width: int) -> str:
    """A trait's ties cut to `width` after the last whole tie or Type that fits ("lore; against
    or with sonic; ...", "against or with psychic, holy, ..."), never in the middle: "lore;
    against or with... with sonic" read as one tie."""
    if len(ties) <= width:
        return ties
    cuts = sorted((m.start(), m.group()) for m in re.finditer(r"[;,] ", ties))
    for at, sep in reversed(cuts):
        text = ties[:at] + sep + ELLIPSIS
        if len(text) <= width:
            return text
    return elide(ties, width)
