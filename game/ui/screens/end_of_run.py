"""The end of a run: how it ended and what the run did in one true sentence, the score and how it
was made (engine.run_score), the deepest floor and the rooms, each hero's fate, the seed, where
the morgue file was written and the run's place on the high-score list, said only as the list
bears it out: never "the best run yet" for a score of 0, a tie or a list of one. The morgue text
can be read from here."""

from __future__ import annotations

from pathlib import Path

import tcod.console

from game.core.outcomes import ending
from game.core.program import command
from game.core.score_table import ScoreEntry
from game.core.sentences import plural, possessive
from game.engine.game import Game
from game.engine.morgue import every_hero, first_rooms_words, morgue_text
from game.engine.quests import fulfilled, standing, steps_done
from game.engine.run_score import score, score_parts
from game.ui import draw
from game.ui.events import KeyEvent
from game.ui.kit import Kit
from game.ui.screens.help import OWN_KEYS, HelpScreen
from game.ui.screens.screen_base import Screen
from game.ui.screens.widgets import Line, TextScreen, draw_lines, footer, line, scroll_marks, seat_colour, wrap_line
from game.ui.scrolling import scrolled
from game.ui.session import Session
from game.ui.state import Exit, State
from game.world.components import HeroState

HELP_TOPICS = (
    (
        "The end of a run",
        "A run ends when every hero is dead at once, or when the party retires in town with its loot; "
        "a quest fulfilled is paid in town, when the party climbs out with it done. The score counts "
        "what the run achieved: the value banked in town less what the starting kits would fetch, 10 "
        "for each floor reached below the entrance and 2 for each room cleared; a fallen party banks "
        "nothing. The morgue file keeps the whole story: heroes, rooms, the last of the log and the map "
        "as the party knew it.",
    ),
    ("Keys", "M reads the morgue file here; Up/Down and PgUp/PgDn scroll. Enter or Esc leaves it: for the "
             "title menu when the run began there, back to the shell after `play`."),
)


def replaced_heroes(game: Game) -> int:
    """Heroes who took a fallen one's place: every hero of a seat after its first."""
    per_seat: dict[int, int] = {}
    for _, hero in game.world.get(HeroState):  # the fallen stay in the world beside their successors
        per_seat[hero.seat] = per_seat.get(hero.seat, 0) + 1
    return sum(n - 1 for n in per_seat.values())


def fallen_words(deaths: int, replaced: int, wiped: bool = False) -> str | None:
    """'1 hero fell along the way; none was replaced.' and the like, true to both counts. A wiped
    party's last heroes fell at the end, not along the way: its line counts them all, and there
    is none when nobody was replaced (the rows above already say how each one fell)."""
    if wiped:
        if replaced == 0:
            return None
        fell = f"{plural(deaths, 'hero')} fell in all"
    else:
        fell = f"{plural(deaths, 'hero')} fell along the way"
    if replaced == 0:
        return f"{fell}; none was replaced."
    return f"{fell}; {plural(replaced, 'new hero')} took {'a place' if replaced == 1 else 'their places'}."


def lone_hero_hint() -> str:
    """How to bring a companion, with the command as the player types it (`program.command`)."""
    return ("Alone, your hero took every blow. An AI companion fights beside it: make a seat ai+hero in "
            f"New game, or `{command('play', '--seats', 'human,ai+hero,ai')}`.")


def lone_hero_fell_early(game: Game) -> bool:
    """A table of one hero, a human's, wiped before it left the entrance floor: the ending where a
    new player most needs to hear that the table can bring a companion (solo is the default)."""
    with_heroes = [seat for seat in game.seats if seat.has_hero]
    return (game.outcome == "wiped" and len(with_heroes) == 1 and with_heroes[0].human
            and game.stats.deepest_floor <= game.dungeon.entrance_floor)


