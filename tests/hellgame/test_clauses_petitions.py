"""HG-14.1-04 (000 §14.1, 12.2): "When a player uses Victor's Right to claim a Sectio he
must now roll a successful Disfavour Roll to have that claim recognised" — a die higher
than his Disfavours (HG-3.4-02), no die at 0 (automatic) or at 6 and more (impossible).
Checked through the Petitions Phase (petitions.py) with scripted dice."""

from __future__ import annotations

import pytest
from phase_runner import run_phase

from pbem_games.hellgame import petitions
from pbem_games.hellgame.data import load_data

DATA = load_data()
LIARS = "sectio.liars"


def won_liars(make_state, disfavours: int, favours: int = 0):
    """a won a one-round combat in LIARS, unowned, where its Legion stands."""
    return make_state(players={"a": {"disfavours": disfavours, "favours": favours},
                               "b": {}, "c": {}},
                      units=[("legion", "a", LIARS)],
                      combat_wins={LIARS: {"winners": ["a"], "rounds": 1}})


@pytest.mark.parametrize("disfavours,die,claimed", [
    (1, 1, False), (1, 2, True),
    (2, 2, False), (2, 3, True),
    (5, 5, False), (5, 6, True)])
def test_hg_14_1_04_victors_right_needs_a_die_above_the_disfavours(make_state, disfavours,
                                                                  die, claimed):
    st = won_liars(make_state, disfavours)
    log = run_phase(petitions.run, st, DATA, script=[die])
    assert st.owners == ({LIARS: "a"} if claimed else {})
    assert st.players["a"].disfavours == disfavours  # the roll costs nothing either way
    assert [(e.text, e.rule) for e in log.events] == [(
        "a claims Victor's Right and takes control of LIARS, unowned until now "
        "(HG-12.0-04)." if claimed else
        "a claims LIARS by Victor's Right but fails the Disfavour Roll.", "HG-12.2-01")]


def test_hg_14_1_04_without_disfavours_no_roll_is_made(make_state):
    st = won_liars(make_state, 0)
    run_phase(petitions.run, st, DATA, script=[])  # no die: the claim is recognised
    assert st.owners == {LIARS: "a"}


def test_hg_14_1_04_six_disfavours_make_the_claim_hopeless(make_state):
    """No face is higher than 6: no die is rolled and the claim fails; the Favours a
    player holds do not help (all bound, HG-14.1-01, and Victor's Right costs none)."""
    st = won_liars(make_state, 6, favours=3)
    log = run_phase(petitions.run, st, DATA, script=[])
    assert st.owners == {} and st.players["a"].favours == 3
    assert [e.text for e in log.events] == [
        "a claims LIARS by Victor's Right but fails the Disfavour Roll."]
