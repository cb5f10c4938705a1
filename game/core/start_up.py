"""The program's start: the cyclic garbage collector waits until the program is under way.

A start makes some 300,000 objects (modules, classes, tables) that live as long as the program;
while they are being made, the collector walks them again and again (about 15 ms of a 400 ms
start). So the program's own start pauses it (`pause`). Once a command's modules are loaded
(`loaded`) they are frozen out of its walks (`gc.freeze`, as the gc docs advise for long-lived
start-up objects); nothing made later is frozen, so a game, which may become garbage, never is.
When the start is over (`under_way`: the modules are loaded, or a screen's first frame is out)
the collector resumes. Only a paused start is touched: code that runs inside a program (tests)
leaves the collector alone.
"""

from __future__ import annotations

import gc

_paused = False
_frozen = False


def pause() -> None:
    """The program starts (once, from its entry point)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def loaded() -> None:
    """The command's modules are in: freeze them (nothing if the start was not paused)."""
    global _frozen
    if _paused and not _frozen:
        _frozen = True
        gc.freeze()


def under_way() -> None:
    """The start is over: what it loaded is frozen, and the collector resumes."""
    global _paused
    if _paused:
        loaded()
        _paused = False
        gc.enable()
