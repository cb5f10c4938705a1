"""A run in a tmux pane that ends at once, home to town and retired: what the tests of the score
tables per seed play. (Import it after putting tests/terminal on the path, as they do.)"""

from __future__ import annotations

from tmux_helpers import TmuxPane, python_command


def retire(pane: TmuxPane, *args: str, until: str = "made of") -> str:
    """Start `play ARGS` (or `continue`), climb straight out, retire in town: the screen's text
    once `until` is on it (the end-of-run screen by default)."""
    pane.run(python_command("main.py", *(args if args[:1] == ("continue",) else ("play", *args))))
    assert pane.wait_for("Turn 0"), pane.capture()
    pane.send_keys("<")
    assert pane.wait_for("To town"), pane.capture()
    pane.send_keys("Y")
    assert pane.wait_for("R retire"), pane.capture()
    pane.send_keys("R")
    assert pane.wait_for("Retire (Y)"), pane.capture()
    pane.send_keys("Y")
    assert pane.wait_for(until), pane.capture()
    return pane.capture()
