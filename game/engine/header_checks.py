"""The recording header's fields checked against the values this version offers (issue 17),
before any of them is used: a die of 7, seriousness 99, a theme the game cannot draw or a hero
of an unknown race is refused with one line naming the field (FileProblem, exit 3), instead of
crashing the replay, blaming the game's own data, or passing for a desync."""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

from game.core.content import traits
from game.core.dials import DIE_SIZES, THEMES, Dials, dials_from_dict
from game.core.errors import FileProblem, MasterlessError, printable
from game.core.seats import HeroChoice, parse_seats
from game.engine.game import GAME_VERSION
from game.mapgen.themes import themes

MAX_LEVEL = 10  # the highest starting level any command offers (autoplay --level)


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_field(where: str, name: str, value: Any, ok: bool, allowed: str) -> None:
    """FileProblem naming the header field unless `ok` (exit 3, before the value is used)."""
    if not ok:
        shown = printable(json.dumps(value, ensure_ascii=False))
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        raise FileProblem(f"{where}: is damaged (its header field '{name}' is {shown}; allowed: {allowed})")


def seats_ok(text: str) -> bool:
    try:
        parse_seats(text)
    except MasterlessError:
        return False
    return len(text) <= 200


def header_dials(data: Any, where: str) -> Dials:
    """The dials, each checked against the values the game offers."""
    check_field(where, "dials", data, isinstance(data, dict), "a table of dials")
    known = {f.name: type(getattr(Dials(), f.name)) for f in fields(Dials)}
    allowed = {"die": DIE_SIZES, "seriousness": range(1, 7), "design": ("ask", "auto"), "theme": themes_drawn()}
    for name, value in data.items():
        if name not in known:
            raise FileProblem(f"{where}: uses the dial '{printable(str(name)[:40])}', which Masterless "
                              f"{GAME_VERSION} does not know")
        choices = allowed.get(name, (True, False))
        shown = "1 to 6" if name == "seriousness" else ", ".join(
            ("on" if c else "off") if isinstance(c, bool) else str(c) for c in choices)
        check_field(where, f"dials.{name}", value, type(value) is known[name] and value in choices, shown)
    return dials_from_dict(data)


def themes_drawn() -> tuple[str, ...]:
    """The themes this version can draw (the dial's list, as far as the data defines them)."""

    try:
        drawn = themes()
    except MasterlessError:
        return THEMES
    return tuple(t for t in THEMES if t in drawn)


def header_heroes(data: Any, seats: tuple[Any, ...], where: str) -> dict[int, HeroChoice]:
    """Hand-made heroes: each on a seat that has a hero, each race, class and trait one the game has."""
    check_field(where, "heroes", data, isinstance(data, dict), "a table of heroes by seat")
    t = traits()
    heroes: dict[int, HeroChoice] = {}
    for key, body in data.items():
        name = f"heroes.{printable(str(key)[:8])}"
        seat = int(key) if isinstance(key, str) and key.isdigit() and len(key) < 3 else -1
        check_field(where, name, key, 0 <= seat < len(seats) and seats[seat].has_hero, "a seat with a hero")
        try:
            hero = hero_from_json(body)
        except ValueError:
            raise FileProblem(f"{where}: is damaged (its header field '{name}' is not a hero)") from None
        check_field(where, f"{name}.race", hero.race, hero.race in t.races, ", ".join(t.races))
        check_field(where, f"{name}.klass", hero.klass, hero.klass in t.classes, ", ".join(t.classes))
        check_field(where, f"{name}.race_trait", hero.race_trait, hero.race_trait in t.races[hero.race],
               ", ".join(t.races[hero.race]))
        for trait in hero.class_traits:
            check_field(where, f"{name}.class_traits", trait, trait in t.classes[hero.klass][0],
                   ", ".join(t.classes[hero.klass][0]))
        check_field(where, f"{name}.name", hero.name, 0 < len(hero.name) <= 40, "1 to 40 characters")
        heroes[seat] = hero
    return heroes


def hero_from_json(d: Any) -> HeroChoice:
    names = [f.name for f in fields(HeroChoice)]
    if not isinstance(d, dict) or sorted(d) != sorted(names):
        raise ValueError("a hand-made hero is damaged")
    traits = d["class_traits"]
    if not (isinstance(traits, list) and len(traits) == 2 and all(isinstance(t, str) for t in traits)):
        raise ValueError("a hand-made hero's class traits are damaged")
    if not all(isinstance(d[k], str) for k in names if k != "class_traits"):
        raise ValueError("a hand-made hero is damaged")
    return HeroChoice(d["name"], d["race"], d["race_trait"], d["klass"], (traits[0], traits[1]))
