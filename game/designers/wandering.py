"""Wandering monsters on the way back to town (Fungeon "Heading Back to Town"): a seat whose hero
failed its annoy roll gets its hero's Level + the Floor in points and must spend them all on one
monster that meets the party before the next room."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.rng import Stream
from game.designers.monsters import build_monster, check_monsters, threat_cap, wish_for
from game.designers.naming import Namer
from game.designers.personality import personality as personality_named
from game.designers.scout import view_party
from game.rules.heroes import HeroSheet
from game.rules.purchases import Monster, Treasure


def design_wandering(
    budget: int,
    floor: int,
    party: Sequence[HeroSheet],
    personality: str,
    stream: Stream,
    *,
    items: Sequence[Treasure] = (),
    seriousness: int = 3,
    theme: str = "catacombs",
    seen_names: set[str] | None = None,
) -> Monster:
    """One named monster costing exactly `budget` (>= `floor`, as every monster must), built the
    way `personality` likes them against the living heroes `party`."""
    if budget < max(1, floor):
        raise ValueError(f"a wandering budget of {budget} cannot buy a monster of {floor} points")
    style = personality_named(personality).monsters
    view = view_party(party, items)
    cap = threat_cap(view, floor)
    monster = build_monster(budget, wish_for(style, view, stream, cap), style, view, stream, [], cap)
    check_monsters((monster,), budget, floor, view)
    named, _ = Namer(seriousness, theme, stream, seen_names).monster(monster, boss=False, room="")
    return named
