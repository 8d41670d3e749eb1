"""The combat halves of "Action or Combat" Major Arcana (action/spells_combat_halves.py):
Incubus, Sucubus and Defection played with COMBAT CAST."""

from __future__ import annotations

from phase_runner import run_phase
from spells_kit import SH, acts

from pbem_games.hellgame import combat
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.orders import check_sheet

DATA = load_data()


# -- in combat: Incubus, Sucubus, Defection --------------------------------------------------

def _battle(make_state, a_daemon, b_daemon, card, b_units):
    units = [("legion", "a", SH)] * 2 + b_units
    return make_state(players={"a": {"daemons": [a_daemon], "hand": [card], "favours": 1},
                               "b": {"daemons": [b_daemon]}, "c": {}}, units=units)


def test_sucubus_in_combat_takes_the_enemy_daemon_out(make_state):
    """arcana.sucubus in combat (HG-11.2.1-01): Caim (4 Stars) on Baal (male, 2 Stars),
    who joined for b: Incapacitated and out of the fight, so b's Legion saves without a
    Daemon (on a 1) and its 3 fails."""
    st = _battle(make_state, "daemon.caim", "daemon.baal", "arcana.sucubus",
                 [("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN Caim IN Sugar Hill BRINGING Sucubus\n"
             "COMBAT CAST Sucubus ON Baal IN Sugar Hill ROUND 1\n",
        "b": "JOIN Baal IN Sugar Hill\n"}, script=[6, 6, 1, 3])
    assert ("combat-incapacitated", "A Succubus visits Baal (b) in SUGAR HILL: it succumbs "
            "to untold pleasures, is Incapacitated and out of the fight, and the cards it "
            "brought stay unplayed") in acts(log)
    assert ("combat-save", "b's legion u3 takes 2 hits, rolls 3: destroyed") in acts(log)
    assert st.daemons["daemon.baal"].incapacitated
    assert "arcana.sucubus" not in st.players["a"].hand


def test_sucubus_in_combat_wasted_on_a_female_daemon(make_state):
    """arcana.sucubus in combat ON a Daemon it cannot take: spent for nothing."""
    st = _battle(make_state, "daemon.caim", "daemon.ashtaroth", "arcana.sucubus",
                 [("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN Caim IN Sugar Hill BRINGING Sucubus\n"
             "COMBAT CAST Sucubus ON Ashtaroth IN Sugar Hill ROUND 1\n",
        "b": "JOIN Ashtaroth IN Sugar Hill\n"}, script=[6, 6, 1, 3])
    assert ("combat-card-wasted", "Sucubus has no effect in SUGAR HILL: Ashtaroth is not "
                                  "male here") in acts(log)
    assert not st.daemons["daemon.ashtaroth"].incapacitated
    assert st.players["a"].hand == []


def test_incubus_in_combat_default_target(make_state):
    """arcana.incubus in combat without ON: the enemy female Daemon with no more Stars
    than Baal (2) in the fight, Ashtaroth, is Incapacitated and out."""
    st = _battle(make_state, "daemon.baal", "daemon.ashtaroth", "arcana.incubus",
                 [("legion", "b", SH)])
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN Baal IN Sugar Hill BRINGING Incubus\nCOMBAT CAST Incubus IN Sugar Hill\n",
        "b": "JOIN Ashtaroth IN Sugar Hill\n"}, script=[3, 6, 3, 5, 6, 2, 5])
    assert ("combat-incapacitated", "Incubi visit Ashtaroth (b) in SUGAR HILL: it succumbs "
            "to untold pleasures, is Incapacitated and out of the fight, and the cards it "
            "brought stay unplayed") in acts(log)
    assert st.daemons["daemon.ashtaroth"].incapacitated


def test_combat_cast_incubus_on_reads_a_daemon(make_state):
    """arcana.incubus: COMBAT CAST ... ON reads a Daemon's name (canonical form)."""
    st = _battle(make_state, "daemon.baal", "daemon.ashtaroth", "arcana.incubus", [])
    sheet = check_sheet(st, DATA, "a", "COMBAT CAST incubus ON ashtaroth IN Sugar Hill\n"
                                       "COMBAT CAST Incubus ON Nobody IN Sugar Hill\n")
    assert sheet.lines[0].canonical == "COMBAT CAST Incubus ON Ashtaroth IN SUGAR HILL"
    assert len(sheet.problems) == 1 and "Nobody" in sheet.problems[0].message


def test_defection_in_combat_turns_a_lieutenant_and_his_legions(make_state):
    """arcana.defection in combat: Lieutenant Sulla (Leadership 3) and b's 3 Legions go
    over to a and attack for a in the same round (with Sulla's +1); b has nothing left."""
    st = _battle(make_state, "daemon.baal", "daemon.ashtaroth", "arcana.defection",
                 [("legion", "b", SH)] * 3 + [("lieutenant", "b", SH, "lieutenant.sulla")])
    log = run_phase(combat.run, st, DATA, {
        "a": "JOIN Baal IN Sugar Hill BRINGING Defection\n"
             "COMBAT CAST Defection ON Sulla IN Sugar Hill\n",
        "b": "JOIN Ashtaroth IN Sugar Hill\n"}, script=[3, 6, 3, 5, 6, 2, 5])
    assert ("combat-defection", "Lieutenant Sulla of b goes over to a in SUGAR HILL with 3 "
                                "Legions; they fight on the caster's side") in acts(log)
    assert all(u.owner == "a" for u in st.units)
    assert st.players["a"].favours == 0
