"""`python main.py generate` and `python main.py catalog` (DESIGN.md §6): the rooms a static
party would meet, as JSON (sorted keys, byte-identical for the same arguments), as text, or one
line per room for a range of seeds.

Decisions: the dungeon's theme is the `theme` dial when it is given, else drawn from the seed;
every human seat designs `auto` here (there is nobody to ask); `catalog` builds for the party of
the book's own example (Levels 2, 3 and 5) from its entrance floor down `--floors` floors."""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from game.commands.room_report import dumps, generate_json
from game.commands.room_text import catalog_line, generate_text
from game.core.dials import THEMES, Dials, parse_dials
from game.core.errors import UsageError, printable
from game.core.rng import Streams
from game.core.seats import Seat, parse_seats
from game.core.seeds import SEED_LIMIT
from game.designers.design_files import SavedDesign, load_designs
from game.designers.generate import generate_rooms, static_party
from game.designers.personality import personalities
from game.designers.records import RoomDesign
from game.designers.table import designers_for
from game.rules.party import entrance_floor

MAX_LEVEL = 50
MAX_HEROES = 8
MAX_FLOOR = 99
MAX_ROOMS = 1000
MAX_SEEDS = 100_000
CATALOG_PARTY = (2, 3, 5)


# ---- arguments --------------------------------------------------------------------------------


def check_party(levels: Sequence[int]) -> tuple[int, ...]:
    if not 1 <= len(levels) <= MAX_HEROES:
        raise UsageError(f"--party: between 1 and {MAX_HEROES} heroes, got {len(levels)}")
    for level in levels:
        if not 1 <= level <= MAX_LEVEL:
            raise UsageError(f"--party: every Level is between 1 and {MAX_LEVEL}, got {level}")
    return tuple(levels)


def check_floor(floor: int) -> int:
    if not 1 <= floor <= MAX_FLOOR:
        raise UsageError(f"--floor: the Floor is between 1 and {MAX_FLOOR}, got {floor}")
    return floor


def check_rooms(rooms: int, flag: str = "--rooms") -> int:
    if not 1 <= rooms <= MAX_ROOMS:
        raise UsageError(f"{flag}: between 1 and {MAX_ROOMS}, got {rooms}")
    return rooms


SEED_RANGE = re.compile(r"\s*(-?\d+)\s*(?:-\s*(-?\d+)\s*)?")  # A, or A-B; either may be below 0 (`-5--1`)


def parse_seed_range(text: str) -> range:
    """`A-B` (inclusive) or a single seed `A`, any seed `--seed` takes (below 0 too: `-5-3` is
    -5 to 3), so a run played on a seed can be balanced and catalogued on it."""
    found = SEED_RANGE.fullmatch(text)
    if found is None:
        raise UsageError(f"--seeds: expected A-B (two whole numbers), got {text!r}")
    first = int(found[1])
    last = first if found[2] is None else int(found[2])
    if not -SEED_LIMIT < min(first, last) <= max(first, last) < SEED_LIMIT:
        raise UsageError(f"--seeds: a seed is between {-SEED_LIMIT + 1} and {SEED_LIMIT - 1}, got {text!r}")
    if last < first:  # `--seeds 5-1`: what to type instead, not an inequality to work out
        raise UsageError(f"--seeds: give the lower seed first, as {last}-{first} (got {text!r})")
    if last - first + 1 > MAX_SEEDS:
        raise UsageError(f"--seeds: at most {MAX_SEEDS} seeds at once")
    return range(first, last + 1)


def parse_table(text: str) -> tuple[tuple[Seat, ...], dict[int, str]]:
    """Seats from `--seats`, where an AI seat may name its personality: `human,ai:tyrant,ai`.
    The seats only design here: the heroes are the static party of --party, so a table with no
    hero seat (`ai,ai`) is a table all the same."""
    kinds, named = [], {}
    known = personalities()
    for i, part in enumerate(text.split(",")):
        kind, _, wanted = part.strip().partition(":")
        if kind.strip().lower() == "human":  # a human seat may carry its player's name (README)
            kinds.append(part)
            continue
        if wanted:
            if wanted not in known:
                raise UsageError(f"--seats: unknown personality '{printable(wanted)}' (one of {', '.join(known)})")
            named[i] = wanted
        kinds.append(kind)
    seats = tuple(
        replace(s, name=f"{named[s.index].title()} (AI)") if s.index in named else s
        for s in parse_seats(",".join(kinds), hero_needed=False)
    )
    return seats, named


def table_dials(pairs: Sequence[tuple[str, str]], seed: int) -> Dials:
    """The dials, with the theme drawn from the seed unless the `theme` dial names one."""
    dials = parse_dials(pairs)
    if not any(name == "theme" for name, _ in pairs):
        dials = replace(dials, theme=Streams(seed).get("dungeon").choice(THEMES))
    return dials


# ---- text -------------------------------------------------------------------------------------


def catalog_lines(seeds: range, floors: int, rooms: int, seats_text: str = "human,ai,ai",
                  with_map: bool = False) -> list[str]:
    """One line a room (`catalog_line`), each followed by its plan drawn as text with `with_map`."""
    seats, named = parse_table(seats_text)
    designers = designers_for(seats, "auto", named)
    out = []
    for seed in seeds:
        dials = table_dials([], seed)
        streams = Streams(seed)
        first = entrance_floor(CATALOG_PARTY)
        for floor in range(first, first + floors):
            for design in generate_rooms(seed, CATALOG_PARTY, floor, rooms, designers, dials, streams):
                out.append(catalog_line(seed, design))
                if with_map:  # rows as drawn, less the blank ones below the room
                    rows = [row.rstrip() for row in design.plan.layout]
                    while rows and not rows[-1]:
                        rows.pop()
                    out.extend(f"    {row}".rstrip() for row in rows)
    return out


# ---- commands ---------------------------------------------------------------------------------


def generate_document(
    seed: int,
    levels: Sequence[int],
    floor: int | None = None,
    rooms: int = 5,
    seats: str = "human,ai,ai",
    dials: Sequence[tuple[str, str]] = (),
    with_map: bool = False,
    library: Sequence[SavedDesign] = (),
) -> tuple[dict[str, Any], list[RoomDesign]]:
    """What `generate` prints, as data (its JSON document) and as designs; arguments checked.
    `library`: the saved designs the AI seats may draw on (`--designs DIR`)."""
    levels = check_party(levels)
    floor = check_floor(floor) if floor is not None else entrance_floor(levels)
    rooms = check_rooms(rooms)
    table, named = parse_table(seats)
    table_dials_ = table_dials(dials, seed)
    designers = designers_for(table, "auto", named)
    heroes = static_party(seed, levels)
    designs = generate_rooms(seed, levels, floor, rooms, designers, table_dials_, library=library)
    data = generate_json(seed, levels, floor, designs, heroes, table, designers, table_dials_, with_map)
    return data, designs


def run_generate(args: argparse.Namespace) -> int:
    library = load_designs(args.designs) if getattr(args, "designs", None) else ()
    data, designs = generate_document(
        args.seed, args.party, args.floor, args.rooms, args.seats, args.dial, args.map, library
    )
    print(dumps(data) if args.json else generate_text(data, designs, args.map))
    return 0


def run_catalog(args: argparse.Namespace) -> int:
    seeds = parse_seed_range(args.seeds)
    floors = check_rooms(args.floors, "--floors")
    rooms = check_rooms(args.rooms)
    for line in catalog_lines(seeds, floors, rooms, with_map=args.map):
        print(line)
    return 0
