"""Major Arcana that give Favours or take Disfavours away (action/spells_favours.py),
cast through the real order path with scripted dice; Flagellation and Loudun share
theirs in the End Phase."""

from __future__ import annotations

import copy

import pytest
from phase_runner import run_phase
from spells_kit import WALKING, acts, countered, earth, kinds, notes

from pbem_games.hellgame import action, end_phase
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import check_sheet

DATA = load_data()


# -- Atrocity -------------------------------------------------------------------------------------

def test_atrocity_discards_two_disfavours(make_state):
    """arcana.atrocity, cast On Earth: 3 Disfavours become 1."""
    st = make_state(players={"a": {"disfavours": 3, "daemons": ["daemon.baal"],
                                   "hand": ["arcana.atrocity"]}, "b": {}, "c": {}},
                    daemons=earth("daemon.baal"))
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Atrocity\n"})
    assert acts(log) == [("cast", "Baal (a) casts Atrocity"),
                         ("atrocity", "a discards 2 Disfavours after Baal (a)'s atrocity on "
                                      "Earth")]
    assert st.players["a"].disfavours == 1


def test_atrocity_needs_a_disfavour_and_earth(make_state):
    """arcana.atrocity: refused with no Disfavour, and from Hell (HG-9.8.1-02)."""
    st = make_state(players={"a": {"daemons": ["daemon.baal", "daemon.caim"],
                                   "hand": ["arcana.atrocity"]}, "b": {}, "c": {}},
                    daemons=earth("daemon.baal"))
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Atrocity\n"
                                                        "Caim: CAST Atrocity\n"})
    assert notes(log, "a") == [
        "Baal (a): CAST not possible: a has no Disfavour for Atrocity to discard",
        "Caim (a): CAST not possible: Atrocity is cast On Earth, and Caim is in Hell "
        "[HG-9.8.1-02]"]


# -- Carnossa -------------------------------------------------------------------------------------

def test_carnossa_loses_a_disfavour_and_incapacitates_the_caster(make_state):
    """arcana.carnossa."""
    st = make_state(players={"a": {"disfavours": 2, "daemons": ["daemon.baal"],
                                   "hand": ["arcana.carnossa"]}, "b": {}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Baal: CAST Carnossa\n"})
    assert acts(log) == [("cast", "Baal (a) casts Carnossa"),
                         ("carnossa", "a loses 1 Disfavour and Baal (a) is Incapacitated")]
    assert st.players["a"].disfavours == 1
    assert (st.daemons["daemon.baal"].incapacitated, st.daemons["daemon.baal"].recover_by) == \
        (True, None)


# -- Flattering the Boss, He Can't Be All Good -------------------------------------------------

def test_flattering_the_boss_loses_a_disfavour(make_state):
    """arcana.flattering-the-boss: 1 Disfavour less (HG-14.2-01)."""
    st = make_state(players={"a": {"disfavours": 2, "daemons": ["daemon.caim"],
                                   "hand": ["arcana.flattering-the-boss"]}, "b": {}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Flattering the Boss\n"})
    assert acts(log) == [("cast", "Caim (a) casts Flattering the Boss"),
                         ("lose-disfavour", "a loses 1 Disfavour (Flattering the Boss); "
                                            "1 Disfavour left")]
    assert st.players["a"].disfavours == 1 and st.players["a"].hand == []


def test_flattering_the_boss_needs_a_disfavour(make_state):
    """arcana.flattering-the-boss with no Disfavour is refused and not spent."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.flattering-the-boss"]}, "b": {}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Flattering the Boss\n"})
    assert notes(log, "a") == ["Caim (a): CAST not possible: a has no Disfavour for "
                               "Flattering the Boss to take away"]
    assert st.players["a"].hand == ["arcana.flattering-the-boss"]


def test_he_cant_be_all_good_on_earth(make_state):
    """arcana.he-cant-be-all-good: cast On Earth, 1 Disfavour less (HG-14.2-01); from
    Hell it is refused (HG-9.8.1-02)."""
    st = make_state(players={"a": {"disfavours": 1, "daemons": ["daemon.caim", "daemon.baal"],
                                   "hand": ["arcana.he-cant-be-all-good"]}, "b": {}, "c": {}},
                    daemons={"daemon.caim": {"where": "earth", "walk_card": "arcana.rage"}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Baal: CAST He Can't Be All Good\nCaim: CAST He Can't Be All Good\n"})
    assert notes(log, "a")[0] == ("Baal (a): CAST not possible: He Can't Be All Good is cast "
                                  "On Earth, and Baal is in Hell [HG-9.8.1-02]")
    assert acts(log)[-1] == ("lose-disfavour", "a loses 1 Disfavour (He Can't Be All Good); "
                                               "0 Disfavours left")
    assert st.players["a"].disfavours == 0 and st.daemons["daemon.caim"].where == "earth"


def test_flattering_the_boss_can_be_countered(make_state):
    """arcana.flattering-the-boss answered by It Did Not Work: the Disfavour stays."""
    st, log = countered(make_state, "arcana.flattering-the-boss", "CAST Flattering the Boss",
                         a={"disfavours": 1})
    assert ("countered", "Flattering the Boss of Caim (a) does not work") in acts(log)
    assert st.players["a"].disfavours == 1


# -- Fast Cash ------------------------------------------------------------------------------------

def test_fast_cash_souls_and_a_disfavour_per_one(make_state):
    """arcana.fast-cash: 1 + 4 + 1 = 6 Souls and 2 Disfavours."""
    st = make_state(players={"a": {"souls": 3, "daemons": ["daemon.caim"],
                                   "hand": ["arcana.fast-cash"]}, "b": {}, "c": {}},
                    owners={"sectio.liars": "a"})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Fast Cash\n"},
                    script=[1, 4, 1])
    assert acts(log) == [("cast", "Caim (a) casts Fast Cash"),
                         ("fast-cash", "a rolls 1, 4, 1 and gains 6 Souls of counterfeit "
                                       "money, and takes 2 Disfavours for the 2 ones rolled")]
    assert (st.players["a"].souls, st.players["a"].disfavours) == (9, 2)


def test_fast_cash_without_ones(make_state):
    """arcana.fast-cash: no 1, no Disfavour."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.fast-cash"]},
                             "b": {}, "c": {}}, owners={"sectio.falsifiers": "a"})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Fast Cash\n"},
                    script=[6, 5, 2])
    assert acts(log)[-1] == ("fast-cash", "a rolls 6, 5, 2 and gains 13 Souls of counterfeit "
                                          "money")
    assert (st.players["a"].souls, st.players["a"].disfavours) == (13, 0)


