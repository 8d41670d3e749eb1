"""Movement (LH-IV.2.2-01/02): who meets whom, where, and "other move" claims (G16)."""

from __future__ import annotations

from combat_support import combat_state, events, play_round, texts

from pbem_games.lords_of_hell.state import LohState

HPOH = "realm.high-palace-of-hell"


def three() -> LohState:
    return combat_state({"asm": {"devil": "devil.asmodeus", "home": "realm.acheron"},
                         "gla": {"devil": "devil.glasya", "home": "realm.styx"},
                         "bel": {"devil": "devil.belial", "home": "realm.cocytus"}})


def test_lh_iv_2_2_03_meeting_example_at_glasyas_realm():
    """Asmodeus targets Glasya, Glasya stays, Belial makes another move: Asmodeus meets
    Glasya at her home realm; Belial claims an unoccupied realm."""
    st = three()
    going, log = play_round(st, {"asm": "TARGET Glasya", "gla": "NO MOVE",
                                 "bel": "OTHER MOVE TO High Palace of Hell"}, [])
    assert going
    meet = events(log, "meeting")
    assert len(meet) == 1
    assert meet[0].data["armies"] == ["asm", "gla"]
    assert meet[0].data["where"] == "realm.styx" and meet[0].data["defender"] == "gla"
    assert st.realms[HPOH] == "bel" and st.players["bel"].home == HPOH
    assert st.realms["realm.cocytus"] is None  # G16: the old home goes to the centre
    assert texts(log, "home-moved") == ["Belial (bel) claims High Palace of Hell as its new "
                                        "home realm; Cocytus is uncontrolled now."]
    assert st.combat["still"] == ["gla"]  # only Glasya did not move


def test_lh_iv_2_2_03_all_three_meet_at_an_unspecified_place():
    """If Glasya had chosen Belial, all three meet at an unspecified place in Hell, and
    Belial cannot claim a realm."""
    st = three()
    _, log = play_round(st, {"asm": "TARGET Glasya", "gla": "TARGET Belial",
                             "bel": "OTHER MOVE TO High Palace of Hell"}, [])
    meet = events(log, "meeting")
    assert len(meet) == 1 and meet[0].data["armies"] == ["asm", "gla", "bel"]
    assert meet[0].data["where"] is None and meet[0].data["defender"] is None
    assert st.realms[HPOH] is None and st.players["bel"].home == "realm.cocytus"
    assert st.combat["still"] == []


def test_a_cycle_meets_at_an_unspecified_place():
    st = three()
    _, log = play_round(st, {"asm": "TARGET Glasya", "gla": "TARGET Asmodeus"}, [])
    meet = events(log, "meeting")[0]
    assert meet.data["where"] is None and meet.data["armies"] == ["asm", "gla"]
    assert st.combat["still"] == ["bel"]


def test_lh_iv_2_2_02_other_moves_to_the_same_realm_meet_there():
    st = three()
    _, log = play_round(st, {"asm": "OTHER MOVE TO HPoH", "bel": "OTHER MOVE TO HPoH"}, [])
    meet = events(log, "meeting")[0]
    assert meet.data["where"] == HPOH and meet.data["defender"] is None
    assert meet.data["armies"] == ["asm", "bel"]
    assert st.realms[HPOH] is None  # both still there: nobody claims it
    assert texts(log, "claim-none") == ["Several armies are left at High Palace of Hell: "
                                        "nobody claims it."]


def test_g16_other_move_takes_the_first_free_realm_of_its_list():
    st = three()
    st.realms["realm.phlegethon"] = None  # in play, uncontrolled
    st.realms[HPOH] = "gla"  # taken (as if Glasya held it)
    _, log = play_round(st, {"asm": "OTHER MOVE TO HPoH, Styx, Phlegethon"}, [])
    assert st.players["asm"].home == "realm.phlegethon"
    assert st.realms["realm.acheron"] is None
    assert events(log, "other-move")[0].data["where"] == "realm.phlegethon"


def test_g16_no_free_realm_in_the_list_claims_nothing_but_moves():
    st = three()
    st.realms[HPOH] = "gla"
    _, log = play_round(st, {"asm": "OTHER MOVE TO HPoH, Styx"}, [])
    assert texts(log, "other-move-nowhere") == ["Asmodeus (asm) leaves home but claims no "
                                                "realm (none of its realms is free)."]
    assert st.players["asm"].home == "realm.acheron"
    assert "asm" not in st.combat["still"]


def test_g16_other_move_without_a_list_claims_nothing():
    st = three()
    _, log = play_round(st, {"bel": "OTHER MOVE"}, [])
    assert texts(log, "other-move-nowhere") == ["Belial (bel) leaves home but claims no "
                                                "realm."]
    assert st.players["bel"].home == "realm.cocytus"


def test_pb_19_fights_in_starter_order_of_their_first_army():
    """LH-IV.2.2-05: the Starter orders the fights (PB-19 default)."""
    st = combat_state({"a": {}, "b": {}, "c": {}, "d": {}}, starter="c")
    play_round(st, {"a": "TARGET b", "c": "TARGET d"}, [])
    fights = st.combat["fights"]
    assert [f["armies"] for f in fights] == [["c", "d"], ["a", "b"]]
    assert [f["where"] for f in fights] == [st.players["d"].home,
                                            st.players["b"].home]
