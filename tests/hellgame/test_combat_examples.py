"""The rulebook's combat examples with every die as printed: "The Battle for Sugar Hill"
(11.2, both rounds), "Fleeing" (11.2.4) and "Assigning Sides" (16.5)."""

from __future__ import annotations

from phase_runner import run_phase

from pbem_games.hellgame import combat
from pbem_games.hellgame.combat import sides
from pbem_games.hellgame.combat.fight import Fight
from pbem_games.hellgame.data import load_data

SH = "sectio.sugar-hill"
DATA = load_data()


def sugar_hill(make_state):
    # Mu: Legions A, B, C (u1-u3), D (u4) minding the Hellhound "3" (u5).
    # Beast: Legions 1, 2, 3 (u6-u8) and Verin (u9).
    units = [("legion", "mu", SH)] * 4 + [
        {"kind": "hellhound", "owner": "mu", "location": SH, "ref": "hellhound.1",
         "minder": "u4"}] + [("legion", "beast", SH)] * 3 + [
        ("lieutenant", "beast", SH, "lieutenant.verin")]
    return make_state(
        players={"mu": {"daemons": ["daemon.caim"],
                        "hand": ["arcana.frenzy", "arcana.ambush", "arcana.berserk-rage"]},
                 "beast": {"daemons": ["daemon.ukobach"],
                           "hand": ["arcana.daemonic-distraction", "arcana.blitzkrieg"]},
                 "void": {}},
        units=units)


MU = """JOIN Caim IN Sugar Hill BRINGING Frenzy, Ambush, Berserk Rage
COMBAT MAGIC FIRST
COMBAT CAST Frenzy IN Sugar Hill ROUND 1
HITS LEGIONS, HOUNDS, MINDERS, LIEUTENANTS
COMBAT FLEE FROM Sugar Hill IF OUTNUMBERED
"""
BEAST = """JOIN Ukobach IN Sugar Hill BRINGING Daemonic Distraction, Blitzkrieg
COMBAT CAST Daemonic Distraction ON Caim IN Sugar Hill ROUND 1
"""

SUGAR_HILL_DICE = [
    # round 1 attacks: Mu's Hellhound 3, 2, 6; Legions A, B, C 5, 4, 6 (all +2 Frenzy)
    3, 2, 6, 5, 4, 6,
    # the Beast's Legions 1, 2, 3: 2, 4, 5 (+2 Verin)
    2, 4, 5,
    # saves: the Beast (Ukobach's 2 Skulls; Verin on 4 or less): 2, 1, 4, 3
    2, 1, 4, 3,
    # Mu (no Daemon: Caim is distracted) saves Legions A and B on a 1: 3, 5
    3, 5,
    # round 2: Hellhound 5, 4, 1 and Legion C 6; the Beast's Legions 1, 2: 4, 6 (+2 Verin)
    5, 4, 1, 6, 4, 6,
    # saves: the Beast's Legion 1 rolls 1; Mu's Legion C 3, the Hellhound 6
    1, 3, 6,
    # not in the book: "things look grim", so Mu's last Legion flees, rolling 1 (THIEVES)
    1,
]


