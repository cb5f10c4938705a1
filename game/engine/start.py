"""A new run: the party at the entrance floor with its supplies, its kits and its quest."""

from __future__ import annotations

from game.core.dials import Dials
from game.core.seats import HeroChoice, Seat
from game.engine.game import TIME_TRACK, Game
from game.engine.kits import give_kit
from game.engine.placement import free_tile_near
from game.engine.quests import pick_quest, stakes
from game.engine.rounds import start_round
from game.engine.spawning import spawn_doors
from game.mapgen.floor import Floor
from game.rules.party import entrance_floor
from game.world.components import Position


def start_run(game: Game, heroes: dict[int, HeroChoice]) -> None:
    levels = [game.start_level for s in game.seats if s.has_hero]
    game.dungeon.floor_no = entrance_floor(levels)
    game.dungeon.entrance_floor = game.dungeon.floor_no
    game.dungeon.floors[game.dungeon.floor_no] = Floor.new(game.streams, game.dungeon.floor_no, game.dials.theme)
    game.stats.deepest_floor = game.dungeon.floor_no
    for seat in game.seats:
        if seat.has_hero:
            give_kit(game, game.make_hero(seat.index, game.start_level, heroes.get(seat.index)))
    game.time.torches = TIME_TRACK.start_torches * len(levels)
    game.time.rations = TIME_TRACK.start_rations * len(levels)
    game.time.picks = TIME_TRACK.start_picks * len(levels)
    spawn_doors(game, game.floor.cells[game.floor.entrance].plan)
    x, y = game.floor.start
    for i, (eid, _) in enumerate(game.heroes()):
        px, py = free_tile_near(game, x, y) if i else (x, y)
        game.world.add(eid, Position(px, py, game.dungeon.floor_no))
    game.dungeon.last_party_min = game.party_numbers()[0]
    game.quest = pick_quest(game)
    game.say(f"The party stands at the mouth of the {game.dials.theme}, Floor {game.dungeon.floor_no}.", "hallway")
    if game.quest is not None:
        game.say(f"Quest: {game.quest.name} - {game.quest.text} {stakes(game.quest)}", "hallway")
    start_round(game)


def new_game(seed: int, seats: tuple[Seat, ...], level: int = 2, dials: Dials | None = None,
             heroes: dict[int, HeroChoice] | None = None) -> Game:
    """A new run for the table `seats`, its heroes at `level` (ready-made from the seed unless
    `heroes` gives a seat's own)."""
    game = Game(seed, seats, level, dials or Dials())
    start_run(game, heroes or {})
    return game
