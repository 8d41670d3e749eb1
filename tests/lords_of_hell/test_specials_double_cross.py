"""Double Cross (cards/double_cross.py; LH-I.3.4-02, LH-II.1-01; digest §3.3 and PB-13):
standing triggers, chains, unstoppable cards."""

from __future__ import annotations

import dataclasses

from loh_kit import DATA, discarded, play, public, sheet

from pbem.engine import ILLEGAL, INVALID
from pbem_games.lords_of_hell.orders import check_sheet

DECK = ["horde.fiends"]  # not empty: discards stay in the discard pile
DC = "special.double-cross"


def triggers(st, name):
    kept = st.players[name].standing.get("DOUBLE CROSS")
    return kept["canonical"] if kept else None


def recall_state(make_state, **extra):
    """a (Starter) has his Devil on Earth and a Recall; the others as given."""
    players = {"a": {"status": "earth", "hand": ["special.recall"]}, "b": {}, "c": {}, "d": {}}
    for name, fields in extra.items():
        players[name] = {**players[name], **fields}
    return make_state(players, phase="combat", round=1, deck=DECK)


def test_lh_i_3_4_02_double_cross_cancels_a_special(make_state):
    """special.double-cross: b's trigger matches a's Recall: the Recall is cancelled, both
    cards are discarded, the trigger is used up."""
    st = recall_state(make_state, b={"hand": [DC]})
    log = play(st, {"a": sheet(st, "a", "PLAY Recall"),
                    "b": sheet(st, "b", "DOUBLE CROSS IF Recall")})
    assert st.players["a"].status == "earth"
    assert sorted(discarded(st)) == [DC, "special.recall"]
    assert st.players["b"].hand == [] and triggers(st, "b") is None
    assert public(log) == ["a plays Recall.", "b Double Crosses a's Recall.",
                           "a's Recall is cancelled and discarded with no effect."]


def test_lh_ii_1_01_double_cross_of_a_double_cross(make_state):
    """LH-II.1-01: only Double Cross interrupts, and a Double Cross may itself be Double
    Crossed (digest §3.3): a answers b's Double Cross, so the Recall goes ahead."""
    st = recall_state(make_state, a={"hand": ["special.recall", DC]}, b={"hand": [DC]})
    log = play(st, {"a": sheet(st, "a", "PLAY Recall\nDOUBLE CROSS IF TARGETING ME"),
                    "b": sheet(st, "b", "DOUBLE CROSS IF Recall")})
    assert st.players["a"].status == "hell"
    assert sorted(discarded(st)) == [DC, DC, "special.recall"]
    assert public(log)[:4] == ["a plays Recall.", "b Double Crosses a's Recall.",
                               "a Double Crosses b's Double Cross.",
                               "b's Double Cross is cancelled and discarded; a's Recall still "
                               "stands."]


def test_double_cross_chain_of_three(make_state):
    """a's Double Cross of b's Double Cross is Double Crossed by c (IF ANY): b's stands,
    the Recall is cancelled. Triggers are checked Starter first, clockwise (LH-I.4.3-01)."""
    st = recall_state(make_state, a={"hand": ["special.recall", DC]}, b={"hand": [DC]},
                      c={"hand": [DC]})
    log = play(st, {"a": sheet(st, "a", "PLAY Recall\nDOUBLE CROSS IF TARGETING ME"),
                    "b": sheet(st, "b", "DOUBLE CROSS IF Recall"),
                    "c": sheet(st, "c", "DOUBLE CROSS IF ANY")})
    assert st.players["a"].status == "earth"
    assert sorted(discarded(st)) == [DC, DC, DC, "special.recall"]
    assert public(log) == [
        "a plays Recall.", "b Double Crosses a's Recall.",
        "a Double Crosses b's Double Cross.", "c Double Crosses a's Double Cross.",
        "a's Double Cross is cancelled and discarded; b's Double Cross still stands.",
        "a's Recall is cancelled and discarded with no effect."]


def test_first_matching_trigger_in_starter_order_fires(make_state):
    """c and d both answer a Recall; with d the Starter (seats a b c d), d is asked before
    c (LH-I.4.3-01) and his trigger fires; c keeps his card and trigger."""
    st = recall_state(make_state, c={"hand": [DC]}, d={"hand": [DC]})
    st.starter = "d"
    log = play(st, {"a": sheet(st, "a", "PLAY Recall"),
                    "c": sheet(st, "c", "DOUBLE CROSS IF Recall"),
                    "d": sheet(st, "d", "DOUBLE CROSS IF Recall")})
    assert "d Double Crosses a's Recall." in public(log)
    assert triggers(st, "c") == "DOUBLE CROSS IF Recall" and st.players["c"].hand


