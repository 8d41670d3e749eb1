"""Prisoners and support points as 004 words them (issue 22), each as the rule case a
referee checks, with scripted dice:

- §I.2: a prisoner freed because his captor's forces all left Hell is free at once, and
  being in Hell without a home he takes a realm at once (LH-I.2-07, LH-I.2-05);
- §IV.2.5: a combat of more than one fight round that completely defeats an army gives
  its support point even when the beaten Devil is released, not captured (LH-IV.2.5-01);
- §III.4: the fresh-prisoner SP goes to whoever holds, at the gathering's start, a
  prisoner who was free when the combat phase began and was captured in it; the mark
  travels with the prisoner, and an older prisoner earns nothing (LH-III.4-03).
  Also tests/scenarios/lh-iii-4-03-fresh-prisoner-handed-on.yaml.
"""

from __future__ import annotations

from combat_support import combat_state, events, play_round, texts
from loh_kit import DATA, build_state, sheets_for, trade

from pbem.dice import Dice
from pbem.eventlog import Log
from pbem_games.lords_of_hell import combat, gathering, turn
from pbem_games.lords_of_hell.datamodel import HPOH
from pbem_games.lords_of_hell.state import LohState

STYX, ACHERON, COCYTUS = "realm.styx", "realm.acheron", "realm.cocytus"


def stage(st: LohState, texts_: dict[str, str], script: list[int]):
    """One whole stage as `pbem run` resolves it; every scripted die must be used."""
    dice = Dice(script=script)
    res = turn.resolve(st, sheets_for(st, **texts_), dice, DATA)
    dice.finish()
    return res


# --- §I.2: freed when the captor's forces all leave Hell, homed at once --------------------


def test_lh_i_2_05_prisoner_freed_in_transfer_takes_a_realm_at_once():
    """Asmodeus (a) holds Glasya (g), who has no forces of her own. In the transfer phase
    a sends his Devil and both Fiends to Earth: at the phase's end he has no forces in
    Hell and loses Dis (LH-I.2-04), Glasya is free at once (LH-I.2-07) and, in Hell with
    no home, at once takes the first free realm, the High Palace of Hell (LH-I.2-05,
    PB-03). So she has a home for the whole combat phase: in combat round 1 Baalzebub's
    attack meets her there, where she defends (LH-IV.1.2-01)."""
    st = build_state({"a": {"devil": "devil.asmodeus", "hordes": ["horde.fiends"] * 2},
                      "b": {"devil": "devil.baalzebub", "hordes": ["horde.fiends"]},
                      "g": {"devil": "devil.glasya", "status": "prisoner", "captor": "a",
                            "home": None}})
    res = stage(st, {"a": "EARTH DEVIL, ALL Fiends"}, [])
    st = res.state
    g = st.players["g"]
    assert (g.status, g.captor, g.home) == ("hell", None, HPOH)
    assert st.realms == {HPOH: "g", "realm.dis": None, "realm.seat-of-judgement": "b"}
    assert [(e.kind, e.rule, e.text) for e in res.events
            if e.kind in ("home-lost", "freed", "home-taken")] == [
        ("home-lost", "LH-I.2-04", "a has no forces left in Hell and loses Dis, which is "
                                   "uncontrolled now."),
        ("freed", "LH-I.2-07", "g is free: a has no home realm to hold them."),
        ("home-taken", "LH-I.2-05", "g takes High Palace of Hell as home realm.")]
    assert (st.phase, st.round) == ("combat", 1)
    # combat round 1: Baalzebub 6 (Glasya knocked out), Glasya 5 (his Fiends destroyed)
    res = stage(st, {"b": "TARGET Glasya\nATTACK Glasya"}, [6, 5])
    meeting = [e for e in res.events if e.kind == "meeting"]
    assert [(e.data["where"], e.data["defender"]) for e in meeting] == [(HPOH, "g")]
    assert texts_of(res, "meeting") == ["Baalzebub (b), Glasya (g) meet at High Palace of "
                                        "Hell, where Glasya (g) defends."]


