"""Hit assignment (LH-IV.3.3): casualty order, Juggernauts, Warriors of Darkness, the
Critters trio, knocked-out Devils, lost hits."""

from __future__ import annotations

from combat_support import events, hordes
from loh_kit import DATA, build_state

from pbem.dice import Dice
from pbem.eventlog import Log
from pbem_games.lords_of_hell.combat.context import Rt, new_fight
from pbem_games.lords_of_hell.combat.hits import Battle, casualty
from pbem_games.lords_of_hell.orders import check_sheet, standing
from pbem_games.lords_of_hell.state import LohState


def battle(st: LohState, hostile: dict | None = None, trio=()) -> tuple[Log, dict, Battle]:
    st.combat = {}
    fight = new_fight(st, None, None, list(st.seats))
    fight["trio"] = list(trio)
    log = Log()
    return log, fight, Battle(Rt(st, DATA, Dice(script=[]), log), fight, hostile or {})


def order(st: LohState, name: str, line: str) -> None:
    standing.keep(st, {name: check_sheet(st, DATA, name, line)})


def test_pb_25_default_casualties_souls_then_weak_hordes_then_devil():
    """LH-IV.3.3-02: one unit per hit; a hit on the Devil knocks him out."""
    st = build_state({"a": {"souls": 1, "hordes": ["horde.fallen-angels", "horde.fiends"]},
                      "b": {}})
    log, fight, b = battle(st)
    b.add("a", "test", 4)
    b.resolve()
    assert [e.data["unit"] for e in events(log, "hit")] == [
        "soul", "horde.fiends", "horde.fallen-angels", "devil"]
    assert st.players["a"].status == "ko" and fight["ko"] == ["a"]
    assert fight["defeated"] == ["a"] and fight["lost"] == {"a": 4}


def test_tormented_ones_cost_as_much_as_the_army_has():
    """Three Tormented Ones: losing one costs 3 power, more than Fallen Angels (2)."""
    st = build_state({"a": {"status": "earth", "hordes": ["horde.tormented-ones"] * 3
                            + ["horde.fallen-angels", "horde.fiends"]}, "b": {}})
    assert casualty(st, "a", DATA, [])[1] == "horde.fiends"
    log, fight, b = battle(st)
    b.add("a", "test", 5)
    b.resolve()
    assert [e.data["unit"] for e in events(log, "hit")] == [
        "horde.fiends", "horde.fallen-angels"] + ["horde.tormented-ones"] * 3


def test_lh_iv_3_3_02_casualties_order_then_default():
    st = build_state({"a": {"souls": 2, "hordes": ["horde.fiends", "horde.metal-beasts"]},
                      "b": {}})
    order(st, "a", "CASUALTIES Metal Beasts, Devil")
    log, fight, b = battle(st)
    b.add("a", "test", 4)
    b.resolve()
    assert [e.data["unit"] for e in events(log, "hit")] == [
        "horde.metal-beasts", "devil", "soul", "soul"]
    assert hordes(st, "a") == ["horde.fiends"]


def test_lh_iv_3_3_03_juggernauts_first_and_their_extra_hit():
    st = build_state({"a": {"souls": 3, "hordes": ["horde.juggernauts"]},
                      "b": {"hordes": ["horde.fiends"]}, "c": {"devil": "devil.belial"}})
    log, fight, b = battle(st, hostile={"a": ["b", "c"]})
    b.add("a", "test", 1)
    b.resolve()
    hits = [(e.data["player"], e.data["unit"]) for e in events(log, "hit")]
    # default target: the strongest hostile army: c (Belial, 3) over b (Baalzebub + 1 = 2)
    assert hits == [("a", "horde.juggernauts"), ("c", "devil")]
    assert events(log, "hit")[0].rule == "LH-IV.3.3-03"


def test_juggernaut_target_order_and_lost_extra_hit():
    st = build_state({"a": {"hordes": ["horde.juggernauts"] * 2},
                      "b": {"hordes": ["horde.fiends"]}, "c": {"devil": "devil.belial"}})
    order(st, "a", "JUGGERNAUT TARGET Baalzebub")
    log, fight, b = battle(st, hostile={"a": ["b", "c"]})
    b.add("a", "test", 2)
    b.resolve()
    hits = [(e.data["player"], e.data["unit"]) for e in events(log, "hit")]
    assert hits == [("a", "horde.juggernauts"), ("a", "horde.juggernauts"),
                    ("b", "horde.fiends"), ("b", "devil")]
    st2 = build_state({"a": {"hordes": ["horde.juggernauts"]}, "b": {}})
    log2, _, b2 = battle(st2, hostile={})
    b2.add("a", "test")
    b2.resolve()
    assert events(log2, "extra-hit-lost")


