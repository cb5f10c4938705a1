"""The game as a player starts it: `python main.py` (the title menu), `play` (a run at once, with
ready-made heroes, straight onto the map) and `continue` (the autosave).

Every run is recorded as it is played, and the recording is the save (DESIGN.md §7): the
recorder writes the autosave after every action (the process dying loses at most the action
being applied), durably on quitting, on Ctrl-C and on a hang-up. When the run ends, the morgue
file and the high-score list are written, the autosave becomes a recording under the
recordings directory (for replays), and the end-of-run screen shows.

`start_state` is how other screens (the new-game screen) start a run:
``start_state(kit, seed=..., seats="human,ai,ai", level=2, dials=Dials(), heroes={}, back=title)``.

The files are game.engine.saves' (the autosave, its backup, archiving a finished run); this
module only decides when to write: after every action, durably when leaving.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.core.data_lock import RecordLock
from game.core.dials import Dials, parse_dials
from game.core.errors import FileProblem, MasterlessError, UsageError, printable
from game.core.file_guard import write_problem
from game.core.paths import morgue_dir
from game.core.program import command
from game.core.seats import HeroChoice, parse_seats, reads_as_ai, ready_made_heroes
from game.engine.game import Game
from game.engine.saves import record_target, record_target_path, set_record_target, set_seeded, was_seeded
from game.ui.kit import Kit
from game.ui.present.ansi import one_cell
from game.ui.run_files import (
    SCORES,
    archive_run,
    archive_run_unplayed,
    data_dir,
    derive_seed,
    file_ended_run,
    has_autosave,
    load_autosave,
    open_recorder,
    run_in_progress,
    set_aside_unreadable_run,
    unreadable_run,
)
from game.ui.run_guard import check_personalities, check_record_file, own_data_dir, with_notices
from game.ui.run_host import RunHost
from game.ui.screens.dialog import ConfirmDialog, MessageDialog, WorkingScreen
from game.ui.screens.map_screen import first_screen
from game.ui.session import Session
from game.ui.state import Exit, State
from game.ui.terminal_guard import TITLE_NOT_A_TERMINAL, require_terminal

# the last word on leaving, after the room builder could not keep its draft (game.engine.build_drafts)
DRAFT_UNKEPT = "The unconfirmed room purchases were not kept: the builder starts afresh."


def guard_new_run(kit: Kit, back: State | None, begin: Callable[[], State]) -> State:
    """`begin()` at once, or first a question when a saved run is in progress (a new run replaces
    the autosave; the old run is kept as a recording under Replays, but cannot be continued) or
    is one this version cannot read (a new run moves it aside)."""
    saved = run_in_progress(kit.options.hide_seed)

    def ask(question: str, first: Callable[[], None]) -> State:
        def then() -> State:
            first()
            return begin()

        return ConfirmDialog(kit, back if back is not None else Exit("kept"), question, on_yes=then,
                             title="Start a new run?", yes_label="New run", no_label="Keep it")

    if saved is not None:
        return ask(f"A saved run is in progress ({saved}). A new run ends it for good: it is kept under Replays "
                   "to watch, but cannot be continued. Start a new run anyway? "
                   f"(`{command('continue')}` resumes the saved one.)", archive_run)
    try:
        kept = file_ended_run()  # an ended run's save left behind: to Replays, not under the new run
    except FileProblem as exc:  # it could go nowhere: no new run over it
        if back is None:
            raise
        return MessageDialog(kit, back, str(exc), title="The last run")
    problem = unreadable_run()
    if problem is None:
        state = begin()
        return MessageDialog(kit, state, kept, title="The last run") if kept else state
    return ask(f"There is a saved run this version cannot read ({printable(problem)}). A new run moves it "
               "aside, kept as it is, to an autosave.broken file in the same folder. Start a new run?",
               set_aside_unreadable_run)


# ----- the app around the map screen --------------------------------------------------------------
class AppHost(RunHost):
    """Saves, ends runs (morgue, high score, end screen) and leaves to `after` (the title, or the
    end of the program)."""
    seeded = False  # a run on a chosen seed (`play --seed N`, `--daily`): it goes into that seed's table

    def __init__(self, kit: Kit, recorder: Any | None, after: Callable[[], State], export: str | None = None,
                 ) -> None:
        self.kit = kit
        self.recorder = recorder
        self.after = after
        self.export = export
        self.session: Session | None = None
        self.finished = False
        self.replaced = False  # another run (or this one, continued afresh) owns the autosave now
        self.filing_problem = ""  # why the ended run's recording stayed in the autosave, said at the end
        self.end_unsaved = False  # the end itself could not be written: the autosave holds the run before it
        self.abandoned = False  # left for good (`S` `a`)
        self.abandoned_to: Path | None = None  # where the abandoned run's recording was filed

    def save(self, session: Session) -> None:
        self.session = session  # the recorder writes after every action itself

    def save_problem(self) -> str | None:
        return getattr(self.recorder, "failing", None) if not self.finished else None

    def record_problem(self) -> str | None:
        return getattr(self.recorder, "mirror_problem", None) if not self.finished else None

    def save_now(self) -> None:
        """A durable write (quitting, Ctrl-C, hang-up); `--record FILE` is written with it."""
        if self.recorder is not None and self.session is not None and not self.finished and not self.replaced:
            with contextlib.suppress(OSError):
                self.recorder.flush(self.session.game, durable=True)

    def _finish(self, session: Session, reason: str) -> Path | None:
        if self.finished:
            return None
        self.finished = True
        if self.recorder is not None and not self.recorder.finish(session.game, left=reason == "abandoned"):
            # the end itself is unwritten (a full or read-only disk): the autosave holds the run as
            # last saved, and filing it now would file an unended run; `continue` goes on from there
            self.end_unsaved = True
            self.filing_problem = (f"its end could not be saved ({self.recorder.failing}): "
                                   f"`{command('continue')}` would take the run up from its last save, before the end")
            return None
        try:
            return archive_run()
        except OSError as exc:  # the autosave stays where it is: nothing is lost, `continue` finds it ended
            self.filing_problem = (f"its recording could not be filed under Replays ({write_problem(exc)}): "
                                   "it stays in the autosave and goes under Replays when the next run starts")
            return None

    def end_of_run(self, session: Session, screen: State) -> State:
        game = session.game
        self.session = session
        recording = self._finish(session, game.outcome or "over")
        from game.core.score_table import read_scores  # start-up: only at the end of a run
        from game.engine.morgue import add_score, write_morgue  # start-up: only at the end of a run

        morgue = rank = damaged = None
        problems = [self.filing_problem]
        if self.filing_problem and self.seeded:  # a seed's table keeps a run by its filed recording
            problems.append(f"without it the run could not go into seed {game.seed}'s table")
        try:  # each on its own: a morgue folder that cannot be written costs the run no high score
            morgue = write_morgue(game, morgue_dir(), self.kit.options.hide_seed)
        except OSError as exc:
            problems.append(f"could not write the morgue file in {printable(str(morgue_dir()))}: {write_problem(exc)}")
        try:
            _, damaged = read_scores(data_dir() / SCORES)  # a damaged list is set aside here: said below
            rank, scores = add_score(game, data_dir() / SCORES)
            session.score_list = scores  # type: ignore[attr-defined]  - the end screen's rank line is true to it
        except OSError as exc:
            problems.append(f"could not add the run to the high scores ({printable(str(data_dir() / SCORES))}): "
                            f"{write_problem(exc)}")
        if damaged is not None:
            filed = f"this run was still filed, #{rank} on it" if rank is not None else "this run was not filed"
            problems.append(f"the high-score list was damaged: the damaged file is kept as {printable(str(damaged))} "
                            f"(its whole rows stay on the list), and {filed}")
        from game.ui.run_sharing import share_run  # only at the end of a run

        session.seed_rank, shared = share_run(game, recording, morgue, self.seeded)  # type: ignore[attr-defined]
        problems.append(shared)  # said too when the morgue could not be written: a damaged seed table is news
        problem = "; ".join(p for p in problems if p)
        session.morgue_path = morgue  # type: ignore[attr-defined]  - for the end-of-run screen
        session.score_rank = rank  # type: ignore[attr-defined]
        session.recording_path = recording  # type: ignore[attr-defined]
        from game.ui.other_screens import open_screen  # start-up: only at the end of a run

        end = open_screen("end_of_run", self.kit, session, self.after())
        if problem:
            return MessageDialog(self.kit, screen, f"The run is over ({problem}).", title="The end of the run",
                                 then=lambda: end)
        return end

    def leave(self, session: Session, abandon: bool) -> State:
        self.session = session
        if abandon:
            self.abandoned = True
            self.abandoned_to = self._finish(session, "abandoned")
        else:
            self.save_now()
        return self.after()


def start_state(kit: Kit, *, seed: int, seats: str = "human,ai,ai", level: int = 2, dials: Dials | None = None,
                heroes: dict[int, HeroChoice] | None = None, back: State | None = None,
                export: str | None = None, designs: tuple[Any, ...] = (), seeded: bool = False,
                ) -> tuple[State, AppHost]:
    """A new run on screen (the map, or wherever the game sends the player first) and its host.
    `back` is where leaving the run goes (None: the program ends); `designs` the table's saved
    designs (`--designs DIR`), which go into the recording; `seeded`, a run on a chosen seed, goes
    into that seed's table when it ends (remembered beside the autosave for `continue`)."""
    if not 1 <= level <= 3:
        raise UsageError(f"--level must be 1, 2 or 3 (every hero starts at that level), got {level}")
    table = parse_seats(seats)
    dials = dials or Dials()
    heroes = ready_made_heroes(seed, table, dict(heroes or {}))  # never two heroes of one name
    game, recorder = open_recorder(seed, seats, level, dials, heroes, designs)
    if export:  # `--record FILE` is a second save, written with every action like the autosave
        try:  # noted first, for `continue` to go on recording there: unnoted, FILE is not written
            set_record_target(Path(export))
        except OSError as exc:
            game.close()
            archive_run_unplayed()
            raise FileProblem(f"--record: cannot note {printable(export)} for `continue` in "
                              f"{printable(str(record_target_path()))} ({write_problem(exc)}); move it aside "
                              "and start again") from None
        recorder.mirror = Path(export)
        if not recorder.flush(game, durable=True):
            game.close()
            archive_run_unplayed()
            raise FileProblem(f"cannot save the game: {recorder.problem}")
    set_seeded(seeded)
    state, host = _on_screen(kit, game, recorder, back, export)
    host.seeded = seeded
    return state, host


