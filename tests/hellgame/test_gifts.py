"""Gifts and trades in the Soul Phase (7.2.1b, IP-08): gifts.py and the GIVE order."""

from __future__ import annotations

import pytest

from pbem.dice import Dice
from pbem.engine import ILLEGAL, INVALID
from pbem_games.hellgame import soul
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import check_sheet

LIARS, FALSIFIERS, SUGAR = "sectio.liars", "sectio.falsifiers", "sectio.sugar-hill"
HAND = ["arcana.berserk-rage", "arcana.dont-eat-that", "arcana.carnossa",
        "arcana.duel-of-sorcery", "arcana.entrapment"]


@pytest.fixture(scope="module")
def data():
    return load_data()


def run(st, data, orders):
    sheets = {}
    for player, text in orders.items():
        sheets[player] = check_sheet(st, data, player, text)
        assert not sheets[player].problems, [p.message for p in sheets[player].problems]
    log, dice = Log(), Dice(script=[])
    soul.run(st, sheets, dice, data, log)
    dice.finish()
    return log


def texts(log, *kinds):
    return [e.text for e in log.events if e.kind in kinds]


def line(st, data, player, text):
    return check_sheet(st, data, player, text).lines[0]


def test_hg_7_2_1b_02_a_player_gives_souls(make_state, data):
    st = make_state({"a": {"souls": 5}, "b": {}})
    log = run(st, data, {"a": "GIVE b 3 SOULS"})
    assert (st.players["a"].souls, st.players["b"].souls) == (2, 3)
    assert texts(log, "gift") == ["a gives b 3 Souls."]


def test_hg_7_2_1b_02_a_gifted_sectio_pays_its_old_owner_this_turn(make_state, data):
    st = make_state({"a": {}, "b": {}}, owners={LIARS: "a", FALSIFIERS: "a"})
    run(st, data, {"a": "GIVE b SECTIO Liars"})
    assert st.owners == {LIARS: "b", FALSIFIERS: "a"}
    assert (st.players["a"].souls, st.players["b"].souls) == (9, 0)  # income came first


def test_hg_7_2_1b_02_a_given_card_is_private_and_the_hand_limit_applies(make_state, data):
    st = make_state({"a": {"hand": ["arcana.belladonna"]}, "b": {"hand": list(HAND)}})
    log = run(st, data, {"a": "GIVE b ARCANA Belladonna"})
    assert st.players["a"].hand == []
    assert st.players["b"].hand == HAND  # the newest card, the gift, is thrown away
    assert st.arcana_deck == ["arcana.belladonna"]
    cards = [(e.text, e.visible_to) for e in log.events if e.kind == "gift-card"]
    assert cards == [("a gives b Belladonna.", ("a",)), ("a gives b Belladonna.", ("b",))]
    assert texts(log, "gift") == ["a gives b an Arcana card."]


def test_hg_7_2_1b_02_ip_08_a_trade_needs_the_other_sides_order(make_state, data):
    st = make_state({"a": {"souls": 5}, "b": {}}, owners={LIARS: "b", SUGAR: "b"})
    log = run(st, data, {"a": "GIVE b 3 SOULS IF b GIVES SECTIO Liars"})
    assert st.players["a"].souls == 5
    assert st.owners[LIARS] == "b"
    assert texts(log, "trade-unmatched") == [
        "a's trade with b does not happen: b gave no order to give LIARS in return."]


def test_hg_7_2_1b_02_ip_08_matching_trade_orders_run_together(make_state, data):
    st = make_state({"a": {"souls": 5}, "b": {}}, owners={LIARS: "b", SUGAR: "b"})
    log = run(st, data, {"a": "GIVE b 3 SOULS IF b GIVES SECTIO Liars",
                         "b": "GIVE a SECTIO Liars IF a GIVES 3 SOULS"})
    assert st.owners[LIARS] == "a"
    # b's Souls: SUGAR HILL 4, isolated (LIARS was still his and is not adjacent) -> 2,
    # LIARS 4-2 -> 2, then 3 from the trade.
    assert (st.players["a"].souls, st.players["b"].souls) == (2, 7)
    assert texts(log, "gift") == ["a gives b 3 Souls and b gives a LIARS."]


