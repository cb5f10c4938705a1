"""The seats' AI: the other players at the table, who spend the room budgets (DESIGN.md §1-§2).

- table.py        who designs for each seat: personality, and whether the AI builds for it
- personality.py  the personalities of data/personalities.toml (swarm, tyrant, warden, ...)
- hallway.py      the Hallway: new heroes, level-ups, continuous damage hook, category roll-off
- room.py         design_room: the Traps seat shapes the room, the three designers spend, names
- monsters.py, traps.py, treasure.py   each category spent to the last point, every rule asserted
- spend.py, scout.py                   sharing a budget exactly; what a designer knows of the party
- naming.py       names and descriptions by the seriousness dial and the theme (data/names.toml)
- wandering.py    wandering monsters on the way back to town
- generate.py, generate_cli.py         `generate` and `catalog`; bench.py: rooms designed per second
- tactics.py, companion.py             monsters and AI heroes played in the world
"""
