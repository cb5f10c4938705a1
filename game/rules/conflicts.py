"""The two conflicts of Fungeon: annoying (keep your highest die) and painful (dice compared
rank by rank). Both return full records so the roll panel can draw them die by die."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from game.rules.dice import Pool
from game.rules.successes import count_successes


@dataclass(frozen=True, slots=True)
class Resistance:
    owner: str
    highest: int
    success: bool
    successes: int  # Law of Successes: the hero's on a win, the obstacle's on a loss


@dataclass(frozen=True, slots=True)
class AnnoyResult:
    obstacle: Pool
    resisters: tuple[Pool, ...]
    results: tuple[Resistance, ...]

    def of(self, owner: str) -> Resistance:
        for r in self.results:
            if r.owner == owner:
                return r
        raise KeyError(owner)


def annoying_conflict(obstacle: Pool, resisters: Sequence[Pool]) -> AnnoyResult:
    """Fungeon "Annoying Conflicts": the obstacle keeps its highest die; each resister keeps its
    highest. Lower than the obstacle's fails; equal or higher succeeds."""
    results = []
    for pool in resisters:
        success = pool.highest >= obstacle.highest
        if success:
            extra = count_successes(pool.dice, obstacle.dice) if pool.highest > obstacle.highest else 0
        else:
            extra = count_successes(obstacle.dice, pool.dice)
        results.append(Resistance(pool.owner, pool.highest, success, extra))
    return AnnoyResult(obstacle, tuple(resisters), tuple(results))


class Rank(NamedTuple):
    """One rank of a painful conflict: each pool's die at this rank (0 when out of dice or
    dead), the winning owner (None when the highest is shared or all are out) and its target."""

    values: tuple[int, ...]
    winner: str | None
    target: str | None


@dataclass(frozen=True, slots=True)
class PainResult:
    pools: tuple[Pool, ...]
    ranks: tuple[Rank, ...]
    damage: tuple[tuple[str, str], ...]  # (dealer, victim), one point each
    hits: Mapping[str, int]  # hits after the conflict, for every damageable participant

    def dealt_by(self, owner: str) -> int:
        return sum(1 for dealer, _ in self.damage if dealer == owner)

    def taken_by(self, owner: str) -> int:
        return sum(1 for _, victim in self.damage if victim == owner)


def painful_conflict(
    pools: Sequence[Pool],
    targets: Mapping[str, Sequence[str]],
    hits: Mapping[str, int],
) -> PainResult:
    """Fungeon "Painful Conflicts". Every pool is sorted high to low; rank 1 of all is compared,
    then rank 2, and so on, an empty die counting 0, until everyone is out. At each rank the
    single highest value deals 1 damage to one engaged opponent: the first of
    `targets[winner]` still standing. A shared highest deals nothing (DESIGN.md decision).

    Only owners in `hits` can be damaged (a trap takes none). A creature at 0 Hits dies at once:
    its dice at later ranks count as empty. Damage a winner cannot place is lost."""
    left = dict(hits)
    owners = [p[0] for p in pools]
    alive = [left.get(o, 1) > 0 for o in owners]
    everyone_alive = False not in alive
    index: dict[str, int] | None = None  # owner -> its pool, made when someone first dies
    rolled = [p[2] for p in pools]
    depth = max(map(len, rolled), default=0)
    # rank-major: columns[r] holds every pool's die at rank r, an empty die as 0
    if depth and min(map(len, rolled)) != depth:
        rolled = [d + (0,) * (depth - len(d)) for d in rolled]
    new_rank = tuple.__new__  # Rank(...) without NamedTuple's Python-level __new__: six per conflict
    ranks = []
    damage = []
    for values in zip(*rolled, strict=True):
        if not everyone_alive:
            values = tuple(v if a else 0 for v, a in zip(values, alive, strict=True))
        top = max(values)
        winner = target = None
        if top > 0 and values.count(top) == 1:
            winner = owners[values.index(top)]
            for candidate in targets.get(winner, ()):
                hits_left = left.get(candidate, 0)
                if hits_left > 0:
                    target = candidate
                    left[candidate] = hits_left - 1
                    damage.append((winner, candidate))
                    if hits_left == 1:
                        if index is None:
                            index = {o: i for i, o in enumerate(owners)}
                        if candidate in index:
                            alive[index[candidate]] = False
                            everyone_alive = False
                    break
        ranks.append(new_rank(Rank, (values, winner, target)))
    return PainResult(tuple(pools), tuple(ranks), tuple(damage), left)


def trap_springers(rolls: Mapping[str, int]) -> str | None:
    """Fungeon: when several heroes trigger a trap at the same time, each rolls one die + Level
    and the highest "has the dubious honor of avoiding the Trap". Decision: read as the book's
    joke intends, that hero alone makes the Annoy roll to avoid it (and suffers on a failure);
    the others are spared. Returns that hero, or None on a tie (roll again)."""
    if not rolls:
        return None
    best = max(rolls.values())
    top = [o for o, v in sorted(rolls.items()) if v == best]
    return top[0] if len(top) == 1 else None
