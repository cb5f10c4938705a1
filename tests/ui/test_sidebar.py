"""The sidebar beside the map: what it says of a hero must fit its column and still be read."""

from __future__ import annotations

import sys
from pathlib import Path

import tcod.console
from screen_games import make_kit, make_session

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from engine_arena import arena, free_neighbour, put_monster  # noqa: E402

from game.engine.combat import use_ability  # noqa: E402
from game.rules.purchases import Ability, Monster  # noqa: E402
from game.ui.sidebar import draw_sidebar  # noqa: E402
from game.world.components import Effect, Effects, HeroState  # noqa: E402


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


def test_a_hold_whose_name_has_a_comma_names_the_monster_that_holds(tmp_path) -> None:
    """A hold word before a describing word takes a comma ("numbing, choking cloud"): the column
    names the holder, "Rask", where cutting the label at its first comma said "held by Rask's
    numbing"."""
    palette = make_kit(tmp_path).palette
    game, hero = arena()
    x, y = free_neighbour(game, hero)
    cloud = Ability("gas", annoy=40, hold=True, name="numbing, choking cloud")
    mon = put_monster(game, x, y, Monster(9, "gas", (cloud,), name="Rask"))
    for _ in range(40):  # a resister that ties the obstacle's highest die avoids it: try until held
        use_ability(game, mon, cloud, hero)
        if game.world.comp(hero, Effects).held:
            break
    assert game.world.comp(hero, Effects).held
    console = tcod.console.Console(100, 30, order="C")
    draw_sidebar(console, game, (75, 0, 25, 30), palette, active=hero, here=None, hide_seed=False, titles={})
    rows = ["".join(chr(c) for c in row[75:]).strip() for row in console.ch]
    assert "held by Rask" in rows, rows


def test_a_fallen_heros_slayer_is_named_in_whole_words_at_80_columns(tmp_path) -> None:
    """At 80x24 the column is 25 wide: "fallen: Accursed Homunculus" was cut to "fallen: Accursed Homun"."""
    palette = make_kit(tmp_path).palette
    game = make_session(seats="human,human,ai").game
    eid, _ = game.heroes()[1]
    hero = game.world.comp(eid, HeroState)
    hero.hits, hero.cause_of_death = 0, "Accursed Homunculus"
    console = tcod.console.Console(80, 24, order="C")
    draw_sidebar(console, game, (55, 0, 25, 24), palette, active=None, here=None, hide_seed=False, titles={})
    rows = ["".join(chr(c) for c in row[55:]).strip() for row in console.ch]
    fallen = next(r for r in rows if r.startswith("fallen:"))
    assert fallen == "fallen: Accursed..."


def test_xp_for_two_levels_says_the_level_the_hallway_will_give(tmp_path) -> None:
    """A Level 2 hero with 42 XP rises to Level 4 in the next Hallway (40 XP makes Level 4); the
    sidebar said "L3 due"."""
    palette = make_kit(tmp_path).palette
    game = make_session().game
    eid, hero = game.heroes()[0]
    assert hero.level == 2
    hero.xp = 42
    console = tcod.console.Console(80, 24, order="C")
    draw_sidebar(console, game, (55, 0, 25, 24), palette, active=eid, here=None, hide_seed=False, titles={})
    rows = ["".join(chr(c) for c in row[55:]).strip() for row in console.ch]
    assert any(r.startswith("XP 42 L4 due") for r in rows), rows


def test_with_the_light_dial_off_the_sidebar_does_not_warn_of_a_light_that_sets_nothing(tmp_path) -> None:
    """With --dial light=off the party sees 12 tiles whatever burns; once the oil and torches were
    gone the sidebar still warned "Light none!" in the warning colour, and before that counted
    down a lantern that changed nothing. It says the dial is off and how far the party sees."""
    from game.core.dials import Dials
    from game.world.fov import LANTERN_RADIUS

    kit = make_kit(tmp_path)
    game = make_session(dials=Dials(light=False)).game
    game.time.oil = game.time.torch_left = game.time.torches = 0
    console = tcod.console.Console(80, 24, order="C")
    draw_sidebar(console, game, (55, 0, 25, 24), kit.palette, active=None, here=None, hide_seed=False, titles={})
    rows = ["".join(chr(c) for c in row[55:]).strip() for row in console.ch]
    y = next(i for i, r in enumerate(rows) if r.startswith("Light"))
    assert rows[y] == f"Light dial off: sees {LANTERN_RADIUS}"  # 80 columns: the short form
    assert tuple(console.fg[y, 56]) != tuple(kit.palette["warning"])


def test_with_the_light_dial_on_the_sidebar_counts_the_light_and_warns_when_it_is_gone(tmp_path) -> None:
    kit = make_kit(tmp_path)
    game = make_session().game
    game.time.oil = 7
    console = tcod.console.Console(80, 24, order="C")
    draw_sidebar(console, game, (55, 0, 25, 24), kit.palette, active=None, here=None, hide_seed=False, titles={})
    rows = ["".join(chr(c) for c in row[55:]).strip() for row in console.ch]
    assert "Light lantern 7 oil" in rows
    game.time.oil = game.time.torch_left = game.time.torches = 0
    draw_sidebar(console, game, (55, 0, 25, 24), kit.palette, active=None, here=None, hide_seed=False, titles={})
    rows = ["".join(chr(c) for c in row[55:]).strip() for row in console.ch]
    y = rows.index("Light none!")
    assert tuple(console.fg[y, 56]) == tuple(kit.palette["warning"])


