"""A fight on the roll panel shows everyone in it: one who rolls no dice (held fast, or caught
unready by a surprise) has its row, saying why."""

from __future__ import annotations

import sys
from pathlib import Path

import tcod.console

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from engine_arena import arena, free_neighbour, put_monster  # noqa: E402

from game.engine.combat import combat_turn  # noqa: E402
from game.rules.purchases import Monster  # noqa: E402
from game.ui.kit import Kit  # noqa: E402
from game.ui.roll_panel import draw_record  # noqa: E402
from game.world.components import Effect, Effects  # noqa: E402


def test_a_hero_in_a_fight_who_rolls_no_dice_has_its_row_and_says_why(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """A held hero rolls no dice (DESIGN.md §2), nor does a party caught unready: the fight's
    panel showed the monster's dice alone, winning every rank, and the log said it hit the hero
    with no sign on the panel that the hero was in the fight at all. Its row now says why."""
    monkeypatch.setenv("MASTERLESS_CONFIG_DIR", str(tmp_path))
    kit = Kit.load()
    for surprised, why in ((False, "held"), (True, "caught unready")):
        game, hero = arena(3)
        x, y = free_neighbour(game, hero)
        mon = put_monster(game, x, y, Monster(2, name="Xol"))
        if not surprised:
            game.world.comp(hero, Effects).active.append(
                Effect("Xol's snare", mon, "crushing", 20, 0, False, True, False, holder="Xol"))
        combat_turn(game, surprised_party=surprised)
        record = game.rolls[-1]
        assert record.title == "Fight"
        console = tcod.console.Console(60, 4, order="C")
        draw_record(console, game, record, 0, 0, 60, kit.palette, kit.glyphs)
        rows = ["".join(chr(c) for c in row).rstrip() for row in console.ch]
        hero_row = next(row for row in rows if row.startswith(game.name(hero)))
        assert hero_row.endswith(f"{why}: no dice"), rows
        hit = sum(1 for line in game.log if line.text.startswith(f"Xol hits {game.name(hero)}"))
        assert hit == 1
        game.close()
