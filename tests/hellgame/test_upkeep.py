"""Not enough Souls: unpaid Units and deserters (16.1, IP-09, IP-10): upkeep.py."""

from __future__ import annotations

import pytest
from phase_runner import run_phase

from pbem_games.hellgame import soul
from pbem_games.hellgame.data import load_data

LIARS, SUGAR = "sectio.liars", "sectio.sugar-hill"


@pytest.fixture(scope="module")
def data():
    return load_data()


def run(st, data, script=(), orders=None):
    return run_phase(soul.run, st, data, orders, script)


def owners(st):
    return {u.id: u.owner for u in st.units}


def texts(log, kind):
    return [e.text for e in log.events if e.kind == kind]


def short_of_souls(make_state, b=0, c=0, **kw):
    """a has 1 Soul for 4 Units: u1 Legion in his LIARS, u2 Legion in AnteHell,
    u3 Lieutenant in LIARS, u4 Legion in SUGAR HILL (not his)."""
    return make_state({"a": {"souls": 1}, "b": {"souls": b}, "c": {"souls": c}},
                      owners={LIARS: "a"},
                      units=[("legion", "a", LIARS), ("legion", "a", "antehell"),
                             ("lieutenant", "a", LIARS, "lieutenant.sulla"),
                             ("legion", "a", SUGAR)], **kw)


def test_hg_16_1_01_ip_09_default_unpaid_legions_outside_own_sectio_first(make_state, data):
    st = short_of_souls(make_state)
    log = run(st, data)
    # LIARS yields 2 (isolated) first: 3 Souls for 4 Units; the newest Legion outside
    # his Sectio (u4) goes unpaid. Nobody can pay for it, so it disbands.
    assert st.players["a"].souls == 0
    assert owners(st) == {"u1": "a", "u2": "a", "u3": "a"}
    assert texts(log, "unpaid") == ["a cannot pay 1 Unit (default IP-09): a Legion in "
                                    "SUGAR HILL. It deserts at the end of the Soul Phase."]


def test_hg_16_1_01_ip_09_lieutenants_go_unpaid_last(make_state, data):
    st = make_state({"a": {}, "b": {}},
                    units=[("lieutenant", "a", LIARS, "lieutenant.sulla"),
                           ("legion", "a", LIARS), ("legion", "a", "antehell")])
    run(st, data)
    assert st.units == []
    assert st.lieutenant_return == ["lieutenant.sulla"]


def test_hg_16_1_01_ip_09_unpaid_order_names_the_place_first(make_state, data):
    st = short_of_souls(make_state)
    log = run(st, data, orders={"a": "UNPAID AnteHell"})
    assert owners(st) == {"u1": "a", "u3": "a", "u4": "a"}
    assert texts(log, "unpaid")[0].startswith("a cannot pay 1 Unit: a Legion in AnteHell.")


def test_hg_16_1_02_deserters_go_to_the_richest_for_one_soul_each(make_state, data):
    st = make_state({"a": {}, "b": {"souls": 5}, "c": {"souls": 8}},
                    units=[("legion", "a", SUGAR), ("legion", "a", "antehell")])
    log = run(st, data)
    assert owners(st) == {"u1": "c", "u2": "c"}
    assert (st.players["b"].souls, st.players["c"].souls) == (5, 6)
    assert (st.players["b"].disfavours, st.players["c"].disfavours) == (0, 0)
    assert texts(log, "deserters-taken") == [
        "c pays 2 Souls and takes 2 of a's deserters: a Legion in SUGAR HILL, a Legion in "
        "AnteHell."]


def test_hg_16_1_02_a_31_a_die_breaks_a_tie_for_richest(make_state, data):
    st = make_state({"a": {}, "b": {"souls": 5}, "c": {"souls": 5}},
                    units=[("legion", "a", SUGAR)])
    run(st, data, [2])  # dice.pick([b, c]): 2 picks c
    assert owners(st) == {"u1": "c"}


def test_hg_16_1_05_a_refusal_costs_a_disfavour_and_passes_the_offer_on(make_state, data):
    st = make_state({"a": {}, "b": {"souls": 5}, "c": {"souls": 8}},
                    units=[("legion", "a", SUGAR)])
    log = run(st, data, orders={"c": "DESERTERS REFUSE"})
    assert owners(st) == {"u1": "b"}
    assert (st.players["b"].disfavours, st.players["c"].disfavours) == (0, 1)
    assert texts(log, "deserters-refused") == ["c refuses a's deserters and gets 1 Disfavour."]


def test_hg_16_1_03_nobody_takes_them_so_they_disband_lieutenants_to_return_box(make_state,
                                                                                  data):
    st = make_state({"a": {}, "b": {"souls": 5}, "c": {"souls": 8}},
                    units=[("legion", "a", SUGAR), ("lieutenant", "a", SUGAR, "lieutenant.sulla")])
    log = run(st, data, orders={"b": "DESERTERS REFUSE", "c": "DESERTERS REFUSE"})
    assert st.units == []
    assert st.lieutenant_return == ["lieutenant.sulla"]
    assert [st.players[p].disfavours for p in "abc"] == [1, 1, 1]
    assert texts(log, "disband") == ["Nobody takes 2 of a's deserters: they disband "
                                     "(Lieutenants to the Return box)."]