def test_lh_i_2_05_two_freed_prisoners_take_realms_starter_first():
    """a holds c and d, neither with forces; a's last Fiends go to Earth (his Devil is
    there already). Both are freed together and take realms in Starter order: the
    Starter is d, so d takes the High Palace first and c then Dis, which a just lost."""
    st = build_state({"a": {"status": "earth", "hordes": ["horde.fiends"]},
                      "b": {"hordes": ["horde.fiends"]},
                      "c": {"status": "prisoner", "captor": "a", "home": None},
                      "d": {"status": "prisoner", "captor": "a", "home": None}},
                     starter="d")
    res = stage(st, {"a": "EARTH ALL Fiends"}, [])
    assert res.state.players["d"].home == HPOH
    assert res.state.players["c"].home == "realm.dis"
    assert texts_of(res, "home-taken") == ["d takes High Palace of Hell as home realm.",
                                           "c takes Dis as home realm."]


def texts_of(res, kind: str) -> list[str]:
    return [e.text for e in res.events if e.kind == kind]


# --- §IV.2.5: the SP of a complete defeat, the beaten Devil released ------------------------


def test_lh_iv_2_5_01_sp_when_the_beaten_devil_is_released():
    """Asmodeus (a) attacks Baalzebub (b: his Devil and 1 Soul) at Styx. Fight round 1:
    a rolls 6, the Soul dies; b rolls 1. Fight round 2: a rolls 6, Baalzebub is knocked
    out, and his army is completely defeated after two fight rounds; b rolls 1. a lets
    him go (CAPTURE AGREE ... TO NOBODY, PB-27), so he returns to play in Hell
    (LH-IV.2.3-04), yet his army was beaten: a gains the combat's SP (LH-IV.2.5-01)."""
    st = combat_state({"a": {"home": ACHERON},
                       "b": {"devil": "devil.baalzebub", "home": STYX, "souls": 1}})
    _, log = play_round(st, {"a": "TARGET b\nATTACK b\nCAPTURE AGREE Baalzebub TO NOBODY"},
                        [6, 1, 6, 1])
    b = st.players["b"]
    assert (b.status, b.captor, b.home) == ("hell", None, STYX)
    assert st.combat["fights"][0]["defeated"] == ["b"]
    assert (st.players["a"].sp, st.players["a"].sp_from, b.sp) == (1, ["b"], 0)
    assert [(e.rule, e.text) for e in events(log, "combat-sp")] == [
        ("LH-IV.2.5-01", "Asmodeus (a) wins the combat at Styx and gains 1 support point.")]


def test_lh_iv_2_5_01_released_devil_neither_wins_nor_vetoes_the_sp():
    """Glasya (a) and Mammon (c), each Devil + 1 Fiends, attack Baalzebub (b: Devil +
    1 Soul) at Styx; both write SP TO Mammon. Round 1: Glasya 6 (the Soul), Baalzebub 1,
    Mammon 1; round 2: Glasya 6 (Baalzebub knocked out), Baalzebub 1, Mammon 1. a and c
    are tied, so no army is dominant and nobody captures Baalzebub: he is released
    (LH-IV.1.1-06, LH-IV.2.3-04). His army was still completely defeated over two fight
    rounds, so the point is given, to Mammon as the remaining armies agreed (PB-31);
    the released Devil has no say in it."""
    st = combat_state({"a": {"devil": "devil.glasya", "home": ACHERON,
                             "hordes": ["horde.fiends"]},
                       "b": {"devil": "devil.baalzebub", "home": STYX, "souls": 1},
                       "c": {"devil": "devil.mammon", "home": COCYTUS,
                             "hordes": ["horde.fiends"]}})
    orders = {"a": "TARGET b\nATTACK b\nSP TO Mammon", "c": "TARGET b\nATTACK b\nSP TO Mammon"}
    _, log = play_round(st, orders, [6, 1, 1, 6, 1, 1])
    assert st.players["b"].status == "hell"
    assert [e.rule for e in events(log, "freed")] == ["LH-IV.2.3-04"]
    assert {n: p.sp for n, p in st.players.items()} == {"a": 0, "b": 0, "c": 1}
    assert texts(log, "combat-sp") == ["Mammon (c) wins the combat at Styx and gains 1 "
                                       "support point."]


# --- §III.4: the fresh-prisoner SP follows the prisoner ------------------------------------


