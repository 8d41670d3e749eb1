"""Imports every module that registers an order type, an Action kind, the effect of a
card or of a Daemon ability, or a hook: once it is imported, every registry of the game
is complete.

A registry (orders/__init__.py, effects.py, action/kinds.py, action/magic.py,
combat/magic.py, playright.py, hooks.py ...) never imports its registrants: that made
import cycles, which broke as soon as a module was imported first in another order
(issue 21). The game (game.py) and the turn (turn.py) import this module instead, and
so does the test suite (tests/hellgame/conftest.py); tests/framework/test_imports.py
fails when a module that registers something is missing here.

The order below is the order of registration (a module registers once its own imports
are done), which is the order HELP ORDERS lists the order types in (orderhelp.py).
"""

# ruff: noqa: F401  (each import registers; nothing is used by name)
# isort: off

# The order types, one module per phase, and the Daemon lines (actions)
import pbem_games.hellgame.orders.cards
import pbem_games.hellgame.orders.abilities
import pbem_games.hellgame.orders.rerolls
import pbem_games.hellgame.orders.flight_pref
import pbem_games.hellgame.orders.flee
import pbem_games.hellgame.orders.passage
import pbem_games.hellgame.orders.actions
import pbem_games.hellgame.orders.events
import pbem_games.hellgame.orders.combat
import pbem_games.hellgame.orders.combat_consent
import pbem_games.hellgame.orders.counters
import pbem_games.hellgame.orders.end
import pbem_games.hellgame.orders.lilith
import pbem_games.hellgame.orders.setup
import pbem_games.hellgame.orders.petitions
import pbem_games.hellgame.orders.playright
import pbem_games.hellgame.orders.soul
import pbem_games.hellgame.orders.summoning
import pbem_games.hellgame.orders.v1

# The Action kinds, the Daemon abilities, the Arcana cast as Actions, the Counter rule and
# the re-roll cards
import pbem_games.hellgame.action.catalog
import pbem_games.hellgame.action.abilities
import pbem_games.hellgame.action.queue
import pbem_games.hellgame.action.reroll
import pbem_games.hellgame.action.reroll_cards
import pbem_games.hellgame.action.countering
import pbem_games.hellgame.action.spells_incapacitation
import pbem_games.hellgame.action.spells_counters
import pbem_games.hellgame.action.spells_favours
import pbem_games.hellgame.action.spells_lilith
import pbem_games.hellgame.action.spells_turns
import pbem_games.hellgame.action.spells_daemons
import pbem_games.hellgame.action.spells_cards
import pbem_games.hellgame.action.spells_sectios
import pbem_games.hellgame.action.spells_marching
import pbem_games.hellgame.action.spells_transport
import pbem_games.hellgame.action.spells_own_recovery
import pbem_games.hellgame.action.spells_bonuses
import pbem_games.hellgame.action.spells_in_random_moves
import pbem_games.hellgame.action.spells_sleep_late

# The Play Right Away cards; the Hell cards' Events and Phenomena
import pbem_games.hellgame.cards
import pbem_games.hellgame.playright
import pbem_games.hellgame.playright_lasting
import pbem_games.hellgame.events
import pbem_games.hellgame.hellcards.income
import pbem_games.hellgame.hellcards.instant
import pbem_games.hellgame.hellcards.movement
import pbem_games.hellgame.hellcards.turn_rules
import pbem_games.hellgame.hellcards.rage

# The Combat cards and the Daemon abilities used in combat
import pbem_games.hellgame.combat.abilities
import pbem_games.hellgame.combat.cards_rolls
import pbem_games.hellgame.combat.cards_casualties
import pbem_games.hellgame.combat.cards_units
import pbem_games.hellgame.combat.cards_dice
import pbem_games.hellgame.combat.counters

# The Daemon abilities of the Hell, Soul and Summoning Phases; the hooks of It Is All Lost!!!
import pbem_games.hellgame.abilities
import pbem_games.hellgame.all_lost
# isort: on