def _on_screen(kit: Kit, game: Game, recorder: Any | None, back: State | None,
               export: str | None = None, note: str | None = None) -> tuple[State, AppHost]:
    host = AppHost(kit, recorder, after=(lambda: back) if back is not None else (lambda: Exit("left")), export=export)
    session = Session(game, recorder)
    session.keeps_drafts = recorder is not None
    host.session = session
    state = first_screen(kit, session, back=back, host=host)
    if note:
        state = MessageDialog(kit, state, note, title="Continue")
    return state, host


def _present(state: State, kit: Kit, window: bool, on_hangup: Callable[[], None],
             instead: str = "play in the terminal without --window") -> Any:
    """Run `state` in a window or the terminal; `instead` is the advice when no window opens."""
    if window:
        from game.ui.present.window import run_in_window  # only with --window: SDL stays unloaded otherwise

        try:
            return run_in_window(state, kit=kit, on_hangup=on_hangup)
        except RuntimeError as exc:  # SDL could not open a window (no display, no video driver)
            reason = str(exc).strip().splitlines()[-1] if str(exc).strip() else type(exc).__name__
            raise UsageError(f"cannot open a window ({reason}); {instead}") from None
    from game.ui.present.terminal import run_in_terminal  # start-up: a --window run never loads the writer

    return run_in_terminal(state, kit=kit, on_hangup=on_hangup)


