"""The Soul Phase (chapter 7): Favours, income, THE WISE MEN, Macina: soul.py."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

import pytest

from pbem.dice import Dice
from pbem_games.hellgame import soul
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log

LIARS, FALSIFIERS = "sectio.liars", "sectio.falsifiers"  # 4 and 5, adjacent
SUGAR = "sectio.sugar-hill"  # 4, not adjacent to LIARS or FALSIFIERS
FOREST, WISE = "sectio.the-forest-of-suicides", "sectio.the-wise-men"  # adjacent
DECK = ["arcana.frenzy", "arcana.belladonna", "arcana.black-rainbow"]


@pytest.fixture(scope="module")
def data():
    return load_data()


def run(st, data, script=(), sheets=None):
    log, dice = Log(), Dice(script=list(script))
    soul.run(st, sheets or {}, dice, data, log)
    dice.finish()
    return log


def texts(log, kind):
    return [e.text for e in log.events if e.kind == kind]


# -- 7.1 Favours ---------------------------------------------------------------------------

def test_hg_7_1_01_daemon_on_earth_earns_a_favour_without_a_roll(make_state, data):
    st = make_state({"a": {"favours": 1, "daemons": ["daemon.orias", "daemon.caim"]}},
                    daemons={"daemon.orias": {"where": "earth"}})
    log, dice = Log(), Dice(script=[])
    soul.receive_favours(st, "a", dice, data, log)
    dice.finish()
    assert st.players["a"].favours == 2
    assert texts(log, "favour") == ["Orias Walks the Earth and earns a 1 Favour."]


def test_hg_7_1_01_incapacitated_daemon_on_earth_earns_nothing(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.orias"]}},
                    daemons={"daemon.orias": {"where": "earth", "incapacitated": True}})
    log = run(st, data)
    assert st.players["a"].favours == 0
    assert st.players["a"].souls == 0
    assert log.events == []


def test_hg_14_1_02_a_05_with_disfavours_the_favour_needs_a_disfavour_roll(make_state, data):
    st = make_state({"a": {"disfavours": 2, "daemons": ["daemon.orias", "daemon.caim"]}},
                    daemons={"daemon.orias": {"where": "earth"}, "daemon.caim": {"where": "earth"}})
    log, dice = Log(), Dice(script=[2, 3])  # 2 does not beat 2 Disfavours; 3 does
    soul.receive_favours(st, "a", dice, data, log)
    dice.finish()
    assert st.players["a"].favours == 1
    assert texts(log, "favour-lost") == [
        "Orias Walks the Earth, but a fails the Disfavour Roll and earns no Favour."]
    assert texts(log, "favour") == ["Caim Walks the Earth and earns a 1 Favour."]


# -- 7.2 Souls -----------------------------------------------------------------------------

def income(make_state, data, owners, units=()):
    st = make_state({"a": {}, "b": {}}, owners=owners, units=list(units))
    return soul.sectio_income(st, data, "a")


def test_hg_7_2_01_each_sectio_yields_its_printed_souls(make_state, data):
    assert income(make_state, data, {LIARS: "a", FALSIFIERS: "a"}) == [
        (FALSIFIERS, 5, "5"), (LIARS, 4, "4")]


def test_hg_7_2_02_isolated_sectio_yields_two_less(make_state, data):
    assert income(make_state, data, {LIARS: "a", FALSIFIERS: "a", SUGAR: "a"}) == [
        (FALSIFIERS, 5, "5"), (LIARS, 4, "4"), (SUGAR, 2, "4-2 isolated")]


def test_hg_7_2_02_a_05_an_isolated_sectio_yields_at_least_zero(make_state, data):
    poor = dataclasses.replace(data.sectio[SUGAR], souls=1)
    patched = dataclasses.replace(data, sectio=MappingProxyType({**data.sectio, SUGAR: poor}))
    st = make_state({"a": {}}, owners={SUGAR: "a"})
    assert soul.sectio_income(st, patched, "a") == [(SUGAR, 0, "1-2 isolated")]


def test_hg_7_2_02_a_05_the_wise_men_counts_for_adjacency_and_yields_no_souls(make_state, data):
    assert income(make_state, data, {FOREST: "a", WISE: "a"}) == [(FOREST, 6, "6")]


def test_hg_7_2_03_a_06_enemy_legions_stop_the_income_even_with_own_units(make_state, data):
    got = income(make_state, data, {LIARS: "a", FALSIFIERS: "a"},
                 [("legion", "a", LIARS), ("legion", "b", LIARS)])
    assert got == [(FALSIFIERS, 5, "5"), (LIARS, 0, "occupied")]


def test_hg_7_2_03_a_rampaging_hound_stops_the_income(make_state, data):
    got = income(make_state, data, {LIARS: "a", FALSIFIERS: "a"},
                 [("hellhound", None, LIARS, "hellhound.1")])
    assert got == [(FALSIFIERS, 5, "5"), (LIARS, 0, "occupied")]


def test_hg_7_2_03_a_lone_enemy_lieutenant_does_not_stop_the_income(make_state, data):
    got = income(make_state, data, {LIARS: "a", FALSIFIERS: "a"},
                 [("lieutenant", "b", LIARS, "lieutenant.sulla")])
    assert got == [(FALSIFIERS, 5, "5"), (LIARS, 4, "4")]


def test_hg_7_2_03_freebooter_legions_stop_the_income(make_state, data):
    got = income(make_state, data, {LIARS: "a", FALSIFIERS: "a"}, [("legion", None, LIARS)])
    assert got == [(FALSIFIERS, 5, "5"), (LIARS, 0, "occupied")]


def test_hg_7_2_04_hg_3_4_01_a_daemon_on_earth_collects_hearts_plus_a_soul_roll(make_state, data):
    st = make_state({"a": {"souls": 2, "daemons": ["daemon.baal", "daemon.caim"]}},
                    daemons={"daemon.baal": {"where": "earth"},
                             "daemon.caim": {"where": "earth", "incapacitated": True}})
    log, dice = Log(), Dice(script=[5])  # only Baal rolls: Caim is Incapacitated
    soul.collect_souls(st, "a", dice, data, log)
    dice.finish()
    assert st.players["a"].souls == 2 + 3 + 5  # Baal has 3 Hearts (data/daemons.yaml)
    assert texts(log, "earth-income") == ["Baal on Earth sends 3 (Hearts) + 5 (Soul Roll) = "
                                          "8 Souls to a."]


def test_hg_7_2_06_upkeep_is_one_soul_per_legion_and_lieutenant_hounds_are_free(make_state, data):
    st = make_state({"a": {"souls": 10}, "b": {}},
                    units=[("legion", "a", "antehell"), ("legion", "a", LIARS),
                           ("lieutenant", "a", LIARS, "lieutenant.sulla"),
                           {"kind": "hellhound", "owner": "a", "location": "antehell",
                            "ref": "hellhound.1", "minder": "u1"}])
    log = run(st, data)
    assert st.players["a"].souls == 7
    assert texts(log, "upkeep") == ["a pays 3 Souls upkeep for 3 of 3 Legions and Lieutenants."]


def test_hg_7_2_07_hg_7_2_05_steps_run_in_order_and_nothing_else_changes_income(make_state,
                                                                                  data):
    st = make_state({"a": {"disfavours": 1, "daemons": ["daemon.baal"]}, "b": {}},
                    daemons={"daemon.baal": {"where": "earth"}},
                    owners={LIARS: "a", FALSIFIERS: "a"},
                    units=[("legion", "a", LIARS), ("legion", "a", LIARS)])
    log = run(st, data, [2, 6])  # Favour roll, then Baal's Soul Roll
    assert [e.kind for e in log.events] == ["favour", "sectio-income", "earth-income", "upkeep"]
    assert st.players["a"].souls == 9 + 3 + 6 - 2
    assert st.players["a"].favours == 1


# -- 7.2.2 THE WISE MEN --------------------------------------------------------------------

def test_hg_7_2_2_01_the_wise_men_yields_cards_from_its_table(make_state, data):
    st = make_state({"a": {}, "b": {}}, owners={WISE: "a"}, arcana_deck=list(DECK))
    log = run(st, data, [6])  # wise_men_table: 6 -> 2 cards
    assert st.players["a"].hand == DECK[:2]
    assert st.players["a"].souls == 0
    assert texts(log, "wise-men") == ["a rolls 6 for THE WISE MEN: 2 Arcana cards."]


def test_hg_7_2_2_01_a_roll_of_one_yields_no_card(make_state, data):
    st = make_state({"a": {}, "b": {}}, owners={WISE: "a"}, arcana_deck=list(DECK))
    run(st, data, [1])
    assert st.players["a"].hand == []
    assert st.arcana_deck == DECK


def test_hg_7_2_2_02_enemy_legions_and_permanent_hell_cards_do_not_stop_it(make_state, data):
    st = make_state({"a": {}, "b": {}}, owners={WISE: "a"}, arcana_deck=list(DECK),
                    units=[("legion", "a", WISE), ("legion", "b", WISE)],
                    permanent={"heaven": None, "earth": None, "hell": "hell.a-help-in-hell"})
    run(st, data, [2])  # 2 -> 1 card
    assert st.players["a"].hand == DECK[:1]


def test_hg_7_2_2_03_the_first_card_goes_to_an_occupier_when_the_owner_has_none_there(
        make_state, data):
    st = make_state({"a": {}, "b": {}}, owners={WISE: "a"}, arcana_deck=list(DECK),
                    units=[("lieutenant", "b", WISE, "lieutenant.sulla")])
    log = run(st, data, [6])
    assert st.players["b"].hand == DECK[:1]
    assert st.players["a"].hand == DECK[1:2]
    assert texts(log, "wise-men-occupier") == ["b occupies THE WISE MEN and takes its first "
                                               "card."]


# -- 16.4 Macina (a marked card: test_macina.py) ---------------------------------------------

def test_hg_16_4_02_no_macina_in_the_base_deck_so_nothing_is_maintained(make_state, data):
    assert not any(c.flags.macina for c in data.arcana.values())
    log = run(make_state({"a": {}}), data)
    assert log.events == []


# -- The rulebook example ------------------------------------------------------------------

def test_hg_7_2_07_example_soul_phase_000_7_2_void_ends_with_18_souls(make_state, data):
    """000 §7.2 "Example: Soul Phase" (also tests/scenarios/hg-example-soul-phase.yaml)."""
    dogs, ath = "sectio.dogs-of-war", "sectio.atheists-surprise"
    temple = "sectio.temple-of-false-preachers"
    st = make_state({"void": {"favours": 1, "disfavours": 1, "daemons": ["daemon.baal"]},
                     "beast": {}, "keys": {}},
                    turn=2, daemons={"daemon.baal": {"where": "earth"}},
                    owners={dogs: "void", ath: "void", temple: "void", FOREST: "void"},
                    units=[("legion", "void", dogs), ("legion", "void", dogs),
                           ("legion", "void", ath), ("legion", "void", FOREST),
                           ("lieutenant", "void", dogs, "lieutenant.verin")])
    log = run(st, data, [2, 4])  # the Favour roll must not be 1; Baal rolls 4
    assert sum(n for _, n, _ in soul.sectio_income(st, data, "void")) == 18 - 2
    assert st.players["void"].souls == 18
    assert st.players["void"].favours == 2
    assert texts(log, "earth-income") == ["Baal on Earth sends 3 (Hearts) + 4 (Soul Roll) = "
                                          "7 Souls to void."]
