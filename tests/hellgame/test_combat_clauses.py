"""Combat clauses of chapter 11 and 16.5-16.7, each checked with scripted dice and exact
outcomes (rules-checklist §1.7)."""

from __future__ import annotations

from phase_runner import run_phase

from pbem.dice import Dice
from pbem_games.hellgame import combat
from pbem_games.hellgame.combat import sides
from pbem_games.hellgame.combat.fight import Fight
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log

DATA = load_data()
SH, THIEVES = "sectio.sugar-hill", "sectio.thieves"
TRAITORS = "sectio.traitors"  # Circle 1: its inward face (1) is the Pentagram
PLAYERS = {"a": {}, "b": {}, "c": {}}


def rolls(log) -> list[tuple]:
    return [(e.data["unit"], e.data["faces"], e.data["bonus"], e.data["hits"])
            for e in log.events if e.kind == "combat-roll"]


def saves(log) -> list[tuple]:
    return [(e.data["unit"], e.data["faces"], e.data["saved"])
            for e in log.events if e.kind == "combat-save"]


def where(st) -> dict[str, str]:
    return {u.id: u.location for u in st.units}


def test_hg_11_2_01_rounds_until_one_side_is_left_in_step_order(make_state):
    # Frenzy (combat/cards_rolls.py): +2 on the attack rolls of a's side for one round
    st = make_state(players={"a": {"daemons": ["daemon.ukobach"], "hand": ["arcana.frenzy"]},
                             "b": {}, "c": {}},
                    units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)] * 2)
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN Ukobach IN Sugar Hill BRINGING Frenzy\n"
             "COMBAT CAST Frenzy IN Sugar Hill ROUND 2",
        "b": "COMBAT FLEE FROM Sugar Hill IF OUTNUMBERED"},
        script=[1, 1, 1, 1,  # a and b tie in size, a (first seat) is side 0; round 1:
                             # no hits, b is not outnumbered: stays
                4, 1, 1, 1,  # round 2, after Frenzy: a's 4 + 2 hits, b misses
                3,           # b's Legion u3 fails its save (no Daemon: 1 only)
                1])          # b, now outnumbered, flees: 1, to THIEVES
    steps = [e.kind for e in log.events if e.kind in (
        "combat-cast", "combat-roll", "combat-save", "combat-flee", "flight", "combat-won")]
    assert steps == ["combat-roll"] * 4 + ["combat-cast"] + ["combat-roll"] * 4 + [
        "combat-save", "combat-flee", "flight", "combat-won"]
    assert [r[2:] for r in rolls(log)][4:6] == [(2, 1), (2, 0)]
    assert where(st) == {"u1": SH, "u2": SH, "u4": THIEVES}
    assert st.combat_wins == {SH: {"winners": ["a"], "rounds": 2}}


def test_hg_11_2_2_01_attacks_are_simultaneous(make_state):
    st = make_state(players=PLAYERS, units=[("legion", "a", SH), ("legion", "b", SH)])
    # both hit, both fail their saves: the two Legions destroy each other
    # a and b tie in size: a, the first seat, is side 0 (no die, 16.5)
    log = run_phase(combat.run, st, DATA, script=[6, 6, 3, 2])
    assert [r[3] for r in rolls(log)] == [1, 1]
    assert saves(log) == [("u2", [3], False), ("u1", [2], False)]
    assert st.units == [] and st.combat_wins == {SH: {"winners": [], "rounds": 1}}


