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

from dataclasses import dataclass
from typing import Any

import tcod.console

from game.core.outcomes import ending
from game.core.sentences import possessive
from game.engine import actions as A
from game.engine.loot import reachable_treasure
from game.engine.results import Refused
from game.mapgen.tiles import ACTIONABLE, Tile
from game.ui import draw
from game.ui.auto_travel import Travel, can_start, step, trap_known_near, visible_items
from game.ui.describe import tile_words, treasure_beside
from game.ui.events import Event, KeyEvent
from game.ui.flow import Flow
from game.ui.keymap import DIRECTIONS, key_label
from game.ui.kit import Kit
from game.ui.log_pane import draw_log
from game.ui.map_view import Camera, draw_map
from game.ui.other_screens import open_screen
from game.ui.roll_panel import draw_rolls, recent_records, record_height
from game.ui.screens.dialog import ConfirmDialog, MessageDialog
from game.ui.screens.handover import HandOverScreen
from game.ui.screens.help import HelpScreen
from game.ui.screens.look import LookScreen
from game.ui.screens.narration import NarrationPrompt
from game.ui.screens.options_screen import OptionsScreen
from game.ui.screens.quit import QuitDialog
from game.ui.screens.widgets import seat_colour
from game.ui.session import Session
from game.ui.sidebar import draw_sidebar
from game.ui.state import Exit, State
from game.world.components import HeroState

TRAVEL_DELAY = 0.03  # seconds between travel steps (a key pressed meanwhile stops the walk)
AI_DELAY = 0.05  # between the companions' moves while no human hero can act
ROLL_MODES = ("auto", "expanded", "hidden")
ROLL_RECENT = 2  # turns a roll stays in the "auto" panel
FAR_BEHIND = 10  # tiles: a friend further than this is "left behind" when going down
NARRATION_EVERY = 5  # turns between two narration prompts to the same seat


class RunHost:
    """What the map screen needs from the app around it. This default saves nothing."""

    def save(self, session: Session) -> None:
        return None

    def save_problem(self) -> str | None:
        """Why saving is failing just now (a full or read-only disk), for the hint line; the
        game goes on and saves again as soon as it can."""
        return None

    def end_of_run(self, session: Session, screen: State) -> State:
        game = session.game
        text = ending(game.outcome).sentence
        return MessageDialog(screen_kit(screen), screen, f"{text} Score: {game.stats.banked}.", title="The end",
                             then=lambda: Exit("over"))

    def leave(self, session: Session, abandon: bool) -> State:
        return Exit("abandoned" if abandon else "saved")


def screen_kit(screen: State) -> Kit:
    kit = getattr(screen, "kit", None)
    assert isinstance(kit, Kit)
    return kit


@dataclass
class Prompt:
    verb: str  # disarm | use
    question: str
    candidates: list[tuple[int, int]]


@dataclass(frozen=True)
class Layout:
    banner: tuple[int, int, int, int]
    map: tuple[int, int, int, int]
    rolls: tuple[int, int, int, int]
    sidebar: tuple[int, int, int, int]
    log: tuple[int, int, int, int]
    hint_y: int