def test_triggers_stand_until_used(make_state):
    """PB-13: a trigger is kept from stage to stage until it matches."""
    st = recall_state(make_state, b={"hand": [DC]})
    st.players["a"].status = "hell"
    play(st, {"b": sheet(st, "b", "DOUBLE CROSS IF Recall")})
    assert triggers(st, "b") == "DOUBLE CROSS IF Recall"
    st.round = 2
    st.players["a"].status = "earth"
    play(st, {"a": sheet(st, "a", "PLAY Recall"), "b": None})
    assert st.players["a"].status == "earth" and triggers(st, "b") is None


def test_a_new_sheet_replaces_triggers_and_off_drops_them(make_state):
    st = recall_state(make_state, b={"hand": [DC]})
    play(st, {"b": sheet(st, "b", "DOUBLE CROSS IF Recall\nDOUBLE CROSS IF ANY BY c")})
    assert triggers(st, "b") == "DOUBLE CROSS IF Recall; DOUBLE CROSS IF ANY BY c"
    play(st, {"b": sheet(st, "b", "DOUBLE CROSS IF Silence")})
    assert triggers(st, "b") == "DOUBLE CROSS IF Silence"
    play(st, {"b": sheet(st, "b", "DOUBLE CROSS OFF")})
    assert triggers(st, "b") is None


def test_matching_trigger_without_the_card_stays_and_is_told(make_state):
    st = recall_state(make_state)
    log = play(st, {"a": sheet(st, "a", "PLAY Recall"),
                    "b": sheet(st, "b", "DOUBLE CROSS IF Recall")})
    assert st.players["a"].status == "hell"
    assert triggers(st, "b") == "DOUBLE CROSS IF Recall"
    assert [e.text for e in log.events if e.visible_to == ("b",)] == [
        "Your trigger DOUBLE CROSS IF Recall matched a's Recall, but you hold no Double "
        "Cross; the trigger stays."]


def test_by_limits_a_trigger_to_one_player(make_state):
    st = recall_state(make_state, b={"hand": [DC]})
    play(st, {"a": sheet(st, "a", "PLAY Recall"),
              "b": sheet(st, "b", "DOUBLE CROSS IF ANY BY c")})
    assert st.players["a"].status == "hell"
    assert triggers(st, "b") == "DOUBLE CROSS IF ANY BY c"


def test_own_cards_are_never_double_crossed_by_oneself(make_state):
    st = recall_state(make_state, a={"hand": ["special.recall", DC]})
    play(st, {"a": sheet(st, "a", "PLAY Recall\nDOUBLE CROSS IF ANY")})
    assert st.players["a"].status == "hell"
    assert triggers(st, "a") == "DOUBLE CROSS IF ANY"


def test_lh_i_3_4_02_unstoppable_cannot_be_double_crossed(make_state):
    """LH-I.3.4-02: an unstoppable special cannot be Double Crossed (the data flag; every
    special of the default set is normal, so the test makes Recall unstoppable)."""
    cards = dict(DATA.cards)
    cards["special.recall"] = dataclasses.replace(cards["special.recall"], unstoppable=True)
    data = dataclasses.replace(DATA, cards=cards)
    st = recall_state(make_state, b={"hand": [DC]})
    play(st, {"a": sheet(st, "a", "PLAY Recall", data),
              "b": sheet(st, "b", "DOUBLE CROSS IF ANY", data)}, data)
    assert st.players["a"].status == "hell"
    assert st.players["b"].hand != [] and triggers(st, "b") == "DOUBLE CROSS IF ANY"
    r = check_sheet(st, data, "b", "DOUBLE CROSS IF Recall").lines[0]
    assert r.status == ILLEGAL and "unstoppable" in r.message


def test_double_cross_order_errors(make_state):
    st = make_state(["a", "b", "c", "d"])
    bad = check_sheet(st, DATA, "a", "DOUBLE CROSS Recall\nDOUBLE CROSS IF ANY BY a").lines
    assert bad[0].status == INVALID and "needs IF" in bad[0].message
    assert bad[1].status == ILLEGAL and "your own cards" in bad[1].message
    ok = check_sheet(st, DATA, "a", "double cross if targeting me by Belial").lines[0]
    assert ok.canonical == "DOUBLE CROSS IF TARGETING ME BY c"  # c's Devil is Belial
