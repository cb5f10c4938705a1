"""Players without a person: they read a game and return actions, as a human's keys do.

  companion.py  an AI hero's next action (explore, fight, loot, head back)
  autoplay.py   a whole run with AI at every seat (tests, benchmarks, the balance lab)
  scripted.py   runs driven by a list of actions (recordings made on purpose)
"""
