"""Roll Through the Dungeon's terrain as Fungeon conflicts (data/rttd/terrain.toml): wading a
river, crossing ice or a swamp is an Agility test against Floor + 2 x the feature's tier dice;
digging out boulders a Force test whose dice a d10 per heap sets. Failures cost what the book
says: hit points as a painful conflict, ticks of the time track, a disease, the step."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.content import load, require
from game.core.sentences import capitalised
from game.engine.harm import resist, suffer
from game.engine.light import spend_ticks
from game.mapgen.tables import features
from game.mapgen.tiles import Tile
from game.world.components import Effect, Effects, HeroState

if TYPE_CHECKING:
    from game.engine.game import Game


@dataclass(frozen=True, slots=True)
class TerrainTest:
    feature: str
    label: str
    fail_pain: int
    fail_time: int
    crosses_on_failure: bool
    disease: int = 0


def _tests() -> dict[int, TerrainTest]:
    raw = require(load("rttd/terrain"), "tests", dict, "rttd/terrain.toml")
    return {int(Tile[name.upper()]): TerrainTest(**body) for name, body in sorted(raw.items())}


TESTS = _tests()
BOULDERS = require(load("rttd/terrain"), "boulders", dict, "rttd/terrain.toml")


def tier_of(feature: str) -> int:
    """The tier of a feature's row of table RF (the first row that names it; 2 when none)."""
    return next((r.tier for r in features().rows if r.feature == feature and r.tier), 2)


def terrain_allows(game: Game, eid: int, tile: int) -> bool:
    """A step into river, ice or swamp from outside it: the Agility test. Returns whether the
    hero gets to stand there."""
    test = TESTS.get(tile)
    if test is None:
        return True
    pos = game.position(eid)
    if int(game.floor.tile[pos.y, pos.x]) == tile:
        return True  # already in it: keep going
    dice = game.dungeon.floor_no + 2 * tier_of(test.feature)
    ok, _, teller = resist(game, eid, test.label, -1, dice, "falling", False, action="agility")
    if ok:
        return True
    game.say(f"{game.name(eid)} founders in {test.label}.", "danger", teller)
    if test.fail_time:
        spend_ticks(game, test.fail_time)
    if test.disease:
        fever = f"a fever from {test.label}"
        game.world.comp(eid, Effects).active.append(
            Effect(fever, -1, "poison", 2 * test.disease, test.disease, False, False, True, "terrain"))
        # said as a trap's lasting harm is: else the first word of it was "shakes off a fever"
        game.say(f"{capitalised(fever)} stays with {game.name(eid)}: it strikes again in each Hallway until "
                 f"shaken off.", "danger")
    if test.fail_pain:
        suffer(game, eid, test.label, -1, test.fail_pain, "falling", False, test.label, kind="terrain")
    return test.crosses_on_failure and game.world.comp(eid, HeroState).hits > 0


def dig(game: Game, eid: int, x: int, y: int) -> None:
    """One try at a heap of boulders: Force against Floor + its d10's dice; a failure costs ticks."""
    roll = game.streams.get("boulders", game.dungeon.floor_no, x, y).fork("heap").die(10) - 1
    dice = game.dungeon.floor_no + int(BOULDERS["dig_dice"][roll])
    ok, _, teller = resist(game, eid, "the boulders (Force)", -1, dice, "", False, action="force")
    if ok:
        game.floor.set_tile(x, y, Tile.FLOOR)
        game.say(f"{game.name(eid)} heaves the boulders aside.", narrator=teller)
        return
    game.say(f"{game.name(eid)} strains at the boulders in vain.", narrator=teller)
    spend_ticks(game, int(BOULDERS["fail_time"][roll]))