def test_hg_7_2_1b_02_ip_08_a_plain_gift_can_complete_a_trade(make_state, data):
    st = make_state({"a": {"souls": 5}, "b": {"hand": ["arcana.frenzy"]}})
    run(st, data, {"a": "GIVE b 3 SOULS IF b GIVES ARCANA Frenzy",
                   "b": "GIVE a ARCANA Frenzy"})
    assert st.players["a"].hand == ["arcana.frenzy"]
    assert st.players["b"].souls == 3


def test_hg_7_2_1b_02_ip_08_a_trade_is_atomic_when_one_half_fails(make_state, data):
    st = make_state({"a": {"souls": 2}, "b": {}}, owners={LIARS: "b", SUGAR: "b"})
    log = run(st, data, {"a": "GIVE b 10 SOULS IF b GIVES SECTIO Liars",
                         "b": "GIVE a SECTIO Liars IF a GIVES 10 SOULS"})
    assert st.owners[LIARS] == "b"
    assert st.players["a"].souls == 2
    assert texts(log, "gift-refused") == [
        "Not done: a gives b 10 Souls and b gives a LIARS, because a has only 2 Souls."]


def test_hg_7_2_1b_01_no_borrowing_or_lending(make_state, data):
    st = make_state({"a": {"souls": 3}, "b": {}})
    log = run(st, data, {"a": "GIVE b 10 SOULS"})
    assert (st.players["a"].souls, st.players["b"].souls) == (3, 0)  # never below 0
    assert texts(log, "gift-refused") == ["Not done: a gives b 10 Souls, because a has only "
                                          "3 Souls."]
    assert line(st, data, "a", "BORROW 5 SOULS").status == INVALID


def test_hg_7_2_1b_02_favours_and_disfavours_can_never_be_given(make_state, data):
    st = make_state({"a": {"favours": 3}, "b": {}})
    for text in ("GIVE b 1 FAVOUR", "GIVE b DISFAVOURS", "GIVE b 4 SOULS IF b GIVES 1 FAVOUR"):
        r = line(st, data, "a", text)
        assert (r.status, r.rule) == (ILLEGAL, "HG-7.2.1b-02")
        assert "Favours and Disfavours can never be given" in r.message


def test_hg_7_2_1b_03_the_last_sectio_may_not_be_given(make_state, data):
    st = make_state({"a": {}, "b": {}}, owners={LIARS: "a", SUGAR: "b", FALSIFIERS: "b"})
    r = line(st, data, "a", "GIVE b SECTIO Liars")
    assert (r.status, r.rule) == (ILLEGAL, "HG-7.2.1b-03")
    swap = line(st, data, "a", "GIVE b SECTIO Liars IF b GIVES SECTIO Sugar Hill")
    assert swap.ok


def test_hg_7_2_1b_03_two_gifts_cannot_give_away_every_sectio(make_state, data):
    st = make_state({"a": {}, "b": {}}, owners={LIARS: "a", FALSIFIERS: "a"})
    log = run(st, data, {"a": "GIVE b SECTIO Liars\nGIVE b SECTIO Falsifiers"})
    assert st.owners == {LIARS: "b", FALSIFIERS: "a"}
    assert texts(log, "gift-refused") == [
        "Not done: a gives b FALSIFIERS, because it is a's last Sectio, which may not be "
        "given away (HG-7.2.1b-03)."]


