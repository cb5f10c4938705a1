"""Hot-seat in a real terminal (tmux, 80x24): `python main.py play --seed 4 --seats human,human,ai
--dial design=ask` played through its first Hallway.

Both heroes move in turn (the banner names the seat), the party reaches a new room and the table
takes over: hand-over screens hide the map, the category pick shows every seat's die, Player 1
takes the Traps and builds them by hand in the room builder (a rule refusal on the way, "not yet"
with points left, then the whole budget spent), Player 2 builds its category with "fill the rest",
a hand-over hides the builder, the Hallway screen shows the roll-off, and back on the map the heroes
move in turn again until a human seat's Thwack-O die wins a roll and its typed narration line
shows in the log. Then save and quit."""

from __future__ import annotations

import time
from pathlib import Path

from tmux_helpers import TmuxPane, python_command, requires_tmux

SEED = "4"  # Player 1 wins the roll-off and takes the Traps first
LINE = "The plate clicks under a boot"


def top(pane: TmuxPane) -> str:
    return pane.lines[0]


def press(pane: TmuxPane, *keys: str, expect: str | None = None, timeout: float = 8.0) -> str:
    """Send `keys`; wait for `expect` on screen (or for the screen to change); the screen after."""
    before = pane.capture()
    pane.send_keys(*keys)
    if expect is not None:
        assert pane.wait_for(expect, timeout), f"{expect!r} never showed after {keys}:\n{pane.capture()}"
        return pane.capture()
    end = time.monotonic() + timeout
    while time.monotonic() < end and pane.capture() == before:
        time.sleep(0.03)
    time.sleep(0.05)
    return pane.capture()


