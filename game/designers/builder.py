"""The room builder's model: what a human designer has bought so far for one category of one
room, priced and checked as it goes (Fungeon "Trap Costs", "Monster Costs", "Treasure Costs").

No screen and no game here: the builder screen (game/ui/screens/builder.py) drives it, and it
hands back BuildRoom items (game/engine/builds.py), which the engine checks once more.

Rules kept, each refused with its reason when a purchase would break it:
- the rules of `game.rules.costs` (an Annoy pair on every trap and ability, Annoy dice in pairs,
  a Type for every trap and ability, each monster at least the Floor in points, Resist dice only
  against a Type some hero attacks with, magic only on a Fancy item, a Type for magic with dice);
- the ones the engine adds (`check_traps`, `check_monsters`, `check_treasure`): Continuous Damage
  needs a Pain die, an ability must hold or hurt, Universal on an item needs dice to widen;
- every trap on one of the room's spots; an item in the open or in a spot that can hold it;
- the budget: a purchase that would spend past it is refused; the room can be confirmed only
  when every point is spent.

Decisions taken here:
- `add` and `change` refuse an illegal purchase outright (the screen keeps it as the draft, with
  the reason shown), so what is bought is always legal and only the budget can be unfinished;
- "fill the rest for me" (`fill_rest`) first drops anything that breaks a rule or spends past
  the budget, then lets the seat's AI personality spend what is left. Monsters are the one hard
  case: points left that are fewer than the Floor cannot buy a monster of their own, so they go
  to a bought monster's Level (one whose doublings divide them); failing that the last monster
  bought is handed back to the AI with the rest. The room it leaves is always legal and spent."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from game.core.content import traits
from game.core.rng import Stream
from game.core.sentences import plural
from game.designers.builds import decode, encode_monster, encode_trap, encode_treasure
from game.designers.monsters import design_monsters, design_with_target
from game.designers.personality import Personality, personality
from game.designers.scout import PartyView
from game.designers.traps import catalogue_trap_types, design_traps
from game.designers.treasure import design_treasure
from game.mapgen.plan import Spot
from game.rules.costs import (
    ability_doublings,
    ability_points,
    budget_violations,
    monster_cost,
    monster_violations,
    trade_value,
    trap_cost,
    trap_violations,
    treasure_cost,
    treasure_violations,
)
from game.rules.purchases import Monster, Trap, Treasure, Violation

CATEGORIES = ("traps", "monsters", "treasure")
BUDGET_RULE = {"traps": "Party Max + Floor", "monsters": "Party Total + Floor", "treasure": "Party Min + Floor"}
COST_RULE = {
    "traps": "cost = (Annoy pairs + Pain dice + 1 if it Guards Treasure) x 2 per Unlimited, Universal, Continuous",
    "monsters": "cost = (Level + per ability: Annoy pairs + Pain + Resist dice) x 2 per Continuous Hold, "
                "Continuous Damage, Universal; each monster at least the Floor",
    "treasure": "cost = (1 Mundane or 2 Fancy + Value + Heal) x 2 per Annoy pair, Pain die, Universal; "
                "magic only on Fancy",
}

Item = Trap | Monster | Treasure


@dataclass(frozen=True, slots=True)
class Purchase:
    """One thing bought: a trap (on spot `spot`, an index into the room's spots), a monster, or
    an item of treasure (in spot `spot`, or -1: lying in the open)."""

    item: Item
    spot: int = -1


@dataclass(frozen=True, slots=True)
class Quote:
    """A purchase priced: its cost, the points before doubling, the doublings (with what bought
    them) and the sum written out, e.g. "(2 + 1 + 1) x 2 (Continuous) = 8"."""

    cost: int
    base: int
    doublings: tuple[str, ...]
    sum_text: str


def _item_kind(item: Item) -> str:
    return {Trap: "traps", Monster: "monsters", Treasure: "treasure"}[type(item)]


def quote(item: Item) -> Quote:
    """The price of one purchase, with the working shown."""
    if isinstance(item, Trap):
        parts = [f"{item.annoy // 2} Annoy pair{'s' * (item.annoy // 2 != 1)}", f"{item.pain} Pain"]
        if item.guards_treasure:
            parts.append("1 Guards")
        base = item.annoy // 2 + item.pain + int(item.guards_treasure)
        doublings = tuple(n for n, on in (("Unlimited", item.unlimited), ("Universal", item.universal),
                                          ("Continuous", item.continuous)) if on)
        cost = trap_cost(item)
    elif isinstance(item, Monster):
        parts = [f"Level {item.level}"]
        doublings_list: list[str] = []
        for i, a in enumerate(item.abilities, start=1):
            parts.append(f"ability {i}: {ability_points(a)}")
            doublings_list += [f"{n} {i}" for n, on in (("Hold", a.hold), ("Continuous", a.continuous),
                                                        ("Universal", a.universal)) if on]
        base = item.level + sum(ability_points(a) for a in item.abilities)
        doublings = tuple(doublings_list)
        cost = monster_cost(item)
        assert len(doublings) == sum(ability_doublings(a) for a in item.abilities)
    else:
        parts = ["2 Fancy" if item.fancy else "1 Mundane"]
        if item.value:
            parts.append(f"{item.value} Value")
        if item.heal:
            parts.append(f"{item.heal} Heal")
        base = (2 if item.fancy else 1) + item.value + item.heal
        doublings = tuple([f"Annoy pair {i + 1}" for i in range(item.annoy // 2)]
                          + [f"Pain {i + 1}" for i in range(item.pain)]
                          + (["Universal"] if item.universal else []))
        cost = treasure_cost(item)
    text = f"({' + '.join(parts)})" if len(parts) > 1 else parts[0]
    text += f" = {base}"
    if doublings:
        text += f" x {1 << len(doublings)} ({', '.join(doublings)}) = {cost}"
    return Quote(cost, base, doublings, text)


def known_types() -> tuple[str, ...]:
    """Every Type a purchase may have (data/types.toml)."""
    return traits().types


class RoomBuilder:
    """A human designer's purchases for `category` with `budget` points on Floor `floor`.

    `party_attack_types` are the Types the living heroes attack with (the only Types worth
    resisting); `spots` the room's actionable spots (traps sit on them, treasure lies in those
    that hold it); `party` is what the AI sees when it fills the rest (made from the attack Types
    and the Floor when not given)."""

    def __init__(
        self,
        category: str,
        budget: int,
        floor: int,
        party_attack_types: Iterable[str],
        spots: Sequence[Spot] = (),
        party: PartyView | None = None,
        items: Iterable[Purchase] = (),
    ) -> None:
        if category not in CATEGORIES:
            raise ValueError(f"unknown category {category!r}")
        self.category = category
        self.budget = budget
        self.floor = floor
        self.attack_types = tuple(sorted(set(party_attack_types)))
        self.spots = tuple(spots)
        self.party = party or PartyView(levels=(max(1, floor),), attacks=tuple((t, 1) for t in self.attack_types),
                                        protected=frozenset())
        self.items: list[Purchase] = list(items)

    # -- money ---------------------------------------------------------------------------------

    @staticmethod
    def cost(purchase: Purchase | Item) -> int:
        item = purchase.item if isinstance(purchase, Purchase) else purchase
        return quote(item).cost

    @property
    def spent(self) -> int:
        return sum(self.cost(p) for p in self.items)

    @property
    def left(self) -> int:
        return self.budget - self.spent

    @property
    def budget_rule(self) -> str:
        return BUDGET_RULE[self.category]

    @property
    def cost_rule(self) -> str:
        return COST_RULE[self.category]

    # -- rules ---------------------------------------------------------------------------------

    def treasure_spots(self) -> tuple[int, ...]:
        """Indexes of the spots an item can lie in (-1, the open, is always allowed)."""
        return tuple(i for i, s in enumerate(self.spots) if s.holds_treasure)

    def violations(self, purchase: Purchase) -> list[Violation]:
        """Every rule this one purchase breaks (the budget aside)."""
        item = purchase.item
        if _item_kind(item) != self.category:
            return [Violation("category", f"this builder buys {self.category}, not {_item_kind(item)}")]
        types = known_types()
        out: list[Violation] = []
        if isinstance(item, Trap):
            out += trap_violations(item)
            if item.type and item.type not in types:
                out.append(Violation("type", f"there is no Type called {item.type}"))
            elif item.type and item.type not in catalogue_trap_types():  # DESIGN.md §3: the book's trap rows
                out.append(Violation("trap_type", f"no trap of the catalogue deals {item.type} damage (trap "
                                                  f"Types: {', '.join(catalogue_trap_types())})"))
            if item.continuous and not item.pain:
                out.append(Violation("continuous_no_pain", "Continuous Damage needs a Pain die to do damage"))
            if not 0 <= purchase.spot < len(self.spots):
                out.append(Violation("spot", "a trap must sit on one of the room's spots"))
        elif isinstance(item, Monster):
            out += monster_violations(item, self.floor, self.attack_types)
            for i, a in enumerate(item.abilities, start=1):
                if a.type and a.type not in types:
                    out.append(Violation("type", f"there is no Type called {a.type}"))
                if not a.hold and a.pain <= 0:
                    out.append(Violation("dud_ability", f"ability {i} neither holds nor hurts: give it a Pain "
                                                        "die or Continuous Hold"))
        else:
            out += treasure_violations(item)
            if trade_value(item) == 0:  # README: no room's loot is worth 0 in town (the AI's rule too)
                out.append(Violation("worthless", "a 1-point Mundane item fetches nothing in town (half of 1, "
                                                  "rounded down): give it Increased Value, or make it Fancy"))
            if item.universal and not (item.annoy or item.pain):
                out.append(Violation("universal_no_dice", "Universal needs Annoy or Pain dice to widen"))
            if item.type and item.type not in types:
                out.append(Violation("type", f"there is no Type called {item.type}"))
            if purchase.spot != -1 and purchase.spot not in self.treasure_spots():
                out.append(Violation("spot", "treasure lies in the open or in a spot that can hold it"))
        return out

    def _over(self, extra: int) -> list[Violation]:
        costs = [self.spent + extra]
        if costs[0] > self.budget:
            return budget_violations(costs, self.budget, self.category)
        return []

    def refusal(self, purchase: Purchase, replacing: int | None = None) -> str:
        """Why `purchase` cannot be bought ("" if it can), in place of item `replacing` if given."""
        broken = self.violations(purchase)
        if broken:
            return broken[0].reason
        freed = self.cost(self.items[replacing]) if replacing is not None else 0
        over = self._over(self.cost(purchase) - freed)
        if over:
            return f"over budget: {plural(self.left + freed, 'point')} left, this costs {self.cost(purchase)}"
        return ""

    def problems(self) -> list[Violation]:
        """Every rule the room as bought breaks: each purchase's, then the budget's (points left
        or spent past it)."""
        out = [v for p in self.items for v in self.violations(p)]
        return out + budget_violations([self.cost(p) for p in self.items], self.budget, self.category)

    def can_confirm(self) -> bool:
        return not self.problems()

    # -- buying --------------------------------------------------------------------------------

    def add(self, purchase: Purchase) -> str:
        """Buy `purchase`; returns "" or, refusing it, the reason."""
        why = self.refusal(purchase)
        if not why:
            self.items.append(purchase)
        return why

    def change(self, index: int, purchase: Purchase) -> str:
        """Replace item `index` with `purchase`; returns "" or, refusing it, the reason."""
        why = self.refusal(purchase, replacing=index)
        if not why:
            self.items[index] = purchase
        return why

    def remove(self, index: int) -> Purchase:
        return self.items.pop(index)

    # -- the AI finishes -------------------------------------------------------------------------

    def fill_rest(self, stream: Stream, style: Personality | str, quest_target: str = "") -> list[str]:
        """The seat's AI spends what is left (see the module docstring). Returns what it did, as
        lines for the player. `quest_target` is the quest's creature due in this room and not
        bought yet: the AI buys it first from what is left, as it does designing a room itself."""

        chosen = personality(style) if isinstance(style, str) else style
        notes: list[str] = []
        for p in list(self.items):
            if self.violations(p):
                self.items.remove(p)
                notes.append(f"Dropped {describe(p.item)}: {self.violations(p)[0].reason}.")
        while self.spent > self.budget:
            p = self.items.pop()
            notes.append(f"Dropped {describe(p.item)}: it spent past the budget.")
        left = self.left
        if left <= 0:
            return notes
        before = len(self.items)
        if self.category == "traps":
            if not self.spots:
                raise ValueError("a room with no spot cannot hold a trap")
            holders = [self.spots[i] for i in self.treasure_spots()] or [None]
            placed = design_traps(left, self.party, chosen.traps, stream, self.spots, holders)
            self.items += [Purchase(p.trap, self.spots.index(p.spot)) for p in placed]
        elif self.category == "treasure":
            if left == 1:  # one point buys only an item worth nothing in town: it goes into a bought one
                notes.append(self._spend_last_treasure_point())
                if self.left == 0:
                    return notes
                before = len(self.items)  # the item handed back is the AI's to buy again
            bought = design_treasure(self.left, self.party, chosen.treasure, stream)
            holders = self.treasure_spots()
            start = stream.below(len(holders)) if holders else 0
            self.items += [Purchase(item, holders[(start + i) % len(holders)] if holders else -1)
                           for i, item in enumerate(bought)]
        else:
            if left < self.floor:
                if self._top_up_monster(left):
                    notes.append(f"The last {left} point{'s' * (left != 1)} went to a monster's Level.")
                elif not self.items:
                    raise ValueError(f"a monster budget of {self.budget} cannot buy a monster of {self.floor} points")
                else:
                    gone = self.items.pop()
                    notes.append(f"{plural(left, 'point')} cannot buy a monster of {self.floor} (the Floor): the "
                                 f"AI rebuilds {describe(gone.item)} with {'it' if left == 1 else 'them'}.")
                    before -= 1
            if self.left > 0:
                bought = design_with_target(quest_target, self.left, self.floor, self.party, chosen.monsters,
                                            stream) if quest_target else None
                if bought is None:  # no creature due, or the points left cannot hold it
                    bought = design_monsters(self.left, self.floor, self.party, chosen.monsters, stream)
                self.items += [Purchase(m) for m in bought]
        added = self.items[before:]
        if added:
            notes.append(f"The AI ({chosen.title}) bought: {', '.join(describe(p.item) for p in added)}.")
        assert self.can_confirm(), self.problems()
        return notes

    def _spend_last_treasure_point(self) -> str:
        """The last point of a treasure budget: an Increased Value on a bought item with no
        doubling feature (its cost grows by exactly one), else the last item is handed back for
        the AI to rebuild with the point (a 1-point item fetches nothing in town). What was done."""
        for i, p in enumerate(self.items):
            item = p.item
            if isinstance(item, Treasure) and treasure_cost(item) == (2 if item.fancy else 1) + item.value + item.heal:
                raised = replace(item, value=item.value + 1)
                self.items[i] = Purchase(raised, p.spot)
                return f"The last point went to an item's value: {describe(raised)}."
        gone = self.items.pop()
        return (f"1 point buys only an item worth nothing in town: the AI rebuilds {describe(gone.item)} "
                "with it.")

    def _top_up_monster(self, left: int) -> bool:
        """Spend `left` points on the Level of a bought monster (the fewest doublings first)."""
        def doublings(i: int) -> int:
            m = self.items[i].item
            return sum(ability_doublings(a) for a in m.abilities) if isinstance(m, Monster) else 99

        order = sorted(range(len(self.items)), key=doublings)
        for i in order:
            m = self.items[i].item
            assert isinstance(m, Monster)
            k = sum(ability_doublings(a) for a in m.abilities)
            if left % (1 << k) == 0:
                self.items[i] = Purchase(replace(m, level=m.level + (left >> k)), self.items[i].spot)
                return True
        return False

    # -- handing over ----------------------------------------------------------------------------

    def encode(self) -> tuple:
        """The purchases as BuildRoom items (game.designers.builds)."""
        out = []
        for p in self.items:
            if isinstance(p.item, Trap):
                out.append(encode_trap(p.item, p.spot))
            elif isinstance(p.item, Monster):
                out.append(encode_monster(p.item))
            else:
                out.append(encode_treasure(p.item, p.spot))
        return tuple(out)

    def restore(self, items: Sequence[tuple]) -> str:
        """Buy again the purchases `encode` gave (a build left unconfirmed), each priced and
        checked anew; returns "" or, refusing one, why (nothing is bought then)."""
        try:
            decoded = decode(self.category, items, self.spots)
        except (ValueError, TypeError, IndexError):
            return "they are not purchases of this room"
        spots = [raw[7] if self.category != "monsters" else -1 for raw in items]
        before = list(self.items)
        for value, spot in zip(decoded, spots, strict=True):
            item = value if isinstance(value, Monster) else value.trap if self.category == "traps" else value.item
            why = self.add(Purchase(item, spot if self.category != "treasure" or value.spot is not None else -1))
            if why:
                self.items = before
                return why
        return ""


def describe(item: Item) -> str:
    """A purchase in a few words: "fire trap (4)", "Level 3 monster (6)", "Fancy item (5)"."""
    cost = quote(item).cost
    if isinstance(item, Trap):
        what = f"{item.name or (item.type or 'untyped') + ' trap'}"
    elif isinstance(item, Monster):
        what = item.name or f"Level {item.level} monster"
    else:
        what = item.name or f"{'Fancy' if item.fancy else 'Mundane'} item"
    return f"{what} ({cost})"