def test_hg_7_2_1b_03_a_swap_of_the_last_sectio_is_allowed(make_state, data):
    st = make_state({"a": {}, "b": {}}, owners={LIARS: "a", SUGAR: "b", FALSIFIERS: "b"})
    run(st, data, {"a": "GIVE b SECTIO Liars IF b GIVES SECTIO Sugar Hill",
                   "b": "GIVE a SECTIO Sugar Hill IF a GIVES SECTIO Liars"})
    assert st.owners == {LIARS: "b", SUGAR: "a", FALSIFIERS: "b"}


def test_hg_7_2_1b_02_hg_16_1_01_a_gift_before_upkeep_saves_legions(make_state, data):
    st = make_state({"a": {}, "b": {"souls": 5}},
                    units=[("legion", "a", "antehell"), ("legion", "a", "antehell")])
    run(st, data, {"b": "GIVE a 2 SOULS"})
    assert len(st.units_of("a", "legion")) == 2
    assert (st.players["a"].souls, st.players["a"].disfavours) == (0, 0)


# -- Units and Daemons (issue 22): gifts.py G-1..G-8 -------------------------------------------
BAAL, CAIM, BALBAN = "daemon.baal", "daemon.caim", "daemon.balban"
MANIA, FOCI = "arcana.mania", "arcana.foci"


def run_with(st, data, orders, dice_script=()):
    """soul.run with scripted dice (a Daemon on Earth rolls for its Souls)."""
    sheets = {p: check_sheet(st, data, p, text, known=True) for p, text in orders.items()}
    for sheet in sheets.values():
        assert not sheet.problems, [x.message for x in sheet.problems]
    log, dice = Log(), Dice(script=list(dice_script))
    soul.run(st, sheets, dice, data, log)
    dice.finish()
    return log, sheets


def failed(log, player):
    return [e.text for e in log.events if e.kind == "order-failed" and e.visible_to == (player,)]


def test_hg_7_2_1b_02_legions_change_owner_where_they_stand_and_the_new_owner_pays(
        make_state, data):
    """G-1, G-8: the Legions stay in LIARS; b pays their upkeep in this Soul Phase
    (HG-7.2-06), a pays for none."""
    st = make_state({"a": {"souls": 1}, "b": {"souls": 3}},
                    units=[("legion", "a", LIARS), ("legion", "a", LIARS),
                           ("legion", "a", "antehell")])
    log = run(st, data, {"a": "GIVE b 2 LEGIONS Liars"})
    assert [(u.owner, u.location) for u in st.units] == [
        ("b", LIARS), ("b", LIARS), ("a", "antehell")]
    assert texts(log, "gift") == ["a gives b 2 Legions in LIARS."]
    assert (st.players["a"].souls, st.players["b"].souls) == (0, 1)  # upkeep 1 and 2


def test_hg_7_2_1b_02_hg_9_5_07_a_minder_is_given_with_its_hellhound(make_state, data):
    """G-2: plain LEGIONS never takes a Minder; WITH HOUND (or HELLHOUND) gives the Minder
    and its tamed hound together; a hound is never given alone."""
    st = make_state({"a": {"souls": 9}, "b": {"souls": 9}},
                    units=[("legion", "a", "antehell"),
                           {"kind": "hellhound", "owner": "a", "location": "antehell",
                            "ref": "hellhound.1", "minder": "u1"},
                           ("legion", "a", "antehell")])
    r = line(st, data, "a", "GIVE b 2 LEGIONS AnteHell")
    assert (r.status, r.rule) == (ILLEGAL, "HG-7.2.1b-02")
    assert "you have 1 Legion minding no Hellhound" in r.message
    assert "LEGION WITH HOUND" in r.hint
    assert line(st, data, "a", "give b hellhound antehell").canonical == \
        "GIVE b 1 LEGION WITH HOUND AnteHell"
    log = run(st, data, {"a": "GIVE b 1 LEGION WITH HOUND AnteHell"})
    assert [(u.id, u.owner) for u in st.units] == [("u1", "b"), ("u2", "b"), ("u3", "a")]
    assert st.unit("u2").minder == "u1"
    assert texts(log, "gift") == ["a gives b 1 Legion with its Hellhound in AnteHell."]


