"""The tabletop rules, pure: no ECS, no I/O, no global state (DESIGN.md §2-§3).

  dice.py       pools, Thwack-O dice, roll events and their narrator
  conflicts.py  the annoying and the painful conflict, with full roll records
  successes.py  Donjon's Law of Successes; story point dice
  purchases.py  traps, abilities, monsters, treasure as bought
  costs.py      their costs and the validators that name each broken rule
  heroes.py     hero sheets, Class Bonus ties, pool sizes
  party.py      party math, budgets, experience, new heroes
"""