def test_hg_11_2_2_02_one_die_per_legion_a_hound_rolls_its_number(make_state):
    st = make_state(players=PLAYERS, units=[
        ("legion", "a", SH), {"kind": "hellhound", "owner": "a", "location": SH,
                              "ref": "hellhound.2", "minder": "u1"},
        ("legion", "a", SH), ("legion", "a", SH), ("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, script=[1, 2, 3, 4, 5, 6, 1, 3])
    # the hound (4 on its counter) rolls 4 dice, each free Legion 1, b's Legion 1
    assert rolls(log) == [("u2", [1, 2, 3, 4], 0, 0), ("u3", [5], 0, 0), ("u4", [6], 0, 1),
                          ("u5", [1], 0, 0)]
    assert saves(log) == [("u5", [3], False)]


def test_hg_11_2_2_03_lieutenants_and_minders_do_not_attack(make_state):
    st = make_state(players=PLAYERS, units=[
        ("lieutenant", "a", SH, "lieutenant.verin"), ("legion", "a", SH),
        {"kind": "hellhound", "owner": "a", "location": SH, "ref": "hellhound.11",
         "minder": "u2"}, ("legion", "a", SH), ("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, script=[
        1, 1, 1,  # round 1: the hound (1 + 2, Verin) and u4 (1 + 2) miss; b's u5 misses
        1, 4, 1,  # round 2: the hound misses, u4 4 + 2 hits; b misses
        3])       # b's u5 fails its save
    assert rolls(log) == [("u3", [1], 2, 0), ("u4", [1], 2, 0), ("u5", [1], 0, 0),
                          ("u3", [1], 2, 0), ("u4", [4], 2, 1), ("u5", [1], 0, 0)]
    assert saves(log) == [("u5", [3], False)]


def test_hg_11_2_2_05_lieutenant_bonus_to_his_leadership_of_units(make_state):
    # Alastor: +3 to 2 Units; the tamed hound counts as 1 Unit (all its rolls get +3)
    st = make_state(players=PLAYERS, units=[
        ("lieutenant", "a", SH, "lieutenant.alastor"), ("legion", "a", SH),
        {"kind": "hellhound", "owner": "a", "location": SH, "ref": "hellhound.7",
         "minder": "u2"}, ("legion", "a", SH), ("legion", "a", SH),
        ("legion", "b", SH), ("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, script=[
        3, 2, 3, 5,  # a: the hound 3 + 3 hits, 2 + 3 misses; u4 3 + 3 hits; u5 5 misses
        1, 1,        # b misses twice
        2, 2])       # b's two Legions fail their saves
    assert rolls(log) == [("u3", [3, 2], 3, 1), ("u4", [3], 3, 1), ("u5", [5], 0, 0),
                          ("u6", [1], 0, 0), ("u7", [1], 0, 0)]
    assert saves(log) == [("u6", [2], False), ("u7", [2], False)]
    assert st.combat_wins == {SH: {"winners": ["a"], "rounds": 1}}


def test_hg_11_2_3_04_no_daemon_a_legion_saves_on_1(make_state):
    st = make_state(players=PLAYERS, units=[("legion", "a", SH)] * 3
                    + [("legion", "b", SH)] * 2)
    log = run_phase(combat.run, st, DATA, script=[
        6, 6, 1, 1, 1,  # round 1: a hits twice, b misses
        1, 2,           # b's u4 saves on 1, u5 fails on 2
        6, 1, 1, 1,     # round 2: a hits once, b misses
        2])             # u4 fails on 2
    assert saves(log) == [("u4", [1], True), ("u5", [2], False), ("u4", [2], False)]
    assert {e.rule for e in log.events if e.kind == "combat-save"} == {"HG-11.2.3-04"}
    assert sorted(where(st)) == ["u1", "u2", "u3"]


def test_hg_11_2_3_07_units_that_fail_their_save_are_destroyed(make_state):
    st = make_state(players=PLAYERS, units=[("legion", "a", SH)] * 4 + [
        ("legion", "b", SH), ("legion", "b", SH), ("lieutenant", "b", SH, "lieutenant.verin")])
    log = run_phase(combat.run, st, DATA, script=[
        6, 6, 6, 1,  # round 1: a hits three times
        1, 1,        # b's Legions 1 + 2 (Verin) miss
        1, 2, 5,     # one hit each: u5 saves (1), u6 fails (2), Verin fails (5; 4 or less)
        6, 1, 1, 1,  # round 2: a hits once
        1,           # b's u5 misses (Verin is gone: no bonus)
        3])          # u5 fails
    assert saves(log) == [("u5", [1], True), ("u6", [2], False), ("u7", [5], False),
                          ("u5", [3], False)]
    assert where(st) == {"u1": SH, "u2": SH, "u3": SH, "u4": SH}
    assert st.combat_wins == {SH: {"winners": ["a"], "rounds": 2}}


def test_hg_11_2_4_02_flight_any_way_but_the_pentagram_and_on_until_safe(make_state):
    betrayers, sowers = "sectio.betrayers-of-confidence", "sectio.sowers-of-scandal"
    st = make_state(players=PLAYERS, units=[("legion", "a", TRAITORS)] * 2
                    + [("legion", "b", TRAITORS), ("legion", "c", betrayers)])
    log = run_phase(combat.run, st, DATA, {"b": "COMBAT FLEE ANYWHERE IF OUTNUMBERED"}, script=[
        1, 1, 1,  # round 1: no hits
        1,        # b flees: 1 is inward, the Pentagram: it fails and stays
        1, 1, 1,  # round 2: no hits
        2,        # b flees: 2, to BETRAYERS OF CONFIDENCE, where c is: it must flee on
        3])       # 3, outward, to SOWERS OF SCANDAL: empty, the flight ends
    assert [e.kind for e in log.events if e.kind.startswith(("combat-flee", "flight"))] == [
        "combat-flee", "flight-failed", "combat-flee", "flight", "flight-again", "flight"]
    assert [e.rule for e in log.events if e.kind == "flight-failed"] == ["HG-9.5.1-06"]
    assert where(st) == {"u1": TRAITORS, "u2": TRAITORS, "u3": sowers, "u4": betrayers}
    assert st.combat_wins == {TRAITORS: {"winners": ["a"], "rounds": 2}}


def test_hg_11_2_4_03_flight_makes_a_new_combat_fought_later(make_state):
    st = make_state(players=PLAYERS, units=[("legion", "a", SH)] * 2
                    + [("legion", "b", SH), ("legion", "c", THIEVES)])
    log = run_phase(combat.run, st, DATA, {"b": "COMBAT FLEE FROM Sugar Hill"}, script=[
        1, 1, 1,  # SUGAR HILL, round 1: no hits
        1, 5,     # b flees: 1, to THIEVES, where c is; it must flee on: 5, it stays
        6, 1, 3])  # THIEVES (b, first seat of a tie, side 0): b hits, c misses; c's
                   # Legion fails its save
    assert [e.data["sectio"] for e in log.events if e.kind == "combat"] == [SH, THIEVES]
    assert st.combat_wins == {SH: {"winners": ["a"], "rounds": 1},
                              THIEVES: {"winners": ["b"], "rounds": 1}}
    assert where(st) == {"u1": SH, "u2": SH, "u3": THIEVES}


def _three_party_fight(make_state, script):
    st = make_state(players=PLAYERS, units=[
        ("legion", "a", SH), ("legion", None, SH), ("hellhound", None, SH, "hellhound.12")])
    return Fight(st, DATA, Dice(script=script), Log(), {p: None for p in st.seats}, SH, set())


def test_hg_16_5_03_freebooters_and_a_rampaging_hound_each_roll_50_50(make_state):
    f = _three_party_fight(make_state, [4, 2])
    assert sides.assign(f, 1) == [["a", "hound:u3"], ["freebooters"]]
    assert [(e.data["face"], e.rule) for e in f.log.events if e.kind == "combat-side"] == [
        (4, "HG-16.5-03"), (2, "HG-16.5-04")]
    f.dice.finish()
    f = _three_party_fight(make_state, [3, 6])
    assert sides.assign(f, 1) == [["a", "freebooters"], ["hound:u3"]]
    f.dice.finish()


def test_hg_16_5_04_freebooters_roll_once_a_combat_hounds_every_round(make_state):
    f = _three_party_fight(make_state, [4, 2, 5, 1])
    assert sides.assign(f, 1) == [["a", "hound:u3"], ["freebooters"]]
    assert sides.assign(f, 2) == [["a"], ["freebooters", "hound:u3"]]  # only the hound rolls
    assert sides.assign(f, 3) == [["a", "hound:u3"], ["freebooters"]]
    f.dice.finish()


def test_hg_16_7_01_a_rampaging_hound_fights_until_it_or_everyone_else_is_gone(make_state):
    st = make_state(players=PLAYERS, units=[
        ("legion", "a", SH), ("legion", "a", SH), ("legion", "b", SH),
        ("hellhound", None, SH, "hellhound.12")])
    log = run_phase(combat.run, st, DATA, script=[
        2,        # round 1: a names b; the hound rolls 2 and fights with a
        1, 1, 6,  # a misses twice, the hound hits
        1,        # b misses
        3,        # b's u3 fails its save
        1, 1, 6,  # round 2: only a and the hound are left, and they fight: the hound hits
        3,        # a's u1 fails its save
        6, 1,     # round 3: a's u2 hits, the hound misses
        5])       # the hound fails its save (4 or less)
    assert saves(log) == [("u3", [3], False), ("u1", [3], False), ("u4", [5], False)]
    assert where(st) == {"u2": SH}
    assert st.combat_wins == {SH: {"winners": ["a"], "rounds": 3}}


def test_hg_16_7_02_a_rampaging_hound_hits_as_many_enemy_units_as_possible(make_state):
    # the defenders place the hits, once on each Unit before any twice
    st = make_state(players=PLAYERS, units=[("legion", "a", SH)] * 3
                    + [("hellhound", None, SH, "hellhound.2")])
    log = run_phase(combat.run, st, DATA, script=[
        1, 1, 1,     # a misses
        6, 6, 6, 1,  # the hound (4 attacks) hits three times
        2, 1, 3,     # one hit on each of a's Legions: u1 fails, u2 saves, u3 fails
        6,           # round 2: a's u2 hits
        1, 1, 1, 1,  # the hound misses
        6])          # and fails its save
    assert saves(log) == [("u1", [2], False), ("u2", [1], True), ("u3", [3], False),
                          ("u4", [6], False)]
    assert where(st) == {"u2": SH}
    assert st.combat_wins == {SH: {"winners": ["a"], "rounds": 2}}


def test_hg_16_5_04_a_hound_killed_after_its_side_was_fixed_is_on_no_side(make_state):
    """With no Triumvirate in the Sectio the first two parties are fixed on opposite sides
    and the others roll each round; a hound so fixed and killed in round 1 is on no side
    in round 2, when another hound rolls to join its side (a crash found by the long
    Arcana self-play: the dead hound's name was looked up)."""
    st = make_state(players=PLAYERS, units=[
        ("hellhound", None, SH, "hellhound.12"), ("hellhound", None, SH, "hellhound.6"),
        ("hellhound", None, SH, "hellhound.3"), ("hellhound", None, SH, "hellhound.4")])
    f = Fight(st, DATA, Dice(script=[1, 6, 1, 6]), Log(), {p: None for p in st.seats}, SH,
              set())
    assert sides.assign(f, 1) == [["hound:u1", "hound:u3"], ["hound:u2", "hound:u4"]]
    st.remove_unit("u1")  # killed in round 1
    assert sides.assign(f, 2) == [["hound:u3"], ["hound:u2", "hound:u4"]]
    assert [e.text for e in f.log.events][-2] == (
        "the rampaging Hellhound 3 rolls 1 and fights with nobody yet")
    f.dice.finish()


def test_hg_16_5_01_a_two_party_combat_rolls_no_side_die(make_state):
    """16.5 chooses sides only when more than two Triumvirates fight: two parties simply
    oppose each other, with no die even when they are the same size (issue 22). The
    bigger is side 0; on a tie the first in seat order, then the Freebooters, then the
    hounds by number (parties_at). Rampaging hounds are placed again each round: still
    no die."""
    for units, expected in [
        ([("legion", "a", SH), ("legion", "b", SH)], [["a"], ["b"]]),
        ([("legion", "b", SH), ("legion", "a", SH)], [["a"], ["b"]]),
        ([("legion", "a", SH), ("legion", "b", SH), ("legion", "b", SH)], [["b"], ["a"]]),
        ([("legion", None, SH), ("legion", "c", SH)], [["c"], ["freebooters"]]),
        ([("hellhound", None, SH, "hellhound.12"), ("hellhound", None, SH, "hellhound.6")],
         [["hound:u1"], ["hound:u2"]]),
    ]:
        st = make_state(players=PLAYERS, units=units)
        f = Fight(st, DATA, Dice(script=[]), Log(), {p: None for p in st.seats}, SH, set())
        assert [sides.assign(f, rnd) for rnd in (1, 2)] == [expected] * 2
        assert f.dice.log == [] and [e for e in f.log.events if e.kind == "combat-side"] == []
    # a whole combat: the dice log holds the rules' dice only (attacks and saves)
    st = make_state(players=PLAYERS, units=[("legion", "a", SH), ("legion", "b", SH)])
    dice = Dice(script=[6, 1, 3])
    combat.run(st, {p: None for p in st.seats}, dice, DATA, Log())
    dice.finish()
    assert [r.reason.split(" ")[0] for r in dice.log] == ["combat", "combat", "save"]


def test_hg_16_5_01_more_than_two_triumvirates_still_roll_a_tie_for_most_units(make_state):
    """With three Triumvirates 16.5 applies: a tie for most Units (who names the enemy)
    is still broken by a die."""
    st = make_state(players=PLAYERS, units=[("legion", p, SH) for p in ("a", "b", "c")])
    f = Fight(st, DATA, Dice(script=[2, 6, 4]), Log(), {p: None for p in st.seats}, SH, set())
    assert sides.assign(f, 1) == [["a", "b"], ["c"]]  # b (6) names c (4); a joins b
    assert [r.reason for r in f.dice.log] == [
        f"most Units in SUGAR HILL: tie-break for {p}" for p in ("a", "b", "c")]
    assert [(e.text, e.rule) for e in f.log.events if e.kind == "combat-side"] == [
        ("b names c as its enemy", "HG-16.5-01"), ("a joins b", "HG-16.5-02")]
    f.dice.finish()
