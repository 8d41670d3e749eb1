"""The Summoning Phase (chapter 8): summoning.py with orders/summoning.py."""

from __future__ import annotations

import pytest
from phase_runner import run_phase

from pbem.dice import Dice
from pbem_games.hellgame import summoning
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import check_sheet

LIARS, FALSIFIERS, SUGAR = "sectio.liars", "sectio.falsifiers", "sectio.sugar-hill"  # 4, 5, 4
HAND = ["arcana.berserk-rage", "arcana.dont-eat-that", "arcana.carnossa",
        "arcana.duel-of-sorcery", "arcana.entrapment"]
BOXES = [["lieutenant.verin", "lieutenant.alastor"], ["lieutenant.sulla", "lieutenant.babael"],
         ["lieutenant.pytho"]]


@pytest.fixture(scope="module")
def data():
    return load_data()


def run(st, data, orders, script=()):
    return run_phase(summoning.run, st, data, orders, script)


def texts(log, kind):
    return [e.text for e in log.events if e.kind == kind]


def legions_at(st, player):
    return [u.location for u in st.units_of(player, "legion")]


# -- 8.1 order of summoning ----------------------------------------------------------------

def recruiters(make_state, a_souls, b_souls):
    return make_state({"a": {"souls": a_souls, "hand": ["arcana.belladonna"]},
                       "b": {"souls": b_souls, "hand": ["arcana.riders-on-the-storm"]}},
                      units=[("legion", "a", LIARS), ("legion", "b", SUGAR)],
                      lieutenant_boxes=[list(b) for b in BOXES])


def test_hg_8_1_01_hg_7_0_01_the_richest_player_summons_first(make_state, data):
    st = recruiters(make_state, 3, 6)
    log = run(st, data, {"a": "RECRUIT", "b": "RECRUIT"}, [5, 5])
    assert [(u.owner, u.ref) for u in st.units if u.kind == "lieutenant"] == [
        ("b", "lieutenant.sulla"), ("a", "lieutenant.babael")]
    assert texts(log, "wealth-order") == ["Summoning in order of wealth: b, a."]


def test_hg_8_1_01_a_die_breaks_a_tie_in_wealth(make_state, data):
    st = recruiters(make_state, 6, 6)
    log = run(st, data, {"a": "RECRUIT", "b": "RECRUIT"}, [2, 5, 5])  # 2 picks b
    assert texts(log, "wealth-order") == ["Summoning in order of wealth: b, a."]
    assert st.units[-2].ref == "lieutenant.sulla"


def test_hg_8_1_01_no_die_for_players_who_summon_nothing(make_state, data):
    st = recruiters(make_state, 6, 6)
    log = run(st, data, {"a": "RECRUIT"}, [5])
    assert texts(log, "wealth-order") == []


def test_hg_8_1_02_no_new_legion_where_another_players_units_are(make_state, data):
    st = make_state({"a": {"souls": 9}, "b": {}}, owners={LIARS: "a"},
                    units=[("lieutenant", "b", LIARS, "lieutenant.sulla")])
    log = run(st, data, {"a": "LEGION Liars"})
    assert legions_at(st, "a") == []
    assert st.players["a"].souls == 9
    assert [(e.text, e.rule) for e in log.events if e.kind == "legion-refused"] == [
        ("a: 1 of 1 Legion not summoned, because LIARS holds Units that are not a's.",
         "HG-8.1-02")]


def test_hg_8_1_02_hg_8_3_1_03_a_lieutenant_goes_only_where_nobody_else_is(make_state, data):
    st = make_state({"a": {"souls": 9, "hand": ["arcana.belladonna"]}, "b": {}},
                    owners={LIARS: "a"}, lieutenant_boxes=[list(b) for b in BOXES],
                    units=[("legion", "a", LIARS), ("legion", "a", LIARS), ("legion", "b", LIARS),
                           ("legion", "a", SUGAR)])
    log = run(st, data, {"a": "RECRUIT AT Liars"}, [1])
    assert st.units[-1].location == SUGAR
    assert texts(log, "recruit-place") == [
        "a cannot place a Lieutenant in LIARS; SUGAR HILL instead (IP-14)."]


# -- 8.2 Legions ---------------------------------------------------------------------------

