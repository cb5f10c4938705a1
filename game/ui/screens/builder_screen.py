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
from dataclasses import dataclass, replace
from typing import Any

import tcod.console

from game.core.rng import Stream, derive_seed
from game.core.sentences import plural, possessive
from game.designers.builder import Purchase, RoomBuilder, describe, known_types, quote
from game.designers.naming import Namer
from game.designers.personality import personality
from game.designers.scout import PartyView, pick_resist, pick_type, view_party
from game.designers.table import designers_for
from game.designers.traps import trap_kinds
from game.engine.actions import BuildRoom
from game.engine.room_entry import build_problem
from game.mapgen.plan import Spot
from game.rules.costs import monster_hits
from game.rules.purchases import Ability, Monster, Trap, Treasure
from game.ui import draw
from game.ui.events import Event, KeyEvent
from game.ui.fit import elide, fit_rows
from game.ui.kit import Kit
from game.ui.screens.dialog import ConfirmDialog
from game.ui.screens.help import HelpScreen
from game.ui.screens.room_sketch import draw_sketch, sketch_size
from game.ui.screens.spot_words import spot_short, spot_words
from game.ui.screens.widgets import TextField, footer, hint_rows, seat_named
from game.ui.session import Session
from game.ui.state import State

CATEGORY_LABEL = {"traps": "Traps", "monsters": "Monsters", "treasure": "Treasure"}
NOUN = {"traps": "trap", "monsters": "monster", "treasure": "item"}
ANY_KIND = (("beast", 1.0), ("earth", 1.0), ("element", 1.0), ("mind", 1.0), ("spirit", 1.0), ("venom", 1.0),
            ("weapon", 1.0))
LEFT_W = 28  # the bought list's panel
NAME_LIMIT = 40

HELP_TOPICS = (
    (
        "The room builder",
        "You took a category of the next room: spend its whole budget on it. The draft on the right is "
        "the thing you are about to buy; change its features and watch its price, then Enter buys it. "
        "Tab moves to the list of what you have bought, where Enter takes a purchase back into the draft "
        "to change it and Del sells it back. f lets your seat's AI spend whatever is left. c confirms "
        "the room, once every point is spent and no rule is broken; then the keyboard goes to the next "
        "player. Nobody else sees what you bought: the heroes will meet it.",
    ),
    (
        "Traps",
        "cost = (Annoy pairs + Pain dice + 1 if it Guards Treasure), doubled for each of Unlimited (it "
        "springs every time), Universal (no Class Bonus or item dice against it) and Continuous (a hero "
        "who fails re-rolls every Hallway until it succeeds). At least one pair of Annoy dice; one Type. "
        "A trap sits on a spot of the room and is sprung by its action: opening the door, searching the "
        "furniture, walking over the plate. Continuous Damage needs a Pain die.",
    ),
    (
        "Monsters",
        "cost = (Level + for each special ability its Annoy pairs, Pain dice and Resist dice), doubled "
        "for each Continuous Hold, Continuous Damage and Universal over all its abilities. Hits are 3 x "
        "Level; its plain attacks roll Level Pain dice. Each monster must cost at least the Floor. An "
        "ability has a Type and at least one pair of Annoy dice, and must hold or hurt. Resist dice "
        "only against a Type some hero attacks with.",
    ),
    (
        "Treasure",
        "cost = (1 Mundane or 2 Fancy + Increased Value + Heal points), doubled for each Annoy pair, each "
        "Pain die and Universal. Only a Fancy item may be magic (heal, dice, Universal); magic with dice "
        "has a Type (Universal wards every Type). In town an item trades for half its cost.",
    ),
    (
        "Keys",
        "Tab: the draft or the bought list. Up/Down: move. Left/Right or -/+: change the value. Enter: buy "
        "the draft (or save the change), or in the list take a purchase back into the draft. Del or "
        "Backspace: sell back the purchase under the cursor. a / d: add or drop a monster's special "
        "ability. r: name it (Enter keeps the name, Esc cancels). s: suggest Types and a name. f: fill "
        "the rest for me. w: save what you bought as a design file, to share or to play with again (--designs). "
        "c: confirm the room. Esc: stop changing a purchase. ?: this help.",
    ),
)


