"""It Is All Lost!!! (chapter 15): games/hellgame/all_lost.py."""

from __future__ import annotations

import pytest

from pbem.dice import Dice
from pbem_games.hellgame.all_lost import rescue_last_sectio, revive_or_restart
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log

FOREST = "sectio.the-forest-of-suicides"  # 6 Souls
UNDER = "sectio.underachievers"  # 3 Souls
PLAYGROUND = "sectio.playground-of-the-idle"  # 2 Souls
WISE = "sectio.the-wise-men"  # Arcana, not Souls
LIARS = "sectio.liars"


@pytest.fixture(scope="module")
def data():
    return load_data()


def test_hg_15_2_01_sectio_with_most_units_goes_to_the_ruined_player(make_state, data):
    # UNDER is c's (c keeps LIARS): another player's Sectio may be given away.
    st = make_state(["a", "b", "c"], owners={UNDER: "c", LIARS: "c"}, units=[
        ("legion", "b", FOREST), ("legion", "b", FOREST),
        ("legion", "c", UNDER), ("legion", "c", UNDER), ("legion", "c", UNDER),
    ])
    log = Log()
    assert rescue_last_sectio(st, "a", Dice(script=[]), data, log) == UNDER
    assert st.owners == {UNDER: "a", LIARS: "c"}
    assert [u.owner for u in st.units_at(UNDER)] == ["a", "a", "a"]
    assert [u.owner for u in st.units_at(FOREST)] == ["b", "b"]
    assert [e.rule for e in log.events] == ["HG-15.2-01"]


def test_hg_15_2_02_souls_are_twice_the_printed_value_without_isolation(make_state, data):
    # THE FOREST OF SUICIDES prints 6 Souls; it is isolated for "a" but no -2 applies.
    st = make_state({"a": {"souls": 1}, "b": {}, "c": {}},
                    units=[("legion", "b", FOREST)])
    rescue_last_sectio(st, "a", Dice(script=[]), data, Log())
    assert st.players["a"].souls == 1 + 12


def test_hg_15_2_02_the_wise_men_gives_no_souls(make_state, data):
    st = make_state({"a": {"souls": 1}, "b": {}, "c": {}}, units=[("legion", "b", WISE)])
    assert rescue_last_sectio(st, "a", Dice(script=[]), data, Log()) == WISE
    assert st.players["a"].souls == 1


def test_hg_15_2_01_a_30_counts_every_kind_of_unit_and_takes_legions_and_lieutenants(
        make_state, data):
    # FOREST: a Freebooter Legion, b's Lieutenant, b's Minder Legion with its tamed hound,
    # a rampaging hound = 5 Units. UNDER: 4 Legions of c.
    st = make_state(["a", "b", "c"], owners={FOREST: "b", LIARS: "b"}, units=[
        ("legion", None, FOREST),
        ("lieutenant", "b", FOREST, "lieutenant.sulla"),
        ("legion", "b", FOREST),
        {"kind": "hellhound", "owner": "b", "location": FOREST, "ref": "hellhound.1",
         "minder": "u3"},
        ("hellhound", None, FOREST, "hellhound.2"),
        ("legion", "c", UNDER), ("legion", "c", UNDER), ("legion", "c", UNDER),
        ("legion", "c", UNDER),
    ])
    assert rescue_last_sectio(st, "a", Dice(script=[]), data, Log()) == FOREST
    assert st.owners[FOREST] == "a"
    assert [(u.id, u.owner) for u in st.units_at(FOREST)] == [
        ("u1", "a"), ("u2", "a"), ("u3", "a"), ("u4", "a"), ("u5", None)]
    assert st.unit("u4").minder == "u3"  # the tamed hound followed its Minder
    assert st.is_rampaging(st.unit("u5"))


def test_hg_15_2_01_ties_are_broken_by_a_die(make_state, data):
    st = make_state(["a", "b", "c"], units=[("legion", "b", UNDER), ("legion", "c", FOREST)])
    # Candidates sorted by id: [forest, underachievers]; a 2 picks the second.
    dice = Dice(script=[2])
    assert rescue_last_sectio(st, "a", dice, data, Log()) == UNDER
    dice.finish()


