"""Races on one seed (issue 18): a score table per seed for `play --seed N` and `play --daily`
runs, and the one line of text a score travels in.

The tables live in ``seed_scores.json`` in the user data directory, apart from the high-score
list: ``{"<seed>": [row, ...]}``, each row a run played here or a line imported from a friend.
A row is checked field by field when read; a file with rows of a wrong shape (or a newer
version's) is kept aside as ``seed_scores.json.bad`` and the rows read are written back, and a
file that cannot be read at all is kept aside the same way and counts as empty (`scores` says so).

The line (`export_line`)::
    masterless:1:<seed>:<score>:<recording>:<check>

`recording` is the first 16 hex digits of the BLAKE2b digest of the run's recording file (the
same file gives the same digits anywhere: a friend with the file can tell it is that run), and
`check` 4 hex digits of a CRC-32 of everything before it, so a line mangled in a chat window is
refused instead of filed under the wrong seed."""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from game.core.errors import FileProblem, UsageError
from game.core.file_guard import MiB, read_bounded, set_aside
from game.core.paths import atomic_write, data_dir, one_writer_at_a_time
from game.engine.run_score import score

FILE = "seed_scores.json"
KEEP = 100  # rows kept per seed
MAX_TABLES = 8 * MiB  # read bounded (issue 17): a hundred rows a seed are kilobytes
MAX_RECORDING = 16 * MiB  # as recording.MAX_FILE
LINE_FORMAT = 1
LINE_PREFIX = f"masterless:{LINE_FORMAT}:"
# a seed has up to 20 digits (a recording holds any below 2**64 either side of 0: core.seeds.SEED_LIMIT)
_LINE = re.compile(rf"^{LINE_PREFIX}(-?\d{{1,20}}):(\d{{1,12}}):([0-9a-f]{{16}}):([0-9a-f]{{4}})$")


@dataclass(frozen=True, slots=True)
class SeedScore:
    """One run on a seed: `source` is "here" (played on this machine) or "import" (a friend's
    line); `recording` is where its recording is kept here ("" when there is none)."""

    seed: int
    score: int
    checksum: str
    source: str = "here"
    outcome: str = ""
    floor: int = 0
    turns: int = 0
    heroes: str = ""
    recording: str = ""
    verified: bool = False  # an imported line whose recording was replayed here and scored the same


_FIELDS = {f.name: f.type for f in fields(SeedScore)}


def recording_checksum(data: bytes) -> str:
    """16 hex digits that name one recording file."""
    return hashlib.blake2b(data, digest_size=8).hexdigest()


def file_checksum(path: Path) -> str:
    try:
        return recording_checksum(read_bounded(path, MAX_RECORDING, "recording"))
    except OSError as exc:
        raise FileProblem(f"{path}: cannot be read ({exc.strerror or exc})") from None


# ----- the line ------------------------------------------------------------------------------------------
def _check(body: str) -> str:
    return f"{zlib.crc32(body.encode()) & 0xFFFF:04x}"


def export_line(entry: SeedScore) -> str:
    body = f"{LINE_PREFIX}{entry.seed}:{entry.score}:{entry.checksum}"
    return f"{body}:{_check(body)}"


def parse_line(text: str) -> SeedScore:
    """A score line back, or UsageError (exit 2) saying what is wrong with it."""
    line = text.strip()
    match = _LINE.match(line)
    newer = re.match(r"masterless:(\d{1,6}):", line)
    if match is None and newer is not None and int(newer.group(1)) > LINE_FORMAT:  # not mangled: a later format
        raise UsageError(f"a score line from a newer Masterless (line format {int(newer.group(1))}; this version "
                         f"reads format {LINE_FORMAT}): update Masterless to import it")
    if match is None:
        raise UsageError(f"not a score line: expected {LINE_PREFIX}SEED:SCORE:RECORDING:CHECK, as `scores export` "
                         "prints it")
    seed, score, checksum, check = match.groups()
    if _check(line.rsplit(":", 1)[0]) != check:
        raise UsageError("the score line is damaged (its check digits do not match): copy it again whole")
    return SeedScore(int(seed), int(score), checksum, source="import")


# ----- the tables ----------------------------------------------------------------------------------------
def _row(seed: int, raw: Any) -> SeedScore | None:
    if not isinstance(raw, dict) or set(raw) - set(_FIELDS) or raw.get("seed") != seed:
        return None
    for name, kind in _FIELDS.items():
        if name not in raw:
            continue
        value = raw[name]
        ok = {"int": isinstance(value, int) and not isinstance(value, bool), "str": isinstance(value, str),
              "bool": isinstance(value, bool)}[kind]
        if not ok:
            return None
    if not re.fullmatch(r"[0-9a-f]{16}", raw.get("checksum", "")):
        return None
    return SeedScore(**raw)


def load_tables(path: Path) -> dict[int, list[SeedScore]]:
    """Every seed's table, best first."""
    return read_tables(path)[0]


@dataclass(frozen=True, slots=True)
class DamagedTable:
    """A seed table that could not be read at all, or only in part (`partial`: rows of a wrong
    shape, or from another version): what was wrong (the file named), and where the file as it
    was is kept (None: it could not be moved aside). Said as one line (`str`)."""

    why: str
    kept: Path | None
    partial: bool = False

    def __str__(self) -> str:
        kept = f"kept it as {self.kept}" if self.kept is not None else "could not move it aside"
        rest = "its other rows stay in the tables" if self.partial else "the seed tables start again without it"
        return f"{self.why}; {kept}; {rest}"


