"""The autosave: the recording of the game in progress, resumed by replaying it (DESIGN.md §7).

There is one autosave, ``autosave.mlrec`` in the user data directory (`paths.data_dir`), and its
backup ``autosave.bak.mlrec``: every write renames the previous autosave to the backup first, so
the backup is the same game one write earlier. A human game writes after every action, so a
killed process loses at most the action it was applying.

`load_autosave` tries, in order, and says which one it used and why:

1. the autosave, replayed with every check;
2. the backup, whenever the autosave cannot be used for any reason (`LoadedSave.problem` says
   how); the broken file is moved aside to ``autosave.broken.mlrec`` (``autosave.broken-2.mlrec``
   and so on: an earlier broken copy is never overwritten) so the next write cannot turn the good
   backup into it;
3. salvage: the longest prefix of either file whose actions still check (a file cut short or
   damaged mid-way, or a game this version no longer plays the same); `LoadedSave.lost` is how
   many recorded actions could not be kept, `LoadedSave.reached` the furthest turn either file
   was seen to reach. Both damaged files are set aside first, so the damaged backup is never
   overwritten by the game that goes on.

The UI asks `find_autosave()` first (cheap: no replay) to show "Continue" with the seed, floor
and turn, and may offer the backup by calling `load_autosave(allow_backup=...)` as it sees fit.
"""

from __future__ import annotations

import contextlib
import glob
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.dials import Dials
from game.core.errors import FileProblem, MasterlessError, ReplayDesync, printable
from game.core.file_guard import claim_name, probe_writable_file, read_bounded
from game.core.paths import atomic_write, config_dir, data_dir, recordings_dir, written_through
from game.core.program import command
from game.core.seats import HeroChoice
from game.core.staged_files import file_staged, staged_copy, sweep_leftovers
from game.engine.build_drafts import forget_draft
from game.engine.game import Game
from game.engine.recording import MAGIC, SUFFIX, Recorder, Recording
from game.engine.recording_read import read_recording

AUTOSAVE = "autosave" + SUFFIX
BACKUP = "autosave.bak" + SUFFIX
BROKEN = "autosave.broken" + SUFFIX
RECORD_TO = "autosave.record-to"  # the `play --record FILE` of the run in progress, for `continue`
SEEDED = "autosave.seeded"  # there when the run in progress was begun on a chosen seed, for `continue`


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE


def backup_path() -> Path:
    return data_dir() / BACKUP


def record_target_path() -> Path:
    """The note of where `play --record FILE` mirrors the run in progress."""
    return data_dir() / RECORD_TO


def set_record_target(path: Path | None) -> None:
    """Remember (or forget, with None) where `play --record FILE` mirrors the run in progress,
    so `continue` keeps recording there."""
    marker = record_target_path()
    if path is None:
        with contextlib.suppress(OSError):
            marker.unlink()
        return
    atomic_write(marker, os.fsencode(os.path.abspath(path)) + b"\n", shared=True)


def set_seeded(seeded: bool) -> None:
    """Remember whether the run in progress was begun on a chosen seed (`play --seed N`, `play
    --daily`): its end goes into that seed's table, after `continue` too. A marker that cannot be
    written costs the race entry of a continued run, never the run."""
    marker = data_dir() / SEEDED
    with contextlib.suppress(OSError):
        if seeded:
            atomic_write(marker, b"seeded\n", shared=True)
        else:
            marker.unlink(missing_ok=True)


def was_seeded() -> bool:
    """Whether the run in progress was begun on a chosen seed (see `set_seeded`): the note is a
    file; anything else of its name (a folder no run can remove) notes nothing."""
    return (data_dir() / SEEDED).is_file()


def output_file_problem(path: str | Path) -> str | None:
    """Why a file the player names for the game to write (`--record`, `balance --json` and
    `--plot`) cannot be written (None when it can), asked before the work that fills it: besides
    what any file may suffer (`probe_writable_file`), it must not be one the game keeps for the
    run in progress (the autosave, its backup, a broken copy, the marker of the --record file):
    the game moves those aside and files the autosave under Replays, and writing one would lose
    the run in progress. Nor may it write over any other file the game already keeps (a finished
    run under Replays, the score table, a morgue file, a saved design, the options file)."""
    problem = probe_writable_file(path)
    if problem or str(path) == "":
        return problem
    with contextlib.suppress(OSError):
        where = Path(os.path.abspath(path)).resolve()
        if where.parent == data_dir().resolve() and where.name.startswith("autosave"):
            return f"{printable(str(path))} is the game's own autosave; name a file of your own"
        for folder in (data_dir(), config_dir()):
            if where.exists() and where.is_relative_to(folder.resolve()):
                return f"{printable(str(path))} is one of the game's own files (in {printable(str(folder))}); " \
                       "name a file of your own"
    return None