def compute_layout(width: int, height: int, banner: bool, roll_rows: int) -> Layout:
    side_w = 26 if width < 110 else min(36, 26 + (width - 110) // 8)
    log_h = max(3, min(10, 5 + (height - 24) // 6))
    hint_y = height - 1
    log_y = hint_y - log_h
    top = 1 if banner else 0
    map_w = width - side_w
    room = max(0, log_y - top)
    roll_rows = min(roll_rows, room // 2)
    map_h = room - roll_rows
    return Layout(
        banner=(0, 0, map_w, top),
        map=(0, top, map_w, map_h),
        rolls=(0, top + map_h, map_w, roll_rows),
        sidebar=(map_w, 0, side_w, log_y),
        log=(1, log_y, width - 2, log_h),
        hint_y=hint_y,
    )


def help_topics(kit: Kit) -> list[tuple[str, str]]:
    k = kit.keymap

    def key(action: str) -> str:
        return key_label(k.keys_for(action)[0])

    return [
        ("Playing", f"You are the hero marked > in the sidebar. Walk into a monster to fight it, into a door "
                    f"to open it. {key('autoexplore')} explores until something new shows up; any key stops "
                    f"it."),
        ("Traps and treasure", f"{key('search')} searches for traps and the furniture beside you. "
                               f"{key('disarm')} disarms a found trap (^). {key('use')} opens and uses things. "
                               f"{key('pick_up')} takes treasure once the room's monsters are dead."),
        ("Down, and home again", f"{key('descend')} on a stair down takes the party down "
                                 f"({key('travel_stairs')} walks there). {key('head_back')} turns the party for "
                                 f"town, {key('travel_entrance')} walks back to the stair up, {key('head_back')} "
                                 f"there climbs out. In town, sell loot and retire: that is your score."),
        ("Who builds the rooms", "Every seat at the table, yours too, wins some of each room's traps, monsters "
                                 "and treasure in the Hallway and must spend it all; in solo play the AI builds "
                                 "your seat's share. Your seat's monsters still hunt your hero. '~ Seat' after a "
                                 "log line names the seat that tells that roll (its Thwack-O die won), not who "
                                 "struck."),
        ("The roll panel", f"Dice highest first, ranks in columns. {kit.glyphs['rank_winner']} marks the die "
                           f"that won its rank (a tie: nobody), {kit.glyphs['die_thwacko']} a seat's Thwack-O "
                           f"die, in its colour. {key('roll_panel')} expands or hides the panel."),
    ]


class MapScreen:
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
        state, stop_walk = self.flow.next(self)
        if stop_walk:
            self.travel = None
        return state

    def act(self, action: Any) -> State | None:
        """Apply a player's action; the log lines it brings are the new ones."""
        game = self.game
        self.session.log_seen = len(game.log)
        rolls_before = game.rolls[-1] if game.rolls else None
        log_before = len(game.log)
        seat_before = self.seat()
        result = self.session.apply(action)
        if isinstance(result, Refused) and all(line.text != result.reason for line in game.log[log_before:]):
            self.notice = result.reason  # nothing happened: say why, once, where the player looks
        self.host.save(self.session)
        return self.route() or self.narration(rolls_before, handing_over=self.seat() != seat_before)

    def narration(self, last_before: Any, handing_over: bool = True) -> State | None:
        """Hot-seat (the narration_prompts dial): a human seat whose Thwack-O die won an event of
        this action may write its line. The prompt waits for a hand-over (the keyboard passing to
        another seat) and comes behind a "pass the keyboard" screen naming the narrator, so a
        player's next movement key is never typed into it."""
        pending = self._narrator(last_before)
        if pending is not None:
            self.pending_narrator = pending
        seat = self.pending_narrator
        if seat is None or not handing_over:
            return None
        self.pending_narrator = None
        game = self.game
        prompt = NarrationPrompt(self.kit, self.session, self, seat)
        why = "Your Thwack-O die won a roll: tell the table what happened, or Esc to skip."
        return HandOverScreen(self.kit, self, game.seats[seat].name, seat_colour(self.kit, game.seats[seat]),
                              prompt, why)

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
        why = can_start(self.game, eid, kind)
        if why:
            self.notice = why
            return None
        self.seen_items |= visible_items(self.game)
        self.session.log_seen = len(self.game.log)
        self.travel = Travel(kind, seat, seen_items=set(self.seen_items))
        return self.on_tick()

    def stop_travel(self, why: str) -> None:
        self.travel = None
        self.notice = why

    # -- keys ----------------------------------------------------------------------------------

    def on_event(self, event: Event) -> State | None:
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
            return HelpScreen(self.kit, back=self, title="Help", topics=help_topics(self.kit))
        if action == "options":
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
        return key_label(self.kit.keymap.keys_for(action)[0])

    def game_action(self, action: str, seat: int, eid: int) -> State | None:
        game = self.game
        if action in DIRECTIONS:
            return self.move(seat, eid, *DIRECTIONS[action])
        if action == "wait":
            return self.act(A.Wait(seat))
        if action == "search":
            return self.act(A.Search(seat))
        if action == "pick_up":
            if not reachable_treasure(game, eid) and (where := treasure_beside(game, eid, self.keys("pick_up"))):
                self.notice = where  # the engine would only say "nothing here": say where to stand
                return None
            return self.act(A.PickUp(seat))
        if action == "spend_story":
            return self.act(A.SpendStory(seat))
        if action == "disarm":
            traps = trap_known_near(game, eid)
            if not traps:
                self.notice = f"You know of no trap within reach ({self.keys('search')} searches for traps)."
                return None
            if len(traps) == 1:
                return self.act(A.Disarm(seat, *traps[0]))
            self.prompt = Prompt("disarm", "Disarm which trap? A direction,", traps)
            return None
        if action == "use":
            spots = self.use_spots(eid)
            if not spots:
                self.notice = "There is nothing here to open or use."
                return None
            if len(spots) == 1:
                return self.act(A.Interact(seat, *spots[0]))
            self.prompt = Prompt("use", "Open or use which way? A direction,", spots)
            return None
        if action == "autoexplore":
            return self.start_travel("explore")
        if action == "travel_stairs":
            return self.start_travel("stairs")
        if action == "travel_entrance":
            return self.start_travel("entrance")
        if action == "descend":
            return self.descend(seat, eid)
        if action == "head_back":
            return self.head_back(seat, eid)
        self.notice = f"{action.replace('_', ' ')} is not possible here."
        return None

    def move(self, seat: int, eid: int, dx: int, dy: int) -> State | None:
        """A step; bumping known furniture uses it, bumping a known wall is refused here (it
        would cost the turn for nothing)."""
        game = self.game
        pos = game.position(eid)
        if pos is not None:
            x, y = pos.x + dx, pos.y + dy
            floor = game.floor
            inside = 0 <= x < floor.width and 0 <= y < floor.height
            if inside and floor.explored[y, x] and not floor.walkable[y, x] and game.creature_at(x, y) is None:
                tile = int(floor.tile[y, x])
                if ACTIONABLE[tile]:
                    return self.act(A.Interact(seat, x, y))
                self.notice = f"The way is blocked: {tile_words(game, x, y)}."
                return None
        return self.act(A.Move(seat, dx, dy))

    def use_spots(self, eid: int) -> list[tuple[int, int]]:
        """Adjacent tiles (and the hero's own) holding something to open or use."""
        pos = self.game.position(eid)
        if pos is None:
            return []
        floor = self.game.floor
        out = []
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                x, y = pos.x + dx, pos.y + dy
                if not (0 <= x < floor.width and 0 <= y < floor.height) or not floor.explored[y, x]:
                    continue
                tile = int(floor.tile[y, x])
                if ACTIONABLE[tile] and tile not in (Tile.STAIR_DOWN, Tile.STAIR_UP):
                    if tile == Tile.DOOR_OPEN and (dx, dy) == (0, 0):
                        continue
                    out.append((x, y))
        return out

    def answer(self, key: str) -> State | None:
        prompt = self.prompt
        assert prompt is not None
        action = self.kit.keymap.action_for(key, "game")
        seat, eid = self.seat(), self.hero()
        if action == "back" or seat is None or eid is None:
            self.prompt = None
            self.notice = "Never mind."
            return None
        pos = self.game.position(eid)
        if action in DIRECTIONS and pos is not None:
            dx, dy = DIRECTIONS[action]
            target = (pos.x + dx, pos.y + dy)
        elif action == "wait" and pos is not None:
            target = (pos.x, pos.y)
        else:
            self.notice = f"{prompt.question} or Esc."
            return None
        self.prompt = None
        if target not in prompt.candidates:
            self.notice = "Nothing to disarm there." if prompt.verb == "disarm" else "Nothing to open or use there."
            return None
        if prompt.verb == "disarm":
            return self.act(A.Disarm(seat, *target))
        return self.act(A.Interact(seat, *target))

    def descend(self, seat: int, eid: int) -> State | None:
        game = self.game
        pos = game.position(eid)
        if pos is None or int(game.floor.tile[pos.y, pos.x]) != Tile.STAIR_DOWN:
            self.notice = f"There is no stair down here ({self.keys('travel_stairs')} travels to a known one)."
            return None
        far = []
        for other, _ in game.heroes():
            opos = game.position(other)
            if other != eid and opos is not None and max(abs(opos.x - pos.x), abs(opos.y - pos.y)) > FAR_BEHIND:
                far.append(game.name(other))
        if far:
            who = " and ".join(far)
            return ConfirmDialog(self.kit, self, f"{who} {'is' if len(far) == 1 else 'are'} far behind. The whole "
                                 "party goes down together, whatever it is doing. Go down now?",
                                 on_yes=lambda: self.act(A.Descend(seat)), title="Go down?", yes_label="Go down")
        return self.act(A.Descend(seat))

    def head_back(self, seat: int, eid: int) -> State | None:
        game = self.game
        pos = game.position(eid)
        on_stair_up = pos is not None and int(game.floor.tile[pos.y, pos.x]) == Tile.STAIR_UP
        if on_stair_up:
            if game.dungeon.floor_no == game.dungeon.entrance_floor:
                return ConfirmDialog(self.kit, self, "Climb out of the dungeon and go to town? In town you can "
                                     "sell treasure, buy healing, retire or go back down.",
                                     on_yes=lambda: self.act(A.Ascend(seat)), title="Leave the dungeon?",
                                     yes_label="To town")
            return self.act(A.Ascend(seat))
        if game.party.returning:
            self.notice = (f"The party is heading home: {self.keys('travel_entrance')} travels to the stair up, "
                           f"{self.keys('head_back')} on it climbs.")
            return None

        def turn_back() -> State | None:
            nxt = self.act(A.HeadBack(seat))
            self.notice = f"{self.keys('travel_entrance')} travels to the stair up."
            return nxt

        return ConfirmDialog(self.kit, self, "Head back to town? The party retraces its steps to the entrance; "
                             "wandering monsters may meet it on the way.", on_yes=turn_back,
                             title="Head back?", yes_label="Head back")

    def ask_quit(self) -> State:
        def save() -> State:
            self.host.save(self.session)
            return self.host.leave(self.session, abandon=False)

        return QuitDialog(self.kit, self, on_save=save, on_abandon=lambda: self.host.leave(self.session, True))

    # -- drawing -------------------------------------------------------------------------------

    def roll_rows(self) -> int:
        game = self.game
        if self.roll_mode == "hidden" or not game.rolls:
            return 0
        if self.roll_mode == "expanded":
            return sum(record_height(r) for r in recent_records(game, 8))
        latest = game.rolls[-1]
        if latest.turn < game.turn - ROLL_RECENT:
            return 0
        return sum(record_height(r) for r in recent_records(game, 8))  # every roll of that turn

    def banner_text(self) -> tuple[str, int] | None:
        game = self.game
        humans = [s for s in game.seats if s.human and s.has_hero]
        seat = self.seat()
        if seat is None:
            if game.phase == "dungeon" and humans:
                return "Your companions act...", -1
            return None
        if len(humans) < 2:
            return None
        eid = game.party.hero_of.get(seat)
        return f" {possessive(game.seats[seat].name)} turn: {game.name(eid)} ", seat

    def on_draw(self, console: tcod.console.Console) -> None:
        palette, glyphs = self.kit.palette, self.kit.glyphs
        game = self.game
        draw.clear(console, palette)
        banner = self.banner_text()
        lay = compute_layout(console.width, console.height, banner is not None, self.roll_rows())
        self.layout = lay
        if banner is not None:
            text, seat = banner
            bx, by, bw, _ = lay.banner
            draw.fill(console, bx, by, bw, 1, palette["panel_bg"])
            colour = palette.seat(seat) if seat >= 0 else palette["text_dim"]
            draw.text(console, bx, by, text, palette["selection_fg"] if seat >= 0 else colour,
                      colour if seat >= 0 else None, width=bw)
        focus = self.focus_hero()
        pos = game.position(focus) if focus is not None else None
        mx, my, mw, mh = lay.map
        if pos is not None:
            self.camera.follow(pos.x, pos.y, mw, mh, game.floor.width, game.floor.height, game.dungeon.floor_no)
        draw_map(console, game, self.camera, lay.map, palette, glyphs, active=self.hero())
        if lay.rolls[3] > 0:
            records = recent_records(game, 8)
            draw_rolls(console, game, lay.rolls, palette, glyphs, records)
        draw_sidebar(console, game, lay.sidebar, palette, active=self.hero(),
                     here=(pos.x, pos.y) if pos is not None else None,
                     hide_seed=self.kit.options.hide_seed, titles=self.game.dungeon.room_titles)
        self._cursor = draw_log(console, game, lay.log, palette, self.session.log_seen)
        self.draw_hint(console, lay.hint_y)

    def draw_hint(self, console: tcod.console.Console, y: int) -> None:
        palette = self.kit.palette
        if self.prompt is not None:
            text = f"{self.prompt.question} {self.keys('wait')} for here, Esc to cancel."
            draw.text(console, 1, y, text, palette["warning"], width=console.width - 2)
            self._cursor = (min(console.width - 1, 1 + len(text)), y)
            return
        if self.travel is not None:
            draw.text(console, 1, y, f"{self.travel.label.capitalize()}... (any key stops)", palette["info"],
                      width=console.width - 2)
            return
        if self.notice:
            draw.text(console, 1, y, self.notice, palette["warning"], width=console.width - 2)
            return
        problem = getattr(self.host, "save_problem", lambda: None)()
        if problem:
            why = problem.split(" (", 1)[0]  # the reason; the path is in the exit line
            draw.text(console, 1, y, f"Saving failed: {why}. Play on: it saves again when it can.",
                      palette["warning"], width=console.width - 2)
            return
        k = self.kit.keymap
        moves = "arrows" if "up" in k.keys_for("move_n") else self.keys("move_n")
        if "k" in k.keys_for("move_n"):
            moves += "/hjkl"
        hints = [(moves, "move"), (self.keys("autoexplore"), "explore"), (self.keys("search"), "search"),
                 (self.keys("use"), "open"), (self.keys("pick_up"), "take"), (self.keys("disarm"), "disarm"),
                 (self.keys("help"), "help"), (self.keys("descend"), "down"), (self.keys("head_back"), "home"),
                 (self.keys("inventory"), "pack"), (self.keys("look"), "look"), (self.keys("roll_panel"), "rolls"),
                 (self.keys("hero_sheet"), "hero"), (self.keys("log_history"), "log"), (self.keys("quit"), "quit")]
        hint_line(console, y, hints, palette)

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor


def hint_line(console: tcod.console.Console, y: int, hints: list[tuple[str, str]], palette: Any) -> None:
    """Key hints on row `y`, as many as fit, keys in the key colour (one write for the row)."""
    line, spans = "", []
    for keys, what in hints:
        piece = f"{keys} {what}  "
        if 1 + len(line) + len(piece) - 2 > console.width - 1:
            break
        spans.append((1 + len(line), len(keys)))
        line += piece
    draw.text(console, 1, y, line.rstrip(), palette["text_dim"])
    fg = console.fg
    for x, n in spans:
        fg[y, x:x + n] = palette["key"]


def first_screen(kit: Kit, session: Session, back: State | None = None, host: RunHost | None = None) -> State:
    """The map for `session`, or where the game sends the player first (town, the end)."""
    session.advance_ai()
    screen = MapScreen(kit, session, back, host)
    if session.game.turn == 0:
        screen.notice = (f"A new run. {screen.keys('autoexplore')} explores, the movement keys walk, "
                         f"{screen.keys('help')} shows every key.")
    return screen.route() or screen


__all__ = ["MapScreen", "RunHost", "Layout", "compute_layout", "first_screen", "help_topics", "HeroState"]
