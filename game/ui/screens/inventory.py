"""The active hero's pack: every item with its features in plain words; use healing, drop.

Letters a-z pick an item (as roguelikes have always had it), so on this screen the vi-keys do
not move the selection: the arrows and the keypad do. Using or dropping takes the hero's turn,
so it goes back to the map, where the turn's results show; a refusal stays here and says why."""

from __future__ import annotations

import string

import tcod.console

from game.core.sentences import capitalised, possessive
from game.engine.actions import Drop, UseItem
from game.rules.costs import trade_value
from game.rules.heroes import max_hits
from game.ui import draw
from game.ui.events import KeyEvent
from game.ui.fit import elide
from game.ui.kit import Kit
from game.ui.screens.help import OWN_KEYS, HelpScreen
from game.ui.screens.screen_base import Screen
from game.ui.screens.widgets import footer, scroll_marks, seat_colour
from game.ui.screens.words import QUEST_OBJECT, item_details, item_features, usable
from game.ui.scrolling import scrolled
from game.ui.session import Session
from game.ui.state import State
from game.world.components import HeroState

LETTERS = string.ascii_lowercase
FEATURES_GAP = 2  # spaces between the longest name and its features: one read "a tuning fork of calm fancy"
HELP_TOPICS = (
    (
        "Your pack",
        "Everything the hero carries. Mundane items are worth only what they fetch in town; Fancy items may "
        "hold magic: healing is used up when drunk, while Annoy and Pain dice are always at work, "
        "added to the hero's pool in rolls of their Type (any Type if Universal, never against "
        "Universal harm). Trade value is what the item fetches in town: half its cost.",
    ),
    (
        "Keys",
        "a-z pick one of the first 26 items; Up/Down move, PgUp/PgDn a page, Home/End to either end (a pack "
        "deep in a run holds dozens). U or Enter uses the item (healing only). D drops it where "
        "the hero stands. Both take the hero's turn, so they work only on that hero's turn.",
    ),
)


# the quest's objective item: no seat paid for it, so it has no cost and no trade value
OBJECTIVE_WORDS = ("What the quest is after: carried out to town, it is handed over and counts for the "
                   "quest, whose reward is paid there.",
                   "No magic, and nothing to trade.")

