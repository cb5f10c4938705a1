"""Every name and line the designers write reads as English, checked by rule over thousands of
rooms in every tone and theme, and over every sentence in data/lines.toml."""

from __future__ import annotations

import functools
import re
import string

import pytest

from game.core.dials import SERIOUSNESS, THEMES, Dials
from game.core.rng import Stream
from game.core.seats import parse_seats
from game.designers.generate import generate_rooms
from game.designers.naming import LINE_KEYS, SMALL_WORDS, Namer, vocabulary
from game.designers.records import RoomDesign
from game.designers.table import designers_for
from game.mapgen.plan import Spot
from game.rules.purchases import Ability, Monster, Trap, Treasure

DESIGNERS = designers_for(parse_seats("human,ai,ai"))
VOWEL_SOUND = ("hour", "honest", "honour", "heir")  # an hour
CONSONANT_SOUND = ("uni", "use", "usu", "one", "once", "eu", "ewe")  # a unicorn


def problems(text: str) -> list[str]:
    """What is wrong with a line, by rule (an independent check, not the game's own helper)."""
    out = []
    if not text or text != text.strip():
        out.append("empty or padded")
    if re.search(r"[{}]", text):
        out.append("an unfilled {placeholder}")
    if re.search(r"\b(this|that|a|an|the) the\b", text, re.IGNORECASE):
        out.append("an article before 'the'")
    if m := re.search(r"\b(\w+) \1\b", text, re.IGNORECASE):
        out.append(f"doubled word {m.group(1)!r}")
    if re.search(r"  | [.,;:!?]|,,|\.\.|\(\)|, *$|: *$", text):
        out.append("an empty slot")
    for article, word in re.findall(r"\b([Aa]n?) ([A-Za-z][\w'-]*)", text):
        low = word.lower()
        vowel = (low[0] in "aeiou" and not low.startswith(CONSONANT_SOUND)) or low.startswith(VOWEL_SOUND)
        if (article.lower() == "an") != vowel:
            out.append(f"'{article} {word}'")
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        first = next((ch for ch in sentence if ch.isalpha()), "")
        if first and not first.isupper():
            out.append(f"a sentence without its capital: {sentence!r}")
    return out


def title_problems(name: str) -> list[str]:
    """A title: every word capitalised but the small ones, and none of the problems of a line."""
    out = problems(name)
    for i, word in enumerate(name.split()):
        if (i == 0 or word not in SMALL_WORDS) and word[0].isalpha() and not word[0].isupper():
            out.append(f"{word!r} not capitalised")
    return out


@functools.cache
def rooms() -> tuple[RoomDesign, ...]:
    """2,100 rooms: every tone in every theme, on an early and a deep floor."""
    out: list[RoomDesign] = []
    for tone in range(1, len(SERIOUSNESS) + 1):
        for t, theme in enumerate(THEMES):
            for floor, levels in ((2, (2, 3, 2)), (6, (7, 8, 9))):
                seed = 100 * tone + 10 * t + floor
                out += generate_rooms(seed, levels, floor, 35, DESIGNERS, Dials(seriousness=tone, theme=theme))
    return tuple(out)


def test_thousands_of_rooms_read_well():
    assert len(rooms()) >= 2000
    bad = []
    for d in rooms():
        bad += [(d.title, p) for p in title_problems(d.title)]
        if not d.title.startswith("The "):
            bad.append((d.title, "a room's title starts with 'The'"))
        for p in d.monsters:
            bad += [(p.monster.name, x) for x in title_problems(p.monster.name)]
            bad += [(p.description, x) for x in problems(p.description)]
            if p.monster.name not in p.description:
                bad.append((p.description, "does not name its monster"))
            for a in p.monster.abilities:
                bad += [(a.name, x) for x in problems(a.name.capitalize())]
        for p in d.traps:
            bad += [(p.trap.name, x) for x in title_problems(p.trap.name)]
            bad += [(p.description, x) for x in problems(p.description)]
            if p.trap.name not in p.description:
                bad.append((p.description, "does not name the trap that is there"))
        for p in d.treasure:
            bad += [(p.item.name, x) for x in title_problems(p.item.name)]
            bad += [(p.description, x) for x in problems(p.description)]
            if p.item.name not in p.description:
                bad.append((p.description, "does not name the item that is there"))
    assert not bad, bad[:10]


def test_a_leaders_line_names_its_room_inside_the_sentence():
    lines = [(d.title[4:], p.description) for d in rooms() for p in d.monsters if d.title[4:] in p.description]
    assert lines  # some leaders' lines name their room
    assert all(f" the {room}" in line for room, line in lines), lines[:5]


def test_the_checks_catch_what_they_look_for():
    assert problems("Grell has held this The Clearing.")
    assert problems("A Oiled Pit waits in the floor.")
    assert problems("An Rusted Pit waits.")
    assert problems("The the trap.")
    assert problems("A pit waits {where}.")
    assert problems("a pit waits.")
    assert problems("A pit waits in the . It is old.")
    assert title_problems("The cold Crypt")
    assert not problems("An Oiled Pit waits in the floor. A unicorn's horn lies in an hour's dust.")
    assert not title_problems("The Cold Crypt of the Dead")