def test_hg_8_2_01_a_legion_costs_three_souls_in_an_own_sectio(make_state, data):
    st = make_state({"a": {"souls": 7}, "b": {}}, owners={LIARS: "a"})
    log = run(st, data, {"a": "LEGION Liars 3"})
    assert legions_at(st, "a") == [LIARS, LIARS]
    assert st.players["a"].souls == 1
    assert texts(log, "legion-refused") == [
        "a: 1 of 3 Legions not summoned, because a has 1 Soul and a Legion costs 3."]


def test_hg_8_2_01_a_sectio_lost_since_the_order_was_written_is_refused(make_state, data):
    st = make_state({"a": {"souls": 9}, "b": {}}, owners={LIARS: "a"})
    sheets = {"a": check_sheet(st, data, "a", "LEGION Liars"), "b": None}
    st.owners[LIARS] = "b"
    log = Log()
    summoning.run(st, sheets, Dice(script=[]), data, log)
    assert legions_at(st, "a") == []
    assert texts(log, "legion-refused") == [
        "a: 1 of 1 Legion not summoned, because LIARS is not a's Sectio."]


def test_hg_8_2_02_hg_2_3_1_01_never_more_than_12_legions(make_state, data):
    st = make_state({"a": {"souls": 30}, "b": {}}, owners={LIARS: "a"},
                    units=[("legion", "a", "antehell")] * 11)
    log = run(st, data, {"a": "LEGIONS 3"})
    assert len(st.units_of("a", "legion")) == 12
    assert st.players["a"].souls == 27
    assert texts(log, "legion-refused") == [
        "a: 2 of 3 Legions not summoned, because a already has 12 Legions in play."]


def test_hg_8_2_03_no_second_new_legion_before_each_sectio_has_one(make_state, data):
    st = make_state({"a": {"souls": 30}, "b": {}}, owners={LIARS: "a", FALSIFIERS: "a"})
    log = run(st, data, {"a": "LEGION Liars 2\nLEGION Falsifiers\nLEGION Liars"})
    assert legions_at(st, "a") == [LIARS, FALSIFIERS, LIARS]
    assert [(e.text, e.rule) for e in log.events if e.kind == "legion-refused"] == [
        ("a: 1 of 2 Legions not summoned, because spread rule: FALSIFIERS must each get a "
         "new Legion before LIARS gets a second.", "HG-8.2-03")]


def test_hg_8_2_03_a_08_a_sectio_where_legions_may_not_go_is_left_out(make_state, data):
    st = make_state({"a": {"souls": 30}, "b": {}}, owners={LIARS: "a", FALSIFIERS: "a"},
                    units=[("legion", "b", FALSIFIERS)])
    run(st, data, {"a": "LEGION Liars 2"})
    assert legions_at(st, "a") == [LIARS, LIARS]


def test_hg_8_2_03_legions_order_spreads_highest_souls_first(make_state, data):
    st = make_state({"a": {"souls": 30}, "b": {}},
                    owners={LIARS: "a", FALSIFIERS: "a", SUGAR: "a"})
    run(st, data, {"a": "LEGIONS 4"})
    assert legions_at(st, "a") == [FALSIFIERS, LIARS, SUGAR, FALSIFIERS]
    assert st.players["a"].souls == 18


# -- 8.3.1 Lieutenants ---------------------------------------------------------------------

def recruit_state(make_state, souls=9, hand=("arcana.belladonna",), **kw):
    kw.setdefault("lieutenant_boxes", [list(b) for b in BOXES])
    return make_state({"a": {"souls": souls, "hand": list(hand)}, "b": {}},
                      owners={LIARS: "a", FALSIFIERS: "a"},
                      units=[("legion", "a", LIARS), ("legion", "a", FALSIFIERS),
                             ("legion", "a", FALSIFIERS)], **kw)


def test_hg_8_3_1_01_hg_3_3_02_the_card_is_played_and_its_cost_paid(make_state, data):
    st = recruit_state(make_state, arcana_deck=["arcana.frenzy"])
    run(st, data, {"a": "RECRUIT"}, [1])
    assert st.players["a"].souls == 6  # Belladonna: Recruit Lieutenant - 3
    assert st.players["a"].hand == []
    assert st.arcana_deck == ["arcana.frenzy", "arcana.belladonna"]


def test_hg_8_3_1_01_no_recruit_lieutenant_card_no_recruit_and_no_die(make_state, data):
    st = recruit_state(make_state, hand=("arcana.frenzy",))
    log = run(st, data, {"a": "RECRUIT"})
    assert st.units_of("a", "lieutenant") == []
    assert st.players["a"].souls == 9
    assert [(e.text, e.visible_to) for e in log.events if e.kind == "recruit-refused"] == [
        ("a does not recruit a Lieutenant: he holds no such Recruit Lieutenant card.", ("a",))]


