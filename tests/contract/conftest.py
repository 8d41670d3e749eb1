"""The toy game (tests/contract/toy/, High Card) is registered for the contract tests
only: the framework's registry is global, and other tests list the installed games
exactly (tests/framework/test_names_no_game.py). Each test here sees it; monkeypatch
takes it out again when the test ends."""

from __future__ import annotations

import pytest

from pbem import engine

from .toy import GAME as TOY


@pytest.fixture(autouse=True)
def toy_game(monkeypatch):
    monkeypatch.setitem(engine._REGISTRY, TOY.id, TOY)
    return TOY
