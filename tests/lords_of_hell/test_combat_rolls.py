"""Attack declarations and rolls (LH-IV.3.1-07, LH-IV.3.2): the to-hit number, re-rolls,
sharing dice among targets (G15), Dis's automatic hits."""

from __future__ import annotations

import dataclasses

from combat_support import combat_state, events, play_round
from loh_kit import DATA, build_state

from pbem_games.lords_of_hell.combat import rolls
from pbem_games.lords_of_hell.combat.context import Rt, new_fight
from pbem_games.lords_of_hell.state import LohState

COCYTUS = "realm.cocytus"  # DP 1


def mammon_state() -> LohState:
    return combat_state({
        "m": {"devil": "devil.mammon", "home": "realm.acheron",
              "hordes": ["horde.fiends"] * 10 + ["horde.fallen-angels"]},
        "g": {"devil": "devil.glasya", "home": "realm.styx", "hordes": ["horde.fiends"] * 4},
        "b": {"devil": "devil.belial", "home": COCYTUS, "hordes": ["horde.fiends"] * 7}})


def test_lh_iv_3_2_04_mammon_example_and_lh_iv_3_1_07_mutual_attacks():
    """Mammon (13 power, 5 dice) attacks just Belial; Glasya (5 power, 2 dice) attacks
    both, so Mammon and Belial must attack Glasya too (LH-IV.3.1-07). Belial (10 power, 4
    dice) defends his realm with 1 DP. Mammon's 1,3,4,4,5: both 4s to Glasya, the 5 to
    Belial. Glasya's 3,6: the hit to Mammon. Belial's 2,3,3,4 re-rolled to 1,3,5,6: one
    hit on each."""
    st = mammon_state()
    orders = {"m": "TARGET Belial\nATTACK Belial\nRETREAT IF AFTER ROUND 1",
              "g": "TARGET Belial\nATTACK Mammon, Belial\nRETREAT IF AFTER ROUND 1",
              "b": "NO MOVE\nREROLL IF HITS BELOW EXPECTED"}
    _, log = play_round(st, orders, [1, 3, 4, 4, 5, 3, 6, 2, 3, 3, 4, 1, 3, 5, 6])
    rnd = events(log, "fight-round")
    assert len(rnd) == 1
    assert rnd[0].data["attacks"] == {"m": ["b", "g"], "g": ["m", "b"], "b": ["m", "g"]}
    rolled = events(log, "attack-roll")
    assert [r.data["hits"] for r in rolled] == [{"b": 1, "g": 2}, {"m": 1, "b": 0},
                                                {"m": 1, "g": 1}]
    assert rolled[2].data["rerolled"] == [1, 3, 5, 6]
    assert "1 on Belial (b) (5+)" in rolled[0].text and "2 on Glasya (g) (4+)" in rolled[0].text
    assert len(st.players["g"].hordes) == 1  # 3 hits on Glasya's 4 Fiends
    assert len(st.players["m"].hordes) == 9 and len(st.players["b"].hordes) == 6
    # both attackers retreat before round 2; the defender does not pursue
    assert [e.data["player"] for e in events(log, "escaped")] == ["m", "g"]


def test_g15_split_single_target_dice_first_then_evenly():
    need = {"x": 4, "y": 5, "z": 6}
    # the 4 can only hit x; the 5 goes to y (x has 1), a 6 to z, the last 6 by the order
    assert rolls.split([4, 5, 6, 6], ["x", "y", "z"], need, {}) == {"x": 2, "y": 1, "z": 1}
    assert rolls.split([4, 5, 6, 6], ["z", "y", "x"], need, {}) == {"x": 1, "y": 1, "z": 2}
    assert rolls.split([1, 2, 3], ["x", "y"], need, {}) == {"x": 0, "y": 0}
    assert rolls.split([6, 6, 6], ["x", "y"], need, {}) == {"x": 2, "y": 1}
    # ties go to the target hit less by this attacker earlier in the fight
    assert rolls.split([6], ["x", "y"], need, {"x": 1}) == {"x": 0, "y": 1}


def fight_at_home(st: LohState, defender: str, attacker: str) -> tuple[Rt, dict]:
    st.combat = {}
    rt = Rt(st, DATA, None, None)
    f = new_fight(st, st.players[defender].home, defender, [attacker, defender])
    return rt, f


