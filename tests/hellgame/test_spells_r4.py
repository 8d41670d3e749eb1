"""Major Arcana batch r4 (action/spells_r4.py): Double Cross, Protocol, Foul Fluids,
Stop Me, Recruit, Look into the Future."""

import pytest
from phase_runner import run_phase

from pbem_games.hellgame import action
from pbem_games.hellgame.data import load_data

DATA = load_data()


def acts(log) -> list[tuple[str, str]]:
    return [(e.kind, e.text) for e in log.events if e.visible_to is None]


def notes(log, player) -> list[str]:
    return [e.text for e in log.events if e.visible_to == (player,)]


# -- Double Cross -----------------------------------------------------------------------------

def test_double_cross_cancels_the_card_it_answers(make_state):
    """arcana.double-cross: a Counter that cancels; the cancelled card's cost stays paid."""
    st = make_state(players={"a": {"favours": 1, "daemons": ["daemon.baal"],
                                   "hand": ["arcana.defection"]},
                             "b": {"daemons": ["daemon.naburos"],
                                   "hand": ["arcana.double-cross"]}, "c": {}},
                    units=[("lieutenant", "b", "sectio.liars", "lieutenant.sulla")])
    log = run_phase(action.run, st, DATA, orders={
        "a": "Baal: CAST Defection ON b AT Liars\n",
        "b": "COUNTER Defection WITH Double Cross\n"})
    assert acts(log)[-2] == ("countered", "Defection of Baal (a) is cancelled by a Double "
                                          "Cross (cancel, not reflect: the default)")
    assert st.units[0].owner == "b" and st.players["a"].favours == 0
    assert "arcana.double-cross" not in st.players["b"].hand


def test_double_cross_countered_by_it_did_not_work(make_state):
    """arcana.double-cross can itself be cancelled: the card below it then works."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.protocol", "arcana.it-did-not-work"]},
                             "b": {"daemons": ["daemon.xaphan"],
                                   "hand": ["arcana.double-cross"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Protocol\nCOUNTER ANY WITH It Did Not Work\n",
        "b": "COUNTER Protocol WITH Double Cross USING Xaphan\n"})
    assert [k for k, _ in acts(log)] == ["cast", "counter", "counter", "countered", "protocol"]
    assert st.players["a"].hand == [] and st.players["b"].hand == []


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


# -- Recruit ----------------------------------------------------------------------------------

def test_recruit_a_later_rank_acts_this_turn(make_state):
    """arcana.recruit: Xaphan (59) joins Caim's (29) Triumvirate and comes up after
    Ukobach (50); with no line it Passes for Good."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.recruit"]},
                             "b": {"daemons": ["daemon.ukobach"]}, "c": {}},
                    daemon_deck=["daemon.xaphan", "daemon.baal"])
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Recruit\n"})
    assert ("recruit", "Recruit: Xaphan joins a's Triumvirate in Hell; it acts this turn in "
                       "its Rank order") in acts(log)
    assert st.daemons["daemon.xaphan"].owner == "a"
    assert st.players["a"].daemons == ["daemon.caim", "daemon.xaphan"]
    kinds = [(k, t.split(" ")[0]) for k, t in acts(log)]
    assert kinds[-2:] == [("pass-for-good", "Ukobach"), ("pass-for-good", "Xaphan")]
    assert st.daemon_deck == ["daemon.baal"]


def test_recruit_an_earlier_rank_has_gone_by(make_state):
    """arcana.recruit: Baal (14) ranks before Caim (29): no Action this turn."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.recruit"]},
                             "b": {}, "c": {}}, daemon_deck=["daemon.baal"])
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Recruit\n"})
    assert acts(log)[-1] == ("recruit", "Recruit: Baal joins a's Triumvirate in Hell; its Rank "
                                        "has gone by, so it takes no Action this turn")


def test_recruit_needs_two_or_fewer_daemons(make_state):
    """arcana.recruit: Incapacitated Daemons count."""
    st = make_state(players={"a": {"daemons": ["daemon.caim", "daemon.baal", "daemon.moloch"],
                                   "hand": ["arcana.recruit"]}, "b": {}, "c": {}},
                    daemons={"daemon.moloch": {"incapacitated": True}},
                    daemon_deck=["daemon.xaphan"])
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Recruit\n"})
    assert "Caim (a): CAST not possible: a has 3 Daemons; Recruit needs two or fewer " \
           "(Incapacitated ones count)" in notes(log, "a")


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


# -- Counters ---------------------------------------------------------------------------------

@pytest.mark.parametrize("card,line,souls", [
    ("Stop Me", "Caim: CAST Stop Me", 0),
    ("Recruit", "Caim: CAST Recruit", 5),
    ("Look into the Future", "Caim: CAST Look into the Future ON Xaphan AND Ukobach", 5),
])
def test_it_did_not_work_cancels_r4_cards(make_state, card, line, souls):
    """arcana.stop-me, arcana.recruit, arcana.look-into-the-future can be countered:
    the cost stays paid, the effect does not happen."""
    st = make_state(players={"a": {"souls": 5, "daemons": ["daemon.caim"],
                                   "hand": [f"arcana.{card.lower().replace(' ', '-')}"]},
                             "b": {"daemons": ["daemon.baal", "daemon.moloch", "daemon.xaphan"],
                                   "hand": ["arcana.it-did-not-work"]},
                             "c": {"daemons": ["daemon.ukobach"]}},
                    daemon_deck=["daemon.gomory"])
    log = run_phase(action.run, st, DATA, orders={
        "a": line + "\n",
        "b": "Baal: SUPPORT Caim Stop Me\nMoloch: SUPPORT Caim Stop Me\n"
             f"COUNTER {card} WITH It Did Not Work USING Xaphan\n"})
    assert ("countered", f"{card} of Caim (a) does not work") in acts(log)
    assert st.players["a"].souls == souls and st.players["a"].hand == []
    assert st.daemon_deck == ["daemon.gomory"] and not notes(log, "a")
    assert not any(k in ("stop-me", "recruit", "look-into-the-future") for k, _ in acts(log))


@pytest.mark.parametrize("card,gone", [("Look into the Future ON Xaphan AND Ukobach", "Ukobach"),
                                       ("Flagellation ON Xaphan, Ukobach", "Ukobach"),
                                       ("A Minor Change ON Gomory AND Xaphan", "Gomory")])
def test_a_card_on_a_daemon_destroyed_since_the_sheet(make_state, card, gone):
    """HG-9.8-01: a Daemon named on the sheet and destroyed before the card is cast
    (here before the phase): not possible, the card stays in the hand. Flagellation and
    A Minor Change crashed on it in the Arcana self-play."""
    from pbem.dice import Dice
    from pbem_games.hellgame.log import Log
    from pbem_games.hellgame.orders import check_sheet
    from pbem_games.hellgame.random_moves.common import destroy_daemon

    cid = "arcana." + card.split(" ON ")[0].lower().replace(" ", "-")
    st = make_state(players={"a": {"daemons": ["daemon.caim", "daemon.gomory"], "hand": [cid]},
                             "b": {"daemons": ["daemon.xaphan", "daemon.ukobach"]}, "c": {}})
    sheet = check_sheet(st, DATA, "a", f"Caim: CAST {card}\n")
    assert not sheet.problems, sheet.problems
    destroy_daemon(st, "daemon." + gone.lower())
    log = Log()
    action.run(st, {"a": sheet, "b": None, "c": None}, Dice(script=[]), DATA, log)
    assert notes(log, "a")[0] == f"Caim (a): CAST not possible: {gone} is no longer in play"
    assert st.players["a"].hand == [cid]
