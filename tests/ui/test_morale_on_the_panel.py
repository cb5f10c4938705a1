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
        die = record.pools[0].dice[0]  # against 10 + Level (A Dungeon Game): 12 for a Level 2 monster
        held = "under 12" if die < 12 else "exactly 12" if die == 12 else "over 12"
        assert said == {"under 12": "holds", "exactly 12": "rallies", "over 12": "flees"}[held]
        # the row says what the title says, and what the d20 was held against (the title's "a d20
        # check" is the first fact cut for width: a bare 20 among d6 faces said nothing)
        assert row.rstrip().endswith(f"{said} (d20 {held})"), (record.title, row)
        assert (said == "flees") == fled
        seen.add(fled)
        game.close()
    assert seen == {True, False}, "60 checks never showed both a stand and a flight"


def out_of_the_party_sight(game, hero: int) -> tuple[int, int]:  # noqa: ANN001
    """A tile of this floor that the party does not see: one beyond the entrance room's walls (the
    floor unfolds as it is entered, so a lurker there stands in rock not yet dug out)."""
    from game.engine.sightings import party_sees
    from game.world.components import Position

    floor_no = game.position(hero).floor
    ys, xs = (~game.floor.walkable).nonzero()
    for x, y in zip(xs.tolist(), ys.tolist(), strict=True):
        if game.creature_at(x, y) is None and not party_sees(game, Position(x, y, floor_no)):
            return x, y
    raise AssertionError("the party sees every tile")


def test_the_panel_names_a_monster_out_of_sight_as_the_log_does(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """A monster the party cannot see checked its morale and the panel named it plainly ("Xol's
    morale: flees", its row "Xol") while the log said "Xol, out of sight, breaks and flees!"."""
    monkeypatch.setenv("MASTERLESS_CONFIG_DIR", str(tmp_path))
    kit = Kit.load()
    seen = set()
    for seed in range(1, 80):
        game, hero = arena(seed)
        mon = put_monster(game, *out_of_the_party_sight(game, hero), Monster(2, name="Xol"))
        before = len(game.log)
        fled = morale_check(game, mon)
        record = game.rolls[-1]
        said = record.title.rsplit(": ", 1)[-1]
        console = tcod.console.Console(60, 4, order="C")
        draw_record(console, game, record, 0, 0, 60, kit.palette, kit.glyphs)
        title, row = ("".join(chr(c) for c in line).rstrip() for line in console.ch[:2])
        assert title.startswith("Xol's morale, out of sight: " + said), title
        assert row.startswith("Xol, out of sight") and f"  {said} (d20 " in row, row
        lines = [line.text for line in game.log[before:]]
        if said != "holds":
            did = "breaks and flees!" if fled else "rallies with a roar!"
            assert lines == [f"Xol, out of sight, {did}"], lines
        seen.add(said)
        game.close()
    assert {"holds", "flees"} <= seen, seen
