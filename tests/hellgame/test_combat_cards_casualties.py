"""Combat cards that take Daemons and Units out (combat/cards_casualties.py,
cards_units.py) and Sleep Late: each test names its card and checks the board and the
log."""

from __future__ import annotations

from phase_runner import run_phase

from pbem.dice import Dice
from pbem_games.hellgame import combat
from pbem_games.hellgame.combat.fight import Fight, join
from pbem_games.hellgame.combat.rounds import ended
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.log import Log
from pbem_games.hellgame.orders import check_sheet, orders_of

DATA = load_data()
SH = "sectio.sugar-hill"
THIEVES, TAVERN = "sectio.thieves", "sectio.tavern-of-endless-revelry"
PIT, ADDICTION = "sectio.sadistic-pleasure-pit", "sectio.addiction"


def fight_in(st, script=(), sides=(("a",), ("b",)), rnd=1, sheets=None) -> Fight:
    f = Fight(st, DATA, Dice(script=list(script)), Log(), sheets or {}, SH, set())
    f.sides = [list(s) for s in sides]
    f.round = rnd
    return f


def play(f, player, daemon, card, on="", side=0, enemy=None):
    """The Daemon joins (with an enemy Daemon on the other side, if given) and plays."""
    for p, d in ((player, daemon), enemy or (None, None)):
        if p is not None and d not in f.daemons.get(p, []):
            f.daemons.setdefault(p, []).append(d)
            f.brought.setdefault(d, [])
    f.brought[daemon].append(card)
    f.cast(side, (player, 0, {"card": card, "on": on, "where": SH, "round": None}))


def texts(f, kind="combat-card"):
    return [e.text for e in f.log.events if e.kind == kind]


def two(make_state, hand_a, units, a_daemons=("daemon.caim",), b_daemons=("daemon.ukobach",),
        **kw):
    return make_state(players={"a": {"daemons": list(a_daemons), "hand": list(hand_a)},
                               "b": {"daemons": list(b_daemons)}, "c": {}},
                      units=units, **kw)


# -- Ambush! -------------------------------------------------------------------------------

def test_ambush_free_round_enemy_does_not_roll(make_state):
    """arcana.ambush: only the caster's side rolls (6 hits, 3 misses); b's one hit Legion
    saves with Ukobach's Skulls (2) rolling 5: destroyed; HG-11.2.2-04."""
    st = two(make_state, ["arcana.ambush"], [("legion", "a", SH)] * 2 + [("legion", "b", SH)] * 2)
    f = fight_in(st, [6, 3, 5])
    play(f, "a", "daemon.caim", "arcana.ambush", enemy=("b", "daemon.ukobach"))
    assert [u.id for u in st.units_at(SH)] == ["u1", "u2", "u4"]
    assert texts(f)[0] == "Ambush! Caim (a)'s side makes a free round of attacks in SUGAR " \
                          "HILL before the first round"
    assert [e.data["party"] for e in f.log.events if e.kind == "combat-roll"] == ["a", "a"]


def test_ambush_refused_after_round_1(make_state):
    """arcana.ambush: in round 2 the check drops it before it is paid or played."""
    st = two(make_state, ["arcana.ambush"], [("legion", "a", SH), ("legion", "b", SH)])
    f = fight_in(st, rnd=2)
    f.daemons["a"] = ["daemon.caim"]
    f.brought["daemon.caim"] = ["arcana.ambush"]
    assert not f.can_cast(("a", 0, {"card": "arcana.ambush", "on": "", "where": SH,
                                    "round": 2}))
    assert "may be played only in the first round" in texts(f, "combat-cast-skipped")[0]
    assert "arcana.ambush" in st.players["a"].hand


# -- Challenge Lieutenant ------------------------------------------------------------------

def lts(make_state):
    return two(make_state, ["arcana.challenge-lieutenant"], [
        ("legion", "a", SH), ("lieutenant", "a", SH, "lieutenant.tammerlane"),
        ("lieutenant", "a", SH, "lieutenant.sulla"), ("legion", "b", SH),
        ("lieutenant", "b", SH, "lieutenant.shalmaneser"),
        ("lieutenant", "b", SH, "lieutenant.alastor")])


