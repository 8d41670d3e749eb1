"""The combat orders' grammar: intentions (PB-17/18), the fight's standing orders
(PB-20..25), capture, occupation and SP agreements (PB-27, PB-30, PB-31)."""

from __future__ import annotations

from combat_support import accepted, problem
from loh_kit import DATA, build_state

from pbem.engine import ILLEGAL, INVALID, UNKNOWN
from pbem_games.lords_of_hell.orders import check_sheet, standing
from pbem_games.lords_of_hell.state import LohState


def st_combat(**players) -> LohState:
    base = {"a": {"devil": "devil.asmodeus"}, "b": {"devil": "devil.baalzebub"},
            "c": {"devil": "devil.belial"}, "d": {"devil": "devil.glasya"}}
    for k, v in players.items():
        base[k] = {**base[k], **v}
    return build_state(base, phase="combat", round=1)


def test_lh_iv_2_1_02_target_by_devil_or_player_name():
    st = st_combat()
    assert accepted(st, "a", "TARGET glasya") == {"type": "TARGET", "target": "d",
                                                   "canonical": "TARGET Glasya"}
    assert accepted(st, "a", "target c")["target"] == "c"
    p = problem(st, "a", "TARGET Glasia")
    assert p.status == UNKNOWN and "Glasya" in p.hint
    assert accepted(st, "a", "TARGET baal")["target"] == "b"  # a unique prefix
    assert problem(st, "a", "TARGET").status == INVALID


def test_target_own_devil_is_refused_with_no_move_hint():
    p = problem(st_combat(), "a", "TARGET Asmodeus")
    assert p.status == ILLEGAL and "NO MOVE" in p.hint


def test_lh_iv_2_1_03_target_without_army_refused():
    st = st_combat(d={"status": "earth"})
    p = problem(st, "a", "TARGET Glasya")
    assert p.status == ILLEGAL and p.rule == "LH-IV.2.1-03"


def test_lh_iv_2_1_04_leaderless_army_targets_only_its_captor():
    st = st_combat(b={"status": "prisoner", "captor": "c", "hordes": ["horde.fiends"]})
    assert accepted(st, "b", "TARGET Belial")["target"] == "c"
    p = problem(st, "b", "TARGET Glasya")
    assert p.status == ILLEGAL and p.rule == "LH-IV.2.1-04"
    assert problem(st, "b", "OTHER MOVE").rule == "LH-IV.2.1-04"
    assert accepted(st, "b", "NO MOVE")["type"] == "NO MOVE"


def test_fallen_angels_lead_an_army_whose_devil_is_away():
    st = st_combat(b={"status": "earth", "hordes": ["horde.fallen-angels"]})
    assert accepted(st, "b", "TARGET Glasya")["target"] == "d"


def test_asmodeus_cannot_be_targeted_by_a_leaderless_army():
    st = st_combat(b={"status": "prisoner", "captor": "a", "hordes": ["horde.fiends"]})
    p = problem(st, "b", "TARGET Asmodeus")
    assert p.status == ILLEGAL and "Asmodeus" in p.message


def test_intentions_only_in_combat_stages():
    st = build_state(["a", "b"], phase="transfer")
    p = problem(st, "a", "TARGET b")
    assert p.status == ILLEGAL and "combat" in p.message


def test_no_move_and_other_move():
    st = st_combat()
    assert accepted(st, "a", "NO MOVE")["canonical"] == "NO MOVE"
    assert problem(st, "a", "NO MOVE now").status == INVALID
    o = accepted(st, "a", "OTHER MOVE TO phleg, high palace")
    assert o["realms"] == ["realm.phlegethon", "realm.high-palace-of-hell"]
    assert o["canonical"] == "OTHER MOVE TO Phlegethon, High Palace of Hell"
    assert accepted(st, "a", "OTHER MOVE")["realms"] == []
    assert problem(st, "a", "OTHER MOVE TO Narnia").status == UNKNOWN
    assert problem(st, "a", "OTHER MOVE TO Styx").status == UNKNOWN  # not in this game
    assert problem(st, "a", "OTHER MOVE Styx").status == INVALID


def test_pb_20_attack_forms():
    st = st_combat()
    assert accepted(st, "a", "ATTACK belial, glasya")["targets"] == ["c", "d"]
    assert accepted(st, "a", "attack all")["mode"] == "all"
    assert accepted(st, "a", "ATTACK only if attacked")["mode"] == "if-attacked"
    assert accepted(st, "a", "ATTACK OFF")["off"] is True
    assert problem(st, "a", "ATTACK Asmodeus").status == ILLEGAL
    assert problem(st, "a", "ATTACK").status == INVALID
    assert problem(st, "a", "ATTACK Belial,").status == INVALID


def test_standing_orders_are_kept_and_dropped_with_off():
    st = st_combat()
    standing.keep(st, {"a": check_sheet(st, DATA, "a", "ATTACK ALL\nREROLL IF HITS BELOW 2")})
    assert standing.standing(st, "a", "ATTACK")["mode"] == "all"
    standing.keep(st, {"a": check_sheet(st, DATA, "a", "ATTACK OFF")})
    assert standing.standing(st, "a", "ATTACK") is None
    assert standing.standing(st, "a", "REROLL")["below"] == 2


def test_standing_fight_orders_may_be_given_in_the_transfer_stage():
    st = build_state(["a", "b"], phase="transfer")
    assert accepted(st, "a", "RETREAT IF DEVIL KO")["conds"] == [{"kind": "devil-ko"}]


