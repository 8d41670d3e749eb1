"""The End Phase (chapter 13) and Winning (chapter 4): games/hellgame/end_phase.py."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest

from pbem.dice import Dice
from pbem.engine import ACCEPTED, ILLEGAL, INVALID, LineResult, OrderSheet
from pbem_games.hellgame import end_phase
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.setup import rank_order

SIX_CARDS = ["arcana.frenzy", "arcana.madness", "arcana.heroism"]


@pytest.fixture(scope="module")
def data():
    return load_data()


def with_sixes(data, cards=SIX_CARDS):
    """The real data, but with a "6" printed on `cards` (no source says which cards
    carry one, so the data marks none)."""
    arcana = dict(data.arcana)
    for c in cards:
        arcana[c] = replace(arcana[c], flags=replace(arcana[c].flags, six=True))
    return replace(data, arcana=MappingProxyType(arcana))


def circle(data, n, player):
    return {s: player for s in data.circle_members(n)}


def orders(player, *orders_):
    return OrderSheet(player, [LineResult(i, "", ACCEPTED, order=o)
                               for i, o in enumerate(orders_, start=1)])


def run(st, data, sheets=None, script=()):
    log = Log()
    dice = Dice(script=list(script))
    end_phase.run(st, sheets or {}, dice, data, log)
    dice.finish()
    return log


# -- winning (4.0, 13.0) ------------------------------------------------------------------
def test_hg_4_0_01_controlling_all_five_sectio_of_a_circle_wins(make_state, data):
    st = make_state({"a": {}, "b": {}, "c": {}}, owners=circle(data, 3, "b"))
    run(st, data)
    assert st.winner == {"players": ["b"], "how": "circle",
                         "text": "b (all five Sectio of Circle 3) wins."}


def test_hg_4_0_01_four_sectio_of_a_circle_are_not_enough(make_state, data):
    owners = circle(data, 3, "b")
    owners[data.circle_members(3)[4]] = "c"
    st = make_state(["a", "b", "c"], owners=owners)
    log = run(st, data)
    assert st.winner is None
    assert [e.rule for e in log.events][0] == "HG-4.0-04"


def test_hg_13_0_01_a_winner_ends_the_game_before_anything_else(make_state, data):
    # The winner is checked first: no buy-off, no recovery roll (no die is scripted).
    st = make_state({"a": {"favours": 4, "disfavours": 2, "daemons": ["daemon.baal"]},
                     "b": {}, "c": {}},
                    owners=circle(data, 1, "a"), daemons={"daemon.baal": {"incapacitated": True}})
    log = run(st, data)
    assert st.winner["players"] == ["a"]
    assert (st.players["a"].favours, st.players["a"].disfavours) == (4, 2)
    assert st.daemons["daemon.baal"].incapacitated is True
    assert [e.kind for e in log.events] == ["winner"]


def test_hg_4_0_02_simultaneous_circles_most_favours_wins(make_state, data):
    # Bound Favours count too: b has 3 Favours, 2 of them bound.
    st = make_state({"a": {"favours": 2}, "b": {"favours": 3, "disfavours": 2}, "c": {}},
                    owners={**circle(data, 9, "a"), **circle(data, 1, "b")})
    run(st, data)
    assert st.winner["players"] == ["b"]
    assert st.winner["text"] == ("b (all five Sectio of Circle 1) wins on the tie-break: "
                                 "most Favours, fewest Disfavours, innermost Circle.")


def test_hg_4_0_02_hg_14_1_05_equal_favours_fewest_disfavours_wins(make_state, data):
    st = make_state({"a": {"favours": 2, "disfavours": 1}, "b": {"favours": 2}, "c": {}},
                    owners={**circle(data, 9, "a"), **circle(data, 1, "b")})
    run(st, data)
    assert st.winner["players"] == ["b"]


def test_hg_4_0_02_then_the_innermost_circle_wins(make_state, data):
    # Circle 9 borders the Pentagram: it is the innermost.
    st = make_state({"a": {"favours": 1}, "b": {"favours": 1}, "c": {}},
                    owners={**circle(data, 2, "a"), **circle(data, 9, "b")})
    run(st, data)
    assert st.winner["players"] == ["b"]
    assert st.winner["how"] == "circle"


def test_hg_4_0_02_a_player_is_judged_by_his_innermost_complete_circle(make_state, data):
    st = make_state(["a", "b", "c"], owners={**circle(data, 1, "a"), **circle(data, 8, "a"),
                                             **circle(data, 5, "b")})
    run(st, data)
    assert st.winner["players"] == ["a"]
    assert st.winner["text"].startswith("a (all five Sectio of Circle 8)")


def test_hg_4_0_03_ip_50_three_sixes_are_revealed_and_win(make_state, data):
    d6 = with_sixes(data)
    st = make_state({"a": {}, "b": {"hand": [*SIX_CARDS, "arcana.recruit"]}, "c": {}})
    log = run(st, d6)
    assert st.winner == {"players": ["b"], "how": "sixes",
                         "text": 'b wins with three "6" Arcana.'}
    assert [e.rule for e in log.events] == ["HG-4.0-03", "HG-4.0-03"]
    assert log.events[0].text == 'b reveals three "6" Arcana: Frenzy, Madness, Heroism.'


def test_hg_4_0_03_two_sixes_do_not_win(make_state, data):
    st = make_state({"a": {}, "b": {"hand": SIX_CARDS[:2]}, "c": {}})
    run(st, with_sixes(data))
    assert st.winner is None


def test_hg_4_0_03_two_holders_share_the_win(make_state, data):
    # The rules give no tie-break for three sixes shown in the same End Phase.
    more = ["arcana.recruit", "arcana.vendetta", "arcana.carnossa"]
    st = make_state({"a": {"hand": more}, "b": {"hand": SIX_CARDS}, "c": {}})
    run(st, with_sixes(data, SIX_CARDS + more))
    assert st.winner["players"] == ["a", "b"]
    assert st.winner["text"] == 'a and b share the win with three "6" Arcana.'


def test_hg_4_0_03_a_32_a_circle_winner_beats_three_sixes(make_state, data):
    st = make_state({"a": {"hand": SIX_CARDS}, "b": {}, "c": {}}, owners=circle(data, 4, "c"))
    log = run(st, with_sixes(data))
    assert st.winner["players"] == ["c"] and st.winner["how"] == "circle"
    assert "reveal-sixes" not in [e.kind for e in log.events]


def test_hg_4_0_04_no_winner_play_goes_on(make_state, data):
    st = make_state({"a": {"favours": 2, "disfavours": 1, "daemons": ["daemon.baal"]},
                     "b": {"daemons": ["daemon.moloch"]}, "c": {"daemons": ["daemon.caim"]}})
    log = run(st, data)
    assert st.winner is None
    assert [e.rule for e in log.events] == ["HG-4.0-04", "HG-13.1-01", "HG-13.3-01"]


# -- buying off Disfavours (13.1, 14.1, 14.2) ---------------------------------------------
def test_hg_13_1_01_two_favours_buy_off_one_disfavour(make_state, data):
    # 000 §13 example: the Beast uses two Favours to get rid of a Disfavour.
    st = make_state({"beast": {"favours": 2, "disfavours": 1}, "b": {}, "c": {}})
    log = run(st, data)
    assert (st.players["beast"].favours, st.players["beast"].disfavours) == (0, 0)
    assert log.events[1].text == "beast returns 2 Favours to remove 1 Disfavour."


def test_hg_13_1_01_ip_49_default_buys_off_as_many_as_possible(make_state, data):
    st = make_state({"a": {"favours": 5, "disfavours": 3}, "b": {"favours": 1,
                                                                 "disfavours": 2},
                     "c": {"favours": 6, "disfavours": 1}})
    run(st, data)
    got = {p: (st.players[p].favours, st.players[p].disfavours) for p in st.seats}
    assert got == {"a": (1, 1), "b": (1, 2), "c": (4, 0)}


@pytest.mark.parametrize("given, left", [
    ([{"type": "BUY OFF", "count": 0}], (6, 3)),
    ([{"type": "BUY OFF", "count": 1}], (4, 2)),
    ([{"type": "BUY OFF", "count": 9}], (0, 0)),
    ([{"type": "BUY OFF", "count": None}], (0, 0)),
    ([{"type": "KEEP FAVOURS", "keep": 3}], (4, 2)),
    ([{"type": "KEEP FAVOURS", "keep": 2}], (2, 1)),
    ([{"type": "BUY OFF", "count": 2}, {"type": "KEEP FAVOURS", "keep": 4}], (4, 2)),
    ([{"type": "BUY OFF", "count": 1}, {"type": "KEEP FAVOURS", "keep": 0}], (4, 2)),
])
def test_hg_13_1_01_buy_off_and_keep_favours_orders(make_state, data, given, left):
    st = make_state({"a": {"favours": 6, "disfavours": 3}, "b": {}, "c": {}})
    run(st, data, {"a": orders("a", *given)})
    assert (st.players["a"].favours, st.players["a"].disfavours) == left


def test_hg_14_1_01_bound_favours_may_buy_off_their_disfavours(make_state, data):
    # Both Favours are bound, yet they may pay for one Disfavour.
    st = make_state({"a": {"favours": 2, "disfavours": 2}, "b": {}, "c": {}})
    run(st, data)
    assert (st.players["a"].favours, st.players["a"].disfavours) == (0, 1)


def test_hg_14_2_01_one_favour_removes_nothing(make_state, data):
    # Only pairs of Favours remove Disfavours in the End Phase; nothing else here does.
    st = make_state({"a": {"favours": 1, "disfavours": 4}, "b": {}, "c": {}})
    run(st, data)
    assert (st.players["a"].favours, st.players["a"].disfavours) == (1, 4)


# -- recovery (13.2) and It Is All Lost (15.1) --------------------------------------------
def test_hg_13_2_01_incapacitated_daemons_recover_on_5_or_6(make_state, data):
    ds = ["daemon.baal", "daemon.moloch", "daemon.gomory"]
    st = make_state({"beast": {"daemons": ds}, "b": {}, "c": {}},
                    daemons={d: {"incapacitated": True} for d in ds})
    # 000 §13 example: Baal rolls a 4 and stays in the jar; Moloch 5, Gomory 6 recover.
    log = run(st, data, script=[4, 5, 6])
    assert [st.daemons[d].incapacitated for d in ds] == [True, False, False]
    assert [e.kind for e in log.events if e.rule == "HG-13.2-01"] == [
        "still-incapacitated", "recover", "recover"]


def test_hg_13_2_01_the_card_may_name_other_faces(make_state, data):
    daemons = dict(data.daemons)
    daemons["daemon.baal"] = replace(daemons["daemon.baal"], recovery=(6,))
    d = replace(data, daemons=MappingProxyType(daemons))
    st = make_state({"a": {"daemons": ["daemon.baal", "daemon.moloch"]}, "b": {}, "c": {}},
                    daemons={"daemon.baal": {"incapacitated": True}})
    run(st, d, script=[5])
    assert st.daemons["daemon.baal"].incapacitated is True


def test_hg_15_1_01_a_33_checked_after_the_recovery_rolls(make_state, data):
    ds = ["daemon.baal", "daemon.moloch"]
    incap = {d: {"incapacitated": True} for d in ds}
    # A recovery on 6: no revival needed, so no extra die.
    st = make_state({"a": {"daemons": ds}, "b": {}, "c": {}}, daemons=incap)
    run(st, data, script=[6, 1])
    assert [st.daemons[d].incapacitated for d in ds] == [False, True]
    # Both fail: The Morningstar revives one, picked by a die (2 = Moloch).
    st = make_state({"a": {"daemons": ds}, "b": {}, "c": {}}, daemons=incap)
    log = run(st, data, script=[1, 4, 2])
    assert [st.daemons[d].incapacitated for d in ds] == [True, False]
    assert "HG-15.1-01" in [e.rule for e in log.events]


def test_hg_15_1_02_a_triumvirate_with_no_daemons_restarts(make_state, data):
    st = make_state({"a": {}, "b": {}, "c": {}},
                    daemon_deck=["daemon.caim", "daemon.xaphan", "daemon.zagam"])
    run(st, data)
    assert st.players["a"].daemons == ["daemon.caim", "daemon.xaphan", "daemon.zagam"]
    assert st.daemon_deck == []
    assert (st.players["b"].daemons, st.players["c"].daemons) == ([], [])


# -- clean up (13.3) ------------------------------------------------------------------------
def test_hg_13_3_01_rank_track_is_the_printed_rank_order(make_state, data):
    st = make_state({"a": {"daemons": ["daemon.naburos", "daemon.sammael"]},
                     "b": {"daemons": ["daemon.baal"]}, "c": {}},
                    daemons={"daemon.sammael": {"incapacitated": True}})
    run(st, data, script=[1])  # Sammael stays Incapacitated, yet keeps his rank
    assert rank_order(st, data) == ["daemon.sammael", "daemon.baal", "daemon.naburos"]


def test_hg_13_3_02_bonus_pay_and_turn_markers_are_removed(make_state, data):
    st = make_state(["beast", "b", "c"], units=[
        {"kind": "lieutenant", "owner": "beast", "location": "sectio.liars",
         "ref": "lieutenant.verin", "bonus_pay": 2},
        {"kind": "legion", "owner": "beast", "location": "sectio.liars",
         "tamed_this_visit": True},
        {"kind": "legion", "owner": "beast", "location": "antehell", "tamed_this_visit": True},
    ], revealed=["arcana.a-bad-day"])
    log = run(st, data)
    assert [u.bonus_pay for u in st.units] == [0, 0, 0]
    assert st.revealed == []
    # HG-8.3.2-03: a Legion still in AnteHell is on the same visit and may not tame again.
    assert [u.tamed_this_visit for u in st.units] == [False, False, True]
    assert log.events[-1].text == "The 2 Bonus Pay Souls on Verin (beast) are removed and lost."
    assert st.players["beast"].souls == 0


def test_hg_13_3_02_one_bonus_pay_soul_reads_in_the_singular(make_state, data):
    st = make_state(["beast", "b", "c"], units=[
        {"kind": "lieutenant", "owner": "beast", "location": "sectio.liars",
         "ref": "lieutenant.verin", "bonus_pay": 1}])
    log = run(st, data)
    assert log.events[-1].text == "The 1 Bonus Pay Soul on Verin (beast) is removed and lost."


# Cursed Dice (HG-15.3-01), once reported here as not implemented: test_cursed_dice.py


# -- the orders ---------------------------------------------------------------------------
def check(st, data, text):
    from pbem_games.hellgame.orders import check_sheet

    return check_sheet(st, data, "a", text).lines


def test_hg_13_1_01_buy_off_orders_parse(make_state, data):
    st = make_state(["a", "b", "c"])
    lines = check(st, data, "buy off all\nkeep favours 2")
    assert [(r.status, r.canonical, r.order) for r in lines] == [
        (ACCEPTED, "BUY OFF ALL", {"type": "BUY OFF", "count": None}),
        (ACCEPTED, "KEEP FAVOURS 2", {"type": "KEEP FAVOURS", "keep": 2}),
    ]
    assert [r.canonical for r in check(st, data, "BUY OFF none")] == ["BUY OFF NONE"]
    assert [r.order["count"] for r in check(st, data, "BUY OFF 03")] == [3]


@pytest.mark.parametrize("text, status", [
    ("BUY OFF", INVALID),
    ("BUY OFF some", INVALID),
    ("BUY OFF -1", INVALID),
    ("KEEP FAVOURS", INVALID),
    ("KEEP FAVOURS x", INVALID),
])
def test_hg_13_1_01_bad_buy_off_orders(make_state, data, text, status):
    st = make_state(["a", "b", "c"])
    [r] = check(st, data, text)
    assert r.status == status and r.rule == "HG-13.1-01"


def test_hg_13_1_01_buy_off_only_once(make_state, data):
    st = make_state(["a", "b", "c"])
    lines = check(st, data, "BUY OFF 1\nBUY OFF 2")
    assert [r.status for r in lines] == [ACCEPTED, ILLEGAL]
