"""Input events as plain values, independent of blessed and SDL, so states never import either."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class KeyEvent:
    """One key press with a normalized name.

    Names: a printable character is itself (``"k"``, ``"K"``, ``"?"``, ``"5"``), except the space
    bar, which is ``"space"``; named keys are lower case (``"up"``, ``"down"``, ``"left"``,
    ``"right"``, ``"home"``, ``"end"``, ``"pageup"``, ``"pagedown"``, ``"insert"``, ``"delete"``,
    ``"enter"``, ``"escape"``, ``"tab"``, ``"backspace"``, ``"f1"``..``"f12"``); keypad keys in
    application mode are ``"KP_0"``..``"KP_9"`` (``"KP_5"`` also for the centre key, however the
    terminal sends it); modifiers are prefixes ``"C-"`` (control), ``"M-"`` (alt/meta) and ``"S-"``
    (shift, on named keys only): ``"C-c"``, ``"M-x"``, ``"S-tab"``, ``"C-up"``.
    """

    key: str

    @property
    def char(self) -> str:
        """The text the key types, or "" for named keys (for text entry)."""
        if self.key == "space":
            return " "
        return self.key if len(self.key) == 1 else ""


@dataclass(frozen=True, slots=True)
class ResizeEvent:
    """The drawing surface is now ``width`` x ``height`` cells."""

    width: int
    height: int


@dataclass(frozen=True, slots=True)
class CloseEvent:
    """The player asked to leave without a key of ours: the window's close button, Ctrl-C, EOF.

    The loop treats it as an interruption: the game may save, then the loop ends.
    """

    reason: str = "close"


@dataclass(frozen=True, slots=True)
class PasteEvent:
    """A paste, never read as keys. ``text`` is what was pasted when the terminal marked it
    (bracketed paste): a text box being edited takes it as typing. None when input came faster
    than any typing and was dropped unread, so that no stray key of it could act; a screen with a
    text field may say so. Every other screen ignores a paste, or says it did."""

    text: str | None = None


PASTE_REFUSED = "That paste was too long to take as typing, so none of it went in: type it, or paste less."
PASTE_NOT_HERE = "Pasted text goes only into a box being typed in: none of it was taken as keys."

Event = KeyEvent | ResizeEvent | CloseEvent | PasteEvent

# Keys the loop itself treats as an interruption (save and leave), whatever the state.
INTERRUPT_KEYS = frozenset({"C-c"})

# Keys a terminal sends under other names, folded so that keymaps stay short.
ALIASES = {
    "center": "KP_5",
    "begin": "KP_5",
    "KP_enter": "enter",
    "return": "enter",
    "esc": "escape",
    "pgup": "pageup",
    "pgdn": "pagedown",
    "ppage": "pageup",
    "npage": "pagedown",
    "del": "delete",
    "ins": "insert",
    "btab": "S-tab",
    " ": "space",
    "\t": "tab",
    "\r": "enter",
    "\n": "enter",
    "\x1b": "escape",
    "\x7f": "backspace",
    "\x08": "backspace",
}


def normalize_key(name: str) -> str:
    """Fold the aliases above; leaves every other name as it is."""
    return ALIASES.get(name, name)


def key(name: str) -> KeyEvent:
    """Shorthand for tests and scripts: ``key("up")``."""
    return KeyEvent(normalize_key(name))
