"""Town (Fungeon "Heading Back to Town"): the purse, every hero's pack with what each item
trades for, the workshop (an item traded in gives its hero half its cost in points; the points
design new treasure, one item at a time, in the workshop screen), healing made as a healer's
draught from those points, retiring (bank everything and end the run) and delving again.

Letters a-z pick an item across all the packs; the arrows and keypad move. Action keys are
capitals so that no item letter is lost: S trade in, U drink a carried draught, M make an item,
H heal, R retire, D delve."""

from __future__ import annotations

import string
from typing import TYPE_CHECKING

import tcod.console

from game.core.sentences import capitalised, plural, possessive
from game.engine.actions import Delve, Retire, Trade, UseItem
from game.engine.quests import progress_words
from game.engine.town import healing_price, retiring_worth
from game.rules.costs import trade_value
from game.rules.heroes import max_hits
from game.ui import draw
from game.ui.events import KeyEvent
from game.ui.fit import elide, first_fitting
from game.ui.kit import Kit
from game.ui.screens.dialog import ConfirmDialog
from game.ui.screens.help import OWN_KEYS, HelpScreen
from game.ui.screens.screen_base import Screen
from game.ui.screens.widgets import footer, scroll_marks, seat_colour
from game.ui.screens.words import item_features
from game.ui.screens.workshop_screen import WorkshopScreen
from game.ui.session import Session
from game.ui.state import State
from game.world.components import HeroState

if TYPE_CHECKING:
    from game.engine.game import Game

LETTERS = string.ascii_lowercase
NAME_W = 30  # an item's name in its row; a longer one is given whole below the list when picked
HELP_TOPICS = (
    (
        "Town",
        "Treasure trades in at the workshop at half its cost, rounded down: that is the trade value "
        "beside each item, paid to its hero as workshop points. The points design new treasure by the "
        "room builder's rules and prices, one item at a time; what is not spent stays with the hero. "
        "Healing is made only as treasure: a healer's draught is a Fancy item with Heal points (2 + the "
        "points), drunk at once. Retiring sells everything the heroes carry, banks the purse and every "
        "hero's points and ends the run: what is banked, less what the starting kits would fetch, counts "
        "towards the score with the floors reached and the rooms cleared. Delving takes the party back "
        "to the dungeon's entrance with what it carries. A quest fulfilled is paid into the purse when "
        "the party arrives; retiring without it done costs half of what the party would bank.",
    ),
    (
        "Keys",
        "a-z pick an item, Up/Down move. S trades the picked item in (asks first). U drinks the picked "
        "healing draught. M opens the workshop for the picked hero. H has healing made for the picked "
        "hero: Left/Right choose the points, Enter buys (the bigger the draught, the less each Hit "
        "costs). R retires (asks first). D delves again. L opens the log (what was traded, drunk and "
        "healed; the letters pick items here, so it is not m as on the map).",
    ),
)


