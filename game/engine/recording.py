"""Recordings, which are also the saves (DESIGN.md §7): the inputs of a game, never its screens.

A recording holds what a fresh `new_game` needs (seed, seats, level, dials, hand-made heroes)
and then every action applied, each with the turn the game reached after it and a check of the
random streams after it (Brogue CE's per-turn RNG check), so a replay that goes astray stops at
the action where it happened instead of at the end.

File format (version 1)::
    b"MASTERLESS RECORDING 1\\n"          plain text: a file of another kind or a newer format is
                                           named as such before anything is decompressed
    zlib stream of UTF-8 JSON lines:
      {"check_bits":16,"dials":{...},"game_version":"0.1.0","heroes":{},"level":2,
       "rules_version":1,"seats":"human,ai,ai","seed":7}                     the header
      [dturn, check, "Move", 0, 1, -1]     one line per action: how many turns it moved the game
                                           on, `rng_check` of the streams after it (16 bits),
                                           then `actions.to_record(action)`
      {"n":100,"state":"1a2b3c4d"}         after every 100th action: the first 8 hex digits of
                                           `state_hash()` (catches a desync the streams miss)
      {"end":169,"turn":110,"floor":2,"phase":"over","state":"<state_hash>"}
                                           the trailer: where the game stood when written
    CRC-32 of everything before it, 4 bytes big-endian: with zlib's own adler-32 this makes any
                                           one changed byte a refused file (a flipped padding
                                           bit in the last deflate byte would slip past zlib)

The body is one deflate stream, fed line by line; every write of the file is the bytes the
compressor has produced so far plus a flushed *copy* of it with the trailer, so saving after
every action costs one small compression and one write, not a recompression of the game.
A missing end of stream is a truncation; a bad CRC or deflate error, corruption.
The same inputs give byte-identical files (JSON with sorted keys, no clock, no paths inside);
zlib builds may differ in the bytes they choose, so checked-in recordings are compared by
replaying them, never by their bytes.
"""

from __future__ import annotations

import json
import time
import weakref
import zlib
from dataclasses import dataclass, field
from operator import attrgetter, mul
from pathlib import Path
from typing import Any

from game.core.dials import Dials
from game.core.errors import FileProblem, ReplayDesync, printable
from game.core.file_guard import MiB, inflate_bounded, read_bounded, write_problem
from game.core.paths import atomic_write
from game.core.rng import Streams, derive_seed
from game.core.seats import HeroChoice, parse_seats
from game.designers.design_files import SavedDesign, design_to_data, designs_from_data
from game.engine import actions as A
from game.engine.dispatch import apply_action
from game.engine.game import GAME_VERSION, RULES_VERSION, Game
from game.engine.header_checks import (
    MAX_LEVEL,
    MAX_SEED,
    check_field,
    header_dials,
    header_heroes,
    is_int,
    seats_ok,
)
from game.engine.start import new_game

FORMAT_VERSION = 1
MAGIC = b"MASTERLESS RECORDING"
SUFFIX = ".mlrec"
CHECK_BITS = 16  # bits of the streams checksum kept per action (a missed desync is caught next action)
STATE_EVERY = 100  # a state-hash line after every this many actions
STATE_DIGITS = 8
BATCH = 1000  # actions between writes when no seat is human (autoplay): nobody's input can be lost
SYNC_SECONDS = 2.0  # at most this long between fsyncs (a killed process loses nothing either way;
# only a power cut can lose what the disk has not been told to keep, and fsync can take
# tens of milliseconds on a laptop disk: too long to pay on every keypress)
LEVEL = 9
_MASK64 = (1 << 64) - 1
# Bounds on what a recording may be (issue 17): a real one is about 24 bytes an action once
# inflated and compresses about tenfold, so these allow a million actions and refuse a
# zlib bomb or an endless file before it costs memory or minutes.
MAX_FILE = 16 * MiB
MAX_BODY = 32 * MiB
MAX_RATIO = 256  # inflated bytes per compressed byte (plus one MiB of slack)