def glasya_holding_belial() -> LohState:
    """Glasya (a, Devil + 2 Fiends) holds Belial (d) since before the combat phase, and
    attacks Baalzebub (b, his Devil alone) at Styx with Mammon (c, Devil + 1 Fiends)."""
    return combat_state({"a": {"devil": "devil.glasya", "home": ACHERON,
                               "hordes": ["horde.fiends"] * 2},
                         "b": {"devil": "devil.baalzebub", "home": STYX},
                         "c": {"devil": "devil.mammon", "home": COCYTUS,
                               "hordes": ["horde.fiends"]},
                         "d": {"devil": "devil.belial", "status": "prisoner", "captor": "a",
                               "home": None}})


def gathering_start(st: LohState, script: tuple[int, ...] = ()) -> Log:
    """The combat phase ends and the gathering's start runs (fresh-prisoner SP, then
    soul gathering with these dice)."""
    combat.end_phase(st, DATA, Dice(script=[]), Log())
    log, dice = Log(), Dice(script=list(script))
    gathering.start(st, DATA, dice, log)
    dice.finish()
    return log


def test_lh_iii_4_03_fresh_prisoner_handed_on_earns_the_new_holder():
    """Glasya rolls 6, 1 (Baalzebub knocked out), Baalzebub 1, Mammon 1. Glasya's army is
    dominant and captures Baalzebub, who was free when the phase began; in the combat
    transfers she hands him to Mammon. At the gathering's start Mammon holds the fresh
    prisoner and gains 1 SP; Glasya holds only Belial, a prisoner from before the combat
    phase, and gains nothing (LH-III.4-03)."""
    st = glasya_holding_belial()
    deal = "COMBAT DEAL Glasya GIVES Prisoner Baalzebub TO Mammon"
    play_round(st, {"a": f"TARGET b\nATTACK b\n{deal}", "c": f"TARGET b\nATTACK b\n{deal}"},
               [6, 1, 1, 1])
    assert st.players["b"].captor == "c" and st.players["d"].captor == "a"
    assert (st.players["a"].fresh, st.players["c"].fresh) == (False, ["b"])
    log = gathering_start(st)
    assert {n: p.sp for n, p in st.players.items()} == {"a": 0, "b": 0, "c": 1, "d": 0}
    assert [(e.rule, e.text) for e in events(log, "sp")] == [
        ("LH-III.4-03", "Mammon gains 1 SP for a fresh prisoner (now 1 SP).")]
    assert all(p.fresh is False for p in st.players.values())


def test_lh_iii_4_03_fresh_prisoner_freed_older_one_earns_nothing():
    """As above, but Glasya keeps Baalzebub; in the next combat round's trading she frees
    him. At the gathering's start she holds only Belial, captured before the combat
    phase: no SP (LH-III.4-03)."""
    st = glasya_holding_belial()
    play_round(st, {"a": "TARGET b\nATTACK b", "c": "TARGET b\nATTACK b"}, [6, 1, 1, 1])
    assert st.players["b"].captor == "a" and st.players["a"].fresh == ["b"]
    st.round = 2
    trade(st, a="FREE Baalzebub")
    assert st.players["b"].status == "hell" and st.players["a"].fresh is False
    log = gathering_start(st)
    assert st.players["a"].sp == 0 and not events(log, "sp")


def test_lh_iii_4_03_older_prisoner_taken_again_is_not_fresh():
    """Baalzebub (b, on Earth, 1 Soul at Styx) holds Belial (d) since before the combat
    phase. Asmodeus (a) attacks Styx: a rolls 6 and kills the Soul, b's army rolls 1;
    Styx is emptied and a captures Belial (LH-I.1.1-11), but Belial was not free when
    the phase began, so he earns a no SP at the gathering (LH-III.4-03). (Baalzebub, on
    Earth, rolls 2 for Souls: none.)"""
    st = combat_state({"a": {"home": ACHERON},
                       "b": {"devil": "devil.baalzebub", "status": "earth", "souls": 1,
                             "home": STYX},
                       "d": {"devil": "devil.belial", "status": "prisoner", "captor": "b",
                             "home": None}})
    play_round(st, {"a": "TARGET b\nATTACK b"}, [6, 1])
    assert st.players["d"].captor == "a" and st.players["a"].fresh is False
    log = gathering_start(st, (2,))
    assert st.players["a"].sp == 0 and not events(log, "sp")