class InventoryScreen(Screen):
    def __init__(self, kit: Kit, session: Session, back: State | None) -> None:
        super().__init__(kit, back)
        self.session = session
        self.hero = session.hero()
        self.index = 0
        self.status = ""
        self._cursor: tuple[int, int] | None = None
        self._name_w = 10
        self._feat_w = 10
        self._page = 10  # items a PgUp/PgDn moves: set by the last draw

    # -- state ----------------------------------------------------------------------------

    def pack(self) -> list:
        if self.hero is None:
            return []
        return self.session.game.pack(self.hero)

    def seat(self) -> int | None:
        if self.hero is None:
            return None
        return self.session.game.world.comp(self.hero, HeroState).seat

    def my_turn(self) -> bool:
        seat = self.seat()
        return seat is not None and self.session.human_seat() == seat and self.session.game.phase == "dungeon"

    # -- events ---------------------------------------------------------------------------

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        pack = self.pack()
        k = event.key
        if len(k) == 1 and k in LETTERS:
            i = LETTERS.index(k)
            if i < len(pack):
                self.index = i
                self.status = ""
            else:
                self.status = f"No item {k}."
            return None
        if k in ("U", "enter"):
            return self._act("use")
        if k == "D":
            return self._act("drop")
        if action == "menu_up" and pack:
            self.index = (self.index - 1) % len(pack)
        elif action == "menu_down" and pack:
            self.index = (self.index + 1) % len(pack)
        elif pack and (action in ("page_up", "page_down") or k in ("home", "end")):
            self.index = scrolled(self.index, action, k, self._page, len(pack) - 1)
        return None

    def _act(self, what: str) -> State | None:
        pack = self.pack()
        if not pack:
            self.status = "The pack is empty."
            return None
        self.index = min(self.index, len(pack) - 1)
        item_eid, item = pack[self.index]
        game = self.session.game
        name = game.name(item_eid)
        if what == "use" and item.objective:
            self.status = "It is what the quest is after: nothing to use, and no magic."
            return None
        if what == "use" and not usable(item.spec):
            magic = item.spec.fancy and (item.spec.annoy or item.spec.pain or item.spec.universal)
            self.status = capitalised(f"{name} is not used up: its magic works while it is carried." if magic else
                                      f"{name} is nothing to use: it is worth its trade value in town.")
            return None
        if not self.my_turn():
            if game.phase == "town":
                self.status = "In town, items are sold on the town screen; healing is bought there."
            elif self.hero is None:
                self.status = "No hero."
            else:
                self.status = f"It is not {possessive(game.name(self.hero))} turn."
            return None
        hero = game.world.comp(self.hero, HeroState) if self.hero is not None else None
        if what == "use" and hero is not None and hero.hits >= max_hits(hero.level):  # as the town refuses it
            self.status = f"{game.name(self.hero)} is unhurt: {name} would heal nothing and be gone."
            return None
        seat = self.seat()
        assert seat is not None
        before = len(pack)
        self.session.apply(UseItem(seat, self.index) if what == "use" else Drop(seat, self.index))
        if len(self.pack()) < before:
            return self.go_back()
        self.status = game.log[-1].text if game.log else capitalised(f"{name} stays in the pack.")
        return None

    def open_help(self) -> State:
        return HelpScreen(self.kit, back=self, title="Help: inventory", topics=HELP_TOPICS, sections=OWN_KEYS)

    # -- drawing --------------------------------------------------------------------------

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        game = self.session.game
        draw.clear(console, palette)
        pack = self.pack()
        self.index = max(0, min(self.index, len(pack) - 1))
        if self.hero is None:
            draw.text(console, 1, 0, "Inventory", palette["title"])
            draw.text(console, 2, 2, "No hero of yours is in the dungeon.", palette["text"])
        else:
            hero = game.world.comp(self.hero, HeroState)
            x = 1 + draw.text(console, 1, 0, "Inventory of ", palette["title"])
            x += draw.text(console, x, 0, game.name(self.hero), seat_colour(self.kit, game.seats[hero.seat]))
            draw.text(console, x, 0, f"  ({len(pack)} {'item' if len(pack) == 1 else 'items'}, "
                                     f"Hits {hero.hits}/{max_hits(hero.level)})", palette["text_dim"])
        hints = [("a-z", "pick"), ("Up/Down PgUp/PgDn Home/End", "move"), ("U/Enter", "use"), ("D", "drop"),
                 ("Esc", "back"), ("?", "help")]
        bottom = footer(console, self.kit, hints) - 1
        if self.status:  # two rows at most: "Ancestral Draught of Sting-Warding is not used up: ..."
            said = draw.wrap(self.status, console.width - 2)[:2]
            for i, row in enumerate(said):
                draw.text(console, 1, bottom - len(said) + 1 + i, row, palette["warning"], width=console.width - 2)
            bottom -= len(said)
        top = 2
        wide = console.width >= 110
        list_w = min(100, console.width - 44) if wide else console.width - 2
        details = self._details(console.width - list_w - 4 if wide else console.width - 4) if pack else []
        detail_rows = 0 if wide else min(len(details) + 1, max(0, (bottom - top) // 2))
        height = max(1, bottom - top - detail_rows)
        self._page = max(1, height - 1)  # PgUp/PgDn: a page of items, less one row kept in view
        self._cursor = None
        if self.hero is not None and not pack:
            draw.text(console, 2, top, "The pack is empty.", palette["text_dim"])
        rows = self._rows(pack, list_w)
        mine = [r for r, (i, _, _) in enumerate(rows) if i == self.index]
        first = 0
        if mine and mine[-1] >= height:
            first = min(mine[-1] - height + 1, mine[0])
        for r, (i, text, lead) in enumerate(rows[first : first + height]):
            y = top + r
            selected = i == self.index
            fg = palette["selection_fg"] if selected else palette["text"]
            if selected:
                draw.fill(console, 1, y, list_w, 1, palette["selection_bg"])
                if lead:
                    self._cursor = (2, y)
            if lead:
                item_eid, item = pack[i]
                draw.text(console, 2, y, f"{LETTERS[i] if i < len(LETTERS) else ' '})",
                          fg if selected else palette["key"])
                draw.text(console, 5, y, elide(game.name(item_eid), self._name_w), fg if selected else
                          palette["treasure"], width=self._name_w)
                value = "no trade" if item.objective else f"trade {trade_value(item.spec)}"
                draw.text(console, list_w - len(value), y, value, fg)
            draw.text(console, FEATURES_GAP + 5 + self._name_w, y, text, fg, width=self._feat_w)
        scroll_marks(console, self.kit, list_w + 1, top, top + height - 1, first > 0, first + height < len(rows))
        if pack:
            item_eid, _ = pack[self.index]
            if wide:
                dx, dy, limit = list_w + 3, top, bottom - top
            else:
                dx, dy, limit = 2, top + height, detail_rows
            draw.text(console, dx, dy, elide(game.name(item_eid), console.width - dx - 1), palette["accent"],
                      width=console.width - dx - 1)
            for j, text in enumerate(details[: max(0, limit - 1)]):
                draw.text(console, dx, dy + 1 + j, text, palette["text"], width=console.width - dx - 1)

    def _rows(self, pack: list, list_w: int) -> list[tuple[int, str, bool]]:
        """(item index, features text, first row of the item?) for every drawn row."""
        game = self.session.game
        self._name_w = min(30, max((len(game.name(e)) for e, _ in pack), default=10))
        self._feat_w = max(10, list_w - FEATURES_GAP - 5 - self._name_w - 10)
        rows: list[tuple[int, str, bool]] = []
        for i, (_, item) in enumerate(pack):
            features = QUEST_OBJECT if item.objective else ", ".join(item_features(item.spec))
            wrapped = draw.wrap(features, self._feat_w)
            rows += [(i, text, j == 0) for j, text in enumerate(wrapped)]
        return rows

    def _details(self, width: int) -> list[str]:
        _, item = self.pack()[self.index]
        sentences = OBJECTIVE_WORDS if item.objective else item_details(item.spec)
        return [row for sentence in sentences for row in draw.wrap(sentence, width)]

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor

