"""Combats that could never end (issue 17, item 3): a single Legion against a raging
Freebooter Lieutenant who never attacks (HG-11.2.2-03) and always saves (4 or less,
HG-11.2.3-06, +2 for the rage: 6 or less) looped for ever in rounds.fight. The rules give
no last round (HG-11.2.5-01); the reading (combat/endless.py, docs/status-hellgame.md):
such a combat ends undecided after the round that shows it can never end, and every
combat after endless.MAX_ROUNDS rounds. With scripted dice the old endless loop fails
with an exhausted script; the seeded test runs under an alarm so it fails, not hangs."""

from __future__ import annotations

import signal
from contextlib import contextmanager

import pytest
from phase_runner import run_phase

from pbem.dice import Dice
from pbem_games.hellgame import combat
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log

DATA = load_data()
ENVIOUS, SH = "sectio.the-envious", "sectio.sugar-hill"
PLAYERS = {"a": {}, "b": {}, "c": {}}
LT = "lieutenant.sulla"


def raging_lieutenant_and_legion(make_state, kind="legion"):
    """The seed-37 situation: a's Legion u2 (or Lieutenant) in THE ENVIOUS with a lone
    raging Freebooter Lieutenant u1."""
    mine = ("lieutenant", "a", ENVIOUS, "lieutenant.alastor") if kind == "lieutenant" \
        else ("legion", "a", ENVIOUS)
    return make_state(players=PLAYERS, raging=[ENVIOUS],
                      units=[("lieutenant", None, ENVIOUS, LT), mine])


def events(log, kind):
    return [e for e in log.events if e.kind == kind]


def kinds(log):
    return [e.kind for e in log.events]


@contextmanager
def alarm(seconds: int):
    """Fail (TimeoutError) instead of hanging when the code under test loops for ever."""

    def ring(signum, frame):
        raise TimeoutError(f"still running after {seconds} s: an endless combat loop")

    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def test_hg_11_2_5_01_single_legion_vs_raging_freebooter_lieutenant_ends_undecided(make_state):
    """HG-11.2.5-01 / HG-10.4-01 / HG-11.2.3-06: round 1 is fought (a's hit, the
    Lieutenant's 6 saves: 6 <= 4 + 2); no Unit there can ever be destroyed, so the
    combat ends after round 1 without a winner; both stay, the Sectio keeps raging and
    is not fought over again this phase (the script would run out)."""
    st = raging_lieutenant_and_legion(make_state)
    log = run_phase(combat.run, st, DATA, script=[
        6,   # a's Legion (side 0, the only Legions) hits
        6])  # the Lieutenant takes it (A-43: he is all there is) and saves on 6 or less
    assert [(e.data["unit"], e.data["faces"], e.data["saved"])
            for e in events(log, "combat-save")] == [("u1", [6], True)]
    (end,) = events(log, "combat-stalemate")
    assert end.rule == "HG-11.2.5-01"
    assert end.data == {"sectio": ENVIOUS, "rounds": 1, "parties": ["a", "freebooters"],
                        "players": ["a"]}
    assert end.text == ("The combat in THE ENVIOUS ends without a winner: no Unit there can "
                        "ever destroy an enemy Unit, so it could never end. a and the "
                        "Freebooters stay there")
    assert kinds(log).count("combat") == 1 and "combat-won" not in kinds(log)
    assert [(u.id, u.owner, u.location) for u in st.units] == [("u1", None, ENVIOUS),
                                                               ("u2", "a", ENVIOUS)]
    assert st.combat_wins == {ENVIOUS: {"winners": [], "rounds": 1}}
    assert st.raging == [ENVIOUS]


@pytest.mark.skipif(not hasattr(signal, "SIGALRM"), reason="needs signal.alarm")
def test_hg_11_2_5_01_raging_lieutenant_combat_ends_whatever_the_dice(make_state):
    """The same fight with seeded dice, 20 times: it always ends after round 1 (the old
    loop never returned; the alarm turns that into a failure)."""
    with alarm(20):
        for seed in range(20):
            st = raging_lieutenant_and_legion(make_state)
            log = Log()
            combat.run(st, {p: None for p in st.seats}, Dice(f"endless-{seed}"), DATA, log)
            assert kinds(log).count("combat-round") == 1, seed
            assert [e.data["rounds"] for e in events(log, "combat-stalemate")] == [1]
            assert len(st.units) == 2 and st.combat_wins[ENVIOUS]["winners"] == []


def test_hg_11_2_3_06_a_plain_freebooter_lieutenant_can_fail_his_save(make_state):
    """Without the rage he saves on 4 or less: a save can fail, so the combat goes on
    (no stalemate) until he is destroyed; a wins in round 2."""
    st = make_state(players=PLAYERS, units=[("lieutenant", None, ENVIOUS, LT),
                                            ("legion", "a", ENVIOUS)])
    log = run_phase(combat.run, st, DATA, script=[6, 3,   # round 1: hit, saved on 3
                                                  6, 5])  # round 2: hit, 5 fails
    assert "combat-stalemate" not in kinds(log)
    assert [u.id for u in st.units] == ["u2"]
    assert st.combat_wins == {ENVIOUS: {"winners": ["a"], "rounds": 2}}


