"""Actions and the keys bound to them: presets (arrows, numpad, vi-keys), rebinding, help.

Every key the game answers to is here, so the help screen is generated from this and cannot
drift. Rules the bindings always keep:

- no modifier chords are needed: every action has a plain key (Shift+letter counts as a plain
  key, as roguelikes have always had it);
- no movement key doubles as "yes" (or as Enter, which confirms a highlighted answer), so a
  stray step never agrees to anything;
- Esc always backs out, ``?`` always opens help, Ctrl-C saves and quits: these are reserved;
- Alt chords are never bound: a terminal sends Alt-x as Esc followed by x, the same bytes as a
  quick Esc then x, so the terminal front end reads them as those two keys.

Contexts: ``game`` actions are read on the map, ``menu`` actions in menus, lists and dialogs.
A key means one action per context, and the same key may mean different things in different
contexts (``k`` moves north on the map and up in a menu).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from game.core.errors import MasterlessError


class KeymapError(MasterlessError):
    """A binding that would break one of the rules above."""

    exit_code = 2


@dataclass(frozen=True)
class Action:
    name: str
    label: str
    section: str
    context: str  # "game", "menu" or "global"


MOVES = ("move_nw", "move_n", "move_ne", "move_w", "move_e", "move_sw", "move_s", "move_se")
DIRECTIONS: dict[str, tuple[int, int]] = {
    "move_nw": (-1, -1),
    "move_n": (0, -1),
    "move_ne": (1, -1),
    "move_w": (-1, 0),
    "move_e": (1, 0),
    "move_sw": (-1, 1),
    "move_s": (0, 1),
    "move_se": (1, 1),
}

ACTIONS: tuple[Action, ...] = (
    Action("move_n", "Move north", "Movement", "game"),
    Action("move_s", "Move south", "Movement", "game"),
    Action("move_w", "Move west", "Movement", "game"),
    Action("move_e", "Move east", "Movement", "game"),
    Action("move_nw", "Move north-west", "Movement", "game"),
    Action("move_ne", "Move north-east", "Movement", "game"),
    Action("move_sw", "Move south-west", "Movement", "game"),
    Action("move_se", "Move south-east", "Movement", "game"),
    Action("wait", "Wait a turn", "Movement", "game"),
    Action("search", "Search for traps", "Actions", "game"),
    Action("disarm", "Disarm a trap", "Actions", "game"),
    Action("use", "Open or use", "Actions", "game"),
    Action("pick_up", "Pick up", "Actions", "game"),
    Action("spend_story", "Spend a story point", "Actions", "game"),
    Action("autoexplore", "Explore automatically", "Travel", "game"),
    Action("travel_stairs", "Travel to the stairs", "Travel", "game"),
    Action("travel_entrance", "Travel to the stair up", "Travel", "game"),
    Action("descend", "Go down the stairs", "Travel", "game"),
    Action("head_back", "Head back to town", "Travel", "game"),
    Action("inventory", "Inventory", "Screens", "game"),
    Action("hero_sheet", "Hero sheet", "Screens", "game"),
    Action("log_history", "Log history", "Screens", "game"),
    Action("hallway", "The last Hallway", "Screens", "game"),
    Action("look", "Look around", "Screens", "game"),
    Action("roll_panel", "Roll panel: expand or hide", "Screens", "game"),
    Action("options", "Options", "Screens", "game"),
    Action("quit", "Save and quit", "Screens", "game"),
    Action("menu_up", "Previous entry", "Menus and dialogs", "menu"),
    Action("menu_down", "Next entry", "Menus and dialogs", "menu"),
    Action("menu_left", "Previous value", "Menus and dialogs", "menu"),
    Action("menu_right", "Next value", "Menus and dialogs", "menu"),
    Action("page_up", "Page up", "Menus and dialogs", "menu"),
    Action("page_down", "Page down", "Menus and dialogs", "menu"),
    Action("select", "Choose or confirm", "Menus and dialogs", "menu"),
    Action("remove", "Remove a key binding", "Menus and dialogs", "menu"),
    Action("reset", "Reset a binding", "Menus and dialogs", "menu"),
    Action("yes", "Answer yes", "Menus and dialogs", "menu"),
    Action("no", "Answer no", "Menus and dialogs", "menu"),
    Action("help", "Help (this screen)", "Everywhere", "global"),
    Action("back", "Back out / cancel", "Everywhere", "global"),
)
ACTION_BY_NAME: dict[str, Action] = {a.name: a for a in ACTIONS}
SECTIONS: tuple[str, ...] = tuple(dict.fromkeys(a.section for a in ACTIONS))

# Keys with a fixed meaning everywhere: they cannot be rebound to anything else.
RESERVED: dict[str, str] = {"escape": "back", "?": "help"}
# Keys the loop handles before any screen sees them (shown in help, never rebindable).
LOOP_KEYS: dict[str, str] = {"C-c": "Quit (saves a run in play)", "C-z": "Suspend (terminal only)"}

# Movement presets: which keys each layout adds for the eight directions and waiting.
PRESETS: dict[str, dict[str, tuple[str, ...]]] = {
    "arrows": {
        "move_n": ("up",),
        "move_s": ("down",),
        "move_w": ("left",),
        "move_e": ("right",),
        "move_nw": ("home",),
        "move_ne": ("pageup",),
        "move_sw": ("end",),
        "move_se": ("pagedown",),
    },
    "numpad": {
        "move_n": ("KP_8", "8"),
        "move_s": ("KP_2", "2"),
        "move_w": ("KP_4", "4"),
        "move_e": ("KP_6", "6"),
        "move_nw": ("KP_7", "7"),
        "move_ne": ("KP_9", "9"),
        "move_sw": ("KP_1", "1"),
        "move_se": ("KP_3", "3"),
        "wait": ("KP_5", "5"),
    },
    "vi": {
        "move_n": ("k",),
        "move_s": ("j",),
        "move_w": ("h",),
        "move_e": ("l",),
        "move_nw": ("y",),
        "move_ne": ("u",),
        "move_sw": ("b",),
        "move_se": ("n",),
    },
}

# Everything that is not movement: the same in every layout.
COMMON: dict[str, tuple[str, ...]] = {
    "wait": (".",),
    "search": ("s",),
    "disarm": ("D",),
    "use": ("o",),
    "pick_up": ("g", ","),
    "spend_story": ("p",),
    "autoexplore": ("x",),
    "travel_stairs": ("t",),
    "travel_entrance": ("T",),
    "descend": (">",),
    "head_back": ("<",),
    "inventory": ("i",),
    "hero_sheet": ("c", "@"),
    "log_history": ("m",),
    "hallway": ("H",),
    "look": (";", "L"),
    "roll_panel": ("r",),
    "options": ("O",),
    "quit": ("S", "Q"),
    "menu_up": ("up", "k", "KP_8", "8", "S-tab"),
    "menu_down": ("down", "j", "KP_2", "2", "tab"),
    "menu_left": ("left", "h", "KP_4", "4"),
    "menu_right": ("right", "l", "KP_6", "6"),
    "page_up": ("pageup", "KP_9"),
    "page_down": ("pagedown", "KP_3", "space"),
    "select": ("enter",),
    "remove": ("backspace", "delete"),
    "reset": ("R",),
    "yes": ("Y",),
    "no": ("N", "n"),
    "help": ("?", "f1"),
    "back": ("escape",),
}

LAYOUTS: dict[str, tuple[str, ...]] = {
    "arrows+numpad+vi": ("arrows", "numpad", "vi"),
    "arrows+numpad": ("arrows", "numpad"),
    "arrows+vi": ("arrows", "vi"),
    "arrows": ("arrows",),
}
DEFAULT_LAYOUT = "arrows+numpad+vi"

# Keys shown by name in help and footers.
_KEY_LABELS = {
    "up": "Up",
    "down": "Down",
    "left": "Left",
    "right": "Right",
    "home": "Home",
    "end": "End",
    "pageup": "PgUp",
    "pagedown": "PgDn",
    "insert": "Ins",
    "delete": "Del",
    "enter": "Enter",
    "escape": "Esc",
    "tab": "Tab",
    "S-tab": "Shift-Tab",
    "backspace": "Backspace",
    "space": "Space",
    ",": "Comma",
}


def key_label(key: str) -> str:
    """How a key is written for a player: "Up", "Ctrl-C", "Numpad 8", "F1", "k"."""
    if key in _KEY_LABELS:
        return _KEY_LABELS[key]
    if key.startswith("KP_"):
        return "Numpad " + key[3:]
    prefix = ""
    while len(key) > 2 and key[1] == "-" and key[0] in "CMS":
        prefix += {"C": "Ctrl-", "M": "Alt-", "S": "Shift-"}[key[0]]
        key = key[2:]
    if prefix:
        return prefix + (key.upper() if len(key) == 1 and prefix == "Ctrl-" else key_label(key))
    if len(key) > 1 and key[0] == "f" and key[1:].isdigit():
        return key.upper()
    return key


# Names the front ends give keys (present/terminal.py, present/window.py): one character, or a
# name in lower case ("up", "pageup", "f5"; other terminal keys by blessed's name, lowered), or a
# keypad key ("KP_8"), each maybe after C-, M-, S-. A binding to anything else ("Up", "ctrl-k")
# could never be pressed, and the action it replaced would have no key left.
_KEY_NAME = re.compile(r"(?:[CMS]-)*(?:[^\W_]|[^\w\s]|[a-z][a-z0-9_]{1,15}|KP_\w{1,15})", re.ASCII)


def is_key_name(key: str) -> bool:
    return _KEY_NAME.fullmatch(key) is not None or (len(key) == 1 and key.isprintable() and not key.isspace())


def contexts_of(action: Action) -> tuple[str, ...]:
    return ("game", "menu") if action.context == "global" else (action.context,)


class Keymap:
    """Action -> keys, and per context key -> action."""

    def __init__(self, bindings: Mapping[str, Iterable[str]], layout: str = DEFAULT_LAYOUT) -> None:
        self.layout = layout
        self.bindings: dict[str, tuple[str, ...]] = {
            a.name: tuple(dict.fromkeys(bindings.get(a.name, ()))) for a in ACTIONS
        }
        self._lookup: dict[str, dict[str, str]] = {"game": {}, "menu": {}}
        for action in ACTIONS:
            for key in self.bindings[action.name]:
                for context in contexts_of(action):
                    other = self._lookup[context].get(key)
                    if other is not None and other != action.name:
                        raise KeymapError(
                            f"{key_label(key)} is bound to both {ACTION_BY_NAME[other].label!r} "
                            f"and {action.label!r}"
                        )
                    self._lookup[context][key] = action.name
        self._check_rules()

    # -- building -------------------------------------------------------------------------

    @staticmethod
    def layout_bindings(layout: str) -> dict[str, tuple[str, ...]]:
        """The bindings of a layout before any rebinding."""
        if layout not in LAYOUTS:
            raise KeymapError(f"unknown key layout {layout!r}: choose one of {', '.join(LAYOUTS)}")
        bindings: dict[str, list[str]] = {a.name: [] for a in ACTIONS}
        for preset in LAYOUTS[layout]:
            for action, keys in PRESETS[preset].items():
                bindings[action].extend(keys)
        for action, keys in COMMON.items():
            bindings[action].extend(keys)
        return {name: tuple(dict.fromkeys(keys)) for name, keys in bindings.items()}

    @classmethod
    def from_layout(cls, layout: str = DEFAULT_LAYOUT, overrides: Mapping[str, Iterable[str]] | None = None) -> Keymap:
        """A layout's bindings with the player's rebinding on top (an override replaces all keys)."""
        bindings = cls.layout_bindings(layout)
        for action, keys in (overrides or {}).items():
            if action not in ACTION_BY_NAME:
                raise KeymapError(f"there is no action called {action!r}")
            bindings[action] = tuple(keys)
            unknown = next((k for k in bindings[action] if not is_key_name(k)), None)
            if unknown is not None:
                shown = unknown if len(unknown) <= 20 else unknown[:17] + "..."
                raise KeymapError(f"{shown!r} (for {ACTION_BY_NAME[action].label!r}) is not the name of a key: "
                                  "one character, or a name like up, pageup, f5, KP_8, C-x")
        return cls(bindings, layout)

    @classmethod
    def from_options(cls, layout: str, overrides: Mapping[str, Iterable[str]]) -> tuple[Keymap, str | None]:
        """Like ``from_layout`` but never fails: each rebinding that cannot stand on its own (no
        such action, not a key, against the rules) is left out and said, the rest kept (one typo
        dropped every rebinding, and only the first problem was said); should the rest still clash,
        the layout's own keys; an unknown layout, the default one."""
        try:
            return cls.from_layout(layout, overrides), None  # the usual file: every rebinding stands
        except KeymapError as exc:
            try:
                cls.from_layout(layout)
            except KeymapError:
                return cls.from_layout(DEFAULT_LAYOUT), f"key bindings ignored: {exc}"
        kept: dict[str, tuple[str, ...]] = {}
        problems = []
        for action, keys in overrides.items():
            keys = tuple(dict.fromkeys(keys))  # a key named twice is bound once
            try:
                cls.from_layout(layout, {action: keys})
            except KeymapError as exc:
                problems.append(str(exc))
                continue
            kept[action] = keys
        try:
            keymap = cls.from_layout(layout, kept)
        except KeymapError as exc:
            keymap = cls.from_layout(layout)
            problems.append(str(exc))
        return keymap, f"key bindings ignored: {'; '.join(problems)}" if problems else None

    def _check_rules(self) -> None:
        for key, meaning in RESERVED.items():
            for context in ("game", "menu"):
                bound = self._lookup[context].get(key)
                if bound != meaning:
                    shown = ACTION_BY_NAME[bound].label if bound else "nothing"
                    raise KeymapError(f"{key_label(key)} must always mean {meaning!r}, not {shown!r}")
        for key in LOOP_KEYS:
            for context in ("game", "menu"):
                if key in self._lookup[context]:
                    raise KeymapError(f"{key_label(key)} is kept by the game and cannot be rebound")
        confirming = set(self.bindings["yes"]) | set(self.bindings["select"])
        for move in (*MOVES, "wait"):
            clash = confirming.intersection(self.bindings[move])
            if clash:
                raise KeymapError(
                    f"{key_label(sorted(clash)[0])} confirms answers, so it cannot also be "
                    f"{ACTION_BY_NAME[move].label.lower()}"
                )
        for action in ACTIONS:
            if not self.bindings[action.name]:
                raise KeymapError(f"{action.label!r} needs at least one key")
            if not any(not k.startswith(("C-", "M-")) for k in self.bindings[action.name]):
                raise KeymapError(f"{action.label!r} needs a key without Ctrl or Alt")

    # -- rebinding (returns new keymaps; a Keymap never changes) ---------------------------

    def with_keys(self, action: str, keys: Iterable[str]) -> Keymap:
        if action not in ACTION_BY_NAME:
            raise KeymapError(f"there is no action called {action!r}")
        bindings = dict(self.bindings)
        bindings[action] = tuple(keys)
        return Keymap(bindings, self.layout)

    def add_key(self, action: str, key: str) -> Keymap:
        if key in RESERVED or key in LOOP_KEYS:
            raise KeymapError(f"{key_label(key)} is kept for {RESERVED.get(key, 'the game')}")
        if key.startswith("M-"):
            raise KeymapError("Alt keys cannot be bound: terminals send them as Esc and a key")
        for context in contexts_of(ACTION_BY_NAME[action]):
            other = self._lookup[context].get(key)
            if other is not None and other != action:
                raise KeymapError(
                    f"{key_label(key)} already means {ACTION_BY_NAME[other].label!r}; free it there first"
                )
        return self.with_keys(action, (*self.bindings[action], key))

    def remove_key(self, action: str, key: str) -> Keymap:
        return self.with_keys(action, tuple(k for k in self.bindings[action] if k != key))

    def reset_action(self, action: str) -> Keymap:
        return self.with_keys(action, self.layout_bindings(self.layout)[action])

    def overrides(self) -> dict[str, tuple[str, ...]]:
        """The actions whose keys differ from the layout's: what the options file stores."""
        base = self.layout_bindings(self.layout)
        return {name: keys for name, keys in self.bindings.items() if keys != base[name]}

    # -- reading --------------------------------------------------------------------------

    def action_for(self, key: str, context: str = "game") -> str | None:
        return self._lookup[context].get(key)

    def keys_for(self, action: str) -> tuple[str, ...]:
        return self.bindings[action]

    def labels_for(self, action: str) -> str:
        return ", ".join(key_label(k) for k in self.bindings[action])

    def all_keys(self) -> set[str]:
        return {k for keys in self.bindings.values() for k in keys} | set(LOOP_KEYS)

    def help_sections(self) -> list[tuple[str, list[tuple[str, tuple[str, ...]]]]]:
        """[(section, [(label, keys), ...]), ...] for every action, plus the loop's own keys."""
        sections: list[tuple[str, list[tuple[str, tuple[str, ...]]]]] = []
        for section in SECTIONS:
            rows = [(a.label, self.bindings[a.name]) for a in ACTIONS if a.section == section]
            if section == "Everywhere":
                rows.extend((label, (key,)) for key, label in LOOP_KEYS.items())
            sections.append((section, rows))
        return sections