def fields_of(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


@pytest.mark.parametrize("tone", SERIOUSNESS)
def test_every_sentence_of_every_tone_reads_well_with_any_name_and_place(tone):
    """Each sentence, filled with names that take 'a' and 'an', in every place a spot can be."""
    vocab = vocabulary()
    opening = {"a_name", "A_name", "where", "host"}
    allowed = {"trap_open": opening, "treasure_open": opening,
               "trap_close": set(), "treasure_close": set(),
               "monster_lines": {"name", "creature", "a_creature", "A_creature", "level", "room"},
               "boss_lines": {"name", "creature", "a_creature", "A_creature", "level", "room"}}
    assert set(allowed) == set(LINE_KEYS)
    places = [p.format(host="heap of leaf litter") for p in vocab.places.values()]
    bad = []
    for key in LINE_KEYS:
        sentences = vocab.lines[tone][key] + tuple(s for t in THEMES for s in vocab.asides[t].get(key, ()))
        sentences += tuple(s for host in vocab.hosts.values() for s in host.get(key, ()))
        for sentence in sentences:
            if not fields_of(sentence) <= allowed[key]:
                bad.append((sentence, f"fields beyond {sorted(allowed[key])}"))
            if key.endswith("_open") and not fields_of(sentence) & {"a_name", "A_name"}:
                bad.append((sentence, "does not name what is there"))
            if re.search(r"\{host\}('s| is| was| has| hides| lies| waits)\b", sentence):
                bad.append((sentence, "a place as the subject of a verb (it may be plural)"))
            for name, article in (("Oiled Pit", "an"), ("Rusted Blade", "a")):
                for where in places:
                    text = sentence.format(name=name, a_name=f"{article} {name}",
                                           A_name=f"{article.capitalize()} {name}", where=where, host="chest",
                                           creature="ogre", a_creature="an ogre", A_creature="An ogre",
                                           level=7, room="the Cold Crypt")
                    bad += [(text, p) for p in problems(text)]
    assert not bad, bad[:10]


def test_a_tone_has_many_lines_and_a_run_never_says_one_twice():
    vocab = vocabulary()
    for tone in SERIOUSNESS:
        for key in ("trap_open", "trap_close", "treasure_open", "treasure_close"):
            assert len(vocab.lines[tone][key]) >= 12
        for key in ("monster_lines", "boss_lines"):
            assert len(vocab.lines[tone][key]) >= 8
    namer = Namer(5, "caverns", Stream(4))
    lines = [namer.trap(Trap("fire", annoy=2), "fire", Spot(2, 2, "walk", "floor"))[1] for _ in range(120)]
    assert len(set(lines)) == len(lines)


def test_a_title_is_never_given_twice_in_a_run():
    titles = [d.title for d in generate_rooms(3, (2, 3, 4), 2, 120, DESIGNERS, Dials(theme="tower"))]
    assert len(set(titles)) == len(titles)


@pytest.mark.parametrize(("noun", "kind", "own"), [
    ("wolf", "fire", {"fire breath", "cinder spit", "ember spray"}),
    ("cultist", "fire", {"fire bolt", "flame spell", "burning hex", "cinder curse"}),
    ("stone golem", "crushing", {"stone fist", "crushing slam", "ground pound"}),
    ("bandit", "arrows", {"volley", "barbed shot", "sniping shot", "crossbow bolt"}),
])
def test_an_ability_is_named_in_the_creatures_own_way(noun, kind, own):
    creature = next(c for c in vocabulary().creatures if c.noun == noun)
    namer = Namer(3, "catacombs", Stream(5))
    names = {namer.ability(Ability(kind, pain=2), creature) for _ in range(12)}
    assert names == own


def test_every_creature_has_a_form_with_names_of_its_own():
    vocab = vocabulary()
    assert {c.form for c in vocab.creatures} == set(vocab.forms)
    # a beast never casts and a caster never breathes: the forms keep their words apart
    beastly = {n for names in vocab.forms["beast"].values() for n in names}
    spells = {n for names in vocab.forms["caster"].values() for n in names}
    assert not any("spell" in n or "hex" in n for n in beastly)
    assert not any("breath" in n or "spit" in n for n in spells)
    generic = {n for names in vocab.abilities.values() for n in names}
    assert not any(re.search(r"breath|spit|drool|tail|hide\b", n) for n in generic)


def test_a_monster_named_by_a_namer_carries_its_forms_ability_names():
    namer = Namer(2, "forest", Stream(6))
    vocab = vocabulary()
    for _ in range(40):
        named, line = namer.monster(Monster(level=4, abilities=(Ability("fire", pain=2),)), False, "The Glade")
        creature = next(c for c in vocab.creatures if title_of(c.noun) in named.name)
        own = vocab.forms[creature.form].get("fire") or vocab.abilities["fire"]
        assert named.abilities[0].name in own


def title_of(noun: str) -> str:
    return " ".join(w[:1].upper() + w[1:] for w in noun.split())


def test_treasure_in_no_spot_lies_on_the_ground():
    namer = Namer(3, "forest", Stream(7))
    lines = [namer.treasure(Treasure(fancy=True), None)[1] for _ in range(40)]
    assert any("on the ground" in line for line in lines)
    assert not any("the open" in line for line in lines)