@dataclass
class Field:
    """One row of the draft: ``change(step)`` moves its value by one step left (-1) or right (+1)."""

    key: str
    label: str
    value: str
    note: str
    about: str
    change: Callable[[int], None]
    warn: bool = False


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _cycle(values: tuple[str, ...], current: str, step: int) -> str:
    if current not in values:
        return values[0]
    return values[(values.index(current) + step) % len(values)]




def builder_for(game: Any, category: str, budget: int, plan: Any) -> RoomBuilder:
    """A RoomBuilder for the pending room of `game`: its Floor, the living party as the designers
    see it (levels, attack Types, what it is protected against), the plan's spots."""
    heroes = game.heroes()
    party = view_party([game.sheet(e) for e, _ in heroes], [i for e, _ in heroes for i in game.items(e)])
    return RoomBuilder(category, budget, game.dungeon.floor_no, party.attack_types, plan.spots, party)


class BuilderScreen:
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
        self.message = ""
        self.message_bad = False
        self.uses = 0  # suggestions and fills asked for: each gets a stream of its own
        self._cursor: tuple[int, int] | None = None
        self.draft = self.new_draft()

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
        return spot_words(spot, self.room_bounds(), getattr(self.plan, "theme", None))

    def where_short(self, spot: Spot) -> str:
        return spot_short(spot, self.room_bounds(), getattr(self.plan, "theme", None))

    def holders(self) -> tuple[int, ...]:
        return (-1, *self.model.treasure_spots())

    # -- the draft -------------------------------------------------------------------------------

    def new_draft(self) -> Purchase:
        floor = self.model.floor
        if self.category == "traps":
            draft = Purchase(Trap("", annoy=2, pain=1), 0)
            return replace(draft, item=replace(draft.item, type=self.suggest_trap_type(0)))
        if self.category == "monsters":
            return Purchase(Monster(max(1, min(floor, self.model.left or floor))))
        return Purchase(Treasure(), -1)

    def kinds_here(self, spot: int) -> list[Any]:
        spots = self.spots()
        if not 0 <= spot < len(spots):
            return []
        return [k for k in trap_kinds() if spots[spot].action in k.sits_on]

    def suggest_trap_type(self, spot: int, stream: Stream | None = None) -> str:
        kinds = self.kinds_here(spot) or list(trap_kinds())
        fresh = [k for k in kinds if k.type not in self.party.protected] or kinds
        if stream is None:
            return fresh[0].type
        return stream.choice(fresh).type

    def set_item(self, **changes: Any) -> None:
        self.draft = replace(self.draft, item=replace(self.draft.item, **changes))

    def set_ability(self, i: int, **changes: Any) -> None:
        m = self.draft.item
        abilities = list(m.abilities)
        abilities[i] = replace(abilities[i], **changes)
        self.set_item(abilities=tuple(abilities))

    def fields(self) -> list[Field]:
        item, spot = self.draft.item, self.draft.spot
        types = known_types()
        out: list[Field] = []

        def number(key: str, label: str, value: int, note: str, about: str, setter: Callable[[int], None],
                   step: int = 1, shown: str | None = None) -> None:
            out.append(Field(key, label, shown if shown is not None else str(value), note, about,
                             lambda d: setter(max(0, value + d * step))))

        def toggle(key: str, label: str, value: bool, note: str, about: str, setter: Callable[[bool], None]) -> None:
            out.append(Field(key, label, _yes(value), note, about, lambda d: setter(not value)))

        if isinstance(item, Trap):
            spots = self.spots()
            where = self.spot_words(spots[spot]) if 0 <= spot < len(spots) else "(no spot)"
            fits = ", ".join(sorted({f"{k.name.replace('_', ' ')} ({k.type})" for k in self.kinds_here(spot)}))
            out.append(Field("spot", "Spot", where, "", "Where it sits: the action there springs it. "
                             f"Trap kinds that fit: {fits or 'any'}.",
                             lambda d: self.draft_spot((spot + d) % max(1, len(spots)))))
            out.append(Field("type", "Type", item.type or "(none)", "",
                             f"Its one damage Type. Fits this spot: {fits or 'any'}. s suggests one.",
                             lambda d: self.set_item(type=_cycle(types, item.type, d))))
            number("annoy", "Annoy dice", item.annoy, "+1 a pair", "Dice the hero must beat to avoid it, "
                   "bought in pairs; at least one pair.", lambda v: self.set_item(annoy=v), 2,
                   f"{item.annoy} ({_pairs(item.annoy)})")
            number("pain", "Pain dice", item.pain, "+1 each", "Dice of harm when a hero fails to avoid it.",
                   lambda v: self.set_item(pain=v))
            toggle("guards", "Guards treasure", item.guards_treasure, "+1", "The room's treasure is out of reach "
                   "until this trap is sprung, disarmed or sidestepped.", lambda v: self.set_item(guards_treasure=v))
            toggle("unlimited", "Unlimited", item.unlimited, "x2", "It springs every time, not once.",
                   lambda v: self.set_item(unlimited=v))
            toggle("universal", "Universal", item.universal, "x2", "No Class Bonus or item dice count against it.",
                   lambda v: self.set_item(universal=v))
            toggle("continuous", "Continuous", item.continuous, "x2", "A hero who fails re-rolls every Hallway "
                   "until it succeeds. Needs a Pain die.", lambda v: self.set_item(continuous=v))
        elif isinstance(item, Monster):
            number("level", "Level", item.level, "+1 each", f"Hits are 3 x Level ({monster_hits(item.level)}); "
                   f"its plain attacks roll Level Pain dice. Each monster costs at least {self.model.floor} "
                   "(the Floor).", lambda v: self.set_item(level=v))
            out.append(Field("mtype", "Attack Type", item.type, "", "What its plain attacks are (words only).",
                             lambda d: self.set_item(type=_cycle(types, item.type, d))))
            for i, a in enumerate(item.abilities):
                n = i + 1
                out.append(Field(f"a{i}.type", f"Ability {n} Type", a.type or "(none)", "",
                                 "A special ability: it rolls Annoy (then Pain) dice, plus Level dice. d drops it.",
                                 lambda d, i=i, a=a: self.set_ability(i, type=_cycle(types, a.type, d))))
                number(f"a{i}.annoy", "  Annoy dice", a.annoy, "+1 a pair", "Bought in pairs; at least one pair.",
                       lambda v, i=i: self.set_ability(i, annoy=v), 2, f"{a.annoy} ({_pairs(a.annoy)})")
                number(f"a{i}.pain", "  Pain dice", a.pain, "+1 each", "Harm when the hero fails to dodge it.",
                       lambda v, i=i: self.set_ability(i, pain=v))
                out.append(Field(f"a{i}.resist", "  Resist dice", str(len(a.resist)), "+1 each",
                                 f"Dice against one Type each; the party attacks with "
                                 f"{', '.join(self.party.attack_types) or 'nothing'}.",
                                 lambda d, i=i, a=a: self.resist_count(i, a, d)))
                for j, r in enumerate(a.resist):
                    pointless = r not in self.model.attack_types
                    out.append(Field(f"a{i}.r{j}", "    resists", r, "nobody uses it" if pointless else "",
                                     "Resist dice count only against a Type some hero attacks with.",
                                     lambda d, i=i, j=j, a=a: self.set_ability(
                                         i, resist=a.resist[:j] + (_cycle(types, a.resist[j], d),) + a.resist[j + 1:]),
                                     warn=pointless))
                toggle(f"a{i}.hold", "  Cont. Hold", a.hold, "x2", "A hero who fails is held, round after round.",
                       lambda v, i=i: self.set_ability(i, hold=v))
                toggle(f"a{i}.continuous", "  Cont. Damage", a.continuous, "x2", "The harm goes on until the hero "
                       "succeeds.", lambda v, i=i: self.set_ability(i, continuous=v))
                toggle(f"a{i}.universal", "  Universal", a.universal, "x2", "No Class Bonus or item dice count "
                       "against it.", lambda v, i=i: self.set_ability(i, universal=v))
        else:
            out.append(Field("fancy", "Quality", "Fancy" if item.fancy else "Mundane", "1 or 2",
                             "Mundane costs 1, Fancy 2. Only a Fancy item may be magic.",
                             lambda d: self.set_item(fancy=not item.fancy)))
            number("value", "Value", item.value, "+1 each", "Increased Value: worth more in town (half its cost).",
                   lambda v: self.set_item(value=v))
            number("heal", "Heal", item.heal, "+1 each", "Magic: heals that many Hits, once. Fancy only.",
                   lambda v: self.set_item(heal=v))
            number("annoy", "Annoy dice", item.annoy, "x2 a pair", "Magic: dice for dodging its Type. Fancy only.",
                   lambda v: self.set_item(annoy=v), 2)
            number("pain", "Pain dice", item.pain, "x2 each", "Magic: dice against its Type's harm. Fancy only.",
                   lambda v: self.set_item(pain=v))
            toggle("universal", "Universal", item.universal, "x2", "Magic: its dice count against every Type.",
                   lambda v: self.set_item(universal=v))
            out.append(Field("type", "Type", item.type or "(none)", "", "The Type its dice ward against.",
                             lambda d: self.set_item(type=_cycle(("", *types), item.type, d))))
            holders = self.holders()
            spots = self.spots()
            lies = "in the open" if spot == -1 else (self.spot_words(spots[spot]).split(":")[0]
                                                       if 0 <= spot < len(spots) else "?")
            out.append(Field("where", "Lies", lies, "", "In the open, or hidden in furniture that can hold it.",
                             lambda d: self.draft_where(_cycle_int(holders, spot, d))))
        name = item.name or "(the table names it)"
        out.append(Field("name", "Name", name, "r", "r types a name; s suggests one; empty: the table names it.",
                         lambda d: None))
        return out

    def draft_spot(self, spot: int) -> None:
        self.draft = replace(self.draft, spot=spot)

    def draft_where(self, spot: int) -> None:
        self.draft = replace(self.draft, spot=spot)

    def resist_count(self, i: int, a: Ability, step: int) -> None:
        if step < 0:
            self.set_ability(i, resist=a.resist[:-1])
            return
        wanted = pick_resist(self.stream("resist"), self.party) or (known_types()[0])
        self.set_ability(i, resist=(*a.resist, wanted))

    # -- keys --------------------------------------------------------------------------------------

    def on_event(self, event: Event) -> State | None:
        if not isinstance(event, KeyEvent):
            return None
        if self.naming is not None:
            return self.name_key(event)
        key = event.key
        action = self.kit.keymap.action_for(key, "menu")
        if action == "help":
            return self.open_help()
        if key in ("tab", "S-tab"):
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
            self.say(f"{key} does nothing here: ? lists the keys.", bad=False)
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
        self.set_item(abilities=(*self.draft.item.abilities, Ability(kind, annoy=2, pain=1)))
        self.row = next(i for i, f in enumerate(self.fields())
                        if f.key == f"a{len(self.draft.item.abilities) - 1}.type")
        self.say(f"Ability {len(self.draft.item.abilities)} added: one Annoy pair and one Pain die (+2).", bad=False)
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
            self.naming.feed(event)
        return None

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
                self.say(f"Refused: {why}.")
                return None
            self.say(f"Bought: {describe(self.draft.item)}. {plural(self.model.left, 'point')} left.", bad=False)
        self.bought_row = len(self.model.items) - 1
        self.draft = self.next_draft()
        self.row = min(self.row, len(self.fields()) - 1)
        return None

    def next_draft(self) -> Purchase:
        """After a purchase, the draft is a fresh one like it (nameless), fitted to what is left."""
        last = self.draft
        fresh = self.new_draft()
        if isinstance(last.item, Trap):
            return replace(fresh, spot=last.spot, item=replace(fresh.item, type=last.item.type))
        return fresh

    def edit_bought(self) -> State | None:
        if not self.model.items:
            self.focus = "draft"
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
        gone = self.model.remove(self.bought_row)
        if self.editing is not None:
            self.editing = None
            self.draft = self.new_draft()
        self.bought_row = max(0, min(self.bought_row, len(self.model.items) - 1))
        if not self.model.items:
            self.focus = "draft"
        self.say(f"Sold back: {describe(gone.item)}. {plural(self.model.left, 'point')} left.", bad=False)
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

    def fill_rest(self) -> State | None:
        if self.editing is not None:
            self.editing = None
            self.draft = self.new_draft()
        if self.model.left == 0 and self.model.can_confirm():
            self.say("Every point is spent already: c confirms.", bad=False)
            return None
        try:
            notes = self.model.fill_rest(self.stream("fill"), self.style())
        except ValueError as exc:  # a room no legal purchase fits (no spot for a trap): say so, never crash
            self.say(f"The AI cannot finish this: {exc}.")
            return None
        self.bought_row = max(0, len(self.model.items) - 1)
        self.say(" ".join(notes) + " All spent: c confirms.", bad=False)
        return None

    def confirm(self) -> State | None:
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
        return ConfirmDialog(self.kit, self, f"Build the {CATEGORY_LABEL[self.category]} with these {count} "
                             f"purchase{'s' * (count != 1)}? The heroes meet them next; there is no changing "
                             "them after.", on_yes=self.submit, title="Confirm the room", yes_label="Build it")

    def submit(self) -> State | None:
        game = self.game
        self.session.apply(BuildRoom(self.seat, self.category, self.model.encode()))
        waiting = game.hallway.pending.waiting if game.hallway.pending is not None else ()
        if waiting and waiting[0] == "build" and waiting[1] == self.seat and waiting[2] == self.category:
            self.say(game.log[-1].text if game.log else "The build was refused.")
            return self
        if self.then is not None:
            return self.then()
        return self.back

    def save_design(self) -> State | None:
        """What is bought so far, written as a design file to share (game.ui.screens.design_saving)."""
        if not self.model.items:
            self.say("Buy something first: a design keeps what you have bought.", bad=False)
            return None
        from game.ui.screens.design_saving import SaveDesignDialog  # opened on demand

        name = seat_named(self.kit, self.game, self.seat)[0]
        suggested = f"{possessive(name)} {self.category}, floor {self.game.dungeon.floor_no}"
        return SaveDesignDialog(self.kit, self, self.category, self.model.items, self.spots(), suggested, by=name)

    def open_help(self) -> State:
        return HelpScreen(self.kit, back=self, title="Help: the room builder", topics=HELP_TOPICS)

    # -- drawing -----------------------------------------------------------------------------------

    def hints(self) -> list[tuple[str, str]]:
        hints = [("Tab", "draft/bought"), ("Up/Down", "move"), ("Left/Right/-/+", "change"),
                 ("Enter", "buy" if self.focus == "draft" else "change it"), ("Del", "sell back")]
        if self.category == "monsters":
            hints.append(("a/d", "add/drop ability"))
        hints += [("r", "name"), ("s", "suggest"), ("f", "fill the rest"), ("w", "save design"), ("c", "confirm"),
                  ("Esc", "stop"),
                  ("?", "help")]
        return hints

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        game = self.game
        model = self.model
        w, h = console.width, console.height
        draw.clear(console, palette)
        name, colour = seat_named(self.kit, game, self.seat)
        x = 1 + draw.text(console, 1, 0, "Room builder: ", palette["title"])
        x += draw.text(console, x, 0, name, colour)
        draw.text(console, x, 0, f" builds the {CATEGORY_LABEL[self.category]}", palette["title"])
        where = f"Floor {game.dungeon.floor_no}, room {self.room_no()}"
        if x + 30 + len(where) < w:
            draw.text(console, w - len(where) - 1, 0, where, palette["text_dim"])
        # the budget meter
        left_colour = palette["good"] if model.left == 0 else palette["bad"] if model.left < 0 else palette["warning"]
        x = 1 + draw.text(console, 1, 1, f"Budget {model.budget} ({model.budget_rule})  Spent {model.spent}  ",
                          palette["text"])
        x += draw.text(console, x, 1, f"Left {model.left}", left_colour)
        bar = max(4, min(30, w - x - 4))
        filled = round(bar * min(model.spent, model.budget) / max(1, model.budget))
        draw.text(console, x + 2, 1, "[", palette["text_dim"])
        draw.text(console, x + 3, 1, "#" * filled, left_colour)
        draw.text(console, x + 3 + filled, 1, "." * (bar - filled), palette["text_dim"])
        draw.text(console, x + 3 + bar, 1, "]", palette["text_dim"])
        rule_rows = draw.wrap(model.cost_rule, w - 2)[:2]
        for i, row in enumerate(rule_rows):
            draw.text(console, 1, 2 + i, row, palette["text_dim"])
        hints = self.hints()
        foot_top = h - len(hint_rows(hints, w - 1))
        msg_rows = fit_rows(self.message, w - 2, 2) if self.message else []
        body_top = 2 + len(rule_rows) + 1
        body_bottom = foot_top - 1 - 2  # two rows for the message
        self._cursor = None
        self.draw_bought(console, 0, body_top - 1, min(LEFT_W, w // 3), body_bottom - body_top + 2)
        lx = min(LEFT_W, w // 3) + 1
        body_h = body_bottom - body_top + 2
        sketch_w, sketch_h = sketch_size(self.plan)
        bounds = self.room_bounds()
        if sketch_w and bounds is not None and w - lx - sketch_w >= 52 and body_h >= sketch_h:
            draw_sketch(console, self.kit, self.plan, self.spots(), (bounds[0], bounds[1]),
                        self.draft.spot if self.category != "monsters" else -1,
                        (w - sketch_w, body_top - 1, sketch_w, sketch_h))
            self.draw_draft(console, lx, body_top - 1, w - lx - sketch_w, body_h)
        else:
            self.draw_draft(console, lx, body_top - 1, w - lx, body_h)
        for i, row in enumerate(msg_rows):
            draw.text(console, 1, foot_top - 2 + i, row, palette["bad"] if self.message_bad else palette["info"])
        footer(console, self.kit, hints)

    def draw_bought(self, console: tcod.console.Console, x: int, y: int, width: int, height: int) -> None:
        palette = self.kit.palette
        model = self.model
        ix, iy, iw, ih = draw.panel(console, x, y, width, height, palette, f"Bought ({len(model.items)})")
        facts = [f"Left {model.left} of {model.budget}",
                 f"Party Levels {', '.join(str(v) for v in self.party.levels)}",
                 *draw.wrap(f"Attacks: {', '.join(self.party.attack_types) or '-'}", iw)[:2]]
        if self.category == "monsters":
            facts.append(f"Each monster >= {model.floor}")
        list_h = max(1, ih - len(facts) - 1)
        start = max(0, min(self.bought_row - list_h + 1, len(model.items) - list_h))
        if not model.items:
            draw.text(console, ix, iy, "nothing yet", palette["text_dim"], width=iw)
        for n, p in enumerate(model.items[start:start + list_h]):
            i = start + n
            selected = self.focus == "bought" and i == self.bought_row
            editing = i == self.editing
            fg = palette["selection_fg"] if selected else palette["warning"] if editing else palette["text"]
            bg = palette["selection_bg"] if selected else None
            cost = f"{model.cost(p):>3}"
            label = elide(f"{i + 1} {describe_short(p, self.spots(), self.where_short)}", iw - 4)
            draw.text(console, ix - 1, iy + n, f" {label:<{iw - 3}}{cost}", fg, bg, width=iw + 1)
            if selected:
                self._cursor = (ix, iy + n)
        for n, fact in enumerate(facts):
            draw.text(console, ix, iy + ih - len(facts) + n, fact, palette["text_dim"], width=iw)

    def draw_draft(self, console: tcod.console.Console, x: int, y: int, width: int, height: int) -> None:
        palette = self.kit.palette
        noun = NOUN[self.category]
        title = f"Changing purchase {self.editing + 1}" if self.editing is not None else f"New {noun}"
        ix, iy, iw, ih = draw.panel(console, x, y, width, height, palette, title)
        fields = self.fields()
        self.row = max(0, min(self.row, len(fields) - 1))
        about = fields[self.row].about if self.focus == "draft" else "Enter takes it back into the draft to " \
            "change it; Del sells it back."
        q = quote(self.draft.item)
        why = self.model.refusal(self.draft, self.editing)
        if self.model.left == 0 and self.editing is None and self.model.can_confirm():
            verdict, verdict_colour = "Every point is spent: c confirms the room.", palette["good"]
        elif why:
            verdict, verdict_colour = f"Breaks a rule: {why}", palette["bad"]
        else:
            after = self.model.left - q.cost + (self.model.cost(self.model.items[self.editing])
                                                if self.editing is not None else 0)
            verdict = f"Legal: Enter {'saves it' if self.editing is not None else 'buys it'} ({after} left after)"
            verdict_colour = palette["good"]
        info = ([(row, palette["text_dim"]) for row in fit_rows(about, iw, 2)]
                + [(row, palette["accent"]) for row in fit_rows(f"Cost {q.sum_text}", iw, 2)]
                + [(row, verdict_colour) for row in fit_rows(verdict, iw, 2)])
        info = info[-max(1, ih - 3):]
        info_h = len(info)
        rows_h = max(1, ih - info_h)
        self.scroll = max(0, min(self.scroll, len(fields) - rows_h))
        if self.row < self.scroll:
            self.scroll = self.row
        elif self.row >= self.scroll + rows_h:
            self.scroll = self.row - rows_h + 1
        label_w = 16
        for n, field in enumerate(fields[self.scroll:self.scroll + rows_h]):
            i = self.scroll + n
            selected = self.focus == "draft" and i == self.row
            fg = palette["selection_fg"] if selected else palette["text"]
            bg = palette["selection_bg"] if selected else None
            draw.text(console, ix - 1, iy + n, (">" if selected else " ") + f"{field.label:<{label_w}}", fg, bg)
            vx = ix + label_w + 1
            if self.naming is not None and field.key == "name":
                self._cursor = self.naming.draw(console, vx, iy + n, iw - label_w - 2, palette["text_bright"],
                                                palette["background"])
                continue
            value_colour = palette["bad"] if field.warn else palette["text_bright"]
            written = draw.text(console, vx, iy + n, elide(field.value, iw - label_w - 1), value_colour,
                                width=iw - label_w - 1)
            if field.note and vx + written + 2 + len(field.note) <= ix + iw:
                draw.text(console, ix + iw - len(field.note), iy + n, field.note,
                          palette["bad"] if field.warn else palette["text_dim"])
            if selected and self.naming is None:
                self._cursor = (ix - 1, iy + n)
        if self.scroll > 0:
            draw.text(console, ix + iw, iy, self.kit.glyphs["more_above"], palette["text_dim"])
        if self.scroll + rows_h < len(fields):
            draw.text(console, ix + iw, iy + rows_h - 1, self.kit.glyphs["more_below"], palette["text_dim"])
        # what the field under the cursor means, the price worked out, and whether it can be bought
        for n, (row, colour) in enumerate(info):
            draw.text(console, ix, iy + ih - info_h + n, row, colour, width=iw)

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor


def _pairs(annoy: int) -> str:
    return f"{annoy // 2} pair{'s' * (annoy // 2 != 1)}"


def _cycle_int(values: tuple[int, ...], current: int, step: int) -> int:
    if current not in values:
        return values[0]
    return values[(values.index(current) + step) % len(values)]


def describe_short(p: Purchase, spots: tuple[Spot, ...], where: Callable[[Spot], str] = spot_short) -> str:
    """A bought thing for the narrow list: "fire trap, door N wall", "Lv3 monster", "Fancy item"."""
    item = p.item
    if isinstance(item, Trap):
        at = f" ({where(spots[p.spot])})" if 0 <= p.spot < len(spots) else ""
        return f"{item.name or item.type}{at}"
    if isinstance(item, Monster):
        extra = f" +{len(item.abilities)}ab" if item.abilities else ""
        return f"{item.name or 'monster'} Lv{item.level}{extra}"
    at = f" ({where(spots[p.spot])})" if 0 <= p.spot < len(spots) else ""
    return f"{item.name or ('Fancy' if item.fancy else 'Mundane') + ' item'}{at}"
