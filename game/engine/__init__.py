"""One game and everything that changes it (DESIGN.md §2, §4-§7).

  game.py       Game: state, queries, `apply` (the only way to change it), the state hash
  actions.py    actions as frozen data; run.py applies them round by round
  combat.py     the combat turn; traps.py traps in play; rooms.py the Hallway and rooms
  sight.py      what the party sees; travel.py paths over known tiles
  town.py, quests.py, morgue.py   the way out, run goals, the end of a run on paper
  rng.py        named random streams; dials.py, seats.py the table's settings
  recording.py, replay.py, saves.py, paths.py   recordings are saves; replays; user files
  autoplay.py   whole runs with AI at every seat; invariants.py what must always hold
"""
