"""Masterless: a roguelike with no game master (see ../shared/DESIGN.md and README.md).

  rules/      the tabletop rules as pure functions (Fungeon, Donjon, Budget Dungeons)
  designers/  the seats' AI: rooms built on budgets, monsters played, AI heroes
  mapgen/     floors of room cells from Roll Through the Dungeon's tables
  world/      the esper world, its components, sight
  engine/     a game: actions, rounds, combat, traps, rooms, town, recordings, saves
  ui/         screens, keys and the terminal / window / headless presenters
  content.py  data/*.toml loading;  cli.py  the command line;  bench.py  `main.py bench`
"""