def run_sentence(game: Game) -> str:
    """What the run did, in sentences true to its numbers: depth, rooms, what it banked, its quest."""
    s = game.stats
    below = s.deepest_floor - game.dungeon.entrance_floor
    depth = (f"never went below the entrance floor (Floor {s.deepest_floor})" if below <= 0 else
             f"reached Floor {s.deepest_floor}, {plural(below, 'floor')} below the entrance")
    rooms = f"entered {plural(s.rooms_entered, 'room')} and cleared {s.rooms_cleared}{first_rooms_words(game)}"
    home = (f"banked {s.banked}" if game.outcome in ("retired", "quest") else
            "banked nothing (the dungeon keeps what the party carried)")
    out = f"The run {depth}, {rooms}, and {home}."
    if game.quest is not None:
        if s.quest_paid:
            out += f" Its quest, {game.quest.name}, was fulfilled."
        elif fulfilled(game):
            out += f" Its quest, {game.quest.name}, was done but never brought home."
        else:
            done, of = steps_done(game, game.quest)
            out += f" Its quest, {game.quest.name}, was left undone ({done}/{of})"
            out += f"; giving it up cost {s.quest_penalty}." if s.quest_penalty else "."
    return out


def rank_words(rank: int, points: int, scores: list[ScoreEntry] | None) -> str:
    """The run's place on the high-score list, as the list bears it out. `scores` is the list
    (best first) the run was filed in, or None when only the rank is known."""
    if scores is None:
        return f"#{rank} on the list"
    if rank > len(scores):
        return f"not among the best {len(scores)} on the list"
    tied = sum(1 for e in scores if e.score == points) - 1
    if tied > 0:
        others = "another run" if tied == 1 else f"{tied} other runs"
        return f"#{rank} of {len(scores)} on the list, tied on score with {others}"
    if len(scores) == 1:
        return "#1 on the list: the first run on it"
    if rank == 1 and points > 0:
        return f"#1 of {len(scores)} on the list: the best run yet!"
    return f"#{rank} of {len(scores)} on the list"


