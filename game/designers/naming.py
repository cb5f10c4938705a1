"""Names and descriptions for what the designers build, from `data/names.toml` (names) and
`data/lines.toml` (lines), in the tone of the seriousness dial (Donjon) and the words of the
dungeon's theme.

A Namer remembers every name, room title and line it has given (pass the run's `seen` set, kept in
the game's state so a replay names alike) and draws again, a few times, rather than repeat one; and
it goes through each list of words (adjectives, epithets, sentences) before using any word twice in
a run, so that a run's names and lines keep changing. A trap's or treasure's line is two sentences,
each from its own list, so a run meets many lines before any comes back."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from itertools import filterfalse
from typing import Any

from game.core.content import load
from game.core.dials import SERIOUSNESS
from game.core.errors import DataError
from game.core.rng import Stream
from game.core.sentences import a_or_an
from game.designers.scout import type_kinds
from game.mapgen.plan import RoomPlan, Spot
from game.mapgen.themes import themes
from game.rules.purchases import Ability, Monster, Trap, Treasure

TONE_KEYS = ("monster", "epithet", "trap", "treasure", "room")
LINE_KEYS = ("trap_open", "trap_close", "treasure_open", "treasure_close", "monster_lines", "boss_lines")
ASIDE_KEYS = ("trap_open", "trap_close", "treasure_open", "treasure_close", "monster_lines")
HOST_KEYS = ("trap_open", "treasure_open")
RETRIES = 8
WORD_MARK = "\x00"  # a word kept in `seen` (so a run goes through its vocabulary) is marked thus
LINE_MARK = "\x01"  # a whole line's pattern kept in `seen`


@dataclass(frozen=True, slots=True)
class Creature:
    noun: str
    tier: int
    attack: str
    kinds: frozenset[str]
    themes: frozenset[str]
    form: str  # its body and way of fighting (names.toml [forms]): how its abilities are named


@dataclass(frozen=True, slots=True)
class Vocabulary:
    creatures: tuple[Creature, ...]
    bosses: tuple[str, ...]
    abilities: dict[str, tuple[str, ...]]
    hold: tuple[str, ...]
    describing: frozenset[str]  # words that open an ability's name by saying what it is like
    traps: dict[str, tuple[str, ...]]
    mundane: tuple[str, ...]
    fancy: tuple[str, ...]
    heal: tuple[str, ...]
    wards: dict[str, str]
    forms: dict[str, dict[str, tuple[str, ...]]]  # form -> Type -> ability names
    all_perils: str
    tones: dict[str, dict[str, tuple[str, ...]]]
    lines: dict[str, dict[str, tuple[str, ...]]]  # tone -> LINE_KEYS
    asides: dict[str, dict[str, tuple[str, ...]]]  # theme -> ASIDE_KEYS
    places: dict[str, str]  # a spot's host -> where it is ("in the {host}")
    hosts: dict[str, dict[str, tuple[str, ...]]]  # a spot's host -> HOST_KEYS: sentences of that place


def _words(table: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = table.get(key)
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v for v in value):
        raise DataError(f"{where}.{key}: expected a non-empty list of words")
    return tuple(value)


def _by_tone(raw: dict[str, Any], where: str, keys: tuple[str, ...]) -> dict[str, dict[str, tuple[str, ...]]]:
    """Each tone's lists of `keys` from a file's [tones.TONE] tables, every one required."""
    out = {}
    for tone in SERIOUSNESS:
        body = raw.get("tones", {}).get(tone)
        if not isinstance(body, dict):
            raise DataError(f"{where}: missing [tones.{tone}]")
        out[tone] = {key: _words(body, key, f"{where} tones.{tone}") for key in keys}
    return out


@functools.cache
def vocabulary() -> Vocabulary:
    """data/names.toml, checked: every tone complete, every creature's Type known."""
    raw = load("names")
    types = load("types")["types"]
    forms = {
        form: {t: _words(body, t, f"names.toml forms.{form}") for t in sorted(body)}
        for form, body in sorted(raw.get("forms", {}).items())
    }
    for form, by_type in forms.items():
        if not set(by_type) <= set(types):
            raise DataError(f"names.toml forms.{form}: unknown Types {sorted(set(by_type) - set(types))}")
    kinds = {body["kind"] for body in types.values()}
    creatures = []
    for noun in sorted(raw.get("creatures", {})):
        body = raw["creatures"][noun]
        where = f"names.toml creatures.{noun!r}"
        if body.get("attack") not in types:
            raise DataError(f"{where}.attack: unknown Type {body.get('attack')!r}")
        if not set(body.get("kinds", [])) <= kinds or not isinstance(body.get("tier"), int):
            raise DataError(f"{where}: needs a tier and kinds among {', '.join(sorted(kinds))}")
        if body.get("form") not in forms:
            raise DataError(f"{where}.form: one of {', '.join(forms)}, not {body.get('form')!r}")
        creatures.append(
            Creature(
                noun,
                body["tier"],
                body["attack"],
                frozenset(body["kinds"]),
                frozenset(body.get("themes", [])),
                body["form"],
            )
        )
    if not creatures:
        raise DataError("names.toml: no creatures")
    abilities_raw = raw.get("abilities", {})
    abilities = {
        t: _words(abilities_raw, t, "names.toml abilities") for t in sorted(abilities_raw) if t != "hold"
    }
    treasure = raw.get("treasure", {})
    tones = _by_tone(raw, "names.toml", TONE_KEYS)
    said = load("lines")
    lines = _by_tone(said, "lines.toml", LINE_KEYS)
    asides = {
        theme: {key: _words(body, key, f"lines.toml themes.{theme}") for key in ASIDE_KEYS}
        for theme, body in sorted(said.get("themes", {}).items())
    }
    places = {str(k): str(v) for k, v in said.get("places", {}).items()}
    hosts = {
        host: {key: _words(body, key, f"lines.toml hosts.{host}") for key in HOST_KEYS if key in body}
        for host, body in sorted(said.get("hosts", {}).items())
    }
    if "default" not in places or "open" not in places:
        raise DataError("lines.toml [places]: needs 'default' and 'open'")
    return Vocabulary(
        creatures=tuple(creatures),
        bosses=_words(raw, "bosses", "names.toml"),
        abilities=abilities,
        hold=_words(abilities_raw, "hold", "names.toml abilities"),
        describing=frozenset(_words(raw.get("ability_words", {}), "describing", "names.toml ability_words")),
        traps={k: _words(raw.get("traps", {}), k, "names.toml traps") for k in sorted(raw.get("traps", {}))},
        mundane=_words(treasure, "mundane", "names.toml treasure"),
        fancy=_words(treasure, "fancy", "names.toml treasure"),
        heal=_words(treasure, "heal", "names.toml treasure"),
        wards=dict(sorted(treasure.get("wards", {}).items())),
        forms=forms,
        all_perils=str(treasure.get("all", "All Perils")),
        tones=tones,
        lines=lines,
        asides=asides,
        places=places,
        hosts=hosts,
    )


