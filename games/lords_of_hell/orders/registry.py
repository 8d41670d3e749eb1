"""Imports every order module so that its orders register (one module per phase)."""

from . import cards, combat, gathering, standing, trading, transfer  # noqa: F401
