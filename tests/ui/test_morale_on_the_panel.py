"""A morale check is a roll that changes a fight, so the roll panel shows it beside the others
(issue 15, point 2): the d20, the monster's name, and whether it holds, rallies or flees (the
row said "stands" under a title that said "holds")."""

from __future__ import annotations

import sys
from pathlib import Path

import tcod.console

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from engine_arena import arena, free_neighbour, put_monster  # noqa: E402

from game.engine.morale import morale_check  # noqa: E402
from game.rules.purchases import Monster  # noqa: E402
from game.ui.kit import Kit  # noqa: E402
from game.ui.roll_panel import draw_record, title_of  # noqa: E402


def test_every_morale_check_is_a_roll_the_panel_draws(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setenv("MASTERLESS_CONFIG_DIR", str(tmp_path))
    kit = Kit.load()
    seen = set()
    for seed in range(1, 60):
        game, hero = arena(seed)
        x, y = free_neighbour(game, hero)
        mon = put_monster(game, x, y, Monster(2, name="Gnoll Scout"))
        before = len(game.rolls)
        fled = morale_check(game, mon)
        record = game.rolls[-1]
        assert len(game.rolls) == before + 1 and record.kind == "check"
        assert record.pools[0].dice[0] in range(1, 21) and record.successes == (not fled,)
        console = tcod.console.Console(60, 4, order="C")
        draw_record(console, game, record, 0, 0, 60, kit.palette, kit.glyphs)
        text = "\n".join("".join(chr(c) for c in row) for row in console.ch)
        assert "Gnoll Scout" in text and "d20 check" in title_of(game, record)
        row = text.splitlines()[1]
        said = record.title.rsplit(": ", 1)[-1]  # holds, rallies or flees
        assert row.rstrip().endswith(said), (record.title, row)  # the row says what the title says
        assert (said == "flees") == fled
        seen.add(fled)
        game.close()
    assert seen == {True, False}, "60 checks never showed both a stand and a flight"