def test_challenge_lieutenant_default(make_state):
    """arcana.challenge-lieutenant: default own lowest bonus (Sulla +1), enemy highest
    (Alastor +3); both go to the Return box (HG-16.1-03)."""
    st = lts(make_state)
    f = fight_in(st)
    play(f, "a", "daemon.caim", "arcana.challenge-lieutenant")
    assert [u.id for u in st.units_at(SH)] == ["u1", "u2", "u4", "u5"]
    assert st.lieutenant_return == ["lieutenant.sulla", "lieutenant.alastor"]
    assert texts(f) == ["Challenge Lieutenant: a perfect duel in SUGAR HILL removes a's "
                        "Lieutenant Sulla and b's Lieutenant Alastor"]
    assert [u.id for u in f.destroyed["a"]] == ["u3"]


def test_challenge_lieutenant_chosen(make_state):
    """arcana.challenge-lieutenant: ON Tammerlane AND Shalmaneser picks both."""
    st = lts(make_state)
    sheet = check_sheet(st, DATA, "a", "COMBAT CAST Challenge Lieutenant ON tammerlane AND "
                        "shalmaneser IN Sugar Hill ROUND 1")
    assert not sheet.problems
    on = orders_of(sheet, "COMBAT CAST")[0]["on"]
    assert on == "Tammerlane AND Shalmaneser"
    f = fight_in(st)
    play(f, "a", "daemon.caim", "arcana.challenge-lieutenant", on=on)
    assert st.lieutenant_return == ["lieutenant.tammerlane", "lieutenant.shalmaneser"]


def test_challenge_lieutenant_bad_name_is_an_order_error(make_state):
    st = lts(make_state)
    sheet = check_sheet(st, DATA, "a", "COMBAT CAST Challenge Lieutenant ON Nobody IN Sugar "
                        "Hill")
    assert sheet.problems and "AND" in sheet.problems[0].message


# -- Daemonic Distraction ------------------------------------------------------------------

def test_daemonic_distraction_default_and_flag(make_state):
    """arcana.daemonic-distraction: default the enemy Daemon with most Skulls (Baal 4 over
    Ukobach 2); it is out of the fight; the card cannot be countered (its flag)."""
    st = two(make_state, ["arcana.daemonic-distraction"],
             [("legion", "a", SH), ("legion", "b", SH)],
             b_daemons=("daemon.ukobach", "daemon.baal"))
    f = fight_in(st)
    f.daemons["b"] = ["daemon.ukobach", "daemon.baal"]
    play(f, "a", "daemon.caim", "arcana.daemonic-distraction")
    assert f.out == {"daemon.baal"}
    assert f.fighting("b") == ["daemon.ukobach"] and f.skulls("b") == 2
    assert texts(f) == ["Daemonic Distraction: Baal (b) is distracted and takes no part in the "
                        "battle in SUGAR HILL"]
    assert DATA.arcana["arcana.daemonic-distraction"].flags.cannot_be_countered


def test_daemonic_distraction_on_named(make_state):
    st = two(make_state, ["arcana.daemonic-distraction"],
             [("legion", "a", SH), ("legion", "b", SH)],
             b_daemons=("daemon.ukobach", "daemon.baal"))
    f = fight_in(st)
    f.daemons["b"] = ["daemon.ukobach", "daemon.baal"]
    play(f, "a", "daemon.caim", "arcana.daemonic-distraction", on="Ukobach")
    assert f.out == {"daemon.ukobach"} and f.skulls("b") == 4


# -- Entrapment ----------------------------------------------------------------------------

def test_entrapment_trapped_for_rounds_1_and_2(make_state):
    """arcana.entrapment: Ukobach (2 Stars) rolls 5 against Stars: trapped, out of rounds
    1-2 (daemon_out), back in round 3; HG-3.4-04."""
    st = two(make_state, ["arcana.entrapment"], [("legion", "a", SH), ("legion", "b", SH)])
    f = fight_in(st, [5])
    play(f, "a", "daemon.caim", "arcana.entrapment", enemy=("b", "daemon.ukobach"))
    assert f.is_out("daemon.ukobach")
    f.round = 2
    assert f.is_out("daemon.ukobach")
    f.round = 3
    assert not f.is_out("daemon.ukobach")
    assert "rolls 5 against its Stars and is trapped" in texts(f)[0]


