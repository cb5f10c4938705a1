"""The two conflicts of Fungeon: annoying (keep your highest die) and painful (dice compared
rank by rank). Both return full records so the roll panel can draw them die by die."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import zip_longest
from typing import NamedTuple

from game.core.kept import KeptAnswers
from game.rules.dice import Pool, Pools, new_record
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


class PainResult(NamedTuple):
    """A painful conflict's full record, rank by rank in columns (`values[r]`, `winners[r]`,
    `targets[r]` are rank r's; `ranks` zips them): cheaper to make than an object per rank."""

    pools: Sequence[Pool]
    values: tuple[tuple[int, ...], ...]
    winners: tuple[str | None, ...]
    targets: tuple[str | None, ...]
    damage: tuple[tuple[str, str], ...]  # (dealer, victim), one point each
    hits: Mapping[str, int]  # hits after the conflict, for every damageable participant

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks one by one (made when asked: the engine reads the columns)."""
        return tuple(map(Rank._make, zip(self.values, self.winners, self.targets, strict=True)))

    def dealt_by(self, owner: str) -> int:
        return sum(1 for dealer, _ in self.damage if dealer == owner)

    def taken_by(self, owner: str) -> int:
        return sum(1 for _, victim in self.damage if victim == owner)


def rank_winner(values: tuple[int, ...]) -> int:
    """The index of a rank's single highest die, or -1 when the highest is shared or 0."""
    top = max(values)
    return values.index(top) if top > 0 and values.count(top) == 1 else -1


# a pure function of the values, kept (d6 pools of five have 7,776 rankings): a lookup is cheaper
_WINNER_OF = KeptAnswers(rank_winner, 1 << 15)
_winner_of = _WINNER_OF.__getitem__  # (bound once: conflicts look up several ranks each)


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
    if type(pools) is Pools:  # a roll event's: its owners and sorted dice, without making the pools
        owners, dice = pools.owners, pools.dice
    else:
        pools = tuple(pools)
        owners, dice = [p.owner for p in pools], [p.dice for p in pools]
    if not owners:
        return new_record(PainResult, (pools, (), (), (), (), left))
    # rank-major: columns[r] holds every pool's die at rank r, an empty die as 0
    columns = list(zip_longest(*dice, fillvalue=0))
    if left and min(left.values()) <= 0:  # maybe someone is dead already: its dice count 0
        dead = [left.get(owner, 1) <= 0 for owner in owners]
        columns = [tuple(0 if d else v for v, d in zip(values, dead, strict=True)) for values in columns]
    ranked = list(map(_winner_of, columns))  # each rank's winning pool, -1 for none
    winners: list[str | None] = [None] * len(columns)
    aimed: list[str | None] = [None] * len(columns)
    damage = []
    index: dict[str, int] | None = None  # owner -> its pool, made when someone first dies
    for r, w in enumerate(ranked):
        if w < 0:
            continue
        winners[r] = winner = owners[w]
        for candidate in targets.get(winner, ()):
            hits_left = left.get(candidate, 0)
            if hits_left > 0:
                aimed[r] = candidate
                left[candidate] = hits_left - 1
                damage.append((winner, candidate))
                if hits_left == 1:  # dead: its dice at later ranks count 0, which may change their winners
                    if index is None:
                        index = {owner: i for i, owner in enumerate(owners)}
                    if candidate in index:
                        empty_later(columns, ranked, r + 1, index[candidate])
                break
    return new_record(PainResult, (pools, tuple(columns), tuple(winners), tuple(aimed), tuple(damage), left))


def empty_later(columns: list[tuple[int, ...]], ranked: list[int], start: int, dead: int) -> None:
    """Pool `dead` is out from rank `start` on: its dice there count 0, and those ranks' winners
    are found again."""
    for r in range(start, len(columns)):
        values = columns[r]
        if values[dead]:
            columns[r] = values = values[:dead] + (0,) + values[dead + 1:]
            ranked[r] = _WINNER_OF[values]


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
