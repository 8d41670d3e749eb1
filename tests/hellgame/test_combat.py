"""The Combat Phase clause by clause (chapter 11, 16.5-16.7), with scripted dice."""

from __future__ import annotations

from phase_runner import run_phase

from pbem_games.hellgame import combat, effects
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.orders import check_sheet
from pbem_games.hellgame.state import HellState

DATA = load_data()
SH, ADD, LARD = "sectio.sugar-hill", "sectio.addiction", "sectio.sea-of-lard"
PLAYERS = {"a": {}, "b": {}, "c": {}}


def fights(log) -> list[str]:
    return [e.data["sectio"] for e in log.events if e.kind == "combat"]


def saves(log) -> list[tuple]:
    return [(e.data["unit"], e.data["faces"], e.data["saved"])
            for e in log.events if e.kind == "combat-save"]


def test_hg_11_0_04_no_combat_in_antehell(make_state):
    st = make_state(players=PLAYERS, units=[("legion", "a", "antehell"),
                                            ("legion", "b", "antehell")])
    log = run_phase(combat.run, st, DATA)
    assert fights(log) == [] and len(st.units) == 2 and st.combat_wins == {}


def test_hg_11_0_02_biggest_first_a_die_breaks_ties(make_state):
    st = make_state(players=PLAYERS, units=[("legion", "a", ADD)] * 2 + [("legion", "b", ADD)]
                    + [("legion", "a", SH)] * 2 + [("legion", "b", SH)])
    # tie 3 Legions each: ADDICTION rolls 2, SUGAR HILL 5; then each combat: a hits
    # twice, b misses, b's Legion fails its first save (no Daemon: saves on 1)
    log = run_phase(combat.run, st, DATA, script=[2, 5, 6, 6, 1, 3, 6, 6, 1, 3])
    assert fights(log) == [SH, ADD]
    assert st.combat_wins == {SH: {"winners": ["a"], "rounds": 1},
                              ADD: {"winners": ["a"], "rounds": 1}}


def test_hg_11_0_03_sectio_with_only_rampaging_hounds_fight_last(make_state):
    st = make_state(players=PLAYERS, units=[
        ("hellhound", None, ADD, "hellhound.1"), ("hellhound", None, ADD, "hellhound.7"),
        ("legion", "a", SH), ("legion", "a", SH), ("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, script=[
        6, 6, 1, 3,  # SUGAR HILL first
        6, 1, 1, 1, 1,  # ADDICTION (a tie in size: u1 side 0, no die): u1's 3 attacks
                        # hit once, u2's 2 miss
        5])  # u2 saves on 4 or less: destroyed (HG-11.2.3-06)
    assert fights(log) == [SH, ADD]
    assert [u.id for u in st.units_at(ADD)] == ["u1"]
    assert st.combat_wins[ADD] == {"winners": [], "rounds": 1}


def test_hg_11_1_04_a_daemon_on_earth_cannot_join_ip_38_default(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.caim", "daemon.ukobach"]}, "b": {},
                             "c": {}},
                    daemons={"daemon.caim": {"where": "earth"}},
                    units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)])
    # a rolls 6, 1; b rolls 6; b's save 4 fails; a's Legion saves on Ukobach's 2 Skulls: 2
    log = run_phase(combat.run, st, DATA, script=[6, 1, 6, 4, 2])
    joins = [(e.text, e.rule) for e in log.events if e.kind == "combat-join"]
    assert joins == [("Ukobach (a) joins the combat in SUGAR HILL, bringing 0 Arcana cards",
                      "IP-38")]
    assert saves(log) == [("u3", [4], False), ("u1", [2], True)]
    assert len(st.units_of("a")) == 2


def test_hg_11_1_02_a_daemon_brings_at_most_its_stars(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.ukobach"],
                                   "hand": ["arcana.frenzy", "arcana.ambush", "arcana.blitzkrieg"]},
                             "b": {}, "c": {}})
    sheet = check_sheet(st, DATA, "a", "JOIN Ukobach IN Sugar Hill BRINGING Frenzy, Ambush, "
                                       "Blitzkrieg")
    (p,) = sheet.problems
    assert p.message == "Ukobach has 2 Stars of Magic and may bring at most 2 Arcana, not 3"
    assert p.rule == "HG-11.1-02"
    ok = check_sheet(st, DATA, "a", "JOIN Ukobach ANYWHERE BRINGING Frenzy")
    assert ok.lines[0].canonical == "JOIN Ukobach ANYWHERE BRINGING Frenzy"


