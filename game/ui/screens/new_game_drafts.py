"""The New game form's drafts: a seat and a hero as the player edits them before the run starts
(names, kinds, colours, race, class, traits), and the ready hero suggested for a seat."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.content import traits
from game.core.seats import FIRST, LAST, PERSONALITY_CYCLE, HeroChoice
from game.engine.game import flawed_race_traits

MAX_SEATS = 4


LEVELS = (1, 2, 3)


SEAT_COLOUR_CHOICES = 6  # the palette's seat colours


@dataclass
class SeatDraft:
    kind: str
    name: str
    colour: int  # index of the palette's seat colour
    named: bool = False  # the player typed the name (else it follows the seat's kind and place)


@dataclass
class HeroDraft:
    name: str
    race: str
    race_trait: str
    klass: str
    class_traits: list[str] = field(default_factory=list)

    def choice(self) -> HeroChoice:
        return HeroChoice(self.name.strip(), self.race, self.race_trait, self.klass,
                          (self.class_traits[0], self.class_traits[1]))

    def chosen(self) -> tuple[str, ...]:
        """Every trait the hero will carry, as the engine makes it: the picked three, then a
        flawed race's second trait and its flaw."""
        return (self.race_trait, self.class_traits[0], self.class_traits[1], *flawed_race_traits(self.choice()))


@dataclass(frozen=True)
class Row:
    """One row of the form: ``key`` names what it edits; ``kind`` is choice, text, button or heading."""

    key: str
    label: str
    kind: str = "choice"
    help: str = ""


def default_name(kind: str, index: int, humans: int) -> str:
    if kind == "human":
        return f"Player {humans}"
    return f"{PERSONALITY_CYCLE[index % len(PERSONALITY_CYCLE)].title()} (AI)"


def suggested_hero(index: int, shuffle: int = 0) -> HeroDraft:
    """A ready hero for seat ``index``, varied by seat and by ``shuffle`` (drawn afresh each time
    the screen opens, so it is not always the same hero); seats of one screen never share a first
    name (a step of 7 through the names, which are more than 21)."""
    t = traits()
    races = sorted(t.races)
    classes = sorted(t.classes)
    race = races[(index * 3 + shuffle) % len(races)]
    klass = classes[(index * 5 + 1 + shuffle // 7) % len(classes)]
    options = t.classes[klass][0]
    first = FIRST[(index * 7 + shuffle) % len(FIRST)]
    last = LAST[(index * 5 + shuffle // 3) % len(LAST)]
    return HeroDraft(f"{first} {last}", race, t.races[race][0], klass, [options[0], options[1 % len(options)]])