def test_a_burning_torch_says_its_rounds_and_how_many_more_torches_there_are(tmp_path) -> None:
    """Once the oil was gone the row read "Light torch 150 +3": the "+3" (torches still to light)
    read like a bonus. It says "+3 more", and of the last torch that it is the last."""
    kit = make_kit(tmp_path)
    game = make_session().game
    game.time.oil, game.time.torch_left, game.time.torches = 0, 150, 3

    def light_row() -> str:
        console = tcod.console.Console(80, 24, order="C")
        draw_sidebar(console, game, (55, 0, 25, 24), kit.palette, active=None, here=None, hide_seed=False, titles={})
        rows = ["".join(chr(c) for c in row[55:]).strip() for row in console.ch]
        return next(r for r in rows if r.startswith("Light"))

    assert light_row() == "Light torch 150 +3 more"
    game.time.torch_left, game.time.torches = 12, 0
    assert light_row() == "Light last torch 12"


def test_a_long_race_and_class_is_not_cut_mid_word_at_80_columns(tmp_path) -> None:
    """At 80x24 a Level 2 troglodyte barbarian read "L2 troglodyte barbaria" in the sidebar (and in
    `watch`): the column is 23 wide. The class, what the hero does, stays; the sheet has the race."""
    palette = make_kit(tmp_path).palette
    game = make_session().game
    eid, hero = game.heroes()[0]
    hero.race, hero.klass = "troglodyte", "barbarian"
    console = tcod.console.Console(80, 24, order="C")
    draw_sidebar(console, game, (55, 0, 25, 24), palette, active=eid, here=None, hide_seed=False, titles={})
    rows = ["".join(chr(c) for c in row[55:]).strip() for row in console.ch]
    assert "L2 barbarian" in rows and not any("barbaria" in r and "barbarian" not in r for r in rows)
    console = tcod.console.Console(120, 40, order="C")  # where the column is wide enough, all of it
    draw_sidebar(console, game, (93, 0, 27, 40), palette, active=eid, here=None, hide_seed=False, titles={})
    rows = ["".join(chr(c) for c in row[93:]).strip() for row in console.ch]
    assert "L2 troglodyte barbarian" in rows


def test_every_hero_of_a_full_table_shows_its_story_points_at_80_columns(tmp_path) -> None:
    """Four heroes at 80x24 take the compact sidebar, where the story points share the Level's row.
    A hero whose race and class were long ("L2 dwarf soldier") lost its story points from the
    screen while the others kept theirs; the race gives way now (the sheet has it), not the points."""
    from game.ui.present.headless import run_headless
    from game.ui.screens.map_screen import first_screen

    kit = make_kit(tmp_path)
    session = make_session(seats="human,human,human,human")
    heroes = session.game.heroes()
    for i, (_, hero) in enumerate(heroes):
        hero.story_points = i + 1
    _, screen = run_headless(first_screen(kit, session), [], size=(80, 24))
    lines = screen.lines()
    for i, (eid, hero) in enumerate(heroes):
        row = next(y for y, line in enumerate(lines) if f"@ {session.game.name(eid)}" in line)
        assert f"L{hero.level} " in lines[row + 1] and lines[row + 1].rstrip().endswith(f"story {i + 1}"), \
            lines[row:row + 3]


def test_a_held_hero_is_said_held_at_80_columns_however_many_heroes(tmp_path) -> None:
    """Three or four heroes at 80x24 take the compact sidebar, which dropped the effects row: a
    hero held fast (it cannot act) or burning showed nothing of it. The effect keeps its row while
    the rows allow, and else takes the place of the race and class beside the Level."""
    from game.ui.present.headless import run_headless
    from game.ui.screens.map_screen import first_screen

    kit = make_kit(tmp_path)
    for seats in ("human,ai+hero,ai+hero,ai", "human,human,human,human"):
        session = make_session(seats=seats)
        game = session.game
        eid, hero = game.heroes()[1]
        hold = Effect("Hagra, Bane of Heroes' grasping vine", 99, "crushing", 2, 1, False, True, False,
                      holder="Hagra")
        game.world.comp(eid, Effects).active.append(hold)
        _, screen = run_headless(first_screen(kit, session), [], size=(80, 24))
        lines = screen.lines()
        row = next(y for y, line in enumerate(lines) if f"@ {game.name(eid)}" in line)
        own = [line[55:].strip() for line in lines[row + 1:row + 4]]
        own = own[:next((i for i, text in enumerate(own) if text.startswith("@")), len(own))]
        assert any(text.endswith("held by Hagra") for text in own), (seats, own)
        assert any(text.startswith("Hits ") and text.endswith(f"{hero.hits}/{5 * hero.level}") for text in own)


def test_a_quest_for_two_creatures_counts_each_one_killed(tmp_path) -> None:
    """The Kobold Cult ("end them both"): with the lord dead the sidebar still read "Quest 0/1",
    as if nothing were done and only one creature were wanted. It reads 1/2 (the quest is still
    not fulfilled: that wants both)."""
    from game.engine.quests import all_quests, fulfilled

    palette = make_kit(tmp_path).palette
    game = make_session().game
    game.quest = next(q for q in all_quests() if q.name == "The Kobold Cult")
    assert game.quest.goal == "kill_named" and len(game.quest.names) == 2 and game.quest.count == 1
    game.stats.kills_by_name[game.quest.names[0]] = 1
    console = tcod.console.Console(100, 30, order="C")
    draw_sidebar(console, game, (75, 0, 25, 30), palette, active=None, here=None, hide_seed=False, titles={})
    rows = ["".join(chr(c) for c in row[75:]).strip() for row in console.ch]
    assert any(row.startswith("Quest") and row.endswith(" 1/2") for row in rows), rows
    assert not fulfilled(game)