# ----- what a recording holds ---------------------------------------------------------------------
@dataclass(frozen=True)
class Header:
    """Everything `new_game` needs, and which game wrote it."""

    seed: int
    seats: str
    level: int = 2
    dials: Dials = field(default_factory=Dials)
    heroes: dict[int, HeroChoice] = field(default_factory=dict)
    game_version: str = GAME_VERSION
    rules_version: int = RULES_VERSION
    check_bits: int = CHECK_BITS
    designs: tuple[SavedDesign, ...] = ()  # the table's saved designs (`--designs`): a replay needs no folder

    def new_game(self) -> Game:
        """A fresh game exactly as the recorded one began."""
        game = new_game(self.seed, parse_seats(self.seats), self.level, self.dials, dict(self.heroes) or None)
        game.designs = self.designs
        return game

    def to_json(self) -> dict[str, Any]:
        return {
            "check_bits": self.check_bits,
            "dials": self.dials.as_dict(),
            "game_version": self.game_version,
            "heroes": {str(seat): _hero_to_json(h) for seat, h in sorted(self.heroes.items())},
            "level": self.level,
            "rules_version": self.rules_version,
            "seats": self.seats,
            "seed": self.seed,
            **({"designs": [design_to_data(d) for d in self.designs]} if self.designs else {}),
        }

    @property
    def human(self) -> bool:
        return any(s.human for s in parse_seats(self.seats))


@dataclass(frozen=True, slots=True)
class Step:
    """One recorded action. `turn` is the game turn it was taken on, `after` the turn after it."""

    action: Any
    turn: int
    after: int
    check: int
    state: str | None = None  # first STATE_DIGITS of state_hash() after it, every STATE_EVERY actions


@dataclass(frozen=True, slots=True)
class End:
    """The trailer: where the game stood when the file was written."""

    actions: int
    turn: int
    floor: int
    phase: str
    state: str

    @property
    def over(self) -> bool:
        return self.phase == "over"


@dataclass
class Recording:
    header: Header
    steps: list[Step]
    end: End | None = None  # None when the file was salvaged, or written before any action
    where: str = "recording"  # the path, for messages
    salvaged: str | None = None  # why only a prefix could be read (only with salvage=True)

    @property
    def turns(self) -> int:
        if self.end is not None:
            return self.end.turn
        return self.steps[-1].after if self.steps else 0


def _hero_to_json(h: HeroChoice) -> dict[str, Any]:
    return {"name": h.name, "race": h.race, "race_trait": h.race_trait, "klass": h.klass,
            "class_traits": list(h.class_traits)}


_STATE = attrgetter("state")


class _Weighed:
    """The streams of one `Streams` in creation order, and their weights (streams are only
    ever added, so the lists are extended when the dict grew)."""

    __slots__ = ("streams", "weights")

    def __init__(self) -> None:
        self.streams: list[Any] = []
        self.weights: list[int] = []


_WEIGHED: weakref.WeakKeyDictionary[Streams, _Weighed] = weakref.WeakKeyDictionary()


def rng_check(streams: Streams, bits: int = CHECK_BITS) -> int:
    """The per-action check of the random streams: the top `bits` of the sum, modulo 2**64, of
    every stream's state times an odd weight derived from its name. Order-free and one
    multiplication per stream, all of it in C: `Streams.checksum()` hashes every stream's name
    and costs more than applying the action once a game has fifty streams. A stream that drew a
    different number of times moves its state by a multiple of an odd constant, so the sum moves."""
    table = streams.named()
    weighed = _WEIGHED.get(streams)
    if weighed is None:
        weighed = _WEIGHED[streams] = _Weighed()
    if len(weighed.streams) != len(table):  # new streams: dicts keep insertion order
        for key in list(table)[len(weighed.streams):]:
            weighed.streams.append(table[key])
            weighed.weights.append(derive_seed(0, "check", *key) | 1)
    total = sum(map(mul, map(_STATE, weighed.streams), weighed.weights))
    return (total & _MASK64) >> (64 - bits)


