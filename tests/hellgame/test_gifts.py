"""Gifts and trades in the Soul Phase (7.2.1b, IP-08): gifts.py and the GIVE order."""

from __future__ import annotations

import pytest

from pbem.dice import Dice
from pbem.engine import ILLEGAL, INVALID
from pbem_games.hellgame import soul
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import check_sheet

LIARS, FALSIFIERS, SUGAR = "sectio.liars", "sectio.falsifiers", "sectio.sugar-hill"
HAND = ["arcana.berserk-rage", "arcana.dont-eat-that", "arcana.carnossa",
        "arcana.duel-of-sorcery", "arcana.entrapment"]


@pytest.fixture(scope="module")
def data():
    return load_data()


def run(st, data, orders):
    sheets = {}
    for player, text in orders.items():
        sheets[player] = check_sheet(st, data, player, text)
        assert not sheets[player].problems, [p.message for p in sheets[player].problems]
    log, dice = Log(), Dice(script=[])
    soul.run(st, sheets, dice, data, log)
    dice.finish()
    return log


def texts(log, *kinds):
    return [e.text for e in log.events if e.kind in kinds]


def line(st, data, player, text):
    return check_sheet(st, data, player, text).lines[0]


def test_hg_7_2_1b_02_a_player_gives_souls(make_state, data):
    st = make_state({"a": {"souls": 5}, "b": {}})
    log = run(st, data, {"a": "GIVE b 3 SOULS"})
    assert (st.players["a"].souls, st.players["b"].souls) == (2, 3)
    assert texts(log, "gift") == ["a gives b 3 Souls."]


def test_hg_7_2_1b_02_a_gifted_sectio_pays_its_old_owner_this_turn(make_state, data):
    st = make_state({"a": {}, "b": {}}, owners={LIARS: "a", FALSIFIERS: "a"})
    run(st, data, {"a": "GIVE b SECTIO Liars"})
    assert st.owners == {LIARS: "b", FALSIFIERS: "a"}
    assert (st.players["a"].souls, st.players["b"].souls) == (9, 0)  # income came first


def test_hg_7_2_1b_02_a_given_card_is_private_and_the_hand_limit_applies(make_state, data):
    st = make_state({"a": {"hand": ["arcana.belladonna"]}, "b": {"hand": list(HAND)}})
    log = run(st, data, {"a": "GIVE b ARCANA Belladonna"})
    assert st.players["a"].hand == []
    assert st.players["b"].hand == HAND  # the newest card, the gift, is thrown away
    assert st.arcana_deck == ["arcana.belladonna"]
    cards = [(e.text, e.visible_to) for e in log.events if e.kind == "gift-card"]
    assert cards == [("a gives b Belladonna.", ("a",)), ("a gives b Belladonna.", ("b",))]
    assert texts(log, "gift") == ["a gives b an Arcana card."]


def test_hg_7_2_1b_02_ip_08_a_trade_needs_the_other_sides_order(make_state, data):
    st = make_state({"a": {"souls": 5}, "b": {}}, owners={LIARS: "b", SUGAR: "b"})
    log = run(st, data, {"a": "GIVE b 3 SOULS IF b GIVES SECTIO Liars"})
    assert st.players["a"].souls == 5
    assert st.owners[LIARS] == "b"
    assert texts(log, "trade-unmatched") == [
        "a's trade with b does not happen: b gave no order to give LIARS in return."]


def test_hg_7_2_1b_02_ip_08_matching_trade_orders_run_together(make_state, data):
    st = make_state({"a": {"souls": 5}, "b": {}}, owners={LIARS: "b", SUGAR: "b"})
    log = run(st, data, {"a": "GIVE b 3 SOULS IF b GIVES SECTIO Liars",
                         "b": "GIVE a SECTIO Liars IF a GIVES 3 SOULS"})
    assert st.owners[LIARS] == "a"
    # b's Souls: SUGAR HILL 4, isolated (LIARS was still his and is not adjacent) -> 2,
    # LIARS 4-2 -> 2, then 3 from the trade.
    assert (st.players["a"].souls, st.players["b"].souls) == (2, 7)
    assert texts(log, "gift") == ["a gives b 3 Souls and b gives a LIARS."]


