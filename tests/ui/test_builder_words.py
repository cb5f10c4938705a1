"""The room builder speaks in the player's words (issue 15, point 7): where a trap sits is a thing
and a place in the room, never "trapped_chest (113,47)"; its lines are elided, never cut."""

from __future__ import annotations

import re
from pathlib import Path

from screen_games import make_kit
from test_builder_screens import at_hallway, step

from game.mapgen.plan import Spot
from game.ui.kit import Kit
from game.ui.screens.builder_screen import BuilderScreen
from game.ui.screens.designer_flow import designer_screen
from game.ui.screens.spot_words import spot_short, spot_words, which_of
from game.ui.state import Exit

COORDS = re.compile(r"\(\d+,\s*\d+\)")



def open_builder(kit: Kit) -> BuilderScreen:
    """The builder of the first human designer at a hot-seat Hallway, through its pick."""
    state = designer_screen(kit, at_hallway(), Exit("x"))
    for _ in range(6):
        state, _ = step(state, "enter")
        if isinstance(state, BuilderScreen):
            return state
    raise AssertionError("the Hallway never opened a builder")

def test_spots_are_named_by_thing_and_place() -> None:
    bounds = (10, 20, 22, 30)
    assert spot_words(Spot(10, 25, "open", "door"), bounds) == "Door in the west wall: open it"
    assert spot_words(Spot(20, 22, "search", "trapped_chest"), bounds) == \
        "Trapped chest in the north-east of the room: search it"
    assert spot_words(Spot(16, 25, "walk", "floor"), bounds) == "Floor in the middle of the room: walk over it"
    assert spot_short(Spot(16, 30, "open", "door"), bounds) == "door, S wall"


def test_the_builder_on_screen_never_shows_coordinates_or_internal_names(tmp_path: Path) -> None:
    state = open_builder(make_kit(tmp_path))
    seen = []
    for name in ("right", "right", "right", "f"):  # look at several spots, then let the AI fill the rest
        state, text = step(state, name)
        seen.append(text)
    for text in seen:
        assert not COORDS.search(text), text
        assert "_" not in text.replace("__", ""), text
    assert any(re.search(r"(wall|of the room): (open|search|walk over|use) it", text) for text in seen), seen[0]


def test_a_wide_terminal_shows_a_small_map_of_the_room_with_the_draft_spot_marked(tmp_path: Path) -> None:
    import tcod.console

    from game.ui.events import key

    kit = make_kit(tmp_path, glyphs="ascii")
    state = designer_screen(kit, at_hallway(), Exit("x"))
    for _ in range(6):
        state = state.on_event(key("enter")) or state
        if isinstance(state, BuilderScreen):
            break
    assert isinstance(state, BuilderScreen)
    console = tcod.console.Console(120, 32, order="C")
    state.on_draw(console)
    rows = ["".join(chr(c) for c in row) for row in console.ch]
    top = next(i for i, row in enumerate(rows) if "The room" in row)
    left = rows[top].index("The room") - 8
    sketch = [row[left:] for row in rows[top:top + 18]]
    assert any("#" in row and "." in row for row in sketch)
    assert "1 is the draft's" in "\n".join(sketch)
    spot = state.spots()[state.draft.spot]
    bounds = state.room_bounds()
    assert bounds is not None
    y = top + 1 + spot.y - bounds[1]
    x = next(x for x in range(left, 120) if rows[y][x] == "1")  # the draft's spot, drawn as its number
    assert tuple(console.bg[y, x]) == kit.palette["selection_bg"]


def test_the_bought_list_says_where_each_trap_sits_at_80_columns(tmp_path: Path) -> None:
    """Two traps on two doors read "1 arrows (door,..." and "2 arrows (door,...": neither which
    door nor a closed bracket. Each purchase now has its spot on the row under its name."""
    state = open_builder(make_kit(tmp_path))
    assert state.category == "traps"
    doors = [i for i, spot in enumerate(state.spots()) if spot.host == "door"]
    assert len(doors) >= 2
    state.draft_spot(doors[0])
    step(state, "enter")
    state.draft_spot(doors[1])
    _, text = step(state, "enter")
    assert len(state.model.items) == 2
    left = [row[:27] for row in text.split("\n")]
    for n, p in enumerate(state.model.items, start=1):
        where = state.where_short(state.spots()[p.spot])
        row = next(i for i, line in enumerate(left) if line.strip().startswith(f"{n} "))
        assert left[row].split()[1] == p.item.type and left[row].rstrip().endswith(str(state.model.cost(p)))
        assert left[row + 1].strip() == where, (left[row + 1], where)
    assert not any("..." in line for line in left), left