SMALL_WORDS = frozenset({"a", "an", "and", "in", "of", "on", "the", "to"})


@functools.lru_cache(maxsize=4096)
def title(text: str) -> str:
    """Each word but the small ones capitalised, the rest of it left alone ("bolt of silk" ->
    "Bolt of Silk", "will-o'-wisp" -> "Will-o'-wisp")."""
    words = text.split()
    return " ".join(w if i and w in SMALL_WORDS else w[:1].upper() + w[1:] for i, w in enumerate(words))


@functools.lru_cache(maxsize=1024)
def place_words(theme: str, host: str) -> str:
    """A spot's host in the theme's words ("debris" -> "pile of old bones", "river" -> "stream")."""
    look = themes().get(theme)
    if look is None:
        return host.replace("_", " ")
    return look.feature_name(host)


def boss_name(given: str, epithet: str) -> str:
    """ "Grell the Dread", "Vorn of the Red Hand", "Xol Who Wears Faces", "Ebbe, Bane of Heroes"."""
    if epithet.split(" ", 1)[0] in ("the", "of", "Who", "Whom"):
        return f"{given} {epithet}"
    return f"{given}, {epithet}"


def tier_for(level: int) -> int:
    """How legendary a creature should sound for a monster of `level`."""
    return 1 if level <= 2 else 2 if level <= 5 else 3 if level <= 9 else 4