def test_fast_cash_needs_a_sectio_of_fraud(make_state):
    """arcana.fast-cash: its prerequisite, a Sectio in the Circle of Fraud."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.fast-cash"]},
                             "b": {}, "c": {}}, owners={"sectio.liars": "b"})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Fast Cash\n"})
    assert notes(log, "a") == ["Caim (a): CAST not possible: a controls no Sectio in the "
                               "Circle of Fraud, which Fast Cash needs"]
    assert st.players["a"].hand == ["arcana.fast-cash"]


def test_fast_cash_can_be_countered(make_state):
    """arcana.fast-cash answered by It Did Not Work: no dice, no Souls."""
    st, log = countered(make_state, "arcana.fast-cash", "CAST Fast Cash",
                         owners={"sectio.liars": "a"})
    assert ("countered", "Fast Cash of Caim (a) does not work") in acts(log)
    assert st.players["a"].souls == 0


# -- Wicked Pope -------------------------------------------------------------------------------

@pytest.mark.parametrize("before,after,said", [
    ((1, 3), (1, 1), "a loses 2 Disfavours"),
    ((0, 1), (0, 0), "a loses 1 Disfavour"),
    ((1, 0), (3, 0), "a gains 2 Favours"),
])
def test_wicked_pope_default(make_state, before, after, said):
    """arcana.wicked-pope: the default for the caster's choice loses Disfavours when it
    has any, else gains 2 Favours."""
    st = make_state(players={"a": {"favours": before[0], "disfavours": before[1],
                                   "daemons": ["daemon.caim"], "hand": ["arcana.wicked-pope"]},
                             "b": {}, "c": {}}, daemons={"daemon.caim": WALKING})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Wicked Pope\n"})
    assert acts(log, "wicked-pope") == [
        ("wicked-pope", f"Caim (a) helps elect a Wicked Pope: {said} (default: lose "
                        "Disfavours if it has any, else gain Favours)")]
    assert (st.players["a"].favours, st.players["a"].disfavours) == after


# -- Wicked Whispers ---------------------------------------------------------------------------

def test_wicked_whispers_one_disfavour_per_4_to_6(make_state):
    """arcana.wicked-whispers: Ashtaroth's 6 Hearts roll 1 4 6 2 5 3: b takes 3
    Disfavours."""
    st = make_state(players={"a": {"daemons": ["daemon.ashtaroth"],
                                   "hand": ["arcana.wicked-whispers"]}, "b": {}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Ashtaroth: CAST Wicked Whispers ON b\n"},
                    script=[1, 4, 6, 2, 5, 3])
    assert acts(log, "wicked-whispers") == [
        ("wicked-whispers", "Ashtaroth (a) whispers against b, rolling 1, 4, 6, 2, 5, 3: b "
                            "takes 3 Disfavours")]
    assert (st.players["a"].disfavours, st.players["b"].disfavours) == (0, 3)


def test_wicked_whispers_backfires_without_a_4_to_6(make_state):
    """arcana.wicked-whispers: Caim's single Heart rolls 3: Caim's a takes 2 Disfavours."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.wicked-whispers"]}, "b": {}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={"a": "Caim: CAST Wicked Whispers ON b\n"},
                    script=[3])
    assert acts(log, "wicked-whispers") == [
        ("wicked-whispers", "Caim (a) whispers against b, rolling 3: no 4-6: a takes 2 "
                            "Disfavours")]
    assert (st.players["a"].disfavours, st.players["b"].disfavours) == (2, 0)


