"""Decisions in combat: Daemons' combat abilities (IP-45), with scripted dice."""

from __future__ import annotations

from phase_runner import run_phase

from pbem.dice import Dice
from pbem_games.hellgame import combat
from pbem_games.hellgame.combat import ability_use
from pbem_games.hellgame.combat.fight import Fight
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import check_sheet

DATA = load_data()
SH = "sectio.sugar-hill"
BAAL, MOLOCH, ANDRAS = "daemon.baal", "daemon.moloch", "daemon.andras"


def state(make_state, daemon, a=2, b=1, **kw):
    return make_state(players={"a": {"daemons": [daemon]}, "b": {}, "c": {}},
                      units=[("legion", "a", SH)] * a + [("legion", "b", SH)] * b, **kw)


def uses(log) -> list[str]:
    return [e.text for e in log.events if e.kind == "combat-ability"]


def rolls(log) -> list[tuple]:
    return [(e.data["unit"], e.data["faces"], e.data["bonus"], e.data["hits"])
            for e in log.events if e.kind == "combat-roll"]


def test_ip_45_baal_adds_2_to_his_rolls_in_round_1_by_default(make_state):
    """ability.baal: +2 to all his combat rolls for one round."""
    st = state(make_state, BAAL)
    # a rolls 4 (+2: a hit on 6) and 3; b rolls 1; b's save (no Daemon: 1) is 4
    log = run_phase(combat.run, st, DATA, script=[4, 3, 1, 4])
    assert uses(log) == ["Baal (a) adds +2 to all his combat rolls in SUGAR HILL this round"]
    assert rolls(log) == [("u1", [4], 2, 1), ("u2", [3], 2, 0), ("u3", [1], 0, 0)]
    assert st.combat_wins[SH] == {"winners": ["a"], "rounds": 1}


def test_ip_45_baal_never_is_not_used(make_state):
    st = state(make_state, BAAL)
    log = run_phase(combat.run, st, DATA, {"a": "COMBAT ABILITY Baal NEVER"},
                    script=[6, 1, 1, 4])
    assert uses(log) == []
    assert rolls(log) == [("u1", [6], 0, 1), ("u2", [1], 0, 0), ("u3", [1], 0, 0)]


def test_ip_45_andras_destroys_an_enemy_legion_before_round_1(make_state):
    """ability.andras: before round 1, a Roll against Skulls destroys an enemy Legion."""
    st = state(make_state, ANDRAS, a=1, b=2)
    # Andras rolls 2 against 2 Skulls: b's u2 is destroyed; then b (side 0) rolls 1,
    # a rolls 6, b's save is 4
    log = run_phase(combat.run, st, DATA, script=[2, 1, 6, 4])
    assert uses(log) == ["Andras (a) sows strife in SUGAR HILL: he rolls 2 against his "
                         "Skulls, and b's Legion u2 is destroyed by internal strife"]
    assert [u.id for u in st.units] == ["u1"]
    assert st.combat_wins[SH] == {"winners": ["a"], "rounds": 1}


def test_ip_45_andras_fails_his_skulls_roll(make_state):
    st = state(make_state, ANDRAS, a=1, b=2)
    # Andras rolls 3: nothing; b rolls 1, 1; a rolls 6; b's u2 saves with 4: destroyed;
    # round 2: b rolls 6, a rolls 1; a's save with Andras (2 Skulls) is 5: destroyed
    log = run_phase(combat.run, st, DATA, script=[3, 1, 1, 6, 4, 6, 1, 5])
    assert uses(log) == ["Andras (a) sows strife in SUGAR HILL: he rolls 3 against his "
                         "Skulls and fails"]
    assert [u.id for u in st.units] == ["u3"]


def test_ip_45_andras_when_losing_is_not_used_when_not_outnumbered(make_state):
    st = state(make_state, ANDRAS)
    log = run_phase(combat.run, st, DATA, {"a": "COMBAT ABILITY Andras WHEN LOSING"},
                    script=[6, 1, 1, 4])
    assert uses(log) == []


def test_ip_45_moloch_summons_a_hound_that_joins_his_side(make_state):
    """ability.moloch: a Hellhound summoned in combat joins his side."""
    st = state(make_state, MOLOCH)
    st.hellhound_box = ["hellhound.1", "hellhound.7"]
    # Stars 4 (4 Stars: success), Hearts 2 (2 Hearts: success); the hound (u4, 3
    # attacks) rolls 6, 1, 1, Legion u2 rolls 1 (u1 minds the hound); b rolls 1; save 4
    log = run_phase(combat.run, st, DATA, script=[4, 2, 6, 1, 1, 1, 1, 4])
    hound = st.unit("u4")
    assert (hound.owner, hound.minder, hound.ref) == ("a", "u1", "hellhound.1")
    assert st.hellhound_box == ["hellhound.7"]
    assert rolls(log)[:2] == [("u4", [6, 1, 1], 0, 1), ("u2", [1], 0, 0)]
    assert uses(log)[0].endswith("he rolls 2 against his Hearts and it joins his side, "
                                 "minded by Legion u1")