def _file_start(path: str | Path) -> bytes | None:
    """The first bytes of `path`, as many as a recording's MAGIC (None: not there, or not
    readable here, which is for the write to find and say)."""
    try:
        with open(path, "rb") as fh:
            return fh.read(len(MAGIC))
    except OSError:
        return None


def record_file_problem(path: str | Path) -> str | None:
    """Why `--record FILE` (or the file `continue` goes on recording to) cannot be written, as
    `output_file_problem`, and besides: a file that is there already must be a recording, which
    the run may write over (a live recording is written to again and again); any other file of
    the player's (a thesis, a finished autoplay's JSON) would be lost without a word."""
    problem = output_file_problem(path)
    if problem or str(path) == "":
        return problem
    start = _file_start(path)
    if start and start != MAGIC:
        return f"{printable(str(path))} is there already and is no recording: name a new file, or remove it first"
    return None


def recording_there_problem(path: str | Path) -> str | None:
    """Why `play --record FILE` cannot start a new run's recording in FILE, once it passed
    `record_file_problem`: a recording there already is another run's (a finished one, another
    data directory's autosave, a score's checked recording), which the new run would replace at
    its first action. Only `continue` writes on in a recording, the one its run began."""
    if _file_start(path) != MAGIC:
        return None  # not there, or empty: nothing in it to lose
    with contextlib.suppress(OSError):
        target = record_target()
        if target is not None and os.path.samefile(target, path) and has_autosave():
            return f"{printable(str(path))} is the recording of the saved run: " \
                   f"`{command('continue')}` goes on with it, or name a new file for a new run"
    return f"{printable(str(path))} is another run's recording already: name a new file, or remove it first"


def record_target() -> Path | None:
    """The `--record FILE` of the run in progress, or None."""
    try:
        raw = read_bounded(record_target_path(), 8192, "file name")
    except FileProblem:
        return None
    name = raw.rstrip(b"\n")
    return Path(os.fsdecode(name)) if name and b"\0" not in name else None


def has_autosave() -> bool:
    return autosave_path().exists() or backup_path().exists()


@dataclass(frozen=True)
class SaveInfo:
    """What the title menu shows for Continue, read without replaying."""

    path: Path
    seed: int
    seats: str
    actions: int
    turn: int
    floor: int
    phase: str  # dungeon | town | over
    problem: str | None = None  # set when only the backup could be read


def find_autosave() -> SaveInfo | None:
    """The autosave (or, when it cannot be read, its backup) described; None when neither exists
    or neither can be read at all."""
    problem = None
    for path in (autosave_path(), backup_path()):
        if not path.exists():
            continue
        try:
            rec = read_recording(path)
        except MasterlessError as exc:  # a damaged file, or one naming content this version lacks
            problem = problem or str(exc)
            continue
        end = rec.end
        return SaveInfo(path, rec.header.seed, rec.header.seats, len(rec.steps), rec.turns,
                        end.floor if end else 0, end.phase if end else "dungeon",
                        problem if path == backup_path() else None)
    return None


def unreadable_autosave() -> str | None:
    """Why the saved game cannot be read at all (damaged, or from a newer Masterless), when a
    file of it exists and neither it nor its backup can be read; else None. A new run must not
    write over it unasked: `set_aside_autosave` keeps it first."""
    if find_autosave() is not None:
        return None
    problems = []
    for path in (autosave_path(), backup_path()):
        if path.exists():
            try:
                read_recording(path)
            except MasterlessError as exc:
                problems.append(str(exc))
    return said_once(problems) or None


def said_once(problems: list[str]) -> str:
    """The autosave's and its backup's problems as one line. When the backup's is the autosave's
    own (a save from another version: both files are from it), it is said once, for both."""
    main, bak = str(autosave_path()), str(backup_path())
    if len(problems) == 2 and problems[0].startswith(main + ":") and problems[1] == bak + problems[0][len(main):]:
        return f"{main} and its backup{problems[0][len(main):]}"
    return "; ".join(problems)


