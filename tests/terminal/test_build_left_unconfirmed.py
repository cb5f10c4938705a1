"""A hot-seat player who leaves the room builder before confirming (Ctrl-C) finds the same
purchases there after `python main.py continue`; a kept draft that no longer fits (another
version, a damaged file) is dropped with one line saying so, and the builder starts empty."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from map_tools import make_kit, play, play_until
from pty_tools import PtyApp, python_argv

from game.core.dials import Dials
from game.ui.app import AppHost, start_state
from game.ui.events import key
from game.ui.screens.builder_screen import BuilderScreen
from game.ui.screens.designer_flow import waiting_human

SEATS = "human:Ann,human:Bo,ai"


def ann_in_the_builder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[BuilderScreen, AppHost]:
    """A saved hot-seat run (seed 4: Ann takes the Traps first) played in-process up to Ann's
    room builder, nothing bought yet."""
    home = {"MASTERLESS_HOME": str(tmp_path / "home"), "MASTERLESS_CONFIG_DIR": str(tmp_path / "config")}
    for name, value in home.items():
        monkeypatch.setenv(name, value)
    kit = make_kit(tmp_path)
    _, host = start_state(kit, seed=4, seats=SEATS, dials=Dials(design="ask"))
    state = play_until(kit, host.session, lambda session, state: waiting_human(session.game) is not None)
    for _ in range(6):
        if isinstance(state, BuilderScreen):
            break
        state = state.on_event(key("enter")) or state
    assert isinstance(state, BuilderScreen) and state.seat == 0 and state.category == "traps", state
    assert (state.model.spent, state.model.left) == (0, 4)
    return state, host


def leave_in_the_builder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Ann, in her room builder (`ann_in_the_builder`), buys one trap and the game stops there,
    unconfirmed, as a closed terminal stops it; the environment `continue` needs to find that run."""
    state, host = ann_in_the_builder(tmp_path, monkeypatch)
    home = {"MASTERLESS_HOME": str(tmp_path / "home"), "MASTERLESS_CONFIG_DIR": str(tmp_path / "config")}
    state.on_event(key("enter"))  # buys the draft: an arrows trap of 2 points
    assert state.message == "Bought: arrows trap (2). 2 points left.", state.message
    host.session.game.close()
    return home


def open_builder(app: PtyApp) -> str:
    """Past the hand-over to Ann's room builder; its screen."""
    for _ in range(4):
        if app.lines[0].startswith(" Room builder: Ann"):
            return app.text()
        if "Pass the keyboard to" in app.text():
            app.send("\r")
        app.wait_for("Room builder: Ann", 5)
    raise AssertionError(f"Ann's room builder never came up:\n{app.text()}")


def continued(home: dict[str, str]) -> PtyApp:
    return PtyApp(python_argv("main.py", "continue"), 80, 24, env=home)


def test_purchases_left_unconfirmed_are_back_after_continue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    home = leave_in_the_builder(tmp_path, monkeypatch)
    with continued(home) as again:
        assert again.wait_for("Pass the keyboard to", 20), again.text()  # Ann's, as when she left
        screen = open_builder(again)
        assert "Spent 2  Left 2" in screen and "1 arrows" in screen, screen
        assert "Back as you left them: 1 purchase, 2 points left." in screen, screen
        again.send("\r")  # a second trap, and Ctrl-C before confirming
        assert again.wait_for("Bought: arrows trap (2). 0 points left."), again.text()
        assert again.leave() == 0
    with continued(home) as again:
        screen = open_builder(again)
        assert "Spent 4  Left 0" in screen and "2 arrows" in screen, screen
        assert "Back as you left them: 2 purchases, 0 points left." in screen, screen
        assert again.leave() == 0

    kept = Path(home["MASTERLESS_HOME"]) / "data" / "autosave.draft.json"
    data = json.loads(kept.read_text())
    kept.write_text(json.dumps({**data, "version": "0.0.1"}))  # as if an older Masterless had left it
    with continued(home) as again:
        assert again.wait_for("dropped", 20), again.text()
        said = " ".join(again.text().split())
        assert "The room purchases left unconfirmed when the run was last left are dropped: they were saved " \
               "by Masterless 0.0.1" in said, said
        again.send("\r")
        screen = open_builder(again)
        assert "Spent 0  Left 4" in screen and "nothing yet" in screen, screen
        again.send("\r")
        assert again.wait_for("Bought: arrows trap (2)."), again.text()
        assert again.leave() == 0

    kept.write_bytes(b'{"draft": 1, "items": [[')  # cut off mid-write
    with continued(home) as again:
        assert again.wait_for("dropped", 20), again.text()
        assert "their file is damaged" in " ".join(again.text().split()), again.text()
        again.send("\r")
        assert "Spent 0  Left 4" in open_builder(again)
        assert again.leave() == 0
    assert not kept.exists()  # nothing bought since: nothing kept


