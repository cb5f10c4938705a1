"""Words never cut off at 80x24 (issue 15, point 8): the quest, a hero's name, a long item name
and the replay viewer's log line lose words from the middle, never a word's end."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from screen_games import give, make_kit, make_session

from game.ui.events import key
from game.ui.fit import ELLIPSIS
from game.ui.present.headless import run_headless
from game.ui.screens.inventory import InventoryScreen
from game.ui.screens.map_screen import first_screen

QUEST = "The Kobold Crown of the Nine Barrows"
ITEM = "Ancestral Draught of Sting-Warding and Quiet Sleep"


def _text(presenter: object) -> str:
    console = presenter.console  # type: ignore[attr-defined]
    return "\n".join("".join(chr(c) for c in row) for row in console.ch)


def _words_whole(shown: str, full: str) -> None:
    """Every word on screen of `full` is one of its words, whole."""
    for part in shown.split(ELLIPSIS):
        for word in part.split():
            assert word in full.split(), (word, shown)


def test_a_long_quest_name_is_elided_at_a_word(tmp_path: Path) -> None:
    session = make_session()
    game = session.game
    assert game.quest is not None
    game.quest = dataclasses.replace(game.quest, name=QUEST)
    kit = make_kit(tmp_path)
    _, presenter = run_headless(first_screen(kit, session), [], kit=kit)
    lines = _text(presenter).splitlines()
    at = next(i for i, line in enumerate(lines) if "Quest " in line)
    assert lines[at].rstrip().endswith("Quest 0/1"), lines[at]  # the name on a row of its own
    shown = lines[at + 1].strip().split("  ")[-1]
    assert ELLIPSIS in shown and shown.startswith("The Kobold"), lines[at + 1]
    _words_whole(shown, QUEST)


def test_a_long_item_name_in_the_pack_keeps_whole_words(tmp_path: Path) -> None:
    session = make_session()
    hero = session.game.party.hero_of[0]
    give(session.game, hero, ITEM, fancy=True)
    kit = make_kit(tmp_path)
    screen = InventoryScreen(kit, session, back=None)
    _, presenter = run_headless(screen, [key("down")], kit=kit)
    lines = [line for line in _text(presenter).splitlines() if "Ancestral" in line]
    assert lines
    for line in lines:
        name = line.strip()[3:] if line.strip()[1] == ")" else line.strip()
        name = name.split("  ")[0]
        _words_whole(name, ITEM)

