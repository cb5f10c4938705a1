"""Roll Through the Dungeon's tables (RC, RD, RI, RF, E, Q and the trap rows of RF) read from
`data/rttd/*.toml`, checked, and rolled.

The book's tables are rolled as written, with the book's die (d10 or d100) from the stream they
are given, whatever the die-size dial says: they are tables, not conflicts (DESIGN.md §3). A roll
outside a table takes its first or last row, as the book says."""

from __future__ import annotations

import functools
import re
from typing import Any

from game.core import content
from game.core.errors import DataError
from game.core.rng import Stream
from game.mapgen.table_rows import (
    ACTIONS,
    DOOR_KINDS,
    FEATURE_KINDS,
    GOALS,
    INTERACTIONS,
    PLACES,
    DoorKind,
    DoorRow,
    Encounter,
    FeatureRow,
    FeatureSpec,
    Outcome,
    Quest,
    Table,
    TrapKind,
)
from game.mapgen.tiles import BY_NAME

# ---- reading ----------------------------------------------------------------------------------


def _get(table: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str,
         default: Any = ...) -> Any:
    if key not in table:
        if default is ...:
            raise DataError(f"{where}: missing key '{key}'")
        return default
    value = table[key]
    if isinstance(value, bool) and kind is int:
        raise DataError(f"{where}.{key}: expected int, got bool")
    if not isinstance(value, kind):
        name = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise DataError(f"{where}.{key}: expected {name}, got {type(value).__name__}")
    return value


def _pair(table: dict[str, Any], key: str, where: str, default: tuple[int, int]) -> tuple[int, int]:
    value = _get(table, key, list, where, list(default))
    if len(value) != 2 or not all(isinstance(v, int) for v in value) or value[0] > value[1]:
        raise DataError(f"{where}.{key}: expected [lo, hi] with lo <= hi, got {value}")
    return value[0], value[1]


def _one_of(value: str, allowed: tuple[str, ...] | frozenset[str] | dict, where: str) -> str:
    if value not in allowed:
        raise DataError(f"{where}: '{value}' is not one of {', '.join(sorted(allowed))}")
    return value


def _ranged(name: str, build: Any) -> Table:
    """A d10/d100 table whose [[rows]] have lo/hi covering 1..die with no gap or overlap."""
    file = f"rttd/{name}.toml"
    raw = content.load(f"rttd/{name}")
    die = _get(raw, "die", int, file)
    if die not in (10, 100):
        raise DataError(f"{file}.die: the book's tables use a d10 or a d100, got {die}")
    rows_raw = _get(raw, "rows", list, file)
    spans, rows = [], []
    expect = 1
    for i, body in enumerate(rows_raw):
        where = f"{file} rows[{i}]"
        lo, hi = _get(body, "lo", int, where), _get(body, "hi", int, where)
        if lo != expect or hi < lo:
            raise DataError(f"{where}: covers {lo}-{hi}, but the next row must start at {expect}")
        expect = hi + 1
        spans.append((lo, hi))
        rows.append(build(body, where, raw))
    if expect != die + 1:
        raise DataError(f"{file}: rows end at {expect - 1}, but the die is a d{die}")
    return Table(file, die, tuple(spans), tuple(rows))


@functools.cache
def room_config() -> Table[str]:
    """Table RC: "open" | "door" | "wall" for one side of a room (d10)."""
    return _ranged("config", lambda b, w, _: _one_of(_get(b, "side", str, w), ("open", "door", "wall"),
                                                      f"{w}.side"))


@functools.cache
def interactions() -> Table[str]:
    """Table RI: what a room holds, "features" | "empty" | "objective" | "encounter" (d10)."""
    return _ranged("interactions", lambda b, w, _: _one_of(_get(b, "interaction", str, w),
                                                            INTERACTIONS, f"{w}.interaction"))


@functools.cache
def door_kinds() -> dict[str, DoorKind]:
    """What each kind of door of table RD asks of the heroes."""
    file = "rttd/doors.toml"
    raw = _get(content.load("rttd/doors"), "kinds", dict, file)
    out = {}
    for name in DOOR_KINDS:
        where = f"{file} kinds.{name}"
        body = _get(raw, name, dict, f"{file} kinds")
        pain = tuple(_get(body, "fail_pain", list, where, []))
        if pain and (len(pain) != 4 or not all(isinstance(p, int) and p >= 0 for p in pain)):
            raise DataError(f"{where}.fail_pain: expected four Pain dice counts, one per tier")
        out[name] = DoorKind(
            name=name, skill=_get(body, "skill", str, where, ""), keys=_get(body, "keys", bool, where, False),
            levers=_get(body, "levers", bool, where, False), fail_pain=pain,
            fail_time=_get(body, "fail_time", int, where, 0), fail_picks=_get(body, "fail_picks", int, where, 0),
            becomes=_one_of(_get(body, "becomes", str, where), DOOR_KINDS, f"{where}.becomes"),
            fail_becomes=_get(body, "fail_becomes", str, where, ""),
            fail_becomes_tiers=tuple(_get(body, "fail_becomes_tiers", list, where, [1, 2, 3, 4])))
        if out[name].fail_becomes:
            _one_of(out[name].fail_becomes, DOOR_KINDS, f"{where}.fail_becomes")
    for name in raw:
        _one_of(name, DOOR_KINDS, f"{file} kinds.{name}")
    return out