def _goodbye(host: AppHost, result: Any) -> int:
    """Say whether the run left unfinished was saved; the exit status: 3 (a file that could not
    be written, DESIGN.md §6) when it was not, so a script is not told all went well."""
    left = getattr(result, "interrupted", False) or getattr(result, "result", None) == "left"
    if left and host.abandoned:
        return _abandoned(host)
    if left and host.session is not None and not host.finished and host.recorder is not None:
        problem = getattr(host.recorder, "problem", None)
        line = (f"Not saved: {problem}." if problem else
                f"Saved. `{command('continue')}` picks the run up where you left it.")
        mirror = getattr(host.recorder, "mirror_problem", None)
        if not problem and mirror:  # the run is saved; only its --record copy is behind
            line += f"\nThe --record copy was not written: {mirror}."
        if not problem and host.session.draft_unkept:  # the room builder said so; the last word says it too
            line += "\n" + DRAFT_UNKEPT
        with contextlib.suppress(OSError, ValueError):  # the terminal may be gone
            print(line, file=sys.stderr)
        return 3 if problem else 0
    return 0


def _abandoned(host: AppHost) -> int:
    """Say what became of the run the player abandoned (`S`, `a`): it is over, with no score, and
    filed under Replays as any ended run, or why not; 3 when its end could not be written."""
    if host.filing_problem:
        line = f"Abandoned, but {host.filing_problem}."
    elif host.abandoned_to is not None:
        line = f"Abandoned: the run is over, with no score; its recording is kept under Replays as " \
               f"{printable(str(host.abandoned_to))}."
    else:
        line = "Abandoned: the run is over, with no score."
    with contextlib.suppress(OSError, ValueError):  # the terminal may be gone
        print(line, file=sys.stderr)
    return 3 if host.end_unsaved else 0


