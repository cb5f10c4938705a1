"""The room builder at the sizes players use: on a very wide terminal each field's price stays
beside its value and the room's sketch beside the draft; at 80x24 everything still fits.

A real Hallway (a human seat picks Traps, so the room's plan and sketch are the game's), drawn
through the terminal writer into pyte as the player's terminal shows it."""

from __future__ import annotations

from pathlib import Path

import pytest
import tcod.console
from map_tools import make_kit
from pyte_tools import drawn_lines

from game.agents.companion import ai_action
from game.core.dials import Dials
from game.core.seats import parse_seats
from game.engine.dispatch import apply_action
from game.engine.start import new_game
from game.ui.events import key
from game.ui.screens.builder_screen import BuilderScreen
from game.ui.screens.designer_flow import designer_screen
from game.ui.session import Session
from game.ui.state import Exit, State

PRICES = {"Annoy dice": "+1 a pair", "Pain dice": "+1 each", "Guards treasure": "+1", "Unlimited": "x2",
          "Universal": "x2", "Continuous": "x2"}  # each field's label and the price it adds


def _trap_builder(tmp_path: Path) -> BuilderScreen:
    game = new_game(4, parse_seats("human:Ann,ai"), 2, Dials(design="ask"))
    for _ in range(3000):
        if game.hallway.pending is not None and game.hallway.pending.waiting:
            break
        apply_action(game, ai_action(game))
    state: State = designer_screen(make_kit(tmp_path), Session(game), Exit("map"))
    for _ in range(10):
        if isinstance(state, BuilderScreen):
            assert state.category == "traps"
            return state
        state.on_draw(tcod.console.Console(80, 24, order="C"))
        state = state.on_event(key("enter")) or state
    raise AssertionError(f"no builder: {state!r}")


def _field_rows(lines: list[str]) -> dict[str, str]:
    return {label: next(line for line in lines if f" {label}  " in line) for label in PRICES}


def test_at_250_columns_a_fields_price_stands_beside_its_value_and_the_sketch_beside_the_draft(
        tmp_path: Path) -> None:
    state = _trap_builder(tmp_path)
    lines = drawn_lines(state, 250, 60)
    rows = _field_rows(lines)
    for label, row in rows.items():
        start = row.index(label)
        end = row.index(PRICES[label], start) + len(PRICES[label])
        assert end - start <= 72, (label, row)  # label, value and price read as one line
    sketch = next(line for line in lines if "The room" in line)
    draft = next(line for line in lines if "New trap" in line)
    assert sketch.index("The room") - draft.index("New trap") < 90, (draft, sketch)
    words = next(line for line in lines if "Where it sits" in line)
    assert len(words) - words.index("Where it sits") <= 72, words


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
def test_the_builder_still_fits_at_80x24_and_100x30(tmp_path: Path, size: tuple[int, int]) -> None:
    state = _trap_builder(tmp_path)
    lines = drawn_lines(state, *size)
    assert len(lines) == size[1] and max(len(line) for line in lines) <= size[0]
    for label, row in _field_rows(lines).items():
        assert PRICES[label] in row[row.index(label):], (label, row)
    assert "Ann builds the Traps" in lines[0] and any("c confirm" in line for line in lines)
