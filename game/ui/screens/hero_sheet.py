"""The hero sheet: every hero of the party (name, making, traits with their degrees and what they
tie the hero to, Level, Hits, experience, Class Bonus, story points, items, effects) and the
dials in force. A story point is spent from here (Budget Dungeons: +2 dice on the next roll)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import tcod.console

from game.core.content import traits
from game.core.sentences import plural
from game.engine.actions import SpendStory
from game.rules.heroes import class_bonus, max_hits
from game.rules.party import level_for_xp, xp_to_be
from game.ui import draw
from game.ui.events import KeyEvent
from game.ui.fit import elide
from game.ui.keymap import key_label
from game.ui.kit import Kit
from game.ui.screens.help import OWN_KEYS, HelpScreen
from game.ui.screens.screen_base import Screen
from game.ui.screens.widgets import Line, draw_lines, footer, line, scroll_marks, seat_colour, wrap_line
from game.ui.screens.words import (
    bonus_words,
    effect_words,
    hindrance_words,
    item_summary,
    reach_words,
    ties,
    trait_words,
)
from game.ui.session import Session
from game.ui.state import State
from game.world.components import Effects, HeroState

COLUMN = 50  # a hero's column on wide screens
WIDEST = 90  # and its widest: one hero at 250 columns read in lines of 50, the dials 170 columns away
DIALS_W = 30
HELP_TOPICS = (
    (
        "Traits and the Class Bonus",
        "A hero is one race trait and two class traits (a trait taken twice is 'very', three times "
        "'incredibly'). Each trait ties the hero to Types of harm and to actions. The Class Bonus, half "
        "the Level rounded down, adds dice to a roll only when its Type or its action is tied.",
    ),
    (
        "Experience and story points",
        "Damage dealt to a monster earns its cost in XP; beating a trap's annoy roll earns the trap's "
        "cost. Levels are checked in each Hallway: Level 2 at 10 XP, then 20, 40, 80... Each Level "
        "raises the maximum Hits by 5 and heals 5. A story point comes with each Level gained and with "
        "a quest fulfilled (and, in hot-seat, with narrating a roll); spent here or with {map_keys} on the "
        "map, it gives +2 dice on the hero's next roll.",
    ),
    ("Keys", "Left/Right: the previous or next hero. Up/Down, PgUp/PgDn: scroll. {keys}: spend a story point."),
)


def tab_labels(names: list[str], chosen: int, room: int) -> list[str]:
    """The hero tabs (" name ", a cell between them) in `room` cells: whole names where they fit,
    else the chosen hero's whole and the others' first names, else every name shortened to a share
    of the row; never cut at the screen's edge in the middle of a word."""
    def fits(labels: list[str]) -> bool:
        return sum(len(label) + 1 for label in labels) <= room

    whole = [f" {name} " for name in names]
    if fits(whole):
        return whole
    short = [name if i == chosen else (name.split() or [name])[0] for i, name in enumerate(names)]
    if fits([f" {name} " for name in short]):
        return [f" {name} " for name in short]
    share = max(1, room // max(1, len(names)) - 3)
    return [f" {elide(name, share)} " for name in short]


def degree_words(held: Sequence[str], bonus: int) -> list[tuple[str, str]]:
    """Each trait held a degree higher and the dice its rolls get (DESIGN.md §3: the Class Bonus
    plus d - 1 for a trait of degree d, `rules.heroes.tied_bonus`): ("very strong", "2 dice")."""
    table = traits()
    out = []
    for name in dict.fromkeys(held):
        trait = table.traits[name]
        degree = held.count(name)
        if degree > 1 and (trait.types or trait.actions):
            dice = bonus + degree - 1
            out.append((table.describe((name,) * degree)[0], plural(dice, "die")))
    return out


class HeroSheetScreen(Screen):
    def __init__(self, kit: Kit, session: Session, back: State | None) -> None:
        super().__init__(kit, back)
        self.session = session
        heroes = self.heroes()
        active = session.hero()
        self.index = next((i for i, (eid, _) in enumerate(heroes) if eid == active), 0)
        self.offset = 0
        self.status = ""
        self._max = 0
        self._page = 1

    def heroes(self) -> list[tuple[int, HeroState]]:
        return self.session.game.heroes(living=False)

    # -- events ---------------------------------------------------------------------------

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        n = len(self.heroes())
        if event.key in self.spend_keys():
            self.spend()
        elif action == "menu_left" and n:
            self.index, self.offset = (self.index - 1) % n, 0
        elif action == "menu_right" and n:
            self.index, self.offset = (self.index + 1) % n, 0
        elif action == "menu_up":
            self.offset = max(0, self.offset - 1)
        elif action == "menu_down":
            self.offset = min(self._max, self.offset + 1)
        elif action == "page_up":
            self.offset = max(0, self.offset - self._page)
        elif action == "page_down":
            self.offset = min(self._max, self.offset + self._page)
        return None

    def spend_keys(self) -> tuple[str, ...]:
        """s, and whatever the map's "spend a story point" key is, so one key works in both places."""
        try:
            bound = self.kit.keymap.keys_for("spend_story")
        except KeyError:
            bound = ()
        return ("s", *(k for k in bound if k != "s"))

    def spend(self) -> None:
        heroes = self.heroes()
        if not heroes:
            return
        eid, hero = heroes[self.index % len(heroes)]
        game = self.session.game
        name = game.name(eid)
        if not game.seats[hero.seat].human:
            self.status = f"{name} is played by the AI; its story points are its own."
        elif hero.hits <= 0:
            self.status = f"{name} has fallen."
        elif game.phase != "dungeon":
            self.status = "Story points are spent in the dungeon, before a roll."
        elif hero.spend_story_point:
            self.status = f"{name} already has a story point in play."
        elif hero.story_points <= 0:
            self.status = f"{name} has no story points. Narrate a roll you win to earn one."
        else:
            self.session.apply(SpendStory(hero.seat))
            self.status = game.log[-1].text if game.log else ""

    def open_help(self) -> State:
        """The help, with the story point keys as this keymap binds them."""
        keys = self.spend_keys()
        words = {"keys": " or ".join(key_label(k) for k in keys),
                 "map_keys": " or ".join(key_label(k) for k in keys[1:]) or "its key"}
        topics = [(heading, body.format(**words)) for heading, body in HELP_TOPICS]
        return HelpScreen(self.kit, back=self, title="Help: hero sheet", topics=topics, sections=OWN_KEYS)

    # -- content --------------------------------------------------------------------------

    def sheet_lines(self, eid: int, hero: HeroState, width: int) -> list[Line]:
        game = self.session.game
        p = self.kit.palette
        seat = game.seats[hero.seat]
        colour = seat_colour(self.kit, seat)
        label, text, accent = p["text_dim"], p["text"], p["accent"]
        top = max_hits(hero.level)
        rows: list[Line] = [
            line((game.name(eid), colour), (f"  played by {seat.name}", label)),  # not "Tyrant (AI) (ai+hero)"
            line((f"Level {hero.level} {hero.race} {hero.klass}", p["text_bright"])),
        ]
        if hero.hits <= 0:
            rows.append(line(("Fallen", p["bad"]), (f": slain by {hero.cause_of_death or 'the dungeon'}", text)))
        else:
            bar_w = 10
            filled = round(bar_w * hero.hits / top) if top else 0
            rows.append(line(("Hits ", label), (f"{hero.hits}/{top} ", text), ("=" * filled, p["good"]),
                             ("-" * (bar_w - filled), p["text_dim"])))
        need = xp_to_be(hero.level + 1)
        due = level_for_xp(hero.xp, hero.level)  # several levels at once are possible
        if due > hero.level:
            xp_note = f"Level {due} at {xp_to_be(due)}: rises in the next Hallway"
        else:
            xp_note = f"{need - hero.xp} more for Level {hero.level + 1} (at {need})"
        rows.append(line(("XP ", label), (f"{hero.xp}", text), (f"  {xp_note}", label)))
        rows.append(line(("Class Bonus ", label), (bonus_words(hero.level), text)))
        rows.append(Line())
        rows.append(line(("Traits ", label), (", ".join(trait_words(hero.traits)), p["text_bright"])))
        flawed = 2 if traits().flaws.get(hero.race) else 0  # a flawed race's second trait and its flaw
        race_traits = (hero.traits[0], *hero.traits[3:3 + flawed])
        parts = [("  race ", label), (", ".join(_nice(t) for t in race_traits), text), ("; class ", label),
                 (", ".join(_nice(t) for t in hero.traits[1:3]), text)]
        if hero.traits[3 + flawed:]:
            parts += [("; grown ", label), (grown_words(hero.traits[3 + flawed:]), text)]
        rows.append(line(*parts, indent=2))
        types, actions, attack = ties(hero.traits, hero.klass)
        rows.append(line(("Tied Types ", label), (", ".join(types) or "none", text), indent=2))
        rows.append(line(("Tied actions ", label), (", ".join(actions) or "none", text), indent=2))
        for flaw, hinders in hindrance_words(hero.traits):
            rows.append(line(("Hindered ", label), (hinders, text), (f" ({flaw}: a die fewer on each)", label),
                             indent=2))
        rows.append(line(("Fights with ", label), (attack, text), (f" ({reach_words(attack)})", label)))
        bonus = class_bonus(hero.level)
        if bonus:
            rows.append(line((f"The Class Bonus (+{bonus}) is added to rolls of those Types and actions.", label),
                             indent=0))
        for words, dice in degree_words(hero.traits, bonus):
            rows.append(line((f"Rolls tied to {words} get +{dice} (a die more for each degree past the first).",
                              label), indent=0))
        rows.append(Line())
        story = line(("Story points ", label), (str(hero.story_points), text))
        if hero.spend_story_point:
            story.add("  one in play: +2 dice on the next roll", p["good"])
        elif hero.story_points and seat.human and hero.hits > 0:
            story.add(f"  {key_label(self.spend_keys()[0])} spends one: +2 dice on the next roll", label)
        rows.append(story)
        if hero.bonus_dice:
            rows.append(line(("Banked successes ", label), (f"{hero.bonus_dice} bonus dice for a related roll", text)))
        rows.append(line(("Kills ", label), (str(hero.kills), text)))
        rows.append(Line())
        pack = game.pack(eid)
        rows.append(line((f"Items ({len(pack)})", accent)))
        for item_eid, item in pack:
            summary = item_summary(item.spec, item.objective)
            rows.append(line(("  ", text), (game.name(item_eid), p["treasure"]), (": " + summary, text), indent=4))
        if not pack:
            rows.append(line(("  nothing", label)))
        effects = game.world.comp(eid, Effects).active if game.world.try_comp(eid, Effects) else []
        rows.append(line(("Effects", accent)))
        for effect in effects:
            rows.append(line(("  " + effect_words(effect), p["warning"]), indent=4))
        if not effects:
            rows.append(line(("  none", label)))
        return [w for row in rows for w in wrap_line(row, width)]

    def dial_lines(self, width: int) -> list[Line]:
        game = self.session.game
        p = self.kit.palette
        rows = [line(("Dials in force", p["accent"]))]
        for described in game.dials.describe():
            name, _, value = described.partition(": ")
            rows.append(line((f"{name.replace('_', ' ')}: ", p["text_dim"]), (value, p["text"])))
        rows.append(Line())
        seed = "(hidden)" if self.kit.options.hide_seed else str(game.seed)
        rows.append(line(("seed: ", p["text_dim"]), (seed, p["text"])))
        lo, hi, total = game.party_numbers()
        rows.append(line(("party min/max/total: ", p["text_dim"]), (f"{lo}/{hi}/{total}", p["text"])))
        return [w for row in rows for w in wrap_line(row, width)]

    # -- drawing --------------------------------------------------------------------------

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        draw.clear(console, palette)
        heroes = self.heroes()
        draw.text(console, 1, 0, "Heroes", palette["title"])
        x = 9
        if heroes:
            self.index %= len(heroes)
        labels = tab_labels([self.session.game.name(eid) for eid, _ in heroes], self.index, console.width - x)
        for i, ((_, hero), label) in enumerate(zip(heroes, labels, strict=True)):
            colour = seat_colour(self.kit, self.session.game.seats[hero.seat])
            if i == self.index:
                x += draw.text(console, x, 0, label, palette["selection_fg"], palette["selection_bg"])
            else:
                x += draw.text(console, x, 0, label, colour)
            x += 1
        hints = [("Left/Right", "hero"), ("Up/Down PgUp/PgDn", "scroll"),
                 ("/".join(key_label(k) for k in self.spend_keys()), "spend story point"),
                 ("Esc", "back"), ("?", "help")]
        bottom = footer(console, self.kit, hints) - 1
        if self.status:
            draw.text(console, 1, bottom, self.status, palette["info"], width=console.width - 2)
            bottom -= 1
        top = 2
        height = max(1, bottom - top + 1)
        dials_w = DIALS_W if console.width >= 80 else 0
        main_w = console.width - dials_w - 3
        columns = max(1, min(main_w // COLUMN, len(heroes)))
        col_w = min(main_w // columns, WIDEST)
        main_w = columns * col_w  # the dials stand beside the heroes, not at a wide screen's far edge
        shown = [heroes[(self.index + c) % len(heroes)] for c in range(min(columns, len(heroes)))] if heroes else []
        self._max = 0
        self._page = max(1, height - 1)
        for c, (eid, hero) in enumerate(shown):
            rows = self.sheet_lines(eid, hero, col_w - 2)
            self._max = max(self._max, len(rows) - height)
            self.offset = max(0, min(self.offset, self._max))
            draw_lines(console, 1 + c * col_w, top, col_w - 2, height, rows, self.offset)
        scroll_marks(console, self.kit, main_w, top, top + height - 1, self.offset > 0, self.offset < self._max)
        if dials_w:
            dx = main_w + 3
            draw.fill(console, dx - 1, top, dials_w + 1, height, palette["panel_bg"])
            draw_lines(console, dx, top, dials_w - 1, height, self.dial_lines(dials_w - 1))
        if not heroes:
            draw.text(console, 2, top, "No heroes.", palette["text_dim"])

    def cursor(self) -> tuple[int, int] | None:
        return (1, 2)


def _nice(trait: str) -> str:
    return trait.replace("_", " ")


def grown_words(grown: Sequence[str]) -> str:
    """The traits a hero grew, each once with how often: "cunning twice, calm", not "cunning,
    cunning, calm", which reads like a slip (the Traits line above gives the degree it reached)."""
    times = {1: "", 2: " twice"}
    counts = Counter(grown)
    return ", ".join(_nice(t) + times.get(n, f" {n} times") for t, n in counts.items())