def test_hg_11_1_03_a_daemon_joins_one_combat_a_turn(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.ukobach"]}, "b": {}, "c": {}},
                    units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)]
                    + [("legion", "a", ADD)] * 2 + [("legion", "b", ADD)])
    log = run_phase(combat.run, st, DATA, {"a": "JOIN Ukobach ANYWHERE"},
                    script=[1, 2, 6, 6, 1, 3, 6, 6, 1, 3])
    assert fights(log) == [SH, ADD]
    assert [e.text for e in log.events if e.kind == "combat-join"] == [
        "Ukobach (a) joins the combat in SUGAR HILL, bringing 0 Arcana cards"]


def test_hg_11_2_1_01_a_combat_card_without_effect_is_refused(make_state, monkeypatch):
    monkeypatch.delitem(effects.ARCANA, "arcana.frenzy")  # as if Frenzy had no effect yet
    st = make_state(players={"a": {"hand": ["arcana.frenzy", "arcana.it-did-not-work",
                                            "arcana.a-damn-good-day"]}, "b": {}, "c": {}})
    sheet = check_sheet(st, DATA, "a", "COMBAT CAST Frenzy IN Sugar Hill\n"
                                       "COMBAT CAST It Did Not Work IN Sugar Hill\n"
                                       "COMBAT CAST A Damn Good Day IN Sugar Hill")
    msgs = [p.message for p in sheet.problems]
    assert msgs == [
        "the effect of Frenzy is not implemented yet, so it cannot be played in combat",
        "It Did Not Work... is a Counter: in combat it answers another card by a standing "
        "COUNTER line, not COMBAT CAST",
        "A Damn Good Day's Major Arcana is marked action, not Combat"]


def test_hg_11_2_3_02_one_hit_never_on_a_lieutenant_hg_11_2_4_04_lone_lieutenant(make_state):
    st = make_state(players=PLAYERS, units=[
        ("legion", "a", SH), ("legion", "a", SH),
        ("lieutenant", "b", SH, "lieutenant.verin"), ("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, {"b": "HITS LIEUTENANTS, LEGIONS"}, script=[
        6, 1,  # a: one hit
        1,     # b's Legion: 1 + 2 (Verin) misses
        5,     # the hit goes to the Legion, not Verin: 5, destroyed
        5, 6])  # Verin is alone and must flee: 5 and 6, no move: captured
    assert saves(log) == [("u4", [5], False)]
    assert "lieutenant.verin" in st.lieutenant_return
    assert [e.rule for e in log.events if e.kind == "combat-lone-lieutenant"] == ["HG-11.2.4-04"]
    assert st.combat_wins == {SH: {"winners": ["a"], "rounds": 1}}


def test_hg_11_2_3_03_every_unit_hit_once_before_any_twice(make_state):
    st = make_state(players=PLAYERS, units=[("legion", "a", SH)] * 3
                    + [("legion", "b", SH)] * 2)
    log = run_phase(combat.run, st, DATA, script=[6, 6, 6, 1, 1, 1, 3, 2])
    assert saves(log) == [("u4", [1, 3], False), ("u5", [2], False)]  # a save per hit


def test_hg_11_2_3_08_a_hound_that_loses_its_minder_rampages(make_state):
    st = make_state(players=PLAYERS, units=[
        ("legion", "a", SH), {"kind": "hellhound", "owner": "a", "location": SH,
                              "ref": "hellhound.1", "minder": "u1"},
        ("legion", "a", SH)] + [("legion", "b", SH)] * 3)
    log = run_phase(combat.run, st, DATA, {"a": "HITS MINDERS, LEGIONS, HOUNDS"}, script=[
        6, 6, 1,  # b (3 Legions, side 0) hits twice
        1, 1, 1, 1,  # a's hound 3 rolls, its free Legion 1
        3, 3,  # a's Minder and Legion fail their saves
        1])  # the hound rampages: 1, to THIEVES
    h = st.unit("u2")
    assert (h.location, h.owner, h.minder) == ("sectio.thieves", None, None)
    assert [e.rule for e in log.events if e.kind == "hound-rampage"] == ["HG-11.2.3-08"]


def test_hg_11_3_01_speedier_combat_hits_on_5(make_state):
    st = make_state(players=PLAYERS, units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)],
                    variants={"speedier_combat": True})
    log = run_phase(combat.run, st, DATA, script=[5, 1, 5, 2, 2])
    assert [e.data["hits"] for e in log.events if e.kind == "combat-roll"] == [1, 0, 1]
    assert [u.owner for u in st.units_at(SH)] == ["a"]


