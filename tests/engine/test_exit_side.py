"""A hero asks at every step whether it stands on an exit (`routes.exit_side`); the floor's exits
by tile are kept between decisions, so every answer must be the one the exits give afresh: the
side of the first usable exit on that tile."""

from game.agents.autoplay import autoplay
from game.engine.routes import exit_side, usable_exits


def test_the_kept_exit_sides_are_those_of_the_usable_exits_all_along_a_run():
    checked = []

    def compare(game, action):
        if game.phase != "dungeon":
            return
        exits = usable_exits(game)
        tiles = {(x, y) for x, y, _, _ in exits}
        for eid in game.party.hero_of.values():
            pos = game.position(eid)
            if pos is not None and pos.floor == game.dungeon.floor_no:
                tiles.add((pos.x, pos.y))
        for here in sorted(tiles):
            first = next((side for x, y, _, side in exits if (x, y) == here), None)
            assert exit_side(game, *here) == first
        checked.append(bool(exits))

    game, _ = autoplay(3, max_turns=300, on_action=compare)
    game.close()
    assert len(checked) > 100 and any(checked)