def test_hg_15_2_01_legions_above_the_cap_disband(make_state, data):
    # "a" already has 11 Legions (in AnteHell); 3 b Legions in FOREST: 1 joins, 2 disband.
    st = make_state(["a", "b", "c"], units=[("legion", "a", "antehell")] * 11 + [
        ("legion", "b", FOREST)] * 3)
    log = Log()
    rescue_last_sectio(st, "a", Dice(script=[]), data, log)
    assert [(u.id, u.owner) for u in st.units_at(FOREST)] == [("u12", "a")]
    assert len(st.units_of("a", "legion")) == 12
    assert [e.rule for e in log.events] == ["HG-8.2-02", "HG-8.2-02", "HG-15.2-01"]


def test_hg_15_2_01_nothing_happens_while_a_sectio_remains(make_state, data):
    st = make_state(["a", "b", "c"], owners={LIARS: "a"}, units=[("legion", "b", FOREST)])
    log = Log()
    assert rescue_last_sectio(st, "a", Dice(script=[]), data, log) is None
    assert st.owners == {LIARS: "a"} and log.events == []


def test_hg_15_2_01_another_players_last_sectio_is_not_given_away(make_state, data):
    # FOREST is b's only Sectio: taking it would ruin b in turn, so UNDER is given.
    st = make_state(["a", "b", "c"], owners={FOREST: "b"}, units=[
        ("legion", "b", FOREST), ("legion", "b", FOREST), ("legion", "c", UNDER)])
    assert rescue_last_sectio(st, "a", Dice(script=[]), data, Log()) == UNDER
    assert st.owners == {FOREST: "b", UNDER: "a"}


def test_hg_3_3_05_revoked_sectio_becomes_unowned_and_a_last_one_is_rescued(make_state,
                                                                           data):
    st = make_state(["a", "b", "c"], owners={LIARS: "a"}, units=[("legion", "c", UNDER)])
    st.set_owner(LIARS, None)  # the Sectio is revoked (HG-3.3-05)
    assert LIARS not in st.owners and st.sectio_of("a") == []
    rescue_last_sectio(st, "a", Dice(script=[]), data, Log())
    assert st.sectio_of("a") == [UNDER]


def test_hg_15_1_01_all_incapacitated_one_recovers_at_random(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal", "daemon.moloch", "daemon.gomory"]},
                     "b": {}, "c": {}},
                    daemons={d: {"incapacitated": True}
                             for d in ("daemon.baal", "daemon.moloch", "daemon.gomory")})
    log = Log()
    dice = Dice(script=[2])  # the die picks the second Daemon in the Triumvirate's order
    revive_or_restart(st, "a", dice, data, log)
    dice.finish()
    assert [d.incapacitated for d in st.daemons_of("a")] == [True, False, True]
    assert [e.rule for e in log.events] == ["HG-15.1-01"]


def test_hg_15_1_01_one_active_daemon_means_no_revival(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.baal", "daemon.moloch"]}, "b": {}, "c": {}},
                    daemons={"daemon.baal": {"incapacitated": True}})
    log = Log()
    revive_or_restart(st, "a", Dice(script=[]), data, log)
    assert st.daemons["daemon.baal"].incapacitated is True and log.events == []


def test_hg_15_1_02_all_destroyed_restarts_with_three_new_daemons(make_state, data):
    st = make_state({"a": {"daemons": []}, "b": {}, "c": {}},
                    daemon_deck=["daemon.xaphan", "daemon.caim", "daemon.zagam", "daemon.agares"])
    log = Log()
    revive_or_restart(st, "a", Dice(script=[]), data, log)
    assert st.players["a"].daemons == ["daemon.xaphan", "daemon.caim", "daemon.zagam"]
    assert st.daemon_deck == ["daemon.agares"]
    assert [(d.owner, d.where, d.incapacitated) for d in st.daemons_of("a")] == [
        ("a", "hell", False)] * 3
    assert [e.rule for e in log.events] == ["HG-15.1-02"]