@functools.lru_cache(maxsize=2048)
def _creature_weights(
    tier: int, kinds: frozenset[str], theme: str
) -> tuple[tuple[Creature, ...], tuple[float, ...]]:
    """The creatures of about `tier` and how likely each is: its tier's closeness, then whether it
    has any of the abilities' `kinds`, then whether it lives in the theme (multiplied in that order)."""
    out, near, at_home = _creatures_near(tier, theme)
    if not kinds:
        return out, tuple(w * t for w, t in zip(near, at_home, strict=True))
    return out, tuple(w * (4.0 if c.kinds & kinds else 0.25) * t for c, w, t in zip(out, near, at_home, strict=True))


@functools.lru_cache(maxsize=256)
def _creatures_near(tier: int, theme: str) -> tuple[tuple[Creature, ...], tuple[float, ...], tuple[float, ...]]:
    """The creatures within a tier of `tier`, the weight of their closeness and of the theme (see
    `_creature_weights`: kept apart from the abilities' kinds, which change from monster to monster)."""
    out, near, at_home = [], [], []
    for c in vocabulary().creatures:
        gap = abs(c.tier - tier)
        if gap > 1:
            continue
        out.append(c)
        near.append(4.0 if gap == 0 else 1.0)
        at_home.append(3.0 if theme in c.themes else 1.5 if not c.themes else 0.4)
    return tuple(out), tuple(near), tuple(at_home)


@functools.lru_cache(maxsize=4096)
def _marks(words: tuple[str, ...]) -> tuple[str, ...]:
    """The words as `seen` keeps them (WORD_MARK before each), in the order of `words`: a list is
    looked through for every word drawn from it."""
    return tuple(WORD_MARK + w for w in words)


@functools.lru_cache(maxsize=4096)
def _fitting(adjectives: tuple[str, ...], noun: str) -> tuple[str, ...]:
    """The adjectives none of whose words `noun` has (see Namer._before)."""
    own = {w.lower() for w in noun.split()}
    return tuple(a for a, words in zip(adjectives, _lowered(adjectives), strict=True) if own.isdisjoint(words))


@functools.lru_cache(maxsize=256)
def _lowered(adjectives: tuple[str, ...]) -> tuple[frozenset[str], ...]:
    """Each adjective's words in lower case (a list meets many nouns: see `_fitting`)."""
    return tuple(frozenset(w.lower() for w in a.split()) for a in adjectives)


@functools.lru_cache(maxsize=1024)
def _lines(tone: str, theme: str, key: str) -> tuple[str, ...]:
    """The tone's lines of `key` (LINE_KEYS) and then the theme's."""
    vocab = vocabulary()
    return vocab.lines[tone][key] + vocab.asides.get(theme, {}).get(key, ())


@functools.lru_cache(maxsize=1024)
def _sentences(tone: str, theme: str, what: str, host: str) -> tuple[tuple[str, ...], tuple[str, ...], str, str]:
    """A trap's or treasure's (`what`) opening sentences in the tone's, the theme's and the
    place's words, its closing ones in the tone's and the theme's, where it is, and the place's
    name (see Namer._described)."""
    vocab = vocabulary()
    opens = _lines(tone, theme, f"{what}_open") + vocab.hosts.get(host, {}).get(f"{what}_open", ())
    closes = _lines(tone, theme, f"{what}_close")
    place = place_words(theme, host)
    return opens, closes, vocab.places.get(host, vocab.places["default"]).format(host=place), place


