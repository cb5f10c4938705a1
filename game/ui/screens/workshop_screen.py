"""The town workshop for one hero: an item of treasure put together feature by feature, priced
with the room builder's working ("(2 + 1) x 2 (Pain 1) = 6") and refused with its rules' reasons
before the hero's points are spent (DESIGN.md §2, the town workshop)."""

from __future__ import annotations

from dataclasses import replace

import tcod.console

from game.core.sentences import plural
from game.designers.builder import known_types, quote
from game.engine.actions import DesignItem
from game.engine.workshop import refusal
from game.rules.purchases import Treasure
from game.ui import draw
from game.ui.events import KeyEvent
from game.ui.kit import Kit
from game.ui.palette import RGB
from game.ui.screens.help import OWN_KEYS, HelpScreen
from game.ui.screens.screen_base import Screen
from game.ui.screens.widgets import footer
from game.ui.screens.words import item_features
from game.ui.session import Session
from game.ui.state import State
from game.world.components import HeroState

HELP_TOPICS = (
    ("Workshop",
     "Points from the items a hero traded in design new treasure, one item at a time, by the treasure "
     "rules: 1 for a Mundane item or 2 for a Fancy one, + Value + Heal points, doubled for each Annoy "
     "pair, each Pain die and Universal. Only Fancy items may be magic; magic with dice needs a Type. "
     "Points not spent stay with the hero."),
    ("Keys",
     "f Fancy or Mundane; v/V Value up/down; h/H Heal; a/A an Annoy pair; p/P a Pain die; u Universal; "
     "t the next Type, T the one before (a Fancy item's only); Enter makes the item; Esc goes back to "
     "town, where S can trade in for more points: M brings the item back as it was left."),
)


class WorkshopScreen(Screen):
    def __init__(self, kit: Kit, session: Session, back: State | None, hero: int) -> None:
        super().__init__(kit, back)
        self.session = session
        self.hero = hero
        self.item = Treasure(fancy=True)
        self.status = ""
        self.just_made = False  # the draft is the item just made: its verdict is on making another

    def points(self) -> int:
        return self.session.game.world.comp(self.hero, HeroState).workshop

    def why_not(self) -> str:
        """The rule the item breaks, or its price beyond the hero's points told as such (the
        builder's "over budget: 0 points left" read as if the workshop had a budget of its own)."""
        why = refusal(self.session.game, self.hero, self.item)
        if why.startswith("over budget"):
            name = self.session.game.name(self.hero)
            return (f"over budget: it costs {quote(self.item).cost} and {name} has "
                    f"{plural(self.points(), 'workshop point')} (S in town trades items in for more)")
        return why

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        item, k = self.item, event.key
        types = ("",) + known_types()
        steps = {"v": ("value", 1), "V": ("value", -1), "h": ("heal", 1), "H": ("heal", -1),
                 "a": ("annoy", 2), "A": ("annoy", -2), "p": ("pain", 1), "P": ("pain", -1)}
        if k in steps:
            name, step = steps[k]
            self.item = replace(item, **{name: max(0, getattr(item, name) + step)})
        elif k == "f":  # a Mundane item holds no magic, so it keeps no Type
            self.item = replace(item, fancy=not item.fancy, type=item.type if not item.fancy else "")
        elif k == "u":
            self.item = replace(item, universal=not item.universal)
        elif k in ("t", "T") and not item.fancy:
            self.status = "A Mundane item holds no magic, so it takes no Type: f makes it Fancy."
            return None
        elif k in ("t", "T"):
            at = types.index(item.type) if item.type in types else 0
            self.item = replace(item, type=types[(at + (1 if k == "t" else -1)) % len(types)])
        elif action == "select":
            return self.make()
        self.status = ""
        self.just_made = False
        return None

    def make(self) -> State | None:
        why = self.why_not()
        if why:
            self.status = f"Cannot make it: {why}."
            return None
        i = self.item
        game = self.session.game
        seat = game.world.comp(self.hero, HeroState).seat
        before = {e for e, _ in game.pack(self.hero)}
        self.session.apply(DesignItem(seat, i.fancy, i.value, i.heal, i.annoy, i.pain, i.universal, i.type))
        made = [game.name(e) for e, _ in game.pack(self.hero) if e not in before]
        what = f"Made {made[0]}" if made else "Made"  # the item's own name, as the town list shows it
        self.status = f"{what} for {plural(quote(i).cost, 'point')}; {self.points()} left."
        self.just_made = True
        return None

    def open_help(self) -> State:
        # its letters are its own (h is Heal here, not "previous value"), and it has no list to move in
        return HelpScreen(self.kit, back=self, title="Help: workshop", topics=HELP_TOPICS, sections=OWN_KEYS)

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        game = self.session.game
        draw.clear(console, palette)
        points = plural(self.points(), "point")
        draw.text(console, 1, 0, f"Workshop: {game.name(self.hero)}, {points}", palette["title"])
        width = console.width - 4
        row = 2

        def lines(text: str, colour: RGB) -> None:
            """`text` word-wrapped under its first word, never cut (a price cut short lost its sum)."""
            nonlocal row
            head = text.split(": ", 1)[0] + ": " if ": " in text else ""
            for i, line in enumerate(draw.wrap(text, width) if not head else
                                     draw.wrap(text[len(head):], width - len(head))):
                draw.text(console, 2, row, (head if i == 0 else " " * len(head)) + line, colour, width=width)
                row += 1

        lines(f"Item: {', '.join(item_features(self.item))}", palette["treasure"])  # begins "fancy" or "mundane"
        lines(f"Type: {self.item.type or '(none)'}", palette["text"])
        row += 1
        lines(f"Price: {quote(self.item).sum_text}", palette["text"])
        why = self.why_not()
        # after a make, the same draft's verdict is on another one: "Refused" above "Made ..." read
        # as if the make had been refused
        verdict = (f"{'Another cannot be made' if self.just_made else 'Refused'}: {why}" if why
                   else "Enter makes another." if self.just_made else "Enter makes it.")
        lines(verdict, palette["bad"] if why else palette["good"])
        if self.status:
            row += 1
            lines(self.status, palette["info"])
        footer(console, self.kit, [("f", "fancy"), ("v/V", "value"), ("h/H", "heal"), ("a/A", "annoy"),
                                   ("p/P", "pain"), ("u", "universal"), ("t/T", "type"), ("Enter", "make"),
                                   ("Esc", "back"), ("?", "help")])
