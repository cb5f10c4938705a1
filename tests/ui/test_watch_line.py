"""The spectator's status line: what is watched and the keys, whole at 80 columns."""

from __future__ import annotations

import tcod.console

from game.agents.companion import ai_action
from game.engine.recording import Recorder
from game.engine.spectate import Follower
from game.ui.kit import Kit
from game.ui.options import Options
from game.ui.screens.watch_screen import WatchScreen
from game.ui.session import Session


def test_at_80_columns_the_keys_are_shortened_not_cut(tmp_path) -> None:
    """It ended "57 actions.  q leaves, r rolls, H H": the hint cut in the middle of a key."""
    path = tmp_path / "autosave.mlrec"
    recorder = Recorder.for_new_game(path, 7, "human:Ann,human:Bob,ai", flush_every=1)
    session = Session(recorder.start(), recorder)
    for _ in range(57):
        session.apply(ai_action(session.game))
    watch = WatchScreen(Kit.from_options(Options(), tmp_path / "options.toml"), Follower(path))
    lines = {}
    for width in (80, 140):
        watch.on_tick()
        console = tcod.console.Console(width, 24, order="C")
        watch.on_draw(console)
        lines[width] = next("".join(chr(c) for c in row).strip() for row in console.ch
                            if "Watching autosave.mlrec" in "".join(chr(c) for c in row))
    watch.follower.close()
    assert lines[80].endswith("q leaves, ? help") and len(lines[80]) <= 78, lines[80]
    assert lines[140].endswith("q leaves, r rolls, H Hallway, m log, ? help"), lines[140]


def test_while_waiting_for_a_game_only_the_keys_that_work_are_offered(tmp_path) -> None:
    """Waiting, it offered "r rolls, H Hallway, m log", keys that did nothing without a game."""
    from game.ui.events import key

    watch = WatchScreen(Kit.from_options(Options(), tmp_path / "options.toml"), Follower(tmp_path / "none.mlrec"))
    console = tcod.console.Console(140, 24, order="C")
    watch.on_draw(console)
    text = "\n".join("".join(chr(c) for c in row) for row in console.ch)
    watch.follower.close()
    assert "Waiting for a game" in text
    assert "q leaves, ? help" in text and "r rolls" not in text and "m log" not in text
    assert watch.on_event(key("m")) is None and watch.on_event(key("r")) is None


def test_the_spectators_help_lists_no_map_keys_that_do_nothing_here(tmp_path) -> None:
    """Its help went on into the map's keys ("Search for traps s", "Pick up g", "Save and quit S, Q")
    under "Help: watching", where nothing pressed reaches the game and q stops watching."""
    from screen_games import help_read_by_columns

    from game.ui.events import key
    from game.ui.present.headless import run_headless

    watch = WatchScreen(Kit.from_options(Options(), tmp_path / "options.toml"), Follower(tmp_path / "none.mlrec"))
    helped = watch.on_event(key("?"))
    _, screen = run_headless(helped, [], size=(200, 60))
    watch.follower.close()
    text = help_read_by_columns(screen)
    assert "Help: watching" in screen.lines()[0] and "q or Esc stops watching" in text
    assert "Everywhere" in text
    for map_only in ("Search for traps", "Pick up", "Move north", "Save and quit S"):
        assert map_only not in text, map_only


def test_while_waiting_the_keys_stand_whole_on_their_own_line(tmp_path) -> None:
    """At 80 columns the waiting line, after a long path, read "... autosave.mlrec ....  q" and,
    on the next row, "leaves, ? help": the keys split, and four dots."""
    folder = tmp_path / "a-folder-with-a-long-name-as-data-directories-have" / "masterless"
    watch = WatchScreen(Kit.from_options(Options(), tmp_path / "options.toml"), Follower(folder / "autosave.mlrec"))
    console = tcod.console.Console(80, 24, order="C")
    watch.on_draw(console)
    rows = ["".join(chr(c) for c in row).strip() for row in console.ch]
    watch.follower.close()
    text = " ".join(rows)
    assert "Waiting for a game in" in text and "...." not in text
    assert "q leaves, ? help" in rows, rows


def test_a_run_that_ended_in_town_is_not_watched_or_replayed_on_a_floor(tmp_path) -> None:
    """A run that came home and retired read "Watching a.mlrec: Floor 2, turn 694 ... The run is
    over (quest done)": the party stood in town, not on Floor 2; the replay's heading said the same."""
    from screen_games import recorded_run_home

    from game.engine.replay import Replay
    from game.ui.events import key
    from game.ui.present.headless import run_headless
    from game.ui.screens.replay_viewer import ReplayViewerScreen
    from game.ui.state import Exit

    path = recorded_run_home(tmp_path / "a.mlrec")
    watch = WatchScreen(Kit.from_options(Options(), tmp_path / "options.toml"), Follower(path))
    console = tcod.console.Console(140, 24, order="C")
    watch.on_draw(console)
    line = next("".join(chr(c) for c in row).strip() for row in console.ch
                if "Watching a.mlrec" in "".join(chr(c) for c in row))
    watch.follower.close()
    assert line.startswith("Watching a.mlrec: in town, turn ") and "Floor" not in line, line
    viewer = ReplayViewerScreen(watch.kit, Replay.open(str(path)), Exit("back"))
    _, shot = run_headless(viewer, [key("end")], size=(140, 30))
    viewer.replay.close()
    heading = shot.lines()[0]
    assert "in town" in heading and "Floor" not in heading, heading