class Namer:
    """Gives names and one-line descriptions in one tone and theme, drawing from `stream`."""

    def __init__(self, seriousness: int, theme: str, stream: Stream, seen: set[str] | None = None) -> None:
        self.vocab = vocabulary()
        self.tone_name = SERIOUSNESS[seriousness - 1]
        self.tone = self.vocab.tones[self.tone_name]
        self.theme = theme
        self.stream = stream
        self.seen = seen if seen is not None else set()

    def _fresh(self, make: Callable[[], str]) -> str:
        name = make()
        for _ in range(RETRIES):
            if name not in self.seen:
                break
            name = make()
        self.seen.add(name)
        return name

    def _word(self, words: tuple[str, ...]) -> str:
        """A word from `words` not used yet in this run (the `seen` set keeps them, marked, beside
        the names); once all are used, the list starts over.

        The same draw as `stream.choice([w for w in words if not used])`, made on the words as
        `seen` keeps them (lists are short: a few dozen words)."""
        if not words:
            raise IndexError("choice from an empty sequence")
        marks = _marks(words)
        seen = self.seen
        # in the order of `words`; a list none of whose words is used yet (as every list is after
        # it starts over) is looked through once, in C, and not copied
        free = marks if seen.isdisjoint(marks) else list(filterfalse(seen.__contains__, marks))
        if free:
            mark = free[self.stream.below(len(free))]
        else:  # all used: the list starts over
            seen.difference_update(marks)
            mark = marks[self.stream.below(len(marks))]
        seen.add(mark)
        return mark[len(WORD_MARK):]


    def _before(self, adjectives: tuple[str, ...], noun: str) -> str:
        """`noun` with a word of `adjectives` before it that none of its own words repeat (never
        "Hidden Hidden Drop"); the noun alone when every adjective would."""
        fitting = _fitting(adjectives, noun)
        return f"{self._word(fitting)} {noun}" if fitting else noun

    def _line(self, key: str, **fields: object) -> str:
        return self._word(_lines(self.tone_name, self.theme, key)).format(**fields)

    def _described(self, what: str, name: str, host: str) -> str:
        """A trap's or treasure's line: an opening sentence naming it and where it is ("{where}"),
        in the tone's, the theme's or the place's own words, then a closing one in the tone's or
        the theme's; the pair not yet used in this run."""
        opens, closes, where, place = _sentences(self.tone_name, self.theme, what, host)

        def make() -> str:
            return f"{LINE_MARK}{self._word(opens)} {self._word(closes)}"

        a_name = f"{a_or_an(name)} {name}"
        return self._fresh(make).removeprefix(LINE_MARK).format(
            name=name, a_name=a_name, A_name=a_name[0].upper() + a_name[1:], where=where, host=place)

    def creature(self, monster: Monster, boss: bool = False) -> Creature:
        """A creature for the monster: as legendary as its Level (one step more for a room's
        leader), able to have its abilities' kinds, at home in the theme."""
        kinds = frozenset(type_kinds().get(a.type, "") for a in monster.abilities)
        tier = min(4, tier_for(monster.level) + int(boss))
        pool, weights = _creature_weights(tier, kinds, self.theme)
        if not pool:
            pool, weights = tuple(self.vocab.creatures), tuple(1.0 for _ in self.vocab.creatures)
        return self.stream.weighted(pool, weights)

    def ability(self, ability: Ability, creature: Creature | None = None) -> str:
        """The ability's name by its Type, in the creature's own way where its form has one (a
        beast's fire is a breath, a caster's a spell)."""
        own = self.vocab.forms.get(creature.form, {}) if creature is not None else {}
        words = own.get(ability.type) or self.vocab.abilities.get(ability.type, (ability.type,))
        name = self._word(words)
        if ability.hold:
            name = with_hold_word(self._word(self.vocab.hold), name, self.vocab.describing)
        return name

    def monster(self, monster: Monster, boss: bool, room: str) -> tuple[Monster, str]:
        """The monster named (its attack Type set from the creature it is) and its description."""
        creature = self.creature(monster, boss)
        noun = title(creature.noun)
        a_creature = f"{a_or_an(creature.noun)} {creature.noun}"
        fields = {"creature": creature.noun, "a_creature": a_creature, "A_creature": a_creature.capitalize(),
                  "level": monster.level, "room": in_sentence(room) or "this place"}
        if boss:
            name = self._fresh(
                lambda: boss_name(self._word(self.vocab.bosses), self._word(self.tone["epithet"]))
            )
            line = self._line("boss_lines", name=name, **fields)
            line = f"{line} ({creature.noun.capitalize()}, Level {monster.level})"
        else:
            name = self._fresh(lambda: self._before(self.tone["monster"], noun))
            line = self._line("monster_lines", name=name, **fields)
        abilities = tuple(a.named(self.ability(a, creature)) for a in monster.abilities)
        named = Monster(monster.level, creature.attack, abilities, name)
        return named, line

    def trap(self, trap: Trap, kind: str, spot: Spot) -> tuple[str, str]:
        nouns = self.vocab.traps.get(kind, (kind.replace("_", " "),))
        name = self._fresh(lambda: title(self._before(self.tone["trap"], self._word(nouns))))
        return name, self._described("trap", name, spot.host)

    def treasure(self, item: Treasure, spot: Spot | None) -> tuple[str, str]:
        def make() -> str:
            if item.heal:
                noun = self._word(self.vocab.heal)
            else:
                noun = self._word(self.vocab.fancy if item.fancy else self.vocab.mundane)
            name = self._before(self.tone["treasure"], noun)
            if item.universal:
                name += f" of {self.vocab.all_perils}"
            elif item.pain or item.annoy:
                ward = self.vocab.wards.get(item.type, title(item.type))
                name += f" of {ward}-{'Warding' if item.pain >= item.annoy // 2 else 'Dodging'}"
            return title(name)

        name = self._fresh(make)
        return name, self._described("treasure", name, spot.host if spot is not None else "open")

    def room(self, plan: RoomPlan) -> str:
        """The room's title, not yet given in this run: a name from the same list as the plan's
        (a room with a library is still some kind of library), half the time with a word of the tone."""
        names = _room_names(self.theme, plan.name or plan.theme)

        def make() -> str:
            base = self._word(names)
            if self.stream.chance(0.5):
                return title(f"the {self._before(self.tone['room'], base)}")
            return title(f"the {base}")

        return self._fresh(make)


def in_sentence(room_title: str) -> str:
    """A room's title inside a sentence: "The Cold Ossuary" -> "the Cold Ossuary"."""
    return "the " + room_title[4:] if room_title.startswith("The ") else room_title


def _room_names(theme: str, name: str) -> tuple[str, ...]:
    """The theme's list of room names that holds `name` (a feature's rooms, or the ordinary ones)."""
    look = themes().get(theme)
    if look is not None:
        for names in (*look.feature_rooms.values(), look.rooms):
            if name in names:
                return names
    return (name,)


def with_hold_word(word: str, name: str, describing: frozenset[str]) -> str:
    """An ability's name with the word that says it holds: before the name ("snaring volley",
    "binding fire burst"), after a comma when the name opens with a word of the same kind
    ("numbing, choking cloud"), after an owner ("zealot's binding curse"), and not at all when
    the name opens with it already ("grasping roots")."""
    first, _, rest = name.partition(" ")
    if first == word:
        return name
    if rest and first.endswith("'s"):
        return f"{first} {word} {rest}"
    if rest and first in describing:
        return f"{word}, {name}"
    return f"{word} {name}"
