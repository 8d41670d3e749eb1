"""Victor's Right (12.2), allies (A-28) and Freebooters taking Sectio (12.3):
games/hellgame/petitions.py and orders/petitions.py."""

from __future__ import annotations

import pytest

from pbem.dice import Dice
from pbem.engine import ILLEGAL
from pbem_games.hellgame import petitions
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import check_sheet
from pbem_games.hellgame.state import HellState

LIARS, FALSIFIERS, SPIES = "sectio.liars", "sectio.falsifiers", "sectio.spies"
PARLIAMENT = "sectio.parliament-of-intolerance"


@pytest.fixture(scope="module")
def data():
    return load_data()


def run(st, data, orders=None, script=()):
    sheets = {p: None for p in st.seats}
    for player, text in (orders or {}).items():
        sheets[player] = check_sheet(st, data, player, text)
        assert not sheets[player].problems, [p.message for p in sheets[player].problems]
    log, dice = Log(), Dice(script=list(script))
    petitions.run(st, sheets, dice, data, log)
    dice.finish()
    return log


def won(*winners, rounds=1):
    return {"winners": list(winners), "rounds": rounds}


def test_hg_12_example_petitions_victors_right_and_a_favour(make_state, data):
    """000 §12 "Example: Petitions": the Devourer won in LIARS and takes it from The Void
    by Victor's Right; its one Favour buys FALSIFIERS, not PARLIAMENT OF INTOLERANCE."""
    st = make_state({"void": {"daemons": ["daemon.orias"]},
                     "devourer": {"favours": 1, "daemons": ["daemon.moloch"]},
                     "beast": {}},
                    owners={LIARS: "void", FALSIFIERS: "void", SPIES: "void"},
                    units=[("legion", "devourer", LIARS), ("legion", "devourer", PARLIAMENT),
                           ("legion", "devourer", FALSIFIERS)],
                    combat_wins={LIARS: won("devourer", rounds=2)})
    log = run(st, data, {"devourer": "PETITION Falsifiers\nPETITION Parliament of Intolerance"})
    assert st.sectio_of("devourer") == [FALSIFIERS, LIARS]  # HG-2.4.2-01: cards too
    assert st.players["devourer"].favours == 0
    assert [e.text for e in log.events] == [
        "devourer claims Victor's Right and takes control of LIARS, from void.",
        "devourer spends a Favour and takes control of FALSIFIERS, from void.",
        "Your petition for PARLIAMENT OF INTOLERANCE fails: you have no Favour to spend."]


def test_hg_12_2_01_hg_3_4_02_the_disfavour_roll_decides(make_state, data):
    st = make_state({"a": {"disfavours": 1}, "b": {}, "c": {}},
                    units=[("legion", "a", LIARS)], combat_wins={LIARS: won("a")})
    log = run(st, data, script=[2])  # 2 > 1 Disfavour
    assert st.owners == {LIARS: "a"}
    assert log.events[-1].rule == "HG-12.2-01"


def test_hg_12_2_01_a_failed_roll_keeps_the_sectio_and_costs_nothing(make_state, data):
    st = make_state({"a": {"disfavours": 1, "favours": 2}, "b": {}, "c": {}},
                    units=[("legion", "a", LIARS)], combat_wins={LIARS: won("a")})
    log = run(st, data, script=[1])
    assert st.owners == {} and st.players["a"].favours == 2
    assert [e.text for e in log.events] == [
        "a claims LIARS by Victor's Right but fails the Disfavour Roll."]


def test_ip_47_a_petition_is_the_fall_back_when_the_roll_fails(make_state, data):
    st = make_state({"a": {"disfavours": 1, "favours": 2}, "b": {}, "c": {}},
                    units=[("legion", "a", LIARS)], combat_wins={LIARS: won("a")})
    log = run(st, data, {"a": "PETITION Liars"}, script=[1])
    assert st.owners == {LIARS: "a"} and st.players["a"].favours == 1
    assert log.events[-1].text == "a spends a Favour and takes control of LIARS, unowned " \
                                  "until now (HG-12.0-04)."


def test_ip_47_no_favour_is_spent_when_victors_right_succeeds(make_state, data):
    st = make_state({"a": {"favours": 1}, "b": {}, "c": {}},
                    units=[("legion", "a", LIARS)], combat_wins={LIARS: won("a")})
    run(st, data, {"a": "PETITION Liars"})
    assert st.owners == {LIARS: "a"} and st.players["a"].favours == 1


def test_hg_12_2_01_a_win_needs_at_least_one_round(make_state, data):
    # HG-12.2-02: Units fleeing from a march are no combat; a record of 0 rounds is no win.
    st = make_state(units=[("legion", "a", LIARS)], combat_wins={LIARS: won("a", rounds=0)})
    log = run(st, data)
    assert st.owners == {} and log.events == []