def test_hg_7_2_1b_02_ip_08_a_plain_gift_can_complete_a_trade(make_state, data):
    st = make_state({"a": {"souls": 5}, "b": {"hand": ["arcana.frenzy"]}})
    run(st, data, {"a": "GIVE b 3 SOULS IF b GIVES ARCANA Frenzy",
                   "b": "GIVE a ARCANA Frenzy"})
    assert st.players["a"].hand == ["arcana.frenzy"]
    assert st.players["b"].souls == 3


def test_hg_7_2_1b_02_ip_08_a_trade_is_atomic_when_one_half_fails(make_state, data):
    st = make_state({"a": {"souls": 2}, "b": {}}, owners={LIARS: "b", SUGAR: "b"})
    log = run(st, data, {"a": "GIVE b 10 SOULS IF b GIVES SECTIO Liars",
                         "b": "GIVE a SECTIO Liars IF a GIVES 10 SOULS"})
    assert st.owners[LIARS] == "b"
    assert st.players["a"].souls == 2
    assert texts(log, "gift-refused") == [
        "Not done: a gives b 10 Souls and b gives a LIARS, because a has only 2 Souls."]


def test_hg_7_2_1b_01_no_borrowing_or_lending(make_state, data):
    st = make_state({"a": {"souls": 3}, "b": {}})
    log = run(st, data, {"a": "GIVE b 10 SOULS"})
    assert (st.players["a"].souls, st.players["b"].souls) == (3, 0)  # never below 0
    assert texts(log, "gift-refused") == ["Not done: a gives b 10 Souls, because a has only "
                                          "3 Souls."]
    assert line(st, data, "a", "BORROW 5 SOULS").status == INVALID


def test_hg_7_2_1b_02_favours_and_disfavours_can_never_be_given(make_state, data):
    st = make_state({"a": {"favours": 3}, "b": {}})
    for text in ("GIVE b 1 FAVOUR", "GIVE b DISFAVOURS", "GIVE b 4 SOULS IF b GIVES 1 FAVOUR"):
        r = line(st, data, "a", text)
        assert (r.status, r.rule) == (ILLEGAL, "HG-7.2.1b-02")
        assert "Favours and Disfavours can never be given" in r.message


def test_hg_7_2_1b_03_the_last_sectio_may_not_be_given(make_state, data):
    st = make_state({"a": {}, "b": {}}, owners={LIARS: "a", SUGAR: "b", FALSIFIERS: "b"})
    r = line(st, data, "a", "GIVE b SECTIO Liars")
    assert (r.status, r.rule) == (ILLEGAL, "HG-7.2.1b-03")
    swap = line(st, data, "a", "GIVE b SECTIO Liars IF b GIVES SECTIO Sugar Hill")
    assert swap.ok


def test_hg_7_2_1b_03_two_gifts_cannot_give_away_every_sectio(make_state, data):
    st = make_state({"a": {}, "b": {}}, owners={LIARS: "a", FALSIFIERS: "a"})
    log = run(st, data, {"a": "GIVE b SECTIO Liars\nGIVE b SECTIO Falsifiers"})
    assert st.owners == {LIARS: "b", FALSIFIERS: "a"}
    assert texts(log, "gift-refused") == [
        "Not done: a gives b FALSIFIERS, because it is a's last Sectio, which may not be "
        "given away (HG-7.2.1b-03)."]


def test_hg_7_2_1b_03_a_swap_of_the_last_sectio_is_allowed(make_state, data):
    st = make_state({"a": {}, "b": {}}, owners={LIARS: "a", SUGAR: "b", FALSIFIERS: "b"})
    run(st, data, {"a": "GIVE b SECTIO Liars IF b GIVES SECTIO Sugar Hill",
                   "b": "GIVE a SECTIO Sugar Hill IF a GIVES SECTIO Liars"})
    assert st.owners == {LIARS: "b", SUGAR: "a", FALSIFIERS: "b"}


def test_hg_7_2_1b_02_hg_16_1_01_a_gift_before_upkeep_saves_legions(make_state, data):
    st = make_state({"a": {}, "b": {"souls": 5}},
                    units=[("legion", "a", "antehell"), ("legion", "a", "antehell")])
    run(st, data, {"b": "GIVE a 2 SOULS"})
    assert len(st.units_of("a", "legion")) == 2
    assert (st.players["a"].souls, st.players["a"].disfavours) == (0, 0)
