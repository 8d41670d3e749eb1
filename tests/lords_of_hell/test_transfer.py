"""The transfer phase (LH-III.2-01..07): rituals started face-down (LH-I.3.3-01), Earth
trips with UNLESS conditions (PB-11), and the end of the phase."""

from __future__ import annotations

from loh_kit import DATA, assign, instances, line, sheets_for

from pbem.dice import Dice
from pbem.eventlog import Log
from pbem_games.lords_of_hell import trading, transfer

# default Devils: a Asmodeus, b Baalzebub, c Belial, d Glasya


def stage(st, **texts):
    """The transfer stage's resolution as turn.py runs it: trading, then the phase."""
    log, dice = Log(), Dice(script=[])
    sheets = sheets_for(st, **texts)
    trading.apply(st, sheets, DATA, dice, log)
    transfer.resolve(st, sheets, DATA, dice, log)
    dice.finish()
    return log


def table(make_state, **fields):
    return make_state({
        "a": {"hordes": ["horde.fiends"] * 3 + ["horde.juggernauts"],
              "hand": ["ritual.bury", "ritual.furnace-of-souls", "special.recall",
                       "special.time-of-virtue"]},
        "b": {"hordes": ["horde.diabolic-fiends", "horde.fiends"],
              "hand": ["special.world-war"]},
        "c": {"hordes": ["horde.fiends"], "souls": 1},
        "d": {"hordes": ["horde.metal-beasts"]}}, deck=["special.escape"] * 5, **fields)


def test_lh_i_3_3_01_rituals_started_face_down(make_state):
    st = table(make_state)
    st.players["a"].rituals_up = True
    log = stage(st, a="RITUAL Bury, Furnace of Souls")
    a = st.players["a"]
    assert instances(st, "a", "rituals") == ["ritual.bury", "ritual.furnace-of-souls"]
    assert instances(st, "a", "hand") == ["special.recall", "special.time-of-virtue"]
    assert a.rituals_up is False
    public = [e for e in log.events if e.kind == "rituals-started"][0]
    assert public.visible_to is None and "2 rituals face-down" in public.text
    assert "Bury" not in public.text  # face-down: what they are is secret
    assert [e.visible_to for e in log.events if e.kind == "rituals-started-own"] == [("a",)]


def test_lh_i_3_3_01_ritual_checker(make_state):
    st = table(make_state)
    r = line(st, "a", "RITUAL Recall")
    assert r.status == "illegal" and "not a ritual" in r.message
    r = line(st, "a", "RITUAL 2 Bury")
    assert r.status == "illegal" and "a has 1 and not 2 Bury" in r.message
    r = line(st, "b", "RITUAL Bury")
    assert r.status == "illegal"
    st.realms[st.players["c"].home] = None
    assign(st.players["c"], home=None, hand=st.players["a"].hand[:1])
    r = line(st, "c", "RITUAL Bury")
    assert r.status == "illegal" and "home realm" in r.message
    st.phase, st.round = "combat", 1
    r = line(st, "a", "RITUAL Bury")
    assert r.status == "illegal" and "transfer stage" in r.message


def test_lh_i_3_3_01_ritual_traded_away_in_the_stage_is_not_started(make_state):
    st = table(make_state)
    terms = "DEAL a GIVES Bury TO b"
    log = stage(st, a=terms + "\nRITUAL Bury", b=terms)
    assert st.players["a"].rituals == [] and instances(st, "b", "hand")[-1] == \
        "ritual.bury"
    assert any(e.kind == "ritual-failed" and e.visible_to == ("a",) for e in log.events)


def test_lh_iii_2_03_devil_and_fiends_go_to_earth_at_the_end(make_state):
    st = table(make_state)
    log = stage(st, a="EARTH DEVIL, 2 Fiends", b="EARTH ALL")
    a, b = st.players["a"], st.players["b"]
    assert a.status == "earth" and instances(st, "a", "earth") == ["horde.fiends"] * 2
    assert instances(st, "a", "hordes") == ["horde.fiends", "horde.juggernauts"]
    assert b.status == "earth" and b.hordes == []
    assert sorted(instances(st, "b", "earth")) == ["horde.diabolic-fiends", "horde.fiends"]
    assert b.home is None  # LH-I.2-04: no forces left in Hell
    texts = [e.text for e in log.events if e.kind == "to-earth"]
    assert texts[0] == "a sends Asmodeus, 2 Fiends to Earth to gather Souls."