def test_hg_8_3_1_01_not_enough_souls_for_the_card(make_state, data):
    st = recruit_state(make_state, souls=2)
    log = run(st, data, {"a": "RECRUIT"})
    assert st.players["a"].hand == ["arcana.belladonna"]
    assert texts(log, "recruit-refused") == [
        "a does not recruit a Lieutenant: the card costs 3 Souls and he has 2."]


def test_hg_8_3_1_01_without_with_the_cheapest_card_is_played(make_state, data):
    st = recruit_state(make_state, hand=("arcana.ambush", "arcana.blood-money"))
    run(st, data, {"a": "RECRUIT"}, [1])
    assert st.players["a"].hand == ["arcana.ambush"]
    assert st.players["a"].souls == 8  # Blood Money costs 1


@pytest.mark.parametrize(("die", "box", "lieutenant"), [
    (1, 1, "lieutenant.verin"), (2, 1, "lieutenant.verin"), (3, 3, "lieutenant.pytho"),
    (4, 3, "lieutenant.pytho"), (5, 2, "lieutenant.sulla"), (6, 2, "lieutenant.sulla")])
def test_hg_8_3_1_02_a_07_the_die_picks_a_box_by_the_map_data(make_state, data, die, box,
                                                                 lieutenant):
    st = recruit_state(make_state)
    log = run(st, data, {"a": "RECRUIT"}, [die])
    assert st.units[-1].ref == lieutenant
    assert f"from box {box} joins him" in texts(log, "recruit")[0]


def test_hg_8_3_1_03_ip_14_default_place_is_own_sectio_with_most_legions(make_state, data):
    st = recruit_state(make_state)
    run(st, data, {"a": "RECRUIT"}, [1])
    assert (st.units[-1].kind, st.units[-1].location) == ("lieutenant", FALSIFIERS)


def test_hg_8_3_1_03_ip_14_at_chooses_among_sectio_with_his_legions(make_state, data):
    st = recruit_state(make_state)
    run(st, data, {"a": "RECRUIT WITH Belladonna AT Liars"}, [1])
    assert st.units[-1].location == LIARS


def test_hg_8_3_1_03_no_legions_on_the_map_no_recruit(make_state, data):
    st = make_state({"a": {"souls": 9, "hand": ["arcana.belladonna"]}, "b": {}},
                    owners={LIARS: "a"}, units=[("legion", "a", "antehell")])
    log = run(st, data, {"a": "RECRUIT"})
    assert (st.players["a"].souls, st.players["a"].hand) == (9, ["arcana.belladonna"])
    assert texts(log, "recruit-refused") == [
        "a does not recruit a Lieutenant: he has no Legions in a Sectio free of other Units."]


def test_hg_8_3_1_04_a_07_an_empty_box_fails_and_the_card_and_souls_are_spent(make_state,
                                                                             data):
    st = recruit_state(make_state, lieutenant_boxes=[[], ["lieutenant.sulla"], []])
    log = run(st, data, {"a": "RECRUIT"}, [1])
    assert st.units_of("a", "lieutenant") == []
    assert (st.players["a"].souls, st.players["a"].hand) == (6, [])
    assert st.arcana_deck == ["arcana.belladonna"]
    assert texts(log, "recruit-failed") == [
        "a plays Belladonna (Recruit Lieutenant, 3 Souls), rolls 1: box 1 is empty and the "
        "recruitment fails."]


def test_hg_8_3_1_05_an_emptied_box_is_refilled_from_the_return_box(make_state, data):
    st = recruit_state(make_state, lieutenant_boxes=[["lieutenant.verin"], [], []],
                       lieutenant_return=["lieutenant.leberecht", "lieutenant.breschau"])
    run(st, data, {"a": "RECRUIT"}, [1])
    assert st.units[-1].ref == "lieutenant.verin"
    assert st.lieutenant_boxes == [["lieutenant.leberecht", "lieutenant.breschau"], [], []]
    assert st.lieutenant_return == []


# -- 8.3.2 Hellhounds ----------------------------------------------------------------------