def test_hg_7_2_1b_02_a_lieutenant_is_given_alone(make_state, data):
    """G-3: the Legions in his Sectio stay with the giver; upkeep follows the owner."""
    st = make_state({"a": {"souls": 5}, "b": {"souls": 5}},
                    units=[("legion", "a", LIARS),
                           ("lieutenant", "a", LIARS, "lieutenant.verin")])
    log = run(st, data, {"a": "GIVE b LIEUTENANT Verin"})
    assert [(u.kind, u.owner) for u in st.units] == [("legion", "a"), ("lieutenant", "b")]
    assert texts(log, "gift") == ["a gives b Lieutenant Verin."]
    assert (st.players["a"].souls, st.players["b"].souls) == (4, 4)


def test_hg_8_2_02_a_gift_never_takes_the_receiver_over_12_legions(make_state, data):
    """G-4: refused whole, with the rule; a warning when the sheet is checked."""
    units = [("legion", "b", "antehell")] * 11 + [("legion", "a", LIARS)] * 2
    st = make_state({"a": {"souls": 9}, "b": {"souls": 20}}, units=units)
    warned = check_sheet(st, data, "a", "GIVE b 2 LEGIONS Liars", known=True).lines[0]
    assert warned.ok and "b would have 13 Legions, over the cap of 12" in warned.warning
    assert "HG-8.2-02" in warned.warning
    log = run(st, data, {"a": "GIVE b 2 LEGIONS Liars"})
    assert len(st.units_of("a", "legion")) == 2
    assert texts(log, "gift-refused") == [
        "Not done: a gives b 2 Legions in LIARS, because b would have 13 Legions, and no "
        "player may have more than 12 (HG-8.2-02)."]


def test_hg_8_2_02_ip_08_legions_traded_both_ways_count_net(make_state, data):
    """A trade of Legions for Legions: b at 12 gives 1 and gets 1, never over the cap."""
    units = [("legion", "b", SUGAR)] * 12 + [("legion", "a", LIARS)]
    st = make_state({"a": {"souls": 9}, "b": {"souls": 20}}, units=units)
    run(st, data, {"a": "GIVE b 1 LEGION Liars IF b GIVES 1 LEGION Sugar Hill",
                   "b": "GIVE a 1 LEGION Sugar Hill IF a GIVES 1 LEGION Liars"})
    assert [u.location for u in st.units_of("a", "legion")] == [SUGAR]
    assert len(st.units_of("b", "legion")) == 12


def test_hg_7_2_1b_02_a_daemon_goes_with_everything_that_is_its_own(make_state, data):
    """G-5: its place on Earth, its Walk card, the card under it, the card afflicting it;
    its Souls this turn went to the giver (income first, G-8); its rank is printed."""
    st = make_state({"a": {"daemons": [BAAL, CAIM]}, "b": {"daemons": [BALBAN]}},
                    daemons={BAAL: {"where": "earth", "walk_card": "arcana.frenzy",
                                    "under": FOCI}},
                    afflictions={MANIA: {"daemon": BAAL, "free": 0}})
    log, _ = run_with(st, data, {"a": "GIVE b DAEMON Baal"}, dice_script=[4])
    d = st.daemons[BAAL]
    assert (d.owner, d.where, d.walk_card, d.under) == ("b", "earth", "arcana.frenzy", FOCI)
    assert st.afflictions == {MANIA: {"daemon": BAAL, "free": 0}}
    assert (st.players["a"].daemons, st.players["b"].daemons) == ([CAIM], [BALBAN, BAAL])
    assert st.players["a"].souls == data.daemons[BAAL].hearts + 4
    assert texts(log, "gift") == ["a gives b the Daemon Baal."]
    told = [e.text for e in log.events if e.kind == "gift-daemon"]
    assert told == ["Baal now serves you. Your sheet could not name it this turn: in this "
                    "Action Phase it takes the default (IP-18), and it is yours to order "
                    "from the next turn."]


