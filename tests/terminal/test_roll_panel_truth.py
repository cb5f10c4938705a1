"""The roll panel tells the truth (issue 15, point 1): every roll of the turn, a won rank that hurt
nobody named as such, pool names whole where the width allows and never cut inside a word."""

from __future__ import annotations

from pathlib import Path

import pytest
from map_tools import make_kit, play

from game.core.seats import parse_seats
from game.engine.combat import FIGHT
from game.engine.game import Game
from game.engine.log import RollRecord
from game.engine.start import new_game
from game.rules.costs import monster_cost, monster_hits
from game.rules.dice import Pool
from game.rules.heroes import max_hits
from game.rules.purchases import Monster
from game.ui.fit import ELLIPSIS, elide
from game.ui.roll_panel import NO_ONE
from game.ui.screens.map_screen import first_screen
from game.ui.session import Session
from game.world.components import Glyph, HeroState, MonsterState, Named, Position

NAME = "Umbrecht the Forsaken"
FLEEING = "flees: no harm"  # the note on a fleeing monster's won ranks


def _monster_two_tiles_away(game: Game, hero: int) -> int:
    pos = game.position(hero)
    for dx, dy in ((2, 0), (-2, 0), (0, 2), (0, -2), (2, 2), (-2, -2), (2, -2), (-2, 2)):
        x, y = pos.x + dx, pos.y + dy
        if game.floor.walkable[y, x] and game.creature_at(x, y) is None:
            spec = Monster(level=2, name=NAME)
            return game.world.create(
                MonsterState(spec, monster_cost(spec), monster_hits(2), 1, game.floor.cell_of(x, y), aware=True),
                Position(x, y, game.dungeon.floor_no), Named(NAME), Glyph("U", (255, 0, 0), 2))
    raise AssertionError("no floor two tiles from the hero")


def _turn_with_a_trap_and_an_idle_melee() -> tuple[Game, int]:
    game = new_game(7, parse_seats("human,ai,ai"), 2)
    hero = game.party.hero_of[0]
    monster = _monster_two_tiles_away(game, hero)
    game.turn = 25
    name = game.name(hero)
    game.record_roll(RollRecord(25, "annoy", "Needle trap", (Pool("obstacle", 1, (5, 2)), Pool(str(hero), 0, (6, 3))),
                                ("Needle trap", name), successes=(True,), narrator=0))
    game.record_roll(RollRecord(25, "pain", FIGHT, (Pool(str(hero), 0, (3, 2)), Pool(str(monster), 2, (6, 5, 1))),
                                (name, NAME), rank_winners=(1, 1, 1), narrator=2, unplaced=(1,)))
    return game, monster


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_every_roll_of_the_turn_shows_and_a_win_on_nobody_says_why(tmp_path: Path, size: tuple[int, int]) -> None:
    game, _ = _turn_with_a_trap_and_an_idle_melee()
    kit = make_kit(tmp_path)
    _, term = play(first_screen(kit, Session(game)), [], size, kit)
    text = term.text()
    assert "Needle trap (annoying, turn 25" in text, text
    assert "Fight (painful, turn 25" in text, text
    row = next(line for line in term.lines if NO_ONE in line)
    shown = row.split()[0:3]
    if size[0] >= 120:
        assert NAME in row, row  # whole where the width allows
    else:
        name_part = row.strip().split("  ")[0]
        assert name_part == NAME or ELLIPSIS in name_part, row
        assert all(word in NAME.split() for word in name_part.replace(ELLIPSIS, " ").split()), shown


