"""A run's files as the front end keeps them: the autosave and its recorder, continuing it,
archiving a finished or abandoned run, and the seed of a new one."""

from __future__ import annotations

import contextlib
import datetime as dt
import os
from pathlib import Path
from typing import Any

from game.core.dials import Dials
from game.core.errors import FileProblem, UsageError, printable
from game.core.file_guard import write_problem
from game.core.paths import data_dir as _data_dir
from game.core.paths import recordings_dir, written_through
from game.core.program import command
from game.core.seats import HeroChoice
from game.engine.build_drafts import take_draft
from game.engine.game import Game
from game.engine.saves import (
    archive_autosave,
    autosave_path,
    backup_path,
    find_autosave,
    new_autosave,
    record_file_problem,
    record_target,
    set_aside_autosave,
    set_record_target,
    set_seeded,
    unreadable_autosave,
)
from game.engine.saves import has_autosave as _has
from game.engine.saves import load_autosave as _load

SCORES = "scores.json"


def data_dir() -> Path:
    return _data_dir()


# ----- the save machinery (game.engine.saves: the one place that knows the autosave's files) ------
def has_autosave() -> bool:
    return _has()


def open_recorder(seed: int, seats: str, level: int, dials: Dials, heroes: dict[int, HeroChoice],
                  designs: tuple[Any, ...] = ()) -> tuple[Game, Any]:
    """A new game recorded to the autosave after every action.

    Those writes are atomic but not fsynced (a durable write costs ~12 ms, too much for every
    keypress): a killed process or a closed terminal loses nothing, a power cut at most the
    last actions. Quitting, Ctrl-C and a hang-up write durably (`AppHost.save_now`)."""

    game, recorder = new_autosave(seed, seats, level, dials, heroes, designs)
    recorder.durable = False
    return game, recorder


def load_autosave() -> tuple[Game, Any, str | None]:
    """The autosaved game, replayed, a recorder that goes on writing it, and a line for the
    player when the autosave itself could not be used as it was (the backup or a salvage was)."""

    try:
        loaded = _load()
    except FileProblem as exc:
        if "no saved game" in str(exc):
            raise UsageError(f"there is no saved game to continue: `{command('play')}` starts a new one") from None
        if unreadable_run() is not None:  # what a new run does with it (`app.guard_new_run`)
            raise FileProblem(f"{exc}. It cannot be continued; a new run (New game, or `{command('play')}`) "
                              "moves it aside, kept as it is.") from None
        raise
    if loaded.game.phase == "over":
        loaded.game.close()
        file_ended_run_again()
        raise UsageError("the saved run had already ended (its recording is under Replays)")
    loaded.recorder.durable = False

    note = loaded.report()
    _, dropped = take_draft(loaded.game)  # a draft that fits waits in the file for the room builder
    if dropped:
        note = " ".join(filter(None, [note, dropped]))
    mirror = record_target()  # `play --record FILE` goes on recording there
    if mirror is not None:  # checked as `play --record` checks it: the note may name any file by now
        problem = record_file_problem(mirror)
        if problem is None:
            loaded.recorder.mirror = mirror
            loaded.recorder.flush(loaded.game)
        else:
            note = " ".join(filter(None, [note, f"--record: {problem}; the run is saved to the autosave only."]))
    return loaded.game, loaded.recorder, note


def file_ended_run_again() -> None:
    """File the autosave of a run that ended but could not be filed then (`continue` on it);
    FileProblem (exit 3, one line) when it still cannot be: the autosave stays where it is, for
    a later `continue` to file."""
    try:
        archive_autosave()
    except OSError as exc:
        raise FileProblem(f"the saved run had already ended, but its recording still cannot be filed under "
                          f"Replays ({printable(str(recordings_dir()))}: {write_problem(exc)}); it stays in "
                          f"{printable(str(autosave_path()))}, and `{command('continue')}` files it once "
                          "that folder can be written") from None


def run_in_progress(hide_seed: bool = False) -> str | None:
    """A line describing the saved run a new one would replace, or None when there is none (its
    seed left out when the player hides seeds)."""

    info = find_autosave()
    if info is None or info.phase == "over":
        return None
    where = "in town" if info.phase == "town" else f"on Floor {info.floor}" if info.floor else "in the dungeon"
    return ("" if hide_seed else f"seed {info.seed}, ") + f"{where}, turn {info.turn}"


def unreadable_run() -> str | None:
    """Why a saved run that exists cannot be read by this version (None: there is none, or it can)."""
    return unreadable_autosave()


def set_aside_unreadable_run() -> list[Path]:
    """Keep an unreadable saved run aside, untouched, before a new run takes the autosave."""
    return set_aside_autosave()


def file_ended_run() -> str | None:
    """An ended run's autosave still in place (filing it failed as the run ended) goes under
    Replays before a new run takes the autosave, or, if that fails again, is set aside as it is;
    then a line for the player saying where it is now (None: filed, or nothing to file).
    FileProblem (exit 3, one line) when it can be neither filed nor set aside: a new run would
    write over it, so none starts."""
    info = find_autosave()
    if info is None or info.phase != "over" or info.path != autosave_path():
        return None
    try:
        archive_run()
        return None
    except OSError as exc:
        why = f"{printable(str(recordings_dir()))}: {write_problem(exc)}"
    aside = set_aside_autosave()
    if not aside:
        raise FileProblem(f"the last run's recording can be neither filed under Replays ({why}) nor moved "
                          f"aside, and a new run would write over it, so none starts; it stays in "
                          f"{printable(str(autosave_path()))}: `{command('continue')}` files it once that "
                          "folder can be written, or move it away yourself")
    return f"The last run's recording still could not be filed under Replays ({why}): it is kept as " \
           f"{printable(str(aside[0]))}."


def archive_run_unplayed() -> None:
    """Remove the autosave of a run that never got a single action (what a link points to: the
    link stays, for the next run to be written through it)."""

    set_record_target(None)
    set_seeded(False)

    for path in (autosave_path(), backup_path()):
        with contextlib.suppress(OSError):
            written_through(path).unlink()


def archive_run() -> Path | None:
    """The run is over (or abandoned): its autosave becomes a recording for replays."""

    return archive_autosave()


def derive_seed(seed: int | None, daily: str | None) -> int:
    """The run's seed: given, the day's (`--daily YYYY-MM-DD`), or fresh from the OS (only here,
    at the edge of the program: the game itself never reads the clock or the OS's randomness)."""
    if seed is not None and daily is not None:  # one would be dropped unsaid: a daily race scored on another seed
        raise UsageError("--seed and --daily both choose the run's seed: give one of them")
    if seed is not None:
        return seed
    if daily is not None:
        try:
            day = dt.date.fromisoformat(daily)
        except ValueError:
            raise UsageError(f"--daily takes a date like 2026-01-31, got {daily!r}") from None
        return day.year * 10000 + day.month * 100 + day.day
    return int.from_bytes(os.urandom(4), "little") % 1_000_000_000
