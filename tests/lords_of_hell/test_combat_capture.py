"""Capture Devils (LH-IV.2.3): the dominant army or an agreement takes knocked-out Devils
and the prisoners of an emptied realm; artifacts; knocked-out Leviathan (LH-IV.1.5-05)."""

from __future__ import annotations

from combat_support import combat_state, events, hordes, play_round, texts
from loh_kit import instances

from pbem_games.lords_of_hell.state import LohState

STYX = "realm.styx"  # DP 1: Baalzebub's is at least 1 anyway


def lone_baalzebub(**a) -> LohState:
    """a attacks Baalzebub (b), alone at Styx; a's single die (6) knocks him out."""
    return combat_state({"a": {"home": "realm.acheron", **a},
                         "b": {"devil": "devil.baalzebub", "home": STYX,
                               "artifacts": ["artifact.wand-of-might"]}},
                        deck=["horde.fiends"])  # not empty: discards stay in the pile


def test_lh_iv_2_3_02_dominant_army_captures_and_takes_the_artifacts():
    st = lone_baalzebub()
    going, log = play_round(st, {"a": "TARGET b\nATTACK b"}, [6, 1])
    b = st.players["b"]
    assert b.status == "prisoner" and b.captor == "a" and b.artifacts == []
    assert instances(st, "a", "artifacts") == ["artifact.wand-of-might"]
    assert texts(log, "artifacts-taken") == ["Asmodeus (a) confiscates the artifacts of "
                                             "Baalzebub (b): Wand of Might."]
    assert st.players["a"].fresh == ["b"]  # LH-III.4-03: b was free at the start
    # LH-I.2-04: b has no forces left, after the capture: Styx is uncontrolled
    assert b.home is None and st.realms[STYX] is None
    assert st.combat["fights"][0]["emptied"] == [STYX]
    assert st.players["a"].sp == 0  # one fight round only: no SP (LH-IV.2.5-01)


def test_lh_iv_2_3_03_no_devil_leads_the_captor_artifacts_discarded():
    st = lone_baalzebub(status="earth", hordes=["horde.fallen-angels"])
    play_round(st, {"a": "TARGET b\nATTACK b"}, [6, 1])
    assert st.players["b"].captor == "a"
    assert st.players["a"].artifacts == [] and st.players["b"].artifacts == []
    assert [st.cards[i] for i in st.discard] == ["artifact.wand-of-might"]


def trio_at_styx() -> LohState:
    """a (Glasya + Fiends) and c (Mammon + Fiends) both attack Baalzebub (b) at Styx."""
    return combat_state({"a": {"devil": "devil.glasya", "home": "realm.acheron",
                               "hordes": ["horde.fiends"]},
                         "b": {"devil": "devil.baalzebub", "home": STYX},
                         "c": {"devil": "devil.mammon", "home": "realm.cocytus",
                               "hordes": ["horde.fiends"]}})


def test_lh_iv_1_1_06_no_dominant_army_nobody_captures():
    """Tied armies: no dominant army, so nobody captures; the knocked-out Devil returns
    to play (LH-IV.2.3-04)."""
    st = trio_at_styx()
    _, log = play_round(st, {"a": "TARGET b\nATTACK b", "c": "TARGET b\nATTACK b"},
                        [6, 1, 1])
    assert st.players["b"].status == "hell"  # returned to play
    assert "no dominant army" in texts(log, "freed")[0]
    assert st.players["b"].home == STYX  # back in Hell: he keeps his realm


def test_pb_27_capture_agree_matched_by_every_army():
    st = trio_at_styx()
    st.players["a"].hordes.append(st.players["c"].hordes[0])  # a dominant
    st.players["c"].hordes = []
    st.players["c"].souls = 1
    orders = {"a": "TARGET b\nATTACK b\nCAPTURE AGREE Baalzebub TO Mammon",
              "c": "TARGET b\nATTACK b\nCAPTURE AGREE Baalzebub TO Mammon"}
    _, log = play_round(st, orders, [6, 1, 1, 1])  # a has 2 dice now
    assert st.players["b"].captor == "c"
    assert events(log, "capture-agreed")


