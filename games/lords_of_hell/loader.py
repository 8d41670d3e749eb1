"""Imports every module that registers an order type or a card's effect: once it is
imported, every registry of the game is complete.

A registry (orders/__init__.py, effects.py) never imports its registrants: that made an
import cycle, which broke as soon as a module was imported first in another order
(issue 21). The game (game.py) imports this module instead, and so does the test suite
(tests/lords_of_hell/conftest.py); tests/framework/test_imports.py fails when a module
that registers something is missing here.

The order below is the order of registration (a module registers once its own imports
are done), which is the order the order types are listed in (game.order_help).
"""

# ruff: noqa: F401  (each import registers; nothing is used by name)
# isort: off

# The order types, one module per stage, and the standing orders
import pbem_games.lords_of_hell.orders.cards
import pbem_games.lords_of_hell.orders.combat
import pbem_games.lords_of_hell.orders.combat_deal
import pbem_games.lords_of_hell.orders.combat_fight
import pbem_games.lords_of_hell.orders.gathering
import pbem_games.lords_of_hell.orders.standing
import pbem_games.lords_of_hell.orders.trading
import pbem_games.lords_of_hell.orders.transfer
import pbem_games.lords_of_hell.orders.truce

# The cards' effects
import pbem_games.lords_of_hell.cards.artifacts
import pbem_games.lords_of_hell.cards.hordes
import pbem_games.lords_of_hell.cards.rituals
import pbem_games.lords_of_hell.cards.specials
# isort: on
