"""A plain town screen, used until the full one exists: sell loot (half its cost), buy healing
draughts, go back down, or retire and bank the purse (the run's score). Every choice is an
action through the session, like everything else."""

from __future__ import annotations

import tcod.console

from game.engine import actions as A
from game.engine.town import healing_price
from game.rules.costs import trade_value
from game.rules.heroes import max_hits
from game.ui import draw
from game.ui.events import KeyEvent
from game.ui.kit import Kit
from game.ui.log_pane import draw_log
from game.ui.screens.base import Screen
from game.ui.screens.dialog import ConfirmDialog
from game.ui.screens.menu import Menu, MenuEntry
from game.ui.session import Session
from game.ui.state import State


class BasicTownScreen(Screen):
    def __init__(self, kit: Kit, session: Session, back: State | None) -> None:
        super().__init__(kit, back)
        self.session = session
        self.menu = Menu(self.entries())

    @property
    def game(self):  # noqa: ANN201
        return self.session.game

    def seat(self) -> int:
        heroes = self.game.heroes()
        humans = [h.seat for _, h in heroes if self.game.seats[h.seat].human]
        return humans[0] if humans else heroes[0][1].seat if heroes else 0

    def act(self, action: object) -> State | None:
        self.session.log_seen = len(self.game.log)
        self.session.apply(action)
        host = getattr(self.back, "host", None)
        if host is not None:
            host.save(self.session)
        if self.game.phase != "town":
            route = getattr(self.back, "route", None)
            nxt = route() if route is not None else None
            return nxt or self.back
        index = self.menu.index
        self.menu = Menu(self.entries())
        self.menu.index = min(index, len(self.menu.entries) - 1)
        return None

    def entries(self) -> list[MenuEntry]:
        game = self.game
        out: list[MenuEntry] = []
        for eid, hero in game.heroes():
            for i, (item_eid, item) in enumerate(game.pack(eid)):
                value = trade_value(item.spec)
                out.append(MenuEntry(f"Sell {game.name(item_eid)} ({game.name(eid)}) for {value}",
                                     lambda s, seat=hero.seat, i=i: self.act(A.Trade(seat, item=i)),
                                     hint="Treasure trades at half its cost."))
            missing = max_hits(hero.level) - hero.hits
            if missing > 0:
                price = healing_price(missing)
                out.append(MenuEntry(f"Heal {game.name(eid)} fully (+{missing} Hits) for {price}",
                                     lambda s, seat=hero.seat, n=missing: self.act(A.Trade(seat, heal=n)),
                                     enabled=price <= game.purse, hint="A healer's draught, bought as treasure."))
        out.append(MenuEntry("Go back down into the dungeon", lambda s: self.act(A.Delve(self.seat())), "d",
                             hint=f"Back to Floor {game.entrance_floor}, with what you carry."))
        out.append(MenuEntry("Retire and bank the purse", lambda s: self.retire(), "r",
                             hint="The run ends; what is banked is your score."))
        return out

    def retire(self) -> State:
        value = self.game.purse + sum(trade_value(t.spec) for e, _ in self.game.heroes() for _, t in self.game.pack(e))
        return ConfirmDialog(self.kit, self, f"Retire now and bank {value}? The run ends.",
                             on_yes=lambda: self.act(A.Retire(self.seat())), title="Retire?", yes_label="Retire")

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        entry = self.menu.choose(action, event.key)
        if entry is not None and entry.action is not None:
            return entry.action(self)
        return None

    def go_back(self) -> State:
        return self  # town is left by going down or retiring, never by Esc

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        game = self.game
        draw.clear(console, palette)
        draw.text(console, 1, 0, "Town", palette["title"])
        draw.text(console, 8, 0, f"Purse: {game.purse}", palette["treasure"])
        row = 2
        for eid, hero in game.heroes():
            draw.text(console, 1, row, f"{game.name(eid)}: {hero.hits}/{max_hits(hero.level)} Hits, "
                      f"{len(game.pack(eid))} items", palette.seat(hero.seat), width=console.width - 2)
            row += 1
        row += 1
        log_h = max(3, min(8, console.height - row - len(self.menu.entries) - 5))
        self.menu.draw(console, 1, row, self.kit, min(console.width - 2, max(40, self.menu.width())))
        hint = self.menu.selected.hint
        hint_y = row + len(self.menu.entries) + 1
        if hint:
            draw.text(console, 1, hint_y, hint, palette["text_dim"], width=console.width - 2)
        draw_log(console, game, (1, console.height - 1 - log_h, console.width - 2, log_h), palette,
                 self.session.log_seen)
        draw.footer(console, [("Up/Down", "choose"), ("Enter", "select"), ("?", "help")], palette)

    def cursor(self) -> tuple[int, int] | None:
        return self.menu.cursor()