def test_a_long_bought_list_scrolls_by_whole_purchases_and_marks_what_is_hidden(tmp_path: Path) -> None:
    state = open_builder(make_kit(tmp_path))
    state.model.budget = 20
    for n in range(8):
        state.draft_spot(n % len(state.spots()))
        step(state, "enter")
    for keys in ([], ["tab", "up", "up", "up"], ["up", "up", "up"]):
        _, text = step(state, *keys)
        left = [row[:28] for row in text.split("\n")]
        top = next(i for i, row in enumerate(left) if "Bought (8)" in row) + 1
        assert left[top].strip()[0].isdigit(), left[top]  # a purchase's own row, never a spot cut from it
        shown = [int(row.split()[0]) for row in left[top:] if row.strip()[:1].isdigit()]
        assert shown == list(range(shown[0], shown[-1] + 1))
        assert (shown[0] > 1) == ("⬆" in left[top]) and (shown[-1] < 8) == any("⬇" in row for row in left)


def about_rows(text: str) -> str:
    """The draft's explanation: the rows above its "Cost" row, right of the bought list."""
    rows = text.split("\n")
    cost = next(i for i, row in enumerate(rows) if row[27:].lstrip().startswith("Cost "))
    return " ".join(row[27:].strip() for row in rows[cost - 2:cost])


def test_what_a_field_means_is_never_a_list_cut_in_its_middle_at_80_columns(tmp_path: Path) -> None:
    """"Trap kinds that fit: dart (arrows), falling... (gas)." paired a trap with the wrong Type;
    a narrow draft now says the same in fewer words, whole."""
    state = open_builder(make_kit(tmp_path))
    assert state.category == "traps"
    for n in range(len(state.spots())):
        state.draft_spot(n)
        suits = {k.type for k in state.kinds_here(n)}
        for field in ("spot", "type"):
            state.row = next(i for i, f in enumerate(state.fields()) if f.key == field)
            _, text = step(state)
            about = about_rows(text)
            assert "..." not in about, about
            if not about.endswith(("that suits it.", "that suits the spot.")):  # the forms that list them
                assert all(t in about for t in suits), (about, suits)
    monsters = builder_screen_for(tmp_path, "monsters")
    _, text = step(monsters)
    assert "..." not in about_rows(text) and "(the Floor)" in about_rows(text)


def builder_screen_for(tmp_path: Path, category: str) -> BuilderScreen:
    from screen_games import make_session
    from test_builder_screens import Plan

    from game.core.dials import Dials

    session = make_session(seed=7, seats="human:Ann,human:Bob,ai", dials=Dials(design="ask"))
    return BuilderScreen(make_kit(tmp_path), session, Exit("done"), 0, category, 12, Plan(()))


def test_a_spot_too_long_for_the_draft_gives_up_words_not_its_place(tmp_path: Path) -> None:
    """At 80 columns the Spot read "Pile of old bones in the north-e..." style: cut before it said
    where, or what springs it. Now it is "Pile of old bones, NE: search it"."""
    state = open_builder(make_kit(tmp_path))
    assert state.category == "traps"
    squeezed = 0
    for n, spot in enumerate(state.spots()):
        state.draft_spot(n)
        state.row = 0
        _, text = step(state)
        row = next(line for line in text.split("\n") if ">Spot" in line)
        shown = row.split(">Spot", 1)[1].strip()
        assert "..." not in shown, shown
        short = state.where_short(spot)  # "pile of old bones, NE"
        assert shown == state.spot_words(spot) or shown.lower().startswith(short.lower()), shown
        squeezed += shown != state.spot_words(spot)
    assert squeezed, "no spot needed its shorter words: the test shows nothing"


def test_the_treasure_sketch_marks_only_the_furniture_an_item_can_lie_in(tmp_path: Path) -> None:
    """The small map numbered every spot, doors too, for an item that can only lie in the open
    or in furniture that holds it: Left/Right on "Lies" never reached those numbers."""
    import tcod.console

    from game.ui.screens.room_sketch import sketch_size

    state = open_builder(make_kit(tmp_path, glyphs="ascii"))
    state.category = state.model.category = "treasure"
    state.draft = state.new_draft()
    holders = state.model.treasure_spots()
    others = [n for n in range(len(state.spots())) if n not in holders]
    assert holders and others
    console = tcod.console.Console(120, 32, order="C")
    state.on_draw(console)
    rows = ["".join(chr(c) for c in row) for row in console.ch]
    sketch_w, sketch_h = sketch_size(state.plan)
    top = next(i for i, row in enumerate(rows) if "The room" in row)
    sketch = "\n".join(row[120 - sketch_w:] for row in rows[top:top + sketch_h])
    assert "Numbers: hiding places" in sketch
    marks = {ch for ch in sketch.split("Numbers")[0] if ch.isdigit()}
    assert marks == {str((n + 1) % 10) for n in holders}, (marks, holders)


