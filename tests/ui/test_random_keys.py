"""Any keys, in any order, on every screen (the player's standard: bad input gets one clear line
and loses nothing): seeded random walks through the whole program from the title menu, as a
player mashing keys would go, with the terminal resized now and then (to too small, too). No
key may raise; every frame is drawn; a run left on the way is saved, and `continue` brings it
back as it was left (its recording replays with every check). A failure names the walk's seed
and its last keys, so it can be played again."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from screen_games import give, in_town, make_kit, make_session

from game.core.dials import Dials
from game.ui.app import title_screen
from game.ui.events import CloseEvent, Event, ResizeEvent, key
from game.ui.loop import run
from game.ui.present.headless import HeadlessPresenter
from game.ui.run_files import has_autosave, load_autosave
from game.ui.screens.map_screen import first_screen

NAMED = ["enter", "escape", "tab", "S-tab", "backspace", "delete", "up", "down", "left", "right", "home", "end",
         "pageup", "pagedown", "insert", "f1", "f5", "KP_5", "C-u", "C-z", "C-up", " "]
PRINTABLE = [chr(c) for c in range(33, 127)] + ["é", "ß", "字", "\u200b"]
LEAVING = {"escape", "q", "Q", "S", "?", "f1"}  # keys that close a screen or the run, or open help
SIZES = [(80, 24), (80, 24), (100, 30), (120, 40), (200, 60), (60, 20), (20, 8), (1, 1)]


class Mashing(HeadlessPresenter):
    """A player pressing keys at random, mostly the ones the screen names: the hints in its
    footer ("Enter select  Esc back") and the keys the keymap binds are pressed more often, and the
    keys that leave seldom, so walks go deep into the program rather than out of the first menu."""

    def __init__(self, rng: random.Random, presses: int, bound: list[str]) -> None:
        super().__init__(80, 24)
        self.rng = rng
        self.bound = bound  # every key the keymap binds
        self.left = presses
        self.pressed: list[str] = []

    def next_event(self, timeout: float | None = None) -> Event | None:
        if timeout is not None:
            return None  # an animation plays to its end, as if watched
        self.left -= 1
        if self.left < 0:  # the walk's end: back to a usable size, then out as a player would leave
            if (self.width, self.height) != (80, 24):
                self.width, self.height = 80, 24
                return ResizeEvent(80, 24)
            if self.left < -60:
                return CloseEvent("the walk is over")  # the terminal closed: the run is saved as it is
            return key(self.rng.choice(("escape", "q", "Q", "Y", "n")))
        roll = self.rng.random()
        if roll < 0.03:
            width, height = self.rng.choice(SIZES)
            self.pressed.append(f"<{width}x{height}>")
            self.width, self.height = width, height
            return ResizeEvent(width, height)
        if roll < 0.4:
            chosen = self.rng.choice(self.footer_keys() or NAMED)
        elif roll < 0.7:
            chosen = self.rng.choice(self.bound)
        elif roll < 0.85:
            chosen = self.rng.choice(NAMED)
        else:
            chosen = self.rng.choice(PRINTABLE)
        if chosen in LEAVING and self.rng.random() < 0.8:  # a player leaves a screen (or asks for help)
            chosen = self.rng.choice(self.bound)  # now and then, not at every other key
        self.pressed.append(chosen)
        return key(chosen)

    def footer_keys(self) -> list[str]:
        """The keys the bottom rows name, as the event names them ("Enter" -> "enter")."""
        names = {"Enter": "enter", "Esc": "escape", "Tab": "tab", "Up": "up", "Down": "down", "Left": "left",
                 "Right": "right", "PgUp": "pageup", "PgDn": "pagedown", "Home": "home", "End": "end",
                 "Space": " ", "Backspace": "backspace", "Del": "delete"}
        found = []
        for line in self.lines()[-2:]:
            for word in line.replace("/", " ").split():
                if word in names:
                    found.append(names[word])
                elif len(word) == 1 and word.isprintable():
                    found.append(word)
        return found


def walk(kit, player: Mashing, state, seed: int, number: int) -> None:
    """`state` run on `player`'s keys; a failure names the walk, its last keys and the screen."""
    try:
        run(state, player, kit=kit)
    except Exception as exc:  # the walk that broke, so it can be played again
        raise AssertionError(f"seed {seed}, walk {number}: {exc!r} after {player.pressed[-30:]}\n"
                             f"{player.text()}") from exc
    assert player.frames > 0


def town_with_goods():
    """A party of a human and an AI hero in town, with an item to drink and one to trade."""
    session = in_town(make_session(seats="human,ai+hero,ai"))
    first, second = (eid for eid, _ in session.game.heroes())
    give(session.game, first, "Flask of Mending", fancy=True, heal=3)
    give(session.game, second, "Painted Fan", value=2)
    return session



def bound_keys(kit) -> list[str]:
    """Every key the keymap binds, in a fixed order (the walk's draws depend on it)."""
    return sorted({k for keys in kit.keymap.bindings.values() for k in keys})

@pytest.mark.parametrize("seed", range(1, 9))
def test_random_keys_on_every_screen_raise_nothing_and_lose_nothing(tmp_path: Path, monkeypatch, seed: int) -> None:
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path / "home"))
    kit = make_kit(tmp_path)
    rng = random.Random(seed)
    bound = bound_keys(kit)
    for n in range(3):  # from the title again: the second walk finds the first one's save and scores
        hosts: list = []
        walk(kit, Mashing(rng, 400, bound), title_screen(kit, hosts), seed, n)
        left = [h for h in hosts if not h.replaced and h.session is not None and not h.finished]
        if left:  # the run on screen when the walk ended: saved as it was left
            assert has_autosave(), f"seed {seed}, walk {n}: the run left unfinished was not saved"
            game, _, _ = load_autosave()  # every action replayed and checked
            assert game.state_hash() == left[-1].session.game.state_hash(), f"seed {seed}, walk {n}"
            game.close()


@pytest.mark.parametrize("seed", range(1, 5))
@pytest.mark.parametrize("start", ["town", "hot-seat builder"])
def test_random_keys_in_town_and_at_a_hot_seat_table_raise_nothing(tmp_path: Path, monkeypatch, seed: int,
                                                                    start: str) -> None:
    """Where a walk from the title seldom gets: the town (trading, healing, the workshop, quests)
    and a hot-seat table that builds its rooms by hand (hand-overs, category picks, the builder)."""
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path / "home"))
    kit = make_kit(tmp_path)
    rng = random.Random(seed)
    bound = bound_keys(kit)
    for n in range(2):
        session = (town_with_goods() if start == "town" else
                   make_session(seed=seed, seats="human,human,ai", dials=Dials(design="ask")))
        walk(kit, Mashing(rng, 400, bound), first_screen(kit, session), seed, n)
