"""Who designs for each seat (DESIGN.md §1): the seat's personality, and whether the AI spends
its budgets. Seats and dials themselves are `game.core.seats` and `game.core.dials`.

An AI seat's personality follows its place at the table (`PERSONALITY_CYCLE`, the same one its
name shows) unless one is named: by the caller (`generate`), or by the seat itself, an AI seat
whose name is a personality's (`--seats ai+hero,ai:curator`, as DESIGN.md §6 has `--seats` take
personalities); a human seat whose `design` dial is `auto` hands the categories it wins to the
even-handed `artisan`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.core.content import load
from game.core.errors import UsageError, printable
from game.core.seats import PERSONALITY_CYCLE, Seat

CATEGORIES = ("traps", "monsters", "treasure")
HUMAN_AUTO_PERSONALITY = "artisan"


@dataclass(frozen=True, slots=True)
class Designer:
    """One seat as a designer: its place, its personality, and whether the AI builds for it
    (`ai` is False only for a human seat with `design = ask`: the room builder asks that player)."""

    seat: int
    personality: str
    ai: bool = True


def default_personality(seat: Seat) -> str:
    if seat.human:
        return HUMAN_AUTO_PERSONALITY
    own = seat.name.strip().lower().removesuffix(" (ai)")
    if own in load("personalities"):  # `ai:tyrant`: the seat is named for the personality it plays ("Tyrant (AI)")
        return own
    return PERSONALITY_CYCLE[seat.index % len(PERSONALITY_CYCLE)]


def designers_for(
    seats: Sequence[Seat], design: str = "auto", named: Mapping[int, str] | None = None
) -> tuple[Designer, ...]:
    """A Designer per seat. `design` is the dial (ask | auto); `named` overrides the personality
    of some seats by index."""
    named = named or {}
    return tuple(
        Designer(
            seat=s.index,
            personality=named.get(s.index, default_personality(s)),
            ai=not (s.human and design == "ask"),
        )
        for s in seats
    )


def check_named_personalities(text: str) -> None:
    """`--seats`: an AI seat's name after the colon is its personality (`ai:tyrant`), so an
    unknown one is refused (UsageError, exit 2) instead of being taken for a name (issue 17)."""
    known = sorted(load("personalities"))
    for part in text.split(","):
        kind, sep, wanted = part.strip().partition(":")
        if sep and kind.strip().lower() in ("ai", "ai+hero") and wanted.strip().lower() not in known:
            raise UsageError(f"--seats: unknown personality '{printable(wanted.strip())}' (one of {', '.join(known)})")