class EndOfRunScreen(Screen):
    def __init__(self, kit: Kit, session: Session, back: State | None, morgue_path: Path | str | None = None,
                 rank: int | None = None, scores: list[ScoreEntry] | None = None, spectator: bool = False) -> None:
        super().__init__(kit, back)
        self.session = session
        self.spectator = spectator  # watching another's run: whether its morgue file was written is theirs to see
        # The app may leave them on the session (``session.morgue_path``, ``session.score_rank``,
        # ``session.score_list``: the high-score list the run was filed in).
        morgue_path = morgue_path if morgue_path is not None else getattr(session, "morgue_path", None)
        self.morgue_path = Path(morgue_path) if morgue_path is not None else None
        self.rank = rank if rank is not None else getattr(session, "score_rank", None)
        self.scores: list[ScoreEntry] | None = scores if scores is not None else getattr(session, "score_list", None)
        self.offset = 0
        self._max = 0
        self._page = 1  # the rows on screen, for PgUp/PgDn

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        if event.key in ("M", "m"):
            return TextScreen(self.kit, self, "Morgue file", self.morgue())
        if action == "select":
            return self.go_back()
        self.offset = scrolled(self.offset, action, event.key, self._page, self._max)
        return None

    def morgue(self) -> str:
        """The file as written; if it cannot be read, the same text made afresh."""
        if self.morgue_path is not None:
            try:
                return self.morgue_path.read_text(encoding="utf-8")
            except OSError:
                pass
        return morgue_text(self.session.game, hide_seed=self.kit.options.hide_seed)

    def open_help(self) -> State:
        return HelpScreen(self.kit, back=self, title="Help: end of the run", topics=HELP_TOPICS, sections=OWN_KEYS)

    def lines(self) -> list[Line]:
        game = self.session.game
        p = self.kit.palette
        dim, text, bright = p["text_dim"], p["text"], p["text_bright"]
        s = game.stats
        rows = [
            line((f"The party {ending(game.outcome).morgue}.", text)),
            line((run_sentence(game), text)),
            Line(),
            line(("Score                 ", dim), (str(score(game)), p["treasure"])),
            line(("  made of             ", dim), (score_parts(game).words(), text), indent=22),
        ]
        if self.rank is not None:  # where the player looks first, under the score
            rows.append(line(("High scores           ", dim),
                             (rank_words(self.rank, score(game), self.scores), p["treasure"]), indent=22))
        rows += [
            line(("Deepest floor         ", dim), (str(s.deepest_floor), bright)),
            line(("Rooms                 ", dim), (f"{s.rooms_entered} entered, {s.rooms_cleared} cleared", bright),
                 (first_rooms_words(game), text), indent=22),
            line(("Monsters killed       ", dim), (str(s.monsters_killed), text), ("   traps found ", dim),
                 (str(s.traps_found), text), ("   hero deaths ", dim), (str(s.deaths), text)),
            line(("Turns                 ", dim), (str(game.turn), text)),
        ]
        if game.quest is not None:
            rows.append(line(("Quest                 ", dim), (f"{game.quest.name} ({standing(game)})", text),
                             indent=22))
        seed = "(hidden)" if self.kit.options.hide_seed else str(game.seed)
        rows.append(line(("Seed                  ", dim), (seed, text)))
        rows.append(Line())
        rows.append(line(("The heroes", p["accent"])))
        for eid, hero in every_hero(game):  # the fallen who were replaced too, as the morgue file has them
            colour = seat_colour(self.kit, game.seats[hero.seat])
            if hero.hits <= 0:
                fate = (f"slain by {hero.cause_of_death or 'the dungeon'}", p["bad"])
            else:
                fate = (f"alive, {plural(hero.hits, 'Hit')}", p["good"])
            rows.append(line(("  ", text), (game.name(eid), colour),
                             (f", {possessive(game.seats[hero.seat].name)} hero", colour),  # who played whom
                             (f", Level {hero.level} {hero.race} {hero.klass}, {hero.xp} XP, "
                              f"{plural(hero.kills, 'kill')}: ", text), fate, indent=4))
        fallen = fallen_words(s.deaths, replaced_heroes(game), game.outcome == "wiped") if s.deaths else None
        if fallen is not None:
            rows.append(line((f"  ({fallen})", dim), indent=4))
        if not self.spectator and lone_hero_fell_early(game):
            rows.append(Line())
            rows.append(line((lone_hero_hint(), text)))
        rows.append(Line())
        if self.morgue_path is not None:
            rows.append(line(("Morgue file  ", dim), (str(self.morgue_path), text), indent=13))
        elif not self.spectator:
            rows.append(line(("Morgue file  ", dim), ("not written", text)))
        seed_rank = getattr(self.session, "seed_rank", None)  # a `play --seed`/`--daily` run (issue 18)
        if seed_rank is not None:
            rows.append(line(("This seed    ", dim), (f"#{seed_rank}", p["treasure"]),
                             (" of the runs on it: `scores export` gives the line to race a friend", text), indent=13))
        return rows

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        game = self.session.game
        draw.clear(console, palette)
        title = ending(game.outcome).title
        colour = palette["bad"] if game.outcome == "wiped" else palette["title"]
        draw.text_center(console, 1, title, colour)
        leave = "leave the game" if self.back is None or isinstance(self.back, Exit) else "title screen"
        bottom = footer(console, self.kit, [("M", "morgue file"), ("Up/Down PgUp/PgDn", "scroll"),
                                            ("Enter/Esc", leave), ("?", "help")]) - 1
        width = min(console.width - 4, 100)
        x = max(2, (console.width - width) // 2)
        top = 3
        height = max(1, bottom - top + 1)
        rows = [w for row in self.lines() for w in wrap_line(row, width)]
        self._max, self._page = max(0, len(rows) - height), max(1, height - 1)
        self.offset = max(0, min(self.offset, self._max))
        draw_lines(console, x, top, width, height, rows, self.offset)
        scroll_marks(console, self.kit, console.width - 1, top, top + height - 1, self.offset > 0,
                     self.offset < self._max)

    def cursor(self) -> tuple[int, int] | None:
        return (2, 3)