def tamer(make_state, box=("hellhound.1", "hellhound.2"), **unit):
    legion = {"kind": "legion", "owner": "a", "location": "antehell", **unit}
    return make_state({"a": {}, "b": {}}, hellhound_box=list(box),
                      units=[legion, ("legion", "a", LIARS)])


@pytest.mark.parametrize("die", [1, 2, 3, 4])
def test_hg_8_3_2_01_hg_3_2_03_one_to_four_stacks_a_random_hound_on_the_legion(make_state,
                                                                              data, die):
    st = tamer(make_state)
    run(st, data, {"a": "TAME"}, [die, 2])  # the taming roll, then dice.pick: hound 2
    hound = st.units[-1]
    assert (hound.kind, hound.owner, hound.location, hound.ref, hound.minder) == (
        "hellhound", "a", "antehell", "hellhound.2", "u1")
    assert st.hellhound_box == ["hellhound.1"]
    assert st.unit("u1").tamed_this_visit is True


def test_hg_8_3_2_01_five_does_nothing(make_state, data):
    st = tamer(make_state)
    run(st, data, {"a": "TAME"}, [5])
    assert [u.id for u in st.units] == ["u1", "u2"]
    assert st.hellhound_box == ["hellhound.1", "hellhound.2"]


def test_hg_8_3_2_01_six_destroys_the_legion(make_state, data):
    st = tamer(make_state)
    log = run(st, data, {"a": "TAME"}, [6])
    assert [u.id for u in st.units] == ["u2"]
    assert texts(log, "tame") == ["a: Legion u1 in AnteHell rolls 6 and is destroyed by "
                                  "forces unknown."]


def test_hg_8_3_2_02_an_empty_hellhound_box_means_no_taming_and_no_roll(make_state, data):
    st = tamer(make_state, box=())
    log = run(st, data, {"a": "TAME"})
    assert [e.rule for e in log.events] == ["HG-8.3.2-02"]


def test_hg_8_3_2_03_a_legion_tames_at_most_one_hound_per_visit(make_state, data):
    st = tamer(make_state, tamed_this_visit=True)
    log = run(st, data, {"a": "TAME"})
    assert texts(log, "tame-none") == [
        "a has no Legion in AnteHell that may tame a Hellhound."]


def test_hg_8_3_2_03_a_minder_does_not_tame_a_second_hound(make_state, data):
    st = make_state({"a": {}, "b": {}}, hellhound_box=["hellhound.1"],
                    units=[("legion", "a", "antehell"),
                           {"kind": "hellhound", "owner": "a", "location": "antehell",
                            "ref": "hellhound.2", "minder": "u1"},
                           ("legion", "a", "antehell")])
    run(st, data, {"a": "TAME"}, [1])  # one roll: only u3 tries; one hound left, no pick
    assert st.units[-1].minder == "u3"


# -- 8.3.3 Arcana --------------------------------------------------------------------------

def test_hg_8_3_3_01_hg_6_3_03_cards_are_bought_one_at_a_time_limit_after_each(make_state,
                                                                               data):
    st = make_state({"a": {"souls": 12, "hand": list(HAND)}, "b": {}},
                    arcana_deck=["arcana.frenzy", "arcana.atrocity", "arcana.black-rainbow"])
    log = run(st, data, {"a": "BUY ARCANA 2"})
    assert st.players["a"].hand == HAND
    assert st.players["a"].souls == 2
    assert st.arcana_deck == ["arcana.black-rainbow", "arcana.frenzy", "arcana.atrocity"]
    assert texts(log, "buy-arcana") == ["a buys 2 Arcana cards for 10 Souls."]


def test_hg_8_3_3_01_ip_16_until_stops_once_he_holds_the_card(make_state, data):
    st = make_state({"a": {"souls": 30}, "b": {}},
                    arcana_deck=["arcana.frenzy", "arcana.belladonna", "arcana.atrocity"])
    log = run(st, data, {"a": "BUY ARCANA 3 UNTIL Recruit Lieutenant"})
    assert st.players["a"].hand == ["arcana.frenzy", "arcana.belladonna"]
    assert texts(log, "buy-arcana") == ["a buys 2 Arcana cards for 10 Souls."]
    # Why he stopped tells what he holds: only he is told.
    assert [(e.text, e.visible_to) for e in log.events if e.kind == "buy-arcana-stop"] == [
        ("You stop buying because you hold Recruit Lieutenant.", ("a",))]


