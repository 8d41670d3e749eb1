"""The Sample Combat of 004 §IV.4 (LH-IV.4-01), with the example's dice scripted; it also
proves Dis's automatic hits (LH-IV.3.3-01), Juggernauts first and their extra hit
(LH-IV.3.3-03), re-rolls (LH-IV.3.2-02) and capture by the dominant army (LH-IV.2.3-02).

Two slips of the example (digest §3.1) are tested by the rule, not the text:
- Belial's second hit in fight round 1 "is taken by the Soul", but his army list names
  no Soul: we give him 1 Soul (power 0, so every power figure of the example still holds).
- After round 1 the text gives Baalzebub "power 3" and 2 dice (3,4). By the rules he has
  Baalzebub (1) + one Tormented Ones (1) = power 2, so 1 die: we script one die (4), which
  hits Glasya as in the example.
"""

from __future__ import annotations

from combat_support import combat_state, events, hordes, play_round, texts

from pbem_games.lords_of_hell.state import LohState

DIS = "realm.dis"


def sample_state() -> LohState:
    return combat_state({
        "a": {"devil": "devil.glasya", "home": "realm.acheron", "souls": 2,
              "hordes": ["horde.fiends"] * 3 + ["horde.metal-beasts"]},
        "b": {"devil": "devil.belial", "home": "realm.styx", "souls": 1,
              "hordes": ["horde.juggernauts", "horde.dark-critters", "horde.night-critters",
                         "horde.tormented-ones", "horde.tormented-ones"]},
        "c": {"devil": "devil.baalzebub", "home": DIS,
              "hordes": ["horde.metal-beasts", "horde.juggernauts"]
              + ["horde.tormented-ones"] * 3},
    })


ORDERS = {
    "a": "TARGET Baalzebub\nATTACK Baalzebub\nCASUALTIES Souls, Fiends, Metal Beasts",
    "b": "TARGET Baalzebub\nATTACK Baalzebub\nREROLL IF HITS BELOW EXPECTED",
    "c": "NO MOVE\nATTACK Belial, Glasya\nREROLL IF HITS BELOW EXPECTED\n"
         "JUGGERNAUT TARGET Glasya",
}
SCRIPT = [4, 6,  # round 1: Glasya
          1, 2, 5, 6,  # Belial
          2, 2, 3, 4, 1, 3, 3, 5,  # Baalzebub, re-rolled
          3, 5,  # round 2: Glasya
          1, 2, 4, 2, 5, 6,  # Belial, re-rolled
          4]  # Baalzebub: 1 die by the rules (the example's "3,4" has 2)


def test_lh_iv_4_01_sample_combat():
    st = sample_state()
    going, log = play_round(st, ORDERS, SCRIPT)
    assert going
    meeting = events(log, "meeting")[0]
    assert meeting.data["where"] == DIS and meeting.data["defender"] == "c"
    rolls = events(log, "attack-roll")
    assert [r.data["hits"] for r in rolls] == [
        {"c": 1}, {"c": 2}, {"b": 1, "a": 0},  # Glasya's 4 misses Dis (at least 1 DP)
        {"c": 1}, {"c": 2}, {"b": 0, "a": 1}]
    assert rolls[2].data["rerolled"] == [1, 3, 3, 5] and rolls[0].data["rerolled"] is None
    assert rolls[4].data["rerolled"] == [2, 5, 6]
    assert len(events(log, "dis-hits")) == 2
    # after 2 fight rounds: the example's final armies
    assert hordes(st, "a") == ["horde.fiends", "horde.metal-beasts"]
    assert st.players["a"].souls == 0
    assert hordes(st, "b") == ["horde.dark-critters", "horde.tormented-ones",
                               "horde.tormented-ones"]
    assert st.players["b"].souls == 0
    assert hordes(st, "c") == []
    fight = st.combat["fights"][0]
    assert fight["rounds"] == 2 and fight["defeated"] == ["c"]
    # Belial and Glasya do not attack each other: capture. Belial (power 7) is dominant.
    assert st.players["c"].status == "prisoner"
    assert st.players["c"].captor == "b" and st.players["b"].fresh
    assert st.realms[DIS] is None and st.players["c"].home is None
    assert st.players["b"].sp == 1 and st.players["b"].sp_from == ["c"]
    assert st.players["a"].sp == 0


def test_lh_iv_4_01_hit_order_of_round_one():
    """Round 1's hits as the example tells them: Baalzebub's Juggernauts first, then
    Metal Beasts and a Tormented Ones, his Juggernauts' extra hit on Glasya, Belial's
    Juggernauts' extra hit on the second Tormented Ones."""
    st = sample_state()
    _, log = play_round(st, ORDERS, SCRIPT)
    hits = [(e.data["player"], e.data["unit"]) for e in events(log, "hit")][:8]
    assert hits == [("a", "soul"), ("b", "horde.juggernauts"), ("b", "soul"),
                    ("c", "horde.juggernauts"), ("c", "horde.metal-beasts"),
                    ("c", "horde.tormented-ones"), ("c", "horde.tormented-ones"),
                    ("a", "soul")]
    assert any("extra hit of Baalzebub (c)'s Juggernauts" in t for t in texts(log, "hit"))
