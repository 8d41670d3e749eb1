"""Major Arcana that are Counters (action/spells_counters.py), and It Did Not Work...
against cards of the other families, cast through the real order path."""

from __future__ import annotations

import pytest
from phase_runner import run_phase
from spells_kit import acts, earth, from_cast, kinds, notes

from pbem_games.hellgame import action
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import check_sheet

DATA = load_data()


# -- It Did Not Work... ---------------------------------------------------------------------------

def test_it_did_not_work_cancels_even_a_card_that_costs(make_state):
    """Costs are paid when a card is played (HG-9.8.1-04): a countered Defection keeps
    its Favour spent, and the Units stay where they were."""
    st = make_state(players={"a": {"favours": 1, "daemons": ["daemon.baal"],
                                   "hand": ["arcana.defection"]},
                             "b": {"daemons": ["daemon.naburos"],
                                   "hand": ["arcana.it-did-not-work"]}, "c": {}},
                    units=[("lieutenant", "b", "sectio.liars", "lieutenant.sulla")])
    log = run_phase(action.run, st, DATA, orders={
        "a": "Baal: CAST Defection ON b AT Liars\n",
        "b": "COUNTER Defection WITH It Did Not Work\n"})
    assert acts(log)[-2] == ("countered", "Defection of Baal (a) does not work")
    assert st.units[0].owner == "b" and st.players["a"].favours == 0


# -- Counters --------------------------------------------------------------------------------------

@pytest.mark.parametrize("card,line,given", [
    ("arcana.atrocity", "CAST Atrocity", {"disfavours": 2}),
    ("arcana.carnossa", "CAST Carnossa", {"disfavours": 2}),
    ("arcana.come-on-join-us", "CAST Come On Join Us", {}),
    ("arcana.blood-for-lilith", "CAST Blood for Lilith ON Sulla", {"favours": 1}),
])
def test_it_did_not_work_cancels_cards_of_each_family(make_state, card, line, given):
    """arcana.atrocity, arcana.carnossa, arcana.come-on-join-us, arcana.blood-for-lilith:
    It Did Not Work cancels each; its costs stay paid and nothing else changes."""
    st = make_state(players={"a": {"daemons": ["daemon.baal"], "hand": [card], **given},
                             "b": {"daemons": ["daemon.xaphan"],
                                   "hand": ["arcana.it-did-not-work"]}, "c": {}},
                    daemons=earth("daemon.baal") if card == "arcana.atrocity" else {},
                    units=[("lieutenant", "a", "sectio.liars", "lieutenant.sulla")],
                    daemon_deck=["daemon.zagam"])
    before = st.to_dict()
    name = DATA.arcana[card].name
    log = run_phase(action.run, st, DATA, orders={
        "a": f"Baal: {line}\n", "b": f"COUNTER {name} WITH It Did Not Work USING Xaphan\n"})
    assert ("countered", f"{name} of Baal (a) does not work") in acts(log)
    a = st.players["a"]
    assert (a.disfavours, len(st.units), list(st.daemons)) == (
        before["players"]["a"]["disfavours"], 1, ["daemon.baal", "daemon.xaphan"])
    assert not st.daemons["daemon.baal"].incapacitated and a.favours == 0


# -- Objection! -------------------------------------------------------------------------------

def test_objection_cancels_and_gives_the_card_back(make_state):
    """arcana.objection: Incubus has no effect and goes back to a's hand, not the deck."""
    st = make_state(players={"a": {"daemons": ["daemon.balban"], "hand": ["arcana.incubus"]},
                             "b": {"daemons": ["daemon.ashtaroth"],
                                   "hand": ["arcana.objection"]}, "c": {}},
                    arcana_deck=["arcana.frenzy"])
    log = run_phase(action.run, st, DATA, orders={
        "a": "Balban: CAST Incubus ON Ashtaroth\n",
        "b": "Ashtaroth: PASS FOR GOOD\nCOUNTER Incubus WITH Objection!\n"})
    assert acts(log)[-1] == ("objection", "Objection! Incubus of Balban (a) has no effect; a "
                                          "takes Incubus back into hand")
    assert not st.daemons["daemon.ashtaroth"].incapacitated
    assert st.players["a"].hand == ["arcana.incubus"] and st.players["b"].hand == []
    assert st.arcana_deck == ["arcana.frenzy", "arcana.objection"]