def test_pb_27_capture_agree_not_matched_leaves_the_dominant_army():
    st = trio_at_styx()
    st.players["a"].hordes.append(st.players["c"].hordes[0])
    st.players["c"].hordes = []
    st.players["c"].souls = 1
    orders = {"a": "TARGET b\nATTACK b", "c": "TARGET b\nATTACK b\nCAPTURE AGREE b TO c"}
    play_round(st, orders, [6, 1, 1, 1])
    assert st.players["b"].captor == "a"


def test_pb_27_capture_agree_to_nobody_frees():
    st = lone_baalzebub()
    play_round(st, {"a": "TARGET b\nATTACK b\nCAPTURE AGREE b TO NOBODY"}, [6, 1])
    assert st.players["b"].status == "hell"


def test_lh_i_1_1_11_prisoners_of_an_emptied_realm_are_captured():
    st = combat_state({"a": {"home": "realm.acheron"},
                       "b": {"status": "earth", "souls": 1, "home": STYX},
                       "d": {"status": "prisoner", "captor": "b", "home": None}})
    _, log = play_round(st, {"a": "TARGET b\nATTACK b"}, [6, 1])
    assert st.players["d"].captor == "a"
    assert st.players["a"].fresh is False  # d was a prisoner at the phase start
    assert st.players["b"].home is None  # b (on Earth) has no forces left


def test_g21_a_prisoners_own_army_frees_him():
    st = combat_state({"b": {"devil": "devil.baalzebub", "status": "earth", "souls": 1,
                             "home": STYX},
                       "d": {"status": "prisoner", "captor": "b", "home": "realm.acheron",
                             "hordes": ["horde.fiends"] * 2}})
    # d's leaderless army may head for the Devil holding d (LH-IV.2.1-04)
    _, log = play_round(st, {"d": "TARGET b\nATTACK b"}, [1, 6])  # b rolls first
    assert st.players["d"].status == "hell"
    assert "his own army holds the place" in texts(log, "freed")[0]


def test_lh_iv_1_5_05_leviathan_knocked_out_at_home_and_captured():
    st = combat_state({"a": {"home": "realm.acheron", "hordes": ["horde.fiends"]},
                       "b": {"devil": "devil.baalzebub", "home": STYX,
                             "hordes": ["horde.leviathan"]}})
    _, log = play_round(st, {"a": "TARGET b\nATTACK b"}, [6, 1, 1])
    assert events(log, "leviathan-ko")[0].rule == "LH-IV.1.5-05"
    rolled = events(log, "attack-roll")  # b fought with 1 die: no Leviathan, power 1
    assert [len(r.data["dice"]) for r in rolled] == [2, 1]
    assert "horde.leviathan" in hordes(st, "a") and hordes(st, "b") == []
    assert events(log, "leviathan-captured")[0].rule == "LH-IV.2.3-05"


def test_g21_own_army_recaptures_its_leviathan():
    st = combat_state({"a": {"home": "realm.acheron"},
                       "b": {"devil": "devil.belial", "home": STYX,
                             "hordes": ["horde.leviathan"]}})
    play_round(st, {"a": "TARGET b\nATTACK b"}, [1, 6, 6])
    assert hordes(st, "b") == ["horde.leviathan"]
    assert st.players["a"].captor == "b"


def test_lh_iv_2_3_05_uncaptured_leviathan_is_destroyed():
    st = combat_state({"a": {"devil": "devil.glasya", "home": "realm.acheron",
                             "hordes": ["horde.fiends"]},
                       "b": {"devil": "devil.mammon", "home": STYX,
                             "hordes": ["horde.leviathan"]},
                       "c": {"devil": "devil.baalzebub", "home": "realm.cocytus",
                             "hordes": ["horde.fiends"]}},
                      deck=["horde.fiends"])  # not empty: discards stay in the pile
    _, log = play_round(st, {"a": "TARGET b\nATTACK b", "c": "TARGET b\nATTACK b"},
                        [6, 1, 1])
    assert events(log, "leviathan-destroyed")
    assert [st.cards[i] for i in st.discard] == ["horde.leviathan"]
    assert st.players["b"].status == "hell"
