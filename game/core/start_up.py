"""The program's start: the cyclic garbage collector waits until the program is under way.

A start makes some 300,000 objects (modules, classes, tables) that live as long as the program;
while they are being made, the collector walks them again and again (about 15 ms of a 400 ms
start). So the program's own start pauses it (`pause`), and when the start is over (`under_way`:
a command's modules are loaded, or a screen's first frame is out) what exists is frozen out of
its walks (`gc.freeze`, as the gc docs advise for long-lived start-up objects) and it resumes.
Only a paused start is resumed: code that runs inside a program (tests) leaves it alone.
"""

from __future__ import annotations

import gc

_paused = False


def pause() -> None:
    """The program starts (once, from its entry point)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def under_way() -> None:
    """The start is over: freeze what it made and collect again (nothing if none was paused)."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()
