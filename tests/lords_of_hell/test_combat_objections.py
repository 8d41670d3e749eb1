"""Objecting to an occupation or a swap of realms in the combat transfers, and fighting
on over it (LH-IV.2.4-02, PB-30): OBJECT OCCUPY and FIGHT IF OBJECTED, with the 004
example of §IV.2.4 (also tests/scenarios/lh-iv-2-4-objection-fight-on.yaml)."""

from __future__ import annotations

from combat_support import accepted, combat_state, events, play_round, problem, sheets, texts
from loh_kit import DATA, build_state, check_sheet

from pbem.dice import Dice
from pbem.eventlog import Log
from pbem_games.lords_of_hell.combat import aftermath
from pbem_games.lords_of_hell.combat.context import Rt
from pbem_games.lords_of_hell.state import LohState

ACHERON, COCYTUS, STYX = "realm.acheron", "realm.cocytus", "realm.styx"
PHLEGETHON = "realm.phlegethon"
RULE = "LH-IV.2.4-02"


def glasya_at_home() -> LohState:
    """004 §IV.2.4's example: Asmodeus (a, with Fiends: the dominant army) and Belial (b)
    attack Glasya (c), alone at her home Styx."""
    return combat_state({"a": {"devil": "devil.asmodeus", "home": ACHERON,
                               "hordes": ["horde.fiends"]},
                         "b": {"devil": "devil.belial", "home": COCYTUS},
                         "c": {"devil": "devil.glasya", "home": STYX}})


# Asmodeus rolls 6, 1 (Glasya knocked out); Belial 1, 1; Glasya 1: one fight round.
ONE_ROUND = [6, 1, 1, 1, 1]
BELIAL_OCCUPIES = "TARGET c\nATTACK c\nOCCUPY Styx"
ASMODEUS_OBJECTS = "TARGET c\nATTACK c\nOBJECT OCCUPY Belial"


def test_lh_iv_2_4_02_example_004_an_objected_occupation_is_not_made():
    """004 §IV.2.4: "either can switch home realm to Glasya's old, if neither objects":
    Asmodeus objects, Belial does not fight on, so nobody takes Styx (LH-IV.2.4-03)."""
    st = glasya_at_home()
    _, log = play_round(st, {"a": ASMODEUS_OBJECTS, "b": BELIAL_OCCUPIES}, ONE_ROUND)
    b = st.players["b"]
    assert b.home == COCYTUS and st.realms[COCYTUS] == "b"
    assert st.realms[STYX] is None  # LH-IV.2.4-03: the emptied realm stays uncontrolled
    (e,) = events(log, "objection-transfer")
    assert e.visible_to is None and e.rule == RULE
    assert e.text == ("Asmodeus (a) objects to Belial (b) occupying Styx: Belial (b) does "
                      "not occupy Styx.")
    assert events(log, "home-moved") == [] and events(log, "fight-goes-on") == []
    assert events(log, "not-implemented") == []
    assert st.combat["fights"][0]["rounds"] == 1 and "fights_on" not in st.combat["fights"][0]


def test_lh_iv_2_4_02_example_004_the_fight_goes_on_over_the_objection():
    """Belial wrote FIGHT IF OBJECTED: his army attacks Asmodeus's and the fight at Styx
    goes on (fight round 2: Asmodeus 1, 1; Belial 6, 6). Asmodeus's army is beaten and
    captured; the transfers are tried again: nobody objects now, Belial occupies Styx.
    The fight lasted two fight rounds and beat two armies: 1 SP (LH-IV.2.5-01)."""
    st = glasya_at_home()
    orders = {"a": ASMODEUS_OBJECTS, "b": BELIAL_OCCUPIES + "\nFIGHT IF OBJECTED"}
    _, log = play_round(st, orders, ONE_ROUND + [1, 1, 6, 6])
    a, b = st.players["a"], st.players["b"]
    assert texts(log, "objection-transfer") == ["Asmodeus (a) objects to Belial (b) "
                                                "occupying Styx."]
    assert texts(log, "fight-goes-on") == [
        "Belial (b) fights on over it: it attacks Asmodeus (a), and the fight at Styx goes "
        "on; the combat transfers there wait until it is over."]
    assert events(log, "fight-round")[1].data["attacks"] == {"a": ["b"], "b": ["a"]}
    assert a.status == "prisoner" and a.captor == "b"
    assert b.home == STYX and st.realms[STYX] == "b" and st.realms[COCYTUS] is None
    fight = st.combat["fights"][0]
    assert fight["rounds"] == 2 and fight["defeated"] == ["c", "a"]
    assert fight["fights_on"] == {"b": ["a"]}
    assert b.sp == 1 and sorted(b.sp_from) == ["a", "c"]
    kinds = [e.kind for e in log.events]
    assert kinds.index("fight-goes-on") < kinds.index("captured", kinds.index("fight-goes-on"))
    assert kinds.index("home-moved") > kinds.index("fight-goes-on")