def test_spots_that_would_read_the_same_are_told_apart() -> None:
    bounds = (10, 20, 30, 30)
    middle = (Spot(19, 25, "walk", "floor"), Spot(21, 24, "walk", "floor"))
    assert [spot_words(s, bounds) for s in middle] == ["Floor in the middle of the room: walk over it"] * 2
    told = which_of((*middle, Spot(10, 25, "open", "door")), bounds)
    assert told == {middle[0]: ("the western of two", "W one"), middle[1]: ("the eastern of two", "E one")}
    column = tuple(Spot(20, y, "walk", "floor") for y in (26, 24, 25))
    assert [which_of(column, bounds)[s][1] for s in column] == ["3rd from N", "1st from N", "2nd from N"]


def test_every_spot_of_the_room_being_built_reads_differently_on_screen(tmp_path: Path) -> None:
    state = open_builder(make_kit(tmp_path))
    seen = set()
    for _ in state.spots():  # Right walks the Spot field round every spot of the room
        state, text = step(state, "right")
        seen.add(re.search(r">Spot +(\S.*?)(?:  |$)", text, re.M).group(1))
    assert len(seen) == len(state.spots()), seen


def test_the_partys_attack_types_are_said_to_be_the_partys(tmp_path: Path) -> None:
    """The builder's left column said "Attacks: arrows" under the traps just bought ("1 arrows"), as
    if it listed what the room's traps do; it is the Types the heroes attack with."""
    state = open_builder(make_kit(tmp_path))
    _, text = step(state)
    left = " ".join(" ".join(line[:27].split()) for line in text.splitlines()[14:20])  # the Bought column's foot
    attacks = ", ".join(state.party.attack_types)
    assert f"Party attacks with: {attacks}" in left, text


def test_beside_the_sketch_the_bought_list_gives_each_spots_number_not_its_own(tmp_path: Path) -> None:
    """With the small map beside it, the bought list numbered its purchases 1, 2... while the map
    numbered the spots 1, 2...: "1 arrows" read as the trap on spot 1. Beside the map, the row
    under each purchase starts with its spot's number there, and the purchases go unnumbered."""
    import tcod.console

    from game.ui.events import key

    state = open_builder(make_kit(tmp_path, glyphs="ascii"))
    for name in ("right", "enter"):  # the second spot, bought
        state = state.on_event(key(name)) or state
    bought = state.model.items[0]
    assert bought.spot == 1
    console = tcod.console.Console(120, 32, order="C")
    state.on_draw(console)
    rows = ["".join(chr(c) for c in row)[:30].strip() for row in console.ch]
    first = next(i for i, row in enumerate(rows) if row.startswith("Bought (1)")) + 1
    assert rows[first].split()[0] == bought.item.type, rows[first]
    assert rows[first + 1] == f"2: {state.where_short(state.spots()[1])}", rows[first + 1]


def test_the_sketch_names_the_draft_spot_by_the_mark_drawn_for_it(tmp_path: Path) -> None:
    """In a room of ten spots or more the tenth is drawn "0" on the sketch (one cell each), but
    the line under it said "10 is the draft's spot", a number drawn nowhere on it. Past the tenth
    the marks go on in letters: the eleventh was drawn "1", the same as the first."""
    from types import SimpleNamespace

    import tcod.console

    from game.ui.screens.room_sketch import draw_sketch, sketch_size

    kit = make_kit(tmp_path, glyphs="ascii")
    layout = ("#" * 24, "#" + "." * 22 + "#", "#" + "." * 22 + "#", "#" * 24)
    plan = SimpleNamespace(layout=layout, theme="catacombs")
    spots = tuple(Spot(1 + i, 1, "walk", "floor") for i in range(11))
    console = tcod.console.Console(60, 12, order="C")
    width, height = sketch_size(plan)
    draw_sketch(console, kit, plan, spots, (0, 0), 9, (0, 0, width, height))
    rows = ["".join(chr(c) for c in row) for row in console.ch]
    inside = rows[2].index("#") + 1  # the room's first floor tile, where the first spot is
    assert rows[2][inside:inside + 11] == "1234567890a", rows  # one mark a spot, the tenth a 0
    assert tuple(console.bg[2, inside + 9]) == kit.palette["selection_bg"]  # the draft's (the tenth) stands out
    text = "\n".join(rows)
    assert "0 is the draft's spot" in text and "10 is" not in text, text
    draw_sketch(console, kit, plan, spots, (0, 0), 10, (0, 0, width, height))
    text = "\n".join("".join(chr(c) for c in row) for row in console.ch)
    assert "a is the draft's spot" in text, text
