"""The map screen: where a run is played. The dungeon around the active hero, the sidebar, the
roll panel, the log, a hint line of the main keys, and in hot-seat a banner saying whose turn
it is. Keys become actions through the session (so every one is recorded and autosaved);
nothing here changes the game any other way.

Layout (any size from 80x24 up; everything is recomputed every frame)::
    +------------------------------------+-----------+
    | banner (hot-seat only)              |           |
    | map (camera on the active hero)     |  sidebar  |
    | roll panel (latest roll, r toggles) |           |
    +------------------------------------+-----------+
    | log (newest line at the bottom, where the real cursor rests)   |
    | hint line: main keys, or the question being asked              |
    +----------------------------------------------------------------+

The app around it is a `RunHost`: it saves, ends the run (morgue, high score, end screen) and
leaves; the default host does none of that (tests, demos).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.quests import fulfilled, how_words, progress_words, stakes
from game.engine.reach import RANGED_REACH
from game.engine.trap_play import SEARCH_REACH
from game.ui.events import PASTE_NOT_HERE, Event, KeyEvent, PasteEvent
from game.ui.flow import Flow
from game.ui.keymap import key_label
from game.ui.kit import Kit
from game.ui.map_layout import Layout, Prompt, compute_layout
from game.ui.map_view import Camera
from game.ui.other_screens import open_screen
from game.ui.run_host import RunHost
from game.ui.screens.map_drawing import MapDrawing
from game.ui.screens.map_keys import MapKeys
from game.ui.session import Session
from game.ui.state import State
from game.world.components import HeroState

if TYPE_CHECKING:
    from game.engine.game import Game
    from game.ui.auto_travel import Travel

TRAVEL_DELAY = 0.03  # seconds between travel steps (a key pressed meanwhile stops the walk)
AI_DELAY = 0.05  # between the companions' moves while no human hero can act
ROLL_MODES = ("auto", "expanded", "hidden")
NARRATION_EVERY = 5  # turns between two narration prompts to the same seat












def help_topics(kit: Kit, game: Game | None = None) -> list[tuple[str, str]]:
    k = kit.keymap

    def key(action: str) -> str:
        return key_label(k.keys_for(action)[0])

    return [
        ("Playing", f"You are the hero marked > in the sidebar. Fights need no key: at each round's end "
                    f"everyone within reach of a foe rolls in one fight (beside it, or in sight within "
                    f"{RANGED_REACH} tiles for a ranged Type: {key('hero_sheet')} shows your hero's). Walk into "
                    f"a monster to make it your target, into a door to open it. {key('autoexplore')} explores: "
                    f"it takes treasure lying in the open, searches the room for traps and then its furniture, "
                    f"and stops when something "
                    f"new shows up or at the door to a room not yet entered ({key('autoexplore')} there goes "
                    f"through); any key stops it."),
        ("Traps and treasure", f"{key('search')} searches for traps within {SEARCH_REACH} steps (in a dead end, "
                               f"for a secret way on too). {key('use')} opens doors and searches or works the "
                               f"furniture beside you. {key('disarm')} disarms a "
                               f"found trap (a ^ on the floor; on furniture or a door, a tint, or reverse "
                               f"without colour), or tries again a door whose trap the party has met. {key('pick_up')} "
                               f"takes treasure once the room's monsters are dead, or fled (a monster that runs, or "
                               f"keeps the peace, guards nothing)."),
        ("Down, and home again", f"{key('descend')} on a stair down takes the party down "
                                 f"({key('travel_stairs')} walks there). {key('head_back')} turns the party for "
                                 f"town, {key('travel_entrance')} walks back to the stair up, {key('head_back')} "
                                 "there climbs out. In town, trade in loot and retire: the score is what is "
                                 "banked, less what the starting kits would fetch, with points for the floors "
                                 "reached and the rooms cleared."),
        ("The quest", "The sidebar's Quest row is the run's goal and how far the party has come; the log's "
                      "first lines tell it whole." + quest_words(game)),
        ("Who builds the rooms", "Every seat at the table, yours too, wins some of each room's traps, monsters "
                                 f"and treasure in the Hallway and must spend it all; {builder_words(game)}. "
                                 "Your seat's monsters still hunt your hero. '~ Seat' after a "
                                 "log line names the seat that tells that roll (its Thwack-O die won), not who "
                                 "struck."),
        ("The roll panel", f"Dice highest first, ranks in columns. {kit.glyphs['rank_winner']} marks the die "
                           f"that won its rank (a tie: nobody; a fleeing monster's won ranks hurt no one, as it only "
                           f"runs; a creature that falls mid-fight has its later dice dimmed: they count 0), "
                           f"{kit.glyphs['die_thwacko']} a seat's Thwack-O "
                           f"die, in its colour. An annoying roll keeps each pool's highest die and dims the "
                           f"rest. Without colour the dice that count are reversed and a Thwack-O die is bold. "
                           f"{key('roll_panel')} expands or hides the panel."),
    ]


def builder_words(game: Game | None) -> str:
    """Who builds a player's share at this table: the design dial decides, so the help must too
    (from the title, with no table yet, both ways)."""
    if game is None:
        return ("with the design dial on auto (New game's default) the AI builds each player's share for "
                "them; on ask (Hot-seat sets it) a player builds it in the room builder")
    players = sum(1 for seat in game.seats if seat.human)
    if not players:
        return "the AI builds every seat's share"
    if game.dials.design == "ask":
        return ("you build your seat's share in the room builder" if players == 1
                else "each player builds the share their seat wins in the room builder, the others looking away")
    return ("in solo play the AI builds your seat's share for you" if players == 1
            else "the AI builds each player's share for them")


def quest_words(game: Game | None) -> str:
    """This run's quest whole, for the help: its name, its words and its stakes."""
    if game is None or game.quest is None:
        return " A quest fulfilled is paid in town, when the party climbs out with it done."
    quest = game.quest
    return (f" This run's, {quest.name}: {quest.text}{how_words(quest)} So far: {progress_words(game)}. "
            f"{stakes(quest)}")