def test_hg_16_6_01_a_joint_win_ends_the_fighting(make_state):
    st = make_state(players=PLAYERS, units=[("legion", "a", SH)] * 2
                    + [("legion", "b", SH), ("legion", "c", SH)])
    # b and c tie on Units: 6, 1; a names b (most Units); c joins a (no Sectio: side 0)
    log = run_phase(combat.run, st, DATA, script=[6, 1, 6, 1, 1, 1, 3])
    assert [e.rule for e in log.events if e.kind == "combat-side"] == ["HG-16.5-01",
                                                                       "HG-16.5-02"]
    assert st.combat_wins == {SH: {"winners": ["a", "c"], "rounds": 1}}
    assert [e.rule for e in log.events if e.kind == "combat-won"] == ["HG-16.6-01"]


def test_combat_wins_round_trip_and_cleared_each_phase(make_state):
    st = make_state(players=PLAYERS, combat_wins={SH: {"winners": ["a"], "rounds": 2}})
    d = st.to_dict()
    assert HellState.from_dict(d).to_dict() == d
    run_phase(combat.run, st, DATA)
    assert st.combat_wins == {}


def test_hg_11_2_4_01_combat_flee_orders_parse_and_round_trip(make_state):
    st = make_state(players=PLAYERS)
    sheet = check_sheet(st, DATA, "a", "combat flee anywhere if outnumbered\nFIGHT b, c\n"
                                       "HITS lieutenants\nCOMBAT MAGIC first\nJOIN NOBODY")
    assert [ln.canonical for ln in sheet.lines] == [
        "COMBAT FLEE ANYWHERE IF OUTNUMBERED", "FIGHT b, c",
        "HITS LIEUTENANTS, HOUNDS, LEGIONS, MINDERS", "COMBAT MAGIC FIRST", "JOIN NOBODY"]
    again = check_sheet(st, DATA, "a", "\n".join(ln.canonical for ln in sheet.lines))
    assert [ln.order for ln in again.lines] == [ln.order for ln in sheet.lines]


def test_hg_11_1_03_a_card_is_brought_to_one_combat_a_turn(make_state):
    st = make_state(players={"a": {"daemons": ["daemon.ukobach", "daemon.caim"],
                                   "hand": ["arcana.frenzy"]}, "b": {}, "c": {}},
                    units=[("legion", "a", SH)] * 2 + [("legion", "b", SH)]
                    + [("legion", "a", ADD)] * 2 + [("legion", "b", ADD)])
    orders = "JOIN Ukobach IN Sugar Hill BRINGING Frenzy\nJOIN Caim IN Addiction BRINGING Frenzy"
    log = run_phase(combat.run, st, DATA, {"a": orders}, script=[2, 5, 6, 6, 1, 3, 6, 6, 1, 3])
    assert [e.text for e in log.events if e.kind == "combat-join"] == [
        "Ukobach (a) joins the combat in SUGAR HILL, bringing 1 Arcana card",
        "Caim (a) joins the combat in ADDICTION, bringing 0 Arcana cards"]
    assert st.players["a"].hand == ["arcana.frenzy"]  # unplayed, back in hand


def test_hg_11_2_2_04_the_freebooters_take_a_plural_possessive(make_state):
    """Issue 20: "the Freebooters' Legion", not "the Freebooters's"; a player's name
    takes "'s" (pbem.grammar.possessive)."""
    st = make_state(players=PLAYERS, units=[("legion", None, SH), ("legion", None, SH),
                                            ("legion", "a", SH)])
    log = run_phase(combat.run, st, DATA, script=[6, 1, 6, 6, 1])
    texts = [e.text for e in log.events if e.kind in ("combat-roll", "combat-save")]
    assert texts == ["the Freebooters' legion u1 rolls 6: 1 hit",
                     "the Freebooters' legion u2 rolls 1: 0 hits",
                     "a's legion u3 rolls 6: 1 hit",
                     "a's legion u3 takes 1 hit, rolls 6: destroyed",
                     "the Freebooters' legion u1 takes 1 hit, rolls 1: saved"]


def test_hg_16_5_03_the_freebooters_roll_for_their_side_in_the_plural(make_state):
    """Issue 20: "the Freebooters roll 3 and fight with a" (the verb agrees)."""
    st = make_state(players=PLAYERS, units=[("legion", None, SH), ("legion", "b", SH),
                                            ("legion", "a", SH)])
    log = run_phase(combat.run, st, DATA, script=[6, 6, 6, 3,  # tie-breaks for most Units
                                                  3,  # the Freebooters' side: with a
                                                  5, 2, 2, 5, 6, 6, 5, 3])  # two rounds
    assert [e.text for e in log.events if e.kind == "combat-side"] == [
        "a names b as its enemy", "the Freebooters roll 3 and fight with a"]
