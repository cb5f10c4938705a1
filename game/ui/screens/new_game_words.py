"""What the New game form says beside its rows: each dial explained, and its help topics."""

from __future__ import annotations

DIAL_HELP = {
    "die": "Every die in the game has this many sides (Donjon). Bigger dice make rolls swingier.",
    "seriousness": "The tone of every generated name and line, from over-the-top to rust-and-blood.",
    "successes": "Law of Successes: dice above the obstacle's highest are successes, spent as facts or "
                 "banked as bonus dice; a lost conflict gives the obstacle extra Pain dice.",
    "design": "ask: a human seat that wins a category builds that part of the room itself; auto: the "
              "seat's AI builds it.",
    "morale": "Monsters check morale when one of them dies or a lone one is at half Hits, and may flee.",
    "surprise": "When neither side knew of the other, either may be surprised (2 in 6).",
    "wandering": "Lingering draws wandering monsters (1 in 6 every third turn).",
    "reactions": "Monsters a designer marked wary roll how they react before fighting.",
    "light": "Light sets sight: a torch shows 6 tiles, a lantern 12; carried light is seen first.",
    "narration_prompts": "Hot-seat: when your Thwack-O die wins a roll you may write the log's line.",
    "theme": "The dungeon's look and the words it is described in.",
}


HELP_TOPICS = (
    (
        "The table",
        "Every seat is a player with its own Thwack-O die: human (you, or a friend at this keyboard), "
        "ai (designs rooms, has no hero) or ai+hero (designs and brings an AI companion). The other "
        "seats build the rooms your heroes meet, spending point budgets on traps, monsters and "
        "treasure. At least one seat needs a hero. An AI seat goes by the personality it builds "
        "with (Tyrant, Swarm, Warden...): Left/Right on its name picks another.",
    ),
    (
        "Heroes",
        "A hero is a race and a class, each a list of traits: pick one race trait and two class traits "
        "(the same trait twice makes it 'very', three times 'incredibly'). Traits tie the hero to "
        "Types of harm and to actions; the Class Bonus (half the Level) is added to rolls of those. "
        "AI heroes are made from the seed.",
    ),
    (
        "Dials and seed",
        "Dials switch the optional rules and set the die size and tone; they are stored with the run "
        "and shown on the hero sheet. The same seed with the same choices makes the same dungeon; "
        "leave it blank for a fresh one.",
    ),
    (
        "Keys",
        "Up/Down pick a row, Left/Right change it, Enter edits a text row (Enter again keeps it, Esc "
        "undoes) or starts the run on Start. * makes a random hero for the picked seat. S starts "
        "from anywhere.",
    ),
)
