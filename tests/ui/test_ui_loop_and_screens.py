"""The loop and the generic screens, driven headless."""

from __future__ import annotations

from pathlib import Path

import pytest
import tcod.console

from game.ui.events import CloseEvent, Event, KeyEvent, ResizeEvent, key
from game.ui.kit import Kit
from game.ui.loop import run
from game.ui.options import Options, load_options
from game.ui.present.headless import HeadlessPresenter, run_headless
from game.ui.screens.dialog import ConfirmDialog, MessageDialog
from game.ui.screens.help import HelpScreen
from game.ui.screens.menu import MenuEntry
from game.ui.screens.options_screen import KeysScreen, OptionsScreen
from game.ui.screens.title import TitleScreen, standard_title_entries
from game.ui.screens.too_small import TooSmallScreen
from game.ui.state import Exit, State


@pytest.fixture
def kit(tmp_path: Path) -> Kit:
    return Kit.from_options(Options(), tmp_path / "options.toml")


class Recorder:
    """A toy map screen: remembers the keys it got; Q leaves with them."""

    def __init__(self) -> None:
        self.keys: list[str] = []

    def on_event(self, event: Event) -> State | None:
        if isinstance(event, KeyEvent):
            self.keys.append(event.key)
            if event.key == "Q":
                return Exit(result=list(self.keys))
        return None

    def on_draw(self, console: tcod.console.Console) -> None:
        console.print(0, 0, f"keys: {len(self.keys)} size {console.width}x{console.height}")

    def cursor(self) -> tuple[int, int] | None:
        return (0, 0)


def test_a_state_runs_until_it_exits_with_a_result() -> None:
    result, presenter = run_headless(Recorder(), [key("a"), key("up"), key("Q"), key("z")])
    assert result == Exit(result=["a", "up", "Q"])
    assert presenter.cursor == (0, 0)


def test_ctrl_c_and_close_call_the_save_callback_and_end(kit: Kit) -> None:
    for event in (KeyEvent("C-c"), CloseEvent("hangup")):
        saved: list[str] = []
        presenter = HeadlessPresenter(80, 24, [key("a"), event, key("b")])
        state = Recorder()
        result = run(state, presenter, on_interrupt=lambda saved=saved: saved.append("saved"))
        assert result.interrupted and saved == ["saved"]
        assert state.keys == ["a"]


def test_too_small_shows_the_larger_screen_ignores_keys_and_resumes() -> None:
    state = Recorder()
    presenter = HeadlessPresenter(100, 30, [ResizeEvent(60, 20), key("a")])
    run(state, presenter)
    assert "larger" in presenter.text()
    assert "60x20" in presenter.text() and "80x24" in presenter.text()
    assert state.keys == []
    presenter.feed(ResizeEvent(81, 25), key("b"))
    run(state, presenter)
    assert presenter.text().startswith("keys: 1 size 81x25")
    assert state.keys == ["b"]


def test_the_too_small_screen_fits_even_a_tiny_terminal() -> None:
    """However small the terminal, the screen draws the start of its plea; from 30 columns it
    gives both sizes and the way out."""
    for width, height in [(10, 3), (1, 1), (30, 5), (79, 23)]:
        console = tcod.console.Console(width, height, order="C")
        TooSmallScreen((80, 24)).on_draw(console)
        words = " ".join(" ".join("".join(map(chr, row)) for row in console.ch).split())
        assert words and (words.startswith("Please make the terminal larger") or
            "Make the terminal larger".startswith(words[:24])), (width, height, words)
        if width >= 30:
            assert f"{width}x{height}" in words and "80x24" in words and "Ctrl-C quits" in words, words


def test_layouts_follow_every_size(kit: Kit) -> None:
    screens: list[State] = [
        TitleScreen(kit, standard_title_entries(kit)),
        HelpScreen(kit),
        OptionsScreen(kit),
        KeysScreen(kit),
        ConfirmDialog(kit, HelpScreen(kit), "Really?", on_yes=lambda: None),
        MessageDialog(kit, None, "A long message " * 20),
    ]
    for screen in screens:
        for size in [(80, 24), (81, 25), (120, 40), (200, 60), (300, 90)]:
            console = tcod.console.Console(*size, order="C")
            screen.on_draw(console)
            cursor = screen.cursor()
            if cursor is not None:
                assert 0 <= cursor[0] < size[0] and 0 <= cursor[1] < size[1]


