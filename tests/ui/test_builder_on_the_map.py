"""A hot-seat Hallway from the map, headless: the map screen calls the designer hook, the table
picks and builds through hand-over screens, the party steps into the room, both heroes move in
turn, and a narrating human seat's line reaches the log. A player is imitated by a presenter that
reads the screen and answers it, as the tmux test does in a real terminal."""

from __future__ import annotations

from pathlib import Path

from screen_games import make_kit, make_session

from game.core.dials import Dials
from game.ui.events import CloseEvent, Event, key
from game.ui.loop import run
from game.ui.present.headless import HeadlessPresenter
from game.ui.screens.designer_flow import _after
from game.ui.screens.handover import HandOverScreen
from game.ui.screens.map_screen import first_screen

SEED = 4  # Player 1 wins the roll-off and is asked first


class Table(HeadlessPresenter):
    """Plays the table by what is on screen."""

    def __init__(self) -> None:
        super().__init__(80, 24)
        self.pending: list[str] = []
        self.seen: list[str] = []
        self.banners: list[str] = []
        self.builder_frames: list[str] = []
        self.built_by_hand = False
        self.narrated = 0
        self.turns_after = 0
        self.presses = 0
        self.secret = "Grin Plate"

    def next_event(self, timeout: float | None = None) -> Event | None:
        if timeout is not None:
            return None
        self.presses += 1
        if self.presses > 800:
            return CloseEvent("too long")
        text = self.text()
        top = text.split("\n")[0]
        if top.startswith(" Room builder:"):
            self.builder_frames.append(text)
        if self.pending:
            return key(self.pending.pop(0))
        if "Pass the keyboard to" in text or "Keep the keyboard," in text:
            self.seen.append(text)
            return key("enter")
        if top.startswith(" The Hallway: take a category"):
            self.seen.append(text)
            return key("enter")
        if top.startswith(" Room builder:"):
            self.seen.append(text)
            if "Player 1 builds" in top and not self.built_by_hand:
                # a refusal on the way, a name, "not yet" with points left, then every point spent
                self.built_by_hand = True
                self.pending = ["down", "down", "left", "enter", "right", "r", *self.secret, "enter", "enter", "c",
                                "enter", "c", "Y"]
                return key("up")
            self.pending = ["c", "Y"]
            return key("f")
        if top.startswith(" Narrate"):
            self.seen.append(text)
            self.narrated += 1
            self.pending = [*"The plate clicks", "enter"]
            return key("C-u")
        if top.startswith(" The Hallway"):
            self.seen.append(text)
            return key("escape")
        if "'s turn" in top:
            self.banners.append(top.split("'s turn")[0].strip())
            if self.narrated:
                self.turns_after += 1
                if self.turns_after > 4:
                    return CloseEvent("done")
            if "moves them on their turn" in text:  # held up behind the other player's hero: end the turn
                return key(".")
            return key("x") if not self.built_by_hand or self.presses % 3 else key("s")
        self.seen.append(text)
        return key("escape")


def test_a_hot_seat_hallway_from_the_map(tmp_path: Path) -> None:
    kit = make_kit(tmp_path)
    session = make_session(seed=SEED, seats="human,human,ai", dials=Dials(design="ask"))
    game = session.game
    table = Table()
    run(first_screen(kit, session), table, kit=kit)
    assert game.stats.rooms_entered == 1 and game.hallway.pending is None
    handovers = [t for t in table.seen if "Pass the keyboard to" in t or "Keep the keyboard," in t]
    picks = [t for t in table.seen if t.startswith(" The Hallway: take a category")]
    builders = [t for t in table.seen if t.startswith(" Room builder:")]
    assert picks and all("Player 1 [" in t and "Player 2 [" in t for t in picks)
    assert "Player 1 builds" in builders[0]
    frames = "\n".join(table.builder_frames)
    assert "Refused: a trap needs at least one pair of Annoy dice." in frames
    assert "Not yet: traps: 2 of 4 points left to spend." in frames
    assert "Left 0" in frames and "Every point is spent: c confirms the room." in frames
    assert len(handovers) >= len(picks) + len(builders)  # one before each answer
    # Player 1's key on the map brought the Hallway and Player 1 picks first: the keyboard is theirs
    # already, so the others are asked to look away, not to pass it ("Pass the keyboard to Player 1")
    assert "Keep the keyboard," in handovers[0] and "Player 1 takes a category" in handovers[0]
    assert all("Keep the keyboard," not in t for t in handovers[1:] if "takes a category" in t or " builds the " in t)
    # Player 2 builds last and plays next: the keyboard is theirs already, no hand-over to them
    assert "Player 2 builds" in builders[-1]
    assert not any("your turn on the map" in t and "Player 2" in t for t in handovers)
    for t in builders[1:]:
        assert table.secret not in t  # Player 1's purchases never show to another seat
    assert {"Player 1", "Player 2"} <= set(table.banners)
    narration = [ln for ln in game.log if ln.kind == "narration"]
    assert narration and narration[-1].text.endswith("The plate clicks")
    assert table.secret in {p.trap.name for p in game.hallway.last_design.traps}


def test_after_the_room_the_keyboard_goes_to_the_seat_whose_turn_it_is_unless_it_holds_it(tmp_path: Path) -> None:
    """Once the room is built the map comes back for the seat whose turn it is: a hand-over to it
    when another seat built last, none when it built last itself ("Pass the keyboard to Ann" to
    Ann, who held it)."""
    kit = make_kit(tmp_path)
    session = make_session(seed=SEED, seats="human,human,ai", dials=Dials(design="ask"))
    turn = session.human_seat()
    other = 1 - turn
    back = first_screen(kit, session)
    assert _after(kit, session, back, turn)() is back
    handover = _after(kit, session, back, other)()
    assert isinstance(handover, HandOverScreen) and "your turn on the map" in handover.reason
    assert handover.seat_name == session.game.seats[turn].name