def test_lh_iv_2_4_02_silent_players_neither_object_nor_fight_on():
    """Defaults: no sheet from Asmodeus is no objection; Belial occupies."""
    st = glasya_at_home()
    _, log = play_round(st, {"a": "TARGET c\nATTACK c",
                             "b": BELIAL_OCCUPIES + "\nFIGHT IF OBJECTED"}, ONE_ROUND)
    assert st.players["b"].home == STYX
    assert events(log, "objection-transfer") == [] and events(log, "fight-goes-on") == []


def leaderless_occupier() -> LohState:
    """Belial (b) is on Earth: his Fiends at home in Cocytus have no leader. Asmodeus (a)
    and Glasya (c) come to Cocytus; Asmodeus and the Fiends knock Glasya out."""
    return combat_state({"a": {"devil": "devil.asmodeus", "home": ACHERON},
                         "b": {"devil": "devil.belial", "home": COCYTUS, "status": "earth",
                               "hordes": ["horde.fiends"]},
                         "c": {"devil": "devil.glasya", "home": STYX}})


def test_lh_iv_2_4_02_the_fight_goes_on_once_then_the_move_is_given_up():
    """The Fiends fight on over Asmodeus's objection, but a leaderless army may not attack
    Asmodeus (his card): nobody attacks, the fight does not go on, Asmodeus still objects
    and the occupation is given up; no third try."""
    st = leaderless_occupier()
    orders = {"a": "TARGET b\nATTACK c\nOBJECT OCCUPY ALL",
              "b": "ATTACK c\nOCCUPY Styx\nFIGHT IF OBJECTED", "c": "TARGET b"}
    _, log = play_round(st, orders, [6, 6, 1])
    assert st.players["b"].home == COCYTUS and st.realms[STYX] is None
    assert texts(log, "objection-transfer") == [
        "Asmodeus (a) objects to Belial (b) occupying Styx.",
        "Asmodeus (a) objects to Belial (b) occupying Styx: Belial (b) does not occupy Styx "
        "(the fight over it is over)."]
    assert texts(log, "no-fight") == ["At Cocytus nobody attacks: the fight does not go on."]
    assert len(events(log, "fight-goes-on")) == 1


def test_lh_iv_2_4_02_a_fight_that_went_on_does_not_go_on_again():
    """transfers() on a fight that already went on this round: the objection stands and
    the move is given up (nothing to fight on again)."""
    st = glasya_at_home()
    play_round(st, {"a": "TARGET c\nATTACK c", "b": "TARGET c\nATTACK c"}, ONE_ROUND)
    fight = st.combat["fights"][0]
    assert fight["emptied"] == [STYX] and st.realms[STYX] is None
    fight["fights_on"] = {"b": ["a"]}
    sh = sheets(st, {"a": "OBJECT OCCUPY Belial", "b": "OCCUPY Styx\nFIGHT IF OBJECTED"})
    rt = Rt(st, DATA, Dice(script=[]), Log(), sh)
    assert aftermath.transfers(rt, [fight], again=True) == []
    assert st.realms[STYX] is None
    assert [e.kind for e in rt.log.events] == ["objection-transfer"]


def test_lh_iv_2_4_02_an_actor_that_left_the_fight_gone_on_is_told():
    """Belial fights on but retreats at the next fight round's retreat step (his standing
    RETREAT): his occupation is not made, and he is told why."""
    st = glasya_at_home()
    orders = {"a": ASMODEUS_OBJECTS,
              "b": BELIAL_OCCUPIES + "\nFIGHT IF OBJECTED\nRETREAT IF AFTER ROUND 1"}
    _, log = play_round(st, orders, ONE_ROUND)
    assert st.players["b"].home == COCYTUS and st.realms[STYX] is None
    (told,) = events(log, "order-unused")
    assert told.visible_to == ("b",) and "went on over it" in told.text


def meeting_without_fight() -> LohState:
    """Asmodeus (a), Belial (b) and Glasya (c) all head for Mammon (d), at home in Phlegethon;
    nobody attacks (everyone ONLY IF ATTACKED): a meeting with no fight."""
    return combat_state({"a": {"devil": "devil.asmodeus", "home": ACHERON},
                         "b": {"devil": "devil.belial", "home": COCYTUS},
                         "c": {"devil": "devil.glasya", "home": STYX},
                         "d": {"devil": "devil.mammon", "home": PHLEGETHON}})


SWAP = {"a": "TARGET d\nSWAP REALM Belial", "b": "TARGET d\nSWAP REALM Asmodeus"}


def test_lh_iv_2_4_02_a_third_army_objects_to_a_swap_of_realms():
    st = meeting_without_fight()
    _, log = play_round(st, {**SWAP, "c": "TARGET d\nOBJECT OCCUPY ALL"}, [])
    assert st.players["a"].home == ACHERON and st.players["b"].home == COCYTUS
    assert texts(log, "objection-transfer") == [
        "Glasya (c) objects to the swap of realms of Asmodeus (a) and Belial (b): they do "
        "not swap."]
    assert events(log, "realms-swapped") == []


