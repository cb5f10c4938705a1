"""Design personalities, read from `data/personalities.toml`: the knobs that make one AI seat's
rooms look different from another's (a swarm of poisoners, a lone tyrant, a warden of hoards)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from game.core.content import load, require
from game.core.errors import DataError
from game.designers.table import CATEGORIES

Weights = tuple[tuple[str, float], ...]  # (name, weight) pairs in sorted name order


@dataclass(frozen=True, slots=True)
class MonsterStyle:
    count: tuple[int, int]
    level: float
    level_of: str  # "min" | "max": which Party Level `level` is a share of
    ability_share: float
    abilities: tuple[int, int]
    doublings: tuple[int, int]
    features: Weights
    dice: Weights
    kinds: Weights
    lead: float


@dataclass(frozen=True, slots=True)
class TrapStyle:
    count: tuple[int, int]
    guards: float
    doublings: tuple[int, int]
    features: Weights
    dice: Weights
    spots: Weights
    kinds: Weights


@dataclass(frozen=True, slots=True)
class TreasureStyle:
    count: tuple[int, int]
    fancy: float
    magic: float
    heal: float
    doublings: tuple[int, int]
    features: Weights
    lead: float


@dataclass(frozen=True, slots=True)
class Personality:
    name: str
    title: str
    summary: str
    prefers: tuple[str, ...]
    monsters: MonsterStyle
    traps: TrapStyle
    treasure: TreasureStyle
    designs: float = 0.0  # the chance it takes a saved design that fits, when the table has any



def _range(table: dict[str, Any], key: str, where: str, low: int = 0) -> tuple[int, int]:
    value = require(table, key, list, where)
    if len(value) != 2 or not all(isinstance(v, int) for v in value) or not low <= value[0] <= value[1]:
        raise DataError(f"{where}.{key}: expected [lo, hi] with {low} <= lo <= hi")
    return value[0], value[1]


def _number(table: dict[str, Any], key: str, where: str) -> float:
    if key not in table:
        raise DataError(f"{where}: missing key '{key}'")
    value = table[key]
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise DataError(f"{where}.{key}: expected a number >= 0")
    return float(value)


def _share(table: dict[str, Any], key: str, where: str) -> float:
    value = _number(table, key, where)
    if value > 1:
        raise DataError(f"{where}.{key}: expected a share between 0 and 1")
    return float(value)


def _weights(table: dict[str, Any], key: str, where: str, allowed: tuple[str, ...] | None = None) -> Weights:
    raw = require(table, key, dict, where)
    out = []
    for name in sorted(raw):
        if allowed is not None and name not in allowed:
            raise DataError(f"{where}.{key}: unknown entry '{name}' (one of {', '.join(allowed)})")
        weight = raw[name]
        if not isinstance(weight, int | float) or weight < 0:
            raise DataError(f"{where}.{key}.{name}: expected a weight >= 0")
        out.append((name, float(weight)))
    if not any(w for _, w in out):
        raise DataError(f"{where}.{key}: at least one weight must be above 0")
    return tuple(out)


def _level_of(table: dict[str, Any], where: str) -> str:
    value = table.get("level_of", "min")
    if value not in ("min", "max"):
        raise DataError(f"{where}.level_of: expected \"min\" or \"max\", got {value!r}")
    return value


def _kinds() -> tuple[str, ...]:
    types = load("types")["types"]
    return tuple(sorted({body["kind"] for body in types.values()}))


def _personality(name: str, body: dict[str, Any]) -> Personality:
    where = f"personalities.toml {name}"
    prefers = tuple(require(body, "prefers", list, where))
    if sorted(prefers) != sorted(CATEGORIES):
        raise DataError(f"{where}.prefers: list each of {', '.join(CATEGORIES)} once")
    kinds = _kinds()
    m = require(body, "monsters", dict, where)
    mw = f"{where}.monsters"
    t = require(body, "traps", dict, where)
    tw = f"{where}.traps"
    s = require(body, "treasure", dict, where)
    sw = f"{where}.treasure"
    return Personality(
        name=name,
        title=require(body, "title", str, where),
        summary=require(body, "summary", str, where),
        prefers=prefers,
        monsters=MonsterStyle(
            count=_range(m, "count", mw, 1),
            level=_number(m, "level", mw),
            level_of=_level_of(m, mw),
            ability_share=_share(m, "ability_share", mw),
            abilities=_range(m, "abilities", mw),
            doublings=_range(m, "doublings", mw),
            features=_weights(m, "features", mw, ("continuous", "hold", "universal")),
            dice=_weights(m, "dice", mw, ("annoy", "pain", "resist")),
            kinds=_weights(m, "kinds", mw, kinds),
            lead=_number(m, "lead", mw),
        ),
        traps=TrapStyle(
            count=_range(t, "count", tw, 1),
            guards=_share(t, "guards", tw),
            doublings=_range(t, "doublings", tw),
            features=_weights(t, "features", tw, ("continuous", "unlimited", "universal")),
            dice=_weights(t, "dice", tw, ("annoy", "pain")),
            spots=_weights(t, "spots", tw, ("open", "search", "use", "walk")),
            kinds=_weights(t, "kinds", tw, kinds),
        ),
        treasure=TreasureStyle(
            count=_range(s, "count", sw, 1),
            fancy=_share(s, "fancy", sw),
            magic=_share(s, "magic", sw),
            heal=_share(s, "heal", sw),
            doublings=_range(s, "doublings", sw),
            features=_weights(s, "features", sw, ("annoy", "pain", "universal")),
            lead=_number(s, "lead", sw),
        ),
        designs=_share(body, "designs", where) if "designs" in body else 0.0,
    )


@functools.cache
def personalities() -> dict[str, Personality]:
    """Every personality by name (sorted), validated."""
    raw = load("personalities")
    if not raw:
        raise DataError("personalities.toml: no personality defined")
    return {name: _personality(name, raw[name]) for name in sorted(raw)}


def personality(name: str) -> Personality:
    table = personalities()
    if name not in table:
        raise DataError(f"unknown personality '{name}' (one of {', '.join(table)})")
    return table[name]