class TownScreen(Screen):
    def __init__(self, kit: Kit, session: Session, back: State | None) -> None:
        super().__init__(kit, back)
        self.session = session
        self.index = 0  # into rows()
        self.status = ""
        self.healing: int | None = None  # points being chosen, while the healing chooser is open
        self._cursor: tuple[int, int] | None = None
        self.workshops: dict[int, WorkshopScreen] = {}  # each hero's, so a draft outlives a trip to S

    # -- what is on offer -----------------------------------------------------------------

    def rows(self) -> list[tuple[int, int, int]]:
        """(hero entity, pack index or -1 for the hero's own row, item letter number or -1)."""
        out: list[tuple[int, int, int]] = []
        letter = 0
        game = self.session.game
        for eid, _ in game.heroes():
            out.append((eid, -1, -1))
            for i, _ in enumerate(game.pack(eid)):
                out.append((eid, i, letter))
                letter += 1
        return out

    def selected(self) -> tuple[int, int, int] | None:
        rows = self.rows()
        if not rows:
            return None
        self.index = max(0, min(self.index, len(rows) - 1))
        return rows[self.index]

    def hero_state(self, eid: int) -> HeroState:
        return self.session.game.world.comp(eid, HeroState)

    def in_town(self) -> bool:
        return self.session.game.phase == "town"

    # -- events ---------------------------------------------------------------------------

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        if self.healing is not None:
            return self.healing_key(action, event)
        rows = self.rows()
        k = event.key
        if len(k) == 1 and k in LETTERS:
            found = next((r for r, row in enumerate(rows) if row[2] == LETTERS.index(k)), None)
            if found is None:
                self.status = f"No item {k}."
            else:
                self.index, self.status = found, ""
            return None
        if k == "S":
            return self.sell()
        if k == "U":
            self.drink()
            return None
        if k == "H":
            self.open_healing()
            return None
        if k == "M":
            return self.workshop()
        if k == "R":
            return self.retire()
        if k == "D":
            return self.delve()
        if k == "L":  # the map's m is an item's letter here
            from game.ui.screens.log_history import LogHistoryScreen  # start-up: opened on demand

            return LogHistoryScreen(self.kit, self.session, back=self)
        if action == "menu_up" and rows:
            self.index = (self.index - 1) % len(rows)
        elif action == "menu_down" and rows:
            self.index = (self.index + 1) % len(rows)
        return None

    def sell(self) -> State | None:
        row = self.selected()
        if not self.in_town():
            self.status = "Only in town."
            return None
        if row is None or row[1] < 0:
            self.status = "Pick an item to sell (a-z)."
            return None
        eid, i, _ = row
        game = self.session.game
        item_eid, item = game.pack(eid)[i]
        name, value = game.name(item_eid), trade_value(item.spec)
        seat = self.hero_state(eid).seat

        def yes() -> State:
            before = self.hero_state(eid).workshop
            self.session.apply(Trade(seat, item=i))
            points = self.hero_state(eid).workshop
            self.status = (f"Traded in {name} for {plural(points - before, 'point')}. {game.name(eid)} has "
                           f"{plural(points, 'workshop point')}.")  # "has 3." said 3 of what?
            self.keep_pick(eid)  # with the hero whose points they are (M, H are for it)
            return self

        return ConfirmDialog(self.kit, self, f"Trade in {name} for {plural(value, 'point')}?", on_yes=yes,
                             title="Trade in", yes_label="Trade", no_label="Keep")

    def drink(self) -> None:
        """Drink the picked healing draught here (a kit's, or one carried up from below)."""
        row = self.selected()
        if not self.in_town():
            self.status = "Only in town."
            return
        if row is None or row[1] < 0:
            self.status = "Pick a draught to drink (a-z)."
            return
        eid, i, _ = row
        game = self.session.game
        item_eid, item = game.pack(eid)[i]
        if item.spec.heal <= 0:
            self.status = capitalised(f"{game.name(item_eid)} is not for drinking: S trades it in.")
            return
        hero = self.hero_state(eid)
        if hero.hits >= max_hits(hero.level):
            self.status = f"{game.name(eid)} is unhurt: keep the draught for below."
            return
        before, name = hero.hits, game.name(item_eid)  # named before it is gone
        self.session.apply(UseItem(hero.seat, i))
        self.status = f"{game.name(eid)} drinks {name}: +{plural(hero.hits - before, 'Hit')}."
        self.keep_pick(eid)

    def keep_pick(self, eid: int) -> None:
        """After `eid`'s item is gone, keep the pick on that hero's rows: it slid onto the next hero."""
        rows = self.rows()
        if self.index >= len(rows) or rows[self.index][0] != eid:
            self.index = max(r for r, row in enumerate(rows) if row[0] == eid)

    def workshop(self) -> State | None:
        eid = self.healing_hero()
        if eid is None or not self.in_town():
            self.status = "No hero to make things for." if eid is None else "Only in town."
            return None
        shop = self.workshops.get(eid)
        if shop is None:
            shop = self.workshops[eid] = WorkshopScreen(self.kit, self.session, self, eid)
        shop.status = ""
        self.status = ""  # what it said of the points is out of date once the workshop spends them
        return shop

    def healing_hero(self) -> int | None:
        row = self.selected()
        return None if row is None else row[0]

    def open_healing(self) -> None:
        eid = self.healing_hero()
        if eid is None or not self.in_town():
            self.status = "No hero to heal." if eid is None else "Only in town."
            return
        hero = self.hero_state(eid)
        missing = max_hits(hero.level) - hero.hits
        if missing <= 0:
            self.status = f"{self.session.game.name(eid)} is unhurt."
            return
        self.healing = missing
        while self.healing > 1 and healing_price(self.healing) > hero.workshop:
            self.healing -= 1
        self.status = ""

    def healing_key(self, action: str | None, event: KeyEvent) -> State | None:
        eid = self.healing_hero()
        assert eid is not None and self.healing is not None
        hero = self.hero_state(eid)
        missing = max(1, max_hits(hero.level) - hero.hits)
        if action in ("menu_left", "menu_down"):
            self.healing = max(1, self.healing - 1)
        elif action in ("menu_right", "menu_up"):
            self.healing = min(missing, self.healing + 1)
        elif action == "select" or event.key == "H":
            points, price = self.healing, healing_price(self.healing)
            game = self.session.game
            if price > hero.workshop:
                has = plural(hero.workshop, "workshop point")
                self.status = (f"A draught of {plural(points, 'Hit')} costs {price} and {game.name(eid)} has {has} "
                               "(S trades items in for more).")
                return None
            before = hero.hits
            self.session.apply(Trade(hero.seat, heal=points))
            self.status = f"{game.name(eid)} drinks: +{plural(hero.hits - before, 'Hit')} for {price}."
            self.healing = None
        return None

    def retire(self) -> State | None:
        if not self.in_town():
            self.status = "Only in town."
            return None
        game = self.session.game
        worth, penalty = retiring_worth(game)
        banked = (f"{worth - penalty} is banked ({worth}, less {penalty} for giving up the quest)" if penalty
                  else f"{worth} is banked")

        def yes() -> State:
            self.session.apply(Retire(self.seat()))
            return self.go_back()

        return ConfirmDialog(self.kit, self, f"Retire? Everything carried is sold and {banked}. The run ends here.",
                             on_yes=yes, title="Retire", yes_label="Retire", no_label="Stay")

    def delve(self) -> State | None:
        if not self.in_town():
            self.status = "Only in town."
            return None
        self.session.apply(Delve(self.seat()))
        return self.go_back()

    def seat(self) -> int:
        seat = self.session.game.next_seat()
        if seat is None:
            heroes = self.session.game.heroes()
            seat = heroes[0][1].seat if heroes else 0
        return seat

    def go_back(self) -> State:
        if self.in_town():  # Esc led to the map, which sent the party straight back here
            self.status = "In town: D delves again, R retires (the run ends), Ctrl-C saves and quits."
            return self
        return super().go_back()

    def on_event(self, event):  # noqa: ANN001, ANN201 - Screen's signature
        if self.healing is not None and isinstance(event, KeyEvent) and event.key == "escape":
            self.healing, self.status = None, ""  # a refusal was about the chooser: it goes with it
            return None
        return super().on_event(event)

    def open_help(self) -> State:
        # its letters pick items and its capitals act: the map's keys (k, s, g ...) do none of their work here
        return HelpScreen(self.kit, back=self, title="Help: town", topics=HELP_TOPICS, sections=OWN_KEYS)

    # -- drawing --------------------------------------------------------------------------

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        game = self.session.game
        draw.clear(console, palette)
        draw.text(console, 1, 0, "Town", palette["title"])
        x = 7 + draw.text(console, 7, 0, "Purse: ", palette["text_dim"])
        x += draw.text(console, x, 0, str(game.party.purse), palette["treasure"])
        carried = sum(trade_value(t.spec) for eid, _ in game.heroes() for _, t in game.pack(eid))
        deepest, cleared = game.stats.deepest_floor, plural(game.stats.rooms_cleared, "room")
        room = console.width - x - 1
        facts = first_fitting(room, f"   packs would fetch {carried}   Floor {deepest} at deepest, {cleared} cleared",
                              f"  packs fetch {carried}  Floor {deepest} at deepest, {cleared} cleared",
                              f"  packs fetch {carried}  deepest Floor {deepest}", f"  packs fetch {carried}")
        draw.text(console, x, 0, facts, palette["text_dim"], width=room)
        if self.healing is not None:
            hints = [("Left/Right", "points"), ("Enter", "buy"), ("Esc", "cancel"), ("?", "help")]
        else:
            hints = [("a-z", "pick"), ("Up/Down", "move"), ("S", "trade in"), ("U", "drink"), ("M", "make"),
                     ("H", "heal"), ("R", "retire"), ("D", "delve again"), ("L", "log"), ("?", "help")]
            if not self.in_town():  # in town there is nothing behind this screen to go back to
                hints.insert(-1, ("Esc", "back"))
        bottom = footer(console, self.kit, hints) - 1
        if self.healing is not None:
            eid = self.healing_hero()
            price = healing_price(self.healing)
            points = self.hero_state(eid).workshop if eid else 0
            afford = price <= points
            draw.fill(console, 0, bottom - 1, console.width, 2, palette["panel_bg"])
            draw.text(console, 1, bottom - 1, f"Healer's draught for {game.name(eid) if eid else '?'}:",
                      palette["accent"])
            draw.text(console, 1, bottom, f"< {plural(self.healing, 'Hit')} >  costs {price} (2 + {self.healing}, "
                                          f"{price / self.healing:.1f} a Hit); "
                                          f"{plural(points, 'workshop point')} to pay with"
                                          + ("" if afford else f": {price - points} short"),
                      palette["text"] if afford else palette["bad"])
            bottom -= 2
            if self.status:  # why Enter bought nothing: said above the chooser, which stays open
                bottom -= rows_ending_at(console, bottom, self.status, palette["bad"])
        elif self.status:  # wrapped: cut at the edge, a long item's name lost the sentence's end
            bottom -= rows_ending_at(console, bottom, self.status, palette["info"])
        elif (whole := self.picked_in_full(features_width(list_width(console.width)))):
            bottom -= rows_ending_at(console, bottom, whole, palette["text_dim"])
        if not self.in_town():
            draw.text(console, 2, 2, "The party is not in town.", palette["warning"])
            return
        # the quest's line wraps (cut at the edge, it lost the counts it is there to give)
        quest_rows = draw.wrap(quest_line(game), console.width - 2)[:3] if game.quest is not None else []
        for i, row in enumerate(quest_rows):
            draw.text(console, 1, 1 + i, row, palette["text_dim"], width=console.width - 2)
        head = 1 + max(1, len(quest_rows))  # the list's headings
        rows = self.rows()
        self.selected()
        list_w = list_width(console.width)
        top = head + 1
        height = max(1, bottom - top + 1)
        first = max(0, min(self.index - height + 1, len(rows) - height)) if self.index >= height else 0
        # scrolled past a hero's own row, the heading says whose items the top ones are
        owner = rows[first][0] if first and rows[first][1] >= 0 else None
        heading = "Hero / item" if owner is None else f"{possessive(game.name(owner))} pack, continued"
        draw.text(console, 2, head, heading, palette["text_dim"], width=35)
        draw.text(console, 38, head, "features", palette["text_dim"])
        draw.text(console, list_w - 5, head, "trade", palette["text_dim"])
        self._cursor = None
        for r, (eid, i, letter) in enumerate(rows[first : first + height]):
            y = top + r
            selected = first + r == self.index
            if selected:
                draw.fill(console, 1, y, list_w, 1, palette["selection_bg"])
                self._cursor = (2, y)
            fg = palette["selection_fg"] if selected else palette["text"]
            hero = self.hero_state(eid)
            if i < 0:
                colour = fg if selected else seat_colour(self.kit, game.seats[hero.seat])
                x = 2 + draw.text(console, 2, y, game.name(eid), colour)
                top_hits = max_hits(hero.level)
                need = top_hits - hero.hits
                note = (f"  Hits {hero.hits}/{top_hits}, workshop points {hero.workshop}"
                        + (f", healing {plural(need, 'Hit')} costs {healing_price(need)}" if need else ""))
                draw.text(console, x, y, note, fg if selected else palette["text_dim"])
                continue
            item_eid, item = game.pack(eid)[i]
            draw.text(console, 4, y, f"{LETTERS[letter] if letter < len(LETTERS) else ' '})",
                      fg if selected else palette["key"])
            draw.text(console, 7, y, elide(game.name(item_eid), NAME_W), fg if selected else palette["treasure"],
                      width=NAME_W)
            value = f"{trade_value(item.spec):>4}"
            feats_w = features_width(list_w)
            draw.text(console, 38, y, elide(", ".join(item_features(item.spec)), feats_w), fg, width=feats_w)
            draw.text(console, list_w - 4, y, value, fg)
        if not any(i >= 0 for _, i, _ in rows):
            draw.text(console, 4, top + len(rows), "(the packs are empty)", palette["text_dim"])
        scroll_marks(console, self.kit, list_w + 1, top, top + height - 1, first > 0, first + height < len(rows))

    def picked_in_full(self, feats_w: int) -> str:
        """The picked item's name and features in full, when its row has to cut either ("" when
        both fit): "+2 Annoy dice..." left a ring's Type unsaid, "Gleaming Signet Ring of the..."
        the rest of its name."""
        row = self.selected() if self.in_town() else None
        if row is None or row[1] < 0:
            return ""
        game = self.session.game
        item_eid, item = game.pack(row[0])[row[1]]
        feats = ", ".join(item_features(item.spec))
        name = game.name(item_eid)
        return "" if len(feats) <= feats_w and len(name) <= NAME_W else capitalised(f"{name}: {feats}.")

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor


def rows_ending_at(console: tcod.console.Console, bottom: int, text: str, fg: tuple[int, int, int]) -> int:
    """`text` wrapped to at most two rows whose last is row `bottom`; how many rows it took."""
    rows = draw.wrap(text, console.width - 2)[:2]
    for i, row in enumerate(rows):
        draw.text(console, 1, bottom - len(rows) + 1 + i, row, fg, width=console.width - 2)
    return len(rows)


def list_width(screen_width: int) -> int:
    return min(screen_width - 2, 110)


def features_width(list_w: int) -> int:
    """The cells an item's features get in its row (after its name, before its trade value)."""
    return max(0, list_w - 38 - 6)


def quest_line(game: Game) -> str:
    """Where the quest stands as the party stands in town: paid, or how far it has come (a quest
    for items counts what the party carried out)."""
    quest = game.quest
    if game.stats.quest_paid:
        return f"Quest: {quest.name}, fulfilled; its reward, {quest.reward}, went into the purse."
    return f"Quest: {quest.name}, not yet done: {progress_words(game)}."
