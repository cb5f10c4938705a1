"""The sidebar beside the map: what it says of a hero must fit its column and still be read."""

from __future__ import annotations

import tcod.console
from screen_games import make_kit, make_session

from game.ui.sidebar import draw_sidebar
from game.world.components import Effect, Effects


def test_a_hold_by_a_titled_monster_names_it_short_and_whole(tmp_path) -> None:
    """At 100x30 the column is 24 wide: "held by Hagra, Bane of Heroes" was cut to "held by Hagra, Bane of"."""
    palette = make_kit(tmp_path).palette
    game = make_session().game
    eid, _ = game.heroes()[0]
    hold = Effect("Hagra, Bane of Heroes", 99, "crushing", 2, 1, False, True, True)
    game.world.comp(eid, Effects).active.append(hold)
    console = tcod.console.Console(100, 30, order="C")
    draw_sidebar(console, game, (75, 0, 25, 30), palette, active=eid, here=None, hide_seed=False, titles={})
    rows = ["".join(chr(c) for c in row[75:]).strip() for row in console.ch]
    assert "held by Hagra" in rows