def test_title_entries_call_their_factories_with_the_title(kit: Kit) -> None:
    seen: list[State] = []

    def new_game(title: State) -> State:
        seen.append(title)
        return Recorder()

    title = TitleScreen(kit, standard_title_entries(kit, new_game=new_game))
    assert isinstance(title.on_event(key("enter")), Recorder)
    assert seen == [title]
    assert isinstance(title.on_event(key("n")), Recorder)


def test_title_disabled_continue_is_skipped_and_quit_exits(kit: Kit) -> None:
    title = TitleScreen(kit, standard_title_entries(kit, can_continue=lambda: False))
    labels = []
    for _ in range(7):
        labels.append(title.menu.selected.label)
        title.on_event(key("down"))
    assert "Continue" not in labels
    assert title.on_event(key("c")) is None
    assert isinstance(title.on_event(key("q")), Exit)
    assert isinstance(title.on_event(key("escape")), Exit)


def test_unwired_title_entries_say_so(kit: Kit) -> None:
    title = TitleScreen(kit, standard_title_entries(kit))
    dialog = title.on_event(key("r"))
    assert isinstance(dialog, MessageDialog) and "Replays" in dialog.text
    assert dialog.on_event(key("escape")) is title


def test_question_mark_opens_help_and_escape_backs_out_everywhere(kit: Kit) -> None:
    title = TitleScreen(kit, [MenuEntry("Thing", lambda s: None)])
    screens: list = [
        title,
        OptionsScreen(kit, back=title),
        KeysScreen(kit, back=title),
        ConfirmDialog(kit, title, "Sure?", on_yes=lambda: Exit()),
        MessageDialog(kit, title, "Hello"),
    ]
    for screen in screens:
        help_screen = screen.on_event(key("?"))
        assert isinstance(help_screen, HelpScreen), screen
        assert help_screen.on_event(key("?")) is help_screen
        assert help_screen.on_event(key("escape")) is screen
        back = screen.on_event(key("escape"))
        assert back is title or isinstance(back, Exit), screen


def test_confirm_starts_on_no_and_needs_capital_y(kit: Kit) -> None:
    done: list[str] = []
    behind = Recorder()

    def make() -> ConfirmDialog:
        return ConfirmDialog(kit, behind, "Delete the save?", on_yes=lambda: done.append("yes") or Exit())

    assert make().on_event(key("enter")) is behind  # Enter on the default "No"
    for movement in ("y", "u", "b", "n", "h", "j", "k", "l", "KP_7", "1", "."):
        dialog = make()
        nxt = dialog.on_event(key(movement))
        assert nxt is None or nxt is behind, movement
    assert done == []
    assert isinstance(make().on_event(key("Y")), Exit) and done == ["yes"]
    dialog = make()
    dialog.on_event(key("right"))
    assert isinstance(dialog.on_event(key("enter")), Exit)
    assert make().on_event(key("escape")) is behind


def test_options_screen_changes_and_saves_at_once(kit: Kit) -> None:
    screen = OptionsScreen(kit)
    screen.on_event(key("down"))  # palette
    screen.on_event(key("right"))
    assert kit.palette.name == "colorblind"
    assert load_options(kit.path).options.palette == "colorblind"
    assert "Saved" in screen.status
    console = tcod.console.Console(100, 30, order="C")
    screen.on_draw(console)
    text = "\n".join("".join(chr(c) for c in row) for row in console.ch)
    assert str(kit.path) in text.replace("\n", "") or kit.path.name in text
    for label in ("Colours", "Palette", "Glyphs", "Key layout", "Esc delay", "Hide the seed", "Rebind keys"):
        assert label in text


def test_options_reset_asks_first(kit: Kit) -> None:
    kit.apply(kit.options.with_changes(palette="high_contrast"))
    screen = OptionsScreen(kit)
    for _ in range(len(screen.specs) + 1):
        screen.on_event(key("down"))
    dialog = screen.on_event(key("enter"))
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.on_event(key("escape")) is screen and kit.palette.name == "high_contrast"
    assert dialog.on_event(key("Y")) is screen and kit.palette.name == "default"


def test_keys_screen_rebinds_and_saves(kit: Kit) -> None:
    screen = KeysScreen(kit)
    while screen.action != "search":
        screen.on_event(key("down"))
    screen.on_event(key("enter"))
    assert screen.capturing
    screen.on_event(key("F"))
    assert kit.keymap.keys_for("search") == ("s", "F")
    assert load_options(kit.path).options.keys == {"search": ("s", "F")}
    screen.on_event(key("enter"))
    screen.on_event(key("i"))  # already the inventory
    assert "already" in screen.status and kit.keymap.keys_for("search") == ("s", "F")
    screen.on_event(key("backspace"))
    assert kit.keymap.keys_for("search") == ("s",)
    screen.on_event(key("enter"))
    screen.on_event(key("escape"))  # cancels capture, does not leave
    assert not screen.capturing and kit.keymap.keys_for("search") == ("s",)