def test_entrapment_passed(make_state):
    st = two(make_state, ["arcana.entrapment"], [("legion", "a", SH), ("legion", "b", SH)])
    f = fight_in(st, [2])
    play(f, "a", "daemon.caim", "arcana.entrapment", on="Ukobach", enemy=("b", "daemon.ukobach"))
    assert not f.is_out("daemon.ukobach") and not f.lasting
    assert "slips the trap" in texts(f)[0]


# -- True Steel ----------------------------------------------------------------------------

def test_true_steel_kills_and_costs_two_disfavours_once(make_state):
    """arcana.true-steel: Caim (4 Skulls: 6+6+6+6) beats Ukobach (2 Skulls: 1+1) and kills
    it (Daemon deck, HG-3.3-02); 2 Disfavours, the card's cost, charged once."""
    st = two(make_state, ["arcana.true-steel"], [("legion", "a", SH), ("legion", "b", SH)])
    f = fight_in(st, [6, 6, 6, 6, 1, 1])
    play(f, "a", "daemon.caim", "arcana.true-steel", enemy=("b", "daemon.ukobach"))
    assert "daemon.ukobach" not in st.daemons and st.daemon_deck[-1] == "daemon.ukobach"
    assert st.players["a"].disfavours == 2
    assert f.fighting("b") == []
    assert texts(f) == ["True Steel: Caim (a) beats Ukobach (b) in a Duel of Skulls in SUGAR "
                        "HILL and kills it"]


def test_true_steel_lost_duel(make_state):
    st = two(make_state, ["arcana.true-steel"], [("legion", "a", SH), ("legion", "b", SH)])
    f = fight_in(st, [1, 1, 1, 1, 6, 6])
    play(f, "a", "daemon.caim", "arcana.true-steel", on="Ukobach", enemy=("b", "daemon.ukobach"))
    assert "daemon.ukobach" in st.daemons and st.players["a"].disfavours == 2
    assert "loses the Duel of Skulls" in texts(f)[0]


# -- Vendetta ------------------------------------------------------------------------------

def test_vendetta_destroys_two_and_no_victory(make_state):
    """arcana.vendetta: a's free Legion u1 (not the Minder u2) and b's u4 are destroyed; at
    the end the winners are [] (no Victor's Right, 12.2)."""
    st = two(make_state, ["arcana.vendetta"], [
        ("legion", "a", SH), ("legion", "a", SH),
        {"kind": "hellhound", "owner": "a", "location": SH, "ref": "hellhound.1",
         "minder": "u2"}, ("legion", "b", SH)])
    f = fight_in(st)
    play(f, "a", "daemon.caim", "arcana.vendetta")
    assert [u.id for u in st.units_at(SH)] == ["u2", "u3"]
    result = ended(f, {"winners": ["a"], "rounds": 1, "kills": {}})
    assert result["winners"] == []
    assert texts(f) == ["Vendetta in SUGAR HILL: a's Legion u1 and b's Legion u4 are destroyed; "
                        "neither side can claim victory in this combat",
                        "Vendetta: nobody can claim victory in the combat in SUGAR HILL (a "
                        "would have won)"]


def test_vendetta_in_the_combat_phase(make_state):
    """arcana.vendetta through the Combat Phase: a's 2 Legions against b's 1: the card
    leaves 1 against 0, the combat is over at once and nobody wins it."""
    st = two(make_state, ["arcana.vendetta"], [("legion", "a", SH)] * 2 + [("legion", "b", SH)])
    run_phase(combat.run, st, DATA, {"a": "JOIN Caim IN Sugar Hill BRINGING Vendetta\n"
                                          "COMBAT CAST Vendetta IN Sugar Hill ROUND 1"},
              [6])  # a's last Legion rolls its attack in round 1
    assert st.combat_wins[SH]["winners"] == []


# -- The Bosworth Plot ---------------------------------------------------------------------

