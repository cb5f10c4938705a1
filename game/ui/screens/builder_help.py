"""What the room builder's help says, beside the keys: how a category is bought, priced and checked.
`help_topics` fits it to the table: only at a hot-seat table does the keyboard go on to another
player."""

from __future__ import annotations

from game.core.program import command

BUILDING = (
    "You took a category of the next room: spend its whole budget on it. The draft on the right is "
    "the thing you are about to buy; change its features and watch its price, then Enter buys it. "
    "Tab moves to the list of what you have bought, where Enter takes a purchase back into the draft "
    "to change it and Del sells it back. f lets your seat's AI spend whatever is left. c confirms "
    "the room, once every point is spent and no rule is broken; "
)
AFTER_HOT_SEAT = "then the keyboard goes to the next player. Nobody else sees what you bought: the heroes will meet it."
AFTER_SOLO = "then the heroes go on, and meet what you bought."

HELP_TOPICS = (
    ("The room builder", BUILDING + AFTER_HOT_SEAT),
    (
        "Traps",
        "cost = (Annoy pairs + Pain dice + 1 if it Guards Treasure), doubled for each of Unlimited (it "
        "springs every time), Universal (no Class Bonus or item dice against it) and Continuous (a hero "
        "who fails re-rolls every Hallway until it succeeds). At least one pair of Annoy dice; one Type. "
        "A trap sits on a spot of the room and is sprung by its action: opening the door, searching the "
        "furniture, walking over the plate. Continuous Damage needs a Pain die.",
    ),
    (
        "Monsters",
        "cost = (Level + for each special ability its Annoy pairs, Pain dice and Resist dice), doubled "
        "for each Continuous Hold, Continuous Damage and Universal over all its abilities. Hits are 3 x "
        "Level; its plain attacks roll Level Pain dice. Each monster must cost at least the Floor. An "
        "ability has a Type and at least one pair of Annoy dice, and must hold or hurt. Resist dice "
        "only against a Type some hero attacks with. When the quest's creature is due in this room, "
        "the left column names it: a monster whose name holds that word is it (\"kitten\" in "
        "\"Old kitten\"), and the room must have it (f buys it for you).",
    ),
    (
        "Treasure",
        "cost = (1 Mundane or 2 Fancy + Increased Value + Heal points), doubled for each Annoy pair, each "
        "Pain die and Universal. Only a Fancy item may be magic (heal, dice, Universal); magic with dice "
        "has a Type (Universal wards every Type). In town an item trades for half its cost.",
    ),
    (
        "Keys",
        "Tab: the draft or the bought list. Up/Down: move. Left/Right or -/+: change the value. Enter: buy "
        "the draft (or save the change), or in the list take a purchase back into the draft. Del or "
        "Backspace: sell back the purchase under the cursor. a / d: add or drop a monster's special "
        "ability. r: name it (Enter keeps the name, Esc cancels). s: suggest Types and a name. f: fill "
        "the rest for me. w: save what you bought as a design file, to share or to play with again (--designs). "
        "c: confirm the room. Esc: stop changing a purchase, leaving it as it was; in the list, back to "
        "the draft. ?: this help. Ctrl-C: save the run and leave; nothing is built until c confirms it, "
        "and `{continue}` brings you back here with what you had bought.",
    ),
)


def help_topics(hot_seat: bool) -> tuple[tuple[str, str], ...]:
    """The help for a builder at a hot-seat table (several players at the keyboard) or a solo one."""
    topics = HELP_TOPICS if hot_seat else (("The room builder", BUILDING + AFTER_SOLO), *HELP_TOPICS[1:])
    return tuple((heading, body.replace("{continue}", command("continue"))) for heading, body in topics)