# ----- the commands ---------------------------------------------------------------------------------
def run_play(args: Any) -> int:
    window = bool(getattr(args, "window", False))
    seed = derive_seed(getattr(args, "seed", None), getattr(args, "daily", None))
    dials = parse_dials(getattr(args, "dial", []) or [])
    seats, level = getattr(args, "seats", "human,ai,ai"), getattr(args, "level", 2)
    if not 1 <= level <= 3:
        raise UsageError(f"--level must be 1, 2 or 3 (every hero starts at that level), got {level}")
    check_personalities(seats)  # first: `ai:tyrnt` alone is a typo to name, not "a seat needs a hero"
    table = parse_seats(seats)
    if any(not s.name.isprintable() for s in table):  # it would go raw into the morgue file and the logs
        raise UsageError(f"--seats: a player's name must be plain text, not control characters: {printable(seats)}")
    undrawn = next((s.name for s in table if s.human and not all(c.isspace() or one_cell(c) for c in s.name)), None)
    if undrawn is not None:  # every hand-over would name "??" (the New game form refuses these letters too)
        raise UsageError(f"--seats: the name {undrawn} has letters this screen cannot draw (they would show as ?): "
                         "give a name in other letters")
    players = [s.name.casefold() for s in table if s.human]
    twice = next((n for n in players if players.count(n) > 1), None)
    if twice is not None:  # the hand-over would say "Pass the keyboard to Ann" and not which
        raise UsageError(f"--seats: two players are both called {twice.title()}; give each their own name")
    posing = next((s.name for s in table if s.human and reads_as_ai(s.name)), None)
    if posing is not None:  # the log and the hand-overs would name a player as if an AI seat
        raise UsageError(f"--seats: the name {posing} ends in (AI), as only AI seats may: give the player another "
                         "name")
    check_record_file(getattr(args, "record", None))  # arguments first: a bad one is said at once
    designs: tuple[Any, ...] = ()
    if getattr(args, "designs", None):
        from game.designers.design_files import load_designs  # start-up: only when designs are given

        designs = load_designs(args.designs)
    if not window:
        require_terminal()
    kit = Kit.load()
    with own_data_dir(), RecordLock(getattr(args, "record", None)):
        return _play(args, kit, window, seed, dials, seats, level, designs)


def _play(args: Any, kit: Kit, window: bool, seed: int, dials: Dials, seats: str, level: int,
          designs: tuple[Any, ...] = ()) -> int:
    hosts: list[AppHost] = []

    def begin() -> State:
        seeded = getattr(args, "seed", None) is not None or getattr(args, "daily", None) is not None
        state, host = start_state(kit, seed=seed, seats=seats, level=level, dials=dials,
                                  export=getattr(args, "record", None), designs=designs, seeded=seeded)
        hosts.append(host)
        return state

    def hangup() -> None:
        for host in hosts:
            host.save_now()

    try:
        result = _present(with_notices(kit, guard_new_run(kit, None, begin)), kit, window, hangup)
    except (UsageError, FileProblem):
        for host in hosts:  # the run never got on screen: leave no empty save behind
            if host.recorder is not None and host.recorder.count == 0:
                archive_run_unplayed()
        raise
    status = max((_goodbye(host, result) for host in hosts), default=0)
    if not hosts and getattr(result, "result", None) == "kept":  # "Keep it": no new run, the saved one waits
        line = f"Kept the saved run: `{command('continue')}` picks it up."
        if unreadable_run() is not None:  # `continue` refuses it: said so, not promised
            line = f"Kept the saved run as it is, in {printable(str(data_dir()))}: this version cannot continue " \
                   "it (a new run moves it aside first, untouched)."
        with contextlib.suppress(OSError, ValueError):
            print(line, file=sys.stderr)
    return status