def test_the_builders_help_says_how_to_leave_and_what_is_kept(tmp_path: Path) -> None:
    from test_design_save_terminal import builder

    screen = builder(tmp_path)
    seen = []
    for pages in range(6):
        _, term = play(screen, ["?", *["pagedown"] * pages], (80, 24), screen.kit)
        seen.append(" ".join(" ".join(term.lines[2:-2]).split()))
    said = " ".join(seen)
    assert "Ctrl-C: save the run and leave; nothing is built until c confirms it, and `python main.py " \
           "continue` brings you back here with what you had bought." in said, said


def test_a_kept_draft_never_puts_control_characters_on_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The version a draft file names is quoted in the line that drops it: a file with escape
    codes in it (damaged, or written by hand) cleared the screen instead."""
    from game.core.seats import parse_seats
    from game.engine.build_drafts import draft_path, take_draft
    from game.engine.start import new_game

    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path / "home"))
    draft_path().parent.mkdir(parents=True)
    draft_path().write_text(json.dumps({"draft": 1, "version": "9\x1b[2J", "items": []}))
    kept, dropped = take_draft(new_game(4, parse_seats(SEATS), 2))
    assert kept is None and dropped is not None and dropped.isprintable(), dropped
    assert "saved by Masterless 9\\x1b[2J" in dropped and not draft_path().exists()


def test_purchases_that_cannot_be_kept_on_disk_are_said_to_be_lost_on_leaving(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With no room for the draft file (a full or read-only folder; here a folder in its place),
    the builder carried on as if the purchases were kept for `continue`, and a player who left
    lost them unwarned. It says so once, where its messages go, and the build goes on."""
    from game.engine.build_drafts import draft_path

    state, host = ann_in_the_builder(tmp_path, monkeypatch)
    draft_path().mkdir(parents=True)  # the draft cannot be written where it goes
    _, term = play(state, ["enter"], (80, 24), state.kit)
    said = " ".join(term.text().split())
    assert "Bought: arrows trap (2). 2 points left." in said, said
    assert "These purchases cannot be kept on disk: if you leave before c confirms, they are lost." in said, said
    _, term = play(state, ["enter"], (80, 24), state.kit)  # once said is enough
    said = " ".join(term.text().split())
    assert "Bought: arrows trap (2). 0 points left." in said and "cannot be kept" not in said, said
    _, term = play(state, ["c", "Y"], (80, 24), state.kit)  # the build goes on to be confirmed
    assert host.session.game.hallway.pending is None or waiting_human(host.session.game) != 0, term.text()
    assert not any(line.startswith(" Room builder: Ann") for line in term.lines), term.text()
    host.session.game.close()


def test_a_draft_that_could_not_be_rewritten_does_not_come_back_as_all_there_was(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ann's first trap was kept; the disk filled up before her second: after `continue` the
    builder said "Back as you left them: 1 purchase", which was not how she left them. The older
    draft goes when a newer one cannot be written, and she finds the builder as the warning said."""
    import errno

    import game.engine.build_drafts as build_drafts

    state, host = ann_in_the_builder(tmp_path, monkeypatch)
    home = {"MASTERLESS_HOME": str(tmp_path / "home"), "MASTERLESS_CONFIG_DIR": str(tmp_path / "config")}
    state.on_event(key("enter"))
    assert build_drafts.draft_path().exists()

    def disk_full(*_: object, **__: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(build_drafts, "atomic_write", disk_full)
    state.on_event(key("enter"))
    assert state.message.startswith("These purchases cannot be kept on disk"), state.message
    host.session.game.close()
    with continued(home) as again:
        screen = open_builder(again)
        assert "Spent 0  Left 4" in screen and "Back as you left them" not in screen, screen
        assert again.leave() == 0


def test_leaving_with_purchases_that_could_not_be_kept_says_so_on_the_way_out(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The builder had said the purchases could not be kept on disk, but leaving printed only
    "Saved. `python main.py continue` picks the run up where you left it.": the run is saved, the
    purchases are not, and the last line the player reads said nothing of them."""
    from game.engine.build_drafts import draft_path

    state, host = ann_in_the_builder(tmp_path, monkeypatch)
    home = {"MASTERLESS_HOME": str(tmp_path / "home"), "MASTERLESS_CONFIG_DIR": str(tmp_path / "config")}
    host.session.game.close()
    with continued(home) as again:
        open_builder(again)
        draft_path().mkdir(parents=True)  # from now on the draft cannot be written where it goes
        again.send("\r")
        assert again.wait_for("cannot be kept on disk"), again.text()
        assert again.leave() == 0
        said = " ".join(again.text().split())
    assert "Saved. `python main.py continue` picks the run up" in said, said
    assert "The unconfirmed room purchases were not kept: the builder starts afresh." in said, said