def read_tables(path: Path) -> tuple[dict[int, list[SeedScore]], DamagedTable | None]:
    """Every seed's table, best first, and what was wrong when the file could not be read at
    all: it is then kept aside and counts as empty, and the player must not think it lost."""
    if not path.exists() and not path.is_symlink():
        return {}, None
    try:
        data = json.loads(read_bounded(path, MAX_TABLES, "score table").decode("utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a table of seeds")
    except (OSError, FileProblem, ValueError, RecursionError) as exc:
        why = str(exc) if isinstance(exc, FileProblem) else f"{path}: is a damaged score table ({exc})"
        # .bad, .bad.2 ...: an earlier damaged copy is never overwritten (issue 17)
        return {}, DamagedTable(why, set_aside(path))
    tables: dict[int, list[SeedScore]] = {}
    dropped = 0
    for key, rows in data.items():
        if key == "last":
            continue
        if not (isinstance(key, str) and re.fullmatch(r"-?\d{1,20}", key) and isinstance(rows, list)):
            dropped += 1
            continue
        seed = int(key)
        good = [r for r in (_row(seed, raw) for raw in rows) if r is not None]
        dropped += len(rows) - len(good)
        if good:
            tables[seed] = _ranked(good)
    if not dropped:
        return tables, None
    # the next write would lose what this version cannot read (a newer version's rows): the file
    # as it was is kept aside first, and the rows read are written back at once (a look at the
    # tables must not leave them only in the .bad copy)
    last = last_run(path)
    kept = set_aside(path)
    if kept is not None:
        with contextlib.suppress(OSError):
            _write_tables(path, tables, last)
    return tables, DamagedTable(f"{path}: has {dropped} {'entry' if dropped == 1 else 'entries'} this version "
                                "cannot read", kept, partial=True)


def read_tables_held(path: Path) -> tuple[dict[int, list[SeedScore]], DamagedTable | None]:
    """`read_tables` with the writers' lock held, for a reader that is about to write (`scores
    import`): a damaged table is moved aside while no run is being filed into it."""
    with tables_held(path):
        return read_tables(path)


@contextlib.contextmanager
def tables_held(path: Path) -> Iterator[None]:
    """The writers' lock on the tables, for a reader that reads them more than once (`scores
    export`: the tables, then the last run): a run filed between the reads would make them
    disagree. No table, no lock (a look at the tables makes no files)."""
    if not path.exists() and not path.is_symlink():
        yield
        return
    with one_writer_at_a_time(path):
        yield


def _ranked(rows: Sequence[SeedScore]) -> list[SeedScore]:
    return sorted(rows, key=lambda r: (-r.score, r.source != "here", r.turns, r.checksum))


def save_tables(path: Path, tables: dict[int, list[SeedScore]]) -> None:
    _write_tables(path, tables, last_run(path))


def _write_tables(path: Path, tables: dict[int, list[SeedScore]], last: tuple[int, str] | None) -> None:
    data: dict[str, Any] = {str(seed): [asdict(r) for r in rows[:KEEP]] for seed, rows in sorted(tables.items())}
    if last is not None:
        data["last"] = list(last)
    atomic_write(path, (json.dumps(data, indent=1, sort_keys=True) + "\n").encode("utf-8"), shared=True)


def add_entry(path: Path, entry: SeedScore) -> tuple[int, bool]:
    """File `entry` under its seed; its rank there (1-based) and whether it was new (the same
    recording is filed once: importing a line twice changes nothing, a verification upgrades).
    One process at a time reads and writes the tables."""
    with one_writer_at_a_time(path):
        return _add_entry(path, entry)


def _add_entry(path: Path, entry: SeedScore, last: tuple[int, str] | None = None) -> tuple[int, bool]:
    """`add_entry` under the lock; with `last`, that is remembered as the last run, in the same
    write (one write: the table never holds the run without it, whatever room the disk has)."""
    tables = load_tables(path)
    rows = tables.setdefault(entry.seed, [])
    same = next((r for r in rows if r.checksum == entry.checksum), None)
    new = same is None
    if same is not None:
        if same.source == "here" or (same.verified and not entry.verified):
            if last is not None and last != last_run(path):
                _write_tables(path, tables, last)
            return rows.index(same) + 1, False
        rows.remove(same)
    rows.append(entry)
    tables[entry.seed] = _ranked(rows)
    _write_tables(path, tables, last if last is not None else last_run(path))
    return tables[entry.seed].index(entry) + 1, new


def scores_path() -> Path:
    return data_dir() / FILE


def run_entry(game: Any, recording: Path) -> SeedScore:
    """The row for a run that has just ended here, its recording archived at `recording`."""

    heroes = ", ".join(game.name(e) for e, _ in game.heroes(living=False))
    return SeedScore(game.seed, score(game), file_checksum(recording), "here", game.outcome or "over",
                     game.stats.deepest_floor, game.turn, heroes[:120], str(recording))


def last_run(path: Path) -> tuple[int, str] | None:
    """(seed, checksum) of the last run played here, for `scores export` with no seed."""
    try:
        last = json.loads(read_bounded(path, MAX_TABLES, "score table").decode("utf-8")).get("last")
    except (OSError, FileProblem, ValueError, AttributeError, RecursionError):
        return None
    if isinstance(last, list) and len(last) == 2 and isinstance(last[0], int) and isinstance(last[1], str):
        return last[0], last[1]
    return None


def add_run(path: Path, entry: SeedScore) -> int:
    """File a run played here and remember it as the last one; its rank on its seed."""
    with one_writer_at_a_time(path):
        rank, _ = _add_entry(path, entry, last=(entry.seed, entry.checksum))
    return rank
