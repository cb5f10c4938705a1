"""The table: seats (human, ai, ai+hero), parsed from `--seats`, and ready-made heroes."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.content import load, require, traits
from game.core.errors import UsageError
from game.core.rng import Stream, Streams, derive_seed

SEAT_KINDS = ("human", "ai", "ai+hero")
SEAT_COLOURS = ((255, 200, 60), (90, 180, 255), (240, 90, 200), (120, 230, 120))
PERSONALITY_CYCLE = ("tyrant", "swarm", "warden", "trickster")
EVERY_PERSONALITY = (*PERSONALITY_CYCLE, "artisan", "curator")  # data/personalities.toml's tables


@dataclass(frozen=True, slots=True)
class Seat:
    index: int
    kind: str  # human | ai | ai+hero
    name: str
    colour: tuple[int, int, int]

    @property
    def human(self) -> bool:
        return self.kind == "human"

    @property
    def has_hero(self) -> bool:
        return self.kind in ("human", "ai+hero")


NAME_MOST = 20  # characters of a player's name the screens have room for


def reads_as_ai(name: str) -> bool:
    """Whether a name reads as an AI seat's: the AI seats are called "Warden (AI)" and the like,
    so a player called so (in any case) could not be told from one in the log and the hand-overs."""
    return " ".join(name.split()).casefold().endswith("(ai)")


def short_name(text: str) -> str:
    """A player's name as the table shows it: at most NAME_MOST characters, cut after its last
    whole word that fits ("Maximiliana Featherstonehaugh" -> "Maximiliana", not
    "Maximiliana Feathers"); a single longer word is cut where it must be."""
    name = " ".join(text.split())
    if len(name) <= NAME_MOST:
        return name
    cut = name[:NAME_MOST + 1].rfind(" ")
    return name[:cut] if cut > 0 else name[:NAME_MOST]


def parse_seats(text: str, hero_needed: bool = True) -> tuple[Seat, ...]:
    """`human,ai,ai` -> seats; 1-4 seats, at least one with a hero unless `hero_needed` is
    False (`generate`, whose heroes are its --party). A seat may carry its player's name after a
    colon (`human:Ann,human:Bob,ai`); names are kept in recordings."""
    parts = [k.strip() for k in text.split(",") if k.strip()]
    kinds = [p.split(":", 1)[0].strip().lower() for p in parts]
    given = [short_name(p.split(":", 1)[1]) if ":" in p else "" for p in parts]
    if not 1 <= len(kinds) <= 4:
        raise UsageError(f"--seats takes 1 to 4 seats, got {len(kinds)}")
    for k in kinds:
        if k not in SEAT_KINDS:
            raise UsageError(f"unknown seat kind '{k}' (use human, ai or ai+hero)")
    if hero_needed and not any(k in ("human", "ai+hero") for k in kinds):
        raise UsageError("at least one seat needs a hero (human or ai+hero)")
    humans = 0
    seats = []
    for i, k in enumerate(kinds):
        if k == "human":
            humans += 1
            name = f"Player {humans}"
        elif given[i].lower() in EVERY_PERSONALITY:  # `ai:tyrant` is named as `ai` seats are: "Tyrant (AI)"
            name, given[i] = f"{given[i].title()} (AI)", ""
        else:
            name = f"{PERSONALITY_CYCLE[i % len(PERSONALITY_CYCLE)].title()} (AI)"
        seats.append(Seat(i, k, given[i] or name, SEAT_COLOURS[i % len(SEAT_COLOURS)]))
    return tuple(seats)


def drawn_personalities(text: str, seed: int) -> str:
    """`--seats` for a table with no human (autoplay, the balance lab): each AI seat given no
    personality gets one drawn from the seed (`ai` -> `ai:warden`), so over many runs every
    personality designs; by place at the table the artisan and the curator never would. Seats
    already named, and tables with a human, come back as they are."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if any(p.split(":", 1)[0].strip().lower() == "human" for p in parts):
        return text
    start = derive_seed(seed, "personalities") % len(EVERY_PERSONALITY)
    out = []
    for i, part in enumerate(parts):
        if ":" not in part:
            part = f"{part}:{EVERY_PERSONALITY[(start + i) % len(EVERY_PERSONALITY)]}"
        out.append(part)
    return ",".join(out)


@dataclass(frozen=True, slots=True)
class HeroChoice:
    """A hero's making: Budget Dungeons race trait + two class traits."""

    name: str
    race: str
    race_trait: str
    klass: str
    class_traits: tuple[str, str]


FIRST: tuple[str, ...] = tuple(require(load("heroes"), "first", list, "heroes.toml"))  # data/heroes.toml
LAST: tuple[str, ...] = tuple(require(load("heroes"), "last", list, "heroes.toml"))


def random_hero(stream: Stream) -> HeroChoice:
    """A ready-made hero drawn from `stream` (the seed's "heroes" stream)."""
    t = traits()
    race = stream.choice(sorted(t.races))
    klass = stream.choice(sorted(t.classes))
    options = list(t.classes[klass][0])
    stream.shuffle(options)
    name = f"{stream.choice(FIRST)} {stream.choice(LAST)}"
    return HeroChoice(name, race, stream.choice(t.races[race]), klass, (options[0], options[1]))


def ready_made_heroes(seed: int, seats: tuple[Seat, ...], given: dict[int, HeroChoice]) -> dict[int, HeroChoice]:
    """The heroes a run starts with when two ready-made ones would share a first name: each seat's as
    the engine draws it (its "heroes" stream), a clash given a name drawn again. Without a clash
    ``given`` comes back as it is, so runs whose names differ play exactly as before."""
    streams = Streams(seed)
    heroes = {s.index: given.get(s.index) or random_hero(streams.get("heroes", s.index, 0))
              for s in seats if s.has_hero}
    firsts = [h.name.split()[0] for h in heroes.values()]  # "Oda Thimble" and "Oda Ashdown" clash too
    if len(set(firsts)) == len(firsts):
        return given
    taken: set[str] = set()
    out = dict(given)
    for index, hero in heroes.items():
        again = 0
        while hero.name.split()[0] in taken:
            again += 1
            stream = streams.get("hero name", index, again)
            hero = HeroChoice(f"{stream.choice(FIRST)} {stream.choice(LAST)}", hero.race, hero.race_trait,
                              hero.klass, hero.class_traits)
        taken.add(hero.name.split()[0])
        out[index] = hero
    return out
