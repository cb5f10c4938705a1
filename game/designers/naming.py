"""Names and descriptions for what the designers build, from `data/names.toml`, in the tone of
the seriousness dial (Donjon) and the words of the dungeon's theme.

A Namer remembers every name it has given (pass the same `seen` set through a run) and draws
again, a few times, rather than repeat one; and it goes through each list of words (adjectives,
epithets, lines) before using any word twice in a run, so that a run's names keep changing."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from game.core.content import load
from game.core.dials import SERIOUSNESS
from game.core.errors import DataError
from game.core.rng import Stream
from game.designers.scout import type_kinds
from game.mapgen.plan import RoomPlan, Spot
from game.mapgen.themes import themes
from game.rules.purchases import Ability, Monster, Trap, Treasure

TONE_KEYS = (
    "monster",
    "epithet",
    "trap",
    "treasure",
    "room",
    "monster_lines",
    "boss_lines",
    "trap_lines",
    "treasure_lines",
)
RETRIES = 8
WORD_MARK = "\x00"  # a word kept in `seen` (so a run goes through its vocabulary) is marked thus
_ARTICLE = re.compile(r"\b([Aa]) (?=[aeiouAEIOU])")


@dataclass(frozen=True, slots=True)
class Creature:
    noun: str
    tier: int
    attack: str
    kinds: frozenset[str]
    themes: frozenset[str]


@dataclass(frozen=True, slots=True)
class Vocabulary:
    creatures: tuple[Creature, ...]
    bosses: tuple[str, ...]
    abilities: dict[str, tuple[str, ...]]
    hold: tuple[str, ...]
    traps: dict[str, tuple[str, ...]]
    mundane: tuple[str, ...]
    fancy: tuple[str, ...]
    heal: tuple[str, ...]
    wards: dict[str, str]
    all_perils: str
    tones: dict[str, dict[str, tuple[str, ...]]]


def _words(table: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = table.get(key)
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v for v in value):
        raise DataError(f"{where}.{key}: expected a non-empty list of words")
    return tuple(value)


@functools.cache
def vocabulary() -> Vocabulary:
    """data/names.toml, checked: every tone complete, every creature's Type known."""
    raw = load("names")
    types = load("types")["types"]
    kinds = {body["kind"] for body in types.values()}
    creatures = []
    for noun in sorted(raw.get("creatures", {})):
        body = raw["creatures"][noun]
        where = f"names.toml creatures.{noun!r}"
        if body.get("attack") not in types:
            raise DataError(f"{where}.attack: unknown Type {body.get('attack')!r}")
        if not set(body.get("kinds", [])) <= kinds or not isinstance(body.get("tier"), int):
            raise DataError(f"{where}: needs a tier and kinds among {', '.join(sorted(kinds))}")
        creatures.append(
            Creature(
                noun,
                body["tier"],
                body["attack"],
                frozenset(body["kinds"]),
                frozenset(body.get("themes", [])),
            )
        )
    if not creatures:
        raise DataError("names.toml: no creatures")
    abilities_raw = raw.get("abilities", {})
    abilities = {
        t: _words(abilities_raw, t, "names.toml abilities") for t in sorted(abilities_raw) if t != "hold"
    }
    treasure = raw.get("treasure", {})
    tones = {}
    for tone in SERIOUSNESS:
        body = raw.get("tones", {}).get(tone)
        if not isinstance(body, dict):
            raise DataError(f"names.toml: missing [tones.{tone}]")
        tones[tone] = {key: _words(body, key, f"names.toml tones.{tone}") for key in TONE_KEYS}
    return Vocabulary(
        creatures=tuple(creatures),
        bosses=_words(raw, "bosses", "names.toml"),
        abilities=abilities,
        hold=_words(abilities_raw, "hold", "names.toml abilities"),
        traps={k: _words(raw.get("traps", {}), k, "names.toml traps") for k in sorted(raw.get("traps", {}))},
        mundane=_words(treasure, "mundane", "names.toml treasure"),
        fancy=_words(treasure, "fancy", "names.toml treasure"),
        heal=_words(treasure, "heal", "names.toml treasure"),
        wards=dict(sorted(treasure.get("wards", {}).items())),
        all_perils=str(treasure.get("all", "All Perils")),
        tones=tones,
    )


SMALL_WORDS = frozenset({"a", "an", "and", "in", "of", "on", "the", "to"})


def title(text: str) -> str:
    """Each word but the small ones capitalised, the rest of it left alone ("bolt of silk" ->
    "Bolt of Silk", "will-o'-wisp" -> "Will-o'-wisp")."""
    words = text.split()
    return " ".join(w if i and w in SMALL_WORDS else w[:1].upper() + w[1:] for i, w in enumerate(words))


