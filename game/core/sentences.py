"""Sentences right by construction: counts with the noun's right number, possessives, articles
and capitals. Pure string functions over data/words.toml, for every layer that writes a line
(the log, the Hallway, the morgue file); ``tidy`` is the last look every shown line gets."""

from __future__ import annotations

import re
from functools import cache

from game.core import content


@cache
def _words() -> tuple[dict[str, str], tuple[str, ...], tuple[str, ...]]:
    raw = content.load("words")
    plurals = {str(k): str(v) for k, v in raw.get("plurals", {}).items()}
    articles = raw.get("articles", {})
    return plurals, tuple(articles.get("a", ())), tuple(articles.get("an", ()))


@cache
def _singular_of_counted() -> dict[str, str]:
    """Plural -> singular of every counted noun's last word ("traps" -> "trap", "dice" -> "die")."""
    nouns = content.load("words").get("counted", {}).get("nouns", [])
    return {plural_of(n).rsplit(" ", 1)[-1]: n.rsplit(" ", 1)[-1] for n in nouns}


def plural_of(noun: str) -> str:
    """'trap' -> 'traps', 'die' -> 'dice', 'box' -> 'boxes'; the last word of a phrase changes."""
    head, _, last = noun.rpartition(" ")
    irregular = _words()[0]
    if last in irregular:
        word = irregular[last]
    elif re.search(r"(s|x|z|ch|sh)$", last):
        word = last + "es"
    elif re.search(r"[^aeiou]y$", last):
        word = last[:-1] + "ies"
    else:
        word = last + "s"
    return f"{head} {word}" if head else word


def verb_for(subject: str, singular: str, plural: str) -> str:
    """`singular` ("catches") or `plural` ("catch") as `subject` takes it, by its head noun: the
    last word after an owner's name and before any "of" ("Rask's raking claws catch", "a rain of
    arrows catches", "Eater of Adventurers' frost breath catches")."""
    for mark in ("'s ", "' "):
        subject = subject.rpartition(mark)[2]
    words = subject.partition(" of ")[0].split()
    head = words[-1].lower() if words else ""
    many = head in _irregular_plurals() or (head.endswith("s") and not head.endswith(("ss", "us", "is")))
    return plural if many else singular


@cache
def _irregular_plurals() -> frozenset[str]:
    """data/words.toml's plurals that differ from their singular ("teeth"; not "gold", counted as one)."""
    return frozenset(p.lower() for s, p in _words()[0].items() if p != s)


def plural(count: int, noun: str) -> str:
    """'1 monster', '2 monsters', '0 traps': the count and the noun in its right number."""
    return f"{count} {noun if count == 1 else plural_of(noun)}"


def possessive(name: str) -> str:
    """'Hagra's', but 'Eater of Adventurers'' (a name ending in s takes the apostrophe alone)."""
    return name + ("'" if name.endswith(("s", "S")) else "'s")


def a_or_an(word: str) -> str:
    """The indefinite article that goes before ``word`` (by sound where data/words.toml knows)."""
    _, consonant_sounds, vowel_sounds = _words()
    low = word.lower()
    if low.startswith(vowel_sounds):
        return "an"
    if low.startswith(consonant_sounds):
        return "a"
    return "an" if low[:1] in "aeiou" and low else "a"


def with_article(noun: str) -> str:
    """'a rusty key', 'an iron key'; a name that starts with a capital or 'the' is left alone."""
    if not noun or noun[0].isupper() or noun.startswith(("the ", "a ", "an ")):
        return noun
    return f"{a_or_an(noun)} {noun}"


def capitalised(sentence: str) -> str:
    """The first letter upper-case, the rest as written ('the door's trap ...' -> 'The door's ...')."""
    for i, ch in enumerate(sentence):
        if ch.isalpha():
            return sentence[:i] + ch.upper() + sentence[i + 1:]
        if not (ch.isspace() or ch in "\"'(["):
            return sentence
    return sentence


def join_names(names: list[str]) -> str:
    """Names in a list, set apart by commas, or by semicolons when a name has a comma of its own:
    "Lurr, Bane of Heroes, Grim-Visaged Bone Archer" read as three monsters."""
    return ("; " if any("," in name for name in names) else ", ").join(names)


def join_and(parts: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


_S_S = re.compile(r"(?<=[sS])'s\b")
# a "1" after a label is a name's number, not a count: "Player 1 traps" is Player 1's traps
_ONE = re.compile(r"(?<!Player )(?<!Level )(?<!Floor )(?<!Room )(?<!room )(?<!Seat )(?<!Turn )\b1 ([A-Za-z]+)\b")
_DOUBLED = re.compile(r"\b([A-Za-z]{2,}) \1\b")
_ARTICLE_THE = re.compile(r"\b(this|a|an|the) (The|the)\b")
_PARENS = re.compile(r"\(([^()]*)\) \(([^()]*)\)")


def tidy(line: str) -> str:
    """The last look at a line before the player reads it: a capital first, "Adventurers's" as
    "Adventurers'", "1 traps" as "1 trap" (not "Player 1 traps", a seat's), "this The" and doubled
    words once, "(a) (b)" as "(a, b)"."""
    line = _S_S.sub("'", line)
    counted = _singular_of_counted()
    line = _ONE.sub(lambda m: f"1 {counted.get(m.group(1), m.group(1))}", line)
    line = _ARTICLE_THE.sub(lambda m: m.group(2) if m.group(1)[0].islower() else m.group(2).capitalize(), line)
    line = _DOUBLED.sub(r"\1", line)
    line = _PARENS.sub(r"(\1, \2)", line)
    return capitalised(line)
