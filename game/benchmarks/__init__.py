"""`python main.py bench` (suite.py): each area measured by its own module (rules, designers,
mapgen, terminal frames, engine, recordings), every number with its target (measure.py)."""
