"""Attack declarations (LH-IV.3.1-07), Asmodeus's and Leviathan's rules for them
(digest §3.3, LH-IV.1.5-03), and how a fight ends (LH-IV.2.2-04)."""

from __future__ import annotations

from combat_support import combat_state, events, play_round

from pbem_games.lords_of_hell.combat import fight


def test_lh_iv_2_2_04_nobody_attacks_no_fight():
    st = combat_state({"a": {}, "b": {}})
    _, log = play_round(st, {"a": "TARGET b"}, [])
    assert [e.text for e in events(log, "no-fight")] == [
        f"At {'Seat of Judgement'} nobody attacks: there is no fight."]
    assert not events(log, "fight-round")


def test_lh_iv_3_1_07_the_attacked_attack_back():
    st = combat_state({"a": {"souls": 3}, "b": {"souls": 3}, "c": {"souls": 3}})
    orders = {"a": "TARGET c\nATTACK c\nRETREAT IF AFTER ROUND 1", "b": "TARGET c",
              "c": "NO MOVE"}
    _, log = play_round(st, orders, [1, 1, 1])  # a: 1 die; Belial (c): 2 dice
    assert events(log, "fight-round")[0].data["attacks"] == {"a": ["c"], "c": ["a"]}


def test_asmodeus_leaderless_armies_may_not_attack_him_but_strike_back():
    """b's leaderless army (its Devil is Belial's prisoner) attacks ALL: not Asmodeus, who
    is there too; when Asmodeus attacks it, it strikes back."""
    st = combat_state({"a": {"devil": "devil.asmodeus", "souls": 3},
                       "b": {"devil": "devil.baalzebub", "status": "prisoner",
                             "captor": "c", "hordes": ["horde.fiends"] * 2},
                       "c": {"devil": "devil.belial", "souls": 1}})
    orders = {"a": "TARGET Belial", "b": "TARGET Belial\nATTACK ALL\nRETREAT IF AFTER ROUND 1",
              "c": "NO MOVE"}
    _, log = play_round(st, orders, [1, 1, 1])
    assert events(log, "fight-round")[0].data["attacks"] == {"b": ["c"], "c": ["b"]}
    st = combat_state({"a": {"devil": "devil.asmodeus", "souls": 3},
                       "b": {"devil": "devil.baalzebub", "status": "prisoner",
                             "captor": "c", "hordes": ["horde.fiends"] * 2},
                       "c": {"devil": "devil.belial", "souls": 1}})
    orders = {"a": "TARGET Belial\nATTACK Baalzebub\nRETREAT IF AFTER ROUND 1",
              "b": "TARGET Belial\nRETREAT IF AFTER ROUND 1", "c": "NO MOVE"}
    _, log = play_round(st, orders, [1, 1])
    assert events(log, "fight-round")[0].data["attacks"] == {"a": ["b"], "b": ["a"]}


def test_lh_iv_1_5_03_leviathan_attacks_every_army():
    st = combat_state({"a": {"hordes": ["horde.leviathan"], "home": "realm.acheron"},
                       "b": {"souls": 1, "home": "realm.styx"},
                       "c": {"souls": 1, "home": "realm.cocytus"}})
    orders = {"a": "TARGET b\nATTACK c", "c": "TARGET b"}
    _, log = play_round(st, orders, [6, 6, 6, 6, 1, 1, 1])
    attacks = events(log, "fight-round")[0].data["attacks"]
    assert attacks == {"a": ["c", "b"], "b": ["a"], "c": ["a"]}


def test_a_fight_stops_at_the_round_cap(monkeypatch):
    monkeypatch.setattr(fight, "MAX_FIGHT_ROUNDS", 2)
    st = combat_state({"a": {"souls": 5}, "b": {"souls": 5}})
    _, log = play_round(st, {"a": "TARGET b\nATTACK b"}, [1, 1, 1, 1])
    assert len(events(log, "fight-round")) == 2
    assert events(log, "fight-capped")[0].rule == "LH-IV.2.2-04"
