"""The stored state is a value: loading and resolving never change the caller's copy."""

from __future__ import annotations

import copy

from pbem.dice import Dice
from pbem_games.hellgame import GAME
from pbem_games.hellgame.state import HellState

PLAYERS = ["anna", "boris", "chiara"]


def test_hg_5_2_01_resolving_a_turn_leaves_the_given_state_untouched():
    setup, _, _ = GAME.new_game(PLAYERS, {}, Dice("pure"))
    state = GAME.resolve(setup, {p: None for p in PLAYERS}, Dice("pure-0")).state
    sheets = {p: GAME.check_orders(state, p, "BUY ARCANA 1\nLEGIONS 1") for p in PLAYERS}
    before = copy.deepcopy(state)
    first = GAME.resolve(state, sheets, Dice("pure-1")).state
    assert state == before  # decks, hands and owners were not changed in place
    # ... so the same inputs give the same result a second time.
    assert GAME.resolve(state, sheets, Dice("pure-1")).state == first


def test_hg_3_3_02_a_loaded_state_shares_no_list_with_its_dict():
    d = {"seats": ["a"], "players": {"a": {"name": "a", "hand": ["arcana.frenzy"]}},
         "daemons": {}, "units": [], "arcana_deck": ["arcana.belladonna"],
         "owners": {"sectio.liars": "a"}, "lieutenant_boxes": [["lieutenant.sulla"], [], []]}
    st = HellState.from_dict(d)
    st.players["a"].hand.append(st.arcana_deck.pop(0))
    st.owners.clear()
    st.lieutenant_boxes[0].clear()
    assert d["players"]["a"]["hand"] == ["arcana.frenzy"]
    assert d["arcana_deck"] == ["arcana.belladonna"]
    assert d["owners"] == {"sectio.liars": "a"}
    assert d["lieutenant_boxes"] == [["lieutenant.sulla"], [], []]