def test_ip_45_moloch_failed_hearts_roll_the_hound_rampages(make_state):
    st = state(make_state, MOLOCH)
    st.hellhound_box = ["hellhound.1"]
    f = Fight(st, DATA, Dice(script=[4, 3, 5]), Log(), {"a": None, "b": None, "c": None},
              SH, set())
    f.sides, f.daemons, f.fixed = [["a"], ["b"]], {"a": [MOLOCH]}, {"a": 0, "b": 1}
    ability_use.use(f, 1)  # Stars 4: summoned; Hearts 3 > 2: rampages; it rolls 5: side 1
    f.dice.finish()
    assert (st.unit("u4").owner, st.unit("u4").minder) == (None, None)
    assert f.sides == [["a"], ["b", "hound:u4"]]
    ability_use.use(f, 2)
    assert st.hellhound_box == []  # once per combat: no second summoning


def test_ip_45_combat_ability_orders(make_state):
    st = make_state(players={"a": {"daemons": [ANDRAS, BAAL, "daemon.ukobach"]}, "b": {},
                             "c": {}})
    sheet = check_sheet(st, DATA, "a", "combat ability baal round 2\n"
                                       "COMBAT ABILITY Andras ROUND 2\n"
                                       "COMBAT ABILITY Ukobach NEVER")
    assert sheet.canonical() == ["COMBAT ABILITY Baal ROUND 2"]
    assert [(p.message, p.rule) for p in sheet.problems] == [
        ("Andras cannot use his ability in round 2", "IP-45"),
        ("Ukobach has no ability used in combat", "IP-45")]


# -- 16.6, IP-44: former allies after a joint win -------------------------------------------

JOINT = [6, 6, 1, 1, 1, 1, 4, 4]  # a and c (side 0) hit b twice; b misses; b fails both saves


def three(make_state):
    return make_state(players={"a": {}, "b": {}, "c": {}},
                      units=[("legion", "a", SH)] * 3 + [("legion", "b", SH)] * 2
                      + [("legion", "c", SH)])


def test_hg_16_6_01_ip_44_default_former_allies_share_the_win(make_state):
    st = three(make_state)
    run_phase(combat.run, st, DATA, script=JOINT)
    assert st.combat_wins[SH] == {"winners": ["a", "c"], "rounds": 1}


def test_ip_44_after_joint_win_fight_on_if_my_legions_are_no_fewer(make_state):
    st = three(make_state)
    # c's line fails its condition (1 Legion against 3); a's holds: round 2, a against c:
    # a rolls 6, 1, 1; c rolls 1; c's save is 4
    log = run_phase(combat.run, st, DATA, {
        "a": "AFTER JOINT WIN FIGHT c IF MY LEGIONS >= THEIRS",
        "c": "AFTER JOINT WIN FIGHT a IF MY LEGIONS >= THEIRS"},
        script=JOINT + [6, 1, 1, 1, 4])
    assert [e.text for e in log.events if e.kind == "combat-fight-on"] == [
        "a and c won SUGAR HILL together, but a fights on against c (by standing order)"]
    assert st.combat_wins[SH] == {"winners": ["a"], "rounds": 2}
    assert sorted(u.owner for u in st.units) == ["a", "a", "a"]


def test_ip_44_after_joint_win_order_text(make_state):
    st = make_state(players={"a": {}, "b": {}, "c": {}})
    sheet = check_sheet(st, DATA, "a", "after joint win fight c, b if my legions >= theirs\n"
                                       "AFTER JOINT WIN FIGHT a")
    assert sheet.canonical() == ["AFTER JOINT WIN FIGHT c, b IF MY LEGIONS >= THEIRS"]
    assert [(p.message, p.rule) for p in sheet.problems] == [
        ("'a' is you", "IP-44")]


def test_hg_16_7_03_last_dog_barking_optional_rule(make_state):
    """Optional HG-16.7-03: two rampaging hounds alone in a Sectio roll their attacks;
    the highest total survives, the other goes back to the box. Off by default."""
    data = load_data()
    big, small = sorted(data.hellhounds, key=lambda h: -data.hellhounds[h].attacks)[:2]
    a_big, a_small = data.hellhounds[big].attacks, data.hellhounds[small].attacks
    units = [{"kind": "hellhound", "owner": None, "location": "sectio.liars", "ref": big},
             {"kind": "hellhound", "owner": None, "location": "sectio.liars", "ref": small}]
    st = make_state(players={"a": {}, "b": {}, "c": {}}, units=units,
                    variants={"last_dog_barking": True})
    box = len(st.hellhound_box)
    # first roll: a tie on 1s; second: the smaller hound wins with 6s against 1s
    script = [1] * (a_big + a_small) + [1] * a_big + [6] * a_small
    run_phase(combat.run, st, data, script=script)
    assert [u.ref for u in st.units] == [small]
    assert len(st.hellhound_box) == box + 1
