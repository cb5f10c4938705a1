"""The user interface: screens as States, drawn into a tcod console, shown by a presenter.

- ``events``: ``KeyEvent`` (normalized key names), ``ResizeEvent``, ``CloseEvent``.
- ``state``: the ``State`` protocol (``on_event``, ``on_draw``, ``cursor``) and ``Exit``.
- ``loop.run(state, presenter, ...)``: draw, present, read, dispatch; the "larger" screen.
- ``session.Session``: a game on screen: actions applied and recorded, AI seats played.
- ``flow.Flow``: which screen comes next, from what the game waits for (one place).
- ``present.terminal.run_in_terminal``, ``present.window.run_in_window``,
  ``present.headless.run_headless``: run a state on each front end.
- ``kit.Kit``: options + palette + glyphs + keymap, shared by every screen.
- ``keymap``, ``options``, ``palette``, ``glyphs``, ``draw``: the pieces the kit is made of.
- ``screens``: the map, the Hallway, town, the room builder, menus, dialogs, help.
- ``terminal_guard``: giving the terminal back whatever happens; the not-a-terminal refusal.
- ``where``: where the party is, in words, for watch and replay.
"""
