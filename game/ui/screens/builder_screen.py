"""The room builder: a human designer (design = ask) spends one category's budget on the room
ahead, feature by feature, with the price worked out as it is bought.

Layout (80x24 and up)::
    Room builder: Ann builds the Traps                         Floor 2, room 3
    Budget 7 (Party Max + Floor)  Spent 4  Left 3  [####...]
    cost = (Annoy pairs + Pain dice + 1 if it Guards Treasure) x 2 per ...
    +- Bought ---------------+ +- New trap -------------------------------+
    | 1 fire trap (2)        | | > Spot        door (3,4): open it        |
    | 2 ...                  | |   Type        fire                        |
    | Left 3 of 7            | |   ...                                     |
    | Party: Levels 2, 2     | | (1 Annoy pair + 1 Pain) = 2               |
    +------------------------+ | Legal: Enter buys it (3 left after)       |
    message (a refusal and its rule)
    hint rows: every key

The draft on the right is edited field by field; Enter buys it, and a purchase that breaks a
rule is refused with the rule's reason (the draft stays, to be fixed). Bought things can be
taken back into the draft (Enter) or sold back (Del). "Fill the rest" lets the seat's AI spend
what is left; nothing can be confirmed until every point is spent.

Privacy: only this seat's purchases for this category are shown, never what another seat
bought for the room (the Hallway knows only that the table spent its budgets)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from game.core.rng import Stream, derive_seed
from game.core.sentences import plural, possessive
from game.designers.builder import Purchase, RoomBuilder, describe
from game.designers.naming import Namer
from game.designers.personality import personality
from game.designers.scout import PartyView, pick_resist, pick_type, view_party
from game.designers.table import designers_for
from game.designers.traps import trap_kinds
from game.engine.actions import BuildRoom
from game.engine.build_drafts import Draft, forget_draft, keep_draft, take_draft
from game.engine.quests import is_named
from game.engine.room_entry import build_problem
from game.mapgen.plan import Spot
from game.rules.purchases import Ability, Monster, Trap, Treasure
from game.ui.events import Event, KeyEvent, PasteEvent
from game.ui.kit import Kit
from game.ui.screens.builder_form import BuilderForm
from game.ui.screens.builder_help import help_topics
from game.ui.screens.builder_view import BuilderView
from game.ui.screens.builder_words import CATEGORY_LABEL
from game.ui.screens.dialog import ConfirmDialog
from game.ui.screens.help import OWN_KEYS, HelpScreen
from game.ui.screens.quit_here import quit_key_words
from game.ui.screens.spot_words import spot_short, spot_words, which_of
from game.ui.screens.widgets import HeldWords, TextField, seat_named
from game.ui.session import Session
from game.ui.state import State

ANY_KIND = (("beast", 1.0), ("earth", 1.0), ("element", 1.0), ("mind", 1.0), ("spirit", 1.0), ("venom", 1.0),
            ("weapon", 1.0))
NAME_LIMIT = 40
NOT_KEPT = "These purchases cannot be kept on disk: if you leave before c confirms, they are lost."











def builder_for(game: Any, category: str, budget: int, plan: Any) -> RoomBuilder:
    """A RoomBuilder for the pending room of `game`: its Floor, the living party as the designers
    see it (levels, attack Types, what it is protected against), the plan's spots."""
    heroes = game.heroes()
    party = view_party([game.sheet(e) for e, _ in heroes], [i for e, _ in heroes for i in game.items(e)])
    return RoomBuilder(category, budget, game.dungeon.floor_no, party.attack_types, plan.spots, party)