def seats_text(text: str) -> str:
    """`--seats` as a recording keeps it: checked, kinds in lower case, players' names kept
    (`Human:Ann , ai` -> `human:Ann,ai`)."""
    parse_seats(text)
    parts = []
    for part in text.split(","):
        kind, _, name = part.strip().partition(":")
        if kind.strip():
            parts.append(kind.strip().lower() + (f":{name.strip()[:20]}" if name.strip() else ""))
    return ",".join(parts)


def check_of(game: Game, bits: int = CHECK_BITS) -> int:
    """The per-action check of `game` (see `rng_check`)."""
    return rng_check(game.streams, bits)


def _line(obj: Any) -> bytes:
    return json.dumps(obj, separators=(",", ":"), sort_keys=True, ensure_ascii=False).encode() + b"\n"


def _prefix(version: int = FORMAT_VERSION) -> bytes:
    return MAGIC + b" " + str(version).encode() + b"\n"


# ----- writing ------------------------------------------------------------------------------------
class Recorder:
    """Appends each applied action to a recording and keeps the file on disk current.

    Call `add(game, action)` right after `apply_action(game, action)`, and `finish(game)` at the end.
    The file is rewritten (atomically) every `flush_every` actions: 1 writes after every action,
    so a killed process loses at most the action being applied; 0 writes only on `flush` and
    `finish`. The default is 1 when a seat is human and BATCH otherwise (an autoplayed run can
    be played again from its seed; a person's evening cannot). With `backup`, every write first
    renames the previous file to it. With `durable`, writes are fsynced at least every
    SYNC_SECONDS and always by `finish` and `flush(durable=True)` (on Ctrl-C or a hang-up).
    Not re-entrant: call `flush` from the main loop once a signal has been noted, never from
    inside the signal handler (it could land halfway through an `add`)."""

    def __init__(self, path: str | Path | None, header: Header, flush_every: int | None = None,
                 backup: str | Path | None = None, durable: bool = True) -> None:
        self.path = Path(path) if path is not None else None
        self.backup = Path(backup) if backup is not None else None
        self.header = header
        self.flush_every = (1 if header.human else BATCH) if flush_every is None else flush_every
        self.durable = durable
        self.count = 0
        self.last_turn = 0
        self.unwritten = 0
        self._synced = -SYNC_SECONDS
        self.game: Game | None = None
        self.mirror: Path | None = None  # a second copy written with every flush (`play --record FILE`)
        self.problem: str | None = None  # why the last write failed (None: it did not)
        self._z = zlib.compressobj(LEVEL)
        self._body = bytearray(self._z.compress(_line(header.to_json())))
        if self.path is not None and self.flush_every == 1:
            self.flush()  # a game killed before its first action still has a save

    @classmethod
    def for_new_game(cls, path: str | Path | None, seed: int, seats: str, level: int = 2,
                     dials: Dials | None = None, heroes: dict[int, HeroChoice] | None = None,
                     flush_every: int | None = None, backup: str | Path | None = None,
                     durable: bool = True, designs: tuple[SavedDesign, ...] = ()) -> Recorder:
        header = Header(seed, seats_text(seats), level, dials or Dials(), dict(heroes or {}), designs=designs)
        return cls(path, header, flush_every, backup, durable)

    @classmethod
    def resume(cls, recording: Recording, path: str | Path | None, game: Game | None = None,
               flush_every: int | None = None, backup: str | Path | None = None,
               durable: bool = True) -> Recorder:
        """A recorder that goes on from `recording` (whose actions `game` has replayed)."""
        rec = cls(None, recording.header, flush_every, backup, durable)
        rec.path = Path(path) if path is not None else None
        z, body = rec._z, rec._body
        bits = recording.header.check_bits
        last = 0
        for i, step in enumerate(recording.steps, start=1):
            body += z.compress(_line([step.after - last, step.check & ((1 << bits) - 1),
                                      *A.to_record(step.action)]))
            last = step.after
            if step.state is not None:
                body += z.compress(_line({"n": i, "state": step.state}))
        rec.count = len(recording.steps)
        rec.last_turn = last
        rec.game = game
        return rec

    def start(self) -> Game:
        """A fresh game for this recorder's header (so the game and its recording always agree)."""
        return self.header.new_game()

    def add(self, game: Game, action: Any) -> None:
        """Record `action`, which has just been applied to `game`."""
        self.game = game
        self.count += 1
        self._body += self._z.compress(_line([game.turn - self.last_turn, check_of(game, self.header.check_bits),
                                              *A.to_record(action)]))
        self.last_turn = game.turn
        if self.count % STATE_EVERY == 0:
            self._body += self._z.compress(_line({"n": self.count, "state": game.state_hash()[:STATE_DIGITS]}))
        self.unwritten += 1
        if self.path is not None and self.flush_every and self.unwritten >= self.flush_every:
            self.flush(game)

    def to_bytes(self, game: Game | None = None) -> bytes:
        """The whole file as of now: the header, every action, and a trailer for `game`."""
        game = game or self.game
        z = self._z.copy()
        tail = b""
        if game is not None and self.count:
            tail = z.compress(_line({"end": self.count, "turn": game.turn, "floor": game.dungeon.floor_no,
                                     "phase": game.phase, "state": game.state_hash()}))
        data = _prefix() + bytes(self._body) + tail + z.flush()
        return data + zlib.crc32(data).to_bytes(4, "big")

    def flush(self, game: Game | None = None, durable: bool | None = None) -> bool:
        """Write the file now (atomically, keeping the previous one as the backup if asked), and
        the `mirror` beside it (`play --record FILE`). `durable` True fsyncs; None fsyncs when
        SYNC_SECONDS have passed since the last fsync. A write that fails (a full or read-only
        disk) never stops the game: `problem` says why, the actions stay unwritten and the next
        flush tries again. Returns whether the write succeeded."""
        if self.path is None:
            return True
        now = time.monotonic()
        if durable is None:
            durable = self.durable and now - self._synced >= SYNC_SECONDS
        data = self.to_bytes(game)
        try:
            atomic_write(self.path, data, self.backup, durable)
            if self.mirror is not None:
                atomic_write(self.mirror, data, None, durable)
        except OSError as exc:  # full, read-only, gone: the game goes on, and says so
            where = exc.filename if isinstance(exc.filename, str) else str(self.path)
            self.problem = f"{write_problem(exc)} ({printable(where)})"
            return False
        self.problem = None
        if durable:
            self._synced = now
        self.unwritten = 0
        return True

    def finish(self, game: Game) -> bool:
        self.game = game
        return self.flush(game, durable=True)

    def export(self, path: str | Path, game: Game | None = None) -> None:
        """A copy of the recording as of now at `path` (e.g. `play --record FILE` beside the autosave)."""
        atomic_write(Path(path), self.to_bytes(game))