def test_a_pool_that_won_with_no_one_left_to_hit_says_so_even_after_a_hero_fell(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Against the engine's own damage, drawn as a player sees it right after each action: a pool
    that won a rank but dealt no damage, in a roll where nobody died (so no target fell at an
    earlier rank), had no one to hit and its row says so. The panel used to guess this from where
    everyone stood and gave up whenever a hero had fallen: a ghoul whose only foe died of its
    spores earlier in the turn had its won dice marked as blows (seed 3, one hero, turn 84)."""
    import tcod.console

    import game.engine.combat as combat
    from game.agents.autoplay import autoplay
    from game.ui.kit import Kit
    from game.ui.roll_panel import draw_record

    monkeypatch.setenv("MASTERLESS_CONFIG_DIR", str(tmp_path))
    kit = Kit.load()
    rolled: list[tuple[tuple, dict]] = []  # type: ignore[type-arg]
    real = combat.apply_damage

    def spy(game: Game, damage: tuple, hits: dict, narrator: int) -> None:  # type: ignore[type-arg]
        rolled.append((damage, hits))
        real(game, damage, hits, narrator)

    monkeypatch.setattr(combat, "apply_damage", spy)
    checked: list[int] = []

    def check(game: Game, action: object) -> None:
        fights = [r for r in game.rolls if r.title == FIGHT and r.turn >= game.turn - 1 and id(r) not in seen]
        seen.update(id(r) for r in fights)
        for record, (damage, hits) in zip(fights, rolled, strict=True):
            if any(left <= 0 for left in hits.values()):
                continue  # someone fell in this roll: a later win may have lost its target
            console = tcod.console.Console(100, 1 + len(record.pools), order="C")
            draw_record(console, game, record, 0, 0, 100, kit.palette, kit.glyphs)
            for i, pool in enumerate(record.pools):
                if i in record.rank_winners and not any(src == pool.owner for src, _ in damage):
                    row = "".join(chr(c) for c in console.ch[1 + i])
                    assert NO_ONE in row or FLEEING in row, (game.seed, game.turn, row)
                    checked.append(game.turn)
        rolled.clear()

    for seed, seats in ((3, "ai+hero,ai,ai"), (5, "ai+hero,ai+hero,ai")):
        seen: set[int] = set()
        autoplay(seed, seats, max_turns=400, on_action=check)[0].close()
    assert checked


def _fight_beside_the_hero(fleeing: bool) -> tuple[Game, int, RollRecord]:
    """The engine's own combat turn with a monster beside the hero (fleeing, or not), in the first
    seed where the monster's pool wins a rank."""
    from game.engine.combat import combat_turn

    for seed in range(1, 40):
        game = new_game(seed, parse_seats("human,ai,ai"), 2)
        hero = game.party.hero_of[0]
        monster = _monster_two_tiles_away(game, hero)
        hpos, mpos = game.position(hero), game.position(monster)
        mpos.x, mpos.y = hpos.x + (mpos.x - hpos.x) // 2, hpos.y + (mpos.y - hpos.y) // 2
        game.world.comp(monster, MonsterState).fleeing = fleeing
        assert combat_turn(game)
        record = game.rolls[-1]
        mine = next(i for i, pool in enumerate(record.pools) if pool.owner == str(monster))
        if mine in record.rank_winners:
            return game, monster, record
    raise AssertionError("the monster won no rank in seeds 1-39")


def test_a_monster_beside_the_hero_has_no_such_note(tmp_path: Path) -> None:
    game, _, record = _fight_beside_the_hero(fleeing=False)
    kit = make_kit(tmp_path)
    _, term = play(first_screen(kit, Session(game)), [], (120, 40), kit)
    assert "Fight (painful" in term.text() and NO_ONE not in term.text() and FLEEING not in term.text()


@pytest.mark.parametrize(("text", "width", "expected"), [
    (NAME, 30, NAME),
    (NAME, 15, "Umbrecht the..."),
    ("The Kobold Crown", 14, "The Kobold..."),
    ("Ancestral Draught of Sting-Warding", 25, "Ancestral Draught of..."),
    ("Fight (painful, turn 25, told by Warde)", 30, "Fight (painful, turn... Warde)"),
])
def test_elide_keeps_whole_words_from_both_ends(text: str, width: int, expected: str) -> None:
    assert elide(text, width) == expected
    assert len(elide(text, width)) <= width


def test_a_title_with_its_own_bracket_gets_one_bracket_and_a_capital() -> None:
    from game.ui.roll_panel import title_of

    game = new_game(7, parse_seats("human,ai,ai"), 2)
    record = RollRecord(3, "annoy", "the door (Locks)", (Pool("obstacle", 1, (5,)),), ("the door",), narrator=0)
    assert title_of(game, record) == f"The door (Locks; annoying, turn 3, told by {game.seats[0].name})"


def test_a_narrow_title_drops_the_narrator_then_the_turn_but_keeps_the_kind() -> None:
    """The kind (annoying: all or nothing; painful: rank by rank) says how to read the dice: it
    went first, and at 80 columns titles read "(turn 124, told by Warden (AI))". The narrator
    goes first now (the title's colour is the narrator's seat's), then the turn."""
    from game.ui.roll_panel import title_of

    game = new_game(7, parse_seats("human,ai,ai"), 2)
    name = game.seats[1].name
    record = RollRecord(39, "annoy", "Xol the Unvanquished's drilling sting", (Pool("obstacle", 1, (5,)),),
                        ("sting",), narrator=1)
    full = title_of(game, record)
    assert full == f"Xol the Unvanquished's drilling sting (annoying, turn 39, told by {name})"
    assert title_of(game, record, len(full)) == full
    assert title_of(game, record, len(full) - 1) == "Xol the Unvanquished's drilling sting (annoying, turn 39)"
    assert title_of(game, record, 50) == "Xol the Unvanquished's drilling sting (annoying)"
    short = title_of(game, record, 40)
    assert short.endswith("drilling sting (annoying)") and len(short) <= 40 and "..." in short


@pytest.mark.parametrize("width", [80, 100])
def test_a_roll_titles_kind_stays_on_screen_at_any_width(tmp_path: Path, width: int) -> None:
    """At 100 columns a title read "(annoying, turn 227, told by ...)" and at 80 "(turn 124, told
    by Warden (AI))": the kind went first. A trap's spring keeps its kind and its turn at 80."""
    game = new_game(7, parse_seats("human,ai,ai"), 2)
    hero = game.party.hero_of[0]
    game.turn = 124
    trap = "Cruel Dart Trap"  # a trap's roll is titled by its name
    game.record_roll(RollRecord(124, "annoy", trap, (Pool("obstacle", 1, (6, 5, 4, 2)), Pool(str(hero), 0, (6, 4))),
                                (trap, game.name(hero)), successes=(True,), narrator=1))
    kit = make_kit(tmp_path)
    _, term = play(first_screen(kit, Session(game)), [], (width, 30 if width > 80 else 24), kit)
    title = next(line for line in term.lines if f"{trap} (" in line)
    assert f"{trap} (annoying, turn 124" in title, title


def test_a_pool_too_long_for_its_row_keeps_its_passes_or_fails_whole(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Nine dice at 60 columns: the row read "... +1  ...s" (the "+N" took the room of the note)."""
    import tcod.console

    from game.ui.kit import Kit
    from game.ui.roll_panel import draw_record

    monkeypatch.setenv("MASTERLESS_CONFIG_DIR", str(tmp_path))
    kit = Kit.load()
    game = new_game(7, parse_seats("human,ai,ai"), 2)
    record = RollRecord(5, "annoy", "the dark on the way back", (Pool("obstacle", 1, (6, 3, 3)),
                        Pool("0", 0, (6, 6, 4, 4, 4, 3, 3, 1, 1))), ("the dark", "Rook Quickfingers"),
                        successes=(True,), narrator=0)
    for width in (40, 50, 60, 70):
        console = tcod.console.Console(width, 3, order="C")
        draw_record(console, game, record, 0, 0, width, kit.palette, kit.glyphs)
        row = "".join(chr(c) for c in console.ch[2]).rstrip()
        assert row.endswith(" passes"), (width, row)
        assert "+" in row or width >= 70, (width, row)


def test_a_hero_who_gets_a_door_open_passes_the_roll_and_the_door_is_not_said_to_hold(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hero's won roll against a door read "Quill Brack 6 6 holds" while the log said the door
    opened: beside a door, "holds" is what the door does. The first won roll against a door in the
    AI's runs is drawn: the hero's row says it passed, and nothing on it says "holds"."""
    import tcod.console

    from game.agents.autoplay import play as play_out
    from game.ui.kit import Kit
    from game.ui.roll_panel import draw_record

    monkeypatch.setenv("MASTERLESS_CONFIG_DIR", str(tmp_path))
    kit = Kit.load()
    for seed in range(1, 20):
        game = new_game(seed, parse_seats("ai+hero,ai,ai"), 2)
        won: list[RollRecord] = []

        def door_won(game: Game, action: object, won: list[RollRecord] = won) -> None:
            for record in game.rolls[-3:]:
                if record.kind == "annoy" and "door" in record.title.lower() and record.successes[:1] == (True,):
                    won.append(record)
                    raise StopIteration

        try:
            play_out(game, 600, on_action=door_won)
        except StopIteration:
            break
    else:
        raise AssertionError("no hero won a roll against a door in seeds 1-19")
    console = tcod.console.Console(70, 1 + len(won[0].pools), order="C")
    draw_record(console, game, won[0], 0, 0, 70, kit.palette, kit.glyphs)
    rows = ["".join(chr(c) for c in line).rstrip() for line in console.ch]
    assert rows[2].endswith(" passes"), rows
    assert not any("holds" in row for row in rows), rows


def test_no_one_in_reach_is_never_said_of_a_pool_that_hurt_someone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Against the engine's own damage: over AI fights, a pool the panel says reached nobody
    dealt no damage in that roll (and the note does show up)."""
    import game.engine.combat as combat
    from game.agents.companion import hero_action
    from game.engine.dispatch import apply_action
    from game.ui.roll_panel import out_of_reach

    dealt: list[tuple[str, str]] = []
    real = combat.apply_damage

    def spy(game: Game, damage: tuple, hits: dict, narrator: int) -> None:  # type: ignore[type-arg]
        dealt.extend((d[0], d[1]) for d in damage)
        real(game, damage, hits, narrator)

    monkeypatch.setattr(combat, "apply_damage", spy)
    flagged = 0
    for seed in (3, 5, 9, 12, 16, 21, 29, 33):
        game = new_game(seed, parse_seats("ai+hero,ai+hero,ai"), 1)
        for _ in range(400):
            seat = game.next_seat()
            if seat is None or game.phase != "dungeon":
                break
            before = len(game.rolls)
            dealt.clear()
            apply_action(game, hero_action(game, seat))
            for record in game.rolls[before:]:
                for i in out_of_reach(record):
                    flagged += 1
                    owner = record.pools[i].owner
                    assert not [d for d in dealt if d[0] == owner], (seed, game.turn, owner)
        game.close()
    assert flagged > 0


def test_a_win_by_a_monster_already_fleeing_says_it_hit_no_one(tmp_path: Path) -> None:
    """A fleeing monster strikes no one (the combat turn gives it no targets), yet its won ranks
    were marked like blows, with no damage in the log to match (seed 42, Tamsk on turn 32)."""
    game, _, _ = _fight_beside_the_hero(fleeing=True)
    hero = game.party.hero_of[0]
    state = game.world.comp(hero, HeroState)
    assert state.hits == max_hits(state.level)  # no blow of the fleeing monster's landed
    kit = make_kit(tmp_path)
    _, term = play(first_screen(kit, Session(game)), [], (80, 24), kit)
    row = next((line for line in term.lines if FLEEING in line), None)
    assert row is not None and row.strip().startswith("Umbrecht"), term.text()


def test_a_monster_that_fled_after_the_roll_gets_no_such_note(tmp_path: Path) -> None:
    """Its morale broke after the fight's roll: its wins did land, though it flees now."""
    game, monster, _ = _fight_beside_the_hero(fleeing=False)
    game.world.comp(monster, MonsterState).fleeing = True
    kit = make_kit(tmp_path)
    _, term = play(first_screen(kit, Session(game)), [], (80, 24), kit)
    assert "Fight (painful" in term.text() and FLEEING not in term.text() and NO_ONE not in term.text()


def test_an_abilitys_roll_keeps_the_abilitys_name_when_its_owners_is_cut(tmp_path: Path) -> None:
    """At 80x24 the title read "Sabbeth the Last Sentinel's... (told by Player 1)": which of its
    rolls it was had gone. The owner's name is cut now, the ability's kept whole."""
    game = new_game(7, parse_seats("human,ai,ai"), 2)
    hero = game.party.hero_of[0]
    game.turn = 77
    spit = "Sabbeth the Last Sentinel's toxic spit"
    pools = (Pool("obstacle", 1, (6, 5, 4, 2, 1)), Pool(str(hero), 0, (6, 4, 3)))
    game.record_roll(RollRecord(77, "annoy", spit, pools, (spit, game.name(hero)), successes=(True,), narrator=0))
    kit = make_kit(tmp_path)
    _, term = play(first_screen(kit, Session(game)), [], (80, 24), kit)
    title = next(line for line in term.lines if "(annoying" in line)
    assert "toxic spit (" in title and title.strip().startswith("Sabbeth"), title


def test_a_name_cut_for_many_dice_keeps_its_first_word(tmp_path: Path) -> None:
    """Ten dice at 80x24 leave a name 16 cells: "Corvin Sootwhistle" read "... Sootwhistle", the
    hero's own name gone, and "Zelk, Bane of Heroes' cleave" read "Zelk,... cleave"."""
    game, monster = _turn_with_a_trap_and_an_idle_melee()
    hero = game.party.hero_of[0]
    tens = (6, 6, 5, 5, 4, 4, 3, 3, 2, 1)
    game.record_roll(RollRecord(25, "pain", FIGHT, (Pool(str(hero), 0, tens), Pool(str(monster), 2, tens)),
                                ("Corvin Sootwhistle", "Zelk, Bane of Heroes' cleave"), rank_winners=(-1,) * 10,
                                narrator=0))
    kit = make_kit(tmp_path)
    _, term = play(first_screen(kit, Session(game)), [], (80, 24), kit)
    names = [line.strip().split("  ")[0] for line in term.lines if " 6 " in line or "6◊" in line]
    assert "Corvin..." in names and "Zelk... cleave" in names, names


def test_a_win_among_the_dice_left_out_for_width_is_marked_on_their_count(tmp_path: Path) -> None:
    """At 80x24 a mage's eleven dice read "6  5  5  4  4  2 +5" with no rank won, while its two
    lowest dice won the last two ranks (the others were out of dice) and the log said it dealt 2
    damage. The count of the dice left out is marked as a win now: "+5◊"."""
    from game.rules.conflicts import painful_conflict

    game, monster = _turn_with_a_trap_and_an_idle_melee()
    hero = game.party.hero_of[0]
    pools = (Pool(str(hero), 0, (6, 5, 5, 4, 4, 2, 2, 2, 2, 1, 1)), Pool(str(monster), 2, (6, 6, 6, 5, 4, 4, 2, 2, 2)))
    result = painful_conflict(pools, {str(hero): [str(monster)], str(monster): [str(hero)]},
                              {str(hero): 20, str(monster): 20})
    owners = [p.owner for p in pools]
    winners = tuple(owners.index(w) if w else -1 for w in result.winners)
    game.record_roll(RollRecord(25, "pain", FIGHT, pools, ("Kell the Unlit", NAME), rank_winners=winners,
                                narrator=0))
    kit = make_kit(tmp_path)
    _, term = play(first_screen(kit, Session(game)), [], (80, 24), kit)
    mark = chr(kit.glyphs.code("rank_winner"))
    for i, start in ((0, " Kell the Unlit"), (1, " Umbrecht")):
        row = next(line for line in term.lines if line.startswith(start) and "+" in line)
        shown = [t for t in row.split("+", 1)[0].replace(chr(kit.glyphs.code("die_thwacko")), " ").split()
                 if t[0].isdigit()]
        more = row.split("+", 1)[1].split()[0]
        assert more.rstrip(mark) == str(len(pools[i].dice) - len(shown)), row
        assert all((t.endswith(mark)) == (winners[r] == i) for r, t in enumerate(shown)), row
        assert more.endswith(mark) == (i in winners[len(shown):]), (row, winners)
    assert 0 in winners[6:] and 0 not in winners[:6]  # the hero's wins were all past the dice a row shows


def test_a_creature_that_fell_in_the_fight_has_its_later_dice_dimmed_and_says_it_fell(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Dread Centipede died at rank 3; its 4 at rank 5 still stood like any die, so rank 5 read
    as a 4-4 tie given to the hero. Through the engine: the fight's record says from which rank
    a fallen creature's dice counted 0; the panel dims them and says it fell."""
    import tcod.console

    from game.engine.combat import fallen_ranks
    from game.rules.conflicts import painful_conflict
    from game.ui.kit import Kit
    from game.ui.roll_panel import draw_record

    pools = (Pool("hero", 0, (6, 6, 5, 2, 4)), Pool("centipede", 1, (5, 5, 4, 4, 4)))
    result = painful_conflict(pools, {"hero": ["centipede"], "centipede": ["hero"]}, {"hero": 9, "centipede": 2})
    assert result.hits["centipede"] == 0  # it fell at rank 2: its dice from rank 3 on count 0
    fell = fallen_ranks(pools, result.values)
    assert fell == ((1, 2),)
    assert result.winners[4] == "hero"  # rank 5: 4 against a 4 that no longer counts
    monkeypatch.setenv("MASTERLESS_CONFIG_DIR", str(tmp_path))
    kit = Kit.load()
    game = new_game(7, parse_seats("human,ai,ai"), 2)
    record = RollRecord(5, "pain", FIGHT, pools, ("Rook", "Dread Centipede"), (0, 0, 0, 0, 0), fell=fell)
    console = tcod.console.Console(60, 3, order="C")
    draw_record(console, game, record, 0, 0, 60, kit.palette, kit.glyphs)
    row = "".join(chr(c) for c in console.ch[2]).rstrip()
    assert row.endswith(" fell"), row
    faces = [i for i, c in enumerate(row) if c.isdigit()]
    dim = tuple(kit.palette["text_dim"])
    assert [tuple(console.fg[2, i]) == dim for i in faces] == [False, False, True, True, True]


def test_a_win_among_ten_or_more_dice_left_out_is_marked_too(tmp_path: Path) -> None:
    """At 80x24 a row read "Fitch Thimble 6 6 5 4 4 4 +10" with no mark though he won four ranks
    among the dice left out: the mark went in only when "+N" was shorter than its three cells."""
    game, monster = _turn_with_a_trap_and_an_idle_melee()
    hero = game.party.hero_of[0]
    dice = (6, 6, 5, 4, 4, 4, 3, 3, 3, 3, 2, 2, 2, 1, 1, 1)
    pools = (Pool(str(hero), 0, dice), Pool(str(monster), 2, (6, 6, 6, 5, 5, 5, 2, 2, 2, 2)))
    winners = (1, 1, 1, 1, 1, 1, 0, 0, 0, 0) + (0,) * 6
    game.record_roll(RollRecord(25, "pain", FIGHT, pools, ("Fitch Thimble", NAME), rank_winners=winners, narrator=0))
    kit = make_kit(tmp_path)
    _, term = play(first_screen(kit, Session(game)), [], (80, 24), kit)
    mark = chr(kit.glyphs.code("rank_winner"))
    row = next(line for line in term.lines if line.startswith(" Fitch Thimble") and "+" in line)
    more = row.split("+", 1)[1].split()[0]
    shown = len(dice) - int(more.rstrip(mark))
    assert more.endswith(mark) and shown <= 6, row
    assert not any(t.endswith(mark) for t in row.split("+", 1)[0].split()[2:]), row