def test_wicked_whispers_can_be_countered(make_state):
    """arcana.wicked-whispers answered by It Did Not Work...: no die is rolled. Aimed at
    a player, not at his Daemons or Units, it is countered only at the cost of an Action
    (HG-9.8.2-03)."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.wicked-whispers"]},
                             "b": {"daemons": ["daemon.naburos"],
                                   "hand": ["arcana.it-did-not-work"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Wicked Whispers ON b\n",
        "b": "COUNTER Wicked Whispers WITH It Did Not Work USING Naburos\n"})
    assert ("countered", "Wicked Whispers of Caim (a) does not work") in acts(log)
    assert (st.players["a"].disfavours, st.players["b"].disfavours) == (0, 0)


# -- Flagellation and Loudun ---------------------------------------------------------------------

def _turn(st, orders, script, phases=("action", "end")):
    """The Action and End Phases with one log, as in a turn (turn.run_phases)."""
    from pbem.dice import Dice
    from pbem_games.hellgame.turn import run_phases

    sheets = {p: None for p in st.seats}
    for player, text in orders.items():
        sheets[player] = check_sheet(st, DATA, player, text)
        assert not sheets[player].problems, [p.message for p in sheets[player].problems]
    log, dice = Log(), Dice(script=list(script))
    run_phases(st, sheets, dice, DATA, list(phases), log)
    dice.finish()
    return log


def test_flagellation_shares_two_favours(make_state):
    """arcana.flagellation: Caim names Baal and Naburos; both Pass for Good (Baal by order,
    Naburos by default): in the End Phase Caim's and Baal's players get 1 Favour each
    (the odd Favours to the caster, then in the order named), Naburos's none."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.flagellation"]},
                             "b": {"daemons": ["daemon.baal"]},
                             "c": {"daemons": ["daemon.naburos"]}})
    log = _turn(st, {"a": "Caim: CAST Flagellation ON Baal, Naburos\n",
                     "b": "Baal: PASS FOR GOOD\n"}, [])
    assert ("share-favours", "Flagellation of Caim: 2 Favours shared: Caim (a) 1 Favour; "
                             "Baal (b) 1 Favour; Naburos (c) 0 Favours.") in acts(log)
    assert [st.players[p].favours for p in "abc"] == [1, 1, 0]
    assert "arcana.flagellation" not in st.marks


def test_flagellation_fails_when_one_does_not_pass_for_good(make_state):
    """arcana.flagellation: Baal Marches instead, so nobody gets a Favour."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.flagellation"]},
                             "b": {"daemons": ["daemon.baal"]},
                             "c": {"daemons": ["daemon.naburos"]}})
    log = _turn(st, {"a": "Caim: CAST Flagellation ON Baal, Naburos\n",
                     "b": "Baal: MARCH\n"}, [])
    assert ("flagellation-fails", "Flagellation of Caim (a): Baal did not Pass for Good this "
                                  "Action Phase, so no Favours are shared.") in acts(log)
    assert [st.players[p].favours for p in "abc"] == [0, 0, 0]


def test_flagellation_order_errors(make_state):
    """arcana.flagellation needs two different Daemons after ON."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.flagellation"]},
                             "b": {"daemons": ["daemon.baal"]}, "c": {}})
    sheet = check_sheet(st, DATA, "a", "Caim: CAST Flagellation ON Baal\n"
                                       "Caim: CAST Flagellation ON Baal, Baal\n")
    msgs = [p.message for p in sheet.problems]
    assert any("does not name two Daemons" in m for m in msgs)
    assert any("Baal is named twice" in m for m in msgs)


