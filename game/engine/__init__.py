"""One game and everything that changes it (DESIGN.md §2, §4-§7).

  game.py        Game as plain typed records (party, time track, dungeon, stats, Hallway, derived
                 caches), read-only queries, what it waits for, the state hash
  start.py       new_game;  dispatch.py  apply_action(game, action) -> Done / Refused / Waiting
  actions.py     actions as frozen data;  results.py  what applying one did
  rounds.py      rounds and the time track;  light.py  lantern and torches
  movement.py, doors.py, features.py, loot.py, stairs.py, story.py, town.py   a hero's actions
  room_entry.py  the Hallway and a room designed;  spawning.py  purchases become entities
  encounters.py  reactions, surprise, wandering monsters, the way back
  combat.py      the combat turn;  harm.py  one conflict's hits;  fates.py  deaths
  tactics.py, morale.py, reach.py   monsters played as their seat would play them
  trap_play.py   traps found, sprung, disarmed;  quests.py  the run's goal
  party_sight.py, routes.py, placement.py   what the party sees, paths, free tiles
  sightings.py   the log tells of a monster (in view, or out of sight) before it names it acting
  recording.py, replay.py, saves.py, morgue.py   recordings are saves; replays; the end on paper
"""
