"""Meeting monsters: reaction rolls for wary ones, surprise when a room is entered, wandering
monsters while the party lingers, and the checks of the way back to town (A Dungeon Game)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.content import load, require
from game.core.sentences import capitalised, possessive
from game.engine.combat import combat_turn
from game.engine.game import TIME_TRACK
from game.engine.harm import resist
from game.engine.light import light_kind
from game.engine.placement import MONSTER_GLYPH_COLOUR, far_tile
from game.engine.sightings import party_sees, tell_sightings
from game.engine.tactics import monster_turn
from game.engine.trap_play import host_words
from game.rules.costs import monster_cost, monster_hits
from game.rules.party import wandering_budget
from game.world.components import Glyph, HeroState, MonsterState, Named, Position, TrapState

if TYPE_CHECKING:
    from game.engine.game import Game

@dataclass(frozen=True, slots=True)
class Reaction:
    up_to: int
    attitude: str
    peaceful: bool
    points_out_a_trap: bool
    keeps_peace: str = ""  # a peaceful one's line in the log, "{name}" the monster
    unseen: str = ""  # the line when the party cannot see it


REACTIONS = tuple(Reaction(**row) for row in require(load("reactions"), "reactions", list, "reactions.toml"))


def reaction(game: Game, eid: int, cell: tuple[int, int]) -> str:
    """A Dungeon Game's reaction roll (2d6, as written) for a monster its designer marked wary:
    friendly, helpful and uninterested ones keep the peace until struck (a helpful one points
    out a trap of the room); hostile and murderous ones fight."""
    stream = game.streams.get("reactions", game.dungeon.floor_no, cell[0], cell[1])
    roll = stream.die(6) + stream.die(6)
    row = next(r for r in REACTIONS if roll <= r.up_to)
    attitude = row.attitude
    mon = game.world.comp(eid, MonsterState)
    pos = game.position(eid)
    seen = party_sees(game, pos)  # a nod or a glance only where the party can see it
    if row.peaceful:
        mon.peaceful, mon.aware = True, False
        mon.told = seen  # the nod is the party's first sight of it
        game.say((row.keeps_peace if seen else row.unseen).format(name=game.name(eid)), "info")
    if row.points_out_a_trap:
        hidden = [t for t, (trap, _) in game.on_floor(TrapState) if trap.cell == cell and trap.live
                  and not trap.found_by]
        if hidden:
            trap = game.world.comp(hidden[0], TrapState)
            trap.found_by.update(game.party.hero_of.values())
            gesture = "jerks its head at" if seen else "warns the party about"
            game.say(f"It {gesture} the {host_words(game, trap.host)}: something there is not right.", "trap")
    return attitude


def surprise(game: Game, cell: tuple[int, int]) -> None:
    """A Dungeon Game: when neither side knew of the other, each is surprised on 2 in 6 (a d6 as
    written); a party carrying light cannot surprise anyone (it is seen coming). A surprised side
    rolls no dice in the first combat turn: a surprised party takes the monsters' free turn
    unanswered; surprised monsters stand unaware until a hero comes into their notice, and roll
    nothing in their first combat turn."""
    stream = game.streams.get("surprise", game.dungeon.floor_no, cell[0], cell[1])
    monsters_surprised = stream.die(6) <= 2 and not party_carries_light(game)
    party_surprised = stream.die(6) <= 2
    if monsters_surprised and not party_surprised:
        for _, mon in game.monsters_of_room(cell):
            mon.aware, mon.surprised = False, True
        game.say("The party catches the room's occupants unawares!", "combat")
    elif party_surprised and not monsters_surprised:
        tell_sightings(game)  # what the party sees of the room, before it is surprised by it
        hostile = [e for e, m in game.monsters_of_room(cell) if m.hostile]  # a peaceful room strikes nobody
        if hostile:
            game.say(surprise_words(game, hostile), "danger")  # they may reach no one
        monster_turn(game)
        combat_turn(game, surprised_party=True)


def surprise_words(game: Game, hostile: list[int]) -> str:
    """The surprise line names what the party can see at that moment; monsters out of its sight
    (the room is dark or deep, the party still at its edge) are only "something"."""
    seen = [e for e in hostile if (pos := game.position(e)) is not None and party_sees(game, pos)]
    if not seen:
        return "Surprise! Something in the room ahead stirs before the party is ready."
    if len(hostile) == 1:
        return f"Surprise! {capitalised(game.name(seen[0]))} acts before the party is ready."  # not "! a monster"
    return "Surprise! The monsters act before the party is ready."


def party_carries_light(game: Game) -> bool:
    """Lantern or torch burning (with the light dial off, the party is always lit)."""
    return not game.dials.light or light_kind(game) != "none"


def retrace_check(game: Game, cell: tuple[int, int] | None) -> bool:
    """Heading back to town, before each room: every seat's hero makes an annoy roll against
    Floor dice; each seat that fails builds a wandering monster of its hero's Level + Floor."""
    if cell is None or (game.dungeon.floor_no, cell) in game.dungeon.retraced:
        return False
    game.dungeon.retraced.add((game.dungeon.floor_no, cell))
    spawned = False
    for seat in sorted(game.party.hero_of):
        eid = game.party.hero_of[seat]
        hero = game.world.comp(eid, HeroState)
        if hero.hits <= 0:
            continue
        ok = resist(game, eid, "the dark on the way back", -1, game.dungeon.floor_no, "", False).ok
        if not ok:
            spawn_wandering(game, seat, wandering_budget(hero.level, game.dungeon.floor_no), cell)
            spawned = True
    return spawned


