"""Names and descriptions: in the tone of the seriousness dial, in the theme's words, and varied."""

from __future__ import annotations

from collections import Counter

from game.core.dials import SERIOUSNESS, Dials
from game.core.rng import Stream
from game.core.seats import parse_seats
from game.designers.generate import generate_rooms
from game.designers.naming import Namer, boss_name, title, vocabulary, with_hold_word
from game.designers.table import designers_for
from game.engine.reach import RANGED_TYPES
from game.mapgen.plan import Spot
from game.rules.purchases import Ability, Monster, Trap, Treasure

DESIGNERS = designers_for(parse_seats("human,ai,ai"))


def names_of(seriousness: int, seeds: range, theme: str = "catacombs") -> list[str]:
    out = []
    for seed in seeds:
        for d in generate_rooms(seed, (2, 3, 5), 3, 4, DESIGNERS, Dials(seriousness=seriousness, theme=theme)):
            out += [p.monster.name for p in d.monsters] + [p.trap.name for p in d.traps]
            out += [p.item.name for p in d.treasure]
    return out


def test_every_tone_has_every_kind_of_word():
    vocab = vocabulary()
    assert set(vocab.tones) == set(SERIOUSNESS)
    for words in vocab.tones.values():
        assert all(len(v) >= 3 for v in words.values())


def test_the_seriousness_dial_changes_the_words():
    silly = set(names_of(1, range(10)))
    grim = set(names_of(6, range(10)))
    assert len(silly & grim) < 0.05 * len(silly)
    vocab = vocabulary()
    assert any(word in " ".join(grim) for word in vocab.tones["rust-and-blood"]["monster"])
    assert not any(word in " ".join(grim) for word in vocab.tones["over-the-top"]["monster"])


def test_names_do_not_repeat_within_a_run():
    for seed in range(5):
        names = []
        for d in generate_rooms(seed, (2, 3, 5), 3, 12, DESIGNERS, Dials()):
            names += [p.monster.name for p in d.monsters] + [p.trap.name for p in d.traps]
        assert len(set(names)) >= 0.95 * len(names)


def test_names_vary_across_seeds():
    """Sixty runs in one theme and one tone: most names are new, none is common."""
    names = names_of(3, range(60))
    assert len(set(names)) > 0.6 * len(names)
    assert Counter(names).most_common(1)[0][1] < 0.01 * len(names)
    assert len({n.split()[0] for n in names}) > 30


def test_descriptions_speak_the_theme():
    rooms = generate_rooms(2, (2, 3, 5), 3, 8, DESIGNERS, Dials(theme="forest"))
    lines = " ".join(p.description for d in rooms for p in d.traps)
    assert "heap of leaf litter" in lines or "floor" in lines
    assert "debris" not in lines  # the forest says "heap of leaf litter"


def test_a_monster_takes_a_creature_and_its_attack_type():
    namer = Namer(3, "necropolis", Stream(1))
    m = Monster(level=12, abilities=(Ability("necrotic", annoy=2, pain=3, universal=True),))
    named, line = namer.monster(m, boss=True, room="The Sepulchre")
    assert named.name and line and named.type in {c.attack for c in vocabulary().creatures}
    assert named.abilities[0].name and named.level == 12 and named.abilities[0].universal


def test_hold_abilities_say_so():
    namer = Namer(4, "catacombs", Stream(2))
    named, _ = namer.monster(Monster(level=2, abilities=(Ability("poison", annoy=2, hold=True),)), False, "")
    words = named.abilities[0].name.replace(",", "").split()
    assert set(words) & set(vocabulary().hold)


def test_a_hold_word_joins_an_abilitys_name_as_english_does() -> None:
    """"numbing choking cloud" read as a stammer: two words that say what a thing is like take a
    comma between them, a word that says what it is made of does not, an owner comes first, and
    a name that opens with the hold word already is not given it twice."""
    describing = vocabulary().describing
    cases = {("numbing", "choking cloud"): "numbing, choking cloud",
             ("grasping", "savage bite"): "grasping, savage bite",
             ("binding", "fire burst"): "binding fire burst",
             ("snaring", "volley"): "snaring volley",
             ("binding", "zealot's curse"): "zealot's binding curse",
             ("grasping", "grasping roots"): "grasping roots",
             ("numbing", "grasping roots"): "numbing, grasping roots"}
    for (word, name), said in cases.items():
        assert with_hold_word(word, name, describing) == said


def test_every_describing_word_opens_some_ability_name() -> None:
    """The list is of words in use: one that opens no ability's name is a slip in names.toml."""
    vocab = vocabulary()
    names = {n for words in vocab.abilities.values() for n in words}
    names |= {n for form in vocab.forms.values() for words in form.values() for n in words}
    firsts = {n.split()[0] for n in names if " " in n}
    assert vocab.describing <= firsts, sorted(vocab.describing - firsts)


CONTACT_WORDS = {"touch", "bite", "kiss", "claw", "claws", "blade", "strike", "lunge", "grip", "hug", "jaws",
                 "teeth", "fist", "nip", "brand", "maw", "talons", "slash", "cut"}


def test_an_ability_that_reaches_across_the_room_is_not_named_for_a_touch():
    """A ranged Type's special ability strikes a hero in sight a few tiles off (engine.reach): a
    "freezing touch" from three tiles away reads false in the log. A bite or claws reaches only a
    hero beside the monster, so its names may speak of contact."""
    words = vocabulary()
    lists = [(f"abilities.{t}", names) for t, names in words.abilities.items()]
    lists += [(f"forms.{form}.{t}", names) for form, by_type in words.forms.items() for t, names in by_type.items()]
    touching = {(where, name) for where, names in lists if where.rsplit(".", 1)[1] in RANGED_TYPES
                for name in names if CONTACT_WORDS & set(name.replace("-", " ").split())}
    assert touching == set()
    assert any(CONTACT_WORDS & set(name.split()) for name in words.abilities["bite"])  # the check sees such words


def test_traps_and_treasure_get_names_and_lines():
    namer = Namer(5, "tower", Stream(3))
    name, line = namer.trap(Trap("fire", annoy=2, pain=2), "fire", Spot(1, 1, "open", "door"))
    assert name and name in line
    name, line = namer.treasure(Treasure(fancy=True, pain=1, type="fire"), None)
    assert name.endswith("Flame-Warding") and name in line
    name, _ = namer.treasure(Treasure(fancy=True, heal=3), Spot(1, 1, "search", "chest", True))
    assert name.split()[-1].lower() in vocabulary().heal


def test_titles_and_boss_names_read_well():
    assert title("bolt of silk") == "Bolt of Silk"
    assert title("the echoing ossuary") == "The Echoing Ossuary"
    assert boss_name("Grell", "the Dread") == "Grell the Dread"
    assert boss_name("Ebbe", "Bane of Heroes") == "Ebbe, Bane of Heroes"
