"""The room builder's draft as a form: the fields a purchase has (builder_fields.py), and setting
them (kinds that fit a spot, a suggested Type, abilities, resist dice)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from game.core.rng import Stream
from game.core.sentences import capitalised
from game.designers.builder import known_types, quote
from game.designers.scout import pick_resist
from game.designers.traps import trap_kinds
from game.engine.reach import RANGED_TYPES
from game.mapgen.plan import Spot
from game.rules.costs import monster_hits
from game.rules.purchases import Ability, Monster, Trap
from game.ui.screens.builder_fields import Field, cycle, cycle_int, yes
from game.ui.screens.builder_words import pairs_text
from game.ui.screens.spot_words import VERBS


class BuilderForm:
    """Editing the draft for BuilderScreen (which holds the draft and the builder)."""

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
                   step: int = 1, shown: str | None = None, shorter: tuple[str, ...] = ()) -> None:
            out.append(Field(key, label, shown if shown is not None else str(value), note, about,
                             lambda d: setter(max(0, value + d * step)), shorter=shorter))

        def toggle(key: str, label: str, value: bool, note: str, about: str, setter: Callable[[bool], None]) -> None:
            out.append(Field(key, label, yes(value), note, about, lambda d: setter(not value)))

        each = f"+{self.step_price()}"  # what one more point before doubling adds to the price
        if isinstance(item, Trap):
            spots = self.spots()
            where = self.spot_words(spots[spot]) if 0 <= spot < len(spots) else "(no spot)"
            short_where = self.spot_shorter(spots[spot]) if 0 <= spot < len(spots) else ()
            kinds = self.kinds_here(spot)
            fits = ", ".join(sorted({f"{k.name.replace('_', ' ')} ({k.type})" for k in kinds})) or "any"
            suits = ", ".join(sorted({k.type for k in kinds})) or "any"
            out.append(Field("spot", "Spot", where, "", "Where it sits: the action there springs it. "
                             f"Trap kinds that fit: {fits}.",
                             lambda d: self.draft_spot((spot + d) % max(1, len(spots))), short_values=short_where,
                             shorter=(f"The action there springs it. Types that suit it: {suits}.",
                                      f"Types that suit this spot: {suits}.",
                                      "The action there springs it; s suggests a Type that suits it.")))
            out.append(Field("type", "Type", item.type or "(none)", "",
                             f"Its one damage Type. Fits this spot: {fits}. s suggests one.",
                             lambda d: self.set_item(type=cycle(types, item.type, d)),
                             shorter=(f"Its one damage Type. This spot suits {suits}. s suggests one.",
                                      f"One damage Type; this spot suits {suits}.",
                                      "Its one damage Type; s suggests one that suits the spot.")))
            number("annoy", "Annoy dice", item.annoy, f"{each} a pair", "Dice the hero must beat to avoid it, "
                   "bought in pairs; at least one pair.", lambda v: self.set_item(annoy=v), 2,
                   f"{item.annoy} ({pairs_text(item.annoy)})")
            number("pain", "Pain dice", item.pain, f"{each} each", "Dice of harm when a hero fails to avoid it.",
                   lambda v: self.set_item(pain=v))
            toggle("guards", "Guards treasure", item.guards_treasure, each, "The room's treasure is out of reach "
                   "until this trap is sprung, disarmed or sidestepped.", lambda v: self.set_item(guards_treasure=v))
            toggle("unlimited", "Unlimited", item.unlimited, "x2", "It springs every time, not once.",
                   lambda v: self.set_item(unlimited=v))
            toggle("universal", "Universal", item.universal, "x2", "No Class Bonus or item dice count against it.",
                   lambda v: self.set_item(universal=v))
            toggle("continuous", "Continuous", item.continuous, "x2", "A hero who fails re-rolls every Hallway "
                   "until it succeeds. Needs a Pain die.", lambda v: self.set_item(continuous=v))
        elif isinstance(item, Monster):
            number("level", "Level", item.level, f"{each} each", f"Hits are 3 x Level ({monster_hits(item.level)}); "
                   f"its plain attacks roll Level Pain dice. Each monster costs at least {self.model.floor} "
                   "(the Floor).", lambda v: self.set_item(level=v),
                   shorter=(f"Hits 3 x Level ({monster_hits(item.level)}); plain attacks roll Level Pain dice. "
                            f"Costs at least {self.model.floor} (the Floor).",))
            if item.name:
                ranged = ", ".join(sorted(RANGED_TYPES))
                out.append(Field("mtype", "Attack Type", item.type, "", f"What its plain attacks are: {ranged} "
                                 "strike from afar, the rest only beside it.",
                                 lambda d: self.set_item(type=cycle(types, item.type, d)),
                                 shorter=(f"Its plain attacks; {ranged} strike from afar.",
                                          "Its plain attacks: a ranged Type strikes from afar.")))
            else:  # the table names it for a creature, and it attacks as that creature does (Namer.monster)
                out.append(Field("mtype", "Attack Type", "(its creature's)", "", "Unnamed, it attacks as the "
                                 "creature the table names it for does; r or s names it, and then its Type is "
                                 "yours to choose.", lambda d: None,
                                 shorter=("Unnamed, it attacks as its creature does; name it (r, s) to choose.",)))
            for i, a in enumerate(item.abilities):
                n = i + 1
                out.append(Field(f"a{i}.type", f"Ability {n} Type", a.type or "(none)", "",
                                 "A special ability: it rolls Annoy (then Pain) dice, plus Level dice. d drops it.",
                                 lambda d, i=i, a=a: self.set_ability(i, type=cycle(types, a.type, d))))
                number(f"a{i}.annoy", "  Annoy dice", a.annoy, f"{each} a pair", "Bought in pairs; at least one pair.",
                       lambda v, i=i: self.set_ability(i, annoy=v), 2, f"{a.annoy} ({pairs_text(a.annoy)})")
                number(f"a{i}.pain", "  Pain dice", a.pain, f"{each} each", "Harm when the hero fails to dodge it.",
                       lambda v, i=i: self.set_ability(i, pain=v))
                out.append(Field(f"a{i}.resist", "  Resist dice", str(len(a.resist)), f"{each} each",
                                 f"Dice against one Type each; the party attacks with "
                                 f"{', '.join(self.party.attack_types) or 'nothing'}.",
                                 lambda d, i=i, a=a: self.resist_count(i, a, d),
                                 shorter=("Dice against one Type each, worth it only against a Type the party "
                                          "attacks with (on the left).",)))
                for j, r in enumerate(a.resist):
                    pointless = r not in self.model.attack_types
                    out.append(Field(f"a{i}.r{j}", "    resists", r, "nobody uses it" if pointless else "",
                                     "Resist dice count only against a Type some hero attacks with.",
                                     lambda d, i=i, j=j, a=a: self.set_ability(
                                         i, resist=a.resist[:j] + (cycle(types, a.resist[j], d),) + a.resist[j + 1:]),
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
            number("value", "Value", item.value, f"{each} each", "Increased Value: worth more in town (half its cost).",
                   lambda v: self.set_item(value=v))
            number("heal", "Heal", item.heal, f"{each} each", "Magic: heals that many Hits, once. Fancy only.",
                   lambda v: self.set_item(heal=v))
            number("annoy", "Annoy dice", item.annoy, "x2 a pair", "Magic: dice for dodging its Type. Fancy only.",
                   lambda v: self.set_item(annoy=v), 2, f"{item.annoy} ({pairs_text(item.annoy)})")
            number("pain", "Pain dice", item.pain, "x2 each", "Magic: dice against its Type's harm. Fancy only.",
                   lambda v: self.set_item(pain=v))
            toggle("universal", "Universal", item.universal, "x2", "Magic: its dice count against every Type.",
                   lambda v: self.set_item(universal=v))
            out.append(Field("type", "Type", item.type or "(none)", "", "The Type its dice ward against.",
                             lambda d: self.set_item(type=cycle(("", *types), item.type, d))))
            holders = self.holders()
            spots = self.spots()
            lies = "in the open" if spot == -1 else (self.spot_words(spots[spot]).split(":")[0]
                                                       if 0 <= spot < len(spots) else "?")
            short_lies = (capitalised(self.where_short(spots[spot])),) if 0 <= spot < len(spots) else ()
            about = ("In the open, or hidden in furniture that can hold it." if len(holders) > 1 else
                     "In the open: nothing in this room can hold it.")  # Left/Right had nothing to offer
            out.append(Field("where", "Lies", lies, "", about,
                             lambda d: self.draft_where(cycle_int(holders, spot, d)), short_values=short_lies))
        name = item.name or "(the table names it)"
        out.append(Field("name", "Name", name, "r", "r types a name; s suggests one; empty: the table names it.",
                         lambda d: None))
        return out

    def step_price(self) -> int:
        """What one point before doubling costs the draft: 1, doubled once per doubling its price
        has (a Pain die on an Unlimited trap adds 2; "+1 each" beside it was not what it cost)."""
        return 1 << len(quote(self.draft.item).doublings)

    def spot_shorter(self, spot: Spot) -> tuple[str, ...]:
        """A spot in fewer words, for a narrow draft: "Pile of old bones, E wall: search it", then
        without what springs it (never "Pile of old bones in the east...")."""
        short = capitalised(self.where_short(spot))
        return (f"{short}: {VERBS.get(spot.action, spot.action)}", short)

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
