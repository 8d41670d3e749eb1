"""Imports every order module so that its orders register (one module per phase)."""

from . import cards, end, petitions, setup, soul, summoning  # noqa: F401
