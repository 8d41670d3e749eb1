"""Fixtures for Lords of Hell tests (the builders are in loh_kit.py: tests import from
there, since every test folder has a conftest module)."""

from __future__ import annotations

# First, so that the registries fill in the game's order (loader.py)
import pbem_games.lords_of_hell.loader  # noqa: F401  every order type and card effect

# isort: split
import pytest
from loh_kit import build_state


@pytest.fixture
def make_state():
    return build_state
