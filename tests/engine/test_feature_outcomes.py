"""Roll Through the Dungeon's feature outcomes, worked through the engine, once per feature."""

from game.agents.autoplay import play
from game.core.dials import Dials
from game.core.seats import parse_seats
from game.engine import actions as A
from game.engine.dispatch import apply_action
from game.engine.harm import Resisted
from game.engine.start import new_game
from game.mapgen.tables import feature_specs, features
from game.mapgen.tiles import BY_NAME

WITH_OUTCOMES = {r.feature for r in features().rows if r.outcomes}


def worked_feature(seed: int):
    """A game whose party stands beside a furniture feature that has table RF outcomes."""
    game = new_game(seed, parse_seats("ai+hero,ai"), 2, Dials(surprise=False))
    play(game, 60)
    specs = feature_specs()
    for _, record in sorted(game.floor.cells.items()):
        if not record.mapped or game.phase != "dungeon":
            continue
        for f in record.plan.features:
            if f.name in WITH_OUTCOMES and f.kind == "furniture" and specs[f.name].tile:
                return game, f
    return game, None


def test_a_feature_gives_its_outcome_once():
    for seed in range(1, 40):
        game, feature = worked_feature(seed)
        if feature is None:
            continue
        hero = game.party.hero_of[game.next_seat()]
        pos = game.position(hero)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)):
            if game.floor.walkable[feature.y + dy, feature.x + dx]:
                pos.x, pos.y = feature.x + dx, feature.y + dy
                break
        tile = BY_NAME[feature_specs()[feature.name].tile]
        assert int(game.floor.tile[feature.y, feature.x]) == tile
        before = (game.dungeon.keys, game.dungeon.levers, len(game.rolls))
        seat = game.next_seat()
        apply_action(game, A.Interact(seat, feature.x, feature.y))
        worked = [k for k in game.dungeon.used_features if k[2] == feature.name]
        assert worked, f"seed {seed}: {feature.name} not worked"
        after = (game.dungeon.keys, game.dungeon.levers, len(game.rolls))
        if game.phase != "dungeon" or game.next_seat() is None:
            return
        seat = game.next_seat()
        pos = game.position(game.party.hero_of[seat])
        if max(abs(pos.x - feature.x), abs(pos.y - feature.y)) <= 1:
            apply_action(game, A.Interact(seat, feature.x, feature.y))
            assert (game.dungeon.keys, game.dungeon.levers) == after[:2]  # no second key or lever from it
        assert after[0] >= before[0] and after[1] >= before[1]
        return
    raise AssertionError("no seed of 1-39 had a furniture feature with outcomes in reach")


def beside_debris():
    """Seed 3's catacombs, its first hero moved beside the first pile of old bones: (game, x, y) of the pile."""
    import numpy as np

    from game.mapgen.tiles import Tile

    game = new_game(3, parse_seats("human,ai,ai"), 2, Dials(theme="catacombs"))
    ys, xs = np.nonzero(game.floor.tile == int(Tile.DEBRIS))
    x, y = int(xs[0]), int(ys[0])
    pos = game.position(game.party.hero_of[0])
    pos.x, pos.y = next((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                        if game.floor.walkable[y + dy, x + dx] and game.creature_at(x + dx, y + dy) is None)
    return game, x, y


def test_working_furniture_is_told_in_the_themes_words():
    """The log named the tile ("searches the debris") where the look text and a found trap's host
    named the theme's pile ("a pile of old bones"): the same words everywhere."""
    from game.engine.trap_play import host_words

    game, x, y = beside_debris()
    start = len(game.log)
    apply_action(game, A.Interact(0, x, y))
    said = " ".join(line.text for line in game.log[start:])
    assert host_words(game, "debris") == "pile of old bones"
    assert "the pile of old bones" in said and "debris" not in said, said


def test_a_trap_set_to_go_off_the_other_way_names_what_was_disturbed():
    """A searched pile can hold a trap set for working it (and a lever one set for searching):
    the log said "Pim disturbs it and sets off ...", an "it" with nothing before it."""
    from engine_arena import put_trap

    from game.rules.purchases import Trap

    game, x, y = beside_debris()
    put_trap(game, x, y, Trap("fire", name="Hidden Wick"), action="use", host="debris")
    start = len(game.log)
    apply_action(game, A.Interact(0, x, y))
    said = [line.text for line in game.log[start:]]
    assert f"{game.name(game.party.hero_of[0])} disturbs the pile of old bones and sets off Hidden Wick!" in said, said


def test_what_working_a_feature_brings_is_told_in_the_themes_words(monkeypatch):
    """In the forest a grate is a badger sett: the search said "searches the badger sett" and
    the outcome of the same search "cannot get anything more out of the grate"."""
    import dataclasses

    from game.engine import features as feature_play
    from game.mapgen.plan import Feature
    from game.mapgen.tiles import Tile

    game = new_game(3, parse_seats("human,ai,ai"), 2, Dials(theme="forest"))
    hero = game.party.hero_of[0]
    pos = game.position(hero)
    x, y = next((pos.x + dx, pos.y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                if int(game.floor.tile[pos.y + dy, pos.x + dx]) == int(Tile.FLOOR)
                and game.creature_at(pos.x + dx, pos.y + dy) is None)
    game.floor.set_tile(x, y, Tile.GRATE)
    record = game.floor.cells[game.floor.cell_of(x, y)]
    grate = Feature("grate", "furniture", x, y)
    record.plan = dataclasses.replace(record.plan, features=(*record.plan.features, grate))
    monkeypatch.setattr(feature_play, "resist", lambda *a, **k: Resisted(False, 0, -1))  # the Force test fails
    start = len(game.log)
    apply_action(game, A.Interact(0, x, y))
    said = " ".join(line.text for line in game.log[start:])
    assert "the badger sett" in said and "grate" not in said, said
    assert "fails the Force test at the badger sett: whatever else it hides stays shut." in said, said  # what was tried
