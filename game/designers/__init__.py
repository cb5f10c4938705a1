"""The seats that spend the room budgets (DESIGN.md §1-§2): pure over the rules, the content and
the room being designed; they never import the engine.

- table.py        who designs for each seat: personality, and whether the AI builds for it
- personality.py  the personalities of data/personalities.toml (swarm, tyrant, warden, ...)
- hallway.py      the Hallway: new heroes, level-ups, the category roll-off
- room_design.py  design_room: the Traps seat shapes the room, the three designers spend, names
- monsters.py, traps.py, treasure.py   each category spent to the last point, every rule asserted
- spend.py, scout.py                   sharing a budget exactly; what a designer knows of the party
- naming.py       names and descriptions by the seriousness dial and the theme (data/names.toml)
- wandering.py    wandering monsters; builder.py, builds.py: a human's build, checked and encoded
- generate.py     the rooms a static party would meet (`generate`, `catalog`)
- design_files.py, design_writing.py   saved designs (TOML) read and checked by the rules, written
- design_library.py                    an AI seat drawing a saved design that fits a room exactly
"""
