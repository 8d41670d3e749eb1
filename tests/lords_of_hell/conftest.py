"""Fixtures for Lords of Hell tests (the builders are in loh_kit.py: tests import from
there, since every test folder has a conftest module)."""

from __future__ import annotations

import pytest
from loh_kit import build_state


@pytest.fixture
def make_state():
    return build_state