def test_hg_11_2_4_01_no_stalemate_while_a_side_tries_to_flee(make_state):
    """A flight tried this round may succeed next round (HG-11.2.4-01): the combat goes
    on; a's Legion fails to flee (5), then gets away (3, outward) and the Freebooters
    are left: nobody won."""
    st = raging_lieutenant_and_legion(make_state)
    log = run_phase(combat.run, st, DATA, {"a": "COMBAT FLEE FROM The Envious"}, script=[
        6, 6,  # round 1: a hits, the Lieutenant saves
        5,     # a flees: 5, no move
        1,     # round 2: a misses
        3])    # a flees outward, to an empty Sectio
    assert "combat-stalemate" not in kinds(log)
    assert kinds(log).count("combat-flee") == 2
    assert st.unit("u2").location != ENVIOUS
    assert st.combat_wins == {ENVIOUS: {"winners": [], "rounds": 2}}


def test_hg_11_2_4_04_lone_lieutenant_flees_before_a_stalemate(make_state):
    """No Unit can attack (two Lieutenants): the round is fought all the same, so a's
    lone Lieutenant must flee at its end (HG-11.2.4-04); he fails both dice and is
    captured (HG-16.2-03). (Before issue 17 the combat stopped before the round.)"""
    st = raging_lieutenant_and_legion(make_state, kind="lieutenant")
    log = run_phase(combat.run, st, DATA, script=[
        5, 6])  # a's Lieutenant flees: 5 and 6, no move: captured
    assert "combat-stalemate" not in kinds(log)
    assert [e.rule for e in events(log, "flight-captured")] == ["HG-16.2-03"]
    assert [u.id for u in st.units] == ["u1"]
    assert st.combat_wins == {ENVIOUS: {"winners": [], "rounds": 1}}


def test_hg_11_2_5_01_hard_bound_on_rounds(make_state, monkeypatch):
    """Every combat is bounded: after endless.MAX_ROUNDS rounds (2 here) an undecided
    combat ends without a winner, said by "combat-round-limit"; not fought again."""
    from pbem_games.hellgame.combat import endless

    assert endless.MAX_ROUNDS == 300  # the real bound, documented in endless.py
    monkeypatch.setattr(endless, "MAX_ROUNDS", 2)
    st = make_state(players=PLAYERS, units=[("legion", "a", SH), ("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, script=[1, 1, 1, 1])  # two rounds of misses
    (end,) = events(log, "combat-round-limit")
    assert (end.rule, end.data["rounds"]) == ("HG-11.2.5-01", 2)
    assert "after 2 rounds, the most a combat lasts" in end.text
    assert len(st.units) == 2 and st.combat_wins == {SH: {"winners": [], "rounds": 2}}


def test_hg_v1_11_3_5_01_quick_combat_ties_are_bounded(make_state, monkeypatch):
    """The quick combat's ties are rolled again at most v1.MAX_TIES times (2 here);
    then the combat is fought in rounds."""
    from pbem_games.hellgame.combat import v1

    monkeypatch.setattr(v1, "MAX_TIES", 2)
    st = make_state(players=PLAYERS, variants={"v1_quick_combat": True},
                    units=[("legion", "a", SH), ("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, script=[
        4, 4, 3, 3,  # two ties
        6, 1, 3])    # round 1: a hits, b misses; b's save fails
    assert [e.data["totals"] for e in events(log, "combat-quick")] == [[4, 4], [3, 3]]
    assert [e.rule for e in events(log, "combat-quick-tied")] == ["HG-V1-11.3.5-01"]
    assert st.combat_wins == {SH: {"winners": ["a"], "rounds": 1}}


def test_hg_16_7_03_last_dog_barking_ties_are_bounded(make_state, monkeypatch):
    """Last Dog Barking's ties are rolled again at most v1.MAX_TIES times (2 here);
    then the hounds fight it out in rounds."""
    from pbem_games.hellgame.combat import v1

    monkeypatch.setattr(v1, "MAX_TIES", 2)
    st = make_state(players=PLAYERS, variants={"last_dog_barking": True}, units=[
        ("hellhound", None, SH, "hellhound.11"), ("hellhound", None, SH, "hellhound.12")])
    log = run_phase(combat.run, st, DATA, script=[
        3, 3, 4, 4,  # two ties of one die each
        6, 1,        # the combat (u1 side 0, no die): u1 hits, u2 misses
        5])          # u2 fails its save (4 or less)
    assert [e.rule for e in events(log, "last-dog-barking-tied")] == ["HG-16.7-03"]
    assert [u.id for u in st.units] == ["u1"]
    assert st.combat_wins == {SH: {"winners": [], "rounds": 1}}
