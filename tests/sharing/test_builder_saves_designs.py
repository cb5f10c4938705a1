"""The room builder saves what a human bought as a design file (`w`), which loads back priced and
checked, and which the AI then draws like any other design."""

from __future__ import annotations

from dataclasses import dataclass

import tcod.console

from game.core.dials import Dials
from game.designers.design_files import load_designs, read_design
from game.engine.recording import Header
from game.mapgen.plan import Spot
from game.ui.events import key
from game.ui.kit import Kit
from game.ui.options import Options
from game.ui.screens.builder_screen import BuilderScreen
from game.ui.screens.design_saving import SaveDesignDialog
from game.ui.session import Session
from game.ui.state import Exit, State


@dataclass(frozen=True)
class Plan:
    spots: tuple[Spot, ...]


SPOTS = (Spot(3, 4, "open", "door"), Spot(5, 6, "search", "chest", True), Spot(7, 7, "walk", "floor"))


def press(state: State, *names: str) -> tuple[State, str]:
    console = tcod.console.Console(80, 24, order="C")
    for name in names:
        state = state.on_event(key(name)) or state
    state.on_draw(console)
    return state, "\n".join("".join(chr(c) for c in row).rstrip() for row in console.ch)


def builder(tmp_path, category: str) -> BuilderScreen:
    kit = Kit.from_options(Options(), tmp_path / "options.toml")
    session = Session(Header(7, "human:Ann,human:Bob,ai", dials=Dials(design="ask")).new_game())
    return BuilderScreen(kit, session, Exit("done"), 0, category, 12, Plan(SPOTS))


def test_w_saves_the_bought_traps_as_a_design_file(tmp_path, monkeypatch):
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    screen = builder(tmp_path, "traps")
    state, _ = press(screen, "enter")  # buy the draft: a trap on the door
    assert len(screen.model.items) == 1
    state, text = press(state, "w")
    assert isinstance(state, SaveDesignDialog) and "Save as a design" in text and "Ann's traps" in text
    state, text = press(state, *["backspace"] * 40, "D", "o", "o", "r", "space", "k", "e", "e", "p", "enter")
    assert "Design saved" in text
    saved = list((tmp_path / "data" / "designs").glob("*.toml"))
    assert [p.name for p in saved] == ["door-keep.toml"]
    design = read_design(saved[0])
    assert design.name == "Door keep" and design.by == "Ann"
    assert design.monsters is None and design.treasure is None
    (trap,) = design.traps
    assert (trap.on, trap.host) == ("open", "door") and trap.trap == screen.model.items[0].item
    assert design.cost("traps") == screen.model.spent
    state, _ = press(state, "enter")
    assert state is screen  # back in the builder, the build still to be confirmed


def test_monsters_and_treasure_save_too_and_load_as_a_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    for category in ("monsters", "treasure"):
        screen = builder(tmp_path, category)
        press(screen, "enter", "w", "enter", "enter")
    designs = load_designs(tmp_path / "data" / "designs")
    assert sorted(d.name for d in designs) == ["Ann's monsters, floor 2", "Ann's treasure, floor 2"]
    assert all(d.cost("monsters") + d.cost("treasure") > 0 for d in designs)


def test_nothing_bought_nothing_saved(tmp_path, monkeypatch):
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    state, text = press(builder(tmp_path, "traps"), "w")
    assert isinstance(state, BuilderScreen) and "Buy something first" in text
    assert not (tmp_path / "data" / "designs").exists()


def test_enter_with_no_name_says_a_design_needs_one(tmp_path, monkeypatch):
    """With the name wiped, Enter did nothing at all: no file, no word why."""
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    state, _ = press(builder(tmp_path, "traps"), "enter", "w")
    state, text = press(state, *["backspace"] * 40, "enter")
    assert isinstance(state, SaveDesignDialog) and "A design needs a name." in text
    assert not (tmp_path / "data" / "designs").exists()
    state, text = press(state, "X")
    assert "A design needs a name." not in text


def test_a_file_where_the_designs_folder_goes_is_said_in_plain_words(tmp_path, monkeypatch):
    """It said "Could not save the design: File exists." (the folder could not be made)."""
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "designs").write_text("not a folder")
    state, _ = press(builder(tmp_path, "traps"), "enter", "w")
    state, text = press(state, "enter")
    assert "Could not save the design in" in text and "part of the path is a file, not a" in text


def test_a_pasted_name_goes_into_the_design_as_typing(tmp_path, monkeypatch):
    from game.ui.events import PasteEvent

    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    state, _ = press(builder(tmp_path, "traps"), "enter", "w", "C-u")
    state = state.on_event(PasteEvent("Door\tkeep\n")) or state
    press(state, "enter")
    assert [p.name for p in (tmp_path / "data" / "designs").glob("*.toml")] == ["doorkeep.toml"]


def test_a_link_to_nothing_named_like_the_design_is_not_written_through(tmp_path, monkeypatch):
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    designs = tmp_path / "data" / "designs"
    designs.mkdir(parents=True)
    (designs / "doorkeep.toml").symlink_to(tmp_path / "elsewhere.toml")
    state, _ = press(builder(tmp_path, "traps"), "enter", "w", "C-u", "D", "o", "o", "r", "k", "e", "e", "p")
    press(state, "enter")
    assert not (tmp_path / "elsewhere.toml").exists()
    assert (designs / "doorkeep.toml").is_symlink() and read_design(designs / "doorkeep-2.toml").name == "Doorkeep"


def test_a_second_save_of_one_category_on_one_floor_is_named_apart(tmp_path, monkeypatch):
    """`w` Enter twice in one builder wrote two designs both named "Ann's traps, floor 2", and
    `--designs` then refused the whole folder ("two designs have this name"). The name offered is
    now a free one, "... (2)", said so when saved; a name typed that the folder holds is refused in
    the dialog, and nothing is written."""
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    screen = builder(tmp_path, "traps")
    state, _ = press(screen, "enter", "w", "enter", "enter")
    assert state is screen
    state, text = press(screen, "w")
    assert "Ann's traps, floor 2 (2)" in text
    state, text = press(state, "enter")
    assert "Design saved" in text and 'Saved "Ann\'s traps, floor 2 (2)"' in text
    state, _ = press(state, "enter")
    designs = load_designs(tmp_path / "data" / "designs")
    assert sorted(d.name for d in designs) == ["Ann's traps, floor 2", "Ann's traps, floor 2 (2)"]
    state, text = press(screen, "w", *["backspace"] * 40, *"Door", "enter")
    assert "Design saved" in text
    state, _ = press(state, "enter")
    state, text = press(state, "w", *["backspace"] * 40, *"Door", "enter")
    assert isinstance(state, SaveDesignDialog)
    assert "A design in the folder has this name: give this one another." in text
    assert len(load_designs(tmp_path / "data" / "designs")) == 3
