"""Combat transfers (LH-IV.2.4: occupy, swap) and the combat support point (LH-IV.2.5,
G19, G20)."""

from __future__ import annotations

from combat_support import combat_state, events, play_round, texts

from pbem_games.lords_of_hell.state import LohState

STYX, ACHERON, COCYTUS = "realm.styx", "realm.acheron", "realm.cocytus"


def lone_baalzebub(souls: int = 0) -> LohState:
    return combat_state({"a": {"home": ACHERON},
                         "b": {"devil": "devil.baalzebub", "home": STYX, "souls": souls}})


def test_lh_iv_2_4_02_occupy_a_realm_emptied_in_the_fight():
    st = lone_baalzebub()
    _, log = play_round(st, {"a": "TARGET b\nATTACK b\nOCCUPY Styx"}, [6, 1])
    assert st.players["a"].home == STYX and st.realms[STYX] == "a"
    assert st.realms[ACHERON] is None
    assert texts(log, "home-moved") == ["Asmodeus (a) occupies Styx as its new home realm; "
                                        "Acheron is uncontrolled now."]


def test_lh_iv_2_4_02_occupy_refused_for_a_realm_not_emptied():
    st = lone_baalzebub()
    _, log = play_round(st, {"a": "TARGET b\nATTACK b\nOCCUPY High Palace of Hell"}, [6, 1])
    assert st.players["a"].home == ACHERON
    refused = events(log, "occupy-refused")
    assert refused[0].visible_to == ("a",) and "High Palace of Hell" in refused[0].text


def test_occupy_of_an_army_that_left_the_fight_is_reported():
    st = lone_baalzebub(souls=3)
    _, log = play_round(st, {"a": "TARGET b\nATTACK b\nOCCUPY Styx\nRETREAT IF AFTER ROUND 1"},
                        [6, 1])
    assert st.players["a"].home == ACHERON
    unused = events(log, "order-unused")
    assert unused[0].visible_to == ("a",) and "OCCUPY" in unused[0].text


def test_lh_iv_2_4_03_emptied_realm_nobody_takes_stays_uncontrolled():
    st = lone_baalzebub()
    play_round(st, {"a": "TARGET b\nATTACK b"}, [6, 1])
    assert st.realms[STYX] is None and st.players["a"].home == ACHERON


def two_attackers() -> LohState:
    return combat_state({"a": {"devil": "devil.glasya", "home": ACHERON,
                               "hordes": ["horde.fiends"] * 2},
                         "b": {"devil": "devil.baalzebub", "home": STYX, "souls": 1},
                         "c": {"devil": "devil.mammon", "home": COCYTUS, "souls": 1}})


def test_occupy_asked_by_two_armies_goes_to_the_dominant_one():
    st = two_attackers()
    orders = {"a": "TARGET b\nATTACK b\nOCCUPY Styx", "c": "TARGET b\nATTACK b\nOCCUPY Styx"}
    # round 1: Glasya 6 (b's Soul), 1; b 1; Mammon 1. Round 2: Glasya 6 (b out), 1; b 1;
    # Mammon 1
    _, log = play_round(st, orders, [6, 1, 1, 1, 6, 1, 1, 1])
    assert st.players["a"].home == STYX and st.players["c"].home == COCYTUS
    assert events(log, "not-implemented") == []  # nobody objected: the move is made


def test_lh_iv_2_4_02_swap_realms_when_both_ask():
    st = two_attackers()
    orders = {"a": "TARGET b\nATTACK b\nSWAP REALM Mammon",
              "c": "TARGET b\nATTACK b\nSWAP REALM Glasya"}
    play_round(st, orders, [6, 1, 1, 1, 6, 1, 1, 1])
    assert st.players["a"].home == COCYTUS and st.players["c"].home == ACHERON
    assert st.realms[COCYTUS] == "a" and st.realms[ACHERON] == "c"


def test_swap_refused_when_not_matched():
    st = two_attackers()
    orders = {"a": "TARGET b\nATTACK b\nSWAP REALM Mammon", "c": "TARGET b\nATTACK b"}
    _, log = play_round(st, orders, [6, 1, 1, 1, 6, 1, 1, 1])
    assert st.players["a"].home == ACHERON
    assert events(log, "swap-refused")[0].visible_to == ("a",)


def test_lh_iv_2_5_01_sp_for_a_win_over_two_fight_rounds():
    st = lone_baalzebub(souls=1)
    _, log = play_round(st, {"a": "TARGET b\nATTACK b"}, [6, 1, 6, 1])
    assert st.players["a"].sp == 1 and st.players["a"].sp_from == ["b"]
    assert events(log, "combat-sp")[0].rule == "LH-IV.2.5-01"


def test_lh_iv_2_5_02_one_combat_sp_from_each_player_per_turn():
    st = lone_baalzebub(souls=1)
    st.players["a"].sp_from = ["b"]
    _, log = play_round(st, {"a": "TARGET b\nATTACK b"}, [6, 1, 6, 1])
    assert st.players["a"].sp == 0 and events(log, "sp-capped")


def test_g20_an_escaped_army_is_not_defeated():
    st = lone_baalzebub(souls=3)
    st.players["b"].home = STYX
    orders = {"a": "TARGET b\nATTACK b\nRETREAT IF AFTER ROUND 2"}
    play_round(st, orders, [6, 1, 6, 1])
    assert st.players["b"].souls == 1 and st.players["a"].sp == 0
    assert st.combat["fights"][0]["defeated"] == []


def test_pb_31_sp_to_agreed_by_every_army():
    st = two_attackers()
    orders = {"a": "TARGET b\nATTACK b\nSP TO Mammon", "c": "TARGET b\nATTACK b\nSP TO Mammon"}
    play_round(st, orders, [6, 1, 1, 1, 6, 1, 1, 1])
    assert st.players["c"].sp == 1 and st.players["a"].sp == 0