def test_hg_12_0_03_victors_right_needs_no_unfriendly_units(make_state, data):
    st = make_state(units=[("legion", "a", LIARS), ("hellhound", None, LIARS, "hellhound.1")],
                    combat_wins={LIARS: won("a")})
    log = run(st, data)
    assert st.owners == {}
    assert [(e.visible_to, e.text) for e in log.events] == [
        (("a",), "Your Victor's Right to LIARS cannot be used: LIARS holds 1 unfriendly Unit "
                 "(HG-12.0-03).")]


def test_hg_12_0_03_victors_right_needs_a_legion(make_state, data):
    st = make_state(units=[("lieutenant", "a", LIARS, "lieutenant.sulla")],
                    combat_wins={LIARS: won("a")})
    run(st, data)
    assert st.owners == {}


def test_a_28_allies_block_each_other_without_consent(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {"daemons": ["daemon.orias"]},
                     "c": {}}, units=[("legion", "a", LIARS), ("legion", "b", LIARS)],
                    combat_wins={LIARS: won("a", "b")})
    run(st, data)
    assert st.owners == {}


def test_a_28_ip_48_with_consent_only_one_ally_uses_victors_right(make_state, data):
    # Baal (rank 14) outranks Orias (41): a claims first; b may not claim it back.
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {"daemons": ["daemon.orias"]},
                     "c": {}}, units=[("legion", "a", LIARS), ("legion", "b", LIARS)],
                    combat_wins={LIARS: won("b", "a")})
    log = run(st, data, {"a": "ALLOW PETITIONS b IN Liars", "b": "ALLOW PETITIONS a"})
    assert st.owners == {LIARS: "a"}
    assert [e.text for e in log.events] == [
        "a claims Victor's Right and takes control of LIARS, unowned until now (HG-12.0-04).",
        "Your Victor's Right to LIARS cannot be used: an ally has used Victor's Right in "
        "LIARS already (A-28)."]


def test_a_28_consent_covers_only_the_sectio_named(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal"]}, "b": {}, "c": {}},
                    units=[("legion", "a", LIARS), ("legion", "b", LIARS)],
                    combat_wins={LIARS: won("a", "b")})
    run(st, data, {"b": "ALLOW PETITIONS a IN Spies"})
    assert st.owners == {}


def test_a_27_victors_right_in_rank_order(make_state, data):
    # Both won somewhere; the order shows in the report: Baal's Triumvirate first.
    st = make_state({"b": {"daemons": ["daemon.orias"]}, "a": {"daemons": ["daemon.baal"]},
                     "c": {}}, units=[("legion", "a", LIARS), ("legion", "b", SPIES)],
                    combat_wins={SPIES: won("b"), LIARS: won("a")})
    log = run(st, data)
    assert [e.data["player"] for e in log.events] == ["a", "b"]


def test_hg_12_3_01_hg_10_4_02_freebooters_take_their_sectio(make_state, data):
    st = make_state(owners={LIARS: "a", SPIES: "a"},
                    units=[("legion", None, LIARS), ("hellhound", None, FALSIFIERS,
                                                     "hellhound.1")])
    log = run(st, data)
    assert st.owners == {SPIES: "a"}  # a rampaging hound takes nothing
    assert st.freebooter_sectio == [LIARS]
    assert [(e.text, e.rule) for e in log.events] == [
        ("Freebooters take control of LIARS, taking it from a.", "HG-12.3-01")]


def test_hg_12_0_05_a_player_marker_replaces_the_freebooter_marker(make_state, data):
    st = make_state({"a": {"favours": 1}, "b": {}, "c": {}}, units=[("legion", "a", LIARS)],
                    freebooter_sectio=[LIARS])
    run(st, data, {"a": "PETITION Liars"})
    assert st.owners == {LIARS: "a"} and st.freebooter_sectio == []


def test_allow_petitions_order_grammar(make_state, data):
    st = make_state(["anna", "boris", "chiara"])
    s = check_sheet(st, data, "anna", "ALLOW PETITIONS boris IN liars, spies\n"
                                      "ALLOW PETITIONS chiara")
    assert [o for o in s.orders] == [
        {"type": "ALLOW PETITIONS", "player": "boris", "sectio": [LIARS, SPIES]},
        {"type": "ALLOW PETITIONS", "player": "chiara", "sectio": []}]
    bad = check_sheet(st, data, "anna", "ALLOW PETITIONS anna")
    assert [p.status for p in bad.problems] == [ILLEGAL]


def test_state_round_trip_with_the_new_fields(make_state):
    st = make_state(freebooter_sectio=[LIARS], combat_wins={SPIES: won("a")},
                    warning_sign={"card": "hell.twelfth-night", "phenomenon":
                                  "phenomenon.cave-in", "scope": "sectio", "sectio": [LIARS]})
    d = st.to_dict()
    assert HellState.from_dict(d).to_dict() == d