def test_lh_iv_2_4_02_two_objectors_and_both_partners_fight_on():
    """Both partners wrote FIGHT IF OBJECTED: each attacks both objectors, who strike
    back. Fight round 1 at Phlegethon (there was no fight before): Asmodeus 6 (Glasya),
    Belial 6, 6 (Glasya, and Mammon who defends his home at 6+); Glasya 1, Mammon 1. Both
    objectors are knocked out and captured: nobody objects now, the swap is made."""
    st = meeting_without_fight()
    orders = {"a": SWAP["a"] + "\nFIGHT IF OBJECTED", "b": SWAP["b"] + "\nFIGHT IF OBJECTED",
              "c": "TARGET d\nOBJECT OCCUPY Asmodeus", "d": "OBJECT OCCUPY Belial"}
    _, log = play_round(st, orders, [6, 6, 6, 1, 1])
    assert texts(log, "objection-transfer") == [
        "Glasya (c), Mammon (d) object to the swap of realms of Asmodeus (a) and Belial "
        "(b)."]
    (goes_a, goes_b) = events(log, "fight-goes-on")
    assert goes_a.data["targets"] == ["c", "d"] and goes_b.data["targets"] == ["c", "d"]
    assert st.players["c"].captor == "b" and st.players["d"].captor == "b"
    assert st.players["a"].home == COCYTUS and st.players["b"].home == ACHERON
    assert events(log, "realms-swapped")[0].rule == RULE
    assert st.realms[PHLEGETHON] is None  # LH-IV.2.4-03: emptied, nobody took it


def test_lh_iv_2_4_02_a_swap_partner_does_not_object_to_his_own_swap():
    st = meeting_without_fight()
    _, log = play_round(st, {"a": SWAP["a"] + "\nOBJECT OCCUPY ALL", "b": SWAP["b"]}, [])
    assert st.players["a"].home == COCYTUS and st.players["b"].home == ACHERON
    assert events(log, "objection-transfer") == []


def test_lh_iv_2_4_02_only_armies_at_the_place_object():
    """Mammon stays home (another place): his objection has no say at the meeting."""
    st = meeting_without_fight()
    orders = {"a": "TARGET c\nSWAP REALM Belial", "b": "TARGET c\nSWAP REALM Asmodeus",
              "d": "OBJECT OCCUPY ALL"}
    play_round(st, orders, [])
    assert st.players["a"].home == COCYTUS and st.players["b"].home == ACHERON


def two_attackers() -> LohState:
    """a (Glasya, 2 Fiends: dominant) and c (Mammon, 1 Soul) attack Baalzebub (b, 1 Soul)
    at Styx."""
    return combat_state({"a": {"devil": "devil.glasya", "home": ACHERON,
                               "hordes": ["horde.fiends"] * 2},
                         "b": {"devil": "devil.baalzebub", "home": STYX, "souls": 1},
                         "c": {"devil": "devil.mammon", "home": COCYTUS, "souls": 1}})


# round 1: Glasya 6 (b's Soul), 1; b 1; Mammon 1. Round 2: Glasya 6 (b out), 1; b 1; Mammon 1
TWO_ROUNDS = [6, 1, 1, 1, 6, 1, 1, 1]


def test_lh_iv_2_4_02_the_dominant_army_objected_the_other_occupies():
    st = two_attackers()
    orders = {"a": "TARGET b\nATTACK b\nOCCUPY Styx",
              "c": "TARGET b\nATTACK b\nOCCUPY Styx\nOBJECT OCCUPY Glasya"}
    _, log = play_round(st, orders, TWO_ROUNDS)
    assert st.players["c"].home == STYX and st.players["a"].home == ACHERON
    assert texts(log, "objection-transfer") == ["Mammon (c) objects to Glasya (a) occupying "
                                                "Styx: Glasya (a) does not occupy Styx."]


def test_pb_30_object_occupy_and_fight_if_objected_orders():
    st = build_state(phase="combat", round=1)
    assert accepted(st, "a", "OBJECT OCCUPY all") == {
        "type": "OBJECT OCCUPY", "all": True, "against": [], "canonical": "OBJECT OCCUPY ALL"}
    o = accepted(st, "a", "object occupy b, Glasya")
    assert o["against"] == ["b", "d"] and o["canonical"] == "OBJECT OCCUPY Baalzebub, Glasya"
    assert problem(st, "a", "OBJECT OCCUPY").status == "invalid"
    assert problem(st, "a", "OBJECT OCCUPY Asmodeus").status == "illegal"  # his own
    assert accepted(st, "a", "FIGHT IF OBJECTED")["canonical"] == "FIGHT IF OBJECTED"
    assert problem(st, "a", "FIGHT IF OBJECTED now").status == "invalid"
    twice = check_sheet(st, DATA, "a", "FIGHT IF OBJECTED\nFIGHT IF OBJECTED")
    assert [r.status for r in twice.lines] == ["accepted", "illegal"]


def test_pb_30_the_orders_are_for_combat_stages_only():
    st = build_state(phase="gathering")
    assert "combat stage" in problem(st, "a", "OBJECT OCCUPY ALL").message
    assert "combat stage" in problem(st, "a", "FIGHT IF OBJECTED").message
    combat = build_state(phase="combat", round=1)
    assert "gathering" in problem(combat, "a", "OBJECT Belial").message  # the Overlord's
