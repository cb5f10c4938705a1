"""What every layer stands on: named random streams (rng.py), the table's dials and seats,
errors with their exit codes, data/*.toml loading (content.py), user paths and the one atomic
write (paths.py), temp files held locked while they are filed (staged_files.py), the words for
each ending (outcomes.py)."""