@functools.cache
def doors() -> Table[DoorRow]:
    """Table RD: a door's kind and tier (d100)."""
    def build(body: dict, where: str, _: dict) -> DoorRow:
        kind = _one_of(_get(body, "kind", str, where), DOOR_KINDS, f"{where}.kind")
        tier = _get(body, "tier", int, where)
        if not (tier == 0 if kind == "open" else 1 <= tier <= 4):
            raise DataError(f"{where}.tier: {tier} (an open door has tier 0, others 1-4)")
        return DoorRow(kind, tier)
    door_kinds()
    return _ranged("doors", build)


@functools.cache
def traps() -> dict[str, TrapKind]:
    """The trap rows of table RF as the Traps seat's catalogue: kind -> its Type and where it fits."""
    file = "rttd/traps.toml"
    types = _get(content.load("types"), "types", dict, "types.toml")
    out = {}
    for name, body in _get(content.load("rttd/traps"), "traps", dict, file).items():
        where = f"{file} traps.{name}"
        type_ = _get(body, "type", str, where)
        if type_ not in types:
            raise DataError(f"{where}.type: unknown Type '{type_}' (see data/types.toml)")
        sits = tuple(_get(body, "sits_on", list, where))
        for s in sits:
            _one_of(s, ACTIONS, f"{where}.sits_on")
        suggest = tuple(_get(body, "suggest", list, where, []))
        for s in suggest:
            _one_of(s, ("continuous", "universal", "unlimited", "guards_treasure"), f"{where}.suggest")
        out[name] = TrapKind(name, _get(body, "rf", int, where), type_, sits,
                             _get(body, "book_pain", int, where), suggest, _get(body, "text", str, where))
    return out


def _outcomes(body: dict, where: str) -> tuple[Outcome, ...]:
    out = []
    for j, o in enumerate(_get(body, "outcomes", list, where, [])):
        w = f"{where}.outcomes[{j}]"
        out.append(Outcome(_get(o, "lo", int, w), _get(o, "hi", int, w), _get(o, "effect", str, w),
                           _get(o, "n", int, w, 0), _get(o, "value", int, w, 0), _get(o, "name", str, w, ""),
                           _get(o, "table", str, w, "")))
    if out:
        covered = sorted(v for o in out for v in range(o.lo, o.hi + 1))
        if covered != list(range(1, 11)):
            raise DataError(f"{where}.outcomes: must cover 1-10 of a d10 exactly once")
    return tuple(out)


@functools.cache
def feature_specs() -> dict[str, FeatureSpec]:
    """Every feature of table RF: what it is on the map."""
    file = "rttd/features.toml"
    trap_kinds = traps()
    out = {}
    for name, body in _get(content.load("rttd/features"), "features", dict, file).items():
        where = f"{file} features.{name}"
        kind = _one_of(_get(body, "kind", str, where), FEATURE_KINDS, f"{where}.kind")
        tile = _get(body, "tile", str, where, "")
        if tile and tile not in BY_NAME:
            raise DataError(f"{where}.tile: unknown tile '{tile}'")
        if kind in ("furniture", "terrain", "stair") and not tile:
            raise DataError(f"{where}: a {kind} feature needs a tile")
        place = _get(body, "place", str, where, "")
        if place:
            _one_of(place, PLACES, f"{where}.place")
        action = _get(body, "action", str, where, "")
        if action:
            _one_of(action, ACTIONS, f"{where}.action")
        if kind in ("furniture", "stair") and not action:
            raise DataError(f"{where}: a {kind} feature needs an action")
        trap = _get(body, "trap", str, where, "")
        if kind == "trap" and trap not in trap_kinds:
            raise DataError(f"{where}.trap: unknown trap kind '{trap}' (see rttd/traps.toml)")
        extra = None
        if "extra" in body:
            e = _get(body, "extra", dict, where)
            etile = _get(e, "tile", str, f"{where}.extra")
            if etile not in BY_NAME:
                raise DataError(f"{where}.extra.tile: unknown tile '{etile}'")
            extra = (etile, _one_of(_get(e, "place", str, f"{where}.extra"), PLACES, f"{where}.extra.place"),
                     _pair(e, "count", f"{where}.extra", (1, 1)))
        out[name] = FeatureSpec(
            name=name, kind=kind, text=_get(body, "text", str, where), tile=tile, place=place,
            count=_pair(body, "count", where, (1, 1)), cluster=_get(body, "cluster", bool, where, False),
            action=action, spots=_get(body, "spots", int, where, 1),
            treasure=_get(body, "treasure", bool, where, False), skill=_get(body, "skill", str, where, ""),
            keys=_get(body, "keys", bool, where, False), trap=trap, width=_pair(body, "width", where, (2, 2)),
            extra=extra, dig_tiers=tuple(_get(body, "dig_tiers", list, where, [])),
            names=tuple(_get(body, "names", list, where, [])))
    return out