class BuilderScreen(BuilderForm, BuilderView):
    """Seat `seat` builds `category` with `budget` points for the room shaped by `plan`;
    `then()` is where the table goes once the build is taken."""

    def __init__(self, kit: Kit, session: Session, back: State | None, seat: int, category: str, budget: int,
                 plan: Any, then: Callable[[], State] | None = None) -> None:
        self.kit = kit
        self.session = session
        self.back = back
        self.seat = seat
        self.category = category
        self.plan = plan
        self.then = then
        self.model = builder_for(session.game, category, budget, plan)
        self.focus = "draft"  # or "bought"
        self.row = 0
        self.bought_row = 0
        self.scroll = 0
        self.editing: int | None = None  # the bought purchase the draft is changing
        self.naming: TextField | None = None
        self.naming_words = HeldWords()  # what of a key or paste did not go into the name
        self.message = ""
        self.message_bad = False
        self.uses = 0  # suggestions and fills asked for: each gets a stream of its own
        self._cursor: tuple[int, int] | None = None
        self._which: dict[Spot, tuple[str, str]] | None = None  # the room's spots are fixed: told apart once
        self.draft = self.new_draft()
        self.take_back_draft()

    # -- the game --------------------------------------------------------------------------------

    @property
    def game(self) -> Any:
        return self.session.game

    @property
    def party(self) -> PartyView:
        return self.model.party

    def room_no(self) -> int:
        return self.game.stats.rooms_entered + 1

    def stream(self, purpose: str) -> Stream:
        """A stream for the builder's own choices (suggestions, the AI's fill). Not one of the
        game's streams: what it picks goes into the BuildRoom action, which is what is recorded."""
        self.uses += 1
        game = self.game
        return Stream(derive_seed(game.seed, "builder", purpose, self.seat, game.dungeon.floor_no, self.room_no(),
                                  self.category, self.uses))

    def style(self) -> Any:
        name = designers_for(self.game.seats, "auto")[self.seat].personality
        return personality(name)

    def spots(self) -> tuple[Spot, ...]:
        return self.model.spots

    def room_bounds(self) -> tuple[int, int, int, int] | None:
        """The block of the room being built, for words like "in the north wall"."""
        record = self.game.floor.cells.get(getattr(self.plan, "cell", None))
        return record.bounds if record is not None else None

    def spot_words(self, spot: Spot) -> str:
        return spot_words(spot, self.room_bounds(), getattr(self.plan, "theme", None), self.which(spot)[0])

    def where_short(self, spot: Spot) -> str:
        return spot_short(spot, self.room_bounds(), getattr(self.plan, "theme", None), self.which(spot)[1])

    def which(self, spot: Spot) -> tuple[str, str]:
        """How the spot is told from one that reads the same ("", "" when none does)."""
        if self._which is None:
            self._which = which_of(self.spots(), self.room_bounds())
        return self._which.get(spot, ("", ""))

    def holders(self) -> tuple[int, ...]:
        return (-1, *self.model.treasure_spots())

    # -- the draft -------------------------------------------------------------------------------

    def new_draft(self) -> Purchase:
        """A fresh draft that fits what is left: a trap with one point left has no Pain die (an
        Annoy pair and a Pain die cost 2), a monster no Level past it, an item the least that is
        worth something in town."""
        floor = self.model.floor
        if self.category == "traps":
            draft = Purchase(Trap("", annoy=2, pain=0 if self.model.left == 1 else 1), 0)
            return replace(draft, item=replace(draft.item, type=self.suggest_trap_type(0)))
        if self.category == "monsters":
            return Purchase(Monster(max(1, min(floor, self.model.left or floor))))
        return Purchase(Treasure(value=1), -1)  # 2 points: a bare Mundane item (1) fetches nothing in town

    # -- a build left unconfirmed (game.engine.build_drafts) ----------------------------------------

    def take_back_draft(self) -> None:
        """The purchases this seat had made for this build when the run was left, bought again."""
        if not self.session.keeps_drafts:
            return
        kept, dropped = take_draft(self.game)
        if kept is None or (kept.seat, kept.category) != (self.seat, self.category):
            if dropped:  # damaged, or from another moment of the run
                self.say(dropped)
            return
        why = self.model.restore(kept.items)
        if why:
            forget_draft()
            self.say(f"The room purchases left unconfirmed when the run was last left are dropped: {why}.")
            return
        self.say(f"Back as you left them: {plural(len(self.model.items), 'purchase')}, "
                 f"{plural(self.model.left, 'point')} left.", bad=False)

    def keep_draft(self) -> None:
        """Write what is bought so far beside the autosave, so leaving now loses none of it. When
        it cannot be written the player is told once, before the message of what was just done,
        or they would leave believing `continue` brings their purchases back."""
        if not self.session.keeps_drafts:
            return
        kept = keep_draft(self.game, Draft(self.seat, self.category, self.model.budget, self.model.encode()))
        said = self.session.draft_unkept  # the last write failed too: the player knows already
        self.session.draft_unkept = not kept
        if not kept and not said:
            self.say(f"{NOT_KEPT} {self.message}".strip())

    # -- keys --------------------------------------------------------------------------------------

    def on_event(self, event: Event) -> State | None:
        if self.naming is not None and isinstance(event, PasteEvent):
            self.naming_said(self.naming.pasted(event.text))
            return None
        if not isinstance(event, KeyEvent):
            return None
        if self.naming is not None:
            return self.name_key(event)
        key = event.key
        action = self.kit.keymap.action_for(key, "menu")
        if action == "help":
            return self.open_help()
        if key in ("tab", "S-tab"):
            if self.focus == "draft" and not self.model.items:
                self.say("Nothing is bought yet: Enter buys the draft, and Tab then reaches the list.", bad=False)
            self.focus = "bought" if self.focus == "draft" and self.model.items else "draft"
            return None
        if action is None or key in "+-=_":
            command = {"a": self.add_ability, "d": self.drop_ability, "r": self.start_naming, "s": self.suggest,
                       "f": self.fill_rest, "c": self.confirm, "w": self.save_design, "+": lambda: self.change(1),
                       "=": lambda: self.change(1), "-": lambda: self.change(-1), "_": lambda: self.change(-1)}
            if key in command:
                return command[key]()
        if action == "back":
            return self.cancel()
        if action in ("menu_up", "menu_down"):
            self.move(-1 if action == "menu_up" else 1)
        elif action in ("menu_left", "menu_right"):
            return self.change(-1 if action == "menu_left" else 1)
        elif action in ("page_up", "page_down"):
            self.move(-5 if action == "page_up" else 5)
        elif action == "select":
            return self.buy() if self.focus == "draft" else self.edit_bought()
        elif action == "remove":
            return self.sell_back()
        elif action is None:
            self.say(quit_key_words(self.kit, key, "your build") or f"{key} does nothing here: ? lists the keys.",
                     bad=False)
        return None

    def say(self, text: str, bad: bool = True) -> None:
        self.message = text
        self.message_bad = bad

    def move(self, step: int) -> None:
        if self.focus == "draft":
            self.row = max(0, min(len(self.fields()) - 1, self.row + step))
        elif self.model.items:
            self.bought_row = max(0, min(len(self.model.items) - 1, self.bought_row + step))

    def change(self, step: int) -> State | None:
        if self.focus != "draft":
            self.say("Tab goes back to the draft to change it.", bad=False)
            return None
        fields = self.fields()
        self.row = min(self.row, len(fields) - 1)
        field = fields[self.row]
        if field.key == "name":
            return self.start_naming()
        field.change(step)
        self.message = ""
        return None

    def add_ability(self) -> State | None:
        if self.category != "monsters" or self.focus != "draft":
            self.say("Only a monster has special abilities." if self.category != "monsters"
                     else "Tab goes back to the draft.", bad=False)
            return None
        used = [a.type for a in self.draft.item.abilities]
        kind = pick_type(self.stream("ability"), self.style().monsters.kinds, self.party, used)
        before = self.model.cost(self.draft)
        self.set_item(abilities=(*self.draft.item.abilities, Ability(kind, annoy=2, pain=1)))
        self.row = next(i for i, f in enumerate(self.fields())
                        if f.key == f"a{len(self.draft.item.abilities) - 1}.type")
        more = self.model.cost(self.draft) - before  # +2, doubled by every doubling the monster has
        self.say(f"Ability {len(self.draft.item.abilities)} added: one Annoy pair and one Pain die (+{more}).",
                 bad=False)
        return None

    def drop_ability(self) -> State | None:
        if self.category != "monsters" or not self.draft.item.abilities:
            self.say("There is no ability to drop.", bad=False)
            return None
        field = self.fields()[min(self.row, len(self.fields()) - 1)]
        i = int(field.key[1:].split(".")[0]) if field.key.startswith("a") and "." in field.key else \
            len(self.draft.item.abilities) - 1
        abilities = list(self.draft.item.abilities)
        abilities.pop(i)
        self.set_item(abilities=tuple(abilities))
        self.row = min(self.row, len(self.fields()) - 1)
        self.say(f"Ability {i + 1} dropped.", bad=False)
        return None

    def start_naming(self) -> State | None:
        if self.focus != "draft":
            self.say("Tab goes back to the draft to name it.", bad=False)
            return None
        self.naming = TextField(self.draft.item.name, NAME_LIMIT)
        self.row = len(self.fields()) - 1
        return None

    def name_key(self, event: KeyEvent) -> State | None:
        assert self.naming is not None
        if event.key == "escape":
            self.naming = None
        elif event.key == "enter":
            self.set_item(name=self.naming.value.strip())
            self.naming = None
        elif event.key == "f1":
            return self.open_help()
        else:
            self.naming_said(self.naming.typed(event))
        return None

    def naming_said(self, words: str) -> None:
        """Say what did not go into the name; once all goes in again, let the words go (`HeldWords`)."""
        if words:
            self.say(words)
            self.naming_words.said(words)
            return
        before = self.naming_words.text
        self.naming_words.went_in()
        if before and not self.naming_words.text and self.message == before:
            self.message = ""

    def suggest(self) -> State | None:
        """Types where the draft has none (or a pointless one) and a name from the table's namer."""
        stream = self.stream("suggest")
        item, spot = self.draft.item, self.draft.spot
        game = self.game
        namer = Namer(game.dials.seriousness, game.dials.theme, stream)
        if isinstance(item, Trap):
            kinds = self.kinds_here(spot) or list(trap_kinds())
            kind = next((k for k in kinds if k.type == item.type), None)
            if kind is None:
                item = replace(item, type=self.suggest_trap_type(spot, stream))
                kind = next((k for k in kinds if k.type == item.type), kinds[0])
            spots = self.spots()
            where = spots[spot] if 0 <= spot < len(spots) else spots[0]
            name, _ = namer.trap(item, kind.name, where)
            self.draft = replace(self.draft, item=replace(item, name=name))
        elif isinstance(item, Monster):
            abilities = []
            used: list[str] = []
            for a in item.abilities:
                kind = a.type or pick_type(stream, self.style().monsters.kinds, self.party, used)
                used.append(kind)
                resist = tuple(r if r in self.model.attack_types else (pick_resist(stream, self.party) or r)
                               for r in a.resist)
                abilities.append(replace(a, type=kind, resist=resist))
            named, _ = namer.monster(replace(item, abilities=tuple(abilities)), False, "")
            self.draft = replace(self.draft, item=replace(named, abilities=tuple(abilities)))
        else:
            if (item.annoy or item.pain) and not item.type and not item.universal:
                item = replace(item, type=pick_type(stream, ANY_KIND, self.party))
            spots = self.spots()
            where = spots[spot] if 0 <= spot < len(spots) else None
            name, _ = namer.treasure(item, where)
            self.draft = replace(self.draft, item=replace(item, name=name))
        self.say(f"Suggested: {self.draft.item.name}.", bad=False)
        return None

    def buy(self) -> State | None:
        if self.editing is not None:
            why = self.model.change(self.editing, self.draft)
            if why:
                self.say(f"Refused: {why}.")
                return None
            self.say(f"Changed: {describe(self.draft.item)}. {plural(self.model.left, 'point')} left.", bad=False)
            self.editing = None
        else:
            why = self.model.add(self.draft)
            if why:
                self.say(f"Refused: {why}.{self.too_few_for_a_monster()}")
                return None
            self.say(f"Bought: {describe(self.draft.item)}. {plural(self.model.left, 'point')} left.", bad=False)
        self.keep_draft()
        self.bought_row = len(self.model.items) - 1
        self.draft = self.next_draft()
        self.row = min(self.row, len(self.fields()) - 1)
        return None

    def too_few_for_a_monster(self) -> str:
        """The way on when the points left cannot buy a monster of their own (fewer than the Floor):
        the refusal alone left the player at a dead end."""
        left = self.model.left
        if self.category != "monsters" or not 0 < left < self.model.floor or not self.model.items:
            return ""
        return f" {plural(left, 'point')} buys no monster: raise a bought one (Tab, Enter) or f fills the rest."

    def next_draft(self) -> Purchase:
        """After a purchase, the draft is a fresh one like it (nameless), fitted to what is left; a
        trap's on the next spot that holds none yet (two Enters put two traps on one door unasked,
        both sprung by one opening), or on the same one once every spot holds one."""
        last = self.draft
        fresh = self.new_draft()
        if isinstance(last.item, Trap):
            count = len(self.spots())
            taken = {p.spot for p in self.model.items if isinstance(p.item, Trap)}
            later = ((last.spot + step) % count for step in range(1, count + 1))
            spot = next((s for s in later if s not in taken), last.spot)
            return replace(fresh, spot=spot, item=replace(fresh.item, type=last.item.type))
        return fresh

    def edit_bought(self) -> State | None:
        if not self.model.items:
            self.focus = "draft"
            return None
        if self.unsaved_change("Enter here takes one back"):  # taking one back would drop that change
            return None
        self.editing = self.bought_row
        self.draft = self.model.items[self.bought_row]
        self.focus = "draft"
        self.row = 0
        self.say(f"Changing purchase {self.bought_row + 1}: Enter saves the change, Esc leaves it as it was.",
                 bad=False)
        return None

    def sell_back(self) -> State | None:
        if self.focus != "bought" or not self.model.items:
            self.say("Tab to the bought list to sell something back.", bad=False)
            return None
        sold = self.bought_row
        gone = self.model.remove(sold)
        if self.editing == sold:  # the thing being changed is gone: so is its change
            self.editing = None
            self.draft = self.new_draft()
        elif self.editing is not None and self.editing > sold:  # another one: its change stays, renumbered
            self.editing -= 1
        self.bought_row = max(0, min(self.bought_row, len(self.model.items) - 1))
        if not self.model.items:
            self.focus = "draft"
        self.say(f"Sold back: {describe(gone.item)}. {plural(self.model.left, 'point')} left.", bad=False)
        self.keep_draft()
        return None

    def cancel(self) -> State | None:
        if self.editing is not None:
            self.editing = None
            self.draft = self.new_draft()
            self.say("Left as it was.", bad=False)
        elif self.focus == "bought":
            self.focus = "draft"
        else:
            self.say("The table waits for this room: spend every point, then c confirms (f fills the rest).",
                     bad=False)
        return None

    def unsaved_change(self, then: str) -> bool:
        """Whether a bought thing is being changed and the change is not saved (then say so): c
        confirmed, f filled and Enter in the list took another back, without it, unseen."""
        if self.editing is None or self.draft == self.model.items[self.editing]:
            return False
        saves = "Tab back to it and Enter saves it" if self.focus == "bought" else "Enter saves it"
        self.say(f"Purchase {self.editing + 1} has a change not saved: {saves} or Esc leaves it as it was, "
                 f"then {then}.")
        return True

    def fill_rest(self) -> State | None:
        if self.unsaved_change("f fills the rest"):
            return None
        if self.editing is not None:
            self.editing = None
            self.draft = self.new_draft()
        if self.model.left == 0 and self.model.can_confirm():
            self.say("Every point is spent already: c confirms.", bad=False)
            return None
        try:
            notes = self.model.fill_rest(self.stream("fill"), self.style(), self.quest_target_not_bought())
        except ValueError as exc:  # a room no legal purchase fits (no spot for a trap): say so, never crash
            self.say(f"The AI cannot finish this: {exc}.")
            return None
        self.bought_row = max(0, len(self.model.items) - 1)
        self.say("All spent: c confirms. " + " ".join(notes), bad=False)  # the way on first: a long note is elided
        self.keep_draft()
        return None

    def quest_target_not_bought(self) -> str:
        """The quest's creature due in this room ("" if none is, or a bought monster is it)."""
        pending = self.game.hallway.pending
        target = pending.quest_target if pending is not None and self.category == "monsters" else ""
        if not target or any(is_named(p.item.name, target) for p in self.model.items):
            return ""
        return target

    def confirm(self) -> State | None:
        if self.unsaved_change("c confirms"):
            return None
        if not self.model.can_confirm():
            problem = self.model.problems()[0]
            self.say(f"Not yet: {problem.reason}. f fills the rest for you.")
            return None

        items = self.model.encode()
        problem = build_problem(self.game, self.category, items, self.model.budget, self.plan)
        if problem:
            self.say(f"Not yet: {problem}.")
            return None
        count = len(self.model.items)
        these = "this one purchase" if count == 1 else f"these {count} purchases"
        them = "it" if count == 1 else "them"
        return ConfirmDialog(self.kit, self, f"Build the {CATEGORY_LABEL[self.category]} with {these}? The heroes "
                             f"meet {them} next; there is no changing {them} after.", on_yes=self.submit,
                             title="Confirm the room", yes_label="Build it")

    def submit(self) -> State | None:
        game = self.game
        self.session.apply(BuildRoom(self.seat, self.category, self.model.encode()))
        waiting = game.hallway.pending.waiting if game.hallway.pending is not None else ()
        if waiting and waiting[0] == "build" and waiting[1] == self.seat and waiting[2] == self.category:
            self.say(game.log[-1].text if game.log else "The build was refused.")
            return self
        forget_draft()  # built: the recording holds it now
        self.session.draft_unkept = False
        if self.then is not None:
            return self.then()
        return self.back

    def save_design(self) -> State | None:
        """What is bought so far, written as a design file to share (game.ui.screens.design_saving)."""
        if not self.model.items:
            self.say("Buy something first: a design keeps what you have bought.", bad=False)
            return None
        from game.designers.design_writing import free_name, names_in  # opened on demand
        from game.ui.screens.design_saving import SaveDesignDialog, designs_dir  # opened on demand

        name = seat_named(self.kit, self.game, self.seat)[0]
        suggested = f"{possessive(name)} {self.category}, floor {self.game.dungeon.floor_no}"
        suggested = free_name(suggested, names_in(designs_dir()))  # a second save here: "... (2)"
        return SaveDesignDialog(self.kit, self, self.category, self.model.items, self.spots(), suggested, by=name)

    def open_help(self) -> State:
        hot_seat = sum(1 for s in self.game.seats if s.human) >= 2
        return HelpScreen(self.kit, back=self, title="Help: the room builder", topics=help_topics(hot_seat),
                          sections=OWN_KEYS)

    # -- drawing -----------------------------------------------------------------------------------