def test_flagellation_cancelled_by_it_did_not_work(make_state):
    """arcana.flagellation countered (Naburos spends its Action on it): no Favours."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.flagellation"]},
                             "b": {"daemons": ["daemon.baal"]},
                             "c": {"daemons": ["daemon.naburos"],
                                   "hand": ["arcana.it-did-not-work"]}})
    log = _turn(st, {"a": "Caim: CAST Flagellation ON Baal, Naburos\n",
                     "c": "COUNTER Flagellation WITH It Did Not Work USING Naburos\n"}, [])
    assert ("countered", "Flagellation of Caim (a) does not work") in acts(log)
    assert [st.players[p].favours for p in "abc"] == [0, 0, 0]


LOUDUN_STATE = {"a": {"daemons": ["daemon.xaphan"], "hand": ["arcana.loudun"]},
                "b": {"daemons": ["daemon.sammael", "daemon.asmodeus", "daemon.thamuz"]},
                "c": {"daemons": ["daemon.ashtaroth", "daemon.naburos"]}}
ON_EARTH = {d: {"where": "earth"} for d in ("daemon.xaphan", "daemon.sammael",
                                           "daemon.asmodeus", "daemon.thamuz",
                                           "daemon.ashtaroth")}
LOUDUN_ORDERS = {"a": "Xaphan: CAST Loudun\n",
                 "b": "Sammael: SUPPORT Xaphan Loudun\nAsmodeus: SUPPORT Xaphan Loudun\n"
                      "Thamuz: SUPPORT Xaphan Loudun\n"}


def test_loudun_shares_two_dice_of_favours(make_state):
    """arcana.loudun: Sammael 5 + Asmodeus 5 + Ashtaroth 6 + Thamuz 4 = 20 Hearts on
    Earth (Xaphan's own not counted); the End Phase rolls 4 + 3 = 7 Favours over 5
    Daemons: the caster and then the supporters in the order they supported get the odd
    Favours (Xaphan 2, Sammael 2, the others 1 each), each to its Triumvirate."""
    st = make_state(players=copy.deepcopy(LOUDUN_STATE), daemons=copy.deepcopy(ON_EARTH))
    orders = {**LOUDUN_ORDERS, "c": "Ashtaroth: SUPPORT Xaphan Loudun\n"}
    log = _turn(st, orders, [4, 3])
    assert ("share-favours", "Loudun of Xaphan: 7 Favours (rolled 4 + 3) shared: "
                             "Xaphan (a) 2 Favours; Sammael (b) 2 Favours; Asmodeus (b) "
                             "1 Favour; Ashtaroth (c) 1 Favour; Thamuz (b) 1 Favour.") \
        in acts(log)
    assert [st.players[p].favours for p in "abc"] == [2, 4, 1]
    assert "arcana.loudun" not in st.marks


def test_loudun_scrapped_without_15_hearts(make_state):
    """arcana.loudun: 14 Hearts of support (the caster's not counted): scrapped, kept."""
    st = make_state(players=copy.deepcopy(LOUDUN_STATE), daemons=copy.deepcopy(ON_EARTH))
    log = _turn(st, LOUDUN_ORDERS, [])
    assert st.players["a"].hand == ["arcana.loudun"]
    assert not any(k == "share-favours" for k in kinds(log))
    assert any("Loudun needs 15 Hearts and has 14 Hearts" in e.text for e in log.events)


def test_loudun_cancelled_by_it_did_not_work(make_state):
    """arcana.loudun countered (USING Naburos, its Action): nothing is shared."""
    players = copy.deepcopy(LOUDUN_STATE)
    players["c"]["hand"] = ["arcana.it-did-not-work"]
    st = make_state(players=players, daemons=copy.deepcopy(ON_EARTH))
    orders = {**LOUDUN_ORDERS, "c": "Ashtaroth: SUPPORT Xaphan Loudun\n"
                                    "COUNTER Loudun WITH It Did Not Work USING Naburos\n"}
    log = _turn(st, orders, [])
    assert ("countered", "Loudun of Xaphan (a) does not work") in acts(log)
    assert [st.players[p].favours for p in "abc"] == [0, 0, 0]


def test_end_phase_without_marks_shares_nothing(make_state):
    """arcana.loudun, arcana.flagellation: no cast this turn, no Favours shared."""
    st = make_state()
    log = run_phase(end_phase.run, st, DATA)
    assert not any(k == "share-favours" for k in kinds(log))
