"""Special die rolls (3.4) and Favour bookkeeping (14.1) in games/hellgame/favours.py."""

from __future__ import annotations

import pytest

from pbem.dice import Dice, DiceError
from pbem_games.hellgame import favours
from pbem_games.hellgame.data import load_data


@pytest.fixture(scope="module")
def data():
    return load_data()


def test_hg_3_4_02_no_disfavours_is_automatic_and_rolls_no_die(make_state):
    st = make_state({"a": {"disfavours": 0}})
    dice = Dice(script=[])
    assert favours.disfavour_roll(st, "a", dice, "test") is True
    assert dice.rolls() == []


@pytest.mark.parametrize("disfavours, die, ok", [
    (1, 2, True),   # higher than 1
    (1, 1, False),  # equal is not higher
    (2, 3, True),
    (2, 2, False),
    (5, 6, True),
    (5, 5, False),
])
def test_hg_3_4_02_disfavour_roll_needs_a_die_higher_than_disfavours(make_state, disfavours,
                                                                     die, ok):
    st = make_state({"a": {"disfavours": disfavours}})
    dice = Dice(script=[die])
    assert favours.disfavour_roll(st, "a", dice, "test") is ok
    dice.finish()
    assert dice.rolls()[0]["player"] == "a"


@pytest.mark.parametrize("disfavours", [6, 7])
def test_hg_3_4_02_six_or_more_disfavours_fail_without_a_die(make_state, disfavours):
    st = make_state({"a": {"disfavours": disfavours}})
    dice = Dice(script=[])
    assert favours.disfavour_roll(st, "a", dice, "test") is False
    assert dice.rolls() == []


def test_hg_3_4_01_soul_roll_collects_the_die_in_souls(make_state):
    st = make_state({"a": {"souls": 4}})
    assert favours.soul_roll(st, "a", Dice(script=[5]), "test") == 5
    assert st.players["a"].souls == 9


@pytest.mark.parametrize("die, ok", [(1, True), (4, True), (5, False), (6, False)])
def test_hg_3_4_04_roll_against_hearts_succeeds_at_or_below(make_state, data, die, ok):
    # Andras has 4 Hearts (000 §9.6 example).
    st = make_state({"a": {"daemons": ["daemon.andras"]}})
    assert favours.roll_against(st, data, Dice(script=[die]), "daemon.andras", "hearts",
                                "test") is ok


def test_hg_3_4_04_roll_against_skulls_and_stars_use_their_own_number(make_state, data):
    # Caim: 4 Skulls, 4 Stars, 1 Heart.
    st = make_state({"a": {"daemons": ["daemon.caim"]}})
    dice = Dice(script=[4, 4, 2])
    assert favours.roll_against(st, data, dice, "daemon.caim", "skulls", "t") is True
    assert favours.roll_against(st, data, dice, "daemon.caim", "stars", "t") is True
    assert favours.roll_against(st, data, dice, "daemon.caim", "hearts", "t") is False


def test_hg_3_4_04_modifier_is_added_to_the_die(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.andras"]}})
    # A bribe's -1 turns a 5 into a 4: at or below 4 Hearts.
    assert favours.roll_against(st, data, Dice(script=[5]), "daemon.andras", "hearts", "t",
                                modifier=-1) is True


def test_hg_3_4_04_unknown_attribute_is_refused(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.andras"]}})
    with pytest.raises(ValueError, match="hearts"):
        favours.roll_against(st, data, Dice(script=[1]), "daemon.andras", "charm", "t")


def test_hg_3_4_05_duel_of_hearts_rulebook_example(make_state, data):
    # 000 §3.4 example: Moloch (2 Hearts) totals 11, Baal (3 Hearts) an abysmal 5.
    st = make_state({"a": {"daemons": ["daemon.moloch"]}, "b": {"daemons": ["daemon.baal"]}})
    # No phase runs a duel yet (Lilith's courting and the duel cards come later), so the
    # example is proved here rather than in a scenario file.
    dice = Dice(script=[5, 6, 1, 2, 2])
    assert favours.duel(st, data, dice, ["daemon.moloch", "daemon.baal"], "hearts",
                        "duel") == "daemon.moloch"
    dice.finish()
    rolls = dice.rolls()
    assert [r["player"] for r in rolls] == ["a", "a", "b", "b", "b"]  # 2 and 3 Hearts
    assert [r["reason"] for r in rolls] == ["duel: daemon.moloch"] * 2 + ["duel: daemon.baal"] * 3
    moloch = sum(r["result"] for r in rolls if r["player"] == "a")
    baal = sum(r["result"] for r in rolls if r["player"] == "b")
    assert (moloch, baal) == (11, 5)  # one round: no tie, no re-roll


def test_hg_3_4_05_duel_tie_rerolls_all_dice(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.moloch"]}, "b": {"daemons": ["daemon.baal"]}})
    # Round 1: 3+3 = 6 against 2+2+2 = 6, a tie; round 2: 1+1 = 2 against 1+1+1 = 3.
    dice = Dice(script=[3, 3, 2, 2, 2, 1, 1, 1, 1, 1])
    assert favours.duel(st, data, dice, ["daemon.moloch", "daemon.baal"], "hearts",
                        "duel") == "daemon.baal"
    dice.finish()


def test_hg_3_4_05_three_way_duel_only_the_tied_leaders_reroll(make_state, data):
    # several Daemons roll together; only those tied for the highest roll again.
    st = make_state({"a": {"daemons": ["daemon.gomory", "daemon.paymon", "daemon.moloch"]}})
    # Skulls: Gomory 1, Paymon 1, Moloch 3. Round 1: 6, 6, 1+1+1 = 3 -> Gomory and Paymon
    # tie; round 2: 2 against 5, and Moloch rolls no more.
    dice = Dice(script=[6, 6, 1, 1, 1, 2, 5])
    assert favours.duel(st, data, dice, ["daemon.gomory", "daemon.paymon", "daemon.moloch"],
                        "skulls", "duel") == "daemon.paymon"
    dice.finish()


def test_hg_3_4_05_a_duel_needs_two_daemons(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.moloch"]}})
    with pytest.raises(ValueError):
        favours.duel(st, data, Dice(script=[]), ["daemon.moloch"], "hearts", "duel")


def test_hg_3_4_05_duel_uses_only_scripted_rolls(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.moloch"]}, "b": {"daemons": ["daemon.baal"]}})
    with pytest.raises(DiceError):
        favours.duel(st, data, Dice(script=[6, 6, 1]), ["daemon.moloch", "daemon.baal"],
                     "hearts", "duel")


def test_hg_14_1_01_each_disfavour_binds_one_favour(make_state):
    st = make_state({"a": {"favours": 3, "disfavours": 2}})
    assert st.players["a"].free_favours == 1
    assert favours.spend_free_favour(st, "a") is True
    assert st.players["a"].favours == 2
    # The two Favours left are both bound.
    assert favours.spend_free_favour(st, "a") is False
    assert st.players["a"].favours == 2


def test_hg_13_1_01_buy_off_costs_two_favours_per_disfavour():
    assert [favours.buy_off_cost(n) for n in (0, 1, 3)] == [0, 2, 6]
