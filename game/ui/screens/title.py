"""The title menu. Its entries are callbacks, so the game wires them without this module knowing it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import tcod.console

from game.core.program import command
from game.ui import draw
from game.ui.events import KeyEvent
from game.ui.fit import elide
from game.ui.kit import Kit
from game.ui.palette import ASSETS
from game.ui.screens.dialog import MessageDialog
from game.ui.screens.menu import EntryAction, Menu, MenuEntry
from game.ui.screens.options_screen import OptionsScreen
from game.ui.screens.screen_base import Screen
from game.ui.state import Exit, State

HELP_TOPICS = (
    ("The title menu",
     "n New game: make heroes by hand, choose the seats, the dials and the seed.\n"
     "h Hot-seat: the same for two or more players at this keyboard, who build the rooms by hand.\n"
     "c Continue: the run saved when you last left (greyed out, or marked 'not now' without colour, "
     "when there is none).\n"
     "r Replays: watch again any run that ended or was replaced.\n"
     "s High scores.\n"
     "a Seed races: score tables per seed, to race friends on one dungeon.\n"
     "o Options: colours, glyphs and keys.\n"
     "q or Esc quits; Ctrl-C quits from anywhere, and a run in play is saved first."),
    ("Hot-seat",
     "Each human seat plays its own hero: the map's top line names whose turn it is, and that player moves. "
     "The Hallway roll-off before each room decides which seat takes the traps, the monsters and the "
     "treasure; with the design dial on ask (Hot-seat sets it), a human seat that wins one builds it in "
     "the room builder and must spend every point. When the keyboard must change hands (a seat picks "
     "its category or builds, a hero grows), a screen that hides the game names the player to pass it to, "
     "so nobody sees what another buys. With narration_prompts on, the seat whose Thwack-O die won a roll "
     "may now and then write the line the log keeps."),
    ("From the command line",
     f"{command('play')} starts a run at once with ready-made heroes; continue resumes the saved run; "
     "replay FILE watches a recording; watch follows a game being played; scores shows and shares the "
     f"tables. {command('--help')} lists every command. The keys of the game follow."),
)
TITLE_ART = (ASSETS / "title.txt").read_text(encoding="utf-8").rstrip("\n").split("\n")
SUBTITLE = "a roguelike with no game master"


def not_ready(what: str) -> EntryAction:
    """An entry action that says ``what`` is not available in this build."""

    def action(screen: State) -> State:
        kit = getattr(screen, "kit", None)
        assert isinstance(kit, Kit)
        return MessageDialog(kit, screen, f"{what} is not available in this build yet.", title=what)

    return action


def standard_title_entries(
    kit: Kit,
    *,
    new_game: EntryAction | None = None,
    hot_seat: EntryAction | None = None,
    continue_game: EntryAction | None = None,
    can_continue: Callable[[], bool] | None = None,
    replays: EntryAction | None = None,
    high_scores: EntryAction | None = None,
    seed_races: EntryAction | None = None,
    options: EntryAction | None = None,
    quit_game: EntryAction | None = None,
) -> list[MenuEntry]:
    """The title menu of DESIGN.md: each action gets the title screen and returns the next screen.

    Actions left out say "not available yet"; Options opens the generic options screen; Quit
    ends the loop. ``can_continue`` greys out Continue when there is no autosave.
    """

    def open_options(screen: State) -> State:
        return OptionsScreen(kit, back=screen)

    def open_seed_races(screen: State) -> State:
        from game.ui.screens.seed_races import SeedRacesScreen  # start-up: opened on demand

        return SeedRacesScreen(kit, back=screen)

    return [
        MenuEntry("New game", new_game or not_ready("New game"), "n", hint="Make heroes, choose seats and dials."),
        MenuEntry("Hot-seat", hot_seat or not_ready("Hot-seat"), "h", hint="Several players at one keyboard."),
        MenuEntry(
            "Continue",
            continue_game or not_ready("Continue"),
            "c",
            enabled=can_continue if can_continue is not None else True,
            hint="Resume the autosaved game.",
            unavailable="No saved run to continue: New game starts one.",
        ),
        MenuEntry("Replays", replays or not_ready("Replays"), "r", hint="Watch a recorded run."),
        MenuEntry("High scores", high_scores or not_ready("High scores"), "s", hint="The best runs so far."),
        MenuEntry("Seed races", seed_races or open_seed_races, "a",
                  hint="Score tables per seed: race friends on one dungeon (scores)."),
        MenuEntry("Options", options or open_options, "o", hint="Colours, glyphs, keys."),
        MenuEntry("Quit", quit_game or (lambda screen: Exit()), "q", hint="Leave the game."),
    ]


class TitleScreen(Screen):
    """Title art, the menu, the selected entry's hint, and any notices (e.g. a bad options file)."""

    def __init__(self, kit: Kit, entries: Sequence[MenuEntry], subtitle: str = SUBTITLE) -> None:
        super().__init__(kit, back=None)
        self.menu = Menu(entries)
        self.subtitle = subtitle
        self.status = ""

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        self.status = ""
        entry = self.menu.choose(action, event.key)
        if entry is not None and entry.action is not None:
            return entry.action(self)
        greyed = next((e for e in self.menu.entries if e.hotkey == event.key and not e.is_enabled()), None)
        if greyed is not None:
            self.status = greyed.unavailable or f"{greyed.label} is not available now."
        return None

    def open_help(self) -> State:
        from game.ui.screens.help import HelpScreen  # start-up: opened on demand
        from game.ui.screens.map_screen import help_topics  # start-up: opened on demand

        # how to play, as the map's help tells it, before a run is begun: the keys alone left a
        # newcomer to guess what the roll panel shows and who builds the rooms
        topics = (HELP_TOPICS[0], *help_topics(self.kit), *HELP_TOPICS[1:])
        return HelpScreen(self.kit, back=self, title="Help: the title menu", topics=topics)

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        draw.clear(console, palette)
        art_width = max(len(line) for line in TITLE_ART)
        notice_rows = sum(len(draw.wrap(n, console.width - 4)) for n in self.kit.notices)
        below_art = 3 + len(self.menu.entries) + 1 + 2 + notice_rows + 1  # the menu, hint, notices, footer
        # the art gives way to the notices (a bad options file's whole list) where both cannot fit
        show_art = (console.width >= art_width + 2 and console.height >= len(TITLE_ART) + 16
                    and (not notice_rows or console.height >= 1 + len(TITLE_ART) + below_art))
        y = 1
        if show_art:
            x = (console.width - art_width) // 2
            for line in TITLE_ART:
                draw.text(console, x, y, line, palette["title"])
                y += 1
        else:
            draw.text_center(console, y, "M A S T E R L E S S", palette["title"])
            y += 1
        draw.text_center(console, y + 1, self.subtitle, palette["text_dim"])
        menu_width = max(24, self.menu.width(self.kit.no_colour))
        menu_x = (console.width - menu_width) // 2
        menu_y = y + 3
        self.menu.draw(console, menu_x, menu_y, self.kit, menu_width)
        hint_y = menu_y + len(self.menu.entries) + 1
        hint = self.menu.selected.hint
        if self.status:
            draw.text_center(console, hint_y, self.status, palette["warning"])
        elif hint:
            draw.text_center(console, hint_y, hint, palette["text_dim"])
        # every notice whole, one after another, in the rows down to the footer (two rows each
        # cut a bad options file's list of settings off mid-word); what still cannot fit says so
        rows = [line for notice in self.kit.notices for line in draw.wrap(notice, console.width - 4)]
        room = max(0, console.height - 1 - (hint_y + 2))
        if len(rows) > room > 0:
            rows = rows[:room]
            rows[-1] = elide(rows[-1] + " ...", console.width - 4)
        for j, line in enumerate(rows[:room]):
            draw.text(console, 2, hint_y + 2 + j, line, palette["warning"])
        draw.footer(
            console,
            [("Up/Down", "choose"), ("Enter", "select"), ("?", "help"), ("Esc", "quit")],
            palette,
        )

    def cursor(self) -> tuple[int, int] | None:
        return self.menu.cursor()
