"""Truces between fighting armies (PB-26): matched TRUCE lines stop two armies attacking
each other, from the fight round their conditions allow; Leviathan's forced attacks go
on."""

from __future__ import annotations

from combat_support import accepted, combat_state, events, play_round, problem


def test_pb_26_truce_line_is_read_and_checked():
    st = combat_state({"a": {"souls": 3}, "b": {"souls": 3}})
    assert accepted(st, "a", "truce baalzebub after round 2") == {
        "type": "TRUCE", "with": "b", "cond": {"kind": "after-round", "n": 2},
        "canonical": "TRUCE Baalzebub AFTER ROUND 2"}
    assert accepted(st, "a", "TRUCE b IF LOST 3")["cond"] == {"kind": "lost", "n": 3}
    assert accepted(st, "a", "TRUCE b IF DEVIL KO")["canonical"] == \
        "TRUCE Baalzebub IF DEVIL KO"
    assert problem(st, "a", "TRUCE a").rule == "PB-26"
    assert problem(st, "a", "TRUCE").status == "invalid"
    st.phase = "transfer"
    assert problem(st, "a", "TRUCE b").status == "illegal"


def test_pb_26_matched_truce_means_no_fight():
    st = combat_state({"a": {"souls": 3}, "b": {"souls": 3}})
    orders = {"a": "TARGET b\nATTACK ALL\nTRUCE b", "b": "ATTACK ALL\nTRUCE a"}
    _, log = play_round(st, orders, [])
    assert not events(log, "fight-round")
    assert [e.text for e in events(log, "truce")] == [
        "Truce: Asmodeus (a) and Baalzebub (b) stop attacking each other after 0 fight "
        "rounds."]


def test_pb_26_one_sided_truce_does_nothing():
    st = combat_state({"a": {"souls": 3}, "b": {"souls": 3}})
    orders = {"a": "TARGET b\nATTACK ALL\nTRUCE b\nRETREAT IF AFTER ROUND 1", "b": ""}
    _, log = play_round(st, orders, [1, 1])
    assert events(log, "fight-round")[0].data["attacks"] == {"a": ["b"], "b": ["a"]}
    assert not events(log, "truce")


def test_pb_26_truce_after_round_1_stops_the_fight_after_one_round():
    st = combat_state({"a": {"souls": 3}, "b": {"souls": 3}})
    orders = {"a": "TARGET b\nATTACK ALL\nTRUCE b AFTER ROUND 1",
              "b": "ATTACK ALL\nTRUCE a"}
    _, log = play_round(st, orders, [1, 1])  # one fight round: every die misses
    assert len(events(log, "fight-round")) == 1
    assert [e.data["armies"] for e in events(log, "truce")] == [["a", "b"]]
    assert "after 1 fight round." in events(log, "truce")[0].text


def test_pb_26_a_third_army_fights_on():
    """a and b make a truce; c attacks both, who strike back at c only."""
    st = combat_state({"a": {"souls": 3}, "b": {"souls": 3}, "c": {"souls": 3}})
    orders = {"a": "TARGET c\nATTACK ALL\nTRUCE b", "b": "TARGET c\nATTACK ALL\nTRUCE a",
              "c": "TARGET a\nATTACK ALL\nRETREAT IF AFTER ROUND 1"}
    _, log = play_round(st, orders, [1] * 4)
    assert events(log, "fight-round")[0].data["attacks"] == {
        "a": ["c"], "b": ["c"], "c": ["a", "b"]}


def test_pb_26_leviathan_attacks_through_a_truce():
    """LH-IV.1.5-03: Leviathan's army attacks every army, truce or not; the other strikes
    back."""
    st = combat_state({"a": {"hordes": ["horde.leviathan"]}, "b": {"souls": 1}})
    orders = {"a": "TARGET b\nTRUCE b", "b": "TRUCE a"}
    _, log = play_round(st, orders, [6, 6, 6, 6, 1])
    assert events(log, "fight-round")[0].data["attacks"] == {"a": ["b"], "b": ["a"]}
