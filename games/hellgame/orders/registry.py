"""Imports every order module so that its orders register (one module per phase)."""

from . import end, petitions, setup, soul, summoning  # noqa: F401
