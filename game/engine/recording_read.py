"""Reading a recording: a bounded file, its checksum, its header checked field by field, its
steps; a damaged tail salvaged where asked (DESIGN.md §7)."""

from __future__ import annotations

import json
import zlib
from pathlib import Path

from game.core.errors import FileProblem, printable
from game.core.file_guard import MiB, inflate_bounded, read_bounded
from game.core.seats import parse_seats
from game.core.seeds import SEED_LIMIT
from game.engine.game import RULES_VERSION
from game.engine.header_checks import MAX_LEVEL, check_field, header_dials, header_heroes, is_int, seats_ok
from game.engine.recording import FORMAT_VERSION, MAGIC, MAX_BODY, MAX_FILE, MAX_RATIO, End, Header, Recording, Step


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
    if not d.eof or len(d.unused_data) < 4:  # cut short, or a byte near the end damaged: no telling which
        return out, "is truncated or damaged near its end (its recording stops short)"
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
    check_field(where, "seed", seed, is_int(seed) and -SEED_LIMIT < seed < SEED_LIMIT,
                f"a whole number from {-SEED_LIMIT + 1} to {SEED_LIMIT - 1}")
    check_field(where, "level", level, is_int(level) and 1 <= level <= MAX_LEVEL, f"1 to {MAX_LEVEL}")
    check_field(where, "check_bits", bits, is_int(bits) and 1 <= bits <= 64, "1 to 64")
    check_field(where, "seats", seats, isinstance(seats, str) and seats_ok(seats), "1 to 4 of human, ai, ai+hero")
    heroes = header_heroes(h["heroes"], parse_seats(seats), where)
    designs = _designs(h["designs"], where) if "designs" in h else ()
    return Header(seed, seats, level, dials, heroes, game_version, rules, bits, designs)


def _steps(lines: list[bytes], header: Header, where: str, strict: bool) -> tuple[list[Step], End | None, str | None]:
    """The action lines; with `strict` False, stops at the first bad line and says why."""
    from game.engine import actions as A  # start-up: loaded with the first recording read

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
                          str(item["state"]), item.get("left", False) is True)
                if end.actions != len(steps) or end.turn != turn:
                    problem = "is damaged (its end does not match its actions)"
            else:
                raise ValueError
        except (ValueError, TypeError, KeyError, IndexError, RecursionError, FileProblem):  # nested past reading too
            problem = f"is damaged (line {number} is not an action)"
        if problem is not None:
            if strict:
                raise FileProblem(f"{where}: {problem}")
            return steps, None, problem
    return steps, end, None


def _designs(data: object, where: str) -> tuple:
    """The designs a header keeps, checked again by the rules."""
    from game.designers.design_files import designs_from_data  # start-up: only a table with designs needs it

    return designs_from_data(data, where)