# ----- reading ------------------------------------------------------------------------------------
def read_recording(path: str | Path, salvage: bool = False) -> Recording:
    """The recording at `path`, or FileProblem with one line saying what is wrong with it.
    With `salvage`, a truncated or damaged body gives the actions before the damage instead
    (`Recording.salvaged` says why); a replay then still checks each of them."""
    data = read_bounded(path, MAX_FILE, "recording")
    return parse_recording(data, printable(str(path)), salvage)


def parse_recording(data: bytes, where: str = "recording", salvage: bool = False) -> Recording:
    newline = data.find(b"\n", 0, 64)
    first = data[:newline] if newline >= 0 else data[:64]
    if not first.startswith(MAGIC + b" "):
        if not data:
            raise FileProblem(f"{where}: is empty, not a Masterless recording")
        raise FileProblem(f"{where}: is not a Masterless recording")
    version_text = first[len(MAGIC) + 1:]
    if newline < 0 or not version_text.isdigit():
        raise FileProblem(f"{where}: is damaged (its first line names no format version)")
    version = int(version_text)
    if version > FORMAT_VERSION:
        raise FileProblem(f"{where}: was written by a newer Masterless (recording format {version}; "
                          f"this version reads format {FORMAT_VERSION})")
    if version < 1:
        raise FileProblem(f"{where}: is in recording format {version}, which no version reads")
    payload, problem = _inflate(data, newline + 1)
    if problem is not None and not salvage:
        raise FileProblem(f"{where}: {problem}")
    lines = payload.split(b"\n")
    if problem is not None or not payload.endswith(b"\n"):
        lines = lines[:-1]  # the last line may be cut short
    else:
        lines = lines[:-1]  # the empty string after the final newline
    if not lines:
        raise FileProblem(f"{where}: {problem or 'has no header'}")
    header = _header(lines[0], where)
    steps, end, bad = _steps(lines[1:], header, where, strict=not salvage)
    if salvage and (problem or bad):
        return Recording(header, steps, None, where, problem or bad)
    return Recording(header, steps, end, where)


