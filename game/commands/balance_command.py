"""`python main.py balance`: one autoplay per seed (and per seat mix) on every core or on a Dask
cluster, then the tables a designer tunes by; `balance compare A.json B.json` for two batches."""

from __future__ import annotations

import json
import math
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from game.agents.batch_runs import Job, WorkerLost, run_local, run_on_cluster
from game.commands.balance_compare import compare
from game.commands.balance_stats import PER_RUN, Run, aggregate
from game.commands.balance_tables import aggregate_lines, compare_lines
from game.commands.generate_command import parse_seed_range
from game.core.dials import Dials, parse_dials
from game.core.errors import FileProblem, UsageError, printable
from game.core.file_guard import MiB, read_bounded, write_problem
from game.core.paths import atomic_write
from game.core.seats import drawn_personalities, parse_seats
from game.core.sentences import plural
from game.designers.table import check_named_personalities
from game.engine.game import RULES_VERSION
from game.engine.saves import output_file_problem
from game.rules.party import entrance_floor

DEFAULT_SEATS = "ai+hero,ai+hero,ai"
DEFAULT_LEVEL, DEFAULT_MAX_TURNS = 2, 5000  # as autoplay's
LEVELS = range(1, 11)  # the starting levels balance plays (as autoplay --level)
MAX_BATCH_BYTES = 2048 * MiB  # far above the largest batch --seeds allows, far below filling memory


