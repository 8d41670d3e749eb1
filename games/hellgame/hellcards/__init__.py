"""The Hell cards' Events and Phenomena beyond the first few (issue 7), by the part of
the turn their effects reach. Each module registers its effects with effects.hell_card
and effects.phenomenon when imported (the game's loader.py imports them); their lasting
effects ("this turn", "while in play") register on the phases' hook points (hooks.py),
each asking in_play.in_force / in_play.phenomenon_here whether its card acts now; no
phase module imports or names a card.

- income: the Soul Phase and the cards' draws (Souls, Favours, Disfavours, Arcana)
- instant: one-off Events resolved at once (Daemons change hands or die, Sectio change)
- movement: Phenomena and Events that move, block or destroy Units on the map
- turn_rules: Events that change the Action, Summoning, Petitions and End Phases
"""