def test_pb_21_retreat_conditions():
    st = st_combat()
    o = accepted(st, "a", "RETREAT IF power below 3 OR outpowered OR after round 2 "
                          "or LOST 4 or attacked TO ELSEWHERE")
    assert o["conds"] == [{"kind": "power-below", "n": 3}, {"kind": "outpowered"},
                          {"kind": "after-round", "n": 2}, {"kind": "lost", "n": 4},
                          {"kind": "attacked"}]
    assert o["to"] == "elsewhere"
    assert accepted(st, "a", "RETREAT IF DEVIL KO")["canonical"] == \
        "RETREAT IF DEVIL KO TO HOME"
    p = problem(st, "a", "RETREAT IF SCARED")
    assert p.status == INVALID and "SCARED" in p.message and "OUTPOWERED" in p.hint
    assert problem(st, "a", "RETREAT NOW").status == INVALID
    assert problem(st, "a", "RETREAT IF POWER BELOW x").status == INVALID


def test_pb_22_pursue():
    st = st_combat()
    assert accepted(st, "a", "PURSUE ANY")["any"] is True
    assert accepted(st, "a", "PURSUE Glasya, Belial")["targets"] == ["d", "c"]
    assert problem(st, "a", "PURSUE").status == INVALID


def test_pb_23_reroll():
    st = st_combat()
    assert accepted(st, "a", "REROLL IF HITS BELOW 3")["below"] == 3
    assert accepted(st, "a", "REROLL IF HITS BELOW EXPECTED")["expected"] is True
    assert problem(st, "a", "REROLL IF HITS BELOW 9").status == INVALID
    assert problem(st, "a", "REROLL ALWAYS").status == INVALID


def test_pb_25_casualties_order_and_the_enforced_places():
    st = st_combat()
    o = accepted(st, "a", "CASUALTIES souls, fiends, devil, metal beasts")
    assert o["kinds"] == ["soul", "horde.fiends", "devil", "horde.metal-beasts"]
    assert o["canonical"] == "CASUALTIES Souls, Fiends, Devil, Metal Beasts"
    assert accepted(st, "a", "CASUALTIES Juggernauts, Souls, Leviathan")["kinds"][0] == \
        "horde.juggernauts"
    p = problem(st, "a", "CASUALTIES Souls, Juggernauts")
    assert p.status == ILLEGAL and p.rule == "LH-IV.3.3-03"
    p = problem(st, "a", "CASUALTIES Leviathan, Souls")
    assert p.status == ILLEGAL and p.rule == "LH-IV.1.5-04"
    assert problem(st, "a", "CASUALTIES Dragons").status == UNKNOWN


def test_pb_25_juggernaut_target():
    st = st_combat()
    assert accepted(st, "a", "JUGGERNAUT TARGET Glasya, Belial")["targets"] == ["d", "c"]
    assert accepted(st, "a", "JUGGERNAUT TARGET OFF")["off"] is True


def test_pb_27_capture_agree():
    st = st_combat()
    assert accepted(st, "a", "CAPTURE AGREE Baalzebub TO Belial") | {} == {
        "type": "CAPTURE AGREE", "prisoner": "b", "to": "c",
        "canonical": "CAPTURE AGREE Baalzebub TO Belial"}
    assert accepted(st, "a", "CAPTURE AGREE Baalzebub TO nobody")["to"] is None
    assert problem(st, "a", "CAPTURE AGREE Baalzebub").status == INVALID
    assert problem(st, "a", "CAPTURE AGREE Baalzebub TO Baalzebub").status == ILLEGAL


def test_pb_30_31_occupy_swap_sp():
    st = st_combat()
    assert accepted(st, "a", "OCCUPY dis")["realm"] == "realm.dis"
    assert accepted(st, "a", "SWAP REALM Belial")["with"] == "c"
    assert problem(st, "a", "SWAP REALM Belial, Glasya").status == INVALID
    assert accepted(st, "a", "SP TO Glasya")["to"] == "d"
    assert problem(st, "a", "OCCUPY").status == INVALID


def test_combat_parsers_never_raise_nor_change_the_state():
    import copy
    import random

    st = st_combat()
    before = copy.deepcopy(st)
    words = ["TARGET", "NO MOVE", "OTHER MOVE", "TO", "ATTACK", "ALL", "ONLY", "IF",
             "ATTACKED", "RETREAT", "OR", "POWER BELOW", "OUTPOWERED", "AFTER ROUND",
             "DEVIL KO", "LOST", "HOME", "PURSUE", "ANY", "REROLL", "HITS", "EXPECTED",
             "CASUALTIES", "Souls", "Juggernauts", "Leviathan", "JUGGERNAUT TARGET",
             "CAPTURE AGREE", "NOBODY", "OCCUPY", "SWAP REALM", "SP TO", "Glasya", "b", "Dis",
             "Asmodeus",
             ",", "3", "-1", "99999999999", "ß", "OFF", ""]
    rng = random.Random(7)
    statuses = set()
    for _ in range(3000):
        line = " ".join(rng.choice(words) for _ in range(rng.randint(1, 7)))
        sheet = check_sheet(st, DATA, "a", line)
        statuses |= {r.status for r in sheet.lines}
    assert st == before
    assert {"accepted", "invalid", "unknown", "illegal"} <= statuses