@requires_tmux
def test_a_hot_seat_hallway_in_tmux(tmp_path: Path) -> None:
    env = {"MASTERLESS_HOME": str(tmp_path / "home"), "MASTERLESS_CONFIG_DIR": str(tmp_path / "config")}
    shots: dict[str, str] = {}
    banners_before: set[str] = set()
    banners_after: set[str] = set()
    with TmuxPane(width=80, height=24, env=env) as pane:
        pane.run(python_command("main.py", "play", "--seed", SEED, "--seats", "human,human,ai",
                                "--dial", "design=ask") + "; echo AFTER-PLAY-$?")
        assert pane.wait_for("'s turn", 20), pane.capture()

        # 1. both heroes move in turn until the party steps towards an unmapped room
        for _ in range(80):
            screen = pane.capture()
            if any(words in screen for words in ("Pass the keyboard to", "Keep the keyboard,",
                                                 "The Hallway: take a category")):
                break
            banners_before.add(top(pane).split("'s turn")[0].strip())
            # held up behind the other player's hero, a player ends the turn as the words say
            press(pane, "." if "moves them on their turn" in screen else "x")
            end = time.monotonic() + 10  # the whole party walks on one key: let the walk end by itself
            while "any key stops" in pane.capture() and time.monotonic() < end:
                time.sleep(0.05)
        else:
            raise AssertionError(f"the party never reached a new room:\n{pane.capture()}")
        assert {"Player 1", "Player 2"} <= banners_before, banners_before

        # 2. the table: hand-overs, the category picks, the builders, until the map is back
        built_by_hand = False
        filled = False
        for _ in range(40):
            screen = pane.capture()
            first = top(pane)
            if "Pass the keyboard to" in screen or "Keep the keyboard," in screen:
                shots.setdefault("handover", screen)
                assert "Turn " not in screen and "Seed " not in screen and "@" not in screen  # the map is hidden
                if "your turn on the map" in screen:
                    shots["handover after"] = screen
                press(pane, "Enter")
            elif first.startswith(" The Hallway: take a category"):
                shots.setdefault("pick", screen)
                for seat in ("Player 1 [", "Player 2 [", "Warden (AI) ["):
                    assert seat in screen, screen  # every seat's die
                if "Player 1, your pick" in screen:
                    assert "Traps" in screen and "Party Max + Floor" in screen
                    shots["seat 1 picks"] = screen
                press(pane, "Enter")
            elif first.startswith(" Room builder: Player 1 builds the Traps") and not built_by_hand:
                built_by_hand = True
                shots["builder"] = screen
                assert "Budget 4 (Party Max + Floor)" in screen and "Left 4" in screen
                press(pane, "Down")
                press(pane, "Down")
                shots["illegal draft"] = press(pane, "Left", expect="Breaks a rule")
                shots["refusal"] = press(pane, "Enter",
                                         expect="Refused: a trap needs at least one pair of Annoy dice.")
                press(pane, "Right", expect="Legal: Enter buys it")
                press(pane, "Enter", expect="Left 2")
                shots["not yet"] = press(pane, "c", expect="Not yet: traps: 2 of 4 points left to spend.")
                shots["spent"] = press(pane, "Enter", expect="Left 0")
                press(pane, "c", expect="Confirm the room")
                press(pane, "Y", expect="Pass the keyboard to")
            elif first.startswith(" Room builder:"):
                shots["other builder"] = screen
                assert "Player 2 builds" in first
                press(pane, "f", expect="All spent")
                filled = True
                press(pane, "c", expect="Confirm the room")
                press(pane, "Y", expect="Category roll-off")  # Player 2 plays next: no hand-over to them
            elif first.startswith(" The Hallway"):
                shots["hallway"] = screen
                press(pane, "Escape", expect="'s turn")
                break
            else:
                raise AssertionError(f"an unexpected screen in the Hallway:\n{screen}")
        assert built_by_hand and filled and "hallway" in shots, list(shots)
        assert "handover after" not in shots  # the last to build plays next: the keyboard is theirs
        assert "Category roll-off" in shots["hallway"] and "Player 1 takes Traps" in shots["hallway"]

        # 3. into the room: the heroes move in turn until a human narrator writes a line
        narrated = False
        deadline = time.monotonic() + 120  # never hang CI: fail with the screen instead
        for n in range(120):
            if time.monotonic() > deadline:
                break
            first = top(pane)
            if first.startswith(" Narrate"):
                shots["narrate"] = pane.capture()
                pane.send_text(LINE)
                assert pane.wait_for(LINE), pane.capture()
                press(pane, "Enter", expect="'s turn")
                narrated = True
                break
            if "'s turn" in first:
                banners_after.add(first.split("'s turn")[0].strip())
                press(pane, "x" if n % 3 else "s")
            elif "Thwack-O die won a roll" in pane.capture():  # the narrator takes the keyboard
                shots["narrator handover"] = pane.capture()
                press(pane, "Enter", expect="Narrate")
            else:
                press(pane, "Escape")
        assert narrated, pane.capture()
        shots["log"] = pane.capture()
        assert f": {LINE}" in shots["log"]  # the line in the log, under the narrating seat's name
        for _ in range(4):
            if "Thwack-O die won a roll" in pane.capture():
                press(pane, "Escape", expect="'s turn")  # the other seat may skip its line
            if top(pane).startswith(" Narrate"):
                press(pane, "Escape", expect="'s turn")
            banners_after.add(top(pane).split("'s turn")[0].strip())
            press(pane, "s")
        if "Thwack-O die won a roll" in pane.capture() or top(pane).startswith(" Narrate"):
            press(pane, "Escape", expect="'s turn")
        assert {"Player 1", "Player 2"} <= banners_after, banners_after
        narrator_screen = shots["narrator handover"]  # never straight into a text box
        assert "Pass the keyboard to" in narrator_screen or "Keep the keyboard," in narrator_screen

        # 4. save and quit: the shell is back
        press(pane, "S", expect="Save and quit")
        press(pane, "s", expect="AFTER-PLAY-0")
    assert "Player 1 builds the Traps" in shots["builder"]
    assert "Cost (1 Annoy pair + 1 Pain) = 2" in shots["builder"]
    assert "Player 1 takes a category" in shots["handover"]