def test_hg_7_2_1b_02_an_incapacitated_daemon_may_be_given(make_state, data):
    """G-5, G-6: it stays Incapacitated; the giver keeps an active Daemon."""
    st = make_state({"a": {"daemons": [BAAL, CAIM]}, "b": {}},
                    daemons={BAAL: {"incapacitated": True}})
    run(st, data, {"a": "GIVE b DAEMON Baal"})
    assert (st.daemons[BAAL].owner, st.daemons[BAAL].incapacitated) == ("b", True)


def test_hg_7_2_1b_02_ip_18_a_given_daemon_acts_for_its_new_owner_on_defaults(
        make_state, data):
    """G-7: the giver's Action line for it is not used, and he is told; the Daemon takes
    the default (Pass for Good) for its new owner."""
    from pbem_games.hellgame import action

    st = make_state({"a": {"daemons": [BAAL, CAIM]}, "b": {"daemons": [BALBAN]}})
    log, sheets = run_with(st, data, {"a": "GIVE b DAEMON Baal\nBaal: WALK THE EARTH",
                                      "b": "Balban: PASS FOR GOOD"})
    assert failed(log, "a") == [
        "Line 2, Baal: WALK THE EARTH, was not carried out: you gave Baal to b in the Soul "
        "Phase: it acts for b from this Action Phase on."]
    queue = action.run(st, sheets, Dice(script=[]), data, log)
    assert queue.taken[BAAL] == "PASS FOR GOOD"
    assert st.daemons[BAAL].where == "hell"


def test_hg_7_2_1b_03_the_last_active_daemon_may_not_be_given(make_state, data):
    """G-6: refused on the sheet; a swap for another Daemon is allowed."""
    st = make_state({"a": {"daemons": [BAAL, CAIM]}, "b": {"daemons": [BALBAN]}},
                    daemons={CAIM: {"incapacitated": True}})
    r = line(st, data, "a", "GIVE b DAEMON Baal")
    assert (r.status, r.rule) == (ILLEGAL, "HG-7.2.1b-03")
    assert "no non-Incapacitated Daemon" in r.message
    assert line(st, data, "a", "GIVE b DAEMON Baal IF b GIVES DAEMON Balban").ok
    run(st, data, {"a": "GIVE b DAEMON Baal IF b GIVES DAEMON Balban",
                   "b": "GIVE a DAEMON Balban IF a GIVES DAEMON Baal"})
    assert (st.daemons[BAAL].owner, st.daemons[BALBAN].owner) == ("b", "a")


def test_hg_7_2_1b_03_the_last_daemon_even_incapacitated_may_not_be_given(make_state, data):
    """G-6: no Daemon left would restart him with three (HG-15.1-02)."""
    st = make_state({"a": {"daemons": [BAAL]}, "b": {}}, daemons={BAAL: {"incapacitated": True}})
    r = line(st, data, "a", "GIVE b DAEMON Baal")
    assert (r.status, r.rule) == (ILLEGAL, "HG-7.2.1b-03")
    assert "leave you no Daemon" in r.message


def test_hg_7_2_1b_03_two_gifts_cannot_give_away_every_active_daemon(make_state, data):
    st = make_state({"a": {"daemons": [BAAL, CAIM]}, "b": {}, "c": {}})
    log = run(st, data, {"a": "GIVE b DAEMON Baal\nGIVE c DAEMON Caim"})
    assert (st.daemons[BAAL].owner, st.daemons[CAIM].owner) == ("b", "a")
    assert texts(log, "gift-refused") == [
        "Not done: a gives c the Daemon Caim, because Caim may not be given away: it would "
        "leave him no Daemon, which would set off 15.1 (HG-7.2.1b-03)."]