def _inflate(data: bytes, start: int) -> tuple[bytes, str | None]:
    """The JSON lines of the body that begins at `start`, and what is wrong with the file."""
    cap = min(MAX_BODY, MAX_RATIO * (len(data) - start) + MiB)
    try:
        out, d, over = inflate_bounded(data[start:], cap)
    except zlib.error as exc:
        return _partial(data[start:], cap), f"is corrupted (damaged compressed data: {exc})"
    if over:
        return out, f"is not a recording Masterless wrote (it inflates to more than {cap:,} bytes)"
    if not d.eof or len(d.unused_data) < 4:
        return out, "is truncated (the file ends before the recording does)"
    if len(d.unused_data) > 4:
        return out, "is corrupted (its end is damaged)"
    if zlib.crc32(data[:-4]).to_bytes(4, "big") != d.unused_data:
        return out, "is corrupted (its checksum does not match its contents)"
    return out, None


def _partial(body: bytes, cap: int) -> bytes:
    """What decompresses before the damage, in small steps (only for salvage), at most `cap`."""
    d = zlib.decompressobj()
    out = bytearray()
    for i in range(0, len(body), 256):
        try:
            out += d.decompress(body[i:i + 256], cap + 1 - len(out))
        except zlib.error:
            break
        if len(out) > cap or d.unconsumed_tail:
            break
    return bytes(out[:cap])


def _header(line: bytes, where: str) -> Header:
    try:
        h = json.loads(line)
        if not isinstance(h, dict):
            raise ValueError("not an object")
    except (ValueError, RecursionError):
        raise FileProblem(f"{where}: is damaged (its header cannot be read)") from None
    try:
        rules = h["rules_version"]
        game_version = h["game_version"]
        if not isinstance(rules, int) or not isinstance(game_version, str):
            raise TypeError
    except (KeyError, TypeError):
        raise FileProblem(f"{where}: is damaged (its header names no game or rules version)") from None
    if rules != RULES_VERSION:
        raise FileProblem(f"{where}: was recorded by Masterless {printable(game_version[:40])} with rules version "
                          f"{rules}; this version plays rules version {RULES_VERSION}, so it would not play the same")
    for name in ("seed", "seats", "level", "dials", "heroes", "check_bits"):
        if name not in h:
            raise FileProblem(f"{where}: is damaged (its header has no '{name}')")
    dials = header_dials(h["dials"], where)
    seed, seats, level, bits = h["seed"], h["seats"], h["level"], h["check_bits"]
    check_field(where, "seed", seed, is_int(seed) and -MAX_SEED < seed < MAX_SEED, "a whole number")
    check_field(where, "level", level, is_int(level) and 1 <= level <= MAX_LEVEL, f"1 to {MAX_LEVEL}")
    check_field(where, "check_bits", bits, is_int(bits) and 1 <= bits <= 64, "1 to 64")
    check_field(where, "seats", seats, isinstance(seats, str) and seats_ok(seats), "1 to 4 of human, ai, ai+hero")
    heroes = header_heroes(h["heroes"], parse_seats(seats), where)
    designs = designs_from_data(h["designs"], where) if "designs" in h else ()
    return Header(seed, seats, level, dials, heroes, game_version, rules, bits, designs)


