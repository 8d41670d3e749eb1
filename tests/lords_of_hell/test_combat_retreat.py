"""The retreat step (LH-IV.3.1-01..06): retreats, pursuits, split fights (G17), and
Leviathan's rules for them (LH-IV.1.5-02)."""

from __future__ import annotations

from combat_support import combat_state, events, play_round, texts


def test_lh_iv_3_1_01_retreat_from_a_realm_escapes_unpursued():
    """LH-IV.3.1-01 (never the defender), LH-IV.3.1-04 (unpursued: escaped), LH-IV.2.6-02
    (retreating is moving)."""
    st = combat_state({"a": {"souls": 5, "home": "realm.acheron"},
                       "b": {"souls": 5, "home": "realm.seat-of-judgement"}})
    orders = {"a": "TARGET b\nATTACK b\nRETREAT IF AFTER ROUND 1",
              "b": "NO MOVE\nRETREAT IF ATTACKED"}
    _, log = play_round(st, orders, [6, 6])  # round 1: one hit each; round 2: a leaves
    assert [e.data["player"] for e in events(log, "retreat")] == ["a"]  # never the defender
    assert texts(log, "retreat") == ["Asmodeus (a) retreats from Seat of Judgement to an "
                                     "unspecified place in Hell."]
    assert [e.data["player"] for e in events(log, "escaped")] == ["a"]
    assert st.players["a"].souls == 4 and st.players["b"].souls == 4
    assert st.combat["still"] == ["b"]  # retreating is moving
    assert st.players["b"].sp == 0  # nobody was defeated


def test_lh_iv_3_1_03_defender_pursues_only_when_everyone_else_has_gone():
    st = combat_state({
        "a": {"devil": "devil.asmodeus", "souls": 3, "home": "realm.acheron"},
        "b": {"devil": "devil.baalzebub", "souls": 1, "home": "realm.styx"},
        "c": {"devil": "devil.belial", "souls": 3, "home": "realm.cocytus"}})
    orders = {"a": "TARGET Belial\nATTACK Belial\nRETREAT IF ATTACKED",
              "b": "TARGET Belial\nATTACK Belial\nRETREAT IF LOST 1",
              "c": "NO MOVE\nPURSUE ANY"}
    # round 1: a leaves at once and b stays, so Belial may not follow a. b's die 1
    # misses; Belial's 4, 1: a Soul of b. Round 2: b retreats, Belial alone follows;
    # their new fight goes straight to the rolls: b 1, Belial 4, 1: b's Devil is out.
    _, log = play_round(st, orders, [1, 4, 1, 1, 4, 1])
    assert [e.data["player"] for e in events(log, "retreat")] == ["a", "b"]
    assert [e.data["player"] for e in events(log, "escaped")] == ["a"]
    assert [(e.data["player"], e.data["quarry"]) for e in events(log, "pursue")] == [("c", "b")]
    fights = st.combat["fights"]
    assert [(f["where"], f["armies"]) for f in fights] == [("realm.cocytus", []),
                                                           (None, ["b", "c"])]
    assert fights[1]["parent"] == fights[0]["id"] and fights[1]["rounds"] == 2
    assert st.players["b"].status == "prisoner" and st.players["b"].captor == "c"
    assert st.players["c"].sp == 1  # 2 fight rounds, counted across the split
    assert st.combat["still"] == []  # Belial pursued: he moved


def test_g17_retreat_home_and_pursued_there_makes_the_defender():
    st = combat_state({"a": {"souls": 3, "home": "realm.phlegethon"},
                       "b": {"souls": 3, "home": "realm.styx"}})
    orders = {"a": "TARGET b\nRETREAT IF ATTACKED TO HOME",
              "b": "TARGET a\nATTACK a\nPURSUE ANY\nRETREAT IF AFTER ROUND 1"}
    _, log = play_round(st, orders, [1, 5])
    child = st.combat["fights"][1]
    assert child["where"] == "realm.phlegethon" and child["defender"] == "a"
    rolled = events(log, "attack-roll")
    assert rolled[1].data["player"] == "b" and "(6+)" in rolled[1].text  # Phlegethon's 2 DP
    assert texts(log, "retreat")[0] == "Asmodeus (a) retreats from an unspecified place in " \
                                       "Hell to Phlegethon."
    assert st.combat["still"] == []  # G17: still counts as having moved