def place_words(theme: str, host: str) -> str:
    """A spot's host in the theme's words ("debris" -> "pile of old bones", "river" -> "stream")."""
    look = themes().get(theme)
    if look is None:
        return host.replace("_", " ")
    return look.debris if host == "debris" else look.feature_name(host)


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
    out, weights = [], []
    for c in vocabulary().creatures:
        gap = abs(c.tier - tier)
        if gap > 1:
            continue
        w = 4.0 if gap == 0 else 1.0
        if kinds:
            w *= 4.0 if c.kinds & kinds else 0.25
        w *= 3.0 if theme in c.themes else 1.5 if not c.themes else 0.4
        out.append(c)
        weights.append(w)
    return tuple(out), tuple(weights)


class Namer:
    """Gives names and one-line descriptions in one tone and theme, drawing from `stream`."""

    def __init__(self, seriousness: int, theme: str, stream: Stream, seen: set[str] | None = None) -> None:
        self.vocab = vocabulary()
        self.tone = self.vocab.tones[SERIOUSNESS[seriousness - 1]]
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
        the names); once all are used, the list starts over."""
        fresh = [w for w in words if WORD_MARK + w not in self.seen]
        if not fresh:
            self.seen.difference_update(WORD_MARK + w for w in words)
            fresh = list(words)
        word = self.stream.choice(fresh)
        self.seen.add(WORD_MARK + word)
        return word

    def _line(self, key: str, **fields: object) -> str:
        text = self._word(self.tone[key]).format(**fields)
        return _ARTICLE.sub(r"\1n ", text)

    def creature(self, monster: Monster, boss: bool = False) -> Creature:
        """A creature for the monster: as legendary as its Level (one step more for a room's
        leader), able to have its abilities' kinds, at home in the theme."""
        kinds = frozenset(type_kinds().get(a.type, "") for a in monster.abilities)
        tier = min(4, tier_for(monster.level) + int(boss))
        pool, weights = _creature_weights(tier, kinds, self.theme)
        if not pool:
            pool, weights = tuple(self.vocab.creatures), tuple(1.0 for _ in self.vocab.creatures)
        return self.stream.weighted(pool, weights)

    def ability(self, ability: Ability) -> str:
        words = self.vocab.abilities.get(ability.type, (ability.type,))
        name = self._word(words)
        if ability.hold:
            name = f"{self._word(self.vocab.hold)} {name}"
        return name

    def monster(self, monster: Monster, boss: bool, room: str) -> tuple[Monster, str]:
        """The monster named (its attack Type set from the creature it is) and its description."""
        creature = self.creature(monster, boss)
        noun = title(creature.noun)
        if boss:
            name = self._fresh(
                lambda: boss_name(self._word(self.vocab.bosses), self._word(self.tone["epithet"]))
            )
            line = self._line("boss_lines", name=name, creature=creature.noun, level=monster.level, room=room)
            line = f"{line} ({creature.noun}, Level {monster.level})"
        else:
            name = self._fresh(lambda: f"{self._word(self.tone['monster'])} {noun}")
            line = self._line(
                "monster_lines", name=name, creature=creature.noun, level=monster.level, room=room
            )
        abilities = tuple(replace(a, name=self.ability(a)) for a in monster.abilities)
        named = replace(monster, type=creature.attack, abilities=abilities, name=name)
        return named, line

    def trap(self, trap: Trap, kind: str, spot: Spot) -> tuple[str, str]:
        nouns = self.vocab.traps.get(kind, (kind.replace("_", " "),))
        name = self._fresh(lambda: title(f"{self._word(self.tone['trap'])} {self._word(nouns)}"))
        return name, self._line("trap_lines", name=name, host=self.place(spot.host), type=trap.type)

    def treasure(self, item: Treasure, spot: Spot | None) -> tuple[str, str]:
        def make() -> str:
            if item.heal:
                noun = self._word(self.vocab.heal)
            else:
                noun = self._word(self.vocab.fancy if item.fancy else self.vocab.mundane)
            name = f"{self._word(self.tone['treasure'])} {noun}"
            if item.universal:
                name += f" of {self.vocab.all_perils}"
            elif item.pain or item.annoy:
                ward = self.vocab.wards.get(item.type, title(item.type))
                name += f" of {ward}-{'Warding' if item.pain >= item.annoy // 2 else 'Dodging'}"
            return title(name)

        name = self._fresh(make)
        host = self.place(spot.host) if spot is not None else "open"
        return name, self._line("treasure_lines", name=name, host=host, type=item.type)

    def place(self, host: str) -> str:
        return place_words(self.theme, host)

    def room(self, plan: RoomPlan) -> str:
        base = plan.name or plan.theme
        if self.stream.chance(0.5):
            return title(f"the {self._word(self.tone['room'])} {base}")
        return title(f"the {base}")