def test_hg_7_2_1b_02_ip_08_a_trade_of_units_for_a_daemon_is_one_step(make_state, data):
    """IP-08: trades go first, then plain gifts: b's one Legion goes in the trade, and
    his plain gift of it finds none left."""
    st = make_state({"a": {"souls": 5, "daemons": [BAAL, CAIM]}, "b": {"souls": 9}},
                    units=[("legion", "b", SUGAR)])
    log, _ = run_with(st, data, {
        "a": "GIVE b DAEMON Caim IF b GIVES 1 LEGION Sugar Hill",
        "b": "GIVE a 1 LEGION Sugar Hill IF a GIVES DAEMON Caim\nGIVE a 1 LEGION Sugar Hill"})
    # the trade went first; b's plain gift then finds no Legion left there
    assert (st.daemons[CAIM].owner, st.units[0].owner) == ("b", "a")
    assert texts(log, "gift-refused") == [
        "Not done: b gives a 1 Legion in SUGAR HILL, because b has only 0 Legions minding "
        "no Hellhound in SUGAR HILL."]


def test_ip_08_a_trade_fails_whole_when_the_units_are_gone(make_state, data):
    st = make_state({"a": {"daemons": [BAAL, CAIM]}, "b": {"souls": 9}, "c": {"souls": 5}},
                    units=[("legion", "b", SUGAR)])
    sheets = {"a": "GIVE b DAEMON Caim IF b GIVES 1 LEGION Sugar Hill",
              "b": "GIVE a 1 LEGION Sugar Hill IF a GIVES DAEMON Caim"}
    st.units[0].owner = "c"  # lost before the Soul Phase (say, turned by Influence)
    st_check = make_state({"a": {"daemons": [BAAL, CAIM]}, "b": {"souls": 9}, "c": {}},
                          units=[("legion", "b", SUGAR)])
    checked = {p: check_sheet(st_check, data, p, t) for p, t in sheets.items()}
    log, dice = Log(), Dice(script=[])
    soul.run(st, checked, dice, data, log)
    assert (st.daemons[CAIM].owner, st.units[0].owner) == ("a", "c")
    assert texts(log, "gift-refused") == [
        "Not done: a gives b the Daemon Caim and b gives a 1 Legion in SUGAR HILL, because "
        "b has only 0 Legions minding no Hellhound in SUGAR HILL."]
    assert len(failed(log, "a")) == len(failed(log, "b")) == 1


def test_hg_7_2_1b_02_the_form_offers_a_legion_when_there_is_no_card(make_state):
    """The order form's GIVE example: a card for Souls; without a card, a Legion."""
    from pbem_games.hellgame import GAME

    st = make_state({"anna": {"daemons": [BAAL]}, "boris": {}}, turn=2,
                    owners={"sectio.dogs-of-war": "anna"},
                    units=[("legion", "anna", "sectio.dogs-of-war")]).to_dict()
    form = GAME.order_form(st, "anna").splitlines()
    assert "#GIVE boris 1 LEGION DOGS OF WAR IF boris GIVES 3 SOULS" in form
    assert "#   gift of anything but Favours; IF ... GIVES: a trade [HG-7.2.1b-02]" in form


def test_hg_7_2_1b_02_ip_08_a_lieutenant_traded_for_souls(make_state, data):
    st = make_state({"a": {"souls": 7}, "b": {"souls": 2}},
                    units=[("lieutenant", "b", SUGAR, "lieutenant.verin")])
    log = run(st, data, {"a": "GIVE b 6 SOULS IF b GIVES LIEUTENANT Verin",
                         "b": "GIVE a LIEUTENANT Verin IF a GIVES 6 SOULS"})
    assert st.units[0].owner == "a"
    assert (st.players["a"].souls, st.players["b"].souls) == (0, 8)  # a pays his upkeep
    assert texts(log, "gift") == ["a gives b 6 Souls and b gives a Lieutenant Verin."]
