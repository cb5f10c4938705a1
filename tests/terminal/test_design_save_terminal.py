"""The room builder's design save (`w`, issue 18) as the player sees it in a terminal emulator:
every frame through the terminal presenter's writer into pyte, the keys a player presses, the
dialog's words on screen, and the file it says it wrote."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from map_tools import make_kit, play

from game.core.dials import Dials
from game.designers.design_files import read_design
from game.engine.recording import Header
from game.mapgen.plan import Spot
from game.ui.screens.builder_screen import BuilderScreen
from game.ui.session import Session
from game.ui.state import Exit


@dataclass(frozen=True)
class Plan:
    spots: tuple[Spot, ...]


SPOTS = (Spot(3, 4, "open", "door"), Spot(5, 6, "search", "chest", True), Spot(7, 7, "walk", "floor"))


def builder(tmp_path: Path) -> BuilderScreen:
    session = Session(Header(7, "human:Ann,human:Bob,ai", dials=Dials(design="ask")).new_game())
    return BuilderScreen(make_kit(tmp_path), session, Exit("done"), 0, "traps", 12, Plan(SPOTS))


def test_w_in_the_builder_names_and_saves_a_design_on_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    screen = builder(tmp_path)
    _, term = play(screen, ["enter", "w"], (80, 24), screen.kit)  # buy the draft, then w
    text = term.text()
    assert "Save as a design" in text and "Ann's traps" in text
    assert not (tmp_path / "data" / "designs").exists()  # nothing written before Enter
    screen = builder(tmp_path)
    name = ["backspace"] * 40 + ["D", "o", "o", "r", "space", "k", "e", "e", "p", "enter"]
    _, term = play(screen, ["enter", "w", *name], (80, 24), screen.kit)
    text = " ".join(term.text().split())
    assert "Design saved" in text, text
    (saved,) = (tmp_path / "data" / "designs").glob("*.toml")
    assert saved.name == "door-keep.toml" and 'Saved "Door keep" (2 points of traps)' in text
    design = read_design(saved)
    assert design.name == "Door keep" and design.by == "Ann" and len(design.traps) == 1
