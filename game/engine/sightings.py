"""The log tells the party a monster is there before it names it acting. The party's own look
(`party_sight.update_sight`) is taken only when a round begins, after the monsters have moved
and fought; a monster a hero's step brought into view would be named shooting that hero before
anything said it was there. So the moment a monster comes into the party's view (after a hero's
action, and after the monsters move) the log says so, once for each monster; one that joins a
fight the party cannot see (a shot from the dark) is said to be there, out of sight. Only lines
are written here: nothing a game plays by is read or changed but the monster's `told` mark."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.sentences import capitalised
from game.engine.party_sight import hero_radius, kept_view
from game.world.components import MonsterState, Position
from game.world.fov import LANTERN_RADIUS, field_of_view

if TYPE_CHECKING:
    from game.engine.game import Game


def party_sees(game: Game, pos: Position, eyes: list[tuple[int, int, int]] | None = None) -> bool:
    """Whether a living hero sees `pos` now, by the light it carries, as the party's next look will;
    `eyes`: the heroes' (x, y, radius) on this floor, when the caller has them (`party_eyes`)."""
    if pos.floor != game.dungeon.floor_no:
        return False  # a monster of another floor: never in sight
    for x, y, radius in party_eyes(game) if eyes is None else eyes:
        if max(abs(x - pos.x), abs(y - pos.y)) > radius:
            continue
        view = kept_view(game, x, y)  # the party's own look from there, when it was taken
        if view is None:  # a hero who has just stepped: cast here, kept nowhere (the look casts it next)
            view = field_of_view(game.floor.transparent, x, y, radius)
        if view[pos.y, pos.x]:
            return True
    return False


def party_eyes(game: Game) -> list[tuple[int, int, int]]:
    """Where each living hero on this floor stands and how far its light lets it see."""
    floor_no = game.dungeon.floor_no
    out = []
    for eid, _ in game.heroes():
        pos = game.world.try_comp(eid, Position)
        if pos is not None and pos.floor == floor_no:
            out.append((pos.x, pos.y, hero_radius(game, pos.x, pos.y)))
    return out


def tell_sightings(game: Game) -> None:
    """Each living monster on the party's floor that comes into view for the first time: a line.
    Asked after every action: nothing is worked out while every monster here has been told of,
    nor each hero's light while none of them stands within the farthest any light reaches."""
    near = None
    eyes = None
    for eid, (mon, pos) in game.on_floor(MonsterState):
        if mon.told or mon.hits <= 0:
            continue
        if near is None:
            near = [(p.x, p.y) for e, _ in game.heroes() if (p := game.world.try_comp(e, Position)) is not None
                    and p.floor == pos.floor]
        if not any(max(abs(x - pos.x), abs(y - pos.y)) <= LANTERN_RADIUS for x, y in near):
            continue
        if eyes is None:
            eyes = party_eyes(game)
        if party_sees(game, pos, eyes):
            mon.told = True
            game.say(comes_into_view(game, eid, mon), "danger" if mon.hostile else "info")


def comes_into_view(game: Game, eid: int, mon: MonsterState) -> str:
    name = capitalised(game.name(eid))
    if mon.fleeing:
        return f"{name} comes into view, fleeing."
    if mon.peaceful:
        return f"{name} comes into view, keeping the peace."
    return f"{name} comes into view."


def tell_unseen_fighter(game: Game, eid: int) -> None:
    """A monster in a fight before the party was told of it: in view now, it comes into view; out
    of it (in the dark, past the light), it is there out of sight."""
    who = told_name(game, eid)
    if who != capitalised(game.name(eid)):  # said out of sight: the line tells the party it is there
        game.say(f"{who} joins the fight.", "danger")


def out_of_sight(game: Game, eid: int) -> bool:
    """Whether the log's next line about this monster names it "out of sight": the party was never
    told of it and does not see it now (what `told_name` says, without telling)."""
    mon = game.world.try_comp(eid, MonsterState)
    if mon is None or mon.told:
        return False
    pos = game.position(eid)
    return pos is None or not party_sees(game, pos)


def told_name(game: Game, eid: int) -> str:
    """The monster's name for a line about to say what it does. Before the party was told of it,
    one in view first comes into view (its own line); one out of sight is named as such, "Xol,
    out of sight," (the line that follows tells the party it is there)."""
    name = capitalised(game.name(eid))
    mon = game.world.try_comp(eid, MonsterState)
    if mon is None or mon.told:
        return name
    unseen = out_of_sight(game, eid)
    mon.told = True
    if unseen:
        return f"{name}, out of sight,"
    game.say(comes_into_view(game, eid, mon), "danger" if mon.hostile else "info")
    return name
