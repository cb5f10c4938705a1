"""The esper world of a game: small data-only components, a per-game named world, and sight."""