def test_bosworth_plot_stays_out_until_one_opponent(make_state):
    """arcana.the-bosworth-plot: with a, b and c in the Sectio, a is on no side; once c is
    gone a fights b again."""
    st = make_state(players={"a": {"daemons": ["daemon.caim"],
                                   "hand": ["arcana.the-bosworth-plot"]}, "b": {}, "c": {}},
                    units=[("legion", "a", SH), ("legion", "b", SH), ("legion", "c", SH)])
    f = fight_in(st, [4, 2], sides=(("a",), ("b", "c")))  # b and c roll for side 0
    f.fixed.update({"a": 0, "b": 1, "c": 1})
    play(f, "a", "daemon.caim", "arcana.the-bosworth-plot")
    assert "a" not in f.sides[0] + f.sides[1] and sorted(f.sides[0] + f.sides[1]) == ["b", "c"]
    assert all(f.sides)
    st.remove_unit("u3")
    from pbem_games.hellgame.combat import sides

    assert sorted(map(tuple, sides.assign(f, 2))) == [("a",), ("b",)]
    assert texts(f)[-1] == "The Bosworth Plot: only one opponent is left in SUGAR HILL: a " \
                           "joins the battle"


def test_bosworth_plot_needs_three_parties(make_state):
    st = two(make_state, ["arcana.the-bosworth-plot"], [("legion", "a", SH), ("legion", "b", SH)])
    f = fight_in(st)
    f.daemons["a"] = ["daemon.caim"]
    f.brought["daemon.caim"] = ["arcana.the-bosworth-plot"]
    assert not f.can_cast(("a", 0, {"card": "arcana.the-bosworth-plot", "on": "", "where": SH,
                                    "round": 1}))
    assert "only two sides" in texts(f, "combat-cast-skipped")[0]


# -- Sleep Late ----------------------------------------------------------------------------

def test_sleep_late_misses_first_combat_only(make_state):
    """arcana.sleep-late: the mark makes b's Ukobach miss the first combat it could join
    (its default IP-38 join), then it may join the next; the mark is then gone."""
    st = two(make_state, [], [("legion", "a", SH), ("legion", "b", SH),
                              ("legion", "a", THIEVES), ("legion", "b", THIEVES)],
             marks={"arcana.sleep-late": ["daemon.ukobach"]})
    f = fight_in(st)
    join(f, ["b"])
    assert f.daemons == {} and "arcana.sleep-late" not in st.marks
    assert texts(f, "sleep-late") == ["Ukobach (b) sleeps late and misses the combat in SUGAR "
                                      "HILL (Sleep Late)"]
    f2 = Fight(st, DATA, Dice(), Log(), {}, THIEVES, f.joined)
    join(f2, ["b"])
    assert f2.daemons == {"b": ["daemon.ukobach"]}


def test_sleep_late_cast_sets_the_mark(make_state):
    """arcana.sleep-late, cast in the Action Phase ON an enemy Daemon; own Daemon refused."""
    from pbem_games.hellgame import action

    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.sleep-late"]},
                             "b": {"daemons": ["daemon.ukobach"]}, "c": {}})
    bad = check_sheet(st, DATA, "a", "Caim: CAST Sleep Late ON Caim")
    assert bad.problems and "your own Daemon" in bad.problems[0].message
    log = run_phase(action.run, st, DATA, {"a": "Caim: CAST Sleep Late ON Ukobach"},
                    script=[])
    assert st.marks["arcana.sleep-late"] == ["daemon.ukobach"]
    assert any(e.text == "Sleep Late: Ukobach (b) will miss its first combat this turn"
               for e in log.events)


def test_sleep_late_countered(make_state):
    """arcana.sleep-late cancelled by It Did Not Work (HG-9.8.2-01): no mark."""
    from pbem_games.hellgame import action

    st = make_state(players={"a": {"daemons": ["daemon.caim"], "hand": ["arcana.sleep-late"]},
                             "b": {"daemons": ["daemon.xaphan"],
                                   "hand": ["arcana.it-did-not-work"]}, "c": {}})
    log = run_phase(action.run, st, DATA, orders={
        "a": "Caim: CAST Sleep Late ON Xaphan\n",
        "b": "COUNTER Sleep Late WITH It Did Not Work USING Xaphan\n"})
    assert any(e.text == "Sleep Late of Caim (a) does not work" for e in log.events)
    assert "arcana.sleep-late" not in st.marks


def test_sleep_late_mark_lapses_with_the_combat_phase(make_state):
    """arcana.sleep-late: a Daemon with no combat this turn keeps nothing for the next."""
    st = two(make_state, [], [("legion", "a", SH)], marks={"arcana.sleep-late": ["daemon.ukobach"]})
    run_phase(combat.run, st, DATA)
    assert "arcana.sleep-late" not in st.marks