def _steps(lines: list[bytes], header: Header, where: str, strict: bool) -> tuple[list[Step], End | None, str | None]:
    """The action lines; with `strict` False, stops at the first bad line and says why."""
    steps: list[Step] = []
    end: End | None = None
    turn = 0
    loads = json.loads
    mask = (1 << header.check_bits) - 1
    for number, raw in enumerate(lines, start=2):
        problem = None
        try:
            item = loads(raw)
            if end is not None:
                problem = f"is damaged (line {number} follows the end)"
            elif isinstance(item, list):
                dturn, check = item[0], item[1]
                if not (isinstance(dturn, int) and isinstance(check, int) and dturn >= 0 and 0 <= check <= mask):
                    raise ValueError
                action = A.from_record(item[2:])
                steps.append(Step(action, turn, turn + dturn, check))
                turn += dturn
            elif isinstance(item, dict) and "n" in item:
                n, state = item["n"], item["state"]
                if n != len(steps) or not isinstance(state, str) or not steps:
                    raise ValueError
                last = steps[-1]
                steps[-1] = Step(last.action, last.turn, last.after, last.check, state)
            elif isinstance(item, dict) and "end" in item:
                end = End(int(item["end"]), int(item["turn"]), int(item["floor"]), str(item["phase"]),
                          str(item["state"]))
                if end.actions != len(steps) or end.turn != turn:
                    problem = "is damaged (its end does not match its actions)"
            else:
                raise ValueError
        except (ValueError, TypeError, KeyError, IndexError, FileProblem):
            problem = f"is damaged (line {number} is not an action)"
        if problem is not None:
            if strict:
                raise FileProblem(f"{where}: {problem}")
            return steps, None, problem
    return steps, end, None


# ----- replaying ----------------------------------------------------------------------------------
def check_step(game: Game, step: Step, index: int, bits: int = CHECK_BITS) -> None:
    """ReplayDesync unless `game`, having just applied `step`, is where the recording says."""
    if game.turn != step.after:
        raise ReplayDesync(step.turn, f"action {index + 1} ({A.describe(step.action)}) left the game on turn "
                                      f"{game.turn}, the recording on turn {step.after}")
    if check_of(game, bits) != step.check:
        raise ReplayDesync(step.turn, f"action {index + 1} ({A.describe(step.action)}) drew different dice "
                                      "than when it was recorded")
    if step.state is not None and game.state_hash()[:len(step.state)] != step.state:
        raise ReplayDesync(step.turn, f"after action {index + 1} ({A.describe(step.action)}) the game differs "
                                      "from the recording")


def check_end(game: Game, end: End | None) -> None:
    if end is None:
        return
    if game.state_hash() != end.state or game.turn != end.turn or game.phase != end.phase:
        raise ReplayDesync(game.turn, "the final state differs from the recording")


def replay(recording: Recording, verify: bool = True, upto: int | None = None) -> Game:
    """A game with the recording's actions (the first `upto` of them) applied, checking each one
    when `verify` (ReplayDesync names the turn of the first mismatch)."""
    game = recording.header.new_game()
    steps = recording.steps if upto is None else recording.steps[:upto]
    bits = recording.header.check_bits
    try:
        for i, step in enumerate(steps):
            apply_action(game, step.action)
            if verify:
                check_step(game, step, i, bits)
        if verify and (upto is None or upto >= len(recording.steps)):
            check_end(game, recording.end)
    except BaseException:
        game.close()
        raise
    return game


def replay_salvaged(recording: Recording) -> tuple[Game, int]:
    """For a salvaged prefix: the game after the longest run of actions that still check, and
    how many that is (actions after a mismatch are garbage from the damage, not the game)."""
    game = recording.header.new_game()
    bits = recording.header.check_bits
    for i, step in enumerate(recording.steps):
        before = game.turn
        if before != step.turn:
            return _rewind(recording, game, i)
        apply_action(game, step.action)
        try:
            check_step(game, step, i, bits)
        except ReplayDesync:
            return _rewind(recording, game, i)
    return game, len(recording.steps)


def _rewind(recording: Recording, game: Game, good: int) -> tuple[Game, int]:
    game.close()
    return replay(recording, verify=False, upto=good), good