def test_retreat_to_elsewhere_from_an_unspecified_place():
    st = combat_state({"a": {"souls": 3}, "b": {"souls": 3}})
    orders = {"a": "TARGET b\nRETREAT IF ATTACKED TO ELSEWHERE", "b": "TARGET a\nATTACK a"}
    _, log = play_round(st, orders, [])
    assert texts(log, "retreat") == ["Asmodeus (a) retreats from an unspecified place in Hell "
                                     "to an unspecified place in Hell."]


def test_lh_iv_3_1_02_retreat_conditions_power_and_outpowered():
    st = combat_state({"a": {"souls": 2},
                       "b": {"devil": "devil.mammon", "hordes": ["horde.fallen-angels"]}})
    orders = {"a": "TARGET b\nRETREAT IF POWER BELOW 2 OR OUTPOWERED", "b": "TARGET a\nATTACK a"}
    _, log = play_round(st, orders, [])
    # a: Asmodeus, power 2 (not below 2) but b's 3 power attacks it: outpowered
    assert [e.data["player"] for e in events(log, "retreat")] == ["a"]
    assert not events(log, "attack-roll")


def test_lh_iv_3_1_06_devil_ko_stays_and_returns_with_his_army():
    st = combat_state({"a": {"hordes": ["horde.fiends"] * 3, "home": "realm.acheron"},
                       "b": {"souls": 10, "home": "realm.seat-of-judgement"}})
    orders = {"a": "TARGET b\nATTACK b\nCASUALTIES Devil\nRETREAT IF DEVIL KO"}
    _, log = play_round(st, orders, [1, 1, 6])
    assert st.combat["fights"][0]["ko"] == ["a"]
    assert [e.data["player"] for e in events(log, "retreat")] == ["a"]
    # his army escaped with its Fiends: the knocked-out Devil returns to play
    assert st.players["a"].status == "hell"
    assert events(log, "freed")[0].rule == "LH-IV.2.3-01"


def test_lh_iv_1_5_02_leviathan_never_retreats_and_pursues_the_last_army():
    st = combat_state({"a": {"hordes": ["horde.leviathan"], "home": "realm.acheron"},
                       "b": {"souls": 1, "home": "realm.styx"}})
    orders = {"a": "TARGET b\nRETREAT IF ATTACKED", "b": "NO MOVE\nRETREAT IF ATTACKED"}
    # b defends at home: it cannot retreat either; Leviathan attacks everyone
    _, log = play_round(st, orders, [6, 6, 6, 6, 1])
    assert not events(log, "retreat")
    assert events(log, "fight-round")[0].data["attacks"] == {"a": ["b"], "b": ["a"]}
    assert st.players["b"].status == "prisoner"


def test_lh_iv_1_5_02_leviathan_follows_a_retreat():
    st = combat_state({"a": {"hordes": ["horde.leviathan"], "home": "realm.acheron"},
                       "b": {"souls": 1, "home": "realm.styx"}})
    orders = {"a": "TARGET b", "b": "TARGET a\nRETREAT IF ATTACKED"}
    _, log = play_round(st, orders, [6, 6, 6, 6, 1])
    p = events(log, "pursue")
    assert [(e.data["player"], e.data["quarry"]) for e in p] == [("a", "b")]
    assert p[0].rule == "LH-IV.1.5-02" and "must pursue" in p[0].text
    assert st.players["b"].status == "prisoner"
