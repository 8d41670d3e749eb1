"""Checking orders never changes the state it checks against.

The framework checks a whole batch of mail against one parsed snapshot, and the game
reuses its state object across those checks (game.py), so a parser that mutated the
state would leak one player's sheet into the next player's check.
"""

import copy
import random

import pytest
from test_properties import _random_sheet, _turn_state

from pbem_games.hellgame import GAME


@pytest.mark.parametrize("seed", ["p1", "p2", "p3"])
def test_checking_many_sheets_leaves_the_state_and_its_object_unchanged(seed):
    state = _turn_state(seed)
    before = copy.deepcopy(state)
    rng = random.Random(seed)
    first = {p: GAME.check_orders(state, p, "").to_dict() for p in state["seats"]}
    for _ in range(200):
        GAME.check_orders(state, rng.choice(state["seats"]), _random_sheet(rng))
    assert state == before
    built = GAME._read_only(state)  # the object the 200 checks shared (kit.statecache)
    assert GAME._read_only(state) is built
    assert built.to_dict() == before
    # and the same empty sheet reads the same after 200 others
    assert {p: GAME.check_orders(state, p, "").to_dict() for p in state["seats"]} == first
