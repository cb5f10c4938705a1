"""The esper world of a game: small data-only components (components.py), one named world per
game with sorted queries and a copy through esper's public API (ecs.py), field of view (fov.py)."""