def test_warriors_of_darkness_give_a_soul_that_can_take_the_next_hit():
    st = build_state({"a": {"status": "earth", "hordes": ["horde.warriors-of-darkness"]},
                      "b": {}})
    log, fight, b = battle(st)
    b.add("a", "test", 2)
    b.resolve()
    assert [e.data["unit"] for e in events(log, "hit")] == ["horde.warriors-of-darkness",
                                                            "soul"]
    assert st.players["a"].souls == 0 and not events(log, "hit-lost")


def test_critters_trio_gains_a_soul_per_horde_lost_while_critters_live():
    trio = ["horde.dark-critters", "horde.night-critters", "horde.shadow-critters"]
    st = build_state({"a": {"status": "earth", "hordes": trio + ["horde.fiends"]}, "b": {}})
    order(st, "a", "CASUALTIES Fiends, Dark Critters, Night Critters, Shadow Critters, Souls")
    log, fight, b = battle(st, trio=["a"])
    b.add("a", "test", 4)
    b.resolve()
    # Fiends (+1 Soul), Dark (+1), Night (+1), Shadow: no Critters left, no Soul
    assert [e.data["unit"] for e in events(log, "hit")] == [
        "horde.fiends", "horde.dark-critters", "horde.night-critters", "horde.shadow-critters"]
    assert st.players["a"].souls == 3


def test_critters_without_the_trio_gain_nothing():
    st = build_state({"a": {"status": "earth", "hordes": ["horde.dark-critters",
                                                         "horde.night-critters",
                                                         "horde.fiends"]}, "b": {}})
    log, fight, b = battle(st)
    b.add("a", "test", 1)
    b.resolve()
    assert st.players["a"].souls == 0


def test_lh_iv_3_3_02_hits_beyond_the_units_are_lost():
    st = build_state({"a": {"status": "earth", "souls": 1}, "b": {}})
    log, fight, b = battle(st)
    b.add("a", "test", 3)
    b.resolve()
    assert len(events(log, "hit")) == 1 and len(events(log, "hit-lost")) == 2
    assert fight["defeated"] == ["a"]


def test_critters_trio_is_checked_when_the_fight_starts():
    from combat_support import combat_state, play_round

    trio = ["horde.dark-critters", "horde.night-critters", "horde.shadow-critters"]
    st = combat_state({"a": {"home": "realm.acheron", "hordes": trio + ["horde.fiends"]},
                       "b": {"devil": "devil.belial", "hordes": ["horde.fiends"] * 3}})
    orders = {"a": "CASUALTIES Fiends, Shadow Critters",
              "b": "TARGET a\nATTACK a\nRETREAT IF AFTER ROUND 1"}
    _, log = play_round(st, orders, [1, 1, 1, 6, 6, 1])  # a: 3 dice, Belial: 3 dice
    assert st.combat["fights"][0]["trio"] == ["a"]
    assert [e.data["unit"] for e in events(log, "hit")] == ["horde.fiends",
                                                            "horde.shadow-critters"]
    assert st.players["a"].souls == 2


def test_warriors_of_darkness_destroyed_outside_a_fight_give_a_soul():
    """cards/targets.py calls hordes.on_destroyed after a ritual destroys a horde; the
    Juggernauts' extra hit is for combat only."""
    from pbem_games.lords_of_hell.cards import hordes as horde_cards

    st = build_state({"a": {}, "b": {}})
    log = Log()
    horde_cards.on_destroyed(st, "a", "horde.warriors-of-darkness", DATA, log, "LH-X")
    horde_cards.on_destroyed(st, "a", "horde.juggernauts", DATA, log, "LH-X")
    assert st.players["a"].souls == 1 and len(log.events) == 1


def test_every_horde_and_the_wand_have_a_registered_effect():
    from pbem_games.lords_of_hell.effects import EFFECTS

    for cid, card in DATA.cards.items():
        if card.kind in ("horde", "artifact"):
            assert cid in EFFECTS, cid