def test_lh_iii_2_07_only_the_devil_fiends_and_diabolic_fiends(make_state):
    st = table(make_state)
    r = line(st, "a", "EARTH Juggernauts")
    assert r.status == "illegal" and r.rule == "LH-III.2-07"
    r = line(st, "a", "EARTH 4 Fiends")
    assert r.status == "illegal" and "you have 3 Fiends in Hell, not 4" in r.message
    assign(st.players["c"], status="prisoner", captor="d")
    r = line(st, "c", "EARTH DEVIL")
    assert r.status == "illegal" and r.rule == "LH-III.2-07"
    r = line(st, "c", "EARTH ALL Fiends")
    assert r.status == "accepted" and r.canonical == "EARTH ALL Fiends"
    r = line(st, "a", "EARTH Asmodeus and all diabolic fiends UNLESS time of virtue")
    assert r.canonical == "EARTH DEVIL, ALL Diabolic Fiends UNLESS Time of Virtue"
    r = line(st, "a", "EARTH DEVIL UNLESS Silence")
    assert r.status == "unknown" and r.rule == "LH-III.2-05"


def test_lh_iii_2_04_trips_take_effect_at_the_phase_end(make_state):
    """Fiends marked for Earth are still in Hell during the stage's trading: a deal in
    the same stage can give them away; the Earth order sends what is left."""
    st = table(make_state)
    terms = "DEAL a GIVES 2 Fiends TO d"
    log = stage(st, a=terms + "\nEARTH 3 Fiends", d=terms)
    assert instances(st, "a", "earth") == ["horde.fiends"]
    assert instances(st, "d", "hordes") == ["horde.metal-beasts"] + ["horde.fiends"] * 2
    assert any(e.kind == "earth-short" for e in log.events)


def test_lh_iii_2_05_example_earth_unless_time_of_virtue(make_state):
    """004 §III.2: Asmodeus and his 3 Fiends leave for Earth; Time of Virtue is played and
    they come back; World War replaces it and they go again. As one email round: the
    condition is checked after the stage's special cards (PB-11)."""
    order = "EARTH DEVIL, ALL Fiends UNLESS Time of Virtue"
    st = table(make_state)  # Time of Virtue played: they stay
    log = stage(st, a=order + "\nPLAY Time of Virtue")
    assert st.earth_condition == "special.time-of-virtue"
    assert st.players["a"].status == "hell" and st.players["a"].earth == []
    assert any(e.kind == "earth-unless" for e in log.events)
    st = table(make_state)  # ... then World War replaces it: they go
    stage(st, a=order + "\nPLAY Time of Virtue", b="PLAY World War")
    assert st.earth_condition == "special.world-war"
    assert st.players["a"].status == "earth"
    assert instances(st, "a", "earth") == ["horde.fiends"] * 3


def test_lh_iii_4_1_04_heaven_promise_keeps_the_devil_from_earth(make_state):
    st = table(make_state, turn=2)
    st.players["a"].status = "heaven"
    log = stage(st, a="HEAVEN DEAL")
    assert st.players["a"].status == "hell"
    r = line(st, "a", "EARTH DEVIL, 1 Fiends")
    assert r.status == "illegal" and r.rule == "LH-III.4.1-04"
    st.turn = 3
    assert line(st, "a", "EARTH DEVIL").status == "illegal"  # to the end of next turn
    st.turn = 4
    assert line(st, "a", "EARTH DEVIL").status == "accepted"
    assert any(e.kind == "heaven-deal" for e in log.events)


def test_lh_iii_2_01_no_orders_no_change(make_state):
    st = table(make_state)
    before = {n: p.to_dict() for n, p in st.players.items()}
    log = stage(st)
    assert {n: p.to_dict() for n, p in st.players.items()} == before
    assert [e.kind for e in log.events] == []