def test_hg_11_2_example_the_battle_for_sugar_hill(make_state):
    st = sugar_hill(make_state)
    log = run_phase(combat.run, st, DATA, {"mu": MU, "beast": BEAST}, SUGAR_HILL_DICE)
    kinds = [e.kind for e in log.events]
    assert kinds.count("combat-join") == 2
    casts = [e.text for e in log.events if e.kind == "combat-cast"]
    assert casts == ["Caim (mu) plays Frenzy in SUGAR HILL",
                     "Ukobach (beast) plays Daemonic Distraction in SUGAR HILL"]
    rolls = [(e.data["unit"], e.data["faces"], e.data["bonus"], e.data["hits"])
             for e in log.events if e.kind == "combat-roll"]
    assert rolls == [("u5", [3, 2, 6], 2, 1), ("u1", [5], 2, 1), ("u2", [4], 2, 1),
                     ("u3", [6], 2, 1), ("u6", [2], 2, 0), ("u7", [4], 2, 1), ("u8", [5], 2, 1),
                     ("u5", [5, 4, 1], 0, 0), ("u3", [6], 0, 1), ("u6", [4], 2, 1),
                     ("u7", [6], 2, 1)]
    saves = [(e.data["unit"], e.data["faces"], e.data["saved"])
             for e in log.events if e.kind == "combat-save"]
    assert saves == [("u6", [2], True), ("u7", [1], True), ("u8", [4], False),
                     ("u9", [3], True), ("u1", [3], False), ("u2", [5], False),
                     ("u6", [1], True), ("u3", [3], False), ("u5", [6], False)]
    assert [u.id for u in st.units_at(SH)] == ["u6", "u7", "u9"]
    assert st.unit("u4").location == "sectio.thieves"
    assert st.combat_wins == {SH: {"winners": ["beast"], "rounds": 2}}
    assert "arcana.frenzy" not in st.players["mu"].hand  # played, to the deck's bottom
    assert st.arcana_deck[-2:] == ["arcana.frenzy", "arcana.daemonic-distraction"]
    assert st.players["mu"].hand == ["arcana.ambush", "arcana.berserk-rage"]


def test_hg_11_2_4_example_fleeing(make_state):
    """Mu's three Legions in ADDICTION flee (1, 4, 5); the one reaching SEA OF LARD, where
    a rampaging hound is, must flee again and rolls 5: it fights the hound later."""
    add, lard = "sectio.addiction", "sectio.sea-of-lard"
    st = make_state(players={"mu": {}, "beast": {}, "void": {}},
                    units=[("legion", "mu", add)] * 3 + [("legion", "beast", add),
                                                          ("hellhound", None, lard, "hellhound.1")])
    dice = [1, 1, 1, 1,  # round 1: no hits
            1, 4, 5, 5,  # the flights, and the flight on from SEA OF LARD
            1, 6, 2,     # round 2 in ADDICTION: the Beast hits, Mu saves on 1 only: 2
            1, 6, 1, 1, 2]  # SEA OF LARD: Mu's Legion 1, the hound 6, 1, 1; save 2
    log = run_phase(combat.run, st, DATA, {"mu": "COMBAT FLEE FROM Addiction"}, dice)
    flights = [e.text for e in log.events if e.kind.startswith("flight")]
    assert flights[0] == "mu's 1 Legion in ADDICTION rolls 1 and flees to EXPLOITERS OF LAND " \
                         "AND SEA"
    assert flights[1] == "mu's 1 Legion in ADDICTION rolls 4 and flees to SEA OF LARD"
    assert "must flee again" in flights[2]
    assert flights[3].startswith("mu's 1 Legion in SEA OF LARD rolls 5")
    assert [e.data["sectio"] for e in log.events if e.kind == "combat"] == [add, lard]
    assert st.combat_wins == {add: {"winners": ["beast"], "rounds": 2},
                              lard: {"winners": [], "rounds": 1}}
    assert [u.kind for u in st.units_at(lard)] == ["hellhound"]


def test_hg_16_5_example_assigning_sides(make_state):
    """Key (4 Units) names the Devourer (3); Void (1) joins Key; the hound rolls 4: it
    helps the Devourer this round."""
    org = "sectio.orgastica"
    st = make_state(players={"key": {}, "devourer": {}, "void": {}},
                    units=[("legion", "key", org)] * 4 + [("legion", "devourer", org)] * 3
                    + [("legion", "void", org), ("hellhound", None, org, "hellhound.2")])
    from pbem.dice import Dice
    from pbem_games.hellgame.log import Log
    from pbem_games.hellgame.orders import check_sheet

    sheets = {"key": None, "devourer": None,
              "void": check_sheet(st, DATA, "void", "FIGHT devourer")}
    f = Fight(st, DATA, Dice(script=[4]), Log(), sheets, org, set())
    assert sides.assign(f, 1) == [["key", "void"], ["devourer", "hound:u9"]]
    f.dice.finish()
