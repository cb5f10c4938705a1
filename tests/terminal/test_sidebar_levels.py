"""The sidebar's Level rows as a player sees them at 80x24, where three or four heroes take the
compact sidebar: a Level earned shows there too, as the roomy sidebar's "L3 due" does."""

from __future__ import annotations

from pathlib import Path

from map_tools import make_kit, play

from game.core.seats import parse_seats
from game.engine.start import new_game
from game.rules.party import level_for_xp
from game.ui.screens.map_screen import first_screen
from game.ui.session import Session
from game.world.components import Effect, Effects


def hero_rows(lines: list[str], name: str) -> list[str]:
    """The sidebar's rows under the hero `name`, up to the next hero or the light."""
    start = next(y for y, line in enumerate(lines) if f"@ {name}" in line) + 1
    rows = []
    for line in lines[start:]:
        text = line[55:].strip()
        if not text or text.startswith(("@", ">@", "Light")):
            break
        rows.append(text)
    return rows


def test_four_heroes_at_80x24_show_a_level_due_on_their_level_rows(tmp_path: Path) -> None:
    """With four heroes at 80x24 the compact sidebar showed "L2 rogue  story 0" whatever the XP:
    a player could not see that the next Hallway would raise a hero. The Level row says the
    Level due; a hold keeps its own row (or, squeezed, the Level row's place) as before."""
    kit = make_kit(tmp_path, hallway_after_room=False)
    for seats, held in (("human,human,human,human", 0), ("human,human,human,human", 1),
                        ("human,human,human,human", 2), ("human,ai+hero,ai+hero,ai", 1)):
        game = new_game(9, parse_seats(seats), 2)
        heroes = game.heroes()
        for (_, hero), xp in zip(heroes, (25, 42, 5, 0), strict=False):
            hero.xp = xp
        for eid, _ in heroes[1:1 + held]:
            game.world.comp(eid, Effects).active.append(
                Effect("Hagra, Bane of Heroes' grasping vine", 99, "crushing", 2, 1, False, True, False,
                       holder="Hagra"))
        _, term = play(first_screen(kit, Session(game)), [], (80, 24), kit)
        for index, (eid, hero) in enumerate(heroes):
            rows = hero_rows(term.lines, game.name(eid))
            due = level_for_xp(hero.xp, hero.level)
            if 1 <= index <= held:
                assert "held by Hagra" in " ".join(rows), (seats, held, rows)
            assert any(row.startswith("Hits ") for row in rows), (seats, held, rows)
            squeezed = "held by" in rows[0]  # no row of its own: the hold shares the Level's
            if due == hero.level:
                assert "due" not in rows[0], (seats, held, rows)
            elif squeezed:
                assert f"L{due} due" in rows[0] and rows[0].endswith("held by Hagra"), (seats, held, rows)
            else:
                assert rows[0].startswith(f"L{hero.level} (L{due} due)"), (seats, held, rows)


def test_a_level_due_stays_on_a_level_row_that_a_long_effect_shares(tmp_path: Path) -> None:
    """Squeezed onto the Level's row, a hold and a poison together are wider than the column: the
    row fell back to "L2 held by Hagra; poison from..." and no longer said a Level was due."""
    kit = make_kit(tmp_path, hallway_after_room=False)
    game = new_game(9, parse_seats("human,human,human,human"), 2)
    heroes = game.heroes()
    for eid, hero in heroes[1:3]:
        hero.xp = 25
        game.world.comp(eid, Effects).active += [
            Effect("Hagra, Bane of Heroes' grasping vine", 99, "crushing", 2, 1, False, True, False, holder="Hagra"),
            Effect("Sootwhistle's creeping rot", 98, "disease", 2, 1, False, False, False, holder="Sootwhistle")]
    _, term = play(first_screen(kit, Session(game)), [], (80, 24), kit)
    for eid, _ in heroes[1:3]:
        rows = hero_rows(term.lines, game.name(eid))
        assert rows[0].startswith("L3 due, held by Hagra"), rows
