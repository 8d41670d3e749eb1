"""Imports every order module so that its orders register (one module per phase)."""

from . import cards, counters, end, flee, passage, petitions, setup, soul, summoning  # noqa: F401