class MapScreen(MapKeys, MapDrawing):
    """The run on screen; see the module docstring."""

    def __init__(self, kit: Kit, session: Session, back: State | None = None, host: RunHost | None = None) -> None:
        self.kit = kit
        self.session = session
        self.back = back
        self.host = host or RunHost()
        self.camera = Camera()
        self.travel: Travel | None = None
        self.prompt: Prompt | None = None
        self.notice = ""
        self.roll_mode = "auto"
        self.prompted: dict[int, int] = {}  # seat -> turn of its last narration prompt
        self.pending_narrator: int | None = None  # a seat whose line waits for the next hand-over
        self.seen_items: set[int] = set()
        self.explore_left: set = set()  # what autoexplore said it leaves alone (guarded, trapped)
        self.flow = Flow(kit, session, lambda here: self.host.end_of_run(self.session, here))
        self._cursor: tuple[int, int] | None = None
        self.layout: Layout | None = None

    # -- the game ------------------------------------------------------------------------------

    @property
    def game(self) -> Any:
        return self.session.game

    def seat(self) -> int | None:
        return self.session.human_seat()

    def hero(self) -> int | None:
        """The hero the player moves now (None while no human hero can act)."""
        seat = self.seat()
        return self.game.party.hero_of.get(seat) if seat is not None else None

    def focus_hero(self) -> int | None:
        """The hero the camera follows: the active one, else a human's, else any living one."""
        eid = self.hero() or self.session.leader()
        if eid is None or self.game.position(eid) is None:
            living = [e for e, _ in self.game.heroes() if self.game.position(e) is not None]
            eid = living[0] if living else None
        return eid

    def needs_route(self) -> bool:
        return self.flow.due()

    def route(self) -> State | None:
        """Where the game itself sends the player now (ui/flow.py decides)."""
        self.tell_quest_done()
        state, stop_walk = self.flow.next(self)
        if stop_walk:
            self.travel = None
        return state

    def tell_quest_done(self) -> None:
        """Once a run, when the quest is done in the dungeon: the sidebar's count only turned
        green, and nothing said that the party may now climb out to be paid (a walk under way
        stops for it, as for anything new)."""
        game, session = self.game, self.session
        if (session.quest_told or game.quest is None or game.phase != "dungeon" or game.stats.quest_paid
                or not fulfilled(game)):
            return
        session.quest_told = True
        self.travel = None
        self.notice = (f"The quest is done ({game.quest.name}): climb out with it and the town pays "
                       f"{game.quest.reward} ({self.keys('head_back')} turns the party for town).")

    def act(self, action: Any) -> State | None:
        """Apply a player's action; the log lines it brings are the new ones."""
        game = self.game
        self.session.log_seen = len(game.log)
        rolls_before = game.rolls[-1] if game.rolls else None
        log_before = len(game.log)
        seat_before = self.seat()
        self.flow.played(seat_before)
        result = self.session.apply(action)
        from game.engine.results import Refused  # start-up: loaded with the first action (by the engine)

        if isinstance(result, Refused) and all(line.text != result.reason for line in game.log[log_before:]):
            self.notice = result.reason  # nothing happened: say why, once, where the player looks
        self.host.save(self.session)
        return self.route() or self.narration(rolls_before, handing_over=self.seat() != seat_before,
                                              holder=seat_before)

    def narration(self, last_before: Any, handing_over: bool = True, holder: int | None = None) -> State | None:
        """Hot-seat (the narration_prompts dial): a human seat whose Thwack-O die won an event of
        this action may write its line. The prompt waits for a hand-over (the keyboard passing to
        another seat) and comes behind a "pass the keyboard" screen naming the narrator ("keep the
        keyboard" when the narrator is the `holder`, whose key it was), so a player's next movement
        key is never typed into it."""
        pending = self._narrator(last_before)
        if pending is not None:
            self.pending_narrator = pending
        seat = self.pending_narrator
        if seat is None or not handing_over:
            return None
        self.pending_narrator = None
        from game.ui.screens.handover import HandOverScreen  # start-up: opened on demand
        from game.ui.screens.narration import NarrationPrompt  # start-up: opened on demand
        from game.ui.screens.widgets import seat_colour  # start-up: with the screens above

        game = self.game
        prompt = NarrationPrompt(self.kit, self.session, self, seat)
        why = "Your Thwack-O die won a roll: tell the table what happened, or Esc to skip."
        return HandOverScreen(self.kit, self, game.seats[seat].name, seat_colour(self.kit, game.seats[seat]),
                              prompt, why, esc_skips=True, keeps=seat == holder)

    def _narrator(self, last_before: Any) -> int | None:
        """The human seat that may narrate a roll of the action just taken (None: nobody)."""
        game = self.game
        humans = [s for s in game.seats if s.human]
        if len(humans) < 2 or not game.dials.narration_prompts or game.phase != "dungeon" or not game.rolls:
            return None
        new = []
        for record in reversed(game.rolls):
            if record is last_before:
                break
            new.append(record)
        for record in new:  # newest first
            if not record.came_to_something:
                continue  # nothing to tell: "what happened" would be asked of a roll where nothing did
            seat = record.narrator
            if game.turn - self.prompted.get(seat, -NARRATION_EVERY) < NARRATION_EVERY:
                continue  # not every turn: a prompt is an honour, not a chore
            if 0 <= seat < len(game.seats) and game.seats[seat].human:
                self.prompted[seat] = game.turn
                return seat
        return None

    # -- animation (travel; companions acting while no human can) --------------------------------

    def companions_only(self) -> bool:
        game = self.game
        return game.phase == "dungeon" and game.next_seat() is not None and self.seat() is None

    def tick_delay(self) -> float | None:
        if self.needs_route():
            return 0.0
        if self.travel is not None:
            return TRAVEL_DELAY
        if self.companions_only():
            return AI_DELAY
        return None

    def on_tick(self) -> State | None:
        if self.needs_route():
            return self.route()
        if self.travel is not None:
            travel = self.travel
            eid = self.game.party.hero_of.get(travel.seat)
            from game.ui.auto_travel import step  # start-up: loaded with the first travel

            self.flow.played(travel.seat)  # the walk is the key of the seat that began it
            result = step(self.session, eid, travel) if eid is not None else ""
            self.host.save(self.session)
            self.seen_items |= travel.seen_items
            if result is not None:
                self.stop_travel(result)
            return self.route()
        if self.companions_only():
            self.session.advance_ai()
            self.host.save(self.session)
            return self.route()
        return None

    def start_travel(self, kind: str) -> State | None:
        eid, seat = self.hero(), self.seat()
        if eid is None or seat is None:
            return None
        from game.ui.auto_travel import (  # start-up: loaded with the first travel
            Travel,
            can_start,
            visible_items,
            visible_monsters,
        )

        why = can_start(self.game, eid, kind, self.keys)
        if why:
            self.notice = why
            return None
        self.seen_items |= visible_items(self.game)
        self.session.log_seen = len(self.game.log)
        self.travel = Travel(kind, seat, seen_items=set(self.seen_items), left=self.explore_left, key=self.keys,
                             seen_calm=set(visible_monsters(self.game, calm=True)))
        return self.on_tick()

    def stop_travel(self, why: str) -> None:
        self.travel = None
        self.notice = why

    # -- keys ----------------------------------------------------------------------------------

    def on_event(self, event: Event) -> State | None:
        if isinstance(event, PasteEvent):  # never keys: no key of it moved a hero, and the player is told
            self.notice = (PASTE_NOT_HERE if event.text is not None
                           else "A paste came in too fast to be typing: none of it was taken as keys.")
            return None
        if not isinstance(event, KeyEvent):
            return None
        if self.travel is not None:
            self.stop_travel("You stop.")
            return None
        self.notice = ""
        if self.prompt is not None:
            return self.answer(event.key)
        action = self.kit.keymap.action_for(event.key, "game")
        if action == "help":
            from game.ui.screens.help import HelpScreen  # start-up: opened on demand

            return HelpScreen(self.kit, back=self, title="Help", topics=help_topics(self.kit, self.session.game))
        if action == "options":
            from game.ui.screens.options_screen import OptionsScreen  # start-up: opened on demand

            return OptionsScreen(self.kit, back=self)
        if action == "quit":
            return self.ask_quit()
        if action == "roll_panel":
            self.roll_mode = ROLL_MODES[(ROLL_MODES.index(self.roll_mode) + 1) % len(ROLL_MODES)]
            self.notice = {"auto": "Roll panel: every roll of the latest turn, while it is fresh.",
                           "expanded": "Roll panel: every roll of the latest turn, kept on screen.",
                           "hidden": "Roll panel hidden."}[self.roll_mode]
            return None
        if action in ("inventory", "hero_sheet", "log_history"):
            return open_screen(action, self.kit, self.session, self)
        if action == "hallway":
            if self.game.hallway.last_design is None:
                self.notice = "No Hallway yet: the first room ahead is still unbuilt."
                return None
            return open_screen("hallway", self.kit, self.session, self)
        if action == "look":
            from game.ui.screens.look import LookScreen  # start-up: opened on demand

            return LookScreen(self.kit, self)
        if action == "back":
            self.notice = f"Esc backs out of screens; {self.keys('quit')} saves and quits."
            return None
        seat, eid = self.seat(), self.hero()
        if seat is None or eid is None:
            self.notice = "Wait: no hero of yours can act just now."
            return None
        if action is None:
            self.notice = f"{key_label(event.key)} does nothing here ({self.keys('help')} lists the keys)."
            return None
        return self.game_action(action, seat, eid)

    def keys(self, action: str) -> str:
        """The key a hint names for `action`: its first one off the numpad (and off the digits a
        numpad may send), where it has one: a laptop has no numpad, and "Numpad 5 waits" told such
        a player of no key to press, where the help and README name "."."""
        keys = self.kit.keymap.keys_for(action)
        return key_label(next((k for k in keys if not k.startswith("KP_") and not k.isdigit()), keys[0]))

    # -- drawing -------------------------------------------------------------------------------




def first_screen(kit: Kit, session: Session, back: State | None = None, host: RunHost | None = None) -> State:
    """The map for `session`, or where the game sends the player first (town, the end)."""
    session.advance_ai()
    screen = MapScreen(kit, session, back, host)
    if session.game.turn == 0:
        screen.notice = (f"A new run. {screen.keys('autoexplore')} explores, the movement keys walk, "
                         f"{screen.keys('help')} shows every key.")
    return screen.route() or screen


__all__ = ["MapScreen", "RunHost", "Layout", "compute_layout", "first_screen", "help_topics", "HeroState"]