def forget_retraced(game: Game) -> None:
    """Out of the dungeon: the next time the party heads back, every room is checked again."""
    game.dungeon.retraced.clear()


def wandering_check(game: Game) -> None:
    """A Dungeon Game: lingering, 1 in 6 that something wanders in. The seat with the highest
    die builds it from Party Min + Floor points."""
    if not game.dials.wandering:
        return
    stream = game.streams.get("wander")
    if stream.die(6) != 1:
        return
    seat = max(game.seats, key=lambda s: (stream.die(game.dials.die), -s.index)).index
    leader = game.heroes()[0][0]
    pos = game.position(leader)
    cell = game.floor.cell_of(pos.x, pos.y)
    if cell is None:
        return
    game.say(f"{TIME_TRACK.linger_rounds} rounds have passed without a fight, and the wandering check's d6 "
             "comes up 1.", "danger")  # no roll is shown for it: the log says why a monster comes
    spawn_wandering(game, seat, game.party_numbers()[0] + game.dungeon.floor_no, cell)


def spawn_wandering(game: Game, seat: int, budget: int, cell: tuple[int, int]) -> None:
    from game.designers.table import designers_for  # start-up: the first frame needs no designer
    from game.designers.wandering import design_wandering  # start-up: the first frame needs no designer

    designer = designers_for(game.seats, "auto")[seat]
    heroes = game.heroes()
    game.dungeon.wandering_count += 1
    stream = game.streams.get("wandering", game.dungeon.floor_no, game.dungeon.wandering_count)
    monster = design_wandering(budget, game.dungeon.floor_no, [game.sheet(e) for e, _ in heroes], designer.personality,
                               stream, items=[i for e, _ in heroes for i in game.items(e)],
                               seriousness=game.dials.seriousness, theme=game.dials.theme,
                               seen_names=game.dungeon.seen_names)
    leader = game.position(heroes[0][0])
    x, y = far_tile(game, cell, (leader.x, leader.y), 0)
    game.world.create(
        MonsterState(monster, monster_cost(monster), monster_hits(monster.level), seat, cell, aware=True,
                     wandering=True),
        Position(x, y, game.dungeon.floor_no), Named(monster.name or "a wanderer"),
        Glyph((monster.name or "w")[0].lower(), MONSTER_GLYPH_COLOUR, 2))
    who, what = game.seats[seat], monster.name or "something"
    if who.human:  # the AI builds a human seat's wanderer too (no builder stops the walk): not the player's choice
        game.say(capitalised(f"{what} comes out of the dark, on {possessive(who.name)} budget (the AI built it)."),
                 "danger")
    else:
        game.say(f"{who.name} sends {what} out of the dark!", "danger")