def test_hg_16_1_01_03_one_unpaid_unit_reads_in_the_singular(make_state, data):
    st = make_state({"a": {}, "b": {"souls": 5}, "c": {"souls": 8}},
                    units=[("legion", "a", SUGAR)])
    log = run(st, data, orders={"b": "DESERTERS REFUSE", "c": "DESERTERS REFUSE"})
    assert texts(log, "upkeep") == ["a pays 0 Souls upkeep for 0 of 1 Legion or Lieutenant."]
    assert texts(log, "unpaid") == ["a cannot pay 1 Unit (default IP-09): a Legion in "
                                    "SUGAR HILL. It deserts at the end of the Soul Phase."]
    assert texts(log, "disband") == ["Nobody takes 1 of a's deserters: it disbands "
                                     "(Lieutenants to the Return box)."]


def test_hg_16_1_04_a_31_the_deserting_player_gets_one_disfavour_in_total(make_state, data):
    st = make_state({"a": {}, "b": {"souls": 9}},
                    units=[("legion", "a", SUGAR), ("legion", "a", SUGAR),
                           ("legion", "a", SUGAR)])
    log = run(st, data)
    assert st.players["a"].disfavours == 1
    assert texts(log, "disfavour") == ["a gets 1 Disfavour for losing unpaid Units."]


def test_hg_16_1_02_a_31_unpaid_lieutenants_desert_too_and_cost_the_taker_one_soul(
        make_state, data):
    st = make_state({"a": {}, "b": {"souls": 9}},
                    units=[("lieutenant", "a", SUGAR, "lieutenant.sulla"),
                           ("legion", "a", SUGAR)])
    run(st, data)
    assert owners(st) == {"u1": "b", "u2": "b"}
    assert st.players["b"].souls == 7


def test_hg_16_1_02_ip_10_accept_max_takes_part_and_the_rest_pass_on(make_state, data):
    st = make_state({"a": {}, "b": {"souls": 5}, "c": {"souls": 8}},
                    units=[("legion", "a", SUGAR), ("legion", "a", SUGAR)])
    run(st, data, orders={"c": "DESERTERS ACCEPT MAX 1"})
    assert owners(st) == {"u1": "c", "u2": "b"}
    assert (st.players["b"].disfavours, st.players["c"].disfavours) == (0, 0)


def test_hg_16_1_02_ip_10_accept_keep_limits_the_souls_spent(make_state, data):
    st = make_state({"a": {}, "b": {"souls": 5}, "c": {"souls": 8}},
                    units=[("legion", "a", SUGAR), ("legion", "a", SUGAR)])
    run(st, data, orders={"c": "DESERTERS ACCEPT KEEP 7"})
    assert owners(st) == {"u1": "c", "u2": "b"}
    assert st.players["c"].souls == 7


def test_hg_2_3_1_01_deserters_never_take_a_player_past_12_legions(make_state, data):
    st = make_state({"a": {}, "b": {"souls": 5}, "c": {"souls": 8}},
                    units=[("legion", "a", SUGAR), ("legion", "a", SUGAR)]
                    + [("legion", "c", "antehell")] * 11)
    # c also pays 11 upkeep from 8 Souls: give him enough first.
    st.players["c"].souls = 20
    run(st, data)
    assert [u.owner for u in st.units[:2]] == ["c", "b"]
    assert len(st.units_of("c", "legion")) == 12


def test_hg_16_1_02_a_player_who_cannot_pay_is_passed_over_without_a_disfavour(make_state,
                                                                               data):
    st = make_state({"a": {}, "b": {"souls": 0}, "c": {"souls": 3}},
                    units=[("legion", "a", SUGAR), ("legion", "a", SUGAR)])
    log = run(st, data, orders={"c": "DESERTERS REFUSE"})
    assert st.units == []
    assert [st.players[p].disfavours for p in "abc"] == [1, 0, 1]
    assert texts(log, "deserters-cannot") == [
        "b cannot take any of a's deserters (0 Souls, 12 free Legion counters)."]


def test_hg_3_2_03_a_tamed_hound_follows_its_deserting_minder(make_state, data):
    st = make_state({"a": {}, "b": {"souls": 4}},
                    units=[("legion", "a", "antehell"),
                           {"kind": "hellhound", "owner": "a", "location": "antehell",
                            "ref": "hellhound.1", "minder": "u1"}])
    run(st, data)
    assert owners(st) == {"u1": "b", "u2": "b"}
    assert st.unit("u2").minder == "u1"


def test_hg_3_2_03_a_disbanded_minders_hound_starts_rampaging(make_state, data):
    st = make_state({"a": {}, "b": {}},
                    units=[("legion", "a", "antehell"),
                           {"kind": "hellhound", "owner": "a", "location": "antehell",
                            "ref": "hellhound.1", "minder": "u1"}])
    run(st, data)
    assert [(u.id, u.owner, u.minder) for u in st.units] == [("u2", None, None)]