def test_lh_iv_3_2_03_dp_only_for_the_defender_at_home():
    st = build_state({"a": {"home": "realm.phlegethon"}, "b": {}})
    rt, f = fight_at_home(st, "a", "b")
    assert rolls.to_hit(st, f, "b", "a", DATA) == 6  # Phlegethon: 2 DP
    assert rolls.to_hit(st, f, "a", "b", DATA) == 4
    f["where"] = None
    assert rolls.to_hit(st, f, "b", "a", DATA) == 4  # an unspecified place: no DP


def test_metal_beasts_lower_dp_once_not_cumulative():
    st = build_state({"a": {"home": "realm.phlegethon"},
                      "b": {"hordes": ["horde.metal-beasts"] * 2}})
    rt, f = fight_at_home(st, "a", "b")
    assert rolls.to_hit(st, f, "b", "a", DATA) == 5


def test_baalzebubs_realm_never_below_one_dp():
    st = build_state({"a": {"devil": "devil.baalzebub", "home": "realm.seat-of-judgement"},
                      "b": {"home": "realm.styx"}})
    rt, f = fight_at_home(st, "a", "b")
    assert DATA.realms["realm.seat-of-judgement"].dp == 0
    assert rolls.to_hit(st, f, "b", "a", DATA) == 5


def test_wand_of_might_against_leaderless_armies_only():
    st = build_state({"a": {"artifacts": ["artifact.wand-of-might"]},
                      "b": {"status": "prisoner", "captor": "a", "hordes": ["horde.fiends"]},
                      "c": {}})
    st.combat = {}
    f = new_fight(st, None, None, ["a", "b", "c"])
    assert rolls.to_hit(st, f, "b", "a", DATA) == 5
    assert rolls.to_hit(st, f, "c", "a", DATA) == 4
    st.players["a"].status = "ko"  # a knocked-out holder leads no longer
    assert rolls.to_hit(st, f, "b", "a", DATA) == 4


def test_g23_no_automatic_six():
    data = dataclasses.replace(DATA, realms={**DATA.realms, "realm.phlegethon": dataclasses.replace(
        DATA.realms["realm.phlegethon"], dp=3)})
    st = build_state({"a": {"home": "realm.phlegethon"}, "b": {}})
    st.combat = {}
    f = new_fight(st, "realm.phlegethon", "a", ["a", "b"])
    rt = Rt(st, data, None, None)
    assert rolls.to_hit(st, f, "b", "a", data) == 7
    assert not rolls.can_hit(rt, f, {"b": ["a"]})
    assert rolls.can_hit(rt, f, {"b": ["a"], "a": ["b"]})
    assert rolls.split([6, 6], ["a"], {"a": 7}, {}) == {"a": 0}


def test_lh_iv_3_2_02_reroll_once_below_n_and_second_roll_stands():
    st = combat_state({"a": {"hordes": ["horde.fiends"] * 4}, "b": {"souls": 30}})
    # a: Asmodeus 2 + 4 = 6 power, 3 dice; b (Baalzebub, 1 power, 30 Souls): 1 die
    orders = {"a": "TARGET b\nATTACK b\nREROLL IF HITS BELOW 2\nRETREAT IF AFTER ROUND 1"}
    _, log = play_round(st, orders, [1, 6, 1, 2, 2, 1, 1])
    a_roll = events(log, "attack-roll")[0]
    assert a_roll.data["dice"] == [1, 6, 1] and a_roll.data["rerolled"] == [2, 2, 1]
    assert a_roll.data["hits"] == {"b": 0}  # b defends Seat of Judgement: 5+ (Baalzebub)


def test_dis_gives_no_automatic_hits_away_from_dis():
    st = combat_state({"a": {"home": "realm.acheron", "hordes": ["horde.fiends"]},
                       "b": {"devil": "devil.baalzebub", "home": "realm.dis", "souls": 3}})
    orders = {"a": "TARGET b\nATTACK b", "b": "TARGET a\nATTACK a\nRETREAT IF AFTER ROUND 1"}
    _, log = play_round(st, orders, [1, 1, 1])
    assert not events(log, "dis-hits")
    assert events(log, "meeting")[0].data["where"] is None


def test_metal_beasts_help_only_their_own_army():
    st = build_state({"a": {"home": "realm.phlegethon"},
                      "b": {"hordes": ["horde.metal-beasts"]}, "c": {"home": "realm.styx"}})
    st.combat = {}
    f = new_fight(st, "realm.phlegethon", "a", ["a", "b", "c"])
    assert rolls.to_hit(st, f, "b", "a", DATA) == 5
    assert rolls.to_hit(st, f, "c", "a", DATA) == 6
