"""Masterless: a roguelike with no game master (see ../shared/DESIGN.md and README.md).

Layers, bottom to top; a module imports only from its own layer or those below it (checked by
tests/structure/test_layers.py, function-level imports included):

  core/        random streams, dials, seats, errors, data/*.toml loading, user paths, endings
  rules/       the tabletop rules as pure functions (Fungeon, Donjon, Budget Dungeons)
  world/       the esper world of a game: data-only components, field of view
  mapgen/      floors of room cells from Roll Through the Dungeon's tables
  designers/   the seats that spend room budgets (never the engine); personalities as data
  engine/      one game as plain records, apply_action -> result, rounds, combat, recordings
  agents/      whatever picks a hero's actions without a person: companions, autoplay
  ui/          screens, keys, the flow between screens, terminal / window / headless presenters
  commands/    the commands that are not a screen: generate, autoplay, replay --headless, ...
  benchmarks/  `python main.py bench`
  cli.py       the command line
"""