class Progress:
    """A bar with the time left on a terminal; elsewhere (a log, a pipe) a plain line at each
    tenth, so a batch on a cluster still says how far it got."""

    def __init__(self, total: int, out: TextIO) -> None:
        self.total, self.out = total, out
        self.tty = out.isatty()
        self.start = time.monotonic()
        self.shown = -1.0
        self.tenth = 0

    def update(self, done: int) -> None:
        now = time.monotonic()
        elapsed = now - self.start
        left = elapsed / done * (self.total - done) if done else 0.0
        line = f"{done}/{self.total} runs, {elapsed:.0f}s, about {left:.0f}s left"
        if self.tty:
            if now - self.shown < 0.1 and done < self.total:
                return
            self.shown = now
            filled = int(30 * done / self.total) if self.total else 30
            self.out.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {line}\x1b[K")
        elif done * 10 // max(1, self.total) > self.tenth and done < self.total:
            self.tenth = done * 10 // max(1, self.total)
            self.out.write(f"balance: {line}\n")
        self.out.flush()

    def tell(self, words: str) -> None:
        """A line of its own above the bar (why the bar does not move, as a cluster with no worker)."""
        self.out.write(("\r\x1b[K" if self.tty else "") + f"balance: {words}\n")
        self.out.flush()

    def finish(self, done: int, stopped: str) -> None:
        """The last line: how many runs in what time, and why the batch stopped short if it did."""
        elapsed = time.monotonic() - self.start
        if self.tty:
            self.out.write("\r\x1b[K")
        rate = done / elapsed * 60 if elapsed > 0 else 0.0
        stop = ""
        if stopped:  # with no run finished there is nothing to tabulate, and nothing is written
            stop = (f" ({stopped}; keeping the finished runs)" if done else
                    f" ({stopped} before any run finished: nothing to show, no file written)")
        self.out.write(f"balance: {done}/{self.total} runs in {elapsed:.1f}s, {rate:.0f} runs/min{stop}\n")
        self.out.flush()


def check_mix(text: str) -> str:
    """A seat mix as given, once it is one the table can seat (a UsageError names what is wrong):
    an unknown personality (`ai:tyrnt`) is refused, as autoplay refuses it, not taken for a name
    and then listed in the per-personality table as if a designer of that name had played."""
    check_named_personalities(text)
    parse_seats(text)
    return text.strip()


STOPPED_BY_CTRL_C = "stopped by Ctrl-C"


def mix_key(text: str) -> tuple[tuple[str, str], ...]:
    """A seat mix as the table reads it: seat kinds and personalities are read in any case and
    spacing, so two spellings of one mix are the same runs."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    return tuple((kind.strip().lower(), name.strip().lower()) for kind, _, name in (p.partition(":") for p in parts))


def play_batch(jobs: list[Job], workers: int, cluster: str | None, progress: Progress | None) -> tuple[
        list[tuple[Job, Run]], str]:
    """Every job's summary as far as the batch got, ordered by seed then seat mix, and why it
    stopped short ("" when it did not): Ctrl-C, or a pool process that died (`WorkerLost`)."""
    order = {(job.seed, job.seats): i for i, job in enumerate(jobs)}
    results: list[tuple[Job, Run]] = []
    stopped = ""
    stream = run_on_cluster(jobs, cluster, progress.tell if progress else None) if cluster else run_local(jobs, workers)
    try:
        for job, summary in stream:
            results.append((job, summary))
            if progress is not None:
                progress.update(len(results))
    except KeyboardInterrupt:
        stopped = STOPPED_BY_CTRL_C
    except WorkerLost as exc:
        stopped = str(exc)
    finally:
        stream.close()
    results.sort(key=lambda pair: order[(pair[0].seed, pair[0].seats)])
    return results, stopped


def run_balance(args: Any) -> int:
    rest = list(args.compare or [])
    if rest:
        if rest[0] != "compare" or len(rest) != 3:
            raise UsageError("balance takes --seeds A-B, or: balance compare A.json B.json")
        given = [flag for flag, value in (("--seeds", args.seeds), ("--seats", args.seats), ("--dial", args.dial),
                                          ("--workers", args.workers), ("--cluster", args.cluster),
                                          ("--json", args.json), ("--plot", args.plot), ("--level", args.level),
                                          ("--max-turns", args.max_turns)) if value is not None and value != []]
        if given:  # compare plays nothing: it would go unsaid that these did nothing
            raise UsageError(f"balance compare plays no runs: give it two batches alone, without {', '.join(given)}")
        return run_compare(Path(rest[1]), Path(rest[2]))
    if args.seeds is None:
        raise UsageError("balance needs --seeds A-B (or: balance compare A.json B.json)")
    if not args.seeds.strip():
        raise UsageError("--seeds is empty: give a range, as 1-100")
    seeds = parse_seed_range(args.seeds)
    mixes = [check_mix(m) for m in (args.seats or [DEFAULT_SEATS])]
    if len({mix_key(m) for m in mixes}) != len(mixes):  # "ai+hero,ai" and "AI+HERO, ai" play the same runs
        raise UsageError("--seats: the same seat mix is given twice")
    if args.cluster is not None and not args.cluster.strip():  # `--cluster "$ADDR"` with ADDR unset
        raise UsageError("--cluster is empty: give a scheduler's address, as tcp://HOST:8786")
    if args.cluster is not None and args.workers is not None:
        raise UsageError("--workers sizes the pool on this machine; a cluster's workers are the dask workers "
                         "started for it: give one or the other")
    level = DEFAULT_LEVEL if args.level is None else args.level
    max_turns = DEFAULT_MAX_TURNS if args.max_turns is None else args.max_turns
    if max_turns < 1:
        raise UsageError("--max-turns must be at least 1")
    if level not in LEVELS:
        raise UsageError(f"--level must be between {LEVELS[0]} and {LEVELS[-1]}")
    workers = args.workers if args.workers is not None else (os.cpu_count() or 1)
    if workers < 1:
        raise UsageError("--workers must be at least 1")
    # an empty name is a name given (`--json "$OUT"` with OUT unset): refused, never dropped unsaid
    if args.plot is not None and Path(args.plot).suffix.lower() not in (".png", ".svg"):
        raise UsageError("--plot writes a .png or an .svg file")
    if args.plot is not None:
        from game.commands.balance_charts import require_matplotlib  # matplotlib only when asked: start-up time

        require_matplotlib()
    if args.json is not None and args.plot is not None and Path(args.json).resolve() == Path(args.plot).resolve():
        raise UsageError("--json and --plot name the same file: the chart would write over the runs")
    for flag, target in (("--json", args.json), ("--plot", args.plot)):
        problem = output_file_problem(target) if target is not None else None
        if problem:  # before the runs, not after minutes of them
            raise FileProblem(f"{flag}: {problem}")
    if args.json is not None and not_a_batch(args.json):  # an earlier batch is written over; anything else kept
        raise FileProblem(f"--json: {printable(args.json)} is there already and is no balance batch (a JSON "
                          "with runs and aggregates): name a new file, or remove it first")
    dials = parse_dials(args.dial)
    jobs = [Job(seed, mix, level, dials, max_turns) for seed in seeds for mix in mixes]
    progress = Progress(len(jobs), sys.stderr)
    # a process more than there are runs only costs its start-up (`--workers 1000` for ten seeds
    # started a thousand of them); the numbers are the same whatever the workers
    results, stopped = play_batch(jobs, min(workers, len(jobs)), args.cluster, progress)
    progress.finish(len(results), stopped)
    code = 0 if not stopped else 130 if stopped == STOPPED_BY_CTRL_C else WorkerLost.exit_code
    if stopped and not results:  # no tables of nothing, and a batch an earlier --json wrote stays whole
        return code
    runs = [summary for _, summary in results]
    run_seats = [job.seats for job, _ in results]
    designers = [drawn_personalities(job.seats, job.seed) for job, _ in results]  # as autoplay seats them
    aggregates = aggregate(runs, run_seats, entrance_floor([level]), designers)
    print("\n".join(aggregate_lines(aggregates)))
    if args.json:
        settings = {"rules_version": RULES_VERSION, "seeds": args.seeds, "seats": mixes, "level": level,
                    "max_turns": max_turns,
                    "dials": dials.as_dict(), "requested": len(jobs), "finished": len(runs),
                    "interrupted": bool(stopped), "stopped": stopped}
        write_json(Path(args.json), {"settings": settings, "runs": runs, "run_seats": run_seats,
                                     "aggregates": aggregates})
    if args.plot:
        from game.commands.balance_charts import draw_charts  # matplotlib only when asked: start-up time

        draw_charts(aggregates, Path(args.plot), printable(batch_about(args.seeds, mixes, level, max_turns, dials)))
    return code


def batch_about(seeds: str, mixes: list[str], level: int, max_turns: int, dials: Dials) -> str:
    """Every setting that shapes the runs, for a chart's subtitle: a chart passed round alone
    left out the turn limit (most runs of a short batch end there) and showed dials as typed."""
    changed = [f"{name}={shown_dial(value)}"
               for name, value in dials.as_dict().items() if value != Dials().as_dict()[name]]
    return (f"seeds {seeds}, seats {' / '.join(mixes)}, level {level}, max turns {max_turns}"
            + (f", dials {' '.join(changed)}" if changed else ""))


def write_json(path: Path, data: dict[str, Any]) -> None:
    """Atomically: a full disk leaves the batch an earlier --json wrote there whole, not cut short."""
    try:
        atomic_write(path, (json.dumps(data, sort_keys=True, indent=1) + "\n").encode("utf-8"), shared=True)
    except OSError as exc:
        raise FileProblem(f"cannot write {printable(str(path))}: {write_problem(exc)}") from None


def not_a_batch(name: str) -> bool:
    """Whether `--json FILE` is a file there already that no `balance --json` wrote (a JSON object
    with "runs" and "aggregates"): it would be lost without a word. Not there, empty, or not to
    be read here: False (the write finds and says what is wrong)."""
    try:
        raw = read_bounded(name, MAX_BATCH_BYTES, "file written by balance --json", head=True)  # never a pipe
    except FileProblem:
        return False
    if not raw:
        return False
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        return True
    return not (isinstance(data, dict) and "runs" in data and "aggregates" in data)


def read_batch(path: Path) -> tuple[list[Run], dict[str, Any]]:
    """The runs and settings of a `balance --json` file, or a one-line FileProblem."""
    raw = read_bounded(path, MAX_BATCH_BYTES, "file written by balance --json")  # a FIFO or /dev/zero: refused
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise FileProblem(f"{path} is not JSON (expected a file written by balance --json)") from None
    runs = data.get("runs") if isinstance(data, dict) else None
    if not isinstance(runs, list) or not all(isinstance(r, dict) for r in runs):
        raise FileProblem(f"{path} has no runs (expected a file written by balance --json)")
    for n, run in enumerate(runs, start=1):
        missing = missing_measure(run)
        if missing:  # else compared as a 0 no run played
            raise FileProblem(f"{printable(str(path))}: run {n} has no {missing} (a damaged batch, or one another "
                              "version wrote; expected a file written by balance --json)")
    settings = {} if data.get("settings") is None else data["settings"]  # none in the oldest batches
    problem = (settings_problem(settings) if isinstance(settings, dict)
               else f"its settings are {shown_value(settings)}, not a table of settings")
    if problem:
        raise FileProblem(f"{printable(str(path))}: {problem} (a damaged batch, or one another version wrote; "
                          "expected a file written by balance --json)")
    return runs, settings


MOST_FLOORS = 999  # deeper than any run goes; a larger floor is a damaged batch (compare walks every floor)
LARGEST = 10**12  # far past any run's turns, damage or score; a larger number is a damaged batch
LARGEST_SAID = "between -10^12 and 10^12"


def missing_measure(run: Run) -> str | None:
    """The first measure `compare` reads that a played run lacks or holds no sound value of (None:
    it has them all); a run that crashed in its batch has only its seed, outcome and error, and
    is left out of them."""
    if not isinstance(run.get("outcome"), str):
        return "outcome"
    if run["outcome"] == "error":
        return None
    levels = run.get("levels")
    if not (isinstance(levels, list) and levels and all(_is_number(v) for v in levels)):
        return "levels"
    missing = next((key for key in PER_RUN if key != "level" and not _is_number(run.get(key))), None)
    if missing:
        return missing
    if not (isinstance(run["floor"], int) and 1 <= run["floor"] <= MOST_FLOORS):
        return f"floor from 1 to {MOST_FLOORS}"
    for key in ("damage", "deaths_by"):
        by_source = run.get(key)
        if by_source is not None and not (isinstance(by_source, dict)
                                          and all(_is_number(v) for v in by_source.values())):
            return f"{key} by source"
    # a hand-edited 1e300 overflowed the sums (an internal error), a 400-digit whole number
    # could not be made a float, and levels of 1e308 printed a 309-digit median
    sizes = {"levels": levels, **{key: [run[key]] for key in PER_RUN if key != "level"},
             **{f"{key} by source": list(run[key].values()) for key in ("damage", "deaths_by")
                if isinstance(run.get(key), dict)}}
    return next((f"{key} {LARGEST_SAID}" for key, values in sizes.items()
                 if any(abs(v) > LARGEST for v in values)), None)


def settings_problem(settings: dict[str, Any]) -> str | None:
    """What of a batch's settings no batch holds (None: all sound; an absent one is unknown, as
    in older batches): compare prints and reads them, and an edited `interrupted` printed
    "[1] of {} runs"; a level of 2.0 dropped the entrance floor's row, and one of 10**9 or -3
    emptied the wipe rates or took floor -3 for the entrance."""
    for key, (sound, allowed) in SETTING_SHAPES.items():
        value = settings.get(key)
        if value is not None and not sound(value):
            return f"its setting '{key}' is {shown_value(value)}, not {allowed}"
    return None


def _dials_sound(dials: Any) -> bool:
    """Named dials, each on or off, a whole number or a word (as `Dials` holds them)."""
    return isinstance(dials, dict) and len(dials) <= 100 and all(
        len(name) <= 40 and (isinstance(value, bool) or (_is_whole(value) and abs(value) <= LARGEST)
                             or (isinstance(value, str) and len(value) <= 40))
        for name, value in dials.items())


def _runs_sound(value: Any) -> bool:
    return _is_whole(value) and 0 <= value <= LARGEST


SETTING_SHAPES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "rules_version": (lambda v: _is_whole(v) and 0 <= v <= LARGEST, "a whole number"),
    "seats": (lambda v: isinstance(v, list) and 0 < len(v) <= 100
              and all(isinstance(m, str) and 0 < len(m) <= 200 for m in v), "a list of seat mixes"),
    "level": (lambda v: _is_whole(v) and v in LEVELS, f"a whole number from {LEVELS[0]} to {LEVELS[-1]}"),
    "dials": (_dials_sound, "a table of dials, each on, off, a number or a word"),
    "max_turns": (lambda v: _is_whole(v) and 1 <= v <= LARGEST, "a whole number from 1 to 10^12"),
    "requested": (_runs_sound, "a whole number of runs"),
    "finished": (_runs_sound, "a whole number of runs"),
    "interrupted": (lambda v: isinstance(v, bool), "true or false"),
    "stopped": (lambda v: isinstance(v, str) and len(v) <= 1000, "a reason in words"),
}


def shown_value(value: Any) -> str:
    """A value of a file as a one-line message shows it: as JSON, printable, cut at 40 characters."""
    shown = printable(json.dumps(value, ensure_ascii=False))
    return shown if len(shown) <= 40 else shown[:37] + "..."


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    """A finite number (NaN or infinity moves a median where no run went); a whole number of any
    size is one (its size is checked apart: math.isfinite cannot take a 400-digit one)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and math.isfinite(value))