def test_objection_countered_by_it_did_not_work(make_state):
    """arcana.objection can itself be countered: the card it answered then works and
    stays in the deck."""
    st = make_state(players={"a": {"daemons": ["daemon.balban"],
                                   "hand": ["arcana.incubus", "arcana.it-did-not-work"]},
                             "b": {"daemons": ["daemon.ashtaroth"],
                                   "hand": ["arcana.objection"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Balban: CAST Incubus ON Ashtaroth\nCOUNTER Objection! WITH It Did Not Work\n",
        "b": "Ashtaroth: PASS FOR GOOD\nCOUNTER Incubus WITH Objection!\n"})
    assert ("countered", "Objection! of Ashtaroth (b) does not work") in acts(log)
    assert "objection" not in [k for k, _ in acts(log)]
    assert st.daemons["daemon.ashtaroth"].incapacitated
    assert st.players["a"].hand == [] and "arcana.incubus" in st.arcana_deck


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


# -- Counters ---------------------------------------------------------------------------------

@pytest.mark.parametrize("card,line,souls", [
    ("Stop Me", "Caim: CAST Stop Me", 0),
    ("Recruit", "Caim: CAST Recruit", 5),
    ("Look into the Future", "Caim: CAST Look into the Future ON Xaphan AND Ukobach", 5),
])
def test_it_did_not_work_cancels_turn_and_recruit_cards(make_state, card, line, souls):
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


# -- So, Sue Me.. ----------------------------------------------------------------------------

def test_so_sue_me_cancels_a_counter_against_my_card(make_state):
    """arcana.so-sue-me: b counters a's Sucubus; a answers that Counter with So, Sue Me..
    (Baal, the target, counters for free; Caim, whose card is countered, too): the Counter
    is cancelled and the Sucubus works (A-12(3))."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.sucubus", "arcana.so-sue-me"]},
                             "b": {"daemons": ["daemon.baal"],
                                   "hand": ["arcana.it-did-not-work"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Sucubus ON Baal\nCOUNTER ANY TARGETING MINE WITH So, Sue Me..\n",
        "b": "COUNTER ANY TARGETING MINE WITH It Did Not Work\n"})
    assert from_cast(log)[:4] == ["cast", "counter", "counter", "countered"]
    assert ("countered", "So, Sue Me..: It Did Not Work... of Baal (b) is cancelled, and "
                         "Sucubus of Caim (a) stands") in acts(log)
    assert st.daemons["daemon.baal"].incapacitated
    assert st.players["a"].hand == [] and st.players["b"].hand == []


def test_so_sue_me_is_not_played_against_a_plain_card(make_state):
    """arcana.so-sue-me answers only a Counter against its user's card: a Sucubus aimed
    at a's Daemon is no Counter, so the card stays in the hand."""
    st = make_state(players={"a": {"daemons": ["daemon.baal"], "hand": ["arcana.so-sue-me"]},
                             "b": {"daemons": ["daemon.caim"], "hand": ["arcana.sucubus"]},
                             "c": {}})
    run_phase(action.run, st, DATA, orders={
        "a": "COUNTER ANY TARGETING MINE WITH So, Sue Me..\n",
        "b": "Caim: CAST Sucubus ON Baal\n"})
    assert st.players["a"].hand == ["arcana.so-sue-me"]
    assert st.daemons["daemon.baal"].incapacitated


def test_so_sue_me_itself_cancelled_by_it_did_not_work(make_state):
    """arcana.so-sue-me is a card too: c, whose Daemon is not involved, has no line; b's
    second It Did Not Work (USING Ukobach, an Action) cancels So, Sue Me.., so b's first
    Counter works and the Sucubus does not."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.sucubus", "arcana.so-sue-me"]},
                             "b": {"daemons": ["daemon.baal", "daemon.ukobach"],
                                   "hand": ["arcana.it-did-not-work", "arcana.objection"]},
                             "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Sucubus ON Baal\nCOUNTER ANY TARGETING MINE WITH So, Sue Me..\n",
        "b": "COUNTER Sucubus WITH It Did Not Work\n"
             "COUNTER So, Sue Me.. WITH Objection USING Ukobach\n"})
    assert from_cast(log)[:4] == ["cast", "counter", "counter", "counter"]
    assert not st.daemons["daemon.baal"].incapacitated
    assert not any(k == "sucubus" for k in kinds(log))
