"""Drawing a saved design for a room (issue 18): an AI designer may take a design from the
table's folder instead of building, when the design fits the room exactly.

A design fits a category of a room when the rules price its pieces at exactly that category's
budget, and they still keep every rule there: each monster costs at least this Floor, Resist dice
only against a Type some living hero attacks with, a trap has a spot to sit on. Whether the seat
draws one is its personality's `designs` share (the curator's is 1: it always does when one
fits), rolled on a stream of its own, `("design-file", seat, floor, room, category)`, so a game
with no designs draws exactly what it drew before. Placing a drawn design's traps and treasure
uses that stream too. A run remembers the designs it has set out (in the game's set of names
already given, as "design:CATEGORY:NAME"), and prefers the others for that category.

Decisions: a drawn trap sits on a spot of its action and host if the room has one, else of its
action, else on the least trapped spot (the room's shape is the Traps seat's, rolled before any
design is drawn); a guarding trap sits where the treasure lies, as the AI's do. A trap's
catalogue kind is kept where it fits the spot, else the spot's own furniture names it."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from game.core.rng import Stream
from game.designers.design_files import DesignTrap, SavedDesign
from game.designers.records import PlacedTrap, PlacedTreasure
from game.designers.scout import PartyView
from game.mapgen import tables
from game.mapgen.plan import RoomPlan, Spot
from game.rules.costs import monster_violations


def fits(design: SavedDesign, category: str, budget: int, floor: int, party: PartyView,
         spots: Sequence[Spot] = ()) -> bool:
    """Whether `design` can be used whole for `category` of this room."""
    if not design.covers(category) or design.cost(category) != budget:
        return False
    if category == "monsters":
        return all(not monster_violations(m, floor, party.attack_types) for m in design.monsters or ())
    if category == "traps":
        return bool(spots)
    return True


def draw_design(designs: Sequence[SavedDesign], category: str, budget: int, floor: int, party: PartyView,
                share: float, stream: Stream, spots: Sequence[Spot] = (),
                used: Collection[str] = ()) -> SavedDesign | None:
    """One of the fitting designs, with chance `share`, or None (the seat builds for itself).
    Designs not yet set out for it in this run (`used`: their names) come first: a table with many
    designs shows them all before it shows one again."""
    fitting = [d for d in designs if fits(d, category, budget, floor, party, spots)]
    if not fitting or not stream.chance(share):
        return None
    return stream.choice([d for d in fitting if d.name not in used] or fitting)


def place_traps(pieces: Sequence[DesignTrap], spots: Sequence[Spot], treasure_spots: Sequence[Spot | None],
                stream: Stream) -> tuple[PlacedTrap, ...]:
    """The design's traps on this room's spots (see the module docstring)."""
    trapped: dict[Spot, int] = {}
    held = [s for s in dict.fromkeys(treasure_spots) if s is not None]
    guards = 0
    out = []
    for piece in pieces:
        if piece.trap.guards_treasure and held:
            spot = held[guards % len(held)]
            guards += 1
        else:
            spot = _spot_for(piece, spots, trapped, stream)
        trapped[spot] = trapped.get(spot, 0) + 1
        out.append(PlacedTrap(piece.trap, spot, _kind(piece, spot)))
    return tuple(out)


def _spot_for(piece: DesignTrap, spots: Sequence[Spot], trapped: dict[Spot, int], stream: Stream) -> Spot:
    for wanted in ([s for s in spots if s.action == piece.on and s.host == piece.host],
                   [s for s in spots if s.action == piece.on], list(spots)):
        if wanted:
            least = min(trapped.get(s, 0) for s in wanted)
            return stream.choice([s for s in wanted if trapped.get(s, 0) == least])
    raise ValueError("a room with no spot cannot hold a trap")


def _kind(piece: DesignTrap, spot: Spot) -> str:
    catalogue = tables.traps()
    if piece.kind in catalogue and spot.action in catalogue[piece.kind].sits_on:
        return piece.kind
    same = [k for k in sorted(catalogue) if catalogue[k].type == piece.trap.type
            and spot.action in catalogue[k].sits_on]
    return same[0] if same else spot.host


def lay_treasure(design: SavedDesign, plan: RoomPlan, stream: Stream) -> tuple[PlacedTreasure, ...]:
    """Hidden items go into the spots that can hold them (in turn, from one drawn at random),
    the others lie in the open; with no such spot, everything lies in the open."""
    holders = [s for s in plan.spots if s.holds_treasure]
    start = stream.below(len(holders)) if holders else 0
    out = []
    for i, piece in enumerate(design.treasure or ()):
        where = holders[(start + i) % len(holders)] if piece.hidden and holders else None
        out.append(PlacedTreasure(piece.item, where))
    return tuple(out)