def run_compare(a_path: Path, b_path: Path) -> int:
    a, a_settings = read_batch(a_path)
    b, b_settings = read_batch(b_path)
    if not a or not b:
        raise FileProblem(f"{a_path if not a else b_path} holds no runs to compare")
    print(f"A: {printable(str(a_path))} ({plural(len(a), 'run')})   "
          f"B: {printable(str(b_path))} ({plural(len(b), 'run')})")
    for note in setting_notes(a_settings, b_settings):
        print(f"note: {note}")
    entrances = [entrance_floor([level]) if isinstance(level := settings.get("level"), int) else None
                 for settings in (a_settings, b_settings)]
    print("\n".join(compare_lines(compare(a, b, *entrances))))
    return 0


COMPARED_SETTINGS = ("seats", "level", "dials", "max_turns")


def setting_notes(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """What the reader of a comparison must know of how the batches were made: the rules each
    was played under, the settings they differ in (a difference below may come of those, which
    is often the point: a personality against another), and a batch stopped before its end."""
    notes = []
    versions = [s.get("rules_version") for s in (a, b)]
    if versions[0] != versions[1] or versions[0] != RULES_VERSION:
        said = [f"rules version {v}" if isinstance(v, int) else "no rules version (an older batch)"
                for v in versions]
        notes.append(f"A was played under {said[0]}, B under {said[1]}; this game's rules are version "
                     f"{RULES_VERSION}")
    for key in COMPARED_SETTINGS:
        va, vb = a.get(key), b.get(key)
        if va == vb:
            continue
        if isinstance(va, dict) and isinstance(vb, dict):  # only the dials that differ, not all of them
            keys = sorted({k for k in (*va, *vb) if va.get(k) != vb.get(k)}, key=str)
            va, vb = {k: va.get(k) for k in keys}, {k: vb.get(k) for k in keys}
        notes.append(f"the batches differ in {key.replace('_', ' ')}: A {shown_setting(va)}, B {shown_setting(vb)}")
    for name, settings in (("A", a), ("B", b)):
        if settings.get("interrupted"):
            why = settings.get("stopped") or "stopped short"
            finished, requested = settings.get("finished"), settings.get("requested")
            counts = "" if finished is None or requested is None else f": {finished} of {plural(requested, 'run')}"
            notes.append(f"{name} stopped before its end{counts} ({printable(why)})")
    return notes


def shown_dial(value: Any) -> str:
    """A dial's value as --dial takes it: on and off, not Python's True and False."""
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


def shown_setting(value: Any) -> str:
    """A setting as a note shows it: seat mixes joined, dials as name=value, absent as such."""
    if value is None:
        return "(not recorded)"
    if isinstance(value, list):
        return " / ".join(printable(str(v)) for v in value)
    if isinstance(value, dict):
        return " ".join(f"{printable(str(k))}={printable(shown_dial(v))}" for k, v in sorted(value.items())) or "(none)"
    return printable(str(value))