def run_continue(args: Any) -> int:
    if not getattr(args, "window", False):
        require_terminal()
    kit = Kit.load()
    with own_data_dir(), RecordLock(record_target()):
        game, recorder, note = load_autosave()
        state, host = _on_screen(kit, game, recorder, None, note=note)
        host.seeded = was_seeded()  # a `play --seed N` run saved and continued still races on its seed
        result = _present(with_notices(kit, state), kit, getattr(args, "window", False), host.save_now)
        return _goodbye(host, result)


def run_replay_viewer(replay: Any, args: Any) -> int:
    """`python main.py replay FILE`: the recording plays in the terminal viewer (or a window),
    at `--speed` actions a second (the nearest the viewer offers); Esc leaves."""
    from game.ui.screens.replay_viewer import SPEEDS, ReplayViewerScreen  # start-up: only `replay FILE` shows it

    kit = Kit.load()
    viewer = ReplayViewerScreen(kit, replay, None, title=f"Replay: {Path(args.file).name}")
    wanted = min(max(float(getattr(args, "speed", 1.0) or 1.0), SPEEDS[0]), SPEEDS[-1])  # inf: the fastest, not 1
    viewer.speed = min(SPEEDS, key=lambda s: (abs(s - wanted), s))
    _present(viewer, kit, getattr(args, "window", False), lambda: None,
             instead="watch it in the terminal without --window, or check it with --headless")
    return 0


def title_screen(kit: Kit, hosts: list[AppHost] | None = None) -> State:
    """The title menu, wired to new runs, the autosave, replays and high scores."""
    from game.ui.screens.title import TitleScreen, standard_title_entries  # start-up: `play` never shows it

    hosts = hosts if hosts is not None else []

    def own_autosave(host: AppHost) -> None:
        """`host`'s run is the one the autosave holds now: a run left earlier from this title
        must never write its old game over it again (on Ctrl-C, or a closed terminal)."""
        for earlier in hosts:
            earlier.replaced = True
        hosts.append(host)

    def start(back: State, form: State) -> Callable[..., State]:
        """Starting from `form`: leaving the run goes to `back`; "keep the saved run" goes back to
        the form as the player left it (their heroes and dials are not thrown away)."""
        def begin(seed: int, seats: str, level: int, dials: Dials, heroes: dict[int, HeroChoice],
                  seeded: bool = False) -> State:
            def make() -> State:
                state, host = start_state(kit, seed=seed, seats=seats, level=level, dials=dials, heroes=heroes,
                                          back=back, seeded=seeded)
                own_autosave(host)
                return state
            return guard_new_run(kit, form, make)
        return begin

    def new_game(preset: str) -> Callable[[State], State]:
        def open_form(title: State) -> State:
            from game.ui.screens.new_game import NewGameScreen  # start-up: opened on demand

            form = NewGameScreen(kit, lambda *args: title, title, preset=preset)
            form.start = start(title, form)
            return form
        return open_form

    def continue_game(title: State) -> State:
        def load() -> State:
            try:
                game, recorder, note = load_autosave()
            except MasterlessError as exc:
                return MessageDialog(kit, title, str(exc), title="Continue")
            state, host = _on_screen(kit, game, recorder, title, note=note)
            host.seeded = was_seeded()
            own_autosave(host)
            return state

        # replaying a long run takes a moment: say so first, or the title looks as if c did nothing
        return WorkingScreen(kit, title, "Continue", "Loading the saved run...", load)

    def replays(title: State) -> State:
        from game.ui.screens.replay_viewer import ReplaysScreen  # start-up: opened on demand

        return ReplaysScreen(kit, None, title)

    def high_scores(title: State) -> State:
        from game.ui.screens.high_scores import HighScoresScreen  # start-up: opened on demand

        return HighScoresScreen(kit, None, title)

    entries = standard_title_entries(kit, new_game=new_game("solo"), hot_seat=new_game("hot_seat"),
                                     continue_game=continue_game, can_continue=has_autosave,
                                     replays=replays, high_scores=high_scores)
    return TitleScreen(kit, entries)


def run_title(args: Any) -> int:
    window = bool(getattr(args, "window", False))
    if not window:
        require_terminal(problem=TITLE_NOT_A_TERMINAL)
    kit = Kit.load()
    hosts: list[AppHost] = []

    def hangup() -> None:
        for host in hosts:
            host.save_now()

    with own_data_dir():
        _present(title_screen(kit, hosts), kit, window, hangup, instead="run it in the terminal without --window")
    return 0
