"""The options screen (every option, the options file's path) and the key rebinding screen.

Changes apply at once and are saved at once (atomically), so what the screen shows is what the
file holds. Other parts of the game can add their own options with ``OptionSpec``s; those are
kept in the file beside ours.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import tcod.console

from game.core.dials import Dials
from game.mapgen.themes import theme
from game.mapgen.tiles import Tile
from game.ui import draw
from game.ui.events import Event, KeyEvent
from game.ui.glyphs import load_glyphs
from game.ui.keymap import ACTION_BY_NAME, ACTIONS, Keymap, KeymapError, key_label
from game.ui.kit import Kit, resolve_glyph_set
from game.ui.options import CHOICES, Options
from game.ui.palette import load_palette
from game.ui.screens.dialog import ConfirmDialog
from game.ui.screens.screen_base import Screen
from game.ui.state import State

LABEL_X = 2
VALUE_X = 28


@dataclass(frozen=True)
class OptionSpec:
    """One option on the screen: ``name`` is an Options field, or a key of ``Options.extra``."""

    name: str
    label: str
    choices: tuple[Any, ...]
    help: str = ""
    value_labels: tuple[str, ...] = ()

    def show(self, value: Any) -> str:
        if self.value_labels and value in self.choices:
            return self.value_labels[self.choices.index(value)]
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value)


SAMPLE_TILES = (Tile.FLOOR, Tile.WALL, Tile.DOOR, Tile.WATER, Tile.CHASM, Tile.CHEST)


def map_sample(glyph_set: str) -> str:
    """What the map draws in a glyph set, for the option's help: the default theme's floor, wall,
    door, water, chasm and chest (the map's tiles come from the theme), then a hero and treasure."""
    looks, glyphs = theme(Dials().theme).tiles, load_glyphs(glyph_set)
    tiles = [looks[t].glyph if glyph_set == "ascii" else looks[t].uni for t in SAMPLE_TILES]
    return " ".join([*tiles, glyphs["hero"], glyphs["treasure"]])


def help_topics(kit: Kit) -> tuple[tuple[str, str], ...]:
    """What the options and the key list do, with the keys in force (their help was the key list
    alone: how to rebind a key, and whether a change is kept, went unsaid)."""

    def key(action: str) -> str:
        return key_label(kit.keymap.keys_for(action)[0])

    return (("Options",
             f"{key('menu_left')}/{key('menu_right')} changes the option picked: it takes effect at once and "
             "is saved in the options file named at the foot of the screen. Rebind keys... lists every "
             f"action with its keys: {key('select')} and then a key adds that key to the action picked, "
             f"{key('remove')} takes away its last key, {key('reset')} gives it back the keys of the key "
             "layout. Another key layout clears the keys you rebound (it asks first). Reset all options "
             "asks first too. The dials are not here: they belong to each run."),)


def builtin_specs() -> list[OptionSpec]:
    return [
        OptionSpec(
            "color_mode",
            "Colours",
            CHOICES["color_mode"],
            "How many colours to send. Auto asks the terminal; over ssh or tmux it may guess too low, "
            "so pick truecolor if your terminal has it. None: no colour at all, bold and reverse "
            "instead (NO_COLOR does this too; --color on the command line beats this option).",
            ("auto", "truecolor (24-bit)", "256 colours", "16 colours", "none (no colour)"),
        ),
        OptionSpec(
            "palette",
            "Palette",
            CHOICES["palette"],
            "The game's own colours: default, colour-blind safe, or high contrast.",
            tuple(load_palette(name).label for name in CHOICES["palette"]),
        ),
        OptionSpec(
            "glyphs",
            "Glyphs",
            CHOICES["glyphs"],
            f"Characters for the map. Unicode: {map_sample('unicode')}  ASCII: {map_sample('ascii')}. "
            "Auto picks Unicode when the terminal speaks UTF-8.",
        ),
        OptionSpec(
            "key_layout",
            "Key layout",
            CHOICES["key_layout"],
            "Which keys move: arrow keys (with Home/End/PgUp/PgDn for diagonals), the numeric keypad, "
            "and vi-keys (hjkl yubn). All at once by default.",
        ),
        OptionSpec(
            "esc_delay_ms",
            "Esc delay",
            CHOICES["esc_delay_ms"],
            "How long to wait after Esc for the rest of a key's code. Raise it only if arrow keys act "
            "like Esc over a slow connection.",
            tuple(f"{ms} ms" for ms in CHOICES["esc_delay_ms"]),
        ),
        OptionSpec(
            "hide_seed",
            "Hide the seed",
            CHOICES["hide_seed"],
            "Keep the seed off the screen and the character sheet, for challenges.",
        ),
        OptionSpec(
            "hallway_after_room",
            "Hallway after each room",
            CHOICES["hallway_after_room"],
            "Show the table's roll-off and purchases each time a new room is built (H shows the "
            "last one whenever you like).",
        ),
    ]


class OptionsScreen(Screen):
    """Every option, the key rebinding screen, a reset, and where the options file lives."""

    ACTION_ROWS = ("Rebind keys...", "Reset all options to defaults...", "Back")

    def __init__(self, kit: Kit, back: State | None = None, extra_specs: Sequence[OptionSpec] = ()) -> None:
        super().__init__(kit, back)
        self.specs = builtin_specs() + list(extra_specs)
        self.index = 0
        self.status = ""
        self._cursor: tuple[int, int] | None = None

    @property
    def rows(self) -> int:
        return len(self.specs) + len(self.ACTION_ROWS)

    def value_of(self, spec: OptionSpec) -> Any:
        options = self.kit.options
        if hasattr(options, spec.name) and spec.name not in ("keys", "extra"):
            return getattr(options, spec.name)
        return options.extra.get(spec.name, spec.choices[0])

    def _set(self, spec: OptionSpec, value: Any) -> None:
        options = self.kit.options
        if hasattr(options, spec.name) and spec.name not in ("keys", "extra"):
            changed = options.with_changes(**{spec.name: value})
        else:
            changed = options.with_changes(extra={**options.extra, spec.name: value})
        if spec.name == "key_layout":
            changed = changed.with_changes(keys={})  # rebinding belongs to the old layout
        self._apply(changed, f"{spec.label}: {spec.show(value)}")

    def _apply(self, options: Options, what: str) -> None:
        self.kit.apply(options)
        problem = self.kit.save()
        self.status = problem or f"{what}. Saved."

    def _cycle(self, delta: int) -> None:
        spec = self.specs[self.index]
        choices = spec.choices
        value = self.value_of(spec)
        i = choices.index(value) if value in choices else 0
        self._set(spec, choices[(i + delta) % len(choices)])

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        if action == "menu_up":
            self.index = (self.index - 1) % self.rows
        elif action == "menu_down":
            self.index = (self.index + 1) % self.rows
        elif action == "page_up":
            self.index = 0
        elif action == "page_down":
            self.index = self.rows - 1
        elif action in ("menu_left", "menu_right", "select") and self.index < len(self.specs):
            delta = -1 if action == "menu_left" else 1
            if self.specs[self.index].name == "key_layout" and self.kit.options.keys:
                return self._ask_layout(delta)
            self._cycle(delta)
        elif action == "select":
            row = self.ACTION_ROWS[self.index - len(self.specs)]
            if row.startswith("Rebind"):
                return KeysScreen(self.kit, back=self)
            if row.startswith("Reset"):
                return ConfirmDialog(
                    self.kit,
                    self,
                    "Reset every option, including your key bindings, to the defaults?",
                    on_yes=self._reset,
                    yes_label="Reset",
                    no_label="Keep",
                )
            return self.go_back()
        return None

    def open_help(self) -> State:
        from game.ui.screens.help import HelpScreen  # start-up: opened on demand

        return HelpScreen(self.kit, back=self, title="Help: options", topics=help_topics(self.kit))

    def _ask_layout(self, delta: int) -> State:
        """Another layout clears the keys rebound for this one (rebinding belongs to a layout):
        passing through the layouts with Left/Right lost them unsaid."""
        rebound = [ACTION_BY_NAME[name].label for name in self.kit.options.keys if name in ACTION_BY_NAME]

        def change() -> State:
            self._cycle(delta)
            return self

        return ConfirmDialog(self.kit, self, f"Another key layout clears the keys you rebound for this one: "
                             f"{', '.join(rebound)}. Change the layout?", on_yes=change,
                             title="Key layout", yes_label="Change", no_label="Keep")

    def _reset(self) -> State:
        self._apply(Options(extra=self.kit.options.extra), "All options reset")
        return self

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        draw.clear(console, palette)
        draw.text(console, 1, 0, "Options", palette["title"])
        footer_rows = 1
        path_lines = draw.wrap(f"Options file: {self.kit.path}. The dials (die size, seriousness, light...) "
                               "belong to each run: set them in New game or with play --dial.", console.width - 4)
        bottom = console.height - footer_rows - len(path_lines) - 1
        for i, line in enumerate(path_lines):
            draw.text(console, 2, bottom + 1 + i, line, palette["text_dim"])
        top = 2
        help_rows = 4
        visible = max(1, bottom - top - help_rows)
        first = max(0, min(self.index - visible + 1, self.rows - visible)) if self.index >= visible else 0
        self._cursor = None
        for row in range(first, min(self.rows, first + visible)):
            y = top + row - first
            selected = row == self.index
            if selected:
                draw.fill(console, 1, y, console.width - 2, 1, palette["selection_bg"])
            fg = palette["selection_fg"] if selected else palette["text"]
            if row < len(self.specs):
                spec = self.specs[row]
                draw.text(console, LABEL_X, y, spec.label, fg, width=VALUE_X - LABEL_X - 1)
                value = spec.show(self.value_of(spec))
                if spec.name == "color_mode" and value == "auto" and self.kit.color_mode_in_use:
                    value = f"auto (now {self.kit.color_mode_in_use})"
                if spec.name == "glyphs" and value == "auto":
                    value = f"auto (now {resolve_glyph_set('auto')})"
                shown = f"< {value} >" if selected else f"  {value}"
                draw.text(console, VALUE_X, y, shown, fg if selected else palette["accent"])
            else:
                draw.text(console, LABEL_X, y, self.ACTION_ROWS[row - len(self.specs)], fg)
            if selected:
                self._cursor = (LABEL_X, y)
        help_y = top + min(visible, self.rows) + 1
        if self.index < len(self.specs):
            help_text = self.specs[self.index].help
        else:
            help_text = ""
        room = max(help_rows - 2, bottom - help_y - 1)  # every row down to the file's note, less the status's
        help_lines = draw.wrap(help_text, console.width - 4)[:room]
        for i, line in enumerate(help_lines):
            draw.text(console, 2, help_y + i, line, palette["text_dim"])
        if self.status:
            status_y = help_y + max(help_rows - 2, len(help_lines))
            draw.text(console, 2, status_y, self.status, palette["info"], width=console.width - 4)
        draw.footer(
            console, [("Left/Right", "change"), ("Enter", "choose"), ("?", "help"), ("Esc", "back")], palette
        )

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor


class KeysScreen(Screen):
    """Rebinding: Enter then a key adds it to the action; Left and Right pick one of the action's
    keys (its last, until another is picked), Del or Backspace removes the one picked; R resets.
    Only the last could be removed once, so an action's first key could never be moved."""

    def __init__(self, kit: Kit, back: State | None = None) -> None:
        super().__init__(kit, back)
        self.index = 0
        self.pick = -1  # which of the selected action's keys Del removes (-1: its last)
        self.capturing = False
        self.status = ""
        self._cursor: tuple[int, int] | None = None

    @property
    def action(self) -> str:
        return ACTIONS[self.index].name

    def on_event(self, event: Event) -> State | None:
        if self.capturing and isinstance(event, KeyEvent):
            self.capturing = False
            if event.key == "escape":
                self.status = "Cancelled."
                return None
            try:
                keymap = self.kit.keymap.add_key(self.action, event.key)
            except KeymapError as exc:
                self.status = str(exc)
                return None
            self._install(keymap, f"{key_label(event.key)} now means {ACTION_BY_NAME[self.action].label!r}")
            return None
        return super().on_event(event)

    def open_help(self) -> State:
        from game.ui.screens.help import HelpScreen  # start-up: opened on demand

        return HelpScreen(self.kit, back=self, title="Help: keys", topics=help_topics(self.kit))

    def _install(self, keymap: Keymap, what: str) -> None:
        self.kit.set_keymap(keymap)
        problem = self.kit.save()
        self.status = problem or f"{what}. Saved."

    def picked(self) -> int:
        """The index of the selected action's key that Del removes."""
        count = len(self.kit.keymap.keys_for(self.action))
        return count - 1 if self.pick < 0 or self.pick >= count else self.pick

    def on_action(self, action: str | None, event: KeyEvent) -> State | None:
        n = len(ACTIONS)
        row = self.index
        if action in ("menu_left", "menu_right"):
            count = len(self.kit.keymap.keys_for(self.action))
            self.pick = (self.picked() + (1 if action == "menu_right" else -1)) % max(1, count)
        elif action == "menu_up":
            self.index = (self.index - 1) % n
        elif action == "menu_down":
            self.index = (self.index + 1) % n
        elif action == "page_up":
            self.index = max(0, self.index - 10)
        elif action == "page_down":
            self.index = min(n - 1, self.index + 10)
        elif action == "select":
            self.capturing = True
            self.status = f"Press a key for {ACTION_BY_NAME[self.action].label!r} (Esc cancels)."
        elif action == "remove":
            gone = self.kit.keymap.keys_for(self.action)[self.picked()]
            try:
                keymap = self.kit.keymap.remove_key(self.action, gone)
            except KeymapError as exc:
                self.status = str(exc)
                return None
            self.pick = -1
            self._install(keymap, f"Removed {key_label(gone)} from {ACTION_BY_NAME[self.action].label!r}")
        elif action == "reset":
            try:
                keymap = self.kit.keymap.reset_action(self.action)
            except KeymapError as exc:
                self.status = str(exc)
                return None
            self._install(keymap, f"{ACTION_BY_NAME[self.action].label!r} reset")
        if self.index != row:
            self.pick = -1
        return None

    def on_draw(self, console: tcod.console.Console) -> None:
        palette = self.kit.palette
        draw.clear(console, palette)
        draw.text(console, 1, 0, f"Keys ({self.kit.options.key_layout})", palette["title"])
        top, bottom = 2, console.height - 4
        visible = max(1, bottom - top)
        first = max(0, min(self.index - visible // 2, len(ACTIONS) - visible))
        self._cursor = None
        for row in range(first, min(len(ACTIONS), first + visible)):
            y = top + row - first
            action = ACTIONS[row]
            selected = row == self.index
            if selected:
                draw.fill(console, 1, y, console.width - 2, 1, palette["selection_bg"])
                self._cursor = (LABEL_X, y)
            fg = palette["selection_fg"] if selected else palette["text"]
            draw.text(console, LABEL_X, y, action.label, fg, width=36)
            if selected:  # the key Del removes in brackets: "[x], z"
                keys = [key_label(k) for k in self.kit.keymap.keys_for(action.name)]
                keys[self.picked()] = f"[{keys[self.picked()]}]"
                draw.text(console, 40, y, ", ".join(keys), fg, width=console.width - 41)
            else:
                draw.text(console, 40, y, self.kit.keymap.labels_for(action.name), palette["key"],
                          width=console.width - 41)
        # more actions than rows (80x24 shows 18 of them): say so, as the help's scrolling does
        if first > 0:
            draw.text(console, console.width - 2, top, self.kit.glyphs["more_above"], palette["text_dim"])
        if first + visible < len(ACTIONS):
            draw.text(console, console.width - 2, top + visible - 1, self.kit.glyphs["more_below"], palette["text_dim"])
        draw.text(console, 2, console.height - 3, self.status, palette["info"], width=console.width - 4)
        draw.footer(
            console,
            [("Enter", "add a key"), ("Left/Right", "pick a key"), ("Del", "remove it"), ("R", "reset"),
             ("Esc", "back")],
            palette,
        )

    def cursor(self) -> tuple[int, int] | None:
        return self._cursor