def test_hg_8_3_3_01_ip_16_keep_souls_and_an_empty_deck_stop_buying(make_state, data):
    st = make_state({"a": {"souls": 12}, "b": {"souls": 30}}, arcana_deck=["arcana.frenzy"])
    log = run(st, data, {"a": "BUY ARCANA 3 KEEP 3", "b": "BUY ARCANA 2"})
    assert (st.players["a"].souls, st.players["b"].souls) == (12, 25)
    assert texts(log, "buy-arcana") == [
        "b buys 1 Arcana card for 5 Souls; stops because the Arcana deck is empty.",
        "a buys 0 Arcana cards for 0 Souls; stops because the Arcana deck is empty."]


def test_hg_8_3_3_01_ip_16_keep_limits_purchases(make_state, data):
    st = make_state({"a": {"souls": 12}, "b": {}}, arcana_deck=["arcana.frenzy",
                                                                 "arcana.atrocity"])
    log = run(st, data, {"a": "BUY ARCANA 2 KEEP 3"})
    assert st.players["a"].souls == 7
    assert texts(log, "buy-arcana") == [
        "a buys 1 Arcana card for 5 Souls; stops because a card costs 5 and he keeps at "
        "least 3 of 7 Souls."]


# -- 8.3.4 Bonus Pay -----------------------------------------------------------------------

def test_hg_8_3_4_01_bonus_pay_goes_on_his_own_lieutenant(make_state, data):
    st = make_state({"a": {"souls": 4}, "b": {}},
                    units=[("lieutenant", "a", LIARS, "lieutenant.sulla")])
    run(st, data, {"a": "BONUS Sulla 3"})
    assert (st.unit("u1").bonus_pay, st.players["a"].souls) == (3, 1)


def test_hg_8_3_4_01_no_bonus_pay_without_the_lieutenant_or_the_souls(make_state, data):
    st = make_state({"a": {"souls": 2}, "b": {}},
                    units=[("lieutenant", "a", LIARS, "lieutenant.sulla")])
    log = run(st, data, {"a": "BONUS Verin 1\nBONUS Sulla 3"})
    assert (st.unit("u1").bonus_pay, st.players["a"].souls) == (0, 2)
    assert texts(log, "bonus-refused") == [
        "a gives no Bonus Pay to Verin: Verin is not his Lieutenant.",
        "a gives no Bonus Pay to Sulla: he has 2 Souls."]


# -- The rulebook example ------------------------------------------------------------------

def test_hg_8_0_01_example_summoning_phase_000_8_3_keys_end_with_3_souls(make_state, data):
    """000 §8.3 "Example: Summoning Phase" (also tests/scenarios/hg-example-summoning-phase.yaml).

    Data used: A Small Favour's Minor Arcana is Walk the Earth, Belladonna's is
    "Recruit Lieutenant - 3"; a 5 picks the middle box (tables.yaml lieutenant_box_die)."""
    hand = HAND[:4]
    st = make_state({"keys": {"souls": 26, "hand": list(hand)}, "void": {}, "beast": {}},
                    turn=2, owners={SUGAR: "keys", LIARS: "keys", FALSIFIERS: "keys"},
                    units=[("legion", "keys", "antehell")],
                    arcana_deck=["arcana.a-small-favour", "arcana.belladonna", "arcana.frenzy"],
                    lieutenant_boxes=[list(b) for b in BOXES],
                    hellhound_box=["hellhound.1", "hellhound.2"])
    orders = "LEGIONS 3\nBUY ARCANA 2 UNTIL Recruit Lieutenant\nRECRUIT\nTAME\nBONUS Sulla 1"
    log = run(st, data, {"keys": orders}, [5, 6])
    souls_after = [26 - 9, 17 - 5 - 5, 7 - 3, 4 - 1]
    assert st.players["keys"].souls == souls_after[-1] == 3
    assert legions_at(st, "keys") == [FALSIFIERS, LIARS, SUGAR]  # the AnteHell one is lost
    sulla = st.units_of("keys", "lieutenant")[0]
    assert (sulla.ref, sulla.bonus_pay) == ("lieutenant.sulla", 1)
    assert st.players["keys"].hand == hand  # Walk the Earth thrown away, Belladonna played
    assert st.arcana_deck == ["arcana.frenzy", "arcana.a-small-favour", "arcana.belladonna"]
    assert texts(log, "hand-limit-cards") == [
        "You threw away: A Small Favour (keeping the card you are after, then the oldest)."]
