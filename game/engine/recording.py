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
                                           (and "left":true when its player abandoned it there)
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
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from game.core.dials import Dials
from game.core.errors import printable
from game.core.file_guard import MiB, write_problem
from game.core.paths import atomic_write
from game.core.rng import Streams, derive_seed
from game.core.seats import HeroChoice, parse_seats
from game.engine.game import GAME_VERSION, RULES_VERSION, Game
from game.engine.start import new_game

if TYPE_CHECKING:
    from game.designers.design_files import SavedDesign

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
            **({"designs": _designs_data(self.designs)} if self.designs else {}),
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
    left: bool = False  # the player abandoned the run here: it has no more actions to come

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
    def left(self) -> bool:
        """Its player abandoned the run where it stops (no action will follow)."""
        return self.end is not None and self.end.left

    @property
    def turns(self) -> int:
        if self.end is not None:
            return self.end.turn
        return self.steps[-1].after if self.steps else 0


def _hero_to_json(h: HeroChoice) -> dict[str, Any]:
    return {"name": h.name, "race": h.race, "race_trait": h.race_trait, "klass": h.klass,
            "class_traits": list(h.class_traits)}


class _Weighed:
    """The streams of one `Streams` in creation order, and their weights (streams are only
    ever added, so both are extended when the dict grew)."""

    __slots__ = ("streams", "weights")

    def __init__(self) -> None:
        self.streams: list[Any] = []
        self.weights = np.zeros(0, np.uint64)


_WEIGHED: weakref.WeakKeyDictionary[Streams, _Weighed] = weakref.WeakKeyDictionary()


def rng_check(streams: Streams, bits: int = CHECK_BITS) -> int:
    """The per-action check of the random streams: the top `bits` of the sum, modulo 2**64, of
    every stream's state times an odd weight derived from its name. Order-free and one
    multiplication per stream, in numpy's unsigned 64-bit arithmetic (which wraps modulo 2**64
    as the sum is taken): `Streams.checksum()` hashes every stream's name and costs more than
    applying the action once a game has fifty streams, and a long game has hundreds. A stream
    that drew a different number of times moves its state by a multiple of an odd constant, so
    the sum moves."""
    table = streams.named()
    weighed = _WEIGHED.get(streams)
    if weighed is None:
        weighed = _WEIGHED[streams] = _Weighed()
    if len(weighed.streams) != len(table):  # new streams: dicts keep insertion order
        added = list(table)[len(weighed.streams):]
        weighed.streams.extend(table[key] for key in added)
        weighed.weights = np.append(weighed.weights,
                                    np.array([derive_seed(0, "check", *key) | 1 for key in added], np.uint64))
    states = np.array([stream.state for stream in weighed.streams], np.uint64)
    return int(np.dot(states, weighed.weights)) >> (64 - bits)


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
        self.mirror_problem: str | None = None  # why the last write of that copy failed (None: it did not)
        self.left = False  # the player abandoned the run: the trailer says so (a spectator, a replay)
        self.problem: str | None = None  # why the last write failed, and of which file (None: it did not)
        self.failing: str | None = None  # why alone, for a line that names no file
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
        from game.engine import actions as A  # start-up: loaded with the first action recorded

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
        from game.engine import actions as A  # start-up: loaded with the first action recorded

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
            end = {"end": self.count, "turn": game.turn, "floor": game.dungeon.floor_no, "phase": game.phase,
                   "state": game.state_hash()}
            if self.left:
                end["left"] = True
            tail = z.compress(_line(end))
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
            atomic_write(self.path, data, self.backup, durable, shared=True)
        except OSError as exc:  # full, read-only, gone: the game goes on, and says so
            # the file the player knows, not the temp file beside it that the write failed on
            self.failing = write_problem(exc)
            self.problem = f"{self.failing} ({printable(str(self.path))})"
            return False
        self.problem = self.failing = None
        if self.mirror is not None:  # the copy failing leaves the run saved: said apart, of that file
            try:
                atomic_write(self.mirror, data, None, durable, shared=True)
                self.mirror_problem = None
            except OSError as exc:
                self.mirror_problem = f"{write_problem(exc)} ({printable(str(self.mirror))})"
        if durable:
            self._synced = now
        self.unwritten = 0
        return True

    def finish(self, game: Game, left: bool = False) -> bool:
        """The last write of a run that ended, or that the player abandoned (`left`)."""
        self.game = game
        self.left = left
        return self.flush(game, durable=True)

    def export(self, path: str | Path, game: Game | None = None) -> None:
        """A copy of the recording as of now at `path` (e.g. `play --record FILE` beside the autosave)."""
        atomic_write(Path(path), self.to_bytes(game), shared=True)


def _designs_data(designs: tuple[SavedDesign, ...]) -> list[dict]:
    """The table's designs as the header keeps them."""
    from game.designers.design_files import design_to_data  # start-up: only a table with designs needs it

    return [design_to_data(d) for d in designs]
