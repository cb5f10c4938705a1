"""The balance lab's numbers: what a batch of autoplay summaries adds up to, as plain JSON-ready
data. Pure and order-fixed (runs in seed order, floats rounded here), so the same runs always give
the same bytes, whatever machine or number of workers played them."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

Run = dict[str, Any]
Z95 = 1.959963984540054  # two-sided 95 %
ENDINGS = ("quest", "retired", "wiped", "turn_limit")  # always shown, even at zero
SOURCES = ("traps", "monsters", "abilities", "doors", "terrain", "hunger", "features")
TOWN = ("visits", "sold", "designed", "healed")
RATE_PLACES = 6  # a rate kept to 0.0001 %: printed to 0.1 % with no second rounding's slip (13.548 % is 13.5)
PER_RUN = ("rooms", "turns", "floor", "level", "deaths", "kills", "xp", "treasure_found", "banked", "score")


def rounded(x: float, places: int = 4) -> float:
    """Floats rounded the same way everywhere, so aggregates compare byte for byte."""
    return round(float(x), places) + 0.0  # + 0.0 turns -0.0 into 0.0


def wilson(k: int, n: int) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion k/n ((0, 1) when n is 0): honest near 0 and 1,
    where the normal interval says a 0-in-30 ending can never happen."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + Z95 * Z95 / n
    centre = (p + Z95 * Z95 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def proportion(k: int, n: int) -> dict[str, Any]:
    low, high = wilson(k, n)
    return {"count": k, "of": n, "rate": rounded(k / n if n else 0.0, RATE_PLACES), "low": rounded(low, RATE_PLACES),
            "high": rounded(high, RATE_PLACES)}


def quantile(ordered: Sequence[float], q: float) -> float:
    """Linear interpolation between order statistics (numpy's default), on a sorted list."""
    if not ordered:
        return 0.0
    pos = q * (len(ordered) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def spread(values: Sequence[float]) -> dict[str, Any]:
    """Median, p10, p90, mean, min and max of some per-run numbers."""
    ordered = sorted(values)
    if not ordered:
        return {"n": 0, "median": None, "p10": None, "p90": None, "mean": None, "min": None, "max": None}
    return {"n": len(ordered), "median": rounded(quantile(ordered, 0.5)), "p10": rounded(quantile(ordered, 0.1)),
            "p90": rounded(quantile(ordered, 0.9)), "mean": rounded(sum(ordered) / len(ordered)),
            "min": rounded(ordered[0]), "max": rounded(ordered[-1])}


def number(run: Run, key: str) -> float:
    """A per-run number of the summary; "level" is the highest living hero's (0 when none lives)."""
    if key == "level":
        levels = run.get("levels")
        return float(max(levels)) if isinstance(levels, list) and levels else 0.0
    value = run.get(key, 0)
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0.0


def played(runs: Sequence[Run]) -> list[Run]:
    """The runs that produced a game (a crashed run has only seed, outcome and error)."""
    return [r for r in runs if r.get("outcome") != "error"]


def endings(runs: Sequence[Run]) -> dict[str, Any]:
    seen = sorted({str(r.get("outcome")) for r in runs} - set(ENDINGS))
    n = len(runs)
    return {e: proportion(sum(1 for r in runs if r.get("outcome") == e), n) for e in (*ENDINGS, *seen)}


def floors(runs: Sequence[Run]) -> dict[str, Any]:
    """Per floor: runs that reached it, runs wiped there, and the wipe rate of those that reached
    it. The summary names only the deepest floor, so a wipe counts on the deepest floor reached."""
    deepest = [int(number(r, "floor")) for r in runs]
    if not deepest:
        return {}
    out = {}
    for f in range(max(1, min(deepest)), max(deepest) + 1):
        reached = sum(1 for d in deepest if d >= f)
        wiped = sum(1 for r, d in zip(runs, deepest, strict=True) if d == f and r.get("outcome") == "wiped")
        out[str(f)] = {"reached": reached, "wiped": wiped, "wipe_rate": proportion(wiped, reached)}
    return out


def endings_by_floor(runs: Sequence[Run]) -> dict[str, dict[str, int]]:
    """How many runs ended each way, by the deepest floor they reached (for the charts)."""
    out: dict[str, dict[str, int]] = {}
    for run in runs:
        row = out.setdefault(str(int(number(run, "floor"))), {})
        row[str(run.get("outcome"))] = row.get(str(run.get("outcome")), 0) + 1
    return {f: dict(sorted(row.items())) for f, row in sorted(out.items(), key=lambda kv: int(kv[0]))}


def histogram(values: Sequence[int]) -> dict[str, int]:
    """Runs per value (rooms entered), every value from the least to the most, for the charts."""
    if not values:
        return {}
    counts = Counter(values)
    return {str(v): counts[v] for v in range(min(values), max(values) + 1)}


def by_source(runs: Sequence[Run], key: str) -> dict[str, Any] | None:
    """Totals and per-run spreads of a {source: number} field (`damage`, `deaths_by`); None when no
    run reports it (summaries from before it existed)."""
    reporting = [r[key] for r in runs if isinstance(r.get(key), dict)]
    if not reporting:
        return None
    extra = sorted({s for d in reporting for s in d} - set(SOURCES))
    totals = {source: [float(d.get(source, 0) or 0) for d in reporting] for source in (*SOURCES, *extra)}
    grand = sum(sum(values) for values in totals.values())
    return {source: {"total": rounded(sum(values)),
                     "share": rounded(sum(values) / grand if grand else 0.0, RATE_PLACES),
                     **spread(values)} for source, values in totals.items()}


def quest_of(run: Run) -> tuple[str | None, bool]:
    """(quest name, won) of a run: `quest` is a name today and {id, name, fulfilled} later."""
    quest = run.get("quest")
    if isinstance(quest, dict):
        name = quest.get("name") or quest.get("id")
        return (str(name) if name else None), bool(quest.get("fulfilled"))
    return (str(quest) if quest else None), run.get("outcome") == "quest"


def quests(runs: Sequence[Run]) -> dict[str, Any]:
    named: dict[str, list[bool]] = {}
    for run in runs:
        name, won = quest_of(run)
        if name is not None:
            named.setdefault(name, []).append(won)
    offered = sum(len(v) for v in named.values())
    won = sum(sum(v) for v in named.values())
    return {"offered": offered, "won": proportion(won, offered),
            "by_quest": {name: {"offered": len(v), "won": sum(v)} for name, v in sorted(named.items())}}


def town(runs: Sequence[Run]) -> dict[str, Any] | None:
    reporting = [r["town"] for r in runs if isinstance(r.get("town"), dict)]
    if not reporting:
        return None
    out: dict[str, Any] = {"used": proportion(sum(1 for t in reporting if (t.get("visits") or 0) > 0), len(reporting))}
    for key in TOWN:
        values = [float(t.get(key, 0) or 0) for t in reporting]
        out[key] = {"total": rounded(sum(values)), **spread(values)}
    return out


def personalities_of(seats: str) -> list[str]:
    """The designer personalities a seat mix names (`ai:tyrant`, `ai+hero:warden`), once each."""
    names = []
    for part in seats.split(","):
        kind, _, name = part.strip().partition(":")
        name = name.strip().lower()  # `ai:Tyrant` is the tyrant, as the seats read it
        if kind.strip().lower() in ("ai", "ai+hero") and name and name not in names:
            names.append(name)
    return names


def group(runs: Sequence[Run]) -> dict[str, Any]:
    """The short line of numbers shown per personality and per seat mix."""
    games = played(runs)
    return {"runs": len(runs), "endings": endings(runs),
            "rooms": spread([number(r, "rooms") for r in games]),
            "floor": spread([number(r, "floor") for r in games])}


def aggregate(runs: Sequence[Run], mixes: Sequence[str], entrance: int | None = None,
              designers: Sequence[str] | None = None) -> dict[str, Any]:
    """Everything the balance tables show, from runs in seed order and each run's seat mix;
    `entrance` is the floor the dungeon opens onto (None when unknown); `designers`, each run's
    seats as it was played (with the personalities drawn from its seed where the mix names none:
    `seats.drawn_personalities`), groups the runs per personality (by default, the mixes)."""
    games = played(runs)
    out: dict[str, Any] = {
        "runs": len(runs),
        "errors": len(runs) - len(games),
        "endings": endings(runs),
        "per_run": {key: spread([number(r, key) for r in games]) for key in PER_RUN},
        "floors": floors(games),
        "entrance_floor": entrance,
        "stayed_on_entrance_floor": None if entrance is None else proportion(
            sum(1 for r in games if number(r, "floor") <= entrance), len(games)),
        "endings_by_floor": endings_by_floor(games),
        "rooms_histogram": histogram([int(number(r, "rooms")) for r in games]),
        "damage": by_source(games, "damage"),
        "deaths_by": by_source(games, "deaths_by"),
        "quests": quests(games),
        "town": town(games),
    }
    by_mix: dict[str, list[Run]] = {}
    by_personality: dict[str, list[Run]] = {}
    for run, mix, played_as in zip(runs, mixes, designers if designers is not None else mixes, strict=True):
        by_mix.setdefault(mix, []).append(run)
        for name in personalities_of(played_as):
            by_personality.setdefault(name, []).append(run)
    out["seats"] = {mix: group(rs) for mix, rs in sorted(by_mix.items())}
    out["personalities"] = {name: group(rs) for name, rs in sorted(by_personality.items())}
    return out