def set_aside_autosave() -> list[Path]:
    """Move the autosave and its backup aside (``autosave.broken.mlrec``...), kept as they are."""
    return [p for p in (_set_aside(autosave_path()), _set_aside(backup_path())) if p is not None]


@dataclass
class LoadedSave:
    game: Game
    recorder: Recorder  # goes on writing the autosave: call `recorder.add(game, action)` after each action
    path: Path  # the file the game came from
    which: str  # "autosave", "backup", "salvaged autosave" or "salvaged backup"
    problem: str | None = None  # why the autosave itself was not used as it was (None: all was well)
    lost: int = 0  # recorded actions read but not kept (salvage only; a cut-off end may hide more)
    reached: int = 0  # the furthest turn the damaged files were seen to reach (salvage only)

    def report(self) -> str | None:
        """One line for the player: what was recovered and what was lost (None: all was well)."""
        if not self.problem:
            return None
        turn = self.game.turn
        if self.which.startswith("salvaged"):
            gone = f"{self.lost} recorded actions lost" if self.lost else "the damaged end lost"
            if self.reached > turn:
                gone += f" (the save had reached turn {self.reached})"
            which = self.which.removeprefix("salvaged ")
            return f"Recovered the {which} up to turn {turn}; {gone}. Why: {self.problem}"
        return f"Continued from the {self.which} at turn {turn} (at most the last action lost). Why: {self.problem}"


def new_autosave(seed: int, seats: str, level: int = 2, dials: Dials | None = None,
                 heroes: dict[int, HeroChoice] | None = None,
                 designs: tuple[Any, ...] = ()) -> tuple[Game, Recorder]:
    """Start a game recorded to the autosave. The previous autosave becomes the backup, and is
    gone after the first action: ask the player before starting over a game in progress.
    `designs`: the table's saved designs, kept in the recording."""
    sweep_filing_leftovers()
    forget_draft()  # an unconfirmed build of the run this one replaces
    recorder = Recorder.for_new_game(autosave_path(), seed, seats, level, dials, heroes, flush_every=1,
                                     backup=backup_path(), designs=designs)
    return recorder.start(), recorder


def resume(recording: Recording, path: Path | None = None) -> tuple[Game, Recorder]:
    """A fresh game with every recorded action replayed and checked, and a recorder that goes on
    writing to `path` (the autosave by default)."""
    from game.engine.recorded_play import replay  # start-up: a new run needs no replaying

    game = replay(recording)
    recorder = Recorder.resume(recording, path or autosave_path(), game, flush_every=1, backup=backup_path())
    return game, recorder


def load_autosave(allow_backup: bool = True, allow_salvage: bool = True) -> LoadedSave:
    """Resume the saved game (see the module docstring); FileProblem when nothing can be used."""
    main, bak = autosave_path(), backup_path()
    _sweep_temp_files(main)
    sweep_filing_leftovers()
    if not main.exists() and not bak.exists():
        raise FileProblem(f"{main}: there is no saved game to continue")
    problems: list[str] = []
    candidates = [(main, "autosave")] + ([(bak, "backup")] if allow_backup else [])
    for path, which in candidates:
        if not path.exists():
            problems.append(f"{path}: is missing")
            continue
        try:
            recording = read_recording(path)
            game, recorder = resume(recording)
        except (FileProblem, ReplayDesync) as exc:
            problems.append(str(exc) if isinstance(exc, FileProblem) else f"{path}: {exc}")
            continue
        except Exception as exc:  # noqa: BLE001 - any reason at all: the backup is the next try
            problems.append(f"{path}: cannot be replayed ({type(exc).__name__})")
            continue
        problem = problems[0] if problems else None
        if which == "backup":
            _set_aside(main)
            recorder.flush(game)
        return LoadedSave(game, recorder, path, which, problem)
    if allow_salvage:
        loaded = _salvage([c for c in candidates if c[0].exists()], problems)
        if loaded is not None:
            return loaded
    raise FileProblem(said_once(problems))