def test_extra_option_specs_are_kept_beside_ours(kit: Kit) -> None:
    from game.ui.screens.options_screen import OptionSpec

    spec = OptionSpec("design", "Room design", ("auto", "ask"), "Who designs rooms a human seat wins.")
    screen = OptionsScreen(kit, extra_specs=[spec])
    for _ in range(len(screen.specs) - 1):
        screen.on_event(key("down"))
    screen.on_event(key("right"))
    assert kit.options.extra["design"] == "ask"
    assert load_options(kit.path).options.extra["design"] == "ask"


def test_options_tell_each_option_in_full(kit: Kit) -> None:
    """The Colours help runs to three lines at 100 columns: its end (NO_COLOR, --color) was cut off."""
    screen = OptionsScreen(kit)
    for size in [(80, 24), (100, 30)]:
        for index, spec in enumerate(screen.specs):
            screen.index = index
            console = tcod.console.Console(*size, order="C")
            screen.on_draw(console)
            shown = " ".join("".join(chr(c) for c in row) for row in console.ch)
            assert " ".join(spec.help.split()[-3:]) in " ".join(shown.split()), (size, spec.name)


def test_the_too_small_screen_says_the_size_it_needs_in_full_at_every_width() -> None:
    for width, height in [(40, 12), (42, 12), (44, 12), (60, 20), (20, 8), (79, 23)]:
        console = tcod.console.Console(width, height, order="C")
        TooSmallScreen((80, 24)).on_draw(console)
        rows = ["".join(chr(c) for c in row).strip() for row in console.ch]
        text = " ".join(row for row in rows if row)
        assert "80x24" in text, (width, height, rows)
        assert f"{width}x{height}" in text, (width, height, rows)


def test_the_too_small_screen_over_the_title_does_not_promise_a_save(kit: Kit) -> None:
    presenter = HeadlessPresenter(50, 12)
    presenter.feed(key("C-c"))
    result = run(TitleScreen(kit, standard_title_entries(kit)), presenter)
    assert result.interrupted
    assert "saves and quits" not in presenter.text()
    assert "Ctrl-C quits; a run in play is saved." in presenter.text()


def test_the_quit_dialog_says_when_saving_is_failing(kit: Kit) -> None:
    """With the disk full, "Save and quit" left silently and the turns since the last good save
    were gone; the dialog now says so before the player picks."""
    from game.ui.screens.quit import QuitDialog

    class Host:
        problem: str | None = None

        def save_problem(self) -> str | None:
            return self.problem

    class Map(HelpScreen):
        host = Host()

    behind = Map(kit)
    dialog = QuitDialog(kit, behind, on_save=lambda: Exit("saved"), on_abandon=lambda: Exit("gone"))
    _, screen = run_headless(dialog, [])
    assert "Leave the game?" in screen.text() and "failing" not in screen.text()
    Host.problem = "the disk is full"
    _, screen = run_headless(dialog, [])
    assert "Saving is failing (the disk is full): save and quit keeps" in screen.text()
    assert "only what was saved before it. Leave the game?" in screen.text()


HELP_WITH_TOPICS = ("town_screen", "workshop_screen", "inventory", "hero_sheet", "log_history", "end_of_run",
                    "trait_choice", "high_scores", "title", "hallway_screen")


@pytest.mark.parametrize("module", HELP_WITH_TOPICS)
def test_help_topics_read_whole_in_side_by_side_columns(kit: Kit, module: str) -> None:
    """At 120 columns a screen's help stands in two columns; its topics were wrapped to the column's
    width but drawn two cells in from its edge, so a line's last letters were lost ("the workshop
    designs new treasure ... o" for "one item at a time"). Read column by column, every topic is whole."""
    import importlib

    from screen_games import help_read_by_columns

    from game.ui.screens.help import OWN_KEYS

    topics = importlib.import_module(f"game.ui.screens.{module}").HELP_TOPICS
    state = HelpScreen(kit, title="Help", topics=topics, sections=OWN_KEYS)
    _, screen = run_headless(state, [], size=(120, 40))
    assert state._max_offset == 0  # all of it in columns, none scrolled away
    read = help_read_by_columns(screen)
    for _, body in topics:
        assert " ".join(body.split()) in read
