"""Major Arcana that change who acts when in the Action Phase (action/spells_turns.py),
cast through the real order path with scripted dice."""

from __future__ import annotations

import pytest
from phase_runner import run_phase
from spells_kit import acts, notes

from pbem_games.hellgame import action
from pbem_games.hellgame.data import load_data

DATA = load_data()


# -- A Damn Good Day ----------------------------------------------------------------------------

def test_a_damn_good_day_two_actions_back_to_back(make_state):
    """arcana.a-damn-good-day: Baal comes up twice more before Xaphan; no line applies,
    so each is an empty March (A-10: not his first time up)."""
    st = make_state(players={"a": {"favours": 1, "daemons": ["daemon.baal"],
                                   "hand": ["arcana.a-damn-good-day"]},
                             "b": {"daemons": ["daemon.xaphan"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST A Damn Good Day\n"})
    assert [k for k, _ in acts(log)] == ["cast", "damn-good-day", "empty-march", "empty-march",
                                         "pass-for-good"]
    assert acts(log)[1] == ("damn-good-day", "Baal (a) has a damn good day: it takes two more "
                                             "Actions now, back to back")
    assert acts(log)[-1][1].startswith("Xaphan (b)")
    assert st.players["a"].favours == 0 and st.players["a"].hand == []


def test_a_damn_good_day_countered(make_state):
    """arcana.a-damn-good-day cancelled by It Did Not Work: no extra Actions."""
    st = make_state(players={"a": {"favours": 1, "daemons": ["daemon.baal"],
                                   "hand": ["arcana.a-damn-good-day"]},
                             "b": {"daemons": ["daemon.xaphan"],
                                   "hand": ["arcana.it-did-not-work"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Baal: CAST A Damn Good Day\n",
        "b": "COUNTER A Damn Good Day WITH It Did Not Work USING Xaphan\n"})
    kinds = [k for k, _ in acts(log)]
    assert ("countered", "A Damn Good Day of Baal (a) does not work") in acts(log)
    assert "damn-good-day" not in kinds and "empty-march" not in kinds
    assert st.players["a"].favours == 0


# -- A Minor Change -------------------------------------------------------------------------------

def _minor_change_state(make_state):
    return make_state(players={"a": {"daemons": ["daemon.baal", "daemon.thamuz"],
                                     "hand": ["arcana.a-minor-change"]},
                               "b": {"daemons": ["daemon.caim", "daemon.xaphan"]}, "c": {}})


def test_a_minor_change_swaps_places_on_the_rank_track(make_state):
    """arcana.a-minor-change: Thamuz (26) and Xaphan (59), both behind Baal (14), swap
    places: Xaphan acts before Caim (29), Thamuz last."""
    st = _minor_change_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Baal: CAST A Minor Change ON Thamuz AND Xaphan\n"})
    assert acts(log)[:2] == [
        ("cast", "Baal (a) casts A Minor Change"),
        ("minor-change", "Thamuz (a) and Xaphan (b) swap places on the Rank Track for this "
                         "Action Phase")]
    assert [t.split(" ")[0] for k, t in acts(log)[2:]] == ["Xaphan", "Caim", "Thamuz"]


@pytest.mark.parametrize("line,reason", [
    ("ON Caim AND Xaphan", "Caim is not another Daemon of a's: A Minor Change swaps one of "
                           "the caster's other Daemons"),
    ("ON Baal AND Xaphan", "Baal is not another Daemon of a's: A Minor Change swaps one of "
                           "the caster's other Daemons"),
])
def test_a_minor_change_prerequisites(make_state, line, reason):
    st = _minor_change_state(make_state)
    log = run_phase(action.run, st, DATA, orders={"a": f"Baal: CAST A Minor Change {line}\n"})
    assert notes(log, "a") == [f"Baal (a): CAST not possible: {reason}"]
    assert st.players["a"].hand == ["arcana.a-minor-change"]


def test_a_minor_change_needs_daemons_that_have_not_acted(make_state):
    """arcana.a-minor-change: Thamuz (26) has acted before Caim (29) casts; an
    Incapacitated Daemon is off the track."""
    st = make_state(players={"a": {"daemons": ["daemon.caim", "daemon.thamuz",
                                               "daemon.xaphan"],
                                   "hand": ["arcana.a-minor-change", "arcana.a-minor-change"]},
                             "b": {"daemons": ["daemon.naburos", "daemon.andras"]}, "c": {}},
                    daemons={"daemon.andras": {"incapacitated": True}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST A Minor Change ON Thamuz AND Naburos\n"
             "Caim: CAST A Minor Change ON Xaphan AND Andras\n"})
    assert notes(log, "a")[:2] == [
        "Caim (a): CAST not possible: Thamuz is not waiting behind Caim on the Rank Track: A "
        "Minor Change needs two Daemons ranked lower than the caster that have not acted",
        "Caim (a): CAST not possible: Andras is Incapacitated"]


# -- Cats in the Dark -----------------------------------------------------------------------------

def _cats_state(make_state):
    return make_state(players={"a": {"daemons": ["daemon.caim", "daemon.thamuz"],
                                     "hand": ["arcana.cats-in-the-dark"]},
                               "b": {"daemons": ["daemon.baal"]}, "c": {}},
                      daemons={"daemon.thamuz": {"incapacitated": True,
                                                 "recover_by": "skulls"}})


def test_cats_in_the_dark_the_beaten_daemon_takes_the_place(make_state):
    """arcana.cats-in-the-dark: Caim (4 Stars) beats Baal (2) in a Duel of Stars; Baal is
    Incapacitated and Thamuz recovers."""
    st = _cats_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Cats in the Dark ON Baal FOR Thamuz\n"}, script=[6, 6, 6, 6, 1, 1])
    assert acts(log)[-1] == ("cats-in-the-dark", "Caim (a) wins the Duel of Stars: Baal (b) "
                                                 "takes the place of Thamuz (a), who recovers; "
                                                 "Baal is Incapacitated")
    assert st.daemons["daemon.baal"].incapacitated
    t = st.daemons["daemon.thamuz"]
    assert (t.incapacitated, t.recover_by) == (False, None)


def test_cats_in_the_dark_lost_duel(make_state):
    st = _cats_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Cats in the Dark ON Baal FOR Thamuz\n"}, script=[1, 1, 1, 1, 6, 6])
    assert acts(log)[-1] == ("cats-in-the-dark", "Baal (b) wins the Duel of Stars: nothing "
                                                 "changes")
    assert st.daemons["daemon.thamuz"].incapacitated
    assert not st.daemons["daemon.baal"].incapacitated


def test_cats_in_the_dark_needs_an_incapacitated_daemon_and_an_active_target(make_state):
    """arcana.cats-in-the-dark: the target may not be Incapacitated, the one freed must."""
    st = _cats_state(make_state)
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Cats in the Dark ON Thamuz FOR Baal\n"})
    assert notes(log, "a") == ["Caim (a): CAST not possible: Thamuz is Incapacitated already"]


# -- Protocol ---------------------------------------------------------------------------------

def test_protocol_forbids_pass_for_good_to_lower_ranks(make_state):
    """arcana.protocol: Xaphan (Rank 59) may not Pass for Good after Caim (29) cast it,
    and takes the next line; Ukobach with no line takes an empty March, not the default
    Pass for Good. Baal (14) ranks higher and Passes for Good. The mark is cleared."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.protocol"]},
                             "b": {"daemons": ["daemon.xaphan", "daemon.baal"]},
                             "c": {"daemons": ["daemon.ukobach"]}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Protocol\n",
        "b": "Xaphan: PASS FOR GOOD\nXaphan: MARCH\nBaal: PASS FOR GOOD\n"})
    assert ("protocol", "Protocol: no Daemon of lower rank than Caim may Pass for Good this "
                        "turn (Ukobach, Xaphan)") in acts(log)
    assert ("pass-for-good", "Baal (b) Passes for Good") in acts(log)
    assert ("empty-march", "Ukobach (c) may not Pass for Good (Protocol, cast by Caim, forbids "
                           "Daemons of lower rank to Pass for Good this turn "
                           "[arcana.protocol]), so it takes an empty March (no order "
                           "applies: default)") in acts(log)
    assert notes(log, "b")[0] == ("Xaphan (b): PASS FOR GOOD not possible: Protocol, cast by "
                                  "Caim, forbids Daemons of lower rank to Pass for Good this "
                                  "turn [arcana.protocol]")
    assert "arcana.protocol" not in st.marks


def test_protocol_cancelled_by_it_did_not_work(make_state):
    """arcana.protocol countered: lower ranks may Pass for Good again."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.protocol"]},
                             "b": {"daemons": ["daemon.xaphan"],
                                   "hand": ["arcana.it-did-not-work"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Protocol\n",
        "b": "COUNTER Protocol WITH It Did Not Work USING Xaphan\n"})
    assert ("countered", "Protocol of Caim (a) does not work") in acts(log)
    assert not any(k == "protocol" for k, _ in acts(log))
    assert "arcana.protocol" not in st.marks


# -- Foul Fluids ------------------------------------------------------------------------------

def test_foul_fluids_gives_a_second_action(make_state):
    """arcana.foul-fluids: a 4, so Caim comes up again at once and takes its next line;
    it has come up before, so its default would be an empty March, not Pass for Good."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.foul-fluids", "arcana.protocol"]},
                             "b": {"daemons": ["daemon.xaphan"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Foul Fluids\nCaim: CAST Protocol\n"}, script=[4])
    kinds = [k for k, _ in acts(log)]
    assert kinds[:4] == ["cast", "foul-fluids", "cast", "protocol"]
    assert ("foul-fluids", "Foul Fluids: Caim (a) rolls 4: Caim takes a second Action at "
                           "once") in acts(log)
    assert st.players["a"].hand == []


def test_foul_fluids_a_one_blocks(make_state):
    """arcana.foul-fluids: a 1 means no further Action; the card is spent."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.foul-fluids", "arcana.protocol"]},
                             "b": {"daemons": ["daemon.xaphan"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Foul Fluids\nCaim: CAST Protocol\n"}, script=[1])
    assert ("foul-fluids", "Foul Fluids: Caim (a) rolls 1, drinks too much and is blocked: "
                           "no further Action this phase") in acts(log)
    assert st.players["a"].hand == ["arcana.protocol"]


def test_foul_fluids_countered_rolls_nothing(make_state):
    """arcana.foul-fluids cancelled by It Did Not Work: no die, no second Action."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.foul-fluids"]},
                             "b": {"daemons": ["daemon.xaphan"],
                                   "hand": ["arcana.it-did-not-work"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Foul Fluids\n",
        "b": "COUNTER Foul Fluids WITH It Did Not Work USING Xaphan\n"})
    assert ("countered", "Foul Fluids of Caim (a) does not work") in acts(log)
    assert not any(k == "foul-fluids" for k, _ in acts(log))


# -- Stop Me ----------------------------------------------------------------------------------

def test_stop_me_with_two_higher_ranks_ends_the_phase(make_state):
    """arcana.stop-me: Baal (14) and Moloch (17) support Xaphan (59), the last to act;
    5 Souls paid."""
    st = make_state(players={"a": {"souls": 6, "daemons": ["daemon.xaphan"],
                                   "hand": ["arcana.stop-me"]},
                             "b": {"daemons": ["daemon.baal", "daemon.moloch"]},
                             "c": {"daemons": ["daemon.ukobach"]}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Xaphan: CAST Stop Me\n",
        "b": "Baal: SUPPORT Xaphan Stop Me\nMoloch: SUPPORT Xaphan Stop Me\n"})
    assert ("support", "Baal (b) supports Xaphan's Stop Me, bringing 1 Daemon of higher "
                       "rank") in acts(log)
    assert ("pass-for-good", "Ukobach (c) Passes for Good (no order applies: default)") \
        in acts(log)  # Rank 50 acts before Xaphan
    assert st.players["a"].souls == 1
    assert acts(log)[-1] == ("stop-me", "Stop Me: the Action Phase ends now; no further "
                                        "Action is taken (none was waiting)")


def test_stop_me_stops_the_daemons_still_waiting(make_state):
    """arcana.stop-me: Caim (29), supported by Baal (14) and Moloch (17), ends the phase
    before Xaphan (59) acts."""
    st = make_state(players={"a": {"souls": 5, "daemons": ["daemon.caim"],
                                   "hand": ["arcana.stop-me"]},
                             "b": {"daemons": ["daemon.baal", "daemon.moloch"]},
                             "c": {"daemons": ["daemon.xaphan"]}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Stop Me\n",
        "b": "Baal: SUPPORT Caim Stop Me\nMoloch: SUPPORT Caim Stop Me\n",
        "c": "Xaphan: PASS FOR GOOD\n"})
    assert acts(log)[-1] == ("stop-me", "Stop Me: the Action Phase ends now; no further "
                                        "Action is taken (Xaphan (c))")
    assert not any(k == "pass-for-good" for k, _ in acts(log))


def test_stop_me_lower_ranked_support_adds_nothing(make_state):
    """arcana.stop-me: Xaphan (59) is of lower rank than Caim (29): scrapped, unpaid."""
    st = make_state(players={"a": {"souls": 5, "daemons": ["daemon.caim"],
                                   "hand": ["arcana.stop-me"]},
                             "b": {"daemons": ["daemon.baal", "daemon.ukobach"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Stop Me\n",
        "b": "Baal: SUPPORT Caim Stop Me\n"})
    assert notes(log, "a") == ["Caim (a): CAST not possible: Stop Me needs 2 Daemons of higher "
                               "rank and has 1 Daemon of higher rank (Baal 1); the spell is "
                               "scrapped [HG-9.8.3-03]"]
    assert st.players["a"].souls == 5


# -- Look into the Future ---------------------------------------------------------------------

def test_look_into_the_future_tells_the_caster_privately(make_state):
    """arcana.look-into-the-future: the kinds of the two Daemons' lines, to a only."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.look-into-the-future"]},
                             "b": {"daemons": ["daemon.xaphan"]},
                             "c": {"daemons": ["daemon.ukobach"]}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Look into the Future ON Xaphan AND Ukobach\n",
        "b": "Xaphan: MARCH\nXaphan: PASS FOR GOOD\n"})
    assert ("cast", "Caim (a) casts Look into the Future on Xaphan (b) and Ukobach (c)") \
        in acts(log)
    assert notes(log, "a") == [
        "Look into the Future: Xaphan (b) will take: MARCH, then PASS FOR GOOD",
        "Look into the Future: Ukobach (c) will take: no Action line (the default applies)"]
    assert ("look-into-the-future", "Look into the Future: Xaphan (b) and Ukobach (c) tell a "
                                    "which Actions they will take") in acts(log)


def test_look_into_the_future_needs_daemons_that_have_not_acted(make_state):
    """arcana.look-into-the-future: Baal (14) acted before Caim (29)."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.look-into-the-future"]},
                             "b": {"daemons": ["daemon.xaphan", "daemon.baal"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Look into the Future ON Xaphan AND Baal\n"})
    assert notes(log, "a")[0].startswith("Caim (a): CAST not possible: Baal has acted already")


def test_look_into_the_future_not_on_an_incapacitated_daemon(make_state):
    """arcana.look-into-the-future: an Incapacitated Daemon takes no Action (HG-9.0-02)."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.look-into-the-future"]},
                             "b": {"daemons": ["daemon.xaphan", "daemon.ukobach"]}, "c": {}},
                    daemons={"daemon.ukobach": {"incapacitated": True}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Look into the Future ON Xaphan AND Ukobach\n"})
    assert notes(log, "a")[0] == ("Caim (a): CAST not possible: Ukobach is Incapacitated and "
                                  "takes no Action this phase [HG-9.0-02]")
    assert st.players["a"].hand == ["arcana.look-into-the-future"]