def _salvage(candidates: list[tuple[Path, str]], problems: list[str]) -> LoadedSave | None:
    from game.engine.recorded_play import replay_salvaged  # start-up: a new run needs no replaying

    best: tuple[int, Recording, Path, str] | None = None
    reached = 0
    for path, which in candidates:
        try:
            recording = read_recording(path, salvage=True)
            reached = max(reached, recording.turns)
            game, good = replay_salvaged(recording)
        except Exception:  # noqa: BLE001 - not even a header, or actions the engine refuses
            continue
        game.close()
        if best is None or good > best[0]:
            best = (good, recording, path, which)
    if best is None:
        return None
    good, recording, path, which = best
    kept = Recording(recording.header, recording.steps[:good], None, recording.where)
    game, recorder = resume(kept)
    _set_aside(autosave_path())
    _set_aside(backup_path())  # damaged too: kept as it is, never overwritten by the next write
    recorder.flush(game)
    return LoadedSave(game, recorder, path, f"salvaged {which}", problems[0] if problems else None,
                      len(recording.steps) - good, reached)


FILING = ".filing."  # the prefix of a linked autosave's copy being filed under Replays


def file_copy(source: Path | str, target: Path) -> None:
    """Put a copy of `source` under Replays as `target` (a friend's recording, kept for replay):
    staged and renamed into place, so a copy cut short (a full disk, a kill) never stands there
    under the recording's name; a killed one's staged copy is swept like a filing's."""
    file_staged(*staged_copy(Path(source), target.parent, FILING), target)


def sweep_filing_leftovers() -> list[Path]:
    """A filing's copies that a killed game left in the recordings folder (never one another copy
    of the game is filing now: that one is held locked)."""
    with contextlib.suppress(OSError):
        return sweep_leftovers(recordings_dir(), FILING)
    return []


def _sweep_temp_files(autosave: Path) -> None:
    """Temp files a killed write left behind (never a whole save: the rename is what commits),
    beside the autosave or, when it is a link, beside what it points to (where it is written)."""
    kept = written_through(autosave)
    for stale in kept.parent.glob(f".{glob.escape(kept.name)}.*.tmp"):
        with contextlib.suppress(OSError):
            stale.unlink()


def _set_aside(path: Path) -> Path | None:
    """Move a broken autosave (or backup) out of the way, kept for a bug report under the first
    free name ``autosave.broken.mlrec``, ``autosave.broken-2.mlrec`` ..., so the next write does
    not rename it over the good backup, and no earlier broken copy is overwritten."""
    if not path.exists() and not path.is_symlink():
        return None
    stem = BROKEN.removesuffix(SUFFIX)
    return claim_name(path, lambda n: path.with_name(stem + ("" if n == 1 else f"-{n}") + SUFFIX))


def archive_autosave(name: str | None = None) -> Path | None:
    """When a run is over: move its autosave into the recordings directory (to watch with
    `replay`), and drop the backup. Returns where it went, or None when there was no autosave.
    An autosave the player made a link: what it points to is filed, and the link stays where it
    is, for the next run to be written through it (moved, a relative link would point nowhere)."""
    main = autosave_path()
    forget_draft()  # the run is over: no build of it waits
    if not main.exists():
        return None
    try:
        info = read_recording(main)
        stem = name or f"seed-{info.header.seed}-turn-{info.turns}"
    except FileProblem:
        stem = name or "unreadable"
    target_dir = recordings_dir()
    target_dir.mkdir(parents=True, exist_ok=True)
    sweep_filing_leftovers()
    # a linked autosave's content is copied (and the copy filed): held locked until it is filed,
    # so a killed filing's copy is swept at the next filing or start (`sweep_filing_leftovers`)
    source, held = staged_copy(main, target_dir, FILING) if main.is_symlink() else (main, -1)
    try:
        target = claim_name(source, lambda n: target_dir / (stem + ("" if n == 1 else f"-{n}") + SUFFIX))
        if target is None and source != main:
            with contextlib.suppress(OSError):
                source.unlink()
    finally:
        if held >= 0:
            os.close(held)  # filed (or gone): the lock goes with it
    if target is None:
        raise OSError(f"could not move {main} into {target_dir}")
    if source != main:
        with contextlib.suppress(OSError):
            written_through(main).unlink()  # the link stays, for the next run
    with contextlib.suppress(OSError):
        backup_path().unlink()
    set_record_target(None)
    set_seeded(False)
    return target
