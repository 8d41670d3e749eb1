"""Combat clauses no test cited before issue 22: HG-11.2.1-02 (Daemons' abilities act
before any magic) and HG-3.4-03 (a Combat Roll hits on a 6 after modifiers), each with
scripted dice and exact outcomes.

Every fight here is in SUGAR HILL with a's side bigger than b's, so a is side 0 and no
die is rolled for sides or for joining (combat/sides.py, HG-11.1-01). Side 0 rolls its
attacks first, then side 1; then side 1 saves, then side 0 (rounds.py). Without a Daemon
a side saves on a 1 only (HG-11.2.3-04/05).
"""

from __future__ import annotations

from phase_runner import run_phase
from test_combat_clauses import rolls, saves

from pbem_games.hellgame import combat
from pbem_games.hellgame.data import load_data

DATA = load_data()
SH = "sectio.sugar-hill"
BAAL, ORIAS = "daemon.baal", "daemon.orias"  # Orias: 3 Stars, Baal 2


def steps(log) -> list[str]:
    """The kinds of the events that show the order of a round's steps."""
    return [e.kind for e in log.events if e.kind in (
        "combat-round", "combat-ability", "combat-cast", "combat-card-bonus",
        "combat-card-sacred-music", "combat-roll", "combat-save", "combat-won")]


# -- HG-11.2.1-02: Daemons' special abilities take effect before any magic -----------------------

def test_hg_11_2_1_02_baal_acts_before_the_magic_of_the_round(make_state):
    """000 §11.2.1: "Daemon's special skills always take effect before any magic is
    cast." Baal's +2 (IP-45 default: start of round 1) comes before Frenzy is cast in the
    same round, and the two add up: a roll of 2 hits (2 + 2 + 2 = 6)."""
    st = make_state(players={"a": {"daemons": [BAAL], "hand": ["arcana.frenzy"]},
                             "b": {}, "c": {}},
                    units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN Baal IN Sugar Hill BRINGING Frenzy\n"
             "COMBAT CAST Frenzy IN Sugar Hill ROUND 1"},
        script=[2, 1,  # a: u1 2+4 = 6 hits; u2 1+4 = 5 misses
                1,     # b: u3 misses
                4])    # b's u3 saves on a 1 only: destroyed
    assert steps(log) == ["combat-round", "combat-ability", "combat-cast",
                          "combat-card-bonus", "combat-roll", "combat-roll", "combat-roll",
                          "combat-save", "combat-won"]
    assert rolls(log) == [("u1", [2], 4, 1), ("u2", [1], 4, 0), ("u3", [1], 0, 0)]
    assert saves(log) == [("u3", [4], False)]
    assert [u.id for u in st.units] == ["u1", "u2"]
    assert st.combat_wins[SH] == {"winners": ["a"], "rounds": 1}


def test_hg_11_2_1_02_sacred_music_ends_magic_not_baals_ability(make_state):
    """Baal's +2 is a special ability that took effect before the round's magic
    (HG-11.2.1-02), not an Arcana card: b's Sacred Music ("discard all Arcana cards
    played by all Daemons taking part") ends a's Frenzy but leaves Baal's +2. a's roll of
    4 hits (4 + 2), its 3 misses (3 + 2; it would hit with Frenzy's +2 as well)."""
    st = make_state(players={"a": {"daemons": [BAAL], "hand": ["arcana.frenzy"]},
                             "b": {"daemons": [ORIAS], "hand": ["arcana.sacred-music"]},
                             "c": {}},
                    units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN Baal IN Sugar Hill BRINGING Frenzy\n"
             "COMBAT CAST Frenzy IN Sugar Hill ROUND 1",
        "b": "JOIN Orias IN Sugar Hill BRINGING Sacred Music\n"
             "COMBAT CAST Sacred Music IN Sugar Hill ROUND 1"},
        script=[4, 3,  # a: u1 4+2 = 6 hits; u2 3+2 = 5 misses
                1,     # b: u3 misses
                4])    # b's u3 fails its save (Orias: 2 Skulls)
    assert steps(log)[:6] == ["combat-round", "combat-ability", "combat-cast",
                              "combat-card-bonus", "combat-cast",
                              "combat-card-sacred-music"]
    assert [e.text for e in log.events if e.kind in ("combat-ability", "combat-cast",
                                                      "combat-card-sacred-music")] == [
        "Baal (a) adds +2 to all his combat rolls in SUGAR HILL this round",
        "Baal (a) plays Frenzy in SUGAR HILL",  # Orias has most Stars: a casts first (IP-39)
        "Orias (b) plays Sacred Music in SUGAR HILL",
        "Sacred Music makes magic useless in SUGAR HILL: these effects end: Frenzy"]
    assert rolls(log) == [("u1", [4], 2, 1), ("u2", [3], 2, 0), ("u3", [1], 0, 0)]
    assert [u.id for u in st.units] == ["u1", "u2"]


# -- HG-3.4-03: a Combat Roll hits on a 6 after modifiers ----------------------------------------

def test_hg_3_4_03_a_combat_roll_hits_on_6_only(make_state):
    """000 §3.4: "A roll of 6 scores a hit." Without modifiers a 5 misses and a 6 hits."""
    st = make_state(players={"a": {}, "b": {}, "c": {}},
                    units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, script=[5, 6,  # a: u1 misses, u2 hits
                                                  5,     # b: u3 misses
                                                  2])    # u3's save fails (1 only)
    assert rolls(log) == [("u1", [5], 0, 0), ("u2", [6], 0, 1), ("u3", [5], 0, 0)]
    assert [u.id for u in st.units] == ["u1", "u2"]


def test_hg_3_4_03_the_6_is_counted_after_modifiers(make_state):
    """With Baal's +2 (a modifier) a 4 hits and a 3 misses; a modified roll above 6 (a 6
    + 2) is still one hit."""
    st = make_state(players={"a": {"daemons": [BAAL]}, "b": {}, "c": {}},
                    units=[("legion", "a", SH)] * 3 + [("legion", "b", SH)] * 2)
    log = run_phase(combat.run, st, DATA, script=[
        3, 4, 6,  # a: u1 3+2 misses; u2 4+2 hits; u3 6+2 hits (once)
        1, 1,     # b: u4, u5 miss
        2, 3])    # b's u4 and u5 fail their saves (1 only)
    assert rolls(log) == [("u1", [3], 2, 0), ("u2", [4], 2, 1), ("u3", [6], 2, 1),
                          ("u4", [1], 0, 0), ("u5", [1], 0, 0)]
    assert [u.id for u in st.units] == ["u1", "u2", "u3"]
    assert st.combat_wins[SH] == {"winners": ["a"], "rounds": 1}