@functools.cache
def features() -> Table[FeatureRow]:
    """Table RF (d100): which feature, the tier of its test, and its d10 outcomes."""
    specs = feature_specs()

    def build(body: dict, where: str, _: dict) -> FeatureRow:
        name = _get(body, "feature", str, where)
        if name not in specs:
            raise DataError(f"{where}.feature: '{name}' has no [features.{name}]")
        tier = _get(body, "tier", int, where, 0)
        if not 0 <= tier <= 4:
            raise DataError(f"{where}.tier: {tier} is not 0-4")
        return FeatureRow(name, tier, _get(body, "fail_pain", int, where, 0), _outcomes(body, where))
    return _ranged("features", build)


@functools.cache
def encounters() -> Table[Encounter]:
    """Table E as names only (rows 1-91; the book leaves the rest blank)."""
    file = "rttd/encounters.toml"
    raw = content.load("rttd/encounters")
    kinds = _get(raw, "kinds", dict, file)
    rows = []
    for i, body in enumerate(_get(raw, "rows", list, file)):
        where = f"{file} rows[{i}]"
        roll = _get(body, "roll", int, where)
        if roll != i + 1:
            raise DataError(f"{where}.roll: expected {i + 1}, got {roll}")
        kind = _one_of(_get(body, "kind", str, where), kinds, f"{where}.kind")
        rows.append(Encounter(roll, _get(body, "name", str, where), kind,
                              tuple(_get(body, "skills", list, where, []))))
    if not rows:
        raise DataError(f"{file}: no rows")
    return Table(file, 100, tuple((r.roll, r.roll) for r in rows), tuple(rows))


_EXPR = re.compile(r"^(\d+)d(\d+)(?:([+\-/])(\d+))?$")


def roll_expression(stream: Stream, expr: str) -> int:
    """A quest's encounter roll such as "1d10-1", "2d10+5" or "1d100/4" (as written: book dice)."""
    m = _EXPR.match(expr.replace(" ", "").lower())
    if not m:
        raise DataError(f"not a dice expression: '{expr}'")
    count, sides, op, n = int(m[1]), int(m[2]), m[3], int(m[4] or 0)
    total = sum(stream.dice(count, sides))
    if op == "+":
        total += n
    elif op == "-":
        total -= n
    elif op == "/":
        total = -(-total // n)  # the book rounds a divided roll up, so 1d100/4 is never 0
    return total


def encounter_name(stream: Stream, expr: str = "1d100") -> Encounter:
    """A name from table E for the Monsters seat, rolled with a quest's encounter expression."""
    return encounters().lookup(roll_expression(stream, expr))


@functools.cache
def quests() -> tuple[Quest, ...]:
    """Table Q as run goals, in the book's order."""
    file = "rttd/quests.toml"
    out = []
    for i, body in enumerate(_get(content.load("rttd/quests"), "quests", list, file)):
        where = f"{file} quests[{i}]"
        enc = _get(body, "encounter", str, where)
        if not _EXPR.match(enc.replace(" ", "").lower()):
            raise DataError(f"{where}.encounter: not a dice expression: '{enc}'")
        inter = tuple(_get(body, "interactions", list, where, []))
        for x in inter:
            _one_of(x, INTERACTIONS, f"{where}.interactions")
        out.append(Quest(
            id=_get(body, "id", int, where), name=_get(body, "name", str, where),
            text=_get(body, "text", str, where),
            goal=_one_of(_get(body, "goal", str, where), GOALS, f"{where}.goal"),
            count=_get(body, "count", int, where), encounter=enc, reward=_get(body, "reward", int, where),
            penalty=_get(body, "penalty", str, where), names=tuple(_get(body, "names", list, where, [])),
            interactions=inter, fancy_only=_get(body, "fancy_only", bool, where, False),
            heal_only=_get(body, "heal_only", bool, where, False), catch=_get(body, "catch", bool, where, False),
            target_rooms=tuple(_one_of(t, ("objective", "encounter"), f"{where}.target_rooms")
                               for t in _get(body, "target_rooms", list, where, []))))
    ids = [q.id for q in out]
    if len(set(ids)) != len(ids):
        raise DataError(f"{file}: quest ids repeat")
    return tuple(out)


def check_all() -> None:
    """Load and cross-check every RTTD table (raises DataError naming the file and key)."""
    room_config()
    interactions()
    doors()
    features()
    encounters()
    quests()
